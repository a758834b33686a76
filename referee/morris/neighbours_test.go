package morris

import (
	"slices"
	"testing"
)

// TestNeighbours: "a move slides one piece along a line to an adjacent
// empty point" (RULES.md 2): a7 and a1 are on one line (a7-a4-a1) but not
// neighbours; a7's neighbours are d7 and a4.
func TestNeighbours(t *testing.T) {
	nine := Rules{Pieces: 9}
	if err := nine.Init(); err != nil {
		t.Fatal(err)
	}
	names := func(ps []int) []string {
		var out []string
		for _, p := range ps {
			out = append(out, Name(p))
		}
		return out
	}
	for _, c := range []struct {
		p    string
		want []string
	}{
		{"a7", []string{"d7", "a4"}},
		{"d6", []string{"d7", "b6", "f6", "d5"}},
		{"a1", []string{"a4", "d1"}},
	} {
		if got := names(nine.Neighbours(ParsePoint(c.p))); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.p, got, c.want)
		}
	}
	if nine.Adjacent(ParsePoint("a7"), ParsePoint("a1")) {
		t.Error("a7 and a1 are one line apart, not neighbours")
	}
}
