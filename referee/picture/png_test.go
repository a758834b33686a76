package picture

import (
	"fmt"
	"testing"
)

// drawnBoard is a 10x10 draughts-like board: 100 squares, 50 numbered,
// 40 pieces, a marked path and two legal moves.
func drawnBoard() (*Board, Position, Marks) {
	b := &Board{W: 400, H: 400, Back: "#fff", Numbered: true,
		Kinds: []Kind{{Name: "w", Fill: "#fff", Stroke: "#000"}, {Name: "b", Fill: "#222", Stroke: "#000"}}}
	for y := range 10 {
		for x := range 10 {
			if (x+y)%2 == 1 {
				b.Cells = append(b.Cells, Cell{X: float64(x)*40 + 20, Y: float64(y)*40 + 20, R: 20, Fill: "#963", Name: fmt.Sprint(len(b.Cells) + 1)})
			}
		}
	}
	p := b.NewPosition()
	for c := range 20 {
		p.Put(c, 1)
		p.Put(49-c, 0)
	}
	p.Caption = "32. 43-38 17-11: no piece on 17"
	return b, p, Marks{Path: []int{31, 26, 21}, Bad: true, Legal: [][]int{{31, 27}, {32, 28}}}
}

// BenchmarkPaint: a numbered board with 40 pieces, as a PNG of 600 and
// 1,200 pixels: each shape is rasterised on its own box, so the cost
// follows the shapes' areas, not their number times the picture's.
func BenchmarkPaint(b *testing.B) {
	board, pos, marks := drawnBoard()
	for _, size := range []int{600, 1200} {
		b.Run(fmt.Sprint(size), func(b *testing.B) {
			for range b.N {
				Paint(board, pos, marks, Options{Size: size, Names: true})
			}
		})
	}
}

// TestPaintOnShapeBoxes holds the picture painted shape by shape on each
// shape's box to the same shapes rasterised on the whole picture: within
// 1/255 (the float rounding of another origin), with shapes that cross the
// picture's edges, flipped, with square names, at several sizes.
func TestPaintOnShapeBoxes(t *testing.T) {
	board, pos, marks := drawnBoard()
	board.Cells = append(board.Cells, Cell{X: -5, Y: 200, R: 30, Fill: "#0a0"}, Cell{X: 398, Y: 399, R: 25, Fill: "#00a"})
	board.Lines = append(board.Lines, Line{X1: -50, Y1: -50, X2: 450, Y2: 420, Width: 6, Stroke: "#333"})
	for _, o := range []Options{{Size: 333}, {Size: 600, Names: true}, {Size: 517, Flip: true, Names: true}} {
		got := Paint(board, pos, marks, o)
		want := paint(board, pos, marks, o, true)
		diff, at := 0, ""
		for i := range got.Pix {
			d := int(got.Pix[i]) - int(want.Pix[i])
			if d < 0 {
				d = -d
			}
			if d > diff {
				diff, at = d, fmt.Sprintf("pixel %d,%d", (i%got.Stride)/4, i/got.Stride)
			}
		}
		if diff > 1 {
			t.Errorf("%+v: differs from the whole-picture rasterisation by %d/255 at %s", o, diff, at)
		}
	}
}
