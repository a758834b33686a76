package referee_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"arbiter/referee"
	"arbiter/referee/picture"
	"arbiter/variants"
)

// A film is what the referee played: its last frame is the final position
// the report gives as FEN, drawn by the family's scene; and its plies,
// encoded for the browser and decoded again, give every frame back.
func TestFilmEndsOnFinalPosition(t *testing.T) {
	files, _ := filepath.Glob("../testdata/*/*.*")
	checked := map[string]int{}
	for _, file := range files {
		if filepath.Ext(file) == ".md" {
			continue
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		opts := referee.StreamOptions{}
		opts.Film = true
		err = referee.CheckStream(bytesReader(data), file, opts, func(rep *referee.Report) error {
			if rep.Variant == "" || rep.FinalFEN == "" {
				return nil
			}
			f := rep.Film
			if f == nil || f.Board == nil {
				t.Errorf("%s game %d (%s): no film", file, rep.Game, rep.Variant)
				return nil
			}
			if len(f.Frames) != rep.Plies {
				t.Errorf("%s game %d: %d frames for %d plies", file, rep.Game, len(f.Frames), rep.Plies)
			}
			v, err := variants.Lookup(rep.Variant)
			if err != nil {
				t.Fatal(err)
			}
			prev := f.Start
			for i, fr := range f.Frames {
				// The marks are the move's: a piece left the first cell and
				// stands on the last (but a race horse may leave the race
				// on the square it reaches).
				p := fr.Marks.Path
				if len(p) >= 2 && (len(prev.Cells[p[0]]) == 0 || v.Family != "race" && len(fr.After.Cells[p[len(p)-1]]) == 0) {
					t.Errorf("%s game %d ply %d (%s): marks %v do not fit the move", file, rep.Game, i+1, fr.Move, fr.Marks)
				}
				next, _, err := picture.DecodePly(prev, picture.EncodePly(prev, fr.After, fr.Marks))
				if err != nil || picture.Encode(next) != picture.Encode(fr.After) {
					t.Fatalf("%s game %d ply %d: the encoded ply does not give the frame back (%v)", file, rep.Game, i+1, err)
				}
				prev = fr.After
			}
			sc, err := referee.SceneOf(v, rep.FinalFEN)
			if err != nil {
				t.Fatalf("%s game %d: %v", file, rep.Game, err)
			}
			if len(sc.Board.Cells) != len(f.Board.Cells) {
				t.Fatalf("%s game %d: the scene has %d cells, the film %d", file, rep.Game, len(sc.Board.Cells), len(f.Board.Cells))
			}
			final, err := sc.Position(rep.FinalFEN)
			if err != nil {
				t.Logf("%s game %d: final FEN %q in the record's own numbering: %v", file, rep.Game, rep.FinalFEN, err)
				return nil
			}
			if picture.Encode(final) != picture.Encode(prev) {
				t.Errorf("%s game %d: the film ends on\n%s\nthe final FEN %q draws\n%s", file, rep.Game, picture.Encode(prev), rep.FinalFEN, picture.Encode(final))
			}
			checked[v.Family]++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, fam := range []string{"draughts", "morris", "halma", "race"} {
		if checked[fam] == 0 {
			t.Errorf("no %s game checked", fam)
		}
	}
	t.Logf("games checked by family: %v", checked)
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
