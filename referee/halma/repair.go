package halma

import (
	halmanot "arbiter/notation/halma"
	"arbiter/referee"
)

// The repair search (referee.SuggestFixes) at a main-line move error of a
// Halma game: a square of a jump chain written wrong, a step for a jump,
// a move left out or written twice. It runs only for a game whose replay
// stopped at such an error.

// state is what a replay carries from ply to ply.
type state struct {
	pos     Position
	plies   int
	canMove bool
	out     Outcome
	overAt  int
}

func (g *halmaGame) save() state { return state{g.pos, g.plies, g.canMove, g.out, g.overAt} }

func (g *halmaGame) load(s state) {
	g.pos, g.plies, g.canMove, g.out, g.overAt = s.pos, s.plies, s.canMove, s.out, s.overAt
}

// advance plays a written move silently, as the replay would.
func (g *halmaGame) advance(text string) bool {
	if g.out.Over {
		return false
	}
	mt, err := halmanot.ParseMove(text)
	if err != nil {
		return false
	}
	mv, _, why := g.match(mt)
	if why != "" {
		return false
	}
	g.pos = g.r.Play(g.pos, mv)
	g.plies++
	g.update()
	return true
}

// repairSite is the replay of g stopped at the main line's move failed.
type repairSite struct {
	*referee.Walk[state]
	g *halmaGame
}

// repair gives the move error the replay stopped at its fixes.
func (g *halmaGame) repair(start state, failed int) {
	end := g.save()
	defer g.load(end)
	line := g.rec.Moves
	advance := func(j int) int {
		if g.advance(line[j].Text) {
			return 1
		}
		return 0
	}
	walk, ok := referee.NewWalk(line, g.save, g.load, advance, start, failed)
	if !ok {
		return // cannot be: the replay got past it
	}
	s := &repairSite{Walk: walk, g: g}
	g.rep.AttachFixes(line[failed].Pos, referee.SuggestFixes(s))
}

func (s *repairSite) Number(k int) int {
	if st, ok := s.At(k); ok {
		return st.plies/len(s.g.r.Players) + 1
	}
	return 0
}

// Alternatives are the legal moves at ply k, as the record writes moves,
// each with how like the written move it is.
func (s *repairSite) Alternatives(k, _ int) []referee.Alternative {
	st, ok := s.At(k)
	if !ok {
		return nil
	}
	written := s.Line()[k].Text
	var out []referee.Alternative
	for _, mv := range s.g.r.Legal(&st.pos, nil) {
		text := s.g.r.Format(mv)
		cost, why := referee.Likeness(written, text, nil)
		out = append(out, referee.Alternative{Text: text, Cost: cost, Why: why})
	}
	return out
}

// Replay plays first, then the written moves from next on, from the state
// before line[k].
func (s *repairSite) Replay(k int, first []string, next, limit int) int {
	st, ok := s.At(k)
	if !ok {
		return -1
	}
	s.g.load(st)
	for _, text := range first {
		if !s.g.advance(text) {
			return -1
		}
	}
	n := 0
	for j := next; j < len(s.Line()) && n < limit && s.g.advance(s.Line()[j].Text); j++ {
		n++
	}
	return n
}
