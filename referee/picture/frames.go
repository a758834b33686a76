package picture

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A game's plies travel to the browser as one short string each: what
// moved and what was taken, plus only those cells whose content the
// default reading gets wrong. The default reading of a ply moves the
// pieces of its first cell to its last and empties its captured cells;
// a promotion, a placement, or a race piece leaving company is a fix.
//
//	ply   = path ["*" captured] ["=" fix...]
//	path  = cell...          a cell is two base-36 digits (up to 1296 cells)
//	fix   = cell content     content as in Encode: "." | letter | "(" letters ")"
//
// A ply that changes nothing (a pass, a throw that moves nothing) is "-".

// EncodePly writes the step from prev to next with its marks.
func EncodePly(prev, next Position, m Marks) string {
	var b strings.Builder
	for _, c := range m.Path {
		b.WriteString(cell36(c))
	}
	if len(m.Captured) > 0 {
		b.WriteByte('*')
		for _, c := range m.Captured {
			b.WriteString(cell36(c))
		}
	}
	guess := stepDefault(prev.Cells, m)
	fixes := false
	for i := range next.Cells {
		var g []int
		if i < len(guess) {
			g = guess[i]
		}
		if slices.Equal(g, next.Cells[i]) {
			continue
		}
		if !fixes {
			b.WriteByte('=')
			fixes = true
		}
		b.WriteString(cell36(i))
		b.WriteString(Encode(Position{Cells: [][]int{next.Cells[i]}}))
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// DecodePly applies a ply to prev: the position after it and its marks.
func DecodePly(prev Position, ply string) (Position, Marks, error) {
	var m Marks
	if ply == "-" {
		return Position{Cells: cloneCells(prev.Cells)}, m, nil
	}
	head, fixes, _ := strings.Cut(ply, "=")
	path, captured, _ := strings.Cut(head, "*")
	var err error
	if m.Path, err = cells36(path, len(prev.Cells)); err != nil {
		return prev, m, err
	}
	if m.Captured, err = cells36(captured, len(prev.Cells)); err != nil {
		return prev, m, err
	}
	next := Position{Cells: stepDefault(prev.Cells, m)}
	for i := 0; i < len(fixes); {
		if i+2 > len(fixes) {
			return prev, m, fmt.Errorf("ply %q: a fix without its content", ply)
		}
		c, ok := cellAt(fixes, i, len(next.Cells))
		if !ok {
			return prev, m, fmt.Errorf("ply %q: bad cell %q", ply, fixes[i:i+2])
		}
		i += 2
		j := i + 1
		if i < len(fixes) && fixes[i] == '(' {
			j = strings.IndexByte(fixes[i:], ')') + i + 1
			if j <= i {
				return prev, m, fmt.Errorf("ply %q: unclosed (", ply)
			}
		}
		if j > len(fixes) {
			return prev, m, fmt.Errorf("ply %q: a fix without its content", ply)
		}
		one, ok := Decode(fixes[i:j], 1)
		if !ok {
			return prev, m, fmt.Errorf("ply %q: bad content %q", ply, fixes[i:j])
		}
		next.Cells[c] = one.Cells[0]
		i = j
	}
	return next, m, nil
}

func stepDefault(prev [][]int, m Marks) [][]int {
	out := cloneCells(prev)
	if len(m.Path) >= 2 {
		from, to := m.Path[0], m.Path[len(m.Path)-1]
		if from >= 0 && from < len(out) && to >= 0 && to < len(out) {
			moving := out[from]
			out[from] = nil
			out[to] = moving
		}
	}
	for _, c := range m.Captured {
		if c >= 0 && c < len(out) {
			out[c] = nil
		}
	}
	return out
}

func cloneCells(cs [][]int) [][]int {
	out := make([][]int, len(cs))
	for i, c := range cs {
		out[i] = append([]int(nil), c...)
	}
	return out
}

func cell36(c int) string {
	s := strconv.FormatInt(int64(c), 36)
	if len(s) == 1 {
		s = "0" + s
	}
	return s
}

func cells36(s string, n int) ([]int, error) {
	if len(s)%2 != 0 {
		return nil, fmt.Errorf("cells %q: an odd number of digits", s)
	}
	var out []int
	for i := 0; i < len(s); i += 2 {
		c, ok := cellAt(s, i, n)
		if !ok {
			return nil, fmt.Errorf("cells %q: bad cell %q", s, s[i:i+2])
		}
		out = append(out, c)
	}
	return out, nil
}

// cellAt reads the cell written at s[i:i+2], two base-36 digits, and says
// whether it is one of n cells. (strconv.ParseInt would also take a sign:
// "-1" is no cell, and indexed a position at -1.)
func cellAt(s string, i, n int) (int, bool) {
	c := 0
	for _, d := range []byte(s[i : i+2]) {
		switch {
		case '0' <= d && d <= '9':
			c = 36*c + int(d-'0')
		case 'a' <= d && d <= 'z':
			c = 36*c + int(d-'a') + 10
		case 'A' <= d && d <= 'Z':
			c = 36*c + int(d-'A') + 10
		default:
			return 0, false
		}
	}
	return c, c < n
}
