package referee

import (
	"bytes"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The international tournament corpus replays with exactly the findings
// below: each a genuine fault of the record, looked at by hand. A new error
// is either a new bug in arbiter or a finding to add here after checking it.
func TestInternationalCorpusFindings(t *testing.T) {
	files := readCorpus(t, "draughts/international-tournaments")
	want := []string{
		"BrunoVsScan31.pdn game 11: illegal move 32 17-11: no piece on 17",
		"World Title Match Women 2024.pdn game 2: illegal move 1 5-10: 10 is occupied",
	}
	var got []string
	games := 0
	for name, data := range files {
		err := CheckStream(bytes.NewReader(data), name, StreamOptions{}, func(r *Report) error {
			games++
			for _, d := range r.Diagnostics {
				if d.Severity.String() == "error" {
					got = append(got, fmt.Sprintf("%s game %d: %s %s %d %s: %s", filepath.Base(name), r.Game, d.Code, "move", d.MoveNumber, d.Move, d.Msg))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Strings(got)
	if games != 774 {
		t.Errorf("%d games, want 774", games)
	}
	if len(got) != len(want) {
		t.Fatalf("errors:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("error %d = %q, want %q", i, got[i], want[i])
		}
	}
}
