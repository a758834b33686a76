package picture

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxTextGrid bounds the rows and columns of a board drawn in text: a
// track of many cells (a race game's) is listed instead.
const maxTextGrid = 26

// Text draws a position for a terminal: the cells row by row as the
// picture places them, '.' for an empty one, a piece as its kind's letter
// (its Text, else the first letter of its name; a king's in capitals),
// the number of pieces where several stand, and beside each row the names
// of its first and last cells. A board whose cells make no grid (a race
// track) is listed as the cells that hold pieces.
func Text(b *Board, p Position) string {
	xs, ys := coords(b, func(c Cell) float64 { return c.X }), coords(b, func(c Cell) float64 { return c.Y })
	if len(xs) == 0 || len(xs) > maxTextGrid || len(ys) > maxTextGrid {
		return list(b, p)
	}
	at := map[[2]int]int{}
	for i, c := range b.Cells {
		if c.R == 0 && c.Name == "" {
			continue // not a cell of this board
		}
		at[[2]int{index(ys, c.Y), index(xs, c.X)}] = i
	}
	var s strings.Builder
	for row := range ys {
		s.WriteString("   ")
		var first, last string
		for col := range xs {
			i, ok := at[[2]int{row, col}]
			if !ok {
				s.WriteString("  ")
				continue
			}
			if first == "" {
				first = b.Cells[i].Name
			}
			last = b.Cells[i].Name
			s.WriteByte(' ')
			s.WriteString(pieces(b, p, i))
		}
		if first != "" {
			fmt.Fprintf(&s, "   %s-%s", first, last)
		}
		s.WriteByte('\n')
	}
	if p.Caption != "" {
		s.WriteString("   " + strings.ReplaceAll(p.Caption, "\n", "\n   ") + "\n")
	}
	return s.String()
}

// list names the cells that hold pieces and what stands on each.
func list(b *Board, p Position) string {
	var s strings.Builder
	for i, ks := range p.Cells {
		if len(ks) == 0 || i >= len(b.Cells) {
			continue
		}
		var names []string
		for _, k := range ks {
			if k >= 0 && k < len(b.Kinds) {
				names = append(names, b.Kinds[k].Name)
			}
		}
		fmt.Fprintf(&s, "   %s: %s\n", b.Cells[i].Name, strings.Join(names, ", "))
	}
	if p.Caption != "" {
		s.WriteString("   " + strings.ReplaceAll(p.Caption, "\n", "\n   ") + "\n")
	}
	return s.String()
}

// pieces is one cell's character.
func pieces(b *Board, p Position, i int) string {
	if i >= len(p.Cells) || len(p.Cells[i]) == 0 {
		return "."
	}
	ks := p.Cells[i]
	if len(ks) > 1 {
		if len(ks) > 9 {
			return "+"
		}
		return fmt.Sprint(len(ks))
	}
	k := ks[0]
	if k < 0 || k >= len(b.Kinds) {
		return "?"
	}
	kind := b.Kinds[k]
	r, _ := utf8.DecodeRuneInString(kind.Text)
	if kind.Text == "" {
		r, _ = utf8.DecodeRuneInString(kind.Name)
	}
	if r == utf8.RuneError {
		return "?"
	}
	if kind.King {
		return string(unicode.ToUpper(r))
	}
	return string(r)
}

// coords are the distinct values of a coordinate of the board's cells,
// ascending (values within a tenth of a unit are one).
func coords(b *Board, of func(Cell) float64) []float64 {
	var out []float64
	for _, c := range b.Cells {
		if c.R == 0 && c.Name == "" {
			continue
		}
		v := of(c)
		if index(out, v) < 0 {
			out = append(out, v)
			sort.Float64s(out)
		}
	}
	return out
}

func index(vs []float64, v float64) int {
	for i, x := range vs {
		if math.Abs(x-v) < 0.1 {
			return i
		}
	}
	return -1
}
