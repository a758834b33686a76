package halma

import (
	"os"
	"strings"
	"testing"

	"arbiter/notation/pdn"
	"arbiter/referee"
)

// Slips put into a Twee in een record (testdata/halma, played by arbiter
// simulate): the first fix suggested is the move written.
func TestHalmaFixes(t *testing.T) {
	b, err := os.ReadFile("../../testdata/halma/twee-in-een-simulated.pdn")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		was, slip  string
		edit, text string // the first fix
		certain    bool
	}{
		{"h7:f7:f5", "h7:f7:f6", referee.EditReplace, "h7:f7:f5", true},                    // a jump's last square
		{"5. d4-e5", "5. e5-d4", referee.EditReplace, "d4-e5", true},                       // from and to swapped
		{"6. b1-b2", "6. b1-b2 b1-b2", referee.EditDelete, "", true},                       // written twice
		{"g8:g6:e4:c4:a2", "g8:g6:e4:c3:a2", referee.EditReplace, "g8:g6:e4:c4:a2", false}, // a square of the chain; g8-f7 replays as far
	} {
		t.Run(tc.slip, func(t *testing.T) {
			text := strings.Replace(string(b), tc.was, tc.slip, 1)
			g, err := pdn.NewSplitter(strings.NewReader(text), pdn.Options{}).Next()
			if err != nil {
				t.Fatal(err)
			}
			rep := referee.Check(referee.ParseGame(g, "h.pdn"), referee.Options{})
			var fixes []referee.Fix
			for _, d := range rep.Diagnostics {
				if d.Severity.String() == "error" && d.Move != "" {
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
