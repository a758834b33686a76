package dxp

import (
	"fmt"

	"arbiter/referee/draughts"
)

// FormatPosition writes a position the way a GAMEREQ carries it: the
// colour to move ('W' or 'Z') and one character per square 1-50.
func FormatPosition(p draughts.Position) string {
	b := make([]byte, 0, 51)
	b = append(b, "WZ"[p.Turn()])
	for sq := 1; sq <= 50; sq++ {
		b = append(b, "ewzWZ"[pieceIndex(p.At(sq))])
	}
	return string(b)
}

func pieceIndex(pc draughts.Piece) int {
	switch pc {
	case draughts.WhiteMan:
		return 1
	case draughts.BlackMan:
		return 2
	case draughts.WhiteKing:
		return 3
	case draughts.BlackKing:
		return 4
	}
	return 0
}

// ParsePosition reads a GAMEREQ position ("" is the standard start) on
// rules with 50 squares.
func ParsePosition(r *draughts.Rules, s string) (draughts.Position, error) {
	if s == "" {
		return r.Initial(), nil
	}
	if len(s) != 51 || r.NumSquares() != 50 {
		return draughts.Position{}, fmt.Errorf("%w: position %q", ErrMalformed, s)
	}
	p := r.EmptyPosition()
	for i := 1; i <= 50; i++ {
		switch s[i] {
		case 'w':
			p.Set(i, draughts.WhiteMan)
		case 'z':
			p.Set(i, draughts.BlackMan)
		case 'W':
			p.Set(i, draughts.WhiteKing)
		case 'Z':
			p.Set(i, draughts.BlackKing)
		case 'e':
		default:
			return draughts.Position{}, fmt.Errorf("%w: square %d holds %q", ErrMalformed, i, s[i])
		}
	}
	switch s[0] {
	case 'W':
		p.SetTurn(draughts.White)
	case 'Z':
		p.SetTurn(draughts.Black)
	default:
		return draughts.Position{}, fmt.Errorf("%w: colour to move %q", ErrMalformed, s[0])
	}
	return p, nil
}
