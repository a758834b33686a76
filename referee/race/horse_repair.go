package race

import (
	"slices"

	"arbiter/notation"
	racenot "arbiter/notation/race"
	"arbiter/referee"
)

// The horse race as the repair search drives it (repair.go).

type horseState struct {
	s     HorseState
	last  lastThrow
	round int
}

func (g *horseGame) save() any {
	s := *g.s
	s.Horses = slices.Clone(g.s.Horses)
	return horseState{s, g.last, g.round}
}

func (g *horseGame) load(v any) {
	st := v.(horseState)
	s := st.s
	s.Horses = slices.Clone(st.s.Horses)
	g.s, g.last, g.round = &s, st.last, st.round
}

func (g *horseGame) roundNow() int { return g.round }

func (g *horseGame) advance(m *notation.Move) bool { return g.throw(m, true) == throwPlayed }

// alternatives are every throw of the game's dice with every horse it may
// move, written as the record writes throws (with the player's name when
// it writes one).
func (g *horseGame) alternatives(written string) []referee.Alternative {
	if g.s.Over {
		return nil
	}
	who := ""
	if wt, err := racenot.ParseMove(written); err == nil && wt.Player != "" {
		who = g.players[g.s.Turn] + " "
	}
	var out []referee.Alternative
	sec := SectionOf(g.v)
	for _, dice := range allThrows(sec.Dice, sec.Faces) {
		d := 0
		for _, x := range dice {
			d += x
		}
		opts := g.r.Options(g.s, d)
		if !slices.ContainsFunc(opts, func(o HorseMove) bool { return o.Steps > 0 }) {
			opts = []HorseMove{{Horse: -1}}
		}
		for _, o := range opts {
			text := who + horseMoveText(dice, o)
			cost, why := throwLikeness(written, text)
			out = append(out, referee.Alternative{Text: text, Cost: cost, Why: why})
		}
	}
	return out
}
