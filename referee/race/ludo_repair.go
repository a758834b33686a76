package race

import (
	"fmt"
	"slices"
	"strconv"

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

func (g *ludoGame) save() ludoState { return ludoState{g.s.Clone(), g.last, g.round} }

func (g *ludoGame) load(st ludoState) { g.s, g.last, g.round = st.s.Clone(), st.last, st.round }

// advance plays a written throw silently, as the replay would.
func (g *ludoGame) advance(m *notation.Move) bool {
	if m.Number > 0 {
		g.round = m.Number
	}
	if g.s.Winner >= 0 {
		return false
	}
	mt, err := racenot.ParseMove(m.Text)
	if err != nil {
		return false
	}
	c := g.s.Colour()
	if mt.Player != "" && !g.is(c, mt.Player) || notAThrow(SectionOf(g.v), mt.Dice) != "" || mt.Pays >= 0 {
		return false
	}
	d := mt.Sum()
	o, _, why := g.match(mt, d, g.r.Options(g.s, d))
	if why != "" {
		return false
	}
	g.last = lastThrow{player: c, d: d, extra: g.s.Extra}
	g.r.Play(g.s, d, o)
	return true
}

// ludoSite is the replay of g stopped at the main line's throw failed.
type ludoSite struct {
	g      *ludoGame
	start  ludoState
	line   notation.Line
	failed int
	states map[int]ludoState
	walked int // the last throw before the window walked to
}

// repair gives the throw the replay stopped at its fixes.
func (g *ludoGame) repair(start ludoState, failed int) {
	s := &ludoSite{g: g, start: start, line: g.rec.Moves, failed: failed, states: map[int]ludoState{}}
	end := g.save()
	defer g.load(end)
	g.load(start)
	for j := 0; j < failed; j++ {
		if j >= failed-referee.RepairWindow {
			s.states[j] = g.save()
		}
		if !g.advance(s.line[j]) {
			return // cannot be: the replay got past it
		}
	}
	s.states[failed] = g.save()
	g.rep.AttachFixes(s.line[failed].Pos, referee.SuggestFixes(s))
}

// stateAt is the state before line[k], walked again from the start for a
// throw before the window.
func (s *ludoSite) stateAt(k int) (ludoState, bool) {
	if st, ok := s.states[k]; ok {
		return st, true
	}
	if k < 0 || k > s.failed {
		return ludoState{}, false
	}
	j := 0
	s.g.load(s.start)
	if s.walked > 0 && s.walked <= k {
		j = s.walked // on from the last throw walked to (asked in order)
		s.g.load(s.states[j])
	}
	for ; j < k; j++ {
		if !s.g.advance(s.line[j]) {
			return ludoState{}, false
		}
	}
	st := s.g.save()
	s.states[k], s.walked = st, k
	return st, true
}

func (s *ludoSite) Line() notation.Line { return s.line }
func (s *ludoSite) Failed() int         { return s.failed }
func (s *ludoSite) Start() int          { return 0 }

func (s *ludoSite) Number(k int) int {
	if st, ok := s.stateAt(k); ok {
		return st.round
	}
	return 0
}

// Alternatives are the throws that could stand at ply k: every throw of
// the game's dice with every use of it, written as the record writes
// throws (with the colour letter when it writes one).
func (s *ludoSite) Alternatives(k, _ int) []referee.Alternative {
	st, ok := s.stateAt(k)
	if !ok {
		return nil
	}
	g := s.g
	written := s.line[k].Text
	wt, err := racenot.ParseMove(written)
	letter := ""
	if err == nil && wt.Player != "" {
		letter = SectionOf(g.v).Colours[st.s.Colour()].Letter + " "
	}
	var out []referee.Alternative
	sec := SectionOf(g.v)
	for _, dice := range allThrows(sec.Dice, sec.Faces) {
		d := 0
		for _, x := range dice {
			d += x
		}
		opts := g.r.Options(st.s, d)
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

// allThrows lists every throw of n dice of faces faces, in order.
func allThrows(n, faces int) [][]int {
	if n <= 0 || n > 3 || faces <= 0 || faces > 20 {
		return nil
	}
	out := [][]int{{}}
	for i := 0; i < n; i++ {
		var next [][]int
		for _, t := range out {
			for f := 1; f <= faces; f++ {
				next = append(next, append(slices.Clone(t), f))
			}
		}
		out = next
	}
	return out
}

// throwLikeness says how like a written throw another is, as a slip of
// the pen: one of its parts written wrong (the colour letter, the dice,
// the piece's square, its landing square).
func throwLikeness(written, other string) (int, string) {
	w, errW := racenot.ParseMove(written)
	o, errO := racenot.ParseMove(other)
	if errW != nil || errO != nil {
		return referee.Likeness(written, other, nil)
	}
	samePiece := w.Pass == o.Pass && w.FromBase == o.FromBase && (w.FromBase || w.Pass || w.From == o.From)
	sameDice := slices.Equal(w.Dice, o.Dice)
	landing := func(m racenot.MoveText) int {
		if len(m.Path) == 0 {
			return -1
		}
		return m.Path[0]
	}
	sameTo := len(w.Path) == 0 || landing(w) == landing(o)
	var diff []string
	if !sameDice {
		diff = append(diff, fmt.Sprintf("the throw %s for %s", dice(w.Dice), dice(o.Dice)))
	}
	if !samePiece {
		diff = append(diff, "the piece")
	}
	if !sameTo {
		diff = append(diff, fmt.Sprintf("its landing square %d for %d", landing(w), landing(o)))
	}
	if w.Player != "" && o.Player != "" && !sameName(w.Player, o.Player) {
		if len(diff) == 0 {
			return referee.CostTransposed, fmt.Sprintf("%s for %s, the colour to throw", w.Player, o.Player)
		}
		diff = append(diff, "the colour letter")
	}
	switch len(diff) {
	case 0:
		return referee.CostTransposed, "the same throw"
	case 1:
		return referee.CostNear, diff[0]
	case 2:
		if !sameDice && !sameTo && samePiece {
			return referee.CostOneSquare, diff[0] + ", " + diff[1] // the dice and where they take the piece
		}
	}
	return referee.CostOther, "another throw"
}

func dice(d []int) string {
	var s string
	for i, x := range d {
		if i > 0 {
			s += "+"
		}
		s += strconv.Itoa(x)
	}
	return s
}

// Replay plays first, then the written throws from next on, from the
// state before line[k].
func (s *ludoSite) Replay(k int, first []string, next, limit int) int {
	st, ok := s.stateAt(k)
	if !ok {
		return -1
	}
	g := s.g
	g.load(st)
	for _, text := range first {
		if !g.advance(&notation.Move{Text: text}) {
			return -1
		}
	}
	n := 0
	for j := next; j < len(s.line) && n < limit && g.advance(s.line[j]); j++ {
		n++
	}
	return n
}
