package main

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Bad input gives clear errors, never a panic, and every game is counted.
func TestCheckBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good, err := os.ReadFile(td + "draughts/championnat-de-france-2021.pdn")
	if err != nil {
		t.Fatal(err)
	}
	garbage := make([]byte, 64<<10)
	rand.New(rand.NewSource(1)).Read(garbage)
	nested := "[Event \"deep\"]\n1. 32-28 " + strings.Repeat("(1. 33-28 ", 10000) + strings.Repeat(")", 10000) + " 19-23 *\n"

	tests := []struct {
		name string
		data []byte
		code int
	}{
		{"truncated.pdn", good[:len(good)/2], 1},
		{"garbage.bin", garbage, 1},
		{"nested.pdn", []byte(nested), 0},
		{"empty.pdn", nil, 2}, // no game at all: a CI run must not pass
		{"only-tags.pdn", []byte("[Event \"x\"]\n[Result \"2-0\"]\n"), 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := arbiter(t, "", "check", "--no-board", write(tc.name, tc.data))
			if code != tc.code {
				t.Errorf("exit code %d, want %d\n%s%s", code, tc.code, out, errOut)
			}
			if tc.name == "empty.pdn" {
				if !strings.Contains(errOut, "no game in this file") || !strings.Contains(errOut, "no games found in 1 input") {
					t.Errorf("empty file: stderr %q", errOut)
				}
				return
			}
			if !summaryLine.MatchString(errOut) {
				t.Errorf("no summary: %q", errOut)
			}
			if tc.name == "garbage.bin" && !strings.Contains(out, "error") {
				t.Errorf("garbage gave no error:\n%.500s", out)
			}
		})
	}
}

// A 100 MB line is reported and skipped in bounded memory, and the games
// around it are still checked.
func TestCheckHugeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 100 MB")
	}
	p := filepath.Join(t.TempDir(), "huge.pdn")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("[Event \"before\"]\n1. 32-28 19-23 *\n\n[Event \"huge\"]\n1. 32-28 {")
	chunk := bytes.Repeat([]byte("x"), 1<<20)
	for i := 0; i < 100; i++ {
		f.Write(chunk)
	}
	f.WriteString("} 19-23 *\n\n[Event \"after\"]\n1. 32-28 19-23 *\n")
	f.Close()
	out, errOut, code := arbiter(t, "", "check", "--no-board", p)
	if code != 1 || !strings.HasPrefix(errOut, "3 games: 2 valid, 1 with errors") {
		t.Errorf("exit %d, summary %q\n%.1000s", code, errOut, out)
	}
	if !strings.Contains(out, "longer than") {
		t.Errorf("the huge game is not reported as too long:\n%.1000s", out)
	}
}
