package morris

import (
	"fmt"
	"strconv"

	"arbiter/referee/picture"
)

const (
	pointGap    = 50.0
	pointMargin = 40.0
)

// Diagram describes the board for pictures: cell i is point i (PlayOK's
// number i+1), the lines between them (with the diagonals of twelve men's
// morris when r has them), files and ranks along the edges. With numeric,
// a point's name is its PlayOK number, else its coordinate.
func (r *Rules) Diagram(numeric bool) *picture.Board {
	side := 2*pointMargin + 6*pointGap
	b := &picture.Board{W: side, H: side, Back: "#e8d4a8",
		Kinds: []picture.Kind{
			{Name: "white", Fill: "#fdfdfd", Stroke: "#333"},
			{Name: "black", Fill: "#2b2b2b", Stroke: "#000"},
		}}
	at := func(p int) (float64, float64) {
		f, k := Coord(p)
		return pointMargin + float64(f)*pointGap, pointMargin + float64(6-k)*pointGap
	}
	ls := lines
	if r.Diagonals {
		ls = append(append([][3]string(nil), lines...), diagonalLines...)
	}
	for _, l := range ls {
		x1, y1 := at(ParsePoint(l[0]))
		x2, y2 := at(ParsePoint(l[2]))
		b.Lines = append(b.Lines, picture.Line{X1: x1, Y1: y1, X2: x2, Y2: y2, Width: 3, Stroke: "#5a4630"})
	}
	for p := 0; p < NumPoints; p++ {
		x, y := at(p)
		name := Name(p)
		if numeric {
			name = strconv.Itoa(Number(p))
		}
		b.Cells = append(b.Cells, picture.Cell{X: x, Y: y, R: pointGap * 0.4, Fill: "#5a4630", Round: true, Dot: 6, Name: name})
	}
	for i := 0; i < 7; i++ {
		v := pointMargin + float64(i)*pointGap
		b.Labels = append(b.Labels,
			picture.Label{X: v, Y: side - pointMargin*0.35, Text: string(rune('a' + i)), Size: 13, KeepY: true},
			picture.Label{X: pointMargin * 0.35, Y: v, Text: strconv.Itoa(7 - i), Size: 13, KeepX: true})
	}
	return b
}

// Picture is a position's pieces on the board of Diagram; the caption
// says who moves and what each side still has in hand.
func Picture(p Position) picture.Position {
	out := picture.Position{Cells: make([][]int, NumPoints),
		Caption: fmt.Sprintf("%s to move; in hand: white %d, black %d", p.Turn, p.Hand[White], p.Hand[Black])}
	for pt := 0; pt < NumPoints; pt++ {
		if c, ok := p.At(pt); ok {
			out.Put(pt, int(c))
		}
	}
	return out
}

// MovePath is a move's cells in Diagram's board: the point it leaves (none
// for a placement), the point it reaches, and the pieces it removes.
func MovePath(m Move) (path, removed []int) {
	if m.From >= 0 {
		path = append(path, int(m.From))
	}
	if m.To >= 0 {
		path = append(path, int(m.To))
	}
	for _, x := range m.Remove {
		if x >= 0 {
			removed = append(removed, int(x))
		}
	}
	return path, removed
}
