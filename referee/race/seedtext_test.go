package race_test

import (
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/variants"
)

// The records below are written from single sentences of the seed rule
// texts (../shared/rules/004_*.txt, RULES.md sections 4 and 7) and
// replayed the way `arbiter check` does: through CheckStream, which also
// decides which game a text is.

// seedCase is a record and what the referee must say about it: the first
// error's code ("" for none) and words of its message; when set, the code
// of a warning it must also give (and words of its message).
type seedCase struct {
	name, text      string
	err, errWords   string
	warn, warnWords string
}

func replay(t *testing.T, text string) []*referee.Report {
	t.Helper()
	return replayAs(t, text, nil)
}

// replayAs replays text under variant v (nil: the one its tags name).
func replayAs(t *testing.T, text string, v *variants.Variant) []*referee.Report {
	t.Helper()
	var reps []*referee.Report
	opts := referee.StreamOptions{Jobs: 1, Options: referee.Options{Variant: v}}
	err := referee.CheckStream(strings.NewReader(text), "t.txt", opts, func(r *referee.Report) error {
		reps = append(reps, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return reps
}

func firstError(rep *referee.Report) (code, msg string) {
	for _, d := range rep.Diagnostics {
		if d.Severity == notation.Error {
			return d.Code, d.Pos.String() + ": " + d.Msg
		}
	}
	return "", ""
}

func runSeedCases(t *testing.T, cases []seedCase) {
	t.Helper()
	runSeedCasesAs(t, cases, nil)
}

func runSeedCasesAs(t *testing.T, cases []seedCase, v *variants.Variant) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			reps := replayAs(t, c.text, v)
			if len(reps) != 1 {
				t.Fatalf("%d games read", len(reps))
			}
			rep := reps[0]
			if code, msg := firstError(rep); code != c.err || !strings.Contains(msg, c.errWords) {
				t.Fatalf("want error %q saying %q, got %q (%s)\n%s", c.err, c.errWords, code, msg, c.text)
			}
			if c.warn == "" {
				if rep.Warnings() > 0 {
					t.Fatalf("no warning expected: %v", rep.Diagnostics)
				}
				return
			}
			for _, d := range rep.Diagnostics {
				if d.Severity == notation.Warning && d.Code == c.warn && strings.Contains(d.Msg, c.warnWords) {
					return
				}
			}
			t.Fatalf("no %s warning saying %q: %v", c.warn, c.warnWords, rep.Diagnostics)
		})
	}
}

func horseRecord(moves string) string {
	return "[Game \"horse-race\"]\n[Variant \"wedrenspel-315\"]\n[Players \"Anna, Bram\"]\n\n" + moves + " *\n"
}

// To 21: Anna 6, 6, 5, 4 lands in the mud; Bram's 1s keep him out of the
// way (his 4 sends him back to 0).
const toMud = "1. Anna 6: 0/6  Bram 1: 0/1  2. Anna 6: 6/12  Bram 1: 1/2  3. Anna 5: 12/17  Bram 1: 2/3  4. Anna 4: 17/21  Bram 1: 3/4>0\n"

// TestHorseMudOneTurn: "nrs 21 - 61. ... Bij de volgende beurt mag het maar
// de helft van het aantal vakjes vooruitgaan" / "Au coup suivant, il ne
// peut qu'avancer la moitié des points": the next turn only. A halved 1
// moves the horse nowhere, and the penalty is spent all the same.
func TestHorseMudOneTurn(t *testing.T) {
	runSeedCases(t, []seedCase{
		{name: "a halved 1 spends the penalty: the next 5 is a whole 5",
			text: horseRecord(toMud + "5. Anna 1: 21/21  Bram 2: 0/2  6. Anna 5: 21/26")},
		{name: "a halved 1 spends the penalty: a second halving is wrong",
			text: horseRecord(toMud + "5. Anna 1: 21/21  Bram 2: 0/2  6. Anna 5: 21/23"), err: "consequence"},
		{name: "a halved 1 written without its square",
			text: horseRecord(toMud + "5. Anna 1: 21  Bram 2: 0/2  6. Anna 5: 21/26")},
		{name: "a halved 1 written as moving nothing",
			text: horseRecord(toMud + "5. Anna 1: -  Bram 2: 0/2  6. Anna 5: 21/26")},
		{name: "a 2 in the mud moves one square: - is wrong",
			text: horseRecord(toMud + "5. Anna 2: -"), err: "must-move"},
		{name: "the throw after the mud is halved",
			text: horseRecord(toMud + "5. Anna 5: 21/23  Bram 2: 0/2  6. Anna 5: 23/28>23"), err: ""},
		{name: "the throw after the mud is not whole",
			text: horseRecord(toMud + "5. Anna 5: 21/26"), err: "consequence"},
	})
}

func gooseRecord(variant, moves string) string {
	return "[Game \"goose\"]\n[Variant \"" + variant + "\"]\n[Players \"Anna, Bram\"]\n\n" + moves + " *\n"
}

// TestThrowSpacingReplays: a throw written with other spacing ("1+2:0/3",
// "4 + 5: 0", "4+5 : 0") is read as a person reads it and the game
// replays, with a warning; an unreadable throw is one error at its own
// position, and nothing after it is blamed.
func TestThrowSpacingReplays(t *testing.T) {
	runSeedCases(t, []seedCase{
		{name: "glued, spaced round the +, spaced before the colon",
			text: gooseRecord("ganzenbord-315", "1. Anna 1+2:0/3  Bram 4 + 5: 0/26\n2. Anna 4+5 : 3/12  Bram 1+2: 26/29"),
			warn: "throw-spacing", warnWords: `"4 + 5: 0/26", read as "4+5: 0/26"`},
		{name: "the spaced throws are checked like any other",
			text: gooseRecord("ganzenbord-315", "1. Anna 1+2:0/3  Bram 4 + 5: 0/26\n2. Anna 4+5 : 3/13"), err: "consequence",
			warn: "throw-spacing", warnWords: `"4+5 : 3/13", read as "4+5: 3/13"`},
		{name: "an unreadable throw is the only error",
			text: gooseRecord("ganzenbord-315", "1. Anna 1+2: 0/3  Bram 4-5: 0/26\n2. Anna 4+5: 3/12  Bram 1+2: 26/29"), err: "bad-move"},
	})
	rep := replay(t, gooseRecord("ganzenbord-315", "1. Anna 1+2: 0/3  Bram 4-5: 0/26\n2. Anna 4+5: 3/12  Bram 1+2: 26/29"))[0]
	if rep.Errors() != 1 || rep.Diagnostics[0].Pos.Line != 5 || rep.Diagnostics[0].Pos.Col != 19 {
		t.Fatalf("want one error, at Bram's throw (5:19): %v", rep.Diagnostics)
	}
}

func petitsChevaux(fen, moves string) string {
	return "[Game \"ludo\"]\n[Variant \"petits-chevaux\"]\n[Red \"Anna\"]\n[Yellow \"Bram\"]\n[FEN \"" + fen + "\"]\n\n" + moves + " *\n"
}

// TestStaircaseMessages: "il faut un 1 pour monter sur la première marche,
// un 2 pour la deuxième ... et un 6 pour entrer à l'écurie" (RULES.md 3,
// petits-chevaux): the message names the throw the horse needs from where
// it stands.
func TestStaircaseMessages(t *testing.T) {
	runSeedCases(t, []seedCase{
		{name: "from step 6 only a 6 enters the stable",
			text: petitsChevaux("R:62,B,B,B Y:B,B,B,B R", "1. R 5: 62/63"), err: "illegal", errWords: "from step 6 only a 6 enters the stable"},
		{name: "step 6 and a 6: the stable",
			text: petitsChevaux("R:62,B,B,B Y:B,B,B,B R", "1. R 6: 62/63")},
		{name: "from the foot only a 1 climbs the first step",
			text: petitsChevaux("R:56,B,B,B Y:B,B,B,B R", "1. R 2: 56/57"), err: "illegal", errWords: "from the foot of the staircase only a 1 climbs the first step"},
		{name: "from step 3 only a 4 climbs to step 4",
			text: petitsChevaux("R:59,B,B,B Y:B,B,B,B R", "1. R 3: 59/60"), err: "illegal", errWords: "from step 3 only a 4 climbs to step 4"},
	})
}

// TestGooseForwardChoice: "c wie met zijn pion op een gans terecht komt,
// mag nogmaals een zelfde aantal vakjes vooruitgaan" / "est permis
// d'avancer une fois de plus": in the 315-games box moving on from a goose
// is the player's choice, which the record says by the squares it writes;
// "e ... komt de pion daarbij op een gansje, dan moet nogmaals een zelfde
// aantal vakjes worden teruggeteld" / "on doit reculer": counting back it
// is not.
func TestGooseForwardChoice(t *testing.T) {
	at50 := "[FEN \"Anna 50, Bram 30\"]\n"
	rec := func(variant, moves string) string {
		return strings.Replace(gooseRecord(variant, moves), "\n\n", "\n"+at50+"\n", 1)
	}
	for _, variant := range []string{"ganzenbord-315", "jeu-de-l-oie-315"} {
		death := "0"
		if variant == "jeu-de-l-oie-315" {
			death = "1"
		}
		runSeedCases(t, []seedCase{
			{name: variant + ": on 50, 2+2 may stay on the goose 54",
				text: rec(variant, "1. Anna 2+2: 50/54  Bram 1+2: 30/33  2. Anna 1+2: 54/57")},
			{name: variant + ": or move on to 58, death",
				text: rec(variant, "1. Anna 2+2: 50/54>58>"+death+" (pays 5)  Bram 1+2: 30/33")},
			{name: variant + ": left out, the common play is assumed, with a warning",
				text: rec(variant, "1. Anna 2+2: 50  Bram 1+2: 30/33  2. Anna 1+2: "+death+"/"+map[string]string{"0": "3", "1": "4"}[death]),
				warn: "assumed", warnWords: "moved on from the goose on 54"},
			{name: variant + ": the payment says it: pays 5 is death",
				text: rec(variant, "1. Anna 2+2: 50 (pays 5)  Bram 1+2: 30/33  2. Anna 1+2: "+death+"/"+map[string]string{"0": "3", "1": "4"}[death])},
			{name: variant + ": counting back from 63 a goose is obeyed",
				text: strings.Replace(rec(variant, "1. Anna 2+3: 62/59"), "Anna 50", "Anna 62", 1), err: "consequence"},
		})
	}
	must, err := variants.Parse("must.yaml", []byte("name: ganzenbord-must\nextends: ganzenbord-315\nrace:\n  goose:\n    goose_forward: must\n"))
	if err != nil {
		t.Fatal(err)
	}
	runSeedCasesAs(t, []seedCase{
		{name: "goose_forward: must: staying is wrong",
			text: rec("ganzenbord-315", "1. Anna 2+2: 50/54"), err: "consequence", errWords: "the pawn goes 50/54>58>0, not 50/54"},
		{name: "goose_forward: must: left out is no assumption",
			text: rec("ganzenbord-315", "1. Anna 2+2: 50  Bram 1+2: 30/33")},
	}, must)
}

// TestWrongPlayerSaysWhy: "Wie 3 ogen werpt, mag nogmaals gooien en
// zetten" (Wedrenspel), "Celui qui jette 6 ... jeter encore une fois le
// dé" (petits chevaux): a throw written for the player who just threw
// something else says whose throw it is and that the last one gave no
// extra throw.
func TestWrongPlayerSaysWhy(t *testing.T) {
	runSeedCases(t, []seedCase{
		{name: "petits chevaux: no extra throw after a 5",
			text: petitsChevaux("R:10,B,B,B Y:B,B,B,B R", "1. R 5: 10/15  R 3: 15/18"),
			err:  "turn", errWords: "R is not to throw: Yellow (Bram) is to throw (a 5 gives no extra throw: only a 6 does)"},
		{name: "petits chevaux: a 6 throws again",
			text: petitsChevaux("R:10,B,B,B Y:B,B,B,B R", "1. R 6: 10/16  Y 3: -"),
			err:  "turn", errWords: "Y is not to throw: Red (Anna) throws again (a 6 gives another throw)"},
		{name: "horse race: no extra throw after a 5",
			text: horseRecord("1. Anna 5: 0/5  Anna 2: 5/7"),
			err:  "turn", errWords: "Anna is not to throw: it is Bram's turn (a 5 gives no extra throw: only a 3 does)"},
		{name: "horse race: a 3 throws again",
			text: horseRecord("1. Anna 3: 0/3  Anna 2: 3/5  Bram 1: 0/1")},
		{name: "goose: no throw gives another",
			text: gooseRecord("ganzenbord-315", "1. Anna 3+4: 0/7  Anna 2+1: 7/10"),
			err:  "turn", errWords: "Anna is not to throw: it is Bram's turn (a 7 gives no extra throw"},
	})
}
