// Package draughts is the rules engine of the draughts family: board
// geometry, positions, legal move generation, playing moves, perft and PDN
// FEN. Every behaviour is selected by the fields of Rules, never by a
// variant's name.
//
// Geometry: the playing (dark) squares of a Width x Height board are numbered
// 1..NumSquares row by row from the top row (the side of the player who does
// not own the bottom rows, Black in international draughts) as White sees the
// board, left to right. White's men start at the bottom and move up (towards
// row 0); Black's men move down. Internally the squares are stored in a
// padded bitboard layout (two rows of Width/2 squares followed by one ghost
// bit), so that each diagonal direction is one constant shift; boards up to
// 14x14 fit in the 128 bits.
package draughts

import (
	"errors"
	"fmt"
	"strconv"
)

// Color is a side.
type Color uint8

// The two sides.
const (
	White Color = 0
	Black Color = 1
)

// Opponent returns the other side.
func (c Color) Opponent() Color { return c ^ 1 }

func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "color(" + strconv.Itoa(int(c)) + ")"
}

// Piece is the content of a square.
type Piece uint8

// Square contents.
const (
	Empty Piece = iota
	WhiteMan
	WhiteKing
	BlackMan
	BlackKing
)

// Color returns the colour of a piece (White for Empty).
func (p Piece) Color() Color {
	if p == BlackMan || p == BlackKing {
		return Black
	}
	return White
}

// IsKing reports whether p is a king.
func (p Piece) IsKing() bool { return p == WhiteKing || p == BlackKing }

// IsMan reports whether p is a man.
func (p Piece) IsMan() bool { return p == WhiteMan || p == BlackMan }

func (p Piece) String() string {
	switch p {
	case Empty:
		return "empty"
	case WhiteMan:
		return "white man"
	case WhiteKing:
		return "white king"
	case BlackMan:
		return "black man"
	case BlackKing:
		return "black king"
	}
	return "piece(" + strconv.Itoa(int(p)) + ")"
}

// makePiece builds a Piece from a colour and a king flag.
func makePiece(c Color, king bool) Piece {
	p := WhiteMan + Piece(2*c)
	if king {
		p++
	}
	return p
}

// Priority is the rule that restricts the choice among captures.
type Priority uint8

const (
	// PriorityFree: any complete capture sequence may be played (a capture
	// may not stop while it can continue, but a shorter sequence may be
	// chosen over a longer one).
	PriorityFree Priority = iota
	// PriorityMajority: the sequence taking the most pieces must be played,
	// kings and men counting the same; free choice among equal maxima.
	PriorityMajority
	// Values from 2 on are reserved for later rules (Italian, Frisian
	// quality priorities); Init rejects them for now.
)

func (p Priority) String() string {
	switch p {
	case PriorityFree:
		return "free"
	case PriorityMajority:
		return "majority"
	}
	return "priority(" + strconv.Itoa(int(p)) + ")"
}

// Rules are the parameters of one draughts variant plus the tables
// precomputed from them by Init. After Init a Rules value is read-only and
// may be shared by goroutines. Do not copy an Init'ed Rules value: positions
// refer to it by pointer.
type Rules struct {
	// Width and Height of the board in squares (10, 10 for international).
	// Width must be even; ceil(Height/2)*(Width+1) must be at most 128
	// (so up to 14x14).
	Width, Height int
	// TopLeftDark: whether the top-left square (row 0, col 0, as White sees
	// the board) is a playing square. False for international draughts,
	// where square 1 is row 0 col 1.
	TopLeftDark bool
	// FirstMover is the side that moves first from the start position.
	FirstMover Color
	// ManCapturesBackward: men capture backwards as well as forwards.
	ManCapturesBackward bool
	// FlyingKings: kings move any distance along a free diagonal and capture
	// at a distance, landing on any empty square beyond. Otherwise kings
	// move and capture like men, one square, in all four directions.
	FlyingKings bool
	// CaptureCompulsory: when a capture is possible a non-capture is illegal.
	CaptureCompulsory bool
	// Priority restricts the choice among the possible captures.
	Priority Priority
	// PromoteInPassing: a man that reaches the far row during a capture
	// becomes a king at once and continues the capture as a king. When
	// false, a man promotes only if its move ends on the far row.
	PromoteInPassing bool
	// MenCaptureKings: men may capture kings (false in Italian draughts).
	MenCaptureKings bool
	// StartRows is how many rows of men each side has in the default start
	// position (StartPosition("")); 0 means (Height-2)/2.
	StartRows int

	// Tables filled by Init.
	inited bool
	n      int               // number of playing squares
	h      uint              // playing squares per row (Width/2)
	sqIdx  []uint8           // PDN square (1-based) -> internal index
	idxSq  [maxIdx]int16     // internal index -> PDN square, 0 if none
	nb     [maxIdx * 4]uint8 // neighbour of an index in each direction, noSq if none
	valid  bb                // all playing squares
	far    [2]bb             // promotion row of each colour
	manCap [2][]uint8        // capture directions of each colour's men
	init0  Position          // default start position
}

const (
	maxIdx = 128
	noSq   = 255
)

// Directions, in the internal layout: up = towards row 0.
const (
	dirUL = iota // shift right by h+1
	dirUR        // shift right by h
	dirDL        // shift left by h
	dirDR        // shift left by h+1
)

// International returns the rules of international draughts (10x10), Init'ed.
func International() *Rules {
	r := &Rules{
		Width: 10, Height: 10,
		TopLeftDark:         false,
		FirstMover:          White,
		ManCapturesBackward: true,
		FlyingKings:         true,
		CaptureCompulsory:   true,
		Priority:            PriorityMajority,
		PromoteInPassing:    false,
		MenCaptureKings:     true,
	}
	if err := r.Init(); err != nil {
		panic(err)
	}
	return r
}

// Init validates the parameters and precomputes the tables. It must be
// called once before any other method.
func (r *Rules) Init() error {
	w, h := r.Width, r.Height
	switch {
	case w < 2 || h < 2:
		return fmt.Errorf("draughts: board %dx%d too small", w, h)
	case w%2 != 0:
		return fmt.Errorf("draughts: board width %d must be even", w)
	case (h+1)/2*(w+1) > maxIdx:
		return fmt.Errorf("draughts: board %dx%d too large (at most 14x14)", w, h)
	case r.FirstMover > Black:
		return fmt.Errorf("draughts: invalid first mover %d", r.FirstMover)
	case r.Priority > PriorityMajority:
		return fmt.Errorf("draughts: capture priority %v not supported", r.Priority)
	case r.StartRows < 0 || 2*r.StartRows > h:
		return fmt.Errorf("draughts: %d start rows do not fit a board of height %d", r.StartRows, h)
	}
	r.h = uint(w / 2)
	r.n = w / 2 * h
	r.sqIdx = make([]uint8, r.n+1)
	r.idxSq = [maxIdx]int16{}
	r.valid = bb{}
	r.far = [2]bb{}
	for sq := 1; sq <= r.n; sq++ {
		row, col := r.RowCol(sq)
		icol := col
		if r.TopLeftDark {
			icol = w - 1 - col
		}
		idx := uint8((row/2)*(w+1) + (row%2)*(w/2) + icol/2)
		r.sqIdx[sq] = idx
		r.idxSq[idx] = int16(sq)
		r.valid.set(idx)
		if row == 0 {
			r.far[White].set(idx)
		}
		if row == h-1 {
			r.far[Black].set(idx)
		}
	}
	for i := range r.nb {
		r.nb[i] = noSq
	}
	for sq := 1; sq <= r.n; sq++ {
		row, col := r.RowCol(sq)
		idx := r.sqIdx[sq]
		for d := 0; d < 4; d++ {
			dr, dc := -1, -1
			if d >= dirDL {
				dr = 1
			}
			// Directions are defined in the internal (possibly mirrored)
			// layout; translate the column step back to user columns.
			if d == dirUR || d == dirDR {
				dc = 1
			}
			if r.TopLeftDark {
				dc = -dc
			}
			if t, ok := r.SquareAt(col+dc, row+dr); ok {
				r.nb[int(idx)*4+d] = r.sqIdx[t]
			}
		}
	}
	if r.ManCapturesBackward {
		r.manCap[White] = []uint8{dirUL, dirUR, dirDL, dirDR}
		r.manCap[Black] = r.manCap[White]
	} else {
		r.manCap[White] = []uint8{dirUL, dirUR}
		r.manCap[Black] = []uint8{dirDL, dirDR}
	}
	r.inited = true
	// Check the shift property of the layout the fast paths rely on.
	for sq := 1; sq <= r.n; sq++ {
		idx := int(r.sqIdx[sq])
		for d, off := range [4]int{-int(r.h) - 1, -int(r.h), int(r.h), int(r.h) + 1} {
			t := r.nb[idx*4+d]
			j := idx + off
			wrapped := j >= 0 && j < maxIdx && r.valid.has(uint8(j))
			if (t != noSq && int(t) != j) || (t == noSq && wrapped) {
				r.inited = false
				return errors.New("draughts: internal layout error")
			}
		}
	}
	// Default start position.
	rows := r.StartRows
	if rows == 0 {
		rows = (h - 2) / 2
	}
	p := r.EmptyPosition()
	for sq := 1; sq <= r.n; sq++ {
		row, _ := r.RowCol(sq)
		if row < rows {
			p.Set(sq, BlackMan)
		} else if row >= h-rows {
			p.Set(sq, WhiteMan)
		}
	}
	p.turn = r.FirstMover
	r.init0 = p
	return nil
}

// NumSquares returns the number of playing squares.
func (r *Rules) NumSquares() int { return r.n }

// darkOddCols reports whether the playing squares of row have odd columns.
func (r *Rules) darkOddCols(row int) bool {
	return (row%2 == 0) != r.TopLeftDark
}

// SquareAt returns the square number at a column (0 = White's left) and row
// (0 = top, Black's side), and whether that is a playing square.
func (r *Rules) SquareAt(col, row int) (sq int, ok bool) {
	if col < 0 || row < 0 || col >= r.Width || row >= r.Height {
		return 0, false
	}
	if (col%2 == 1) != r.darkOddCols(row) {
		return 0, false
	}
	return row*(r.Width/2) + col/2 + 1, true
}

// RowCol returns the row (0 = top) and column (0 = White's left) of a
// square; sq must be in 1..NumSquares.
func (r *Rules) RowCol(sq int) (row, col int) {
	h := r.Width / 2
	if sq < 1 || sq > h*r.Height {
		return -1, -1
	}
	k := sq - 1
	row = k / h
	col = 2 * (k % h)
	if r.darkOddCols(row) {
		col++
	}
	return row, col
}

// Alpha returns the algebraic name of a square: file a = column 0, rank 1 =
// the bottom row (White's side). E.g. square 46 of international is "a1".
func (r *Rules) Alpha(sq int) string {
	row, col := r.RowCol(sq)
	if row < 0 {
		return "?"
	}
	return string(rune('a'+col)) + strconv.Itoa(r.Height-row)
}

// ParseAlpha parses an algebraic square name ("c3", case-insensitive file)
// and returns its square number if it names a playing square.
func (r *Rules) ParseAlpha(s string) (sq int, ok bool) {
	if len(s) < 2 || len(s) > 3 {
		return 0, false
	}
	f := s[0]
	if f >= 'A' && f <= 'Z' {
		f += 'a' - 'A'
	}
	col := int(f) - 'a'
	if col < 0 || col >= r.Width {
		return 0, false
	}
	rank := 0
	for _, c := range []byte(s[1:]) {
		if c < '0' || c > '9' {
			return 0, false
		}
		rank = rank*10 + int(c-'0')
	}
	if s[1] == '0' || rank < 1 || rank > r.Height {
		return 0, false
	}
	return r.SquareAt(col, r.Height-rank)
}
