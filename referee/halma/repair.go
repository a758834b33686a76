package halma

import (
	"arbiter/notation"
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
	g      *halmaGame
	start  state
	line   notation.Line
	failed int
	states map[int]state // before each ply the search asks about
	walked int           // the last ply before the window walked to
}

// repair gives the move error the replay stopped at its fixes.
func (g *halmaGame) repair(start state, failed int) {
	s := &repairSite{g: g, start: start, line: g.rec.Moves, failed: failed, states: map[int]state{}}
	end := g.save()
	defer g.load(end)
	g.load(start)
	for j := 0; j < failed; j++ {
		if j >= failed-referee.RepairWindow {
			s.states[j] = g.save()
		}
		if !g.advance(s.line[j].Text) {
			return // cannot be: the replay got past it
		}
	}
	s.states[failed] = g.save()
	g.rep.AttachFixes(s.line[failed].Pos, referee.SuggestFixes(s))
}

// stateAt is the state before line[k], walked again from the start for a
// ply before the window.
func (s *repairSite) stateAt(k int) (state, bool) {
	if st, ok := s.states[k]; ok {
		return st, true
	}
	if k < 0 || k > s.failed {
		return state{}, false
	}
	j := 0
	s.g.load(s.start)
	if s.walked > 0 && s.walked <= k {
		j = s.walked // on from the last ply walked to (asked in order)
		s.g.load(s.states[j])
	}
	for ; j < k; j++ {
		if !s.g.advance(s.line[j].Text) {
			return state{}, false
		}
	}
	st := s.g.save()
	s.states[k], s.walked = st, k
	return st, true
}

func (s *repairSite) Line() notation.Line { return s.line }
func (s *repairSite) Failed() int         { return s.failed }
func (s *repairSite) Start() int          { return 0 }

func (s *repairSite) Number(k int) int {
	if st, ok := s.stateAt(k); ok {
		return st.plies/len(s.g.r.Players) + 1
	}
	return 0
}

// Alternatives are the legal moves at ply k, as the record writes moves,
// each with how like the written move it is.
func (s *repairSite) Alternatives(k, _ int) []referee.Alternative {
	st, ok := s.stateAt(k)
	if !ok {
		return nil
	}
	written := s.line[k].Text
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
	st, ok := s.stateAt(k)
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
	for j := next; j < len(s.line) && n < limit && s.g.advance(s.line[j].Text); j++ {
		n++
	}
	return n
}
