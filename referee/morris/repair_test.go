package morris

import (
	"os"
	"strings"
	"testing"

	"arbiter/notation/pdn"
	"arbiter/referee"
)

// Slips put into the real mill games of testdata/morris: the first fix
// suggested is the move written, and the certain ones are the ones 'arbiter
// fix' may apply.
func TestMorrisFixes(t *testing.T) {
	for _, tc := range []struct {
		file, was, slip string
		edit, text      string // the first fix
		certain         bool
	}{
		// From and to swapped: b4-b2 as b2-b4. Placing on b2 at move 3
		// would let the game replay too: a tie, never certain.
		{"sanmill_2026-07-20_human_vs_ai.pgn", "10. b4-b2 d3-d2", "10. b2-b4 d3-d2", referee.EditReplace, "b4-b2", false},
		// A wrong point at move 11 that shows only at move 14.
		{"sanmill_2026-07-20_human_vs_ai.pgn", "11. g4-g1 e3-d3", "11. g4-g7 e3-d3", referee.EditReplace, "g4-g1", true},
		// The removal on the wrong piece, a neighbouring point.
		{"sanmill_2026-07-20_human_vs_ai.pgn", "e4-e3xf4 15.", "e4-e3xf6 15.", referee.EditReplace, "e4-e3xf4", true},
		// A move written twice.
		{"sanmill_2026-07-20_human_vs_ai.pgn", " 9. d5 c3xd2", " 9. d5 c3xd2 c3xd2", referee.EditDelete, "", true},
		// PlayOK's numbers: 13-9 written 9-13.
		{"playok_2026-03-11_gyorgyusz_vs_nft7489g.pgn", "15-3 13-9", "15-3 9-13", referee.EditReplace, "13-9", true},
	} {
		t.Run(tc.slip, func(t *testing.T) {
			b, err := os.ReadFile("../../testdata/morris/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), tc.was) {
				t.Fatalf("%q is not in %s", tc.was, tc.file)
			}
			text := strings.Replace(string(b), tc.was, tc.slip, 1)
			g, err := pdn.NewSplitter(strings.NewReader(text), pdn.Options{}).Next()
			if err != nil {
				t.Fatal(err)
			}
			rep := referee.Check(referee.ParseGame(g, tc.file), referee.Options{})
			var fixes []referee.Fix
			for _, d := range rep.Diagnostics {
				if d.Severity.String() == "error" {
					fixes = d.Fixes
					break
				}
			}
			if len(fixes) == 0 {
				t.Fatalf("no fix: %+v", rep.Diagnostics)
			}
			if f := fixes[0]; f.Edit != tc.edit || f.Text != tc.text || f.Certain != tc.certain {
				t.Errorf("first fix %s %q (%s, certain %v), want %s %q (certain %v)", f.Edit, f.Text, f.Why, f.Certain, tc.edit, tc.text, tc.certain)
			}
		})
	}
}
