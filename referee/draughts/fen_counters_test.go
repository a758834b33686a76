package draughts

import (
	"errors"
	"testing"
)

// The largest online platform appends ":H<half-moves>:F<full move>" to its
// FENs (RULES.md section 8): read, kept apart from the position.
func TestParseFENCounters(t *testing.T) {
	r := International()
	for _, c := range []struct {
		in       string
		fen      string
		half, fm int
	}{
		{"W:W31-50:B1-20:H0:F1", "W:W31-50:B1-20", 0, 1},
		{"B:W27,28,K45:B12,13,17:H4:F31", "B:W27,28,K45:B12,13,17", 4, 31},
		{"W:W31-50:B1-20:F12:H3", "W:W31-50:B1-20", 3, 12},
		{"W:W31-50:H7:B1-20", "W:W31-50:B1-20", 7, -1},
		{`"W:W31-50:B1-20:H0:F1."`, "W:W31-50:B1-20", 0, 1},
		{"W:W31-50:B1-20", "W:W31-50:B1-20", -1, -1},
		{"W:W31-50:B1-20 : H 2 : F 9", "W:W31-50:B1-20", 2, 9},
	} {
		p, cnt, err := r.ParseFENCounters(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		want, _ := r.ParseFEN(c.fen)
		if r.FEN(p) != r.FEN(want) || cnt.HalfMoves != c.half || cnt.FullMove != c.fm {
			t.Errorf("%q: %s H%d F%d, want %s H%d F%d", c.in, r.FEN(p), cnt.HalfMoves, cnt.FullMove, r.FEN(want), c.half, c.fm)
		}
		// ParseFEN reads the same position.
		if q, err := r.ParseFEN(c.in); err != nil || q != p {
			t.Errorf("ParseFEN(%q): %v", c.in, err)
		}
	}
	for _, in := range []string{
		"W:W31-50:B1-20:H0:H1",     // twice
		"W:W31-50:B1-20:F",         // no number
		"W:W31-50:B1-20:Hx",        // not a number
		"W:W31-50:B1-20:H12345678", // too long
	} {
		var fe *FENError
		if _, _, err := r.ParseFENCounters(in); !errors.As(err, &fe) {
			t.Errorf("%q: error %v, want a *FENError", in, err)
		}
	}
}
