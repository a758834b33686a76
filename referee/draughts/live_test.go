package draughts

import (
	"fmt"
	"strings"
	"testing"

	"arbiter/referee"
)

// A Line played move by move ends where the replay of the same moves as a
// record ends, with the same outcome and reason: the live referee of
// 'arbiter match' and 'arbiter check' are one bookkeeping.
func TestLineEndsWhereCheckDoes(t *testing.T) {
	intl := mustVariant(t, "international")
	for _, c := range []struct {
		fen    string
		plies  int
		reason string
	}{
		{"W:WK46,K47:BK4", 10, "two pieces or a king against a lone king: 5 moves by each side"},
		// (a king against a king is not "two pieces against a lone king")
		{"W:WK46:BK4", 10, "two pieces or a king against a lone king: 5 moves by each side"},
		{"W:WK46,31,32,33:BK5,18,19,20", 8, "the same position for the third time"},
	} {
		rules, _, err := RulesOf(intl)
		if err != nil {
			t.Fatal(err)
		}
		start, err := PositionOf(intl, c.fen)
		if err != nil {
			t.Fatal(err)
		}
		line, err := NewLine(intl, start)
		if err != nil {
			t.Fatal(err)
		}
		// Quiet king moves until the line says it is over: towards new
		// positions for the endgame rule, back to seen ones for the
		// repetition.
		seen := map[Position]int{start: 1}
		var moves []string
		for ply := 0; ply < 40; ply++ {
			if _, _, over := line.Over(); over {
				break
			}
			repeat := strings.Contains(c.reason, "same position")
			var pick Move
			best := -1
			for _, mv := range line.Legal() {
				p := line.Position()
				if !p.At(mv.From).IsKing() || mv.IsCapture() {
					continue
				}
				n := seen[rules.Play(p, mv)]
				score := n
				if !repeat {
					score = -n
				}
				if score > best || best == -1 {
					pick, best = mv, score
				}
			}
			moves = append(moves, line.MoveText(pick))
			line.Play(pick)
			seen[line.Position()]++
		}
		o, why, over := line.Over()
		if !over || o != referee.Drawn || !strings.Contains(why, c.reason) {
			t.Fatalf("%s: over %v, %v, %q after %v", c.fen, over, o, why, moves)
		}
		// The same moves as a record: check derives the same end.
		var b strings.Builder
		fmt.Fprintf(&b, "[FEN %q] [Result %q] ", c.fen, line.ResultText(o))
		for _, m := range moves {
			b.WriteString(m + " ")
		}
		b.WriteString(line.ResultText(o))
		rep := checkText(t, intl, b.String())[0]
		if rep.Verdict != referee.Valid || rep.Result.Reason != why || rep.Result.Derived != "1-1" {
			t.Errorf("%s: check says %s, %q, %q; the line said %q\n%s", c.fen, rep.Verdict, rep.Result.Derived, rep.Result.Reason, why, b.String())
		}
		if line.Plies() != len(moves) || line.GameType() != "20,W,10,10,N2,0" || !strings.HasPrefix(line.FEN(), "W:") && !strings.HasPrefix(line.FEN(), "B:") {
			t.Errorf("plies %d, GameType %q, FEN %q", line.Plies(), line.GameType(), line.FEN())
		}
	}
}
