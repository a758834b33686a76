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
	Names bool   // write each cell's name in its corner
	Size  int    // width in pixels (the height follows); 0 leaves it to the viewer
}

// Colours of the marks; the browser's script uses the same ones.
const (
	moveColour    = "#1565c0"
	badColour     = "#d32f2f"
	legalColour   = "#2e7d32"
	captureColour = "#d32f2f"
	highlight     = "#ffeb3b"
)

// Render writes the diagram as one <svg> element: a viewBox, a <title>, and
// nothing it would have to fetch. The same arguments give the same bytes.
func Render(b *Board, p Position, m Marks, o Options) []byte {
	g := geometry{b: b, flip: o.Flip}
	// The caption is a line below the board for each of its lines (a
	// position's "white to move", and what a reader must know of it).
	var captions []string
	if p.Caption != "" {
		captions = strings.Split(p.Caption, "\n")
	}
	lineH := math.Max(b.unit()*0.7, b.W/22)
	capH := lineH * float64(len(captions))
	var w svgWriter
	w.raw(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `)
	w.num(b.W)
	w.raw(" ")
	w.num(b.H + capH)
	w.raw(`"`)
	if o.Size > 0 {
		w.raw(` width="` + strconv.Itoa(o.Size) + `" height="`)
		w.num(math.Round(float64(o.Size) * (b.H + capH) / b.W))
		w.raw(`"`)
	}
	w.raw(` role="img" font-family="sans-serif">` + "\n<title>")
	w.text(o.Title)
	w.raw("</title>\n")
	w.rect(0, 0, b.W, b.H+capH, b.Back, false)
	for _, r := range b.Regions {
		x, y := g.pt(r.X, r.Y)
		x2, y2 := g.pt(r.X+r.W, r.Y+r.H)
		w.rect(math.Min(x, x2), math.Min(y, y2), r.W, r.H, r.Fill, r.Round)
	}
	for _, l := range b.Lines {
		x1, y1 := g.pt(l.X1, l.Y1)
		x2, y2 := g.pt(l.X2, l.Y2)
		w.line(x1, y1, x2, y2, l.Width, l.Stroke, "")
	}
	for _, c := range b.Cells {
		if c.Fill == "" {
			continue
		}
		x, y := g.pt(c.X, c.Y)
		switch {
		case c.Dot > 0:
			w.circle(x, y, c.Dot, c.Fill, "none", 0)
		case c.Round:
			w.circle(x, y, c.R, c.Fill, "#555", c.R*0.08)
		default:
			w.rect(x-c.R, y-c.R, 2*c.R, 2*c.R, c.Fill, false)
		}
	}
	for _, l := range b.Labels {
		x, y := g.label(l)
		w.label(x, y, l.Size, "#333", l.Text)
	}
	if o.Names {
		for _, c := range b.Cells {
			if c.Name == "" {
				continue
			}
			x, y := g.pt(c.X, c.Y)
			w.label(x-c.R*0.62, y-c.R*0.55, c.R*0.5, "#222", c.Name)
		}
	}
	for _, c := range m.Path {
		if c >= 0 && c < len(b.Cells) {
			x, y := g.pt(b.Cells[c].X, b.Cells[c].Y)
			r := b.Cells[c].R
			w.raw(`<rect x="`)
			w.num(x - r)
			w.raw(`" y="`)
			w.num(y - r)
			w.raw(`" width="`)
			w.num(2 * r)
			w.raw(`" height="`)
			w.num(2 * r)
			w.raw(`" fill="` + highlight + `" fill-opacity="0.55"/>` + "\n")
		}
	}
	for i, ks := range p.Cells {
		if i >= len(b.Cells) {
			break
		}
		c := b.Cells[i]
		x, y := g.pt(c.X, c.Y)
		for j, k := range ks {
			if k < 0 || k >= len(b.Kinds) {
				continue
			}
			px, py, pr := Slot(x, y, c.R, j, len(ks))
			w.piece(px, py, pr, b.Kinds[k])
		}
	}
	for _, c := range m.Captured {
		if c >= 0 && c < len(b.Cells) {
			x, y := g.pt(b.Cells[c].X, b.Cells[c].Y)
			r := b.Cells[c].R * 0.55
			sw := b.Cells[c].R * 0.14
			w.line(x-r, y-r, x+r, y+r, sw, captureColour, "round")
			w.line(x-r, y+r, x+r, y-r, sw, captureColour, "round")
		}
	}
	for _, path := range m.Legal {
		g.arrow(&w, path, legalColour, 0.07, true)
	}
	colour := moveColour
	if m.Bad {
		colour = badColour
	}
	g.arrow(&w, m.Path, colour, 0.11, false)
	for i, line := range captions {
		w.label(b.W/2, b.H+lineH*(float64(i)+0.5), lineH*0.55, "#222", line)
	}
	w.raw("</svg>\n")
	return []byte(w.String())
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
	return x - r + step*(float64(col)+0.5), y - r + step*(float64(row)+0.5), step * 0.42
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

// arrow draws a path through cell centres with a head at its end; a path
// of one cell (a placement, a removal) gets a ring instead.
func (g geometry) arrow(w *svgWriter, path []int, colour string, width float64, dashed bool) {
	var pts [][2]float64
	r := 0.0
	for _, c := range path {
		if c < 0 || c >= len(g.b.Cells) {
			return
		}
		x, y := g.pt(g.b.Cells[c].X, g.b.Cells[c].Y)
		pts = append(pts, [2]float64{x, y})
		r = g.b.Cells[c].R
	}
	if len(pts) == 0 {
		return
	}
	sw := 2 * r * width
	if len(pts) == 1 {
		w.raw(`<circle cx="`)
		w.num(pts[0][0])
		w.raw(`" cy="`)
		w.num(pts[0][1])
		w.raw(`" r="`)
		w.num(r * 0.9)
		w.raw(`" fill="none" stroke="` + colour + `" stroke-width="`)
		w.num(sw)
		w.raw(`"/>` + "\n")
		return
	}
	// Stop the shaft short of the last centre so the head ends there.
	last, prev := pts[len(pts)-1], pts[len(pts)-2]
	dx, dy := last[0]-prev[0], last[1]-prev[1]
	d := math.Hypot(dx, dy)
	if d == 0 {
		return
	}
	ux, uy := dx/d, dy/d
	head := math.Min(sw*3.2, d*0.6)
	end := [2]float64{last[0] - ux*head*0.8, last[1] - uy*head*0.8}
	w.raw(`<polyline points="`)
	for i, p := range pts {
		if i == len(pts)-1 {
			p = end
		}
		if i > 0 {
			w.raw(" ")
		}
		w.num(p[0])
		w.raw(",")
		w.num(p[1])
	}
	w.raw(`" fill="none" stroke="` + colour + `" stroke-width="`)
	w.num(sw)
	w.raw(`" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="0.85"`)
	if dashed {
		w.raw(` stroke-dasharray="`)
		w.num(sw * 2)
		w.raw(" ")
		w.num(sw * 1.5)
		w.raw(`"`)
	}
	w.raw("/>\n")
	bx, by := last[0]-ux*head, last[1]-uy*head
	w.raw(`<polygon points="`)
	for i, p := range [][2]float64{last, {bx - uy*head*0.5, by + ux*head*0.5}, {bx + uy*head*0.5, by - ux*head*0.5}} {
		if i > 0 {
			w.raw(" ")
		}
		w.num(p[0])
		w.raw(",")
		w.num(p[1])
	}
	w.raw(`" fill="` + colour + `" fill-opacity="0.85"/>` + "\n")
}

// svgWriter writes elements with numbers rounded to hundredths, so output
// does not depend on floating-point noise.
type svgWriter struct{ strings.Builder }

func (w *svgWriter) raw(s string) { w.WriteString(s) }

func (w *svgWriter) num(f float64) {
	f = math.Round(f*100) / 100
	if f == 0 {
		f = 0 // no "-0"
	}
	w.WriteString(strconv.FormatFloat(f, 'f', -1, 64))
}

// text writes character data with the five XML specials escaped and the
// characters XML cannot hold dropped.
func (w *svgWriter) text(s string) { w.WriteString(Escape(s)) }

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

func (w *svgWriter) rect(x, y, wd, ht float64, fill string, round bool) {
	w.raw(`<rect x="`)
	w.num(x)
	w.raw(`" y="`)
	w.num(y)
	w.raw(`" width="`)
	w.num(wd)
	w.raw(`" height="`)
	w.num(ht)
	if round {
		w.raw(`" rx="`)
		w.num(math.Min(wd, ht) * 0.15)
	}
	w.raw(`" fill="`)
	w.text(fill)
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
	w.text(fill)
	w.raw(`" stroke="`)
	w.text(stroke)
	w.raw(`" stroke-width="`)
	w.num(sw)
	w.raw(`"/>` + "\n")
}

func (w *svgWriter) line(x1, y1, x2, y2, sw float64, stroke, cap string) {
	w.raw(`<line x1="`)
	w.num(x1)
	w.raw(`" y1="`)
	w.num(y1)
	w.raw(`" x2="`)
	w.num(x2)
	w.raw(`" y2="`)
	w.num(y2)
	w.raw(`" stroke="`)
	w.text(stroke)
	w.raw(`" stroke-width="`)
	w.num(sw)
	if cap != "" {
		w.raw(`" stroke-linecap="` + cap)
	}
	w.raw(`"/>` + "\n")
}

func (w *svgWriter) label(x, y, size float64, fill, s string) {
	w.raw(`<text x="`)
	w.num(x)
	w.raw(`" y="`)
	w.num(y)
	w.raw(`" font-size="`)
	w.num(size)
	w.raw(`" fill="` + fill + `" text-anchor="middle" dominant-baseline="central">`)
	w.text(s)
	w.raw("</text>\n")
}

func (w *svgWriter) piece(x, y, r float64, k Kind) {
	w.circle(x, y, r, k.Fill, k.Stroke, r*0.08)
	ink := k.Ink
	if ink == "" {
		ink = k.Stroke
	}
	if k.King {
		w.circle(x, y, r*0.55, "none", ink, r*0.14)
	}
	if k.Text != "" {
		w.label(x, y, r*0.95, ink, k.Text)
	}
}
