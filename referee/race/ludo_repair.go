package race

import (
	"arbiter/notation"
	racenot "arbiter/notation/race"
	"arbiter/referee"
)

// The repair search (referee.SuggestFixes) at a throw of a Ludo-family
// record that cannot stand: the throw written wrong (a 4 for a 3), the
// piece (its square) or its landing square, the colour letter, a throw
// left out or written twice. The throw after it tells which: with the
// right throw the rest of the game replays.

// ludoState is what the replay carries from throw to throw.
type ludoState struct {
	s     *State
	last  lastThrow
	round int
}

func (g *ludoGame) save() any { return ludoState{g.s.Clone(), g.last, g.round} }

func (g *ludoGame) load(v any) {
	st := v.(ludoState)
	g.s, g.last, g.round = st.s.Clone(), st.last, st.round
}

func (g *ludoGame) roundNow() int { return g.round }

func (g *ludoGame) advance(m *notation.Move) bool { return g.throw(m, true) == throwPlayed }

// alternatives are every throw of the game's dice with every use of it,
// written as the record writes throws (with the colour letter when it
// writes one).
func (g *ludoGame) alternatives(written string) []referee.Alternative {
	wt, err := racenot.ParseMove(written)
	letter := ""
	if err == nil && wt.Player != "" {
		letter = SectionOf(g.v).Colours[g.s.Colour()].Letter + " "
	}
	var out []referee.Alternative
	sec := SectionOf(g.v)
	for _, dice := range allThrows(sec.Dice, sec.Faces) {
		d := 0
		for _, x := range dice {
			d += x
		}
		opts := g.r.Options(g.s, d)
		if len(opts) == 0 {
			opts = []Option{Pass}
		}
		for _, o := range opts {
			text := letter + ludoOptionText(dice, o)
			cost, why := throwLikeness(written, text)
			out = append(out, referee.Alternative{Text: text, Cost: cost, Why: why})
		}
	}
	return out
}
