package halma

import (
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

// TestThiefFourDirections: RULES.md section 6's thief_directions parameter
// at 4 ([up, down, left, right]) keeps the thief off the diagonals, where
// the default 8 lets him step (the 8-direction case is in TestHalmaRules).
func TestThiefFourDirections(t *testing.T) {
	v, err := variants.Parse("thief-4.yaml", []byte(`name: thief-4
extends: gendarmes-en-voleur
halma:
  players:
    - {colour: Gendarmes, team: 0, camp: {corner: a1, rows: [2, 2]}, target: {squares: [h8]},
       steps: [up, left, right], jumps: false, goal: all_in_target, blocked: lose}
    - {colour: Thief, team: 0, camp: {squares: [h8]}, target: {squares: [a1, b1, c1, d1, e1, f1, g1, h1]},
       steps: [up, down, left, right], jumps: false, goal: any_in_target, blocked: lose}
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ moves, want string }{
		{"1. b2-c2 h8-h7 2. c2-d2 h7-g7", ""},
		{"1. b2-c2 h8-g7", "direction"},
	} {
		text := halmaRecord("twee-in-een", "thief-4", tt.moves, "*")
		g, err := pdn.NewSplitter(strings.NewReader(text), pdn.Options{}).Next()
		if err != nil {
			t.Fatal(err)
		}
		rep := referee.Check(referee.ParseGame(g, "t.pdn"), referee.Options{Variant: v})
		got := ""
		for _, d := range rep.Diagnostics {
			if d.Severity == notation.Error {
				got = d.Code
				break
			}
		}
		if got != tt.want {
			t.Errorf("%s: first error %q, want %q; all: %s", tt.moves, got, tt.want, halmaCodes(rep))
		}
	}
}
