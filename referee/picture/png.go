package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	imgdraw "image/draw"
	"image/png"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// RenderPNG paints the picture Render writes, by the same drawing code,
// as a PNG o.Size pixels wide (without a size, one and a half board units
// a pixel). The shapes are filled by golang.org/x/image/vector's
// rasteriser and the text set in the Go font (golang.org/x/image), so the
// picture looks the same on every machine; the <title> has no place in a
// bitmap.
func RenderPNG(b *Board, p Position, m Marks, o Options) ([]byte, error) {
	img := Paint(b, p, m, o)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Paint paints the diagram into a bitmap (RenderPNG's picture).
func Paint(b *Board, p Position, m Marks, o Options) *image.RGBA {
	return paint(b, p, m, o, false)
}

func paint(b *Board, p Position, m Marks, o Options, whole bool) *image.RGBA {
	wpx := o.Size
	if wpx <= 0 {
		wpx = int(math.Round(b.W * 1.5))
	}
	s := float64(wpx) / b.W
	hpx := int(math.Round((b.H + captionHeight(b, p)) * s))
	r := &raster{img: image.NewRGBA(image.Rect(0, 0, max(wpx, 1), max(hpx, 1))), s: s, sc: 1, whole: whole}
	r.mask = image.NewAlpha(r.img.Bounds())
	draw(r, b, p, m, o)
	return r.img
}

// raster paints shapes into an RGBA image: a point (x, y) of the board
// is pixel ((x*sc+tx)*s, (y*sc+ty)*s).
type raster struct {
	img  *image.RGBA
	mask *image.Alpha // all clear between two unions
	// vr records a shape's path; raster fills it on the shape's box
	// alone: a picture of a few hundred shapes costs their areas, not a
	// few hundred times its own.
	vr       pen
	fill1    vector.Rasterizer
	whole    bool // rasterise every shape on the whole picture (the tests' reference)
	s        float64
	tx, ty   float64
	sc       float64
	faceSize map[float64]font.Face
}

func (r *raster) px(x, y float64) (float32, float32) {
	return float32((x*r.sc + r.tx) * r.s), float32((y*r.sc + r.ty) * r.s)
}

func (r *raster) len(v float64) float64 { return v * r.sc * r.s }

// colour reads "#rrggbb" or "#rgb"; ok is false for "none" or anything
// else.
func colour(hex string, opacity float64) (color.NRGBA, bool) {
	var cr, cg, cb uint8
	if len(hex) == 4 && hex[0] == '#' {
		hex = string([]byte{'#', hex[1], hex[1], hex[2], hex[2], hex[3], hex[3]})
	}
	if len(hex) != 7 || hex[0] != '#' {
		return color.NRGBA{}, false
	}
	if _, err := fmt.Sscanf(hex, "#%02x%02x%02x", &cr, &cg, &cb); err != nil {
		return color.NRGBA{}, false
	}
	return color.NRGBA{cr, cg, cb, uint8(math.Round(255 * math.Max(0, math.Min(1, opacity))))}, true
}

// fill paints what path adds to the rasteriser in a colour.
func (r *raster) fill(hex string, opacity float64, path func()) {
	c, ok := colour(hex, opacity)
	if !ok {
		return
	}
	r.vr.reset()
	path()
	if box, ok := r.rasterise(); ok {
		r.fill1.Draw(r.img, box, image.NewUniform(c), image.Point{})
	}
}

// rasterise readies the rasteriser with the recorded path, on the part of
// the picture its points' box covers; ok is false when that is nothing.
func (r *raster) rasterise() (image.Rectangle, bool) {
	box := r.vr.box().Intersect(r.img.Bounds())
	if r.whole {
		box = r.img.Bounds()
	}
	if box.Empty() {
		return box, false
	}
	// At least 513 wide: golang.org/x/image/vector switches to its
	// floating-point coverage above 512 pixels, and a whole picture is
	// wider than that; a shape's box in the fixed-point arithmetic would
	// differ at its edges by up to a tenth of full intensity.
	r.fill1.Reset(max(box.Dx(), 513), box.Dy())
	r.vr.replay(&r.fill1, float32(box.Min.X), float32(box.Min.Y))
	return box, true
}

// union paints shapes that overlap (a thick line's pieces) in one colour:
// each is added to a mask first, so where they overlap nothing is painted
// twice.
func (r *raster) union(hex string, opacity float64, shapes ...func()) {
	c, ok := colour(hex, opacity)
	if !ok {
		return
	}
	var all image.Rectangle
	for _, sh := range shapes {
		r.vr.reset()
		sh()
		if box, ok := r.rasterise(); ok {
			r.fill1.Draw(r.mask, box, image.Opaque, image.Point{})
			all = all.Union(box)
		}
	}
	if all.Empty() {
		return
	}
	imgdraw.DrawMask(r.img, all, image.NewUniform(c), image.Point{}, r.mask, all.Min, imgdraw.Over)
	for y := all.Min.Y; y < all.Max.Y; y++ {
		clear(r.mask.Pix[r.mask.PixOffset(all.Min.X, y):r.mask.PixOffset(all.Max.X, y)])
	}
}

// pen records a path in pixels (the rasteriser's calls) and the box of its
// points, which holds the whole shape (a curve stays within its control
// points).
type pen struct {
	ops       []penOp
	x0, y0    float32
	x1, y1    float32
	hasPoints bool
}

type penOp struct {
	kind byte // 'M', 'L', 'Q', 'C', 'Z'
	p    [6]float32
}

func (p *pen) reset() { p.ops, p.hasPoints = p.ops[:0], false }

func (p *pen) add(kind byte, pts ...float32) {
	op := penOp{kind: kind}
	copy(op.p[:], pts)
	p.ops = append(p.ops, op)
	for i := 0; i+1 < len(pts); i += 2 {
		x, y := pts[i], pts[i+1]
		if !p.hasPoints {
			p.x0, p.y0, p.x1, p.y1, p.hasPoints = x, y, x, y, true
		}
		p.x0, p.y0, p.x1, p.y1 = min(p.x0, x), min(p.y0, y), max(p.x1, x), max(p.y1, y)
	}
}

func (p *pen) MoveTo(x, y float32)                   { p.add('M', x, y) }
func (p *pen) LineTo(x, y float32)                   { p.add('L', x, y) }
func (p *pen) QuadTo(ax, ay, bx, by float32)         { p.add('Q', ax, ay, bx, by) }
func (p *pen) CubeTo(ax, ay, bx, by, cx, cy float32) { p.add('C', ax, ay, bx, by, cx, cy) }
func (p *pen) ClosePath()                            { p.add('Z') }

// box is the pixels the path's points touch (empty without points). A
// point far outside the picture is clamped first: the box is only ever
// intersected with the picture.
func (p *pen) box() image.Rectangle {
	if !p.hasPoints {
		return image.Rectangle{}
	}
	const far = 1 << 20
	clamp := func(v float32) float32 { return max(-far, min(far, v)) }
	return image.Rect(int(math.Floor(float64(clamp(p.x0)))), int(math.Floor(float64(clamp(p.y0)))),
		int(math.Ceil(float64(clamp(p.x1))))+1, int(math.Ceil(float64(clamp(p.y1))))+1)
}

// replay draws the path into z, moved by (-dx, -dy): whole pixels, so
// that the subtraction is exact and the coverage the same as on the whole
// picture.
func (p *pen) replay(z *vector.Rasterizer, dx, dy float32) {
	for _, op := range p.ops {
		q := op.p
		switch op.kind {
		case 'M':
			z.MoveTo(q[0]-dx, q[1]-dy)
		case 'L':
			z.LineTo(q[0]-dx, q[1]-dy)
		case 'Q':
			z.QuadTo(q[0]-dx, q[1]-dy, q[2]-dx, q[3]-dy)
		case 'C':
			z.CubeTo(q[0]-dx, q[1]-dy, q[2]-dx, q[3]-dy, q[4]-dx, q[5]-dy)
		case 'Z':
			z.ClosePath()
		}
	}
}

// ellipse adds a circle of radius rad (board units) round x, y, clockwise
// or not.
func (r *raster) addCircle(x, y, rad float64, reverse bool) {
	const k = 0.5522847498
	pts := [][2]float64{{1, 0}, {1, k}, {k, 1}, {0, 1}, {-k, 1}, {-1, k}, {-1, 0}, {-1, -k}, {-k, -1}, {0, -1}, {k, -1}, {1, -k}, {1, 0}}
	if reverse {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	at := func(i int) (float32, float32) { return r.px(x+rad*pts[i][0], y+rad*pts[i][1]) }
	r.vr.MoveTo(at(0))
	for i := 1; i+2 < len(pts); i += 3 {
		ax, ay := at(i)
		bx, by := at(i + 1)
		cx, cy := at(i + 2)
		r.vr.CubeTo(ax, ay, bx, by, cx, cy)
	}
	r.vr.ClosePath()
}

func (r *raster) addPolygon(pts []float64) {
	if len(pts) < 6 {
		return
	}
	r.vr.MoveTo(r.px(pts[0], pts[1]))
	for i := 2; i+1 < len(pts); i += 2 {
		r.vr.LineTo(r.px(pts[i], pts[i+1]))
	}
	r.vr.ClosePath()
}

// segment is a thick line's body from (x1, y1) to (x2, y2).
func segment(x1, y1, x2, y2, sw float64) []float64 {
	dx, dy := x2-x1, y2-y1
	d := math.Sqrt(dx*dx + dy*dy)
	if d == 0 {
		return nil
	}
	nx, ny := -dy/d*sw/2, dx/d*sw/2
	return []float64{x1 + nx, y1 + ny, x2 + nx, y2 + ny, x2 - nx, y2 - ny, x1 - nx, y1 - ny}
}

func (r *raster) rect(x, y, w, h, rx float64, fill string, opacity float64) {
	r.fill(fill, opacity, func() {
		if rx <= 0 {
			r.addPolygon([]float64{x, y, x + w, y, x + w, y + h, x, y + h})
			return
		}
		rx = math.Min(rx, math.Min(w, h)/2)
		r.vr.MoveTo(r.px(x+rx, y))
		r.vr.LineTo(r.px(x+w-rx, y))
		ax, ay := r.px(x+w, y)
		bx, by := r.px(x+w, y+rx)
		r.vr.QuadTo(ax, ay, bx, by)
		r.vr.LineTo(r.px(x+w, y+h-rx))
		ax, ay = r.px(x+w, y+h)
		bx, by = r.px(x+w-rx, y+h)
		r.vr.QuadTo(ax, ay, bx, by)
		r.vr.LineTo(r.px(x+rx, y+h))
		ax, ay = r.px(x, y+h)
		bx, by = r.px(x, y+h-rx)
		r.vr.QuadTo(ax, ay, bx, by)
		r.vr.LineTo(r.px(x, y+rx))
		ax, ay = r.px(x, y)
		bx, by = r.px(x+rx, y)
		r.vr.QuadTo(ax, ay, bx, by)
		r.vr.ClosePath()
	})
}

func (r *raster) circle(x, y, rad float64, fill, stroke string, sw float64) {
	r.fill(fill, 1, func() { r.addCircle(x, y, rad, false) })
	if sw > 0 {
		r.fill(stroke, 1, func() {
			r.addCircle(x, y, rad+sw/2, false)
			r.addCircle(x, y, math.Max(rad-sw/2, 0), true)
		})
	}
}

func (r *raster) line(x1, y1, x2, y2, sw float64, stroke string, round bool) {
	shapes := []func(){func() { r.addPolygon(segment(x1, y1, x2, y2, sw)) }}
	if round {
		shapes = append(shapes, func() { r.addCircle(x1, y1, sw/2, false) }, func() { r.addCircle(x2, y2, sw/2, false) })
	}
	r.union(stroke, 1, shapes...)
}

func (r *raster) polyline(pts []float64, sw float64, stroke string, opacity, dash float64) {
	var shapes []func()
	piece := func(x1, y1, x2, y2 float64) {
		shapes = append(shapes, func() { r.addPolygon(segment(x1, y1, x2, y2, sw)) },
			func() { r.addCircle(x1, y1, sw/2, false) }, func() { r.addCircle(x2, y2, sw/2, false) })
	}
	on, left := true, dash // in a dash or a gap, and how much of it is left
	for i := 0; i+3 < len(pts); i += 2 {
		x1, y1, x2, y2 := pts[i], pts[i+1], pts[i+2], pts[i+3]
		if dash <= 0 {
			piece(x1, y1, x2, y2)
			continue
		}
		d := math.Sqrt((x2-x1)*(x2-x1) + (y2-y1)*(y2-y1))
		for at := 0.0; at < d; {
			step := math.Min(left, d-at)
			if on {
				f, t := at/d, (at+step)/d
				piece(x1+(x2-x1)*f, y1+(y2-y1)*f, x1+(x2-x1)*t, y1+(y2-y1)*t)
			}
			at += step
			left -= step
			if left <= 1e-9 {
				on = !on
				left = dash
				if !on {
					left = dash * 0.75
				}
			}
		}
	}
	r.union(stroke, opacity, shapes...)
}

func (r *raster) polygon(pts []float64, fill string, opacity float64) {
	r.fill(fill, opacity, func() { r.addPolygon(pts) })
}

var goFont = sync.OnceValues(func() (*opentype.Font, error) { return opentype.Parse(goregular.TTF) })

func (r *raster) face(px float64) font.Face {
	px = math.Round(px*4) / 4
	if f, ok := r.faceSize[px]; ok {
		return f
	}
	if r.faceSize == nil {
		r.faceSize = map[float64]font.Face{}
	}
	ft, err := goFont()
	if err != nil || px < 1 {
		return nil
	}
	f, err := opentype.NewFace(ft, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil
	}
	r.faceSize[px] = f
	return f
}

func (r *raster) text(x, y, size float64, fill, halo string, haloW float64, start bool, s string) {
	face := r.face(r.len(size))
	if face == nil || s == "" {
		return
	}
	px, py := r.px(x, y)
	m := face.Metrics()
	w := font.MeasureString(face, s)
	dot := fixed.Point26_6{X: fixed.Int26_6(float64(px) * 64), Y: fixed.Int26_6(float64(py)*64) + (m.Ascent-m.Descent)/2}
	if !start {
		dot.X -= w / 2
	}
	put := func(hex string, dx, dy float64) {
		c, ok := colour(hex, 1)
		if !ok {
			return
		}
		d := font.Drawer{Dst: r.img, Src: image.NewUniform(c), Face: face,
			Dot: fixed.Point26_6{X: dot.X + fixed.Int26_6(dx*64), Y: dot.Y + fixed.Int26_6(dy*64)}}
		d.DrawString(s)
	}
	if halo != "" {
		hw := r.len(haloW) / 2
		for a := 0; a < 8; a++ {
			t := float64(a) * math.Pi / 4
			put(halo, hw*math.Cos(t), hw*math.Sin(t))
		}
	}
	put(fill, 0, 0)
}

func (r *raster) place(x, y, s float64, paint func(canvas)) {
	tx, ty, sc := r.tx, r.ty, r.sc
	r.tx, r.ty = x*sc+tx, y*sc+ty
	r.sc = sc * s
	paint(r)
	r.tx, r.ty, r.sc = tx, ty, sc
}
