package hub

import (
	"fmt"
	"strconv"
	"strings"

	"arbiter/referee/draughts"
)

// FormatPosition writes a "pos" position: the side to move ('W' or 'B')
// and one character per square ('e', 'w', 'b', 'W', 'B').
func FormatPosition(p draughts.Position) string {
	n := p.Rules().NumSquares()
	b := make([]byte, 0, n+1)
	b = append(b, "WB"[p.Turn()])
	for sq := 1; sq <= n; sq++ {
		c := byte('e')
		switch p.At(sq) {
		case draughts.WhiteMan:
			c = 'w'
		case draughts.BlackMan:
			c = 'b'
		case draughts.WhiteKing:
			c = 'W'
		case draughts.BlackKing:
			c = 'B'
		}
		b = append(b, c)
	}
	return string(b)
}

// ParsePosition reads a "pos" position on rules r.
func ParsePosition(r *draughts.Rules, s string) (draughts.Position, error) {
	n := r.NumSquares()
	if len(s) != n+1 {
		return draughts.Position{}, fmt.Errorf("%w: position of %d characters, want %d", ErrMalformed, len(s), n+1)
	}
	p := r.EmptyPosition()
	for i := 1; i <= n; i++ {
		switch s[i] {
		case 'w':
			p.Set(i, draughts.WhiteMan)
		case 'b':
			p.Set(i, draughts.BlackMan)
		case 'W':
			p.Set(i, draughts.WhiteKing)
		case 'B':
			p.Set(i, draughts.BlackKing)
		case 'e':
		default:
			return draughts.Position{}, fmt.Errorf("%w: square %d holds %q", ErrMalformed, i, s[i])
		}
	}
	switch s[0] {
	case 'W':
		p.SetTurn(draughts.White)
	case 'B':
		p.SetTurn(draughts.Black)
	default:
		return draughts.Position{}, fmt.Errorf("%w: side to move %q", ErrMalformed, s[0])
	}
	return p, nil
}

// Move is a move as Hub writes it: "32-28", or "28x19x23" (from, to, then
// the captured squares in any order). Captured is nil when none are listed.
type Move struct {
	From, To int
	Captured []int
}

// ParseMove reads a Hub move.
func ParseMove(s string) (Move, error) {
	var m Move
	sep := "-"
	if strings.Contains(s, "x") {
		sep = "x"
	}
	parts := strings.Split(s, sep)
	if len(parts) < 2 || (sep == "-" && len(parts) != 2) || len(parts) > 2+64 {
		return m, fmt.Errorf("%w: move %q", ErrMalformed, s)
	}
	sqs := make([]int, len(parts))
	for i, part := range parts {
		n, err := strconv.Atoi(part)
		if err != nil || n < 1 || n > 999 || part[0] == '+' {
			return m, fmt.Errorf("%w: move %q: square %q", ErrMalformed, s, part)
		}
		sqs[i] = n
	}
	m.From, m.To = sqs[0], sqs[1]
	if len(sqs) > 2 {
		m.Captured = sqs[2:]
	}
	return m, nil
}

// FormatMove writes a move for "pos moves=" or "done move=".
func FormatMove(from, to int, captured []int) string {
	if len(captured) == 0 {
		return fmt.Sprintf("%d-%d", from, to)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%dx%d", from, to)
	for _, c := range captured {
		fmt.Fprintf(&b, "x%d", c)
	}
	return b.String()
}
