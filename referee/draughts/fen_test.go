package draughts

import (
	"errors"
	"testing"
)

func TestParseFEN(t *testing.T) {
	r := International()
	start := "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
	for _, c := range []struct{ in, want string }{
		{"W:W31-50:B1-20", start},
		{"W:B1-20:W31-50", start},
		{"W:W31-50:B1-20.", start},
		{"  W : W 31 - 50 : B 1 - 20 . ", start},
		{"W:W31-40,41-50:B1-10,11,12-20", start},
		{"B:W31-50,K3:B1-2,4-20", "B:WK3,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"},
		{"W:WK31-50:BK1-20", "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20"},
		{"W:Wa1,c1,Ke5:Bb10,Kj10", "W:WK28,46,47:B1,K5"},
		{"w:wa1:b", "W:W46:B"},
		{"B", "B:W:B"},
		{"W:W:B", "W:W:B"},
		{`"W:W31-50:B1-20"`, start},
		{` " W:W31-50:B1-20. " `, start},
		{`"B"`, "B:W:B"},
		{"B:W10:B41", "B:W10:B41"},
	} {
		p, err := r.ParseFEN(c.in)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", c.in, err)
			continue
		}
		want := c.want
		if got := r.FEN(p); got != want {
			t.Errorf("FEN(ParseFEN(%q)) = %q, want %q", c.in, got, want)
		}
	}
	p, _ := r.StartPosition("")
	if r.FEN(p) != start {
		t.Errorf("Initial: %s", r.FEN(p))
	}
	if p.At(3) != BlackMan || p.At(33) != WhiteMan || p.At(25) != Empty || p.At(0) != Empty || p.At(51) != Empty {
		t.Error("At")
	}
	q, _ := r.ParseFEN("B:WK3:B50")
	if q.At(3) != WhiteKing || q.At(50) != BlackMan || q.Turn() != Black {
		t.Error("kings")
	}
}

func TestParseFENErrors(t *testing.T) {
	r := International()
	for _, c := range []struct {
		in  string
		col int
	}{
		{"", 1},
		{"X:W1", 1},
		{"W:W0", 4},
		{"W:W51", 4},
		{"W:W1,1", 6},
		{"W:W1:B1", 7},
		{"W:W5-3", 4},
		{"W:W1:W2", 6},
		{"W:Wa2", 4},
		{"W:W1;", 5},
		{"W:W1,", 6},
		{"W:W1.x", 6},
		{"W:X1", 3},
		{"W:W12345", 4},
		{"W:WK", 5},
		{"W:W1-", 6},
		{"W:W1-60", 6},
		{`"W:W1`, 6},
		{`"W:W1"x`, 7},
		{`W:W1"`, 5},
		{`"W:W1."x"`, 8},
	} {
		_, err := r.ParseFEN(c.in)
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("ParseFEN(%q) = %v, want a *FENError", c.in, err)
			continue
		}
		if fe.Col != c.col {
			t.Errorf("ParseFEN(%q): column %d, want %d (%v)", c.in, fe.Col, c.col, err)
		}
	}
}

func TestFENRoundTripAfterMoves(t *testing.T) {
	r := International()
	p := r.Initial()
	for i := 0; i < 60; i++ {
		moves := r.LegalMoves(&p, false, nil)
		if len(moves) == 0 {
			break
		}
		p = r.Play(p, moves[(i*7)%len(moves)])
		q, err := r.ParseFEN(r.FEN(p))
		if err != nil || q != p {
			t.Fatalf("round trip of %s: %v", r.FEN(p), err)
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		"W:W31-50:B1-20", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
		"W:WK31-50:BK1-20", "W:Wa1,c1:Bb10.", " w : w 1 - 3 ", "W:W1:B1", "B:W:B", "W:W5-3",
		"W:W31-50:B1-20:H0:F1", "B:H12:W31:F40:B1", "W:W31:B1:H:F",
	} {
		f.Add(s)
	}
	r := International()
	f.Fuzz(func(t *testing.T, s string) {
		p, err := r.ParseFEN(s)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) || fe.Col < 1 || fe.Col > len(s)+1 {
				t.Fatalf("ParseFEN(%q): bad error %v", s, err)
			}
			return
		}
		out := r.FEN(p)
		q, err := r.ParseFEN(out)
		if err != nil || q != p || r.FEN(q) != out {
			t.Fatalf("round trip %q -> %q: %v", s, out, err)
		}
		// The engine must cope with any accepted position.
		r.LegalMoves(&p, false, nil)
		r.Perft(p, 2, true)
	})
}
