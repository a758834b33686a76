package referee_test

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

// gameTexts splits a file of records into its game texts.
func gameTexts(t *testing.T, path string) []pdn.GameText {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sp := pdn.NewSplitter(f, pdn.Options{})
	var out []pdn.GameText
	for {
		g, err := sp.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
}

// recordsOfEveryFamily are testdata's records, of every game family.
func recordsOfEveryFamily(t *testing.T) map[string][]pdn.GameText {
	t.Helper()
	out := map[string][]pdn.GameText{}
	for _, dir := range []string{"draughts", "morris", "race", "halma"} {
		files, _ := filepath.Glob(filepath.Join("..", "testdata", dir, "*"))
		for _, name := range files {
			if strings.HasSuffix(name, ".md") {
				continue
			}
			games := gameTexts(t, name)
			out[name] = games[:min(len(games), 3)] // a tournament's 58 games teach no more than 3
		}
	}
	if len(out) < 15 {
		t.Fatalf("only %d files of records found", len(out))
	}
	return out
}

// The invariant of the core, over every family: a game whose record has
// moves and of which no ply was replayed is never valid. Every record of
// testdata is checked under every builtin variant, chosen for every game
// (--variant) and for the games that name no rules (--default-variant),
// and read in its own notation whatever the variant; a variant of another
// family gets a variant-family error, or the
// family's own findings, or not-replayed: never a silent pass.
func TestNoSilentPassUnderAnyVariant(t *testing.T) {
	all, err := variants.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for name, games := range recordsOfEveryFamily(t) {
		for _, g := range games {
			for _, v := range all {
				for i, opts := range []referee.Options{{Variant: v}, {Default: v}, {Variant: v}} {
					rec := referee.ParseGameFor(g, name, opts)
					if i == 2 {
						// Read in its own notation whatever the rules (a
						// caller that parses by itself): Check alone holds.
						rec = referee.ParseGame(g, name)
					}
					moves := len(rec.Moves)
					rep := referee.Check(rec, opts)
					checked++
					for _, d := range rep.Diagnostics {
						if d.Code == "internal" {
							t.Fatalf("%s game %d under %s: %s", name, g.Index, v.Name, d.Msg)
						}
					}
					if moves > 0 && rep.Plies == 0 && rep.Verdict == referee.Valid {
						t.Errorf("%s game %d under %s (%+v): valid with %d moves and none replayed", name, g.Index, v.Name, opts.Variant != nil, moves)
					}
				}
			}
		}
	}
	t.Logf("%d checks", checked)
}

// A variant of another family than the record's: the record is not
// replayed, and the report says so with a variant-family error naming
// both families and the variant that fits; the other way round, a
// default-variant decides the notation a record that names no rules is
// read in.
func TestVariantOfAnotherFamily(t *testing.T) {
	untaggedMorris := "1. d2 d6 2. f4 f2 3. b4 d3 4. f6 e4 5. g4 a4 6. c4 c5 *\n"
	untaggedDraughts := "1. 32-28 19-23 2. 28x19 14x23 *\n"
	for _, tc := range []struct {
		name, text string
		variant    string
		isDefault  bool
		code       string // the finding expected; "" for a clean replay
		msg        string
		plies      int
	}{
		{"tagged draughts, --variant of morris", `[GameType "20"]` + "\n" + untaggedDraughts, "nine-mens-morris", false, "variant-family",
			`nine-mens-morris is a morris variant, and this record's tags say it is a draughts record (GameType "20"): morris cannot read it; international fits it`, 0},
		{"untagged draughts, --variant of morris", untaggedDraughts, "nine-mens-morris", false, "variant-family",
			`nine-mens-morris is a morris variant, and the morris notation cannot read this record's first move (move "32-28": 32 is not a point (1-24)), which the draughts notation reads: it is a draughts record; international fits it`, 0},
		{"untagged draughts, --default-variant of morris", untaggedDraughts, "nine-mens-morris", true, "variant-family", "it is a draughts record", 0},
		{"untagged draughts, --variant of halma", untaggedDraughts, "halma-2", false, "variant-family", "halma-2 is a halma variant, and the halma notation cannot read", 0},
		{"untagged draughts, --variant of a race game", untaggedDraughts, "ganzenbord-315", false, "variant-family", "ganzenbord-315 is a race variant", 0},
		{"morris, --variant of draughts", `[Variant "Nine Men's Morris"]` + "\n" + untaggedMorris, "english", false, "variant-family",
			`english is a draughts variant, and this record's tags say it is a morris record (Variant "Nine Men's Morris"): draughts cannot read it; nine-mens-morris fits it`, 0},
		{"ludo, --variant of draughts", `[Game "ludo"] [Red "A"] [Blue "B"]` + "\n1. R 6: B/1 *\n", "international", false, "variant-family", `tags say it is a race record (Game "ludo")`, 0},
		{"halma, --default-variant of draughts (the Game tag keeps its own)", `[Game "twee-in-een"] [Variant "twee-in-een-halma"]` + "\n1. a1:c3 h8:f6 *\n", "international", true, "", "", 2},
		{"untagged morris, --default-variant of morris", untaggedMorris, "nine-mens-morris", true, "", "", 12},
		{"untagged morris, --variant of morris", untaggedMorris, "nine-mens-morris", false, "", "", 12},
		{"untagged draughts, --default-variant of draughts", untaggedDraughts, "english", true, "illegal", "", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := variants.Lookup(tc.variant)
			if err != nil {
				t.Fatal(err)
			}
			opts := referee.Options{Variant: v}
			if tc.isDefault {
				opts = referee.Options{Default: v}
			}
			games := splitText(t, tc.text)
			rec := referee.ParseGameFor(games[0], "t.pdn", opts)
			rep := referee.Check(rec, opts)
			d, mismatch := referee.FamilyMismatch(rep)
			switch {
			case tc.code == "variant-family":
				if !mismatch || !strings.Contains(d.Msg, tc.msg) || rep.Verdict != referee.Invalid || rep.Plies != 0 {
					t.Errorf("got %+v; want a variant-family error saying %q", rep.Diagnostics, tc.msg)
				}
			case mismatch:
				t.Errorf("a variant-family error on a record the variant reads: %s", d.Msg)
			case tc.code == "" && (rep.Errors() > 0 || rep.Plies != tc.plies || rep.Variant != tc.variant && !tc.isDefault):
				t.Errorf("variant %s, %d plies, %+v; want %d plies and no error", rep.Variant, rep.Plies, rep.Diagnostics, tc.plies)
			case tc.code != "" && !hasCode(rep, tc.code):
				t.Errorf("%+v: want a %s finding", rep.Diagnostics, tc.code)
			}
		})
	}
}

func splitText(t *testing.T, text string) []pdn.GameText {
	t.Helper()
	sp := pdn.NewSplitter(strings.NewReader(text), pdn.Options{})
	g, err := sp.Next()
	if err != nil {
		t.Fatal(err)
	}
	return []pdn.GameText{g}
}

func hasCode(rep *referee.Report, code string) bool {
	for _, d := range rep.Diagnostics {
		if d.Code == code {
			return true
		}
	}
	return false
}

// The invariant holds for a record read in another notation than its
// rules' (a library caller that parses by itself): morris replaying a
// draughts record's moves replays none and says nothing of them, so the
// core says it (not-replayed), and the game is not valid.
func TestNotReplayedSaysWhy(t *testing.T) {
	v, err := variants.Lookup("nine-mens-morris")
	if err != nil {
		t.Fatal(err)
	}
	games := splitText(t, "1. 32-28 19-23 2. 28x19 14x23 *\n")
	rec := referee.ParseGame(games[0], "t.pdn") // read as draughts
	rep := referee.Check(rec, referee.Options{Variant: v})
	if rep.Verdict != referee.Invalid || !hasCode(rep, referee.CodeNotReplayed) {
		t.Fatalf("verdict %s, %d plies, %+v; want not-replayed", rep.Verdict, rep.Plies, rep.Diagnostics)
	}
	for _, d := range rep.Diagnostics {
		if d.Code == referee.CodeNotReplayed && (d.Move != "32-28" || !strings.Contains(d.Msg, "4 moves written, and none was replayed under nine-mens-morris")) {
			t.Errorf("%+v", d)
		}
	}
}
