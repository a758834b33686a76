package draughts

import "fmt"

// Letters is how an engine protocol writes a position one character a
// square: the side to move, then every playing square in order. DamExchange
// writes "Wewz...WZ" (z for black), Scan's Hub "Bewb...WB".
type Letters struct {
	// Pieces are the letters of an empty square, a white man, a black man,
	// a white king and a black king; Turn those of white and black to move.
	Pieces string // 5 letters: empty, WhiteMan, BlackMan, WhiteKing, BlackKing
	Turn   string // 2 letters: white, black
}

// Format writes p.
func (l Letters) Format(p Position) string {
	n := p.Rules().NumSquares()
	b := make([]byte, 0, n+1)
	b = append(b, l.Turn[p.Turn()])
	for sq := 1; sq <= n; sq++ {
		b = append(b, l.Pieces[l.index(p.At(sq))])
	}
	return string(b)
}

func (l Letters) index(pc Piece) int {
	switch pc {
	case WhiteMan:
		return 1
	case BlackMan:
		return 2
	case WhiteKing:
		return 3
	case BlackKing:
		return 4
	}
	return 0
}

// Parse reads a position written with these letters on rules r.
func (l Letters) Parse(r *Rules, s string) (Position, error) {
	n := r.NumSquares()
	if len(s) != n+1 {
		return Position{}, fmt.Errorf("position of %d characters, want %d", len(s), n+1)
	}
	pieces := [...]Piece{WhiteMan, BlackMan, WhiteKing, BlackKing}
	p := r.EmptyPosition()
	for sq := 1; sq <= n; sq++ {
		switch i := indexByte(l.Pieces, s[sq]); {
		case i == 0:
		case i > 0:
			p.Set(sq, pieces[i-1])
		default:
			return Position{}, fmt.Errorf("square %d holds %q", sq, s[sq])
		}
	}
	switch s[0] {
	case l.Turn[0]:
		p.SetTurn(White)
	case l.Turn[1]:
		p.SetTurn(Black)
	default:
		return Position{}, fmt.Errorf("side to move %q is not %c or %c", s[0], l.Turn[0], l.Turn[1])
	}
	return p, nil
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}
