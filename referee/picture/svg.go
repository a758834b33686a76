package picture

import (
	"math"
	"strconv"
	"strings"
)

// Options change how a diagram is drawn, not what it shows.
type Options struct {
	Title string // the SVG's <title>, for screen readers and tooltips
	Flip  bool   // turn the board half round: the other side at the bottom
	Names bool   // write each cell's name in its corner (a board whose names are its notation always does)
	Size  int    // width in pixels (the height follows); 0 leaves it to the viewer
}

// Colours of the marks.
const (
	moveColour    = "#1565c0"
	badColour     = "#d32f2f"
	legalColour   = "#2e7d32"
	captureColour = "#d32f2f"
	highlight     = "#ffeb3b"
)

// unitR is the radius pieces and marks are drawn at before they are
// placed on a cell (translated and scaled): the page places the same
// fragments.
const unitR = 100.0

// canvas receives a picture's shapes: svgWriter writes them as SVG, and
// raster paints them into a bitmap, so a picture is drawn by one piece of
// code whatever its format.
type canvas interface {
	rect(x, y, w, h, rx float64, fill string, opacity float64)
	circle(x, y, r float64, fill, stroke string, sw float64)
	line(x1, y1, x2, y2, sw float64, stroke string, round bool)
	// polyline is an open path with round joins and caps, dashed when
	// dash > 0 (dash long, gap dash*0.75).
	polyline(pts []float64, sw float64, stroke string, opacity, dash float64)
	polygon(pts []float64, fill string, opacity float64)
	// text is centred on x, y (or starts at x when start), with a halo of
	// haloW around its letters when halo is a colour.
	text(x, y, size float64, fill, halo string, haloW float64, start bool, s string)
	// place draws what draw draws, translated to x, y and scaled by s.
	place(x, y, s float64, draw func(canvas))
}

// Render writes the diagram as one <svg> element: a viewBox, a <title>, and
// nothing it would have to fetch. The same arguments give the same bytes.
func Render(b *Board, p Position, m Marks, o Options) []byte {
	var w svgWriter
	h := b.H + captionHeight(b, p)
	w.raw(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `)
	w.num(b.W)
	w.raw(" ")
	w.num(h)
	w.raw(`"`)
	if o.Size > 0 {
		w.raw(` width="` + strconv.Itoa(o.Size) + `" height="`)
		w.num(math.Round(float64(o.Size) * h / b.W))
		w.raw(`"`)
	}
	w.raw(` role="img" font-family="sans-serif">` + "\n<title>")
	w.text1(o.Title)
	w.raw("</title>\n")
	draw(&w, b, p, m, o)
	w.raw("</svg>\n")
	return []byte(w.String())
}

// captionHeight is the room under the board for the caption's lines.
func captionHeight(b *Board, p Position) float64 {
	if p.Caption == "" {
		return 0
	}
	return captionLine(b) * float64(strings.Count(p.Caption, "\n")+1)
}

func captionLine(b *Board) float64 { return math.Max(b.unit()*0.7, b.W/22) }

// draw paints a whole diagram in the order the page puts its parts
// together (Kit): the board, the squares marked, the pieces, the labels
// and names, the captures, the move, the legal moves, the caption.
func draw(c canvas, b *Board, p Position, m Marks, o Options) {
	g := geometry{b: b, flip: o.Flip}
	c.rect(0, 0, b.W, b.H+captionHeight(b, p), 0, b.Back, 1)
	drawUnder(c, g)
	for _, i := range m.Path {
		if x, y, r, ok := g.cell(i); ok {
			c.place(x, y, r/unitR, drawHighlight)
		}
	}
	for i, ks := range p.Cells {
		x, y, r, ok := g.cell(i)
		if !ok {
			break
		}
		for j, k := range ks {
			if k < 0 || k >= len(b.Kinds) {
				continue
			}
			px, py, pr := Slot(x, y, r, j, len(ks))
			kind := b.Kinds[k]
			c.place(px, py, pr/unitR, func(c canvas) { drawPiece(c, kind) })
		}
	}
	drawOver(c, g)
	if o.Names || b.Numbered {
		drawNames(c, g)
	}
	for _, i := range m.Captured {
		if x, y, r, ok := g.cell(i); ok {
			c.place(x, y, r/unitR, drawCross)
		}
	}
	colour := moveColour
	if m.Bad {
		colour = badColour
	}
	arrow(c, g.points(m.Path), colour, moveWidth(b), false)
	// The legal moves over the written one: thinner and dashed, they show
	// where they part from it (a race move's, which walks the same squares
	// and stops one short, would be hidden under it).
	for _, path := range m.Legal {
		arrow(c, g.points(path), legalColour, legalWidth(b), true)
	}
	if p.Caption != "" {
		lineH := captionLine(b)
		for i, line := range strings.Split(p.Caption, "\n") {
			c.text(b.W/2, b.H+lineH*(float64(i)+0.5), lineH*0.55, "#222", "", 0, false, line)
		}
	}
}

// moveWidth and legalWidth are the arrows' widths on a board.
func moveWidth(b *Board) float64  { return round(b.unit() * 0.11) }
func legalWidth(b *Board) float64 { return round(b.unit() * 0.07) }

// drawUnder paints the board under the pieces: regions, lines, cells.
func drawUnder(c canvas, g geometry) {
	b := g.b
	for _, r := range b.Regions {
		x, y := g.pt(r.X, r.Y)
		x2, y2 := g.pt(r.X+r.W, r.Y+r.H)
		if r.Fixed {
			x, y, x2, y2 = r.X, r.Y, r.X+r.W, r.Y+r.H
		}
		rx := 0.0
		if r.Round {
			rx = math.Min(r.W, r.H) * 0.15
		}
		c.rect(math.Min(x, x2), math.Min(y, y2), r.W, r.H, rx, r.Fill, 1)
	}
	for _, l := range b.Lines {
		x1, y1 := g.pt(l.X1, l.Y1)
		x2, y2 := g.pt(l.X2, l.Y2)
		c.line(x1, y1, x2, y2, l.Width, l.Stroke, false)
	}
	for _, cl := range b.Cells {
		if cl.Fill == "" {
			continue
		}
		x, y := g.pt(cl.X, cl.Y)
		switch {
		case cl.Dot > 0:
			c.circle(x, y, cl.Dot, cl.Fill, "none", 0)
		case cl.Round:
			c.circle(x, y, cl.R, cl.Fill, "#555", cl.R*0.08)
		default:
			c.rect(x-cl.R, y-cl.R, 2*cl.R, 2*cl.R, 0, cl.Fill, 1)
		}
	}
}

// drawOver paints the board's labels, over the pieces: a label is never
// hidden under one.
func drawOver(c canvas, g geometry) {
	for _, l := range g.b.Labels {
		x, y := g.label(l)
		ink := l.Ink
		if ink == "" {
			ink = "#333"
		}
		c.text(x, y, l.Size, ink, l.Halo, l.Size*0.22, l.Start, l.Text)
	}
}

// drawNames writes each cell's name small in its top left corner, over
// the pieces and with a halo, so it reads on an empty square and on a
// piece alike.
func drawNames(c canvas, g geometry) {
	for i, cl := range g.b.Cells {
		if cl.Name == "" {
			continue
		}
		x, y, r, _ := g.cell(i)
		size := r * 0.56
		c.text(x-r*0.94, y-r*0.68, size, "#fff", "#3e2a14", size*0.28, true, cl.Name)
	}
}

// drawPiece paints a piece at 0, 0 with radius unitR: a disc, a king as
// two discs stacked with a crown on the upper one, and its text.
func drawPiece(c canvas, k Kind) {
	ink := k.Ink
	if ink == "" {
		ink = k.Stroke
	}
	if !k.King {
		c.circle(0, 0, unitR, k.Fill, k.Stroke, 8)
		if k.Text != "" {
			c.text(0, 0, 95, ink, "", 0, false, k.Text)
		}
		return
	}
	c.circle(0, 14, 86, k.Fill, k.Stroke, 8)
	c.circle(0, -12, 86, k.Fill, k.Stroke, 8)
	c.polygon([]float64{-52, 18, -58, -40, -28, -12, 0, -52, 28, -12, 58, -40, 52, 18}, ink, 1)
	if k.Text != "" {
		c.text(0, -12, 80, k.Stroke, "", 0, false, k.Text)
	}
}

// drawHighlight tints a square of the move, at 0, 0 with half-side unitR.
func drawHighlight(c canvas) {
	c.rect(-unitR, -unitR, 2*unitR, 2*unitR, 0, highlight, 0.55)
}

// drawCross marks a piece taken, at 0, 0 on a cell of radius unitR.
func drawCross(c canvas) {
	c.line(-55, -55, 55, 55, 14, captureColour, true)
	c.line(-55, 55, 55, -55, 14, captureColour, true)
}

// Slot places the j-th of n pieces on a cell centred on x, y: one piece
// fills the cell, several share it in a grid.
func Slot(x, y, r float64, j, n int) (px, py, pr float64) {
	if n <= 1 {
		return x, y, r * 0.78
	}
	k := int(math.Ceil(math.Sqrt(float64(n))))
	step := 2 * r / float64(k)
	row, col := j/k, j%k
	return x - r + step*(float64(col)+0.5), y - r + step*(float64(row)+0.5), step * 0.46
}

func (b *Board) unit() float64 {
	if len(b.Cells) == 0 {
		return b.W / 10
	}
	return 2 * b.Cells[0].R
}

type geometry struct {
	b    *Board
	flip bool
}

func (g geometry) pt(x, y float64) (float64, float64) {
	if g.flip {
		cx, cy := g.b.CX, g.b.CY
		if cx == 0 && cy == 0 {
			cx, cy = g.b.W/2, g.b.H/2
		}
		return 2*cx - x, 2*cy - y
	}
	return x, y
}

// cell is cell i's centre, as drawn, and radius.
func (g geometry) cell(i int) (x, y, r float64, ok bool) {
	if i < 0 || i >= len(g.b.Cells) {
		return 0, 0, 0, false
	}
	c := g.b.Cells[i]
	x, y = g.pt(c.X, c.Y)
	return round(x), round(y), round(c.R), true
}

// points are the centres of a path's cells, nil when one is no cell.
func (g geometry) points(path []int) []float64 {
	var pts []float64
	for _, i := range path {
		x, y, _, ok := g.cell(i)
		if !ok {
			return nil
		}
		pts = append(pts, x, y)
	}
	return pts
}

func (g geometry) label(l Label) (float64, float64) {
	x, y := g.pt(l.X, l.Y)
	if l.KeepX {
		x = l.X
	}
	if l.KeepY {
		y = l.Y
	}
	return x, y
}

// arrow draws a path through points with a head at its end, its shaft
// stopped short so the head's tip is the last point; a path of one point
// (a placement, a removal) gets a ring instead. Only +, -, *, / and sqrt:
// the page's script computes the same numbers (report.js, arrow).
func arrow(c canvas, pts []float64, colour string, sw float64, dashed bool) {
	n := len(pts) / 2
	if n == 0 {
		return
	}
	if n == 1 {
		c.place(pts[0], pts[1], 1, func(c canvas) { ringMark(c, colour, sw) })
		return
	}
	lx, ly := pts[2*n-2], pts[2*n-1]
	dx, dy := lx-pts[2*n-4], ly-pts[2*n-3]
	d := math.Sqrt(dx*dx + dy*dy)
	if d == 0 {
		return
	}
	ux, uy := dx/d, dy/d
	head := math.Min(sw*3.2, d*0.6)
	shaft := append([]float64(nil), pts[:2*n-2]...)
	shaft = append(shaft, lx-ux*head*0.8, ly-uy*head*0.8)
	dash := 0.0
	if dashed {
		dash = sw * 2
	}
	c.polyline(shaft, sw, colour, 0.85, dash)
	bx, by := lx-ux*head, ly-uy*head
	c.polygon([]float64{lx, ly, bx - uy*head*0.5, by + ux*head*0.5, bx + uy*head*0.5, by - ux*head*0.5}, colour, 0.85)
}

// ringMark is the mark of a move of one cell (a placement), at 0, 0.
func ringMark(c canvas, colour string, sw float64) {
	c.circle(0, 0, sw*4, "none", colour, sw)
}

// svgWriter writes shapes as SVG elements, numbers rounded to hundredths
// so output does not depend on floating-point noise.
type svgWriter struct{ strings.Builder }

func (w *svgWriter) raw(s string) { w.WriteString(s) }

func (w *svgWriter) num(f float64) { w.WriteString(Num(f)) }

// Num writes a coordinate as every part of a picture does: rounded to
// hundredths (half away from zero), the shortest form, never "-0".
func Num(f float64) string {
	return strconv.FormatFloat(round(f), 'f', -1, 64)
}

// scale writes a placement's scale, to ten-thousandths.
func scale(f float64) string {
	f = math.Round(f*10000) / 10000
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func (w *svgWriter) nums(pts []float64) {
	for i := 0; i+1 < len(pts); i += 2 {
		if i > 0 {
			w.raw(" ")
		}
		w.num(pts[i])
		w.raw(",")
		w.num(pts[i+1])
	}
}

// text1 writes character data with the five XML specials escaped and the
// characters XML cannot hold dropped.
func (w *svgWriter) text1(s string) { w.WriteString(Escape(s)) }

// Escape makes s safe as XML text or a quoted attribute value.
func Escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '&':
			b.WriteString("&amp;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\'':
			b.WriteString("&#39;")
		case r == '\t' || r == '\n' || r == '\r' || (r >= 0x20 && r != 0xFFFE && r != 0xFFFF && (r < 0xD800 || r > 0xDFFF)):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (w *svgWriter) rect(x, y, wd, ht, rx float64, fill string, opacity float64) {
	w.raw(`<rect x="`)
	w.num(x)
	w.raw(`" y="`)
	w.num(y)
	w.raw(`" width="`)
	w.num(wd)
	w.raw(`" height="`)
	w.num(ht)
	if rx > 0 {
		w.raw(`" rx="`)
		w.num(rx)
	}
	w.raw(`" fill="`)
	w.text1(fill)
	if opacity < 1 {
		w.raw(`" fill-opacity="`)
		w.num(opacity)
	}
	w.raw(`"/>` + "\n")
}

func (w *svgWriter) circle(x, y, r float64, fill, stroke string, sw float64) {
	w.raw(`<circle cx="`)
	w.num(x)
	w.raw(`" cy="`)
	w.num(y)
	w.raw(`" r="`)
	w.num(r)
	w.raw(`" fill="`)
	w.text1(fill)
	w.raw(`" stroke="`)
	w.text1(stroke)
	w.raw(`" stroke-width="`)
	w.num(sw)
	w.raw(`"/>` + "\n")
}

func (w *svgWriter) line(x1, y1, x2, y2, sw float64, stroke string, round bool) {
	w.raw(`<line x1="`)
	w.num(x1)
	w.raw(`" y1="`)
	w.num(y1)
	w.raw(`" x2="`)
	w.num(x2)
	w.raw(`" y2="`)
	w.num(y2)
	w.raw(`" stroke="`)
	w.text1(stroke)
	w.raw(`" stroke-width="`)
	w.num(sw)
	if round {
		w.raw(`" stroke-linecap="round`)
	}
	w.raw(`"/>` + "\n")
}

func (w *svgWriter) polyline(pts []float64, sw float64, stroke string, opacity, dash float64) {
	w.raw(`<polyline points="`)
	w.nums(pts)
	w.raw(`" fill="none" stroke="` + stroke + `" stroke-width="`)
	w.num(sw)
	w.raw(`" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="`)
	w.num(opacity)
	if dash > 0 {
		w.raw(`" stroke-dasharray="`)
		w.num(dash)
		w.raw(" ")
		w.num(dash * 0.75)
	}
	w.raw(`"/>` + "\n")
}

func (w *svgWriter) polygon(pts []float64, fill string, opacity float64) {
	w.raw(`<polygon points="`)
	w.nums(pts)
	w.raw(`" fill="` + fill)
	if opacity < 1 {
		w.raw(`" fill-opacity="`)
		w.num(opacity)
	}
	w.raw(`"/>` + "\n")
}

func (w *svgWriter) text(x, y, size float64, fill, halo string, haloW float64, start bool, s string) {
	w.raw(`<text x="`)
	w.num(x)
	w.raw(`" y="`)
	w.num(y)
	w.raw(`" font-size="`)
	w.num(size)
	w.raw(`" fill="` + fill + `"`)
	if halo != "" {
		w.raw(` stroke="` + halo + `" stroke-width="`)
		w.num(haloW)
		w.raw(`" stroke-linejoin="round" paint-order="stroke"`)
	}
	if start {
		w.raw(` text-anchor="start"`)
	} else {
		w.raw(` text-anchor="middle"`)
	}
	w.raw(` dominant-baseline="central">`)
	w.text1(s)
	w.raw("</text>\n")
}

func (w *svgWriter) place(x, y, s float64, draw func(canvas)) {
	w.raw(`<g transform="translate(`)
	w.num(x)
	w.raw(" ")
	w.num(y)
	w.raw(") scale(" + scale(s) + `)">`)
	draw(w)
	w.raw("</g>\n")
}
