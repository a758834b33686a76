package hub

import (
	"fmt"
	"strconv"
	"strings"

	"arbiter/referee/draughts"
)

// letters: a "pos" position is the side to move ('W' or 'B') and one
// character per square ('e', 'w', 'b', 'W', 'B').
var letters = draughts.Letters{Pieces: "ewbWB", Turn: "WB"}

// FormatPosition writes a "pos" position.
func FormatPosition(p draughts.Position) string { return letters.Format(p) }

// ParsePosition reads a "pos" position on rules r.
func ParsePosition(r *draughts.Rules, s string) (draughts.Position, error) {
	p, err := letters.Parse(r, s)
	if err != nil {
		return draughts.Position{}, fmt.Errorf("%w: %v", ErrMalformed, err)
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
