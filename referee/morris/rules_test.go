package morris

import (
	"strings"
	"testing"
)

func mustFEN(t *testing.T, s string) Position {
	t.Helper()
	p, err := ParseFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func moves(r *Rules, p Position) string {
	var out []string
	for _, m := range r.Legal(&p, nil) {
		out = append(out, m.String())
	}
	return strings.Join(out, " ")
}

// TestParameters: each engine parameter changes the moves as documented.
func TestParameters(t *testing.T) {
	// White to place on d7 closes a7-d7-g7 and d5-d6-d7 at once; Black
	// has a mill (b4 c4 a4) and one loose piece (e4).
	double := mustFEN(t, "W-W/-W-/-W-/BBBB--/---/---/--- w 3 3")
	for _, c := range []struct {
		name string
		r    Rules
		want string // the moves that place on d7
	}{
		{"one removal, mills protected", Rules{Pieces: 9}, "d7xe4"},
		{"remove_from_mill always", Rules{Pieces: 9, RemoveFromMillAlways: true}, "d7xa4 d7xb4 d7xc4 d7xe4"},
		{"per_mill: two removals", Rules{Pieces: 9, RemovePerMill: true}, "d7xa4xe4 d7xb4xe4 d7xc4xe4"},
	} {
		if err := c.r.Init(); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range c.r.Legal(&double, nil) {
			if m.To == int8(ParsePoint("d7")) {
				got = append(got, m.String())
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: %v, want %s", c.name, got, c.want)
		}
	}

	lasker := Rules{Pieces: 10, MovingDuringPlacement: true}
	lasker.Init()
	p := mustFEN(t, "W--/---/---/------/---/---/--B w 9 9")
	if got := moves(&lasker, p); !strings.Contains(got, "a7-d7") || !strings.Contains(got, "a7-a4") || strings.Count(got, " ")+1 != 22+2 {
		t.Errorf("lasker: %s", got)
	}

	// Black (four pieces) is blocked.
	blocked := mustFEN(t, "B-B/---/---/W-----/---/---/B-B b 0 0")
	blocked.Board[White] |= bit(ParsePoint("d7")) | bit(ParsePoint("d1")) | bit(ParsePoint("g4"))
	for _, pass := range []bool{false, true} {
		r := Rules{Pieces: 9, Flying: true, FlyAt: 3, BlockedPass: pass}
		r.Init()
		legal := r.Legal(&blocked, nil)
		over, why, winner, _ := r.Over(&blocked, legal)
		if len(legal) != 0 || over == pass || (!pass && (winner != White || why != "black cannot move")) {
			t.Errorf("pass %v: %d legal, over %v %q", pass, len(legal), over, why)
		}
	}

	twelve := Rules{Pieces: 12, Diagonals: true}
	twelve.Init()
	if !twelve.Adjacent(ParsePoint("a1"), ParsePoint("b2")) || len(twelve.mills) != 20 {
		t.Error("twelve men's morris: diagonals")
	}
	nine := Rules{Pieces: 9}
	nine.Init()
	if nine.Adjacent(ParsePoint("a1"), ParsePoint("b2")) || len(nine.mills) != 16 {
		t.Error("nine men's morris: no diagonals")
	}
	for pt := 0; pt < NumPoints; pt++ {
		if n := len(nine.at[pt]); n != 2 {
			t.Errorf("%s is on %d mills", Name(pt), n)
		}
	}
}
