package referee_test

import (
	"testing"

	"arbiter/referee"
)

// A legal move of fewer than two squares (a morris placement, "10"; a
// move with no square) is compared with a written one of two or more
// without looking past its end: FuzzCheck found "10x10" against "10"
// reported as an internal error.
func TestLikenessOfShortLegalMoves(t *testing.T) {
	for _, c := range []struct {
		written, legal string
		cost           int
	}{
		{"10x10", "10", referee.CostOther},
		{"10-10-10", "10", referee.CostOther},
		{"10x11", "", referee.CostOther},
		{"32-28", "32-28", referee.CostTransposed},
	} {
		if cost, _ := referee.Likeness(c.written, c.legal, nil); cost != c.cost {
			t.Errorf("Likeness(%q, %q) = %d, want %d", c.written, c.legal, cost, c.cost)
		}
	}
}
