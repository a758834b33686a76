package main

import (
	"errors"
	"strings"
	"testing"
)

// failingWriter fails every write, as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// Every command exits 2 with a message when its output cannot be written.
func TestEveryCommandReportsWriteErrors(t *testing.T) {
	for _, args := range [][]string{
		{"perft", "--depth", "2"},
		{"perft", "--depth", "2", "--divide"},
		{"variants"},
		{"variants", "show", "international"},
		{"check", td + "draughts/championnat-de-france-2021.pdn"},
		{"check", "--format", "json", td + "draughts/championnat-de-france-2021.pdn"},
		{"convert", td + "draughts/avignon-2014-game39.pdn"},
		{"convert", "--to", "json", td + "draughts/avignon-2014-game39.pdn"},
		{"fix", td + "draughts/tinsley-petal-1981-game18.pdn"},
		{"simulate", "--variant", "mens-erger-je-niet"},
		{"--help"},
	} {
		var e strings.Builder
		code := run(append([]string{"arbiter"}, args...), strings.NewReader(""), failingWriter{}, &e)
		if code != exitUsage || !strings.Contains(e.String(), "no space left on device") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and the write error", args, code, e.String())
		}
	}
}
