package morris

import (
	"fmt"
	"strconv"
	"strings"
)

// rowSizes are the points per row, from the top (rank 7) down.
var rowSizes = [...]int{3, 3, 3, 6, 3, 3, 3}

// FEN writes a position in arbiter's simple morris form:
//
//	W--/-B-/---/------/---/---/--- b 7 8
//
// the 24 points row by row from the top (rank 7) down, left to right, rows
// separated by "/", each point W (white), B (black) or - (empty); then the
// side to move (w or b) and the pieces White and Black still have in hand.
// Point order is PlayOK's numbering 1-24.
func FEN(p Position) string {
	var b strings.Builder
	pt := 0
	for i, n := range rowSizes {
		if i > 0 {
			b.WriteByte('/')
		}
		for j := 0; j < n; j++ {
			c, ok := p.At(pt)
			switch {
			case !ok:
				b.WriteByte('-')
			case c == White:
				b.WriteByte('W')
			default:
				b.WriteByte('B')
			}
			pt++
		}
	}
	turn := "w"
	if p.Turn == Black {
		turn = "b"
	}
	fmt.Fprintf(&b, " %s %d %d", turn, p.Hand[White], p.Hand[Black])
	return b.String()
}

// ParseFEN reads what FEN writes.
func ParseFEN(s string) (Position, error) {
	var p Position
	f := strings.Fields(s)
	if len(f) != 4 {
		return p, fmt.Errorf("a morris position has 4 fields (points, side to move, white and black in hand), not %d", len(f))
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != len(rowSizes) {
		return p, fmt.Errorf("%d rows, want %d", len(rows), len(rowSizes))
	}
	pt := 0
	for i, row := range rows {
		if len(row) != rowSizes[i] {
			return p, fmt.Errorf("row %d has %d points, want %d", i+1, len(row), rowSizes[i])
		}
		for _, c := range row {
			switch c {
			case 'W', 'w':
				p.Board[White] |= bit(pt)
			case 'B', 'b':
				p.Board[Black] |= bit(pt)
			case '-', '.':
			default:
				return p, fmt.Errorf("point %q: W, B or -", c)
			}
			pt++
		}
	}
	switch f[1] {
	case "w", "W":
		p.Turn = White
	case "b", "B":
		p.Turn = Black
	default:
		return p, fmt.Errorf("side to move %q: w or b", f[1])
	}
	for i, c := range []Color{White, Black} {
		n, err := strconv.Atoi(f[2+i])
		if err != nil || n < 0 || n > 12 {
			return p, fmt.Errorf("%s in hand %q: a number 0-12", c, f[2+i])
		}
		p.Hand[c] = int8(n)
	}
	return p, nil
}

// Board draws a position for a person, the ranks down the left and the
// files along the bottom:
//
//	7 W-----.-----.
//	6 | .---.---B |
//	...
func Board(p Position) string {
	var grid [7][13]byte
	for y := range grid {
		for x := range grid[y] {
			grid[y][x] = ' '
		}
	}
	// The lines first, then the points over them.
	for _, l := range lines {
		a, c := ParsePoint(l[0]), ParsePoint(l[2])
		fa, ra := Coord(a)
		fc, rc := Coord(c)
		for x := 2 * fa; x <= 2*fc; x++ {
			for y := 6 - rc; y <= 6-ra; y++ {
				if ra == rc {
					grid[y][x] = '-'
				} else {
					grid[y][x] = '|'
				}
			}
		}
	}
	for pt := 0; pt < NumPoints; pt++ {
		f, r := Coord(pt)
		ch := byte('.')
		if c, ok := p.At(pt); ok {
			ch = "wb"[c]
		}
		grid[6-r][2*f] = ch
	}
	var b strings.Builder
	for y := range grid {
		fmt.Fprintf(&b, "%d %s\n", 7-y, strings.TrimRight(string(grid[y][:]), " "))
	}
	b.WriteString("  a b c d e f g\n")
	fmt.Fprintf(&b, "%s to move; in hand: white %d, black %d", p.Turn, p.Hand[White], p.Hand[Black])
	return b.String()
}
