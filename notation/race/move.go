package race

import (
	"fmt"
	"strconv"
	"strings"
)

// MoveText is one throw as written: who threw (optional), the dice, and
// what was done with them.
type MoveText struct {
	// Player is the colour letter, colour name or player name written
	// before the throw ("" when left out: the turn order says who).
	Player string
	// Dice are the faces thrown: [6], or [4 5] for 4+5.
	Dice []int
	// Pass: "-", the throw moves nothing.
	Pass bool
	// FromBase: the piece comes out of the base (written B).
	FromBase bool
	// From is the square of the piece moved (when not FromBase).
	From int
	// Path is the squares written after From: the landing square and, for
	// the Goose, every square a goose, bridge or bounce sends the pawn on
	// to (0/6>12). Empty when left out (computed).
	Path []int
	// Capture: an x was written after the squares (a piece was sent home / a pawn displaced).
	Capture bool
	// Pays is the payment written as (pays N), -1 when none is written.
	Pays int
}

// Sum is the total of the dice.
func (m MoveText) Sum() int {
	n := 0
	for _, d := range m.Dice {
		n += d
	}
	return n
}

// ParseMove decodes a move as Parse stores it in notation.Move.Text:
// "[Player ]Dice: Action[ (pays N)]".
func ParseMove(s string) (MoveText, error) {
	m := MoveText{Pays: -1}
	s = strings.TrimSpace(s)
	colon := strings.IndexByte(s, ':')
	if colon < 0 {
		return m, fmt.Errorf("%q: a throw is written as the dice and a colon (6: or 4+5:)", s)
	}
	head, rest := strings.TrimSpace(s[:colon]), strings.TrimSpace(s[colon+1:])
	dice := head
	if i := strings.LastIndexByte(head, ' '); i >= 0 {
		m.Player, dice = strings.TrimSpace(head[:i]), head[i+1:]
	}
	for _, f := range strings.Split(dice, "+") {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > 99 {
			return m, fmt.Errorf("%q: the dice are numbers joined by + (6 or 4+5)", dice)
		}
		m.Dice = append(m.Dice, n)
	}
	if i := strings.Index(rest, "("); i >= 0 {
		pay := strings.TrimSpace(rest[i:])
		rest = strings.TrimSpace(rest[:i])
		var n int
		if _, err := fmt.Sscanf(pay, "(pays %d)", &n); err != nil || n < 0 {
			return m, fmt.Errorf("%q: a payment is written (pays N)", pay)
		}
		m.Pays = n
	}
	if rest == "" {
		return m, fmt.Errorf("%q: the throw is not followed by a move (- for none)", s)
	}
	if rest == "-" {
		m.Pass = true
		return m, nil
	}
	if strings.HasSuffix(rest, "x") {
		m.Capture = true
		rest = rest[:len(rest)-1]
	}
	from, path, _ := strings.Cut(rest, "/")
	if from == "B" || from == "b" {
		m.FromBase = true
	} else {
		n, err := strconv.Atoi(from)
		if err != nil || n < 0 {
			return m, fmt.Errorf("%q: a move starts with a square number or B (the base)", rest)
		}
		m.From = n
	}
	if strings.Contains(rest, "/") {
		for _, f := range strings.Split(path, ">") {
			n, err := strconv.Atoi(f)
			if err != nil || n < 0 {
				return m, fmt.Errorf("%q: the squares after / are numbers joined by >", rest)
			}
			m.Path = append(m.Path, n)
		}
	}
	return m, nil
}

// String writes a move in the form ParseMove reads.
func (m MoveText) String() string {
	var b strings.Builder
	if m.Player != "" {
		b.WriteString(m.Player + " ")
	}
	for i, d := range m.Dice {
		if i > 0 {
			b.WriteByte('+')
		}
		b.WriteString(strconv.Itoa(d))
	}
	b.WriteString(": ")
	switch {
	case m.Pass:
		b.WriteString("-")
	default:
		if m.FromBase {
			b.WriteString("B")
		} else {
			b.WriteString(strconv.Itoa(m.From))
		}
		for i, p := range m.Path {
			if i == 0 {
				b.WriteByte('/')
			} else {
				b.WriteByte('>')
			}
			b.WriteString(strconv.Itoa(p))
		}
		if m.Capture {
			b.WriteByte('x')
		}
	}
	if m.Pays >= 0 {
		fmt.Fprintf(&b, " (pays %d)", m.Pays)
	}
	return b.String()
}
