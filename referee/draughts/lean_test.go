package draughts

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
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
				full, lean := fullAndLean(rec, opts)
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

// fullAndLean checks rec under opts twice: with every ply through match
// (full), then with the lean ply (lean); each report's Record is cleared,
// so the two compare by value.
func fullAndLean(rec *notation.Record, opts referee.Options) (full, lean *referee.Report) {
	leanOff = true
	full = referee.Check(rec, opts)
	leanOff = false
	lean = referee.Check(rec, opts)
	full.Record, lean.Record = nil, nil
	return full, lean
}

// FuzzLeanPly: on any record, under the rules its tags name or under one
// builtin variant, the lean ply (leanPly, leanRun, gen64.singleCapture,
// the repetition table...) changes no report: with it and without it
// (every ply through match and play), under the default options, with
// variations as errors and with --as-played, the reports are the same.
func FuzzLeanPly(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "draughts", "*.pdn"))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(string(data), uint8(0))
		}
	}
	// Kings shuffling into a repetition, the 25 king moves and an endgame
	// rule, and on after the draw; captures of one piece and of more; a
	// capture written as a move; a crowning; a king's long slide.
	f.Add(`[FEN "W:WK46,K47:BK4"] [Result "1-1"] 1. 46-41 4-9 2. 41-46 9-4 3. 46-41 4-9 4. 41-46 9-4 5. 46-41 4-9 6. 41-46 9-4 1-1`, uint8(0))
	f.Add(`[FEN "W:W28,K47:B23,12,K4"] 1. 28x17 12x21 2. 47x15 4x25 *`, uint8(0))
	f.Add(`[FEN "W:W35,48:B7,17,28,29,30,39,40"] 1. 35x2 29-33 2. 2x35 *`, uint8(0))
	f.Add(`[FEN "W:W6,30:B45"] 1. 6-1 45-50 2. 1-34 50-44 3. 30x39 *`, uint8(0))
	f.Add(`[FEN "W:W32,33:B19,18"] 1. 32-28 18x29 2. 33x24 19x30 *`, uint8(0))
	f.Add(`[GameType "25"] 1. 22-18 11-15 2. 18x11 8x15 *`, uint8(0))
	f.Add(`[GameType "21"] 1. 22-18 11-15 2. 18x11 8x15 3. 25-22 *`, uint8(0))
	// Algebraic moves (leanAlpha): plain, captures with x and :, a square
	// off the board, upper case, a capture written as a move.
	f.Add(`[GameType "25"] 1. c3-d4 f6-g5 2. g3-h4 g5xe3 3. d2xf4 h6-g5 4. h4:f6 e7xg5 *`, uint8(0))
	f.Add(`[GameType "25"] 1. c3-d4 d6-c5 2. d4-c5 b6xd4 3. e3xc5 a9-b8 *`, uint8(0))
	f.Add(`[GameType "26"] 1. C3-D4 f6-g5 2. g3-h4 g5-e3 *`, uint8(0))
	all, err := variants.Builtin()
	if err != nil {
		f.Fatal(err)
	}
	defer func() { leanOff = false }()
	f.Fuzz(func(t *testing.T, text string, variant uint8) {
		var base referee.Options
		if variant > 0 {
			base.Variant = all[int(variant)%len(all)]
		}
		recs, err := pdn.ReadAll(strings.NewReader(text), "f.pdn", pdn.Options{MaxGameBytes: 1 << 16})
		if err != nil {
			return
		}
		for _, rec := range recs {
			for _, o := range []referee.Options{{}, {Variations: referee.VariationsError}, {AsPlayed: true}} {
				opts := base
				opts.Variations, opts.AsPlayed = o.Variations, o.AsPlayed
				full, lean := fullAndLean(rec, opts)
				if !reflect.DeepEqual(full, lean) {
					t.Fatalf("every ply matched\n%+v\nwith lean plies\n%+v", *full, *lean)
				}
			}
		}
	})
}

// TestPlainMove5: plainMove5 (and so leanRun's copy of it) reads every
// text of five bytes (of the bytes that matter to it) as pdn.PlainMove
// does.
func TestPlainMove5(t *testing.T) {
	const alphabet = "0129-x:.a "
	var buf [5]byte
	var walk func(k int)
	walk = func(k int) {
		if k == len(buf) {
			s := string(buf[:])
			a, sep, b, ok := plainMove5(s)
			wa, wsep, wb, wok := pdn.PlainMove(s)
			if a != wa || sep != wsep || b != wb || ok != wok {
				t.Fatalf("%q: plainMove5 %d %q %d %v, pdn.PlainMove %d %q %d %v", s, a, sep, b, ok, wa, wsep, wb, wok)
			}
			return
		}
		for i := range len(alphabet) {
			buf[k] = alphabet[i]
			walk(k + 1)
		}
	}
	walk(0)
}
