package draughts

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"arbiter/notation/pdn"
	"arbiter/referee"
)

// TestLeanPlySameReport: the lean ply (leanPly) changes no report. Every
// draughts record of testdata and of the corpus is checked with it and
// without it (every ply through match), under the default options, with
// variations as errors and with --as-played, and the reports are the
// same to the last diagnostic, result and final position.
func TestLeanPlySameReport(t *testing.T) {
	var texts []string
	for _, root := range []string{"../../testdata/draughts", "../../../shared/corpus/draughts"} {
		filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return nil
			}
			if ext := filepath.Ext(path); ext == ".pdn" || ext == ".pgn" {
				if b, err := os.ReadFile(path); err == nil {
					texts = append(texts, string(b))
				}
			}
			return nil
		})
	}
	if len(texts) == 0 {
		t.Skip("no records")
	}
	defer func() { leanOff = false }()
	games, plies := 0, 0
	for _, text := range texts {
		recs, _ := pdn.ReadAll(strings.NewReader(text), "t.pdn", pdn.Options{})
		for _, rec := range recs {
			for _, opts := range []referee.Options{{}, {Variations: referee.VariationsError}, {AsPlayed: true}} {
				leanOff = true
				full := referee.Check(rec, opts)
				leanOff = false
				lean := referee.Check(rec, opts)
				full.Record, lean.Record = nil, nil
				if !reflect.DeepEqual(full, lean) {
					t.Fatalf("game %d (%s): every ply matched\n%+v\nwith lean plies\n%+v", rec.Index, rec.Pos, *full, *lean)
				}
				plies += full.Plies
			}
			games++
		}
	}
	t.Logf("%d games, %d plies, the same reports", games, plies)
}
