package halma_test

import (
	"os"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/halma"
	"arbiter/notation/pdn"
	"arbiter/referee"
	_ "arbiter/referee/halma" // the Halma family the examples replay under
)

// TestReadmeExamples: every ```pdn example in README.md replays valid (no
// error, no warning) under the variant its tags name, ends as written,
// and writes back the same moves.
func TestReadmeExamples(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(data), "```pdn\n")[1:]
	seen := map[string]bool{}
	for i, b := range blocks {
		text := b[:strings.Index(b, "```")]
		g := pdn.GameText{Index: 1, Pos: notation.Pos{Line: 1, Col: 1}, Text: text}
		rec := halma.Parse(g, "README.md")
		rep := referee.Check(rec, referee.Options{})
		for _, d := range rep.Diagnostics {
			t.Errorf("example %d: %s: %s: %s", i+1, d.Pos, d.Code, d.Msg)
		}
		if rep.Result.Derived != rec.Result || rec.Result == "*" {
			t.Errorf("example %d: written %s, the moves give %s", i+1, rec.Result, rep.Result.Derived)
		}
		seen[rep.Variant] = true
		players := strings.Count(text, "[Colour")
		var out strings.Builder
		if err := halma.Write(&out, rec, players); err != nil {
			t.Fatal(err)
		}
		back := halma.Parse(pdn.GameText{Index: 1, Pos: notation.Pos{Line: 1, Col: 1}, Text: out.String()}, "w")
		if len(back.Moves) != len(rec.Moves) || back.Result != rec.Result || len(back.Diagnostics) > 0 {
			t.Errorf("example %d does not write back:\n%s", i+1, out.String())
		}
	}
	for _, v := range []string{"halma-2", "halma-4", "halma-4-teams-opposite", "halma-4-teams-adjacent", "twee-in-een-halma", "gendarmes-en-voleur"} {
		if !seen[v] {
			t.Errorf("README.md has no example of %s", v)
		}
	}
}
