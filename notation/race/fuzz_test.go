package race

import (
	"errors"
	"io"
	"strings"
	"testing"

	"arbiter/notation/pdn"
)

// textLines is the most lines s can be read as: a line feed ends one,
// and so does a lone CR (a file of CR-only lines, as classic Mac OS wrote
// them, is read so).
func textLines(s string) int {
	return strings.Count(s, "\n") + strings.Count(s, "\r") - strings.Count(s, "\r\n") + 1
}

// FuzzThrows: the race notation's reader never panics on any text, every
// move and diagnostic keeps a position inside the text, and ParseMove
// reads what its String writes the same way.
func FuzzThrows(f *testing.F) {
	for _, s := range []string{
		"[Game \"ludo\"]\n[Red \"Anna\"]\n\n1. R 6: B/1 6: 1/7 3: 7/10x  B 4: -\n2. Anna 4+5: 0/26 {c}  Bram 3+3: 0/6>12 (pays 10) *\n",
		"[Game \"goose\"]\n1. 5+4: 0/9>53 (pays 2) 6+3: 0/26>53 -- 1-0",
		"1. R 6: B/1 (x {unclosed\n[Game \"horse\"]\n1. 7: -",
		"1. 99999999999: 1/2 R : / B 0: 0/0x0x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := textLines(s)
		sp := pdn.NewSplitter(strings.NewReader(s), pdn.Options{MaxGameBytes: 1 << 16})
		for {
			g, err := sp.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return // not text: one error, nothing to parse
			}
			rec := Parse(g, "f")
			for _, m := range rec.Moves {
				if m.Pos.Line < 1 || m.Pos.Line > lines || m.Pos.Col < 1 {
					t.Fatalf("move %q at %v", m.Text, m.Pos)
				}
				mt, err := ParseMove(m.Text)
				if err != nil {
					continue
				}
				again, err := ParseMove(mt.String())
				if err != nil || again.String() != mt.String() {
					t.Fatalf("move %q written %q reads back as %q (%v)", m.Text, mt.String(), again.String(), err)
				}
			}
			for _, d := range rec.Diagnostics {
				if !d.Pos.IsValid() || d.Code == "" {
					t.Fatalf("diagnostic without a place or code: %+v", d)
				}
			}
		}
		ParseMove(s)
	})
}
