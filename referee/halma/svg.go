package halma

import (
	"strconv"
	"strings"

	"arbiter/referee/picture"
)

const (
	squareSize   = 30.0
	squareMargin = 16.0
)

// colours are the seat colours the variants name, for the pieces and (as
// a tint) their camps; another name gets grey.
var colours = map[string][2]string{
	"red":    {"#d32f2f", "#f6c9c9"},
	"green":  {"#2e7d32", "#cbe8cc"},
	"yellow": {"#f9c80e", "#fbefbf"},
	"blue":   {"#1565c0", "#c7daf3"},
	"white":  {"#fdfdfd", "#eeeeee"},
	"black":  {"#2b2b2b", "#c9c9c9"},
}

func seatColours(name string) (piece, camp string) {
	if c, ok := colours[strings.ToLower(name)]; ok {
		return c[0], c[1]
	}
	return "#9e9e9e", "#e0e0e0"
}

// Diagram describes the board for pictures: cell s is square s (a1 is 0),
// rank 1 at the bottom, each camp tinted with its owner's colour, the
// files and ranks along the edges.
func (r *Rules) Diagram() *picture.Board {
	n := float64(r.Size) * squareSize
	b := &picture.Board{W: n + squareMargin, H: n + squareMargin, CX: squareMargin + n/2, CY: n / 2, Back: "#fafafa"}
	camp := make([]string, r.Size*r.Size)
	for i, pl := range r.Players {
		fill, tint := seatColours(pl.Colour)
		ink := "#fff"
		if fill == "#fdfdfd" || fill == "#f9c80e" {
			ink = "#333"
		}
		b.Kinds = append(b.Kinds, picture.Kind{Name: pl.Colour, Fill: fill, Stroke: "#333", Text: r.letter(i), Ink: ink})
		for _, s := range pl.Camp {
			camp[s] = tint
		}
	}
	for s := 0; s < r.Size*r.Size; s++ {
		f, k := s%r.Size, s/r.Size
		fill := "#f3ecdc"
		if (f+k)%2 == 0 {
			fill = "#e4d8bd"
		}
		if camp[s] != "" {
			fill = camp[s]
		}
		b.Cells = append(b.Cells, picture.Cell{X: squareMargin + (float64(f)+0.5)*squareSize,
			Y: (float64(r.Size-1-k) + 0.5) * squareSize, R: squareSize / 2, Fill: fill, Name: Name(r.Size, s)})
	}
	for i := 0; i < r.Size; i++ {
		b.Labels = append(b.Labels,
			picture.Label{X: squareMargin + (float64(i)+0.5)*squareSize, Y: n + squareMargin/2, Text: string(rune('a' + i)), Size: 10, KeepY: true},
			picture.Label{X: squareMargin / 2, Y: (float64(r.Size-1-i) + 0.5) * squareSize, Text: strconv.Itoa(i + 1), Size: 10, KeepX: true})
	}
	return b
}

// Picture is a position's pieces on the board of Diagram.
func (r *Rules) Picture(p *Position) picture.Position {
	out := picture.Position{Cells: make([][]int, len(p.Board))}
	if p.Turn >= 0 && p.Turn < len(r.Players) {
		out.Caption = r.Players[p.Turn].Colour + " to move"
	}
	for s, c := range p.Board {
		if c > 0 {
			out.Put(s, int(c)-1)
		}
	}
	return out
}

// MovePath is a move's cells in Diagram's board: the start and every
// landing square (nothing for a pass).
func MovePath(m Move) []int {
	if m.Pass {
		return nil
	}
	if !m.IsJump() {
		return []int{m.From, m.To}
	}
	return append([]int{m.From}, m.Path...)
}
