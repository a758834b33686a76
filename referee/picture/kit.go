package picture

import (
	"math"
	"strings"
)

// Kit is a board cut into SVG fragments that the HTML report's script
// only puts together, for any position and marks: the board under the
// pieces and its labels over them (each as drawn plain and flipped), one
// fragment per kind of piece and per mark, drawn at 0, 0 with radius
// unitR and placed at a cell's centre with translate and scale, and the
// cells' centres. The script draws nothing itself: the page's picture of
// a position is Render's, element for element (a browser test compares
// the two), and a change to a picture is a change here.
type Kit struct {
	W float64 `json:"w"`
	H float64 `json:"h"`
	// Under and Over are the board's fragments for [plain, flipped]:
	// background, regions, lines and cells; labels.
	Under [2]string `json:"under"`
	Over  [2]string `json:"over"`
	// Names writes the cells' names, drawn when Numbered (they are the
	// notation) or when the reader asks.
	Names    [2]string `json:"names,omitempty"`
	Numbered bool      `json:"numbered,omitempty"`
	// Cells holds x, y and r of each cell, in turn, as drawn [plain,
	// flipped].
	Cells [2][]float64 `json:"cells"`
	// CellNames are the cells' names, for a move's text.
	CellNames []string `json:"cellnames"`
	Pieces    []string `json:"pieces"`
	KindNames []string `json:"kinds"`
	Highlight string   `json:"highlight"` // a square of the move, under the pieces
	Cross     string   `json:"cross"`     // a piece taken
	// Arrows are the move's, the rejected move's and the legal moves'
	// shafts and heads: Shaft holds @P@ for the shaft's points, Head @H@
	// for the head's, Ring is the mark of a one-cell move at 0, 0, and
	// Width the width Render gives it (report.js: arrow).
	Arrows map[string]ArrowKit `json:"arrows"`
}

// ArrowKit is one colour of arrow.
type ArrowKit struct {
	Width float64 `json:"width"`
	Dash  bool    `json:"dash,omitempty"`
	Shaft string  `json:"shaft"`
	Head  string  `json:"head"`
	Ring  string  `json:"ring"`
}

// CutKit cuts a board into its kit.
func CutKit(b *Board) *Kit {
	k := &Kit{W: b.W, H: b.H, Numbered: b.Numbered, Arrows: map[string]ArrowKit{}}
	for f, flip := range []bool{false, true} {
		g := geometry{b: b, flip: flip}
		var w svgWriter
		w.rect(0, 0, b.W, b.H, 0, b.Back, 1)
		drawUnder(&w, g)
		k.Under[f] = w.String()
		w = svgWriter{}
		drawOver(&w, g)
		k.Over[f] = w.String()
		w = svgWriter{}
		drawNames(&w, g)
		k.Names[f] = w.String()
		for i := range b.Cells {
			x, y, r, _ := g.cell(i)
			k.Cells[f] = append(k.Cells[f], x, y, r)
		}
	}
	for _, c := range b.Cells {
		k.CellNames = append(k.CellNames, c.Name)
	}
	for _, kind := range b.Kinds {
		var w svgWriter
		drawPiece(&w, kind)
		k.Pieces = append(k.Pieces, w.String())
		k.KindNames = append(k.KindNames, kind.Name)
	}
	var w svgWriter
	drawHighlight(&w)
	k.Highlight = w.String()
	w = svgWriter{}
	drawCross(&w)
	k.Cross = w.String()
	for name, a := range map[string]struct {
		colour string
		width  float64
		dash   bool
	}{"move": {moveColour, moveWidth(b), false}, "bad": {badColour, moveWidth(b), false}, "legal": {legalColour, legalWidth(b), true}} {
		var shaft, head, ring svgWriter
		dash := 0.0
		if a.dash {
			dash = a.width * 2
		}
		shaft.polyline(nil, a.width, a.colour, 0.85, dash)
		head.polygon(nil, a.colour, 0.85)
		ringMark(&ring, a.colour, a.width)
		k.Arrows[name] = ArrowKit{Width: a.width, Dash: a.dash,
			Shaft: strings.Replace(shaft.String(), `points=""`, `points="@P@"`, 1),
			Head:  strings.Replace(head.String(), `points=""`, `points="@H@"`, 1),
			Ring:  ring.String()}
	}
	return k
}

// round is Num's rounding (hundredths, half away from zero, never -0):
// the page and Render start from the same numbers.
func round(f float64) float64 {
	f = math.Round(f*100) / 100
	if f == 0 {
		return 0
	}
	return f
}
