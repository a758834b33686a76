package race

import (
	"strings"
	"testing"
)

func horseRecord(c raceRuleCase) string {
	var b strings.Builder
	b.WriteString("[Game \"horse-race\"]\n[Variant \"" + c.variant + "\"]\n[Players \"Anna, Bram\"]\n")
	if c.fen != "" {
		b.WriteString("[Horses \"2\"]\n[FEN \"" + c.fen + "\"]\n")
	}
	if c.result != "" {
		b.WriteString("[Result \"" + c.result + "\"]\n")
	}
	b.WriteString("\n" + c.moves + " *\n")
	return b.String()
}

// TestHorseRules: for each rule of RULES.md 7, a record that breaks it
// and one that obeys it. The records start from the start (no FEN): the
// obstacles of the first lap are reached by the throws themselves.
func TestHorseRules(t *testing.T) {
	const nl = "wedrenspel-315"
	cases := []raceRuleCase{
		{rule: "7/one-die", variant: nl, moves: "1. Anna 5: 0/5  Bram 2: 0/2"},
		{rule: "7/one-die", variant: nl, moves: "1. Anna 2+3: 0/5", err: "roll"},
		{rule: "7/a-3-throws-again", variant: nl, moves: "1. Anna 3: 0/3 2: 3/5  Bram 2: 0/2"},
		{rule: "7/a-3-throws-again", variant: nl, moves: "1. Anna 3: 0/3  Bram 2: 0/2", err: "turn"},
		{rule: "7/turns-go-round", variant: nl, moves: "1. Anna 5: 0/5  Bram 2: 0/2  Anna 1: 5/6"},
		{rule: "7/turns-go-round", variant: nl, moves: "1. Anna 5: 0/5  Anna 1: 5/6", err: "turn"},
		{rule: "7/4-go-back-4", variant: nl, moves: "1. Anna 4: 0/4>0"},
		{rule: "7/4-go-back-4", variant: nl, moves: "1. Anna 4: 0/4", err: "consequence"},
		{rule: "7/8-miss-a-turn", variant: nl, moves: "1. Anna 6: 0/6  Bram 2: 0/2  Anna 2: 6/8  Bram 1: 2/3  Bram 2: 3/5  Anna 1: 8/9"},
		{rule: "7/8-miss-a-turn", variant: nl, moves: "1. Anna 6: 0/6  Bram 2: 0/2  Anna 2: 6/8  Bram 1: 2/3  Anna 1: 8/9", err: "turn"},
		{rule: "7/14-back-to-9", variant: nl, moves: "1. Anna 6: 0/6  Bram 1: 0/1  Anna 6: 6/12  Bram 1: 1/2  Anna 2: 12/14>9"},
		{rule: "7/14-back-to-9", variant: nl, moves: "1. Anna 6: 0/6  Bram 1: 0/1  Anna 6: 6/12  Bram 1: 1/2  Anna 2: 12/14", err: "consequence"},
		{rule: "7/21-half-the-next-throw", variant: nl, moves: "1. Anna 6: 0/6  Bram 1: 0/1  Anna 6: 6/12  Bram 1: 1/2  Anna 5: 12/17  Bram 1: 2/3  Anna 4: 17/21  Bram 1: 3/4>0  Anna 5: 21/23"},
		{rule: "7/21-half-the-next-throw", variant: nl, moves: "1. Anna 6: 0/6  Bram 1: 0/1  Anna 6: 6/12  Bram 1: 1/2  Anna 5: 12/17  Bram 1: 2/3  Anna 4: 17/21  Bram 1: 3/4>0  Anna 5: 21/26", err: "consequence"},
		// The half throw is spent after one turn: the throw after it counts in full.
		{rule: "7/21-half-the-next-throw", variant: nl, moves: "1. Anna 6: 0/6  Bram 1: 0/1  Anna 6: 6/12  Bram 1: 1/2  Anna 5: 12/17  Bram 1: 2/3  Anna 4: 17/21  Bram 1: 3/4>0  Anna 5: 21/23  Bram 1: 0/1  Anna 2: 23/25"},
		{rule: "7/21-half-the-next-throw", variant: nl, moves: "1. Anna 6: 0/6  Bram 1: 0/1  Anna 6: 6/12  Bram 1: 1/2  Anna 5: 12/17  Bram 1: 2/3  Anna 4: 17/21  Bram 1: 3/4>0  Anna 5: 21/23  Bram 1: 0/1  Anna 2: 23/24", err: "consequence"},
		{rule: "7/25-miss-two-turns", variant: nl, moves: "1. Anna 6: 0/6  Bram 1: 0/1  Anna 6: 6/12  Bram 1: 1/2  Anna 6: 12/18  Bram 1: 2/3  Anna 1: 18/19  Bram 1: 3/4>0  Anna 6: 19/25  Bram 1: 0/1  Bram 1: 1/2  Bram 1: 2/3  Anna 1: 25/26"},
		{rule: "7/25-miss-two-turns", variant: nl, moves: "1. Anna 6: 0/6  Bram 1: 0/1  Anna 6: 6/12  Bram 1: 1/2  Anna 6: 12/18  Bram 1: 2/3  Anna 1: 18/19  Bram 1: 3/4>0  Anna 6: 19/25  Bram 1: 0/1  Bram 1: 1/2  Anna 1: 25/26", err: "turn"},
		{rule: "7/28-back-by-the-throw", variant: nl, moves: "1. Anna 6: 0/6  Bram 1: 0/1  Anna 6: 6/12  Bram 1: 1/2  Anna 5: 12/17  Bram 1: 2/3  Anna 6: 17/23  Bram 2: 3/5  Anna 5: 23/28>23"},
		{rule: "7/28-back-by-the-throw", variant: nl, moves: "1. Anna 6: 0/6  Bram 1: 0/1  Anna 6: 6/12  Bram 1: 1/2  Anna 5: 12/17  Bram 1: 2/3  Anna 6: 17/23  Bram 2: 3/5  Anna 5: 23/28>24", err: "consequence"},
		{rule: "7/34-wait-until-all-have-passed", variant: nl, moves: "1. Anna 6: 0/6  Bram 1: 0/1  Anna 6: 6/12  Bram 1: 1/2  Anna 6: 12/18  Bram 1: 2/3  Anna 2: 18/20  Bram 1: 3/4>0  Anna 6: 20/26  Bram 1: 0/1  Anna 2: 26/28>26  Bram 1: 1/2  Anna 2: 26/28>26  Bram 2: 2/4>0  Anna 6: 26/32  Bram 1: 0/1  Anna 2: 32/34  Bram 2: 1/3 6: 3/9"},
		{rule: "7/34-wait-until-all-have-passed", variant: nl, moves: "1. Anna 6: 0/6  Bram 1: 0/1  Anna 6: 6/12  Bram 1: 1/2  Anna 6: 12/18  Bram 1: 2/3  Anna 2: 18/20  Bram 1: 3/4>0  Anna 6: 20/26  Bram 1: 0/1  Anna 2: 26/28>26  Bram 1: 1/2  Anna 2: 26/28>26  Bram 2: 2/4>0  Anna 6: 26/32  Bram 1: 0/1  Anna 2: 32/34  Bram 2: 1/3 6: 3/9  Anna 1: 34/35", err: "turn"},
		{rule: "7/74-out-of-the-race", variant: nl, fen: "Anna 70, Anna 10, Bram 20, Bram 30", moves: "1. Anna 4: 70/74  Bram 1: 20/21  Anna 2: 10/12"},
		{rule: "7/74-out-of-the-race", variant: nl, fen: "Anna 70, Anna 10, Bram 20, Bram 30", moves: "1. Anna 4: 70/74  Bram 1: 20/21  Anna 2: 74/76", err: "illegal"},
		{rule: "7/choose-which-horse", variant: nl, fen: "Anna 70, Anna 10, Bram 20, Bram 30", moves: "1. Anna 2: 10/12  Bram 2: 30/32  Anna 2: 70/72"},
		{rule: "7/choose-which-horse", variant: nl, fen: "Anna 70, Anna 10, Bram 20, Bram 30", moves: "1. Anna 2: 20/22", err: "illegal"},
		{rule: "7/past-80-finishes-the-first-wins", variant: nl, fen: "Anna 78, Anna 10, Bram 20, Bram 30", result: "Anna", moves: "1. Anna 6: 78/84  Bram 1: 20/21  Anna 1: 10/11"},
		{rule: "7/past-80-finishes-the-first-wins", variant: nl, fen: "Anna 78, Anna 10, Bram 20, Bram 30", result: "Bram", moves: "1. Anna 6: 78/84", err: "result"},
		{rule: "7/a-finished-horse-does-not-run", variant: nl, fen: "Anna 78, Anna 10, Bram 20, Bram 30", moves: "1. Anna 6: 78/84  Bram 1: 20/21  Anna 1: 84/85", err: "illegal"},
		{rule: "7/a-move-is-compulsory", variant: nl, moves: "1. Anna 5: -", err: "must-move"},
		{rule: "7/the-result-is-the-first-horse-home", variant: nl, moves: "1. Anna 5: 0/5", result: "Anna", err: "result"},
	}
	runRuleCases(t, cases, horseRecord, nil)
}
