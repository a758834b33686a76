package race

import (
	"fmt"
	"slices"

	"arbiter/variants"
)

// Goose is a Game-of-the-Goose rule set ready to play.
type Goose struct {
	R *Section
	G *GooseParams
	// ForwardMay: moving on from a goose reached going forwards is the
	// player's choice ("mag nogmaals ... vooruitgaan", "est permis
	// d'avancer"); counting back from the last square it never is ("moet",
	// "on doit reculer").
	ForwardMay bool
}

// NewGoose builds the engine rules of a Goose variant.
func NewGoose(v *variants.Variant) (*Goose, error) {
	if SectionOf(v) == nil || SectionOf(v).Goose == nil {
		return nil, fmt.Errorf("variant %s is not a Goose variant", v.Name)
	}
	g := SectionOf(v).Goose
	return &Goose{R: SectionOf(v), G: g, ForwardMay: g.Forward == GooseMay}, nil
}

// GooseState: each player's pawn, turns to miss, waiting, payments.
type GooseState struct {
	Square  []int
	Miss    []int  // turns still to miss
	Waiting []bool // in the well or the prison
	Started []bool // has thrown once
	Paid    []int
	Turn    int
	Winner  int // -1 while the game goes on
	Throws  int
}

// Start sets up n players at square 0.
func (r *Goose) Start(n int) *GooseState {
	return &GooseState{Square: make([]int, n), Miss: make([]int, n), Waiting: make([]bool, n),
		Started: make([]bool, n), Paid: make([]int, n), Winner: -1}
}

// GooseMove is what a throw does: the squares the pawn stops on, what it
// pays, and whom it frees.
type GooseMove struct {
	From    int
	Path    []int
	Pay     int
	Freed   int // player freed from a well or prison, -1
	Special string
	// Alt is the other choice at a square with a choice (the bridge):
	// Path/Pay when the player takes it. nil when there is no choice.
	Alt *GooseMove
	// Stay is the goose the pawn stayed on instead of moving on (only
	// where moving on is a choice, see ForwardMay); 0 when it moved on from
	// every goose it reached.
	Stay int
}

func (r *Goose) square(n int) *GooseSquare {
	for i := range r.G.Squares {
		if r.G.Squares[i].Square == n {
			return &r.G.Squares[i]
		}
	}
	return nil
}

func (r *Goose) occupant(s *GooseState, me, sq int) int {
	for p, q := range s.Square {
		if p != me && q == sq && sq != 0 && s.Winner != p {
			return p
		}
	}
	return -1
}

// Move computes what throw dice does for the player to move. When the
// landing square offers a choice (the bridge), Move is the default (pay
// and stay) and Alt the other.
func (r *Goose) Move(s *GooseState, dice []int) GooseMove {
	me := s.Turn
	from := s.Square[me]
	m := GooseMove{From: from, Freed: -1}
	n := 0
	for _, d := range dice {
		n += d
	}
	at := -1
	if !s.Started[me] {
		if at = r.firstThrow(dice); at >= 0 {
			m.Path = []int{at}
		}
	}
	if at < 0 {
		m.Path, _ = r.chain(from, n)
		at = m.Path[len(m.Path)-1]
	}
	return r.land(s, me, m, at)
}

// chain is the squares a throw of n from square from stops on, moving on
// from every goose: the landing square, then a square per goose.
// forward[i] says whether Path[i] was reached going forwards.
func (r *Goose) chain(from, n int) (path []int, forward []bool) {
	at, dir := from, 1
	// Going forwards the squares rise, counting back they fall: no goose
	// is met twice in one direction.
	for k := 0; k <= 2*len(r.G.Geese); k++ {
		at, dir = r.step(at, dir, n)
		path = append(path, at)
		forward = append(forward, dir > 0)
		if !slices.Contains(r.G.Geese, at) {
			break
		}
	}
	return path, forward
}

// Choices lists every move throw dice allows the player to move, each
// choice a move of its own (Alt nil): the common play first (Move:
// moving on from every goose, paying the bridge's plain fine), then its
// alternative at the bridge, then, where moving on from a goose reached
// going forwards is the player's choice (ForwardMay), staying on each such
// goose, nearest last.
func (r *Goose) Choices(s *GooseState, dice []int) []GooseMove {
	var out []GooseMove
	add := func(m GooseMove) {
		alt := m.Alt
		m.Alt = nil
		out = append(out, m)
		if alt != nil {
			alt.Stay = m.Stay
			out = append(out, *alt)
		}
	}
	add(r.Move(s, dice))
	if !r.ForwardMay {
		return out
	}
	me, from := s.Turn, s.Square[s.Turn]
	n := 0
	for _, d := range dice {
		n += d
	}
	if !s.Started[me] && r.firstThrow(dice) >= 0 {
		return out
	}
	path, forward := r.chain(from, n)
	for k := len(path) - 2; k >= 0; k-- {
		if !forward[k] {
			continue
		}
		m := r.land(s, me, GooseMove{From: from, Freed: -1, Path: slices.Clone(path[:k+1])}, path[k])
		m.Stay = path[k]
		add(m)
	}
	return out
}

// firstThrow is where a first throw of dice goes straight to, or -1.
func (r *Goose) firstThrow(dice []int) int {
	for _, f := range r.G.FirstThrow {
		if sameDice(f.Dice, dice) {
			return f.To
		}
	}
	return -1
}

// step moves n squares in direction dir, counting back from the last.
func (r *Goose) step(at, dir, n int) (int, int) {
	at += dir * n
	if at > r.G.Last {
		at, dir = 2*r.G.Last-at, -1
	}
	if at < 0 {
		at = 0
	}
	return at, dir
}

// land applies the occupied-square rule and the special square.
func (r *Goose) land(s *GooseState, me int, m GooseMove, at int) GooseMove {
	sp := r.square(at)
	if o := r.occupant(s, me, at); o >= 0 && at != r.G.Last {
		if sp != nil && sp.Wait && s.Waiting[o] && r.G.Rescue == "release" {
			m.Freed = o
		} else if r.G.Occupied == "back" {
			m.Path = append(m.Path, m.From)
			m.Special = "occupied"
			return m
		}
	}
	if sp == nil {
		return m
	}
	m.Special = sp.Name
	m.Pay = sp.Pay
	if sp.To != nil {
		m.Path = append(m.Path, *sp.To)
	}
	if sp.ChoiceTo != nil {
		alt := m
		alt.Path = append(slices.Clone(m.Path), *sp.ChoiceTo)
		alt.Pay = sp.ChoicePay
		alt.Alt = nil
		m.Alt = &alt
	}
	return m
}

func sameDice(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// Play makes the move of the player to move and passes the turn on to
// the next player who is not missing a turn or waiting.
func (r *Goose) Play(s *GooseState, m GooseMove) {
	me := s.Turn
	s.Throws++
	s.Started[me] = true
	to := m.Path[len(m.Path)-1]
	s.Square[me] = to
	s.Paid[me] += m.Pay
	if m.Freed >= 0 {
		s.Waiting[m.Freed] = false
	}
	if sp := r.square(to); sp != nil && m.Special == sp.Name {
		s.Miss[me] = sp.Miss
		s.Waiting[me] = sp.Wait
	}
	if to == r.G.Last {
		s.Winner = me
		return
	}
	r.next(s)
}

// next passes the turn to the next player able to throw; turns missed
// are used up on the way. When every pawn waits, nobody can throw: Turn
// is -1.
func (r *Goose) next(s *GooseState) {
	n := len(s.Square)
	for k := 0; k < 4*n+4; k++ {
		s.Turn = (s.Turn + 1) % n
		switch {
		case s.Waiting[s.Turn]:
		case s.Miss[s.Turn] > 0:
			s.Miss[s.Turn]--
		default:
			return
		}
	}
	s.Turn = -1
}
