package draughts

import (
	"strconv"

	"arbiter/referee/picture"
)

// The kinds of piece in a diagram, in picture.Board.Kinds order.
const (
	pictureWhiteMan = iota
	pictureWhiteKing
	pictureBlackMan
	pictureBlackKing
)

const (
	lightSquare = "#f0d9b5"
	darkSquare  = "#b58863"
	cellSize    = 40.0
	margin      = 18.0
)

// Diagram describes the board for pictures: cell i is square i+1, seen
// from White's side (row 0 at the top). name gives each playing square the
// name the record uses (nil: its number). A board numbered as records
// number it has its numbers in its dark squares, the names every message
// uses; one named in letters and digits (alpha) has the files and ranks
// along the bottom and the left instead.
func (r *Rules) Diagram(name func(sq int) string, alpha bool) *picture.Board {
	w, h := float64(r.Width)*cellSize, float64(r.Height)*cellSize
	left, bottom := 0.0, 0.0
	if alpha {
		left, bottom = margin, margin
	}
	b := &picture.Board{W: w + left, H: h + bottom, CX: left + w/2, CY: h / 2, Back: "#fafafa", Numbered: !alpha,
		Kinds: []picture.Kind{
			{Name: "white man", Fill: "#fdfdfd", Stroke: "#333"},
			{Name: "white king", Fill: "#fdfdfd", Stroke: "#333", King: true, Ink: "#b8860b"},
			{Name: "black man", Fill: "#2b2b2b", Stroke: "#000"},
			{Name: "black king", Fill: "#2b2b2b", Stroke: "#000", King: true, Ink: "#e6b422"},
		}}
	b.Cells = make([]picture.Cell, r.n)
	for row := 0; row < r.Height; row++ {
		for col := 0; col < r.Width; col++ {
			x, y := left+float64(col)*cellSize, float64(row)*cellSize
			sq, ok := r.SquareAt(col, row)
			if !ok {
				b.Regions = append(b.Regions, picture.Region{X: x, Y: y, W: cellSize, H: cellSize, Fill: lightSquare})
				continue
			}
			fill := darkSquare
			if r.AllSquares && (row+col)%2 == 0 {
				fill = lightSquare
			}
			n := strconv.Itoa(sq)
			if name != nil {
				n = name(sq)
			}
			b.Cells[sq-1] = picture.Cell{X: x + cellSize/2, Y: y + cellSize/2, R: cellSize / 2, Fill: fill, Name: n}
		}
	}
	if !alpha {
		return b
	}
	for col := 0; col < r.Width; col++ {
		b.Labels = append(b.Labels, picture.Label{X: margin + (float64(col)+0.5)*cellSize, Y: h + margin/2,
			Text: string(rune('a' + col)), Size: margin * 0.6, KeepY: true})
	}
	for row := 0; row < r.Height; row++ {
		b.Labels = append(b.Labels, picture.Label{X: margin / 2, Y: (float64(row) + 0.5) * cellSize,
			Text: strconv.Itoa(r.Height - row), Size: margin * 0.6, KeepX: true})
	}
	return b
}

// Picture is a position's pieces on the board of Diagram.
func (r *Rules) Picture(p Position) picture.Position {
	out := picture.Position{Cells: make([][]int, r.n), Caption: p.Turn().String() + " to move"}
	for sq := 1; sq <= r.n; sq++ {
		switch p.At(sq) {
		case WhiteMan:
			out.Put(sq-1, pictureWhiteMan)
		case WhiteKing:
			out.Put(sq-1, pictureWhiteKing)
		case BlackMan:
			out.Put(sq-1, pictureBlackMan)
		case BlackKing:
			out.Put(sq-1, pictureBlackKing)
		}
	}
	return out
}

// MovePath is a move's cells in Diagram's board: the start, every landing
// square, and the pieces it takes.
func MovePath(m Move) (path, captured []int) {
	path = append(path, m.From-1)
	for _, s := range m.Path {
		path = append(path, s-1)
	}
	if len(m.Path) == 0 {
		path = append(path, m.To-1)
	}
	for _, s := range m.Captured {
		captured = append(captured, s-1)
	}
	return path, captured
}
