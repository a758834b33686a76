package morris

import (
	"fmt"
	"strconv"
	"strings"
)

// coords are the points' coordinates in PlayOK's order: coords[n-1] is
// PlayOK's point n.
var coords = [24]string{
	"a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5",
	"a4", "b4", "c4", "e4", "f4", "g4",
	"c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1",
}

// Point returns the point (0-23, PlayOK's number minus one) of a
// coordinate such as "d6", or -1.
func Point(coord string) int {
	for i, c := range coords {
		if c == coord {
			return i
		}
	}
	return -1
}

// Coordinate and Number write a point (0-23) as "d6" or as PlayOK's 5.
func Coordinate(p int) string { return coords[p] }
func Number(p int) string     { return strconv.Itoa(p + 1) }

// MoveText is a decoded move: a placement (From < 0), a move From-To, or a
// removal written as its own item (To < 0), with the points it removes.
// Points are 0-23 in PlayOK's order.
type MoveText struct {
	From, To int
	Removes  []int
	Numeric  bool // written in PlayOK's numbers
}

// IsRemovalOnly reports whether the item is only a removal ("xd7").
func (m MoveText) IsRemovalOnly() bool { return m.To < 0 }

// Format writes the move in coordinates or PlayOK's numbers.
func (m MoveText) Format(numeric bool) string {
	pt := Coordinate
	if numeric {
		pt = Number
	}
	var b strings.Builder
	if m.From >= 0 {
		b.WriteString(pt(m.From))
		b.WriteByte('-')
	}
	if m.To >= 0 {
		b.WriteString(pt(m.To))
	}
	for _, r := range m.Removes {
		b.WriteByte('x')
		b.WriteString(pt(r))
	}
	return b.String()
}

func (m MoveText) String() string { return m.Format(m.Numeric) }

// MoveError says why a move's text cannot be decoded.
type MoveError struct {
	Text, Msg string
}

func (e *MoveError) Error() string { return fmt.Sprintf("move %q: %s", e.Text, e.Msg) }

// ParseMove decodes a move token:
//
//	move    = point [ "-" point ] { "x" point }   (placement or move, removals)
//	        | "x" point { "x" point }            (a removal written on its own)
//	point   = coordinate (a1..g7, a point of the board) | number (1-24, PlayOK)
//
// Coordinates and numbers may not be mixed in one move; upper-case letters
// and ":" for "x" are read too.
func ParseMove(text string) (MoveText, error) {
	m := MoveText{From: -1, To: -1}
	s := strings.ToLower(text)
	fail := func(format string, args ...any) (MoveText, error) {
		return MoveText{From: -1, To: -1}, &MoveError{Text: text, Msg: fmt.Sprintf(format, args...)}
	}
	kind := 0 // 1 coordinates, 2 numbers
	i := 0
	point := func() (int, error) {
		if i >= len(s) {
			return -1, fmt.Errorf("a point is missing at the end")
		}
		switch c := s[i]; {
		case 'a' <= c && c <= 'g':
			if i+1 >= len(s) || s[i+1] < '1' || s[i+1] > '7' {
				return -1, fmt.Errorf("%q is not a point (a1..g7)", s[i:min(i+2, len(s))])
			}
			p := Point(s[i : i+2])
			if p < 0 {
				return -1, fmt.Errorf("%s is not a point of the board", s[i:i+2])
			}
			if kind == 2 {
				return -1, fmt.Errorf("coordinates and numbers mixed")
			}
			kind = 1
			i += 2
			return p, nil
		case '0' <= c && c <= '9':
			j := i
			for j < len(s) && '0' <= s[j] && s[j] <= '9' {
				j++
			}
			n, _ := strconv.Atoi(s[i:min(j, i+3)])
			if j-i > 2 || n < 1 || n > 24 {
				return -1, fmt.Errorf("%s is not a point (1-24)", s[i:j])
			}
			if kind == 1 {
				return -1, fmt.Errorf("coordinates and numbers mixed")
			}
			kind = 2
			i = j
			return n - 1, nil
		default:
			return -1, fmt.Errorf("unexpected %q", s[i:i+1])
		}
	}
	isX := func() bool { return i < len(s) && (s[i] == 'x' || s[i] == ':') }
	if !isX() {
		p, err := point()
		if err != nil {
			return fail("%v", err)
		}
		m.To = p
		if i < len(s) && s[i] == '-' {
			i++
			q, err := point()
			if err != nil {
				return fail("%v", err)
			}
			m.From, m.To = p, q
			if p == q {
				return fail("a move from a point to itself")
			}
		}
	}
	for isX() {
		i++
		p, err := point()
		if err != nil {
			return fail("%v", err)
		}
		m.Removes = append(m.Removes, p)
	}
	if i < len(s) {
		return fail("unexpected %q", s[i:])
	}
	if m.To < 0 && len(m.Removes) == 0 {
		return fail("no point")
	}
	m.Numeric = kind == 2
	return m, nil
}
