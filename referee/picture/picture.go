// Package picture draws board games without knowing any: a family describes
// its board once (cells where pieces stand, lines, coloured regions, labels,
// the kinds of piece) and a position as the pieces on each cell; Render
// writes one deterministic, self-contained SVG, RenderPNG the same picture
// as a bitmap, and CutKit cuts it into the SVG fragments the HTML report's
// script only places (positions travel as compact strings: Encode).
package picture

import (
	"math"
	"sort"
	"strings"
)

// Board is the fixed part of a diagram: everything but the pieces and the
// marks. Coordinates are in board units (the viewBox); Y grows downwards.
type Board struct {
	W    float64 `json:"w"`
	H    float64 `json:"h"`
	Back string  `json:"back"` // background colour
	// CX, CY is the point a flipped board turns round (the centre of the
	// playing area, which margins for labels may shift); 0 is the middle.
	CX      float64  `json:"cx,omitempty"`
	CY      float64  `json:"cy,omitempty"`
	Regions []Region `json:"regions,omitempty"`
	Lines   []Line   `json:"lines,omitempty"`
	Cells   []Cell   `json:"cells"`
	Labels  []Label  `json:"labels,omitempty"`
	Kinds   []Kind   `json:"kinds"`
	// Numbered says the cells' names are the notation's square numbers,
	// written on every diagram (draughts boards numbered 1-50, 1-32...):
	// the numbers a diagnostic speaks of are on the board.
	Numbered bool `json:"numbered,omitempty"`
}

// Region is a coloured rectangle under the cells: a camp, a base, a frame.
type Region struct {
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	W     float64 `json:"w"`
	H     float64 `json:"h"`
	Fill  string  `json:"fill"`
	Round bool    `json:"round,omitempty"`
	Fixed bool    `json:"fixed,omitempty"` // not turned with a flipped board (a legend's swatch)
}

// Line is a straight line under the cells (a morris line, a track's link).
type Line struct {
	X1     float64 `json:"x1"`
	Y1     float64 `json:"y1"`
	X2     float64 `json:"x2"`
	Y2     float64 `json:"y2"`
	Width  float64 `json:"width"`
	Stroke string  `json:"stroke"`
}

// Cell is a place a piece stands on: a square (or a point, Round) centred
// on X, Y, R from the centre to its edge. Name is written small in its
// corner when the picture shows square names.
type Cell struct {
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	R     float64 `json:"r"`
	Fill  string  `json:"fill,omitempty"` // "" draws nothing (a morris point is its dot)
	Round bool    `json:"round,omitempty"`
	Name  string  `json:"name,omitempty"`
	// Dot, when set, draws the cell as a dot of that radius (a morris
	// point) rather than filling it.
	Dot float64 `json:"dot,omitempty"`
}

// Label is text on the board: a coordinate along an edge, a square's
// meaning. An edge label keeps its distance to its edge when the board is
// flipped (KeepX: a rank number down the left stays on the left).
type Label struct {
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Text  string  `json:"text"`
	Size  float64 `json:"size"`
	KeepX bool    `json:"keepx,omitempty"`
	KeepY bool    `json:"keepy,omitempty"`
	Ink   string  `json:"ink,omitempty"`   // its colour ("" dark grey)
	Halo  string  `json:"halo,omitempty"`  // a colour round its letters, to read over anything
	Start bool    `json:"start,omitempty"` // X is where it starts, not its middle
}

// Kind is a kind of piece: a disc of Fill with an outline, a king two
// discs stacked under a crown, and a short text (a seat's letter, a
// horse's number).
type Kind struct {
	Name   string `json:"name"`
	Fill   string `json:"fill"`
	Stroke string `json:"stroke"`
	King   bool   `json:"king,omitempty"`
	Text   string `json:"text,omitempty"`
	Ink    string `json:"ink,omitempty"` // colour of Text and of the king's crown
}

// Position is what stands on the board: for each cell the kinds of its
// pieces (indexes into Board.Kinds; most cells hold one or none, a race
// game's start square several).
type Position struct {
	Cells   [][]int
	Caption string // under the board: one line, or more parted by \n
}

// NewPosition returns an empty position for a board.
func (b *Board) NewPosition() Position {
	return Position{Cells: make([][]int, len(b.Cells))}
}

// Put adds a piece of kind k on cell c; out-of-range cells are ignored.
func (p *Position) Put(c, k int) {
	if c >= 0 && c < len(p.Cells) {
		p.Cells[c] = append(p.Cells[c], k)
	}
}

// Marks are what a diagram points at: the move just played (or written),
// its captures, and the moves that were legal instead.
type Marks struct {
	Path     []int   `json:"path,omitempty"`     // cells from the start square to the end, every landing square between
	Captured []int   `json:"captured,omitempty"` // cells whose pieces the move takes
	Legal    [][]int `json:"legal,omitempty"`    // the legal moves' paths
	Bad      bool    `json:"bad,omitempty"`      // the written move is not legal: drawn in red
}

// kindLetters code a kind in a position string: 62 kinds at most.
const kindLetters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// Encode writes a position compactly for the browser: one character per
// cell, '.' for an empty one, a kind's letter for one piece, and the
// letters in parentheses for several ("..a.(bb)..").
func Encode(p Position) string {
	var s strings.Builder
	for _, ks := range p.Cells {
		switch len(ks) {
		case 0:
			s.WriteByte('.')
		case 1:
			s.WriteByte(letter(ks[0]))
		default:
			s.WriteByte('(')
			for _, k := range ks {
				s.WriteByte(letter(k))
			}
			s.WriteByte(')')
		}
	}
	return s.String()
}

func letter(k int) byte {
	if k < 0 || k >= len(kindLetters) {
		return '?'
	}
	return kindLetters[k]
}

// Decode reads what Encode writes; ok is false when the string does not
// fit a board of n cells.
func Decode(s string, n int) (p Position, ok bool) {
	p.Cells = make([][]int, 0, n)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '.':
			p.Cells = append(p.Cells, nil)
		case '(':
			var ks []int
			for i++; i < len(s) && s[i] != ')'; i++ {
				k := strings.IndexByte(kindLetters, s[i])
				if k < 0 {
					return p, false
				}
				ks = append(ks, k)
			}
			if i >= len(s) {
				return p, false
			}
			p.Cells = append(p.Cells, ks)
		default:
			k := strings.IndexByte(kindLetters, c)
			if k < 0 {
				return p, false
			}
			p.Cells = append(p.Cells, []int{k})
		}
	}
	return p, len(p.Cells) == n
}

// Nearest keeps at most n of the legal moves' paths for a diagram of a
// move written wrongly: those closest to what was written (the same start
// square first, then the nearest start and end), in their own order. A
// board with every legal move of a Halma position drawn shows none.
func Nearest(b *Board, written []int, legal [][]int, n int) [][]int {
	if len(legal) <= n || n <= 0 {
		return legal
	}
	dist := func(a, c int) float64 {
		if a < 0 || c < 0 || a >= len(b.Cells) || c >= len(b.Cells) {
			return 1e9
		}
		dx, dy := b.Cells[a].X-b.Cells[c].X, b.Cells[a].Y-b.Cells[c].Y
		return math.Sqrt(dx*dx + dy*dy)
	}
	score := make([]float64, len(legal))
	for i, p := range legal {
		if len(written) == 0 || len(p) == 0 {
			continue
		}
		score[i] = 4*dist(p[0], written[0]) + dist(p[len(p)-1], written[len(written)-1])
	}
	idx := make([]int, len(legal))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, c int) bool { return score[idx[a]] < score[idx[c]] })
	idx = idx[:n]
	sort.Ints(idx)
	out := make([][]int, 0, n)
	for _, i := range idx {
		out = append(out, legal[i])
	}
	return out
}

// LegendItem is one line of a legend: a swatch of a colour (a disc when
// Piece is set: a player's pieces) and what it stands for.
type LegendItem struct {
	Fill  string
	Piece bool
	Text  string
}

// AddLegend writes a legend under the board, its items in a row as far as
// they fit, and makes the board that much taller: which colour is which
// player, what a coloured square does.
func (b *Board) AddLegend(items []LegendItem) {
	if len(items) == 0 {
		return
	}
	const size = 12.0
	rowH := size * 1.7
	if b.CX == 0 && b.CY == 0 {
		b.CX, b.CY = b.W/2, b.H/2 // a flipped board turns round its playing area
	}
	x, y := size/2, b.H+size*0.4
	for _, it := range items {
		w := size*2.4 + float64(len([]rune(it.Text)))*size*0.55
		if x > size/2 && x+w > b.W {
			x, y = size/2, y+rowH
		}
		b.Regions = append(b.Regions, Region{X: x, Y: y + rowH*0.5 - size/2, W: size, H: size, Fill: it.Fill, Round: it.Piece, Fixed: true})
		b.Labels = append(b.Labels, Label{X: x + size*1.4, Y: y + rowH*0.5, Text: it.Text, Size: size, Start: true, KeepX: true, KeepY: true})
		x += w
	}
	b.H = y + rowH + size*0.4
}
