package picture

import "testing"

func TestText(t *testing.T) {
	b := &Board{
		Cells: []Cell{{X: 10, Y: 0, R: 5, Name: "1"}, {X: 30, Y: 0, R: 5, Name: "2"}, {X: 0, Y: 20, R: 5, Name: "3"}, {X: 20, Y: 20, R: 5, Name: "4"}},
		Kinds: []Kind{{Name: "white man"}, {Name: "black king", King: true}, {Name: "red", Text: "R"}},
	}
	p := b.NewPosition()
	p.Put(0, 0)
	p.Put(3, 1)
	p.Put(2, 2)
	p.Put(2, 2)
	p.Caption = "white to move"
	want := "      w   .   1-2\n    2   B     3-4\n   white to move\n"
	if got := Text(b, p); got != want {
		t.Errorf("got:\n%q\nwant:\n%q", got, want)
	}
	// A track of many cells is listed.
	var track Board
	track.Kinds = b.Kinds
	for i := 0; i < 40; i++ {
		track.Cells = append(track.Cells, Cell{X: float64(i * 10), Y: float64(i % 30 * 7), R: 3, Name: string(rune('A' + i%26))})
	}
	q := track.NewPosition()
	q.Put(5, 2)
	if got, want := Text(&track, q), "   F: red\n"; got != want {
		t.Errorf("track: %q, want %q", got, want)
	}
}
