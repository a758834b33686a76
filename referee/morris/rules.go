package morris

import (
	"fmt"
	"math/bits"
)

// Color is a side. White places first.
type Color uint8

const (
	White Color = iota
	Black
)

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Rules are the engine's parameters (see Section for what each
// means). Call Init before use.
type Rules struct {
	Pieces                int
	Diagonals             bool
	Flying                bool
	FlyAt                 int
	RemoveFromMillAlways  bool // a piece in a mill may always be removed
	RemovePerMill         bool // a double mill removes two pieces
	BlockedPass           bool // a blocked player passes instead of losing
	MovingDuringPlacement bool

	adj   [NumPoints]uint32
	mills []uint32            // each mill as a mask of its three points
	at    [NumPoints][]uint32 // the mills through each point
	ready bool
}

// Init computes the board's adjacency and mills.
func (r *Rules) Init() error {
	if r.Pieces < 3 || r.Pieces > 12 {
		return fmt.Errorf("pieces must be between 3 and 12")
	}
	r.adj = [NumPoints]uint32{}
	r.mills = r.mills[:0]
	r.at = [NumPoints][]uint32{}
	ls := lines
	if r.Diagonals {
		ls = append(append([][3]string(nil), lines...), diagonalLines...)
	}
	for _, l := range ls {
		a, b, c := ParsePoint(l[0]), ParsePoint(l[1]), ParsePoint(l[2])
		r.adj[a] |= bit(b)
		r.adj[b] |= bit(a) | bit(c)
		r.adj[c] |= bit(b)
		m := bit(a) | bit(b) | bit(c)
		r.mills = append(r.mills, m)
		for _, p := range []int{a, b, c} {
			r.at[p] = append(r.at[p], m)
		}
	}
	r.ready = true
	return nil
}

// Adjacent reports whether a line joins two points directly.
func (r *Rules) Adjacent(a, b int) bool { return r.adj[a]&bit(b) != 0 }

// Neighbours lists the points a line joins to p directly, in point order.
func (r *Rules) Neighbours(p int) []int {
	var out []int
	for q := 0; q < NumPoints; q++ {
		if r.Adjacent(p, q) {
			out = append(out, q)
		}
	}
	return out
}

// Position is a morris position: the pieces on the board, the pieces each
// side still has to place, and the side to move. It is comparable, so it
// can key a map for the repetition rule.
type Position struct {
	Board [2]uint32
	Hand  [2]int8
	Turn  Color
}

// Start returns the empty board with every piece in hand, White to move.
func (r *Rules) Start() Position {
	return Position{Hand: [2]int8{int8(r.Pieces), int8(r.Pieces)}}
}

// At returns the side on a point, and false when it is empty.
func (p *Position) At(pt int) (Color, bool) {
	switch {
	case p.Board[White]&bit(pt) != 0:
		return White, true
	case p.Board[Black]&bit(pt) != 0:
		return Black, true
	}
	return 0, false
}

// OnBoard counts a side's pieces on the board; Total adds those in hand.
func (p *Position) OnBoard(c Color) int { return bits.OnesCount32(p.Board[c]) }
func (p *Position) Total(c Color) int   { return p.OnBoard(c) + int(p.Hand[c]) }

// Move is one turn: a placement (From < 0) or a move From -> To, with the
// opponent pieces it removes (Remove[i] < 0: none).
type Move struct {
	From, To int8
	Remove   [2]int8
}

// NoRemoval is a move's Remove field when it removes nothing.
var NoRemoval = [2]int8{-1, -1}

// Place returns a placement on p; Step a move.
func Place(p int) Move       { return Move{From: -1, To: int8(p), Remove: NoRemoval} }
func Step(from, to int) Move { return Move{From: int8(from), To: int8(to), Remove: NoRemoval} }

// IsPlacement reports whether the move places a piece.
func (m Move) IsPlacement() bool { return m.From < 0 }

// Removals returns the points the move removes from.
func (m Move) Removals() []int {
	var out []int
	for _, r := range m.Remove {
		if r >= 0 {
			out = append(out, int(r))
		}
	}
	return out
}

// String writes the move in coordinates: d6, d6-d5, e3xd5, d3-e3xg4xa1.
func (m Move) String() string { return m.Format(Coordinates) }

// Coordinates is the coordinate writer for Format.
func Coordinates(p int) string { return names[p] }

// Numeric is the PlayOK writer for Format.
func Numeric(p int) string { return fmt.Sprint(p + 1) }

// Format writes the move with the given point writer.
func (m Move) Format(point func(int) string) string {
	s := point(int(m.To))
	if m.From >= 0 {
		s = point(int(m.From)) + "-" + s
	}
	for _, r := range m.Removals() {
		s += "x" + point(r)
	}
	return s
}

// CanFly reports whether a side may move a piece to any empty point.
func (r *Rules) CanFly(p *Position, c Color) bool {
	return r.Flying && p.Hand[c] == 0 && p.OnBoard(c) <= r.FlyAt
}

// MustPlace reports whether the side to move has to place a piece (it has
// pieces in hand and may not move instead).
func (r *Rules) MustPlace(p *Position) bool {
	return p.Hand[p.Turn] > 0 && !r.MovingDuringPlacement
}

// InMill reports whether the piece of side c on point pt stands in a mill.
func (r *Rules) InMill(board uint32, pt int) bool {
	for _, m := range r.at[pt] {
		if board&m == m {
			return true
		}
	}
	return false
}

// millsClosed counts the mills through pt that board (with pt) fills.
func (r *Rules) millsClosed(board uint32, pt int) int {
	n := 0
	for _, m := range r.at[pt] {
		if board&m == m {
			n++
		}
	}
	return n
}

// Removable returns the mask of the pieces of a side (board) that a mill
// lets the opponent remove.
func (r *Rules) Removable(board uint32) uint32 {
	if r.RemoveFromMillAlways {
		return board
	}
	var inMill uint32
	for _, m := range r.mills {
		if board&m == m {
			inMill |= m
		}
	}
	if free := board &^ inMill; free != 0 {
		return free
	}
	return board
}

// Closes returns how many mills a placement or move closes and how many
// pieces it must therefore remove (fewer when the opponent has fewer on the
// board).
func (r *Rules) Closes(p *Position, from, to int) (mills, removals int) {
	own := p.Board[p.Turn]
	if from >= 0 {
		own &^= bit(from)
	}
	own |= bit(to)
	mills = r.millsClosed(own, to)
	if mills == 0 {
		return 0, 0
	}
	removals = 1
	if r.RemovePerMill {
		removals = mills
	}
	return mills, min(removals, p.OnBoard(p.Turn^1))
}

// Legal appends the legal moves of the side to move to out. A move that
// closes a mill appears once per choice of removal. It does not look at
// whether the game is over (see Over).
func (r *Rules) Legal(p *Position, out []Move) []Move {
	me := p.Turn
	own, opp := p.Board[me], p.Board[me^1]
	empty := all &^ (own | opp)
	if p.Hand[me] > 0 {
		for e := empty; e != 0; e &= e - 1 {
			out = r.withRemovals(p, out, -1, bits.TrailingZeros32(e))
		}
		if !r.MovingDuringPlacement {
			return out
		}
	}
	fly := r.CanFly(p, me)
	for o := own; o != 0; o &= o - 1 {
		from := bits.TrailingZeros32(o)
		to := r.adj[from] & empty
		if fly {
			to = empty
		}
		for ; to != 0; to &= to - 1 {
			out = r.withRemovals(p, out, from, bits.TrailingZeros32(to))
		}
	}
	return out
}

func (r *Rules) withRemovals(p *Position, out []Move, from, to int) []Move {
	m := Move{From: int8(from), To: int8(to), Remove: NoRemoval}
	_, n := r.Closes(p, from, to)
	opp := p.Board[p.Turn^1]
	switch n {
	case 0:
		return append(out, m)
	case 1:
		for rm := r.Removable(opp); rm != 0; rm &= rm - 1 {
			m.Remove[0] = int8(bits.TrailingZeros32(rm))
			out = append(out, m)
		}
		return out
	}
	// Two removals: every unordered pair that some order allows.
	first := r.Removable(opp)
	for a := 0; a < NumPoints; a++ {
		if opp&bit(a) == 0 {
			continue
		}
		for b := a + 1; b < NumPoints; b++ {
			if opp&bit(b) == 0 {
				continue
			}
			ab := first&bit(a) != 0 && r.Removable(opp&^bit(a))&bit(b) != 0
			ba := first&bit(b) != 0 && r.Removable(opp&^bit(b))&bit(a) != 0
			if ab || ba {
				m.Remove = [2]int8{int8(a), int8(b)}
				out = append(out, m)
			}
		}
	}
	return out
}

// Play returns the position after a move (which must be legal), or a pass
// when m is Pass.
func (r *Rules) Play(p Position, m Move) Position {
	me := p.Turn
	if m != Pass {
		if m.From < 0 {
			p.Hand[me]--
		} else {
			p.Board[me] &^= bit(int(m.From))
		}
		p.Board[me] |= bit(int(m.To))
		for _, x := range m.Remove {
			if x >= 0 {
				p.Board[me^1] &^= bit(int(x))
			}
		}
	}
	p.Turn = me ^ 1
	return p
}

// Pass is the turn of a blocked player who passes (blocked_player: pass).
var Pass = Move{From: -2, To: -2, Remove: NoRemoval}

// Over says whether the game is over in p and why: the side to move has
// fewer than three pieces (on the board and in hand), or cannot move
// (unless blocked players pass). legal are p's legal moves. winner is the
// other side; draw is true when neither side can move under the pass rule.
func (r *Rules) Over(p *Position, legal []Move) (over bool, why string, winner Color, draw bool) {
	me := p.Turn
	if n := p.Total(me); n < 3 {
		return true, fmt.Sprintf("%s has %d pieces left", me, n), me ^ 1, false
	}
	if len(legal) > 0 {
		return false, "", 0, false
	}
	if !r.BlockedPass {
		return true, fmt.Sprintf("%s cannot move", me), me ^ 1, false
	}
	q := *p
	q.Turn = me ^ 1
	if len(r.Legal(&q, nil)) == 0 {
		return true, "neither side can move", 0, true
	}
	return false, "", 0, false
}
