package draughts

import (
	"fmt"

	"arbiter/referee"
)

// Counters are the draw rules' counts in the position now, as a person
// reads them (the language server's hover): the repetitions of this
// position, the moves with kings only, the endgame rule in force. A rule
// the variant does not have, or that has not started counting, says
// nothing.
func (l *Line) Counters() []string {
	st := l.st
	draw := SectionOf(l.g.c.variant).Draw
	var out []string
	if r, n := draw.Repetition, st.seen.count(&st.pos); r != nil && n > 1 {
		out = append(out, fmt.Sprintf("repetition: this position for the %s time (%d: %s)", referee.Ordinal(n), r.Count, r.Effect))
	}
	if r := draw.KingMoves; r != nil && st.kingOnly > 0 {
		out = append(out, fmt.Sprintf("kings only, no capture: %d plies of %d (%d moves by each side: %s)", st.kingOnly, 2*r.Count, r.Count, r.Effect))
	}
	if st.endgame != 0 {
		i := st.endgame - 1
		e := &l.g.c.endgames.rules[i]
		out = append(out, fmt.Sprintf("endgame %s: %d plies of %d (%d moves by each side)", e.Name, st.plies-int(st.endSince[i]), 2*e.Moves, e.Moves))
	}
	return out
}
