package race

import (
	"testing"

	"arbiter/referee/picture"
	"arbiter/variants"
)

func builtin(t testing.TB, name string) *variants.Variant {
	t.Helper()
	v, err := variants.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Positions written by the referee (FinalFEN) read back for pictures, and
// any text either reads or is refused, never a panic.
func FuzzParsePositions(f *testing.F) {
	for _, s := range []string{"R:B,B,7,41 Y:B,B,B,12 R", "Anna 12, Bram 31 waiting, Cees 19 misses 1", "Anna 12, Bram 34 waiting, Bram 81 finished 1", "R:1 R", ",", "Anna -1", "R:B,B,B,99 R"} {
		f.Add(s)
	}
	ludo, _ := NewLudo(builtin(f, "mens-erger-je-niet"))
	goose, _ := NewGoose(builtin(f, "ganzenbord-315"))
	horse, _ := NewHorse(builtin(f, "wedrenspel-315"))
	lb := ludo.Diagram(nil)
	f.Fuzz(func(t *testing.T, s string) {
		if st, err := ludo.ParsePosition(s); err == nil {
			p := ludo.Picture(st)
			if len(p.Cells) != len(lb.Cells) {
				t.Fatalf("%q: %d cells for a board of %d", s, len(p.Cells), len(lb.Cells))
			}
		}
		if st, players, err := goose.ParsePosition(s); err == nil {
			b := goose.Diagram(players)
			checkKinds(t, s, b, goose.Picture(st, players))
		}
		if st, players, n, err := horse.ParsePosition(s); err == nil {
			b := horse.Diagram(players, n)
			checkKinds(t, s, b, horse.Picture(st, players, n))
		}
	})
}

func checkKinds(t *testing.T, s string, b *picture.Board, p picture.Position) {
	t.Helper()
	for _, ks := range p.Cells {
		for _, k := range ks {
			if k < 0 || k >= len(b.Kinds) {
				t.Fatalf("%q: piece kind %d of %d", s, k, len(b.Kinds))
			}
		}
	}
}
