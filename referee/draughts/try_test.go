package draughts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

// TestTrySameAsCheck: a trial of other rules (try), which replays tersely,
// finds what referee.Check finds under those rules: whether the moves fit,
// and how many plies were replayed. Every record of testdata and of the
// English corpus (records without a GameType, whose rules are inferred) is
// tried under every builtin draughts variant.
func TestTrySameAsCheck(t *testing.T) {
	var paths []string
	for _, pattern := range []string{"../../testdata/draughts/*.pdn", "../../../shared/corpus/draughts/english/*.pdn"} {
		m, _ := filepath.Glob(pattern)
		paths = append(paths, m...)
	}
	all, err := variants.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var vs []*variants.Variant
	for _, v := range all {
		if SectionOf(v) != nil {
			vs = append(vs, v)
		}
	}
	trials := 0
	for _, path := range paths {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		recs, _ := pdn.ReadAll(strings.NewReader(string(b)), path, pdn.Options{})
		for i, rec := range recs {
			if i%4 != 0 && strings.Contains(path, "corpus") {
				continue // (a quarter of the corpus's games: every rules each)
			}
			for _, v := range vs {
				for _, variations := range []string{"", referee.VariationsError} {
					got := try(rec, v, referee.Options{Variations: variations})
					r := referee.Check(rec, referee.Options{Variant: v, Variations: variations, NoFixes: true})
					if want := (trial{v: v, fits: firstReplayError(r) < 0, plies: r.Plies}); got != want {
						t.Fatalf("%s game %d under %s: tried %+v, checked %+v", path, rec.Index, v.Name, got, want)
					}
					trials++
				}
			}
		}
	}
	if trials == 0 {
		t.Skip("no records")
	}
	t.Logf("%d trials", trials)
}
