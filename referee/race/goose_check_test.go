package race

import (
	"strings"
	"testing"

	"arbiter/referee"
)

func gooseRecord(c raceRuleCase) string {
	var b strings.Builder
	b.WriteString("[Game \"goose\"]\n[Variant \"" + c.variant + "\"]\n[Players \"Anna, Bram\"]\n[Stake \"20\"]\n")
	if c.fen != "" {
		b.WriteString("[FEN \"" + c.fen + "\"]\n")
	}
	if c.result != "" {
		b.WriteString("[Result \"" + c.result + "\"]\n")
	}
	b.WriteString("\n" + c.moves + " *\n")
	return b.String()
}

// TestGooseRules: for each rule of RULES.md 4, a record that breaks it
// and one that obeys it.
func TestGooseRules(t *testing.T) {
	const nl, fr = "ganzenbord-315", "jeu-de-l-oie-315"
	cases := []raceRuleCase{
		{rule: "4/two-dice", variant: nl, moves: "1. Anna 4+3: 0/7"},
		{rule: "4/two-dice", variant: nl, moves: "1. Anna 7: 0/7", err: "roll"},
		{rule: "4/a-goose-repeats-the-throw", variant: nl, moves: "1. Anna 2+3: 0/5>10  Bram 1+1: 0/2"},
		{rule: "4/a-goose-repeats-the-throw", variant: nl, moves: "1. Anna 2+3: 0/5>11", err: "consequence"},
		{rule: "4/first-throw-4+5-to-26", variant: nl, moves: "1. Anna 4+5: 0/26  Bram 5+4: 0/26>0"},
		{rule: "4/first-throw-4+5-to-26", variant: nl, moves: "1. Anna 4+5: 0/9>18>27>36>45>54>63", err: "consequence"},
		{rule: "4/first-throw-6+3-to-53", variant: nl, moves: "1. Anna 3+6: 0/53"},
		{rule: "4/first-throw-6+3-to-53", variant: nl, moves: "1. Anna 3+6: 0/9>18", err: "consequence"},
		{rule: "4/first-throw-only", variant: nl, fen: "Anna 10, Bram 0", moves: "1. Anna 4+5: 10/19 (pays 10)"},
		{rule: "4/first-throw-only", variant: nl, fen: "Anna 10, Bram 0", moves: "1. Anna 4+5: 10/26", err: "consequence"},
		{rule: "4/an-occupied-square-sends-back", variant: nl, fen: "Anna 2, Bram 10", moves: "1. Anna 4+4: 2/10>2"},
		{rule: "4/an-occupied-square-sends-back", variant: nl, fen: "Anna 2, Bram 10", moves: "1. Anna 4+4: 2/10", err: "consequence"},
		{rule: "4/bridge-pay-5-or-10-and-go-on", variant: nl, moves: "1. Anna 1+5: 0/6>12 (pays 10)  Bram 4+2: 0/6 (pays 5)"},
		{rule: "4/bridge-pay-5-or-10-and-go-on", variant: nl, moves: "1. Anna 4+2: 0/6>12 (pays 5)", err: "consequence"},
		{rule: "4/bridge-the-choice-is-written", variant: nl, moves: "1. Anna 4+2: 0", err: "consequence"},
		{rule: "4/inn-pay-10-miss-a-turn", variant: nl, fen: "Anna 15, Bram 30", moves: "1. Anna 2+2: 15/19 (pays 10)  Bram 1+1: 30/32>34  Bram 1+1: 34/36>38  Anna 1+2: 19/22"},
		{rule: "4/inn-pay-10-miss-a-turn", variant: nl, fen: "Anna 15, Bram 30", moves: "1. Anna 2+2: 15/19  Bram 1+1: 30/32>34  Anna 1+2: 19/22", err: "turn"},
		{rule: "4/well-pay-15-and-wait", variant: nl, fen: "Anna 28, Bram 10", moves: "1. Anna 1+2: 28/31 (pays 15)  Bram 1+1: 10/12  Bram 1+2: 12/15"},
		{rule: "4/well-pay-15-and-wait", variant: nl, fen: "Anna 28, Bram 10", moves: "1. Anna 1+2: 28/31 (pays 15)  Bram 1+1: 10/12  Anna 1+2: 31/34", err: "turn"},
		{rule: "4/well-a-newcomer-frees-the-pawn", variant: nl, fen: "Anna 31 waiting, Bram 25", moves: "1. Bram 3+3: 25/31 (pays 15)  Anna 1+1: 31/33"},
		{rule: "4/well-a-newcomer-frees-the-pawn", variant: nl, fen: "Anna 31 waiting, Bram 25", moves: "1. Bram 3+3: 25/31>25", err: "consequence"},
		{rule: "4/maze-pay-5-back-to-37", variant: nl, fen: "Anna 40, Bram 0", moves: "1. Anna 1+1: 40/42>37 (pays 5)"},
		{rule: "4/maze-pay-5-back-to-37", variant: nl, fen: "Anna 40, Bram 0", moves: "1. Anna 1+1: 40/42 (pays 5)", err: "consequence"},
		{rule: "4/prison-pay-10-and-wait", variant: nl, fen: "Anna 50, Bram 10", moves: "1. Anna 1+1: 50/52 (pays 10)  Bram 1+1: 10/12  Bram 2+1: 12/15"},
		{rule: "4/prison-pay-10-and-wait", variant: nl, fen: "Anna 50, Bram 10", moves: "1. Anna 1+1: 50/52 (pays 15)", err: "consequence"},
		{rule: "4/death-pay-5-back-to-0", variant: nl, fen: "Anna 55, Bram 10", moves: "1. Anna 1+2: 55/58>0 (pays 5)"},
		{rule: "4/death-pay-5-back-to-0", variant: nl, fen: "Anna 55, Bram 10", moves: "1. Anna 1+2: 55/58>1 (pays 5)", err: "consequence"},
		{rule: "4/death-to-square-1-in-the-french-text", variant: fr, fen: "Anna 55, Bram 10", moves: "1. Anna 1+2: 55/58>1 (pays 5)"},
		{rule: "4/death-to-square-1-in-the-french-text", variant: fr, fen: "Anna 55, Bram 10", moves: "1. Anna 1+2: 55/58>0 (pays 5)", err: "consequence"},
		{rule: "4/63-exactly-count-back", variant: nl, fen: "Anna 57, Bram 10", moves: "1. Anna 4+4: 57/61"},
		{rule: "4/63-exactly-count-back", variant: nl, fen: "Anna 57, Bram 10", moves: "1. Anna 4+4: 57/63", err: "consequence"},
		{rule: "4/a-goose-met-counting-back-counts-back-again", variant: nl, fen: "Anna 62, Bram 10", moves: "1. Anna 2+3: 62/59>54>49"},
		{rule: "4/a-goose-met-counting-back-counts-back-again", variant: nl, fen: "Anna 62, Bram 10", moves: "1. Anna 2+3: 62/59", err: "consequence"},
		{rule: "4/the-winner-takes-the-pot", variant: nl, fen: "Anna 60, Bram 10", moves: "1. Anna 1+2: 60/63", result: "Anna"},
		{rule: "4/the-winner-takes-the-pot", variant: nl, fen: "Anna 60, Bram 10", moves: "1. Anna 1+2: 60/63", result: "Bram", err: "result"},
		{rule: "4/no-throw-after-63", variant: nl, fen: "Anna 60, Bram 10", moves: "1. Anna 1+2: 60/63  Bram 1+1: 10/12", err: "after-end"},
	}
	t.Run("4/a-pawn-that-cannot-pay-plays-on-its-debt-reported", func(t *testing.T) {
		c := raceRuleCase{variant: nl, fen: "Anna 15, Bram 30", moves: "1. Anna 2+2: 15/19 (pays 10)  Bram 1+1: 30/32>34"}
		text := strings.Replace(gooseRecord(c), "[Stake \"20\"]", "[Stake \"20\"]\n[Purse \"4\"]", 1)
		rep := referee.Check(raceParse(t, text)[0], referee.Options{})
		if rep.Errors() > 0 || !strings.Contains(rep.Result.Reason, "Anna on 19 paid 10 (could not pay 6: a debt)") || !strings.Contains(rep.Result.Reason, "pot 50") {
			t.Fatalf("%s %+v", firstError(rep), rep.Result)
		}
	})
	runRuleCases(t, cases, gooseRecord, nil)
}
