package morris_test

import (
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/referee"
)

// TestMoveToAdjacentPoint: "Phase 2 moving: ... a move slides one piece
// along a line to an adjacent empty point" (RULES.md 2, seed 001). a7-a1
// runs along the line a7-a4-a1, so the message says the point is not
// adjacent, not that there is no line.
func TestMoveToAdjacentPoint(t *testing.T) {
	const fen = "W--/BW-/--B/--W---/--W/--B/--B w 0 0" // white a7 d6 c4 e3, black b6 e5 f2 g1
	for _, c := range []struct{ moves, want string }{
		{"1. a7-a1", "a7-a1 is not to an adjacent point (a7's neighbours are d7, a4): white has 4 pieces and may fly only with 3"},
		{"1. a7-a4", ""},
		{"1. 1-22", "1-22 is not to an adjacent point (1's neighbours are 2, 10)"},
	} {
		text := "[Game \"morris\"]\n[Variant \"nine-mens-morris\"]\n[FEN \"" + fen + "\"]\n\n" + c.moves + " *\n"
		var reps []*referee.Report
		if err := referee.CheckStream(strings.NewReader(text), "t.pgn", referee.StreamOptions{Jobs: 1}, func(r *referee.Report) error {
			reps = append(reps, r)
			return nil
		}); err != nil || len(reps) != 1 {
			t.Fatalf("%v, %d games", err, len(reps))
		}
		got := ""
		for _, d := range reps[0].Diagnostics {
			if d.Severity == notation.Error {
				got = d.Code + ": " + d.Msg
				break
			}
		}
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, "illegal: "+c.want) {
			t.Errorf("%s: %q, want %q", c.moves, got, c.want)
		}
	}
}
