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
//
// With Rules.AllSquares every square is a playing square (Turkish draughts),
// numbered 1..Width*Height row by row from the top-left; internally each row
// is followed by one ghost bit (boards up to 10x10 fit). Such boards, and
// the rules the fast diagonal generator does not handle (orthogonal moves
// or captures, kings stopping behind the captured piece, pieces removed
// during the capture, no 180-degree turns, the king move limit), are played
// by the general generator of movegen_general.go, which works on a table of
// neighbours in eight directions.
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
	// PriorityValue: the sequence taking the greatest value must be played,
	// a captured man counting ManValue and a captured king KingValue
	// (Frisian).
	PriorityValue
)

func (p Priority) String() string {
	switch p {
	case PriorityFree:
		return "free"
	case PriorityMajority:
		return "majority"
	case PriorityValue:
		return "value"
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
	// (so up to 14x14). With AllSquares, Width may be odd and
	// Height*(Width+1) must be at most 128 (so up to 10x10).
	Width, Height int
	// TopLeftDark: whether the top-left square (row 0, col 0, as White sees
	// the board) is a playing square. False for international draughts,
	// where square 1 is row 0 col 1.
	TopLeftDark bool
	// FirstMover is the side that moves first from the start position.
	FirstMover Color
	// ManCapturesBackward: men capture backwards as well as forwards.
	ManCapturesBackward bool
	// FlyingKings: kings move any distance along a free diagonal (a free
	// rank or file with Orthogonal) and capture at a distance, landing on
	// any empty square beyond (the first one with KingStopsBehind).
	// Otherwise kings move and capture like men, one square, in all four
	// directions (and orthogonally too with OrthogonalCaptures).
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
	// position (StartPosition("")); 0 means (Height-2)/2 - StartOffset
	// (all rows but the two middle ones).
	StartRows int
	// StartOffset is how many rows at each side's own edge are left empty
	// in the default start position, before its StartRows rows of men (1
	// in Turkish draughts, whose men start on the second and third rows).
	StartOffset int

	// Board geometry and directions.

	// AllSquares: every square of the board is a playing square (Turkish
	// draughts), numbered 1..Width*Height row by row from the top-left
	// square as White sees the board; TopLeftDark is then ignored and Width
	// may be odd. Otherwise only the dark squares are used.
	AllSquares bool
	// Orthogonal: pieces move and capture along ranks and files instead of
	// diagonals (Turkish draughts; requires AllSquares). A man moves one
	// square straight forward or sideways and captures forwards and
	// sideways (and backwards if ManCapturesBackward); a king moves and
	// captures along ranks and files in the four directions.
	Orthogonal bool
	// OrthogonalCaptures: men and kings capture along ranks and files as
	// well as along diagonals (Frisian draughts); they still move only
	// diagonally. On a dark-squares board the piece jumped is on the next
	// playing square of the row or column (two squares away) and the
	// capturer lands on the playing square beyond it (two squares further).
	// Men capture orthogonally forwards and sideways, and backwards if
	// ManCapturesBackward. Ignored when Orthogonal.
	OrthogonalCaptures bool

	// Capture mechanics.

	// KingStopsBehind: a flying king captures at a distance but must land
	// on the square immediately beyond the captured piece (Thai draughts).
	// Only meaningful with FlyingKings.
	KingStopsBehind bool
	// RemoveAtOnce: each captured piece is removed from the board as soon
	// as it is jumped (Thai, Turkish draughts), so it does not block the
	// rest of the capture and its square may be crossed or landed on
	// again. Otherwise captured pieces stay on the board until the move
	// ends, block, and may not be jumped twice. Either way a piece is
	// captured at most once.
	RemoveAtOnce bool
	// NoReversal: within a multiple capture, a piece may not turn back 180
	// degrees between two captures (Turkish draughts).
	NoReversal bool

	// Capture precedence, applied in this order after Priority: a capture
	// is legal only if no other capture ranks higher on the first of these
	// criteria that distinguishes them.

	// ManValue and KingValue are the values of a captured man and king
	// under PriorityValue (both at least 1 and at most 1000), and
	// KingsDiscount what a capture that takes kings counts less, once
	// (0 <= KingsDiscount < KingValue): m men and k > 0 kings are worth
	// m*ManValue + k*KingValue - KingsDiscount. Frisian draughts counts a
	// king as more than one man but less than two. The Frisian
	// federation's scale, n kings worth 2n - 1/2 men, is 2, 4 and 1: two
	// kings (3 1/2) outweigh three men, and a king and two men weigh as
	// much as two kings. A flat 2 and 3 give every king one and a half
	// men (two kings tie with three men); 100 and 199 give "two men less a
	// hair" per king (lidraughts, and the published Frisian perft
	// figures). All three agree on the perft figures from the start
	// position (see variants_perft_test.go).
	ManValue, KingValue, KingsDiscount int
	// PreferKingCapture: a capture made by a king takes precedence over one
	// made by a man (Italian and Frisian after the count; Czech on its own,
	// with PriorityFree: if a king can capture, a king must).
	PreferKingCapture bool
	// PreferMostKings: the capture taking the most kings takes precedence
	// ("quality": Spanish, Portuguese, Italian).
	PreferMostKings bool
	// PreferEarlyKings: the capture that meets a king earliest takes
	// precedence: the sequences are compared piece by piece in capture
	// order, and the first one to take a king where the other takes a man
	// wins (Italian). Sequences longer than 32 pieces compare on their
	// first 32.
	PreferEarlyKings bool

	// KingMoveLimit: a side that still has men may not make more than
	// this many non-capturing moves in a row with the same king (Frisian
	// draughts: 3); 0 means no limit. This rule depends on the game's
	// history: Positions made by Play (and perft) carry, for each side, the
	// king that made its last moves and how many; a position from a FEN
	// carries no history (no moves counted). The published Frisian perft
	// figures are without this rule.
	KingMoveLimit int

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

	// The general generator (see movegen_general.go), used when general
	// is set: any geometry, eight directions, every capture mechanism.
	general   bool
	nb8       [maxIdx * 8]uint8 // neighbour of an index in each of 8 directions
	dshift    [8]int8           // index difference to the neighbour in each direction
	dmask     [8]bb             // squares that have a neighbour in each direction
	manMoveG  [2][]uint8        // quiet directions of each colour's men
	manCapG   [2][]uint8        // capture directions of each colour's men
	kingMoveG []uint8           // quiet directions of kings
	kingCapG  []uint8           // capture directions of kings

	// Capture precedence (see record).
	ranked     bool // some criterion restricts the choice among captures
	rankCount  bool // the only criterion is the number of pieces
	mustGoOnFK bool // a flying king must land where it can go on capturing

	// The 64-bit generator (movegen64.go), used by perft when fast64 is
	// set: a diagonal board whose layout fits one word.
	fast64 bool
	ray64  [4][64]uint64 // squares beyond an index in each diagonal direction
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
	// Orthogonal directions, used by the general generator only (nb8).
	dirU // towards row 0
	dirD
	dirL
	dirR
)

// reverse is the opposite of each of the 8 directions.
var reverse = [8]uint8{dirDR, dirDL, dirUR, dirUL, dirD, dirU, dirR, dirL}

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
	r.inited = false
	w, h := r.Width, r.Height
	switch {
	case w < 2 || h < 2:
		return fmt.Errorf("draughts: board %dx%d too small", w, h)
	case !r.AllSquares && w%2 != 0:
		return fmt.Errorf("draughts: board width %d must be even", w)
	case !r.AllSquares && (h+1)/2*(w+1) > maxIdx:
		return fmt.Errorf("draughts: board %dx%d too large (at most 14x14)", w, h)
	case r.AllSquares && h*(w+1) > maxIdx:
		return fmt.Errorf("draughts: board %dx%d too large for all squares (at most 10x10)", w, h)
	case r.Orthogonal && !r.AllSquares:
		return errors.New("draughts: orthogonal moves need a board where all squares are used")
	case r.FirstMover > Black:
		return fmt.Errorf("draughts: invalid first mover %d", r.FirstMover)
	case r.Priority > PriorityValue:
		return fmt.Errorf("draughts: capture priority %v not supported", r.Priority)
	case r.Priority == PriorityValue && (r.ManValue < 1 || r.ManValue > 1000 || r.KingValue < 1 || r.KingValue > 1000):
		return fmt.Errorf("draughts: capture values %d (man) and %d (king) must be in 1..1000", r.ManValue, r.KingValue)
	case r.KingsDiscount < 0 || r.Priority == PriorityValue && r.KingsDiscount >= r.KingValue:
		return fmt.Errorf("draughts: kings discount %d must be in 0..%d", r.KingsDiscount, r.KingValue-1)
	case r.KingMoveLimit < 0 || r.KingMoveLimit > 255:
		return fmt.Errorf("draughts: king move limit %d out of range 0..255", r.KingMoveLimit)
	case r.StartRows < 0 || r.StartOffset < 0 || 2*(r.StartRows+r.StartOffset) > h:
		return fmt.Errorf("draughts: %d start rows after %d empty rows do not fit a board of height %d", r.StartRows, r.StartOffset, h)
	}
	if r.AllSquares {
		r.h = uint(w)
		r.n = w * h
	} else {
		r.h = uint(w / 2)
		r.n = w / 2 * h
	}
	r.sqIdx = make([]uint8, r.n+1)
	r.idxSq = [maxIdx]int16{}
	r.valid = bb{}
	r.far = [2]bb{}
	for sq := 1; sq <= r.n; sq++ {
		row, col := r.RowCol(sq)
		var idx uint8
		if r.AllSquares {
			idx = uint8(row*(w+1) + col)
		} else {
			icol := col
			if r.TopLeftDark {
				icol = w - 1 - col
			}
			idx = uint8((row/2)*(w+1) + (row%2)*(w/2) + icol/2)
		}
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
	// Neighbours in the 8 directions. The diagonal directions are defined
	// in the internal (possibly mirrored) layout; translate the column step
	// back to user columns. On a dark-squares board the orthogonal
	// neighbour is two squares away (the next playing square).
	for i := range r.nb8 {
		r.nb8[i] = noSq
	}
	ostep := 2
	if r.AllSquares {
		ostep = 1
	}
	mirror := r.TopLeftDark && !r.AllSquares
	for sq := 1; sq <= r.n; sq++ {
		row, col := r.RowCol(sq)
		idx := r.sqIdx[sq]
		for d := 0; d < 8; d++ {
			var dr, dc int
			switch d {
			case dirUL:
				dr, dc = -1, -1
			case dirUR:
				dr, dc = -1, 1
			case dirDL:
				dr, dc = 1, -1
			case dirDR:
				dr, dc = 1, 1
			case dirU:
				dr = -ostep
			case dirD:
				dr = ostep
			case dirL:
				dc = -ostep
			case dirR:
				dc = ostep
			}
			if mirror {
				dc = -dc
			}
			if t, ok := r.SquareAt(col+dc, row+dr); ok {
				r.nb8[int(idx)*8+d] = r.sqIdx[t]
			}
		}
	}
	for i := range r.nb {
		r.nb[i] = noSq
	}
	for i := 0; i < maxIdx; i++ {
		copy(r.nb[i*4:i*4+4], r.nb8[i*8:i*8+4])
	}
	// Each direction is one constant index difference (checked), applied
	// to the squares that have a neighbour in that direction.
	for d := 0; d < 8; d++ {
		r.dmask[d] = bb{}
		r.dshift[d] = 0
		for sq := 1; sq <= r.n; sq++ {
			idx := int(r.sqIdx[sq])
			t := r.nb8[idx*8+d]
			if t == noSq {
				continue
			}
			diff := int(t) - idx
			if r.dmask[d].zero() {
				r.dshift[d] = int8(diff)
			} else if int(r.dshift[d]) != diff {
				return errors.New("draughts: internal layout error")
			}
			r.dmask[d].set(uint8(idx))
		}
	}
	if r.ManCapturesBackward {
		r.manCap[White] = []uint8{dirUL, dirUR, dirDL, dirDR}
		r.manCap[Black] = r.manCap[White]
	} else {
		r.manCap[White] = []uint8{dirUL, dirUR}
		r.manCap[Black] = []uint8{dirDL, dirDR}
	}
	// Directions of the general generator.
	diag := []uint8{dirUL, dirUR, dirDL, dirDR}
	orth := []uint8{dirU, dirD, dirL, dirR}
	orthCaps := r.Orthogonal || r.OrthogonalCaptures
	for c := White; c <= Black; c++ {
		fwd, back := []uint8{dirUL, dirUR}, []uint8{dirDL, dirDR}
		ofwd, oback := uint8(dirU), uint8(dirD)
		if c == Black {
			fwd, back = back, fwd
			ofwd, oback = oback, ofwd
		}
		var mv, cp []uint8
		if r.Orthogonal {
			mv = []uint8{ofwd, dirL, dirR}
		} else {
			mv = fwd
			cp = append(cp, fwd...)
			if r.ManCapturesBackward {
				cp = append(cp, back...)
			}
		}
		if orthCaps {
			cp = append(cp, ofwd, dirL, dirR)
			if r.ManCapturesBackward {
				cp = append(cp, oback)
			}
		}
		r.manMoveG[c], r.manCapG[c] = mv, cp
	}
	r.kingMoveG, r.kingCapG = diag, nil
	if r.Orthogonal {
		r.kingMoveG = orth
	} else {
		r.kingCapG = append(r.kingCapG, diag...)
	}
	if orthCaps {
		r.kingCapG = append(r.kingCapG, orth...)
	}
	r.general = r.AllSquares || orthCaps || (r.KingStopsBehind && r.FlyingKings) || r.RemoveAtOnce || r.NoReversal || r.KingMoveLimit > 0
	r.ranked = r.Priority != PriorityFree || r.PreferKingCapture || r.PreferMostKings || r.PreferEarlyKings
	r.rankCount = r.Priority == PriorityMajority && !r.PreferKingCapture && !r.PreferMostKings && !r.PreferEarlyKings
	// Under a count or value priority a longer capture always ranks
	// higher, so a capture that stops while it could go on is discarded
	// anyway; otherwise the generator must enforce it.
	r.mustGoOnFK = r.FlyingKings && !r.KingStopsBehind && r.Priority == PriorityFree
	if !r.AllSquares {
		// The fast generator shifts by h and h+1 (ghost bits stop wraps).
		for d, off := range [4]int{-int(r.h) - 1, -int(r.h), int(r.h), int(r.h) + 1} {
			for sq := 1; sq <= r.n; sq++ {
				idx := int(r.sqIdx[sq])
				t := r.nb[idx*4+d]
				j := idx + off
				wrapped := j >= 0 && j < maxIdx && r.valid.has(uint8(j))
				if (t != noSq && int(t) != j) || (t == noSq && wrapped) {
					return errors.New("draughts: internal layout error")
				}
			}
		}
	}
	r.fast64 = !r.general && r.valid.hi == 0
	r.ray64 = [4][64]uint64{}
	if r.fast64 {
		for i := 0; i < 64; i++ {
			for d := 0; d < 4; d++ {
				for t := r.nb[i*4+d]; t != noSq; t = r.nb[int(t)*4+d] {
					r.ray64[d][i] |= 1 << (t & 63)
				}
			}
		}
	}
	r.inited = true
	// Default start position.
	rows := r.StartRows
	if rows == 0 {
		rows = (h - 2*r.StartOffset - 2) / 2
	}
	p := r.EmptyPosition()
	for sq := 1; sq <= r.n; sq++ {
		row, _ := r.RowCol(sq)
		if row >= r.StartOffset && row < r.StartOffset+rows {
			p.Set(sq, BlackMan)
		} else if row >= h-r.StartOffset-rows && row < h-r.StartOffset {
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
	if r.AllSquares {
		return row*r.Width + col + 1, true
	}
	if (col%2 == 1) != r.darkOddCols(row) {
		return 0, false
	}
	return row*(r.Width/2) + col/2 + 1, true
}

// RowCol returns the row (0 = top) and column (0 = White's left) of a
// square; sq must be in 1..NumSquares.
func (r *Rules) RowCol(sq int) (row, col int) {
	if r.AllSquares {
		if sq < 1 || sq > r.Width*r.Height {
			return -1, -1
		}
		return (sq - 1) / r.Width, (sq - 1) % r.Width
	}
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
