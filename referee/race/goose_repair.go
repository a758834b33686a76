package race

import (
	"slices"

	"arbiter/notation"
	racenot "arbiter/notation/race"
	"arbiter/referee"
)

// The Game of the Goose as the repair search drives it (repair.go).

type gooseState struct {
	s     GooseState
	last  lastThrow
	round int
}

func (s *GooseState) clone() GooseState {
	c := *s
	c.Square, c.Miss, c.Waiting = slices.Clone(s.Square), slices.Clone(s.Miss), slices.Clone(s.Waiting)
	c.Started, c.Paid = slices.Clone(s.Started), slices.Clone(s.Paid)
	return c
}

func (g *gooseGame) save() any { return gooseState{g.s.clone(), g.last, g.round} }

func (g *gooseGame) load(v any) {
	st := v.(gooseState)
	s := st.s.clone()
	g.s, g.last, g.round = &s, st.last, st.round
}

func (g *gooseGame) roundNow() int { return g.round }

func (g *gooseGame) advance(m *notation.Move) bool { return g.throw(m, true) == throwPlayed }

// alternatives are every throw of the game's dice with every choice it
// leaves, written as the record writes throws (with the player's name when
// it writes one).
func (g *gooseGame) alternatives(written string) []referee.Alternative {
	if g.s.Winner >= 0 || g.s.Turn < 0 {
		return nil
	}
	who := ""
	if wt, err := racenot.ParseMove(written); err == nil && wt.Player != "" {
		who = g.players[g.s.Turn] + " "
	}
	var out []referee.Alternative
	sec := SectionOf(g.v)
	for _, dice := range allThrows(sec.Dice, sec.Faces) {
		for _, c := range g.r.Choices(g.s, dice) {
			text := who + gooseMoveText(dice, c)
			cost, why := throwLikeness(written, text)
			out = append(out, referee.Alternative{Text: text, Cost: cost, Why: why})
		}
	}
	return out
}
