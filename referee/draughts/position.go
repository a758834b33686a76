package draughts

// Position is a board and the side to move. It is a comparable value
// (usable as a map key for repetition detection; two positions are equal when
// they have the same Rules, pieces and side to move, and under
// Rules.KingMoveLimit the same count of moves made by the same king) and
// cheap to copy.
// Positions are made by Rules methods (StartPosition, ParseFEN,
// EmptyPosition, Play); the zero Position is an empty board without rules on
// which Set does nothing.
type Position struct {
	r     *Rules
	pc    [2]bb // pieces of each colour
	kings bb    // kings of both colours
	turn  Color
	// KingMoveLimit only: for each side, 1 + the index of the king that
	// made its last non-capturing moves (0 if none), and how many in a row.
	kingSq, kingRun [2]uint8
}

// EmptyPosition returns an empty board with FirstMover to move.
func (r *Rules) EmptyPosition() Position {
	return Position{r: r, turn: r.FirstMover}
}

// Initial returns the default start position: StartRows rows of men for
// each side (Black at the top), FirstMover to move.
func (r *Rules) Initial() Position { return r.init0 }

// StartPosition parses a FEN (see ParseFEN); the empty string gives the
// default start position (Initial).
func (r *Rules) StartPosition(fen string) (Position, error) {
	if fen == "" {
		return r.init0, nil
	}
	return r.ParseFEN(fen)
}

// Rules returns the rules the position belongs to (nil for the zero value).
func (p *Position) Rules() *Rules { return p.r }

func (p *Position) index(sq int) (uint8, bool) {
	if p.r == nil || sq < 1 || sq > p.r.n {
		return 0, false
	}
	return p.r.sqIdx[sq], true
}

// At returns the piece on a square (Empty for a square out of range).
func (p *Position) At(sq int) Piece {
	i, ok := p.index(sq)
	if !ok {
		return Empty
	}
	return p.at(i)
}

func (p *Position) at(i uint8) Piece {
	switch {
	case p.pc[White].has(i):
		return makePiece(White, p.kings.has(i))
	case p.pc[Black].has(i):
		return makePiece(Black, p.kings.has(i))
	}
	return Empty
}

// Set puts a piece (or Empty) on a square; out-of-range squares are ignored.
func (p *Position) Set(sq int, pc Piece) {
	i, ok := p.index(sq)
	if !ok {
		return
	}
	p.pc[White].clear(i)
	p.pc[Black].clear(i)
	p.kings.clear(i)
	if pc == Empty || pc > BlackKing {
		return
	}
	p.pc[pc.Color()].set(i)
	if pc.IsKing() {
		p.kings.set(i)
	}
}

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// SetTurn sets the side to move.
func (p *Position) SetTurn(c Color) { p.turn = c & 1 }

// Count returns the number of men and kings of a side.
func (p *Position) Count(c Color) (men, kings int) {
	own := p.pc[c&1]
	k := own.and(p.kings).count()
	return own.count() - k, k
}

// Squares returns the squares holding pieces of a side, ascending.
func (p *Position) Squares(c Color) []int {
	var out []int
	if p.r == nil {
		return nil
	}
	for sq := 1; sq <= p.r.n; sq++ {
		if p.pc[c&1].has(p.r.sqIdx[sq]) {
			out = append(out, sq)
		}
	}
	return out
}
