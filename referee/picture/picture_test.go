package picture

import (
	"strings"
	"testing"
)

func testBoard() *Board {
	return &Board{W: 100, H: 50, Back: "#fff",
		Cells: []Cell{{X: 25, Y: 25, R: 20, Fill: "#999", Name: "a1"}, {X: 75, Y: 25, R: 20, Fill: "#999", Name: "b1"}},
		Kinds: []Kind{{Name: "w", Fill: "#fff", Stroke: "#000"}, {Name: "k", Fill: "#000", Stroke: "#000", King: true}}}
}

func TestEncodeDecode(t *testing.T) {
	for _, tc := range []struct {
		cells [][]int
		want  string
	}{
		{[][]int{nil, {0}, {1, 0}, nil}, ".a(ba)."},
		{[][]int{{61}, {2}}, "9c"},
		{[][]int{}, ""},
	} {
		got := Encode(Position{Cells: tc.cells})
		if got != tc.want {
			t.Errorf("Encode(%v) = %q, want %q", tc.cells, got, tc.want)
		}
		back, ok := Decode(got, len(tc.cells))
		if !ok || Encode(back) != got {
			t.Errorf("Decode(%q) = %v, %v", got, back.Cells, ok)
		}
	}
	for _, bad := range []string{"(ab", "a!", "ab"} {
		if _, ok := Decode(bad, 3); ok {
			t.Errorf("Decode(%q) accepted", bad)
		}
	}
}

// A title, a caption and a name come from records: they are escaped, and
// the result is still one valid, self-contained <svg>.
func TestRenderEscapesAndValidates(t *testing.T) {
	b := testBoard()
	b.Cells[0].Name = `<script>alert(1)</script>`
	p := b.NewPosition()
	p.Put(0, 0)
	p.Put(1, 1)
	p.Put(1, 0)
	p.Caption = `"><img src=x onerror=alert(1)>`
	out := Render(b, p, Marks{Path: []int{0, 1}, Captured: []int{1}, Legal: [][]int{{1, 0}}}, Options{Title: "a & b </title><script>", Names: true, Size: 300, Flip: true})
	if err := Validate(out); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, bad := range []string{"<script", "<img", "</title><"} {
		if strings.Contains(string(out), bad) {
			t.Errorf("output holds %q unescaped:\n%s", bad, out)
		}
	}
	if string(out) != string(Render(b, p, Marks{Path: []int{0, 1}, Captured: []int{1}, Legal: [][]int{{1, 0}}}, Options{Title: "a & b </title><script>", Names: true, Size: 300, Flip: true})) {
		t.Error("two renders differ")
	}
}

func TestValidateRejects(t *testing.T) {
	for name, svg := range map[string]string{
		"not xml":     `<svg viewBox="0 0 1 1"><title>x</title>`,
		"no viewBox":  `<svg xmlns="http://www.w3.org/2000/svg"><title>x</title></svg>`,
		"no title":    `<svg viewBox="0 0 1 1"><rect/></svg>`,
		"empty title": `<svg viewBox="0 0 1 1"><title> </title></svg>`,
		"image":       `<svg viewBox="0 0 1 1"><title>x</title><image href="http://example.com/a.png"/></svg>`,
		"url":         `<svg viewBox="0 0 1 1"><title>x</title><rect fill="url(http://e.com/#g)"/></svg>`,
		"script":      `<svg viewBox="0 0 1 1"><title>x</title><script>1</script></svg>`,
		"onload":      `<svg viewBox="0 0 1 1" onload="x()"><title>x</title></svg>`,
		"two roots":   `<svg viewBox="0 0 1 1"><title>x</title></svg><svg viewBox="0 0 1 1"><title>x</title></svg>`,
	} {
		if err := Validate([]byte(svg)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// Flipping turns the board: a cell's centre moves to the mirror point.
func TestFlipMovesPieces(t *testing.T) {
	b := testBoard()
	p := b.NewPosition()
	p.Put(0, 0)
	plain := string(Render(b, p, Marks{}, Options{Title: "t"}))
	flipped := string(Render(b, p, Marks{}, Options{Title: "t", Flip: true}))
	if !strings.Contains(plain, `<g transform="translate(25 25)`) || !strings.Contains(flipped, `<g transform="translate(75 25)`) {
		t.Errorf("piece not mirrored:\n%s\n%s", plain, flipped)
	}
}

// Plies round-trip: the default reading plus the fixes give back the next
// position exactly, for moves, captures, promotions, placements, passes.
func TestPlyRoundTrip(t *testing.T) {
	pos := func(cells ...[]int) Position { return Position{Cells: cells} }
	for _, tc := range []struct {
		name       string
		prev, next Position
		m          Marks
		want       string
	}{
		{"move", pos([]int{0}, nil, nil), pos(nil, nil, []int{0}), Marks{Path: []int{0, 2}}, "0002"},
		{"capture", pos([]int{0}, []int{1}, nil), pos(nil, nil, []int{0}), Marks{Path: []int{0, 2}, Captured: []int{1}}, "0002*01"},
		{"promotion", pos([]int{0}, nil, nil), pos(nil, nil, []int{1}), Marks{Path: []int{0, 2}}, "0002=02b"},
		{"placement", pos(nil, nil, nil), pos(nil, []int{1}, nil), Marks{Path: []int{1}}, "01=01b"},
		{"pass", pos([]int{0}), pos([]int{0}), Marks{}, "-"},
		{"leaves company", pos([]int{0, 1}, nil), pos([]int{1}, []int{0}), Marks{Path: []int{0, 1}}, "0001=00b01a"},
	} {
		got := EncodePly(tc.prev, tc.next, tc.m)
		if got != tc.want {
			t.Errorf("%s: EncodePly = %q, want %q", tc.name, got, tc.want)
		}
		back, m, err := DecodePly(tc.prev, got)
		if err != nil || Encode(back) != Encode(tc.next) || len(m.Path) != len(tc.m.Path) {
			t.Errorf("%s: DecodePly(%q) = %q, %v, %v; want %q", tc.name, got, Encode(back), m, err, Encode(tc.next))
		}
	}
	for _, bad := range []string{"0", "zz02", "0002=0", "0002=01(ab", "0002=zzb", "=-10", "-102", "00+1"} {
		if _, _, err := DecodePly(pos(nil, nil, nil), bad); err == nil {
			t.Errorf("DecodePly(%q) accepted", bad)
		}
	}
}

// The browser's data is read back by DecodePly and Decode: no input
// panics, and what decodes re-encodes to the same position.
func FuzzDecodePly(f *testing.F) {
	for _, s := range []string{"0002", "0002*01", "0002=02b", "01=01b", "-", "0001=00b01a", "0002=01(ab)", "zz", "0002=0", "(", "=00("} {
		f.Add(s)
	}
	prev := Position{Cells: [][]int{{0}, {1}, nil, {0, 1}}}
	f.Fuzz(func(t *testing.T, ply string) {
		next, _, err := DecodePly(prev, ply)
		if err != nil {
			return
		}
		if back, ok := Decode(Encode(next), len(next.Cells)); !ok || Encode(back) != Encode(next) {
			t.Errorf("DecodePly(%q) gave %q, which does not decode", ply, Encode(next))
		}
		Decode(ply, 4)
	})
}
