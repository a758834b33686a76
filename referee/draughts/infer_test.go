package draughts

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
)

// A record that names no rules is read by what its squares and moves show
// (issue 22): never replayed as international draughts when it cannot be a
// 10x10 record, and never an error that only the rules it was guessed
// under make.
func TestUntaggedRecordsChooseTheirRules(t *testing.T) {
	read := func(t *testing.T, name string) string {
		b, err := os.ReadFile("../../testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, tc := range []struct {
		name, text, variant string
		notes               []string // the variant-inferred note's words, per game ("" for none)
		valid               bool
	}{
		// Marion Tinsley's games: squares 1-32, Black moves first.
		{"english, numbers only", read(t, "pdn/tinsley-glued-text.pdn"), "english",
			[]string{"replayed as english, whose rules its moves fit (not international's)"}, true},
		// The Italian championship: its moves break the English rules too.
		{"italian", read(t, "draughts/campionato-assoluto-2005-games1-2.pdn"), "italian",
			[]string{"replayed as italian", "replayed as italian"}, true},
		{"russian, algebraic", read(t, "draughts/ussr1947-game1.pdn"), "russian",
			[]string{"its squares are written a1-h8, so replayed as russian"}, true},
		// Czech men capture forwards only: the Russian rules break at 9. h2xf4.
		{"czech, algebraic", read(t, "draughts/mrcd2007-game1.pdn"), "czech",
			[]string{"replayed as czech, whose rules its moves fit (not russian's)"}, true},
		// A 10x10 study with Black to move and every piece on 1-32: its
		// moves (23-28, 28-32, 32-37) make it 10x10.
		{"10x10 study, Black to move", read(t, "draughts/douwes-cat-a1-game22.pdn"), "international", []string{""}, true},
		// English ballots: 9-13 is legal on 10x10 too, but an 8x8 FEN
		// with Black to move is never replayed as 10x10 positions.
		{"english ballot", `[FEN "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"]` + "\n1. ... 9-13 *\n", "english",
			[]string{"its FEN has Black to move and every piece on 1-32"}, true},
		// A ballot with White to move and an 8x8 opening's 24 men.
		{"8x8 ballot, White to move", `[FEN "W:W21-32:B1-12"]` + "\n1. 22-17 *\n", "russian",
			[]string{"replayed as russian, whose rules its moves fit (not italian's)"}, true},
		// A 10x10 ending on squares 1-32 with few pieces stays 10x10.
		{"10x10 ending on 1-32", `[FEN "W:W28,K12:B3,19"]` + "\n1. 28-23 *\n", "international", []string{""}, true},
		{"10x10 record", read(t, "draughts/bruno-vs-scan31-game11.pdn"), "international", []string{""}, false},
		// An English game with a slip past square 32 (move 17's 28x19
		// written 28x39): replayed as english, the slip reported where it
		// is, not every move from the first as 10x10 errors.
		{"english with a square past 32", strings.Replace(read(t, "draughts/tinsley-petal-1981-game18.pdn"), "28x19", "28x39", 1), "english",
			[]string{"replayed as english, the rules under which its moves go furthest (33 plies; international: 0)"}, false},
		// A 10x10 game whose moves break early: 8x8 rules never read it.
		{"10x10 record broken at move 2", "1. 32-28 19-23 2. 28x17 *\n", "international", []string{""}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reps := checkText(t, nil, tc.text)
			if len(reps) != len(tc.notes) {
				t.Fatalf("%d games, want %d", len(reps), len(tc.notes))
			}
			for i, r := range reps {
				if r.Variant != tc.variant {
					t.Errorf("game %d replayed as %s, want %s: %v", i+1, r.Variant, tc.variant, r.Diagnostics)
				}
				if (r.Verdict == referee.Valid) != tc.valid {
					t.Errorf("game %d: %s: %v", i+1, r.Verdict, r.Diagnostics)
				}
				note := ""
				for _, d := range r.Diagnostics {
					if d.Code == "variant-inferred" {
						if d.Severity != notation.Note {
							t.Errorf("variant-inferred is a %s", d.Severity)
						}
						note = d.Msg
					}
				}
				if want := tc.notes[i]; want == "" && note != "" || !strings.Contains(note, want) {
					t.Errorf("game %d: note %q, want %q", i+1, note, want)
				}
			}
		})
	}
}

// When the moves fit other rules than those a record was replayed under,
// every such game says so, not one in sixteen: what else is wrong in a
// game (an unreadable word, a result) does not keep the rules from fitting.
func TestVariantGuessInEveryGame(t *testing.T) {
	// 28x8 is a Frisian capture (orthogonal), illegal in international.
	game := "[FEN \"W:W28:B18\"]\n[Result \"2-0\"]\n1. 28x8 2-0\n\n"
	odd := "[FEN \"W:W28:B18\"]\n[Result \"1-1\"]\n1. 28x8 {result and moves disagree} 1-1\n\n"
	word := "[FEN \"W:W28:B18,1\"]\n1. 28x8 1-7 2. zz *\n\n"
	reps := checkText(t, nil, game+odd+word+game)
	for i, r := range reps {
		found := false
		for _, d := range r.Diagnostics {
			if d.Code == "variant-guess" && strings.Contains(d.Msg, "its moves fit frisian") {
				found = true
			}
		}
		if !found {
			t.Errorf("game %d: no variant-guess: %v", i+1, r.Diagnostics)
		}
	}
}

// The user's choice wins: --variant and --default-variant are obeyed as
// given, without inference.
func TestUserChoiceIsNotInferred(t *testing.T) {
	text, err := os.ReadFile("../../testdata/pdn/tinsley-glued-text.pdn")
	if err != nil {
		t.Fatal(err)
	}
	recs, err := pdn.ReadAll(bytes.NewReader(text), "t.pdn", pdn.Options{})
	if err != nil {
		t.Fatal(err)
	}
	intl := mustVariant(t, "international")
	for _, opts := range []referee.Options{{Variant: intl}, {Default: intl}} {
		r := referee.Check(recs[0], opts)
		if r.Variant != "international" || r.Verdict != referee.Invalid {
			t.Errorf("%+v: replayed as %s, %s", opts, r.Variant, r.Verdict)
		}
		for _, d := range r.Diagnostics {
			if d.Code == "variant-inferred" {
				t.Errorf("%+v: %v", opts, d)
			}
		}
	}
}

// convert of a record that names no rules writes its moves as the rules it
// was replayed under read them, and says which rules they are.
func TestConvertUntaggedRecord(t *testing.T) {
	recs, err := pdn.ReadAll(strings.NewReader("[Event \"e\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n"), "t.pdn", pdn.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rec := recs[0]
	r := referee.Check(rec, referee.Options{Rewrite: true, FullPaths: true})
	if r.Variant != "english" || r.Verdict != referee.Valid {
		t.Fatalf("%s %s %v", r.Variant, r.Verdict, r.Diagnostics)
	}
	var b bytes.Buffer
	if err := pdn.Write(&b, rec); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); !strings.Contains(out, "1. 11-15 23-19 2. 8-11 22-17 *") {
		t.Errorf("written:\n%s", out)
	}
}

// The slip past 32 is the one error, with the repair search's fix.
func TestEnglishSlipPast32IsTheError(t *testing.T) {
	b, err := os.ReadFile("../../testdata/draughts/tinsley-petal-1981-game18.pdn")
	if err != nil {
		t.Fatal(err)
	}
	reps := checkText(t, nil, strings.Replace(string(b), "28x19", "28x39", 1))
	var errs []string
	for _, d := range reps[0].Diagnostics {
		if d.Severity == notation.Error {
			errs = append(errs, d.Code+" "+d.Move)
			if len(d.Fixes) == 0 || d.Fixes[0].Text != "28x19" {
				t.Errorf("fixes %+v, want 28x19 first", d.Fixes)
			}
		}
	}
	if strings.Join(errs, ";") != "no-such-square 28x39" {
		t.Errorf("errors %v", errs)
	}
}
