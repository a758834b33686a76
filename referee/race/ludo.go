// Package race is the rules engine of the dice race games (RULES.md 3, 4
// and 7). Every rule comes from a Section; nothing here knows a
// variant's name.
package race

import (
	"fmt"
	"slices"

	"arbiter/variants"
)

// Base is the position of a piece in its base (B). Track squares are
// 1..Track counted from the colour's own start square A (1); home squares
// follow (Track+1 ...); for a staircase, Stable is after the last step.
const Base = 0

// Ludo is a Ludo-family rule set ready to play.
type Ludo struct {
	R      *Section
	L      *LudoParams
	Track  int // squares on the circular track
	Stable int // the final square (last home square for a column)
}

// NewLudo builds the engine rules of a Ludo-family variant.
func NewLudo(v *variants.Variant) (*Ludo, error) {
	if SectionOf(v) == nil || SectionOf(v).Ludo == nil {
		return nil, fmt.Errorf("variant %s is not a Ludo-family variant", v.Name)
	}
	r := &Ludo{R: SectionOf(v), L: SectionOf(v).Ludo}
	r.Track = len(r.R.Colours) * r.L.TrackPerColour
	r.Stable = r.Track + r.L.Home.Size
	if r.L.Home.Kind == HomeStaircase {
		r.Stable++
	}
	return r, nil
}

// State is a position: every piece of every colour of the board (colours
// not in play keep their pieces in base), whose turn it is, and the
// constraints of the turn.
type State struct {
	Pieces  [][]int // [board colour][piece] position
	Playing []int   // board colours in play, in turn order
	Turn    int     // index into Playing
	Extra   int     // extra throws taken in a row this turn
	Mover   int     // the piece the next throw must move (-1: any)
	Winner  int     // board colour that won, -1 while the game goes on
	Throws  int
}

// Colour is the board colour to move.
func (s *State) Colour() int { return s.Playing[s.Turn] }

// Start sets up a game with the given board colours in play.
func (r *Ludo) Start(playing []int) *State {
	s := &State{Playing: playing, Mover: -1, Winner: -1}
	s.Pieces = make([][]int, len(r.R.Colours))
	for c := range s.Pieces {
		s.Pieces[c] = make([]int, r.L.Pieces)
	}
	for _, c := range playing {
		for i := 0; i < r.L.Entry.StartOnTrack; i++ {
			s.Pieces[c][i] = 1
		}
	}
	return s
}

// Clone copies a state.
func (s *State) Clone() *State {
	c := *s
	c.Pieces = make([][]int, len(s.Pieces))
	for i := range s.Pieces {
		c.Pieces[i] = slices.Clone(s.Pieces[i])
	}
	c.Playing = slices.Clone(s.Playing)
	return &c
}

// Capture is a piece sent back to its base.
type Capture struct{ Colour, Piece, From int }

// Option is one legal use of a throw: piece Piece of the mover goes from
// From to To, sending the Captured pieces home. Piece -1 is "no move".
type Option struct {
	Piece    int
	From, To int
	Captured []Capture
}

// Pass is the option of a throw that moves nothing.
var Pass = Option{Piece: -1}

// abs is the board square of colour c's track square p (1..Track).
func (r *Ludo) abs(c, p int) int { return (c*r.L.TrackPerColour + p - 1) % r.Track }

// occupants of colour c's track square p.
func (r *Ludo) occupants(s *State, c, p int) []Capture {
	if p < 1 || p > r.Track {
		return nil
	}
	a := r.abs(c, p)
	var out []Capture
	for _, oc := range s.Playing {
		for i, q := range s.Pieces[oc] {
			if q >= 1 && q <= r.Track && r.abs(oc, q) == a {
				out = append(out, Capture{oc, i, q})
			}
		}
	}
	return out
}

func (r *Ludo) inHome(p int) bool { return p > r.Track }

// dest is where a piece of colour c on p goes with throw d, and why not
// when it cannot move.
func (r *Ludo) dest(s *State, c, piece, d int) (to int, captured []Capture, why string) {
	p := s.Pieces[c][piece]
	h := r.L.Home
	switch {
	case p == Base:
		if !slices.Contains(r.L.Entry.Rolls, d) {
			return 0, nil, fmt.Sprintf("a piece leaves the base only on %s", rollList(r.L.Entry.Rolls))
		}
		to = 1
	case p == r.Stable && h.Kind == HomeStaircase:
		return 0, nil, "the piece is in the stable"
	case h.Kind == HomeStaircase && p >= r.Track:
		step := p - r.Track // 0 at the foot
		need := step + 1
		if step == h.Size {
			need = h.StableRoll
		}
		if d != need {
			return 0, nil, stairWhy(step, h.Size, need)
		}
		to = p + 1
	case r.inHome(p) && h.Locked:
		return 0, nil, "a piece at home never moves again"
	default:
		end := r.Stable
		if h.Kind == HomeStaircase {
			end = r.Track // the foot must be reached exactly
		}
		if p+d > end && h.Overshoot == OvershootNone {
			return 0, nil, fmt.Sprintf("the throw goes past square %d: an exact throw is needed", end)
		}
		cur, dir := p, 1
		for step := 1; step <= d; step++ {
			next := cur + dir
			if next > end {
				dir = -1
				next = cur - 1
			}
			if !r.L.Overtake && dir > 0 && step < d && len(r.occupants(s, c, next)) > 0 {
				dir = -1 // up to the horse in the way, then back
				next = cur - 1
			}
			if next < 1 {
				return 0, nil, "the piece would walk back past its start"
			}
			cur = next
		}
		to = cur
		if h.Kind == HomeColumn && h.Overshoot == OvershootBounce && p+d > end && to <= r.Track {
			return 0, nil, "no home square can be reached, even counting back from the last"
		}
	}
	if r.inHome(to) {
		if to != r.Stable || h.Kind == HomeColumn {
			for i, q := range s.Pieces[c] {
				if i != piece && q == to {
					return 0, nil, fmt.Sprintf("home square %d is taken", to)
				}
			}
		}
		return to, nil, ""
	}
	for _, o := range r.occupants(s, c, to) {
		if o.Colour == c && o.Piece == piece {
			continue
		}
		if o.Colour == c && !r.L.Capture.Own {
			return 0, nil, fmt.Sprintf("square %d holds an own piece", to)
		}
		if o.Colour != c && !r.L.Capture.Opponent {
			return 0, nil, fmt.Sprintf("square %d holds another colour's piece", to)
		}
		captured = append(captured, o)
	}
	return to, captured, ""
}

func rollList(rs []int) string {
	s := ""
	for i, n := range rs {
		if i > 0 {
			s += " or "
		}
		s += fmt.Sprint(n)
	}
	return "a " + s
}

// Options lists the legal uses of throw d, each piece once (pieces on the
// same square, in base, give one option). An empty list means the throw
// moves nothing.
func (r *Ludo) Options(s *State, d int) []Option {
	c := s.Colour()
	var out []Option
	seen := map[int]bool{}
	for i, p := range s.Pieces[c] {
		if seen[p] || (p == r.Stable && r.inHome(p) && r.L.Home.Kind == HomeStaircase) {
			continue
		}
		seen[p] = true
		to, cap, why := r.dest(s, c, i, d)
		if why != "" {
			continue
		}
		out = append(out, Option{Piece: i, From: p, To: to, Captured: cap})
	}
	// The piece just brought out must move.
	if s.Mover >= 0 {
		for _, o := range out {
			if o.Piece == s.Mover {
				return []Option{o}
			}
		}
	}
	// A 6 must bring a piece out.
	if r.L.Entry.Forced && slices.Contains(r.L.Entry.Rolls, d) {
		for _, o := range out {
			if o.From == Base {
				return []Option{o}
			}
		}
	}
	if r.L.Capture.Compulsory {
		var caps []Option
		for _, o := range out {
			if len(o.Captured) > 0 {
				caps = append(caps, o)
			}
		}
		if len(caps) > 0 {
			return caps
		}
	}
	return out
}

// WhyNot says why piece-square from cannot move with throw d (the rule
// that forbids it), for diagnostics.
func (r *Ludo) WhyNot(s *State, d, from int) string {
	c := s.Colour()
	for i, p := range s.Pieces[c] {
		if p != from {
			continue
		}
		if _, _, why := r.dest(s, c, i, d); why != "" {
			return why
		}
		if s.Mover >= 0 && i != s.Mover {
			return fmt.Sprintf("the piece just brought out (on %d) must be moved", s.Pieces[c][s.Mover])
		}
		if r.L.Entry.Forced && slices.Contains(r.L.Entry.Rolls, d) {
			return fmt.Sprintf("a %d must bring a piece out of the base", d)
		}
		if r.L.Capture.Compulsory {
			return "a capture is compulsory"
		}
		return "not a legal move"
	}
	if from == Base {
		return "no piece in the base"
	}
	if from == r.Stable && r.L.Home.Kind == HomeStaircase {
		return "no piece can move out of the stable"
	}
	return fmt.Sprintf("no piece of this colour on square %d", from)
}

// Play uses throw d as option o and passes the turn on unless the throw
// gives another. It returns true when the same player throws again.
func (r *Ludo) Play(s *State, d int, o Option) bool {
	c := s.Colour()
	s.Throws++
	s.Mover = -1
	if o.Piece >= 0 {
		for _, x := range o.Captured {
			s.Pieces[x.Colour][x.Piece] = Base
		}
		s.Pieces[c][o.Piece] = o.To
		if o.From == Base && r.L.Entry.MoveEnteredPiece {
			s.Mover = o.Piece
		}
		if r.Finished(s, c) {
			s.Winner = c
			return false
		}
	}
	if slices.Contains(r.R.ExtraRollOn, d) && (r.R.MaxExtraRolls == 0 || s.Extra < r.R.MaxExtraRolls) {
		s.Extra++
		return true
	}
	s.Mover = -1
	s.Extra = 0
	s.Turn = (s.Turn + 1) % len(s.Playing)
	return false
}

// Finished: every piece of colour c is home (in the stable).
func (r *Ludo) Finished(s *State, c int) bool {
	for _, p := range s.Pieces[c] {
		if r.L.Home.Kind == HomeStaircase && p != r.Stable || !r.inHome(p) {
			return false
		}
	}
	return true
}

// Home counts colour c's pieces home.
func (r *Ludo) Home(s *State, c int) int {
	n := 0
	for _, p := range s.Pieces[c] {
		if r.inHome(p) && (r.L.Home.Kind != HomeStaircase || p == r.Stable) {
			n++
		}
	}
	return n
}

// Progress sums colour c's squares travelled, for standings.
func (r *Ludo) Progress(s *State, c int) int {
	n := 0
	for _, p := range s.Pieces[c] {
		n += p
	}
	return n
}

// stairWhy says which throw a horse on the staircase needs, from where it
// stands (step 0 is the foot): "a 1 to climb the first step, a 2 for the
// second, ... and a 6 from the last step into the stable".
func stairWhy(step, size, need int) string {
	switch step {
	case 0:
		return fmt.Sprintf("from the foot of the staircase only a %d climbs the first step", need)
	case size:
		return fmt.Sprintf("from step %d only a %d enters the stable", step, need)
	}
	return fmt.Sprintf("from step %d only a %d climbs to step %d", step, need, step+1)
}
