package race

import (
	"strings"
	"testing"

	"arbiter/referee"
	"arbiter/variants"
)

// raceRuleCase is a short hand-written record about one rule of RULES.md:
// it starts from a FEN tag; err is the error code the referee must give
// ("" when the record obeys the rule).
type raceRuleCase struct {
	rule, variant, fen, moves, result, err string
}

func ludoRecord(c raceRuleCase) string {
	var b strings.Builder
	b.WriteString(`[Game "ludo"]` + "\n")
	b.WriteString(`[Variant "` + c.variant + `"]` + "\n")
	b.WriteString(`[Red "Anna"]` + "\n" + `[Yellow "Bram"]` + "\n")
	if c.fen != "" {
		b.WriteString(`[FEN "` + c.fen + `"]` + "\n")
	}
	if c.result != "" {
		b.WriteString(`[Result "` + c.result + `"]` + "\n")
	}
	b.WriteString("\n" + c.moves + " *\n")
	return b.String()
}

// TestRaceRules: for each rule of RULES.md 3, a record that breaks it and
// one that obeys it.
func TestRaceRules(t *testing.T) {
	const (
		papyrus = "petits-chevaux-papyrus"
		french  = "petits-chevaux"
		mejn    = "mens-erger-je-niet"
		ntefp   = "ne-t-en-fais-pas"
		empty   = "R:B,B,B,B Y:B,B,B,B R"
	)
	cases := []raceRuleCase{
		{rule: "3/entry-needs-a-six", variant: french, fen: empty, moves: "1. R 6: B/1 2: 1/3  Y 5: -"},
		{rule: "3/entry-needs-a-six", variant: french, fen: empty, moves: "1. R 5: B/1", err: "illegal"},
		{rule: "3/six-throws-again", variant: papyrus, fen: empty, moves: "1. R 6: B/1 3: 1/4  Y 3: -"},
		{rule: "3/six-throws-again", variant: papyrus, fen: empty, moves: "1. R 6: B/1  Y 3: -", err: "turn"},
		{rule: "3/turns-go-round", variant: mejn, moves: "1. R 3: 1/4  Y 2: 1/3  R 1: 4/5"},
		{rule: "3/turns-go-round", variant: mejn, moves: "1. R 3: 1/4  R 2: 4/6", err: "turn"},
		{rule: "3/first-piece-on-A-without-a-six", variant: mejn, moves: "1. R 4: 1/5"},
		{rule: "3/first-piece-on-A-without-a-six", variant: papyrus, moves: "1. R 4: 1/5", err: "illegal"},
		{rule: "3/a-six-must-bring-a-piece-out", variant: mejn, fen: "R:5,B,B,B Y:1,B,B,B R", moves: "1. R 6: B/1 2: 1/3"},
		{rule: "3/a-six-must-bring-a-piece-out", variant: mejn, fen: "R:5,B,B,B Y:1,B,B,B R", moves: "1. R 6: 5/11", err: "illegal"},
		{rule: "3/the-piece-brought-out-moves", variant: mejn, fen: "R:5,B,B,B Y:1,B,B,B R", moves: "1. R 6: B/1 4: 1/5x"},
		{rule: "3/the-piece-brought-out-moves", variant: mejn, fen: "R:5,B,B,B Y:1,B,B,B R", moves: "1. R 6: B/1 2: 5/7", err: "illegal"},
		{rule: "3/a-six-with-an-empty-base-moves-any", variant: mejn, fen: "R:5,15,25,35 Y:1,B,B,B R", moves: "1. R 6: 5/11 3: 15/18"},
		{rule: "3/a-six-with-an-empty-base-moves-any", variant: mejn, fen: "R:5,15,25,35 Y:1,B,B,B R", moves: "1. R 6: 5/11 3: 15/19", err: "consequence"},
		{rule: "3/ending-on-a-piece-captures", variant: papyrus, fen: "R:5,B,B,B Y:28,B,B,B R", moves: "1. R 3: 5/8x  Y 5: -"},
		{rule: "3/ending-on-a-piece-captures", variant: papyrus, fen: "R:5,B,B,B Y:28,B,B,B R", moves: "1. R 3: 5/8  Y 5: 28/33", err: "illegal"},
		{rule: "3/a-capture-written-must-happen", variant: papyrus, fen: "R:5,B,B,B Y:28,B,B,B R", moves: "1. R 2: 5/7x", err: "consequence"},
		{rule: "3/own-pieces-are-captured-too", variant: mejn, fen: "R:5,8,15,25 Y:1,B,B,B R", moves: "1. R 3: 5/8x  Y 2: 1/3"},
		{rule: "3/own-pieces-are-captured-too", variant: mejn, fen: "R:5,8,15,25 Y:1,B,B,B R", moves: "1. R 3: 5/8  Y 2: 1/3  R 1: 8/9  Y 1: 3/4  R 1: 5/6", err: "illegal"},
		{rule: "3/a-six-captures-on-A", variant: papyrus, fen: "R:B,B,B,B Y:21,B,B,B R", moves: "1. R 6: B/1x 1: 1/2  Y 4: -"},
		{rule: "3/a-six-captures-on-A", variant: papyrus, fen: "R:B,B,B,B Y:21,B,B,B R", moves: "1. R 6: B/1 1: 1/2  Y 4: 21/25", err: "illegal"},
		{rule: "3/exact-throw-home", variant: papyrus, fen: "R:40,B,B,B Y:B,B,B,B R", moves: "1. R 5: -  Y 1: -  R 4: 40/44"},
		{rule: "3/exact-throw-home", variant: papyrus, fen: "R:40,B,B,B Y:B,B,B,B R", moves: "1. R 5: 40/43", err: "illegal"},
		{rule: "3/a-piece-home-never-moves", variant: papyrus, fen: "R:41,B,B,B Y:B,B,B,B R", moves: "1. R 2: -"},
		{rule: "3/a-piece-home-never-moves", variant: papyrus, fen: "R:41,B,B,B Y:B,B,B,B R", moves: "1. R 2: 41/43", err: "illegal"},
		{rule: "3/count-back-from-d", variant: mejn, fen: "R:40,15,20,25 Y:B,B,B,B R", moves: "1. R 6: 40/42 1: 15/16  Y 1: -"},
		{rule: "3/count-back-from-d", variant: mejn, fen: "R:40,15,20,25 Y:B,B,B,B R", moves: "1. R 6: 40/46", err: "consequence"},
		{rule: "3/home-circle-must-be-free", variant: mejn, fen: "R:39,42,20,25 Y:B,B,B,B R", moves: "1. R 3: 20/23  Y 1: -"},
		{rule: "3/home-circle-must-be-free", variant: mejn, fen: "R:39,42,20,25 Y:B,B,B,B R", moves: "1. R 3: 39/42", err: "illegal"},
		{rule: "3/count-back-never-leaves-home", variant: mejn, fen: "R:42,15,20,25 Y:B,B,B,B R", moves: "1. R 6: 15/21 1: 20/21x"},
		{rule: "3/count-back-never-leaves-home", variant: mejn, fen: "R:42,15,20,25 Y:B,B,B,B R", moves: "1. R 6: 42/40", err: "illegal"},
		{rule: "3/count-back-onto-the-track", variant: ntefp, fen: "R:42,15,20,25 Y:B,B,B,B R", moves: "1. R 6: 42/40 1: 20/21"},
		{rule: "3/count-back-onto-the-track", variant: ntefp, fen: "R:42,15,20,25 Y:B,B,B,B R", moves: "1. R 6: 42/44", err: "consequence"},
		{rule: "3/no-overtaking", variant: french, fen: "R:5,B,B,B Y:36,B,B,B R", moves: "1. R 5: 5/4  Y 2: 36/38"},
		{rule: "3/no-overtaking", variant: french, fen: "R:5,B,B,B Y:36,B,B,B R", moves: "1. R 5: 5/10", err: "consequence"},
		{rule: "3/foot-of-the-staircase-exactly", variant: french, fen: "R:54,B,B,B Y:B,B,B,B R", moves: "1. R 4: 54/54  Y 3: -  R 2: 54/56"},
		{rule: "3/foot-of-the-staircase-exactly", variant: french, fen: "R:54,B,B,B Y:B,B,B,B R", moves: "1. R 4: 54/57", err: "consequence"},
		{rule: "3/staircase-1-2-3-then-6", variant: french, fen: "R:56,B,B,B Y:B,B,B,B R", moves: "1. R 1: 56/57  Y 3: -  R 2: 57/58"},
		{rule: "3/staircase-1-2-3-then-6", variant: french, fen: "R:56,B,B,B Y:B,B,B,B R", moves: "1. R 2: 56/58", err: "illegal"},
		{rule: "3/a-move-is-compulsory", variant: mejn, moves: "1. R 3: 1/4"},
		{rule: "3/a-move-is-compulsory", variant: mejn, moves: "1. R 3: -", err: "must-move"},
		{rule: "3/a-throw-is-a-die-face", variant: mejn, moves: "1. R 7: 1/8", err: "roll"},
		{rule: "3/all-home-wins", variant: papyrus, fen: "R:40,41,42,43 Y:B,B,B,B R", moves: "1. R 4: 40/44", result: "Red"},
		{rule: "3/all-home-wins", variant: papyrus, fen: "R:40,41,42,43 Y:B,B,B,B R", moves: "1. R 4: 40/44", result: "Yellow", err: "result"},
		{rule: "3/no-throw-after-the-win", variant: papyrus, fen: "R:40,41,42,43 Y:B,B,B,B R", moves: "1. R 4: 40/44  Y 6: B/1", err: "after-end"},
		{rule: "3/house-rule-no-own-capture", variant: "german-test", fen: "R:5,8,15,25 Y:1,B,B,B R", moves: "1. R 3: 5/8x", err: "illegal"},
	}
	german, err := variants.Parse("german-test.yaml", []byte("name: german-test\ngame: ludo\nextends: mens-erger-je-niet\ndescription: x\nsource: x\nrace:\n  ludo:\n    capture: {own: false, opponent: true}\n"))
	if err != nil {
		t.Fatal(err)
	}
	runRuleCases(t, cases, ludoRecord, func(c raceRuleCase) referee.Options {
		if c.variant == german.Name {
			return referee.Options{Variant: german}
		}
		return referee.Options{}
	})
}

// runRuleCases runs each case as the subtest "rule/obeys" or "rule/breaks":
// the record, made by record, reads as one game whose first error has the
// case's code (none when it obeys).
func runRuleCases(t *testing.T, cases []raceRuleCase, record func(raceRuleCase) string, options func(raceRuleCase) referee.Options) {
	t.Helper()
	for _, c := range cases {
		name := c.rule + "/obeys"
		if c.err != "" {
			name = c.rule + "/breaks"
		}
		t.Run(name, func(t *testing.T) {
			recs := raceParse(t, record(c))
			if len(recs) != 1 {
				t.Fatalf("%d games read", len(recs))
			}
			var opts referee.Options
			if options != nil {
				opts = options(c)
			}
			rep := referee.Check(recs[0], opts)
			got := ""
			for _, d := range rep.Diagnostics {
				if d.Severity == 1 {
					got = d.Code
					break
				}
			}
			if got != c.err {
				t.Fatalf("want error %q, got %q: %s\n%s", c.err, got, firstError(rep), record(c))
			}
		})
	}
}
