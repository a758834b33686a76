package draughts

import (
	"math/rand/v2"
	"testing"

	"arbiter/variants"
)

// TestSeenTableIsAMap: the repetition table (seenTable) counts as the
// map[Position]int it replaced. Random runs of positions (a few king
// positions shuffled, so that they repeat, and fresh ones, so that the
// table grows) are added, counted, forgotten and cloned, in both and
// compared at every step: with the table's own hash, and with every
// position hashing alike, so that probes run long and the table hands its
// positions over to a map.
func TestSeenTableIsAMap(t *testing.T) {
	v, err := variants.Lookup("international")
	if err != nil {
		t.Fatal(err)
	}
	r, _, err := RulesOf(v)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { seenHashOff = false }()
	for _, off := range []bool{false, true} {
		seenHashOff = off
		rng := rand.New(rand.NewPCG(7, 11))
		randomPos := func() Position {
			p := r.EmptyPosition()
			for k := 0; k < 3; k++ {
				p.Set(1+rng.IntN(r.n), []Piece{WhiteKing, BlackKing, WhiteMan}[k])
			}
			p.SetTurn(Color(rng.IntN(2)))
			return p
		}
		type pair struct {
			table *seenTable
			want  map[Position]int
		}
		lines := []pair{{&seenTable{}, map[Position]int{}}}
		handed := false
		for step := 0; step < 20000; step++ {
			l := &lines[rng.IntN(len(lines))]
			pool := []Position{randomPos()}
			if len(l.want) > 0 {
				for p := range l.want {
					pool = append(pool, p) // (one seen before: map order is random enough)
					break
				}
			}
			switch k := rng.IntN(100); {
			case k < 2:
				l.table.reset()
				clear(l.want)
			case k < 4 && len(lines) < 8:
				lines = append(lines, pair{l.table.clone(), cloneCounts(l.want)})
			default:
				p := pool[rng.IntN(len(pool))]
				l.want[p]++
				if got := l.table.add(&p); got != l.want[p] {
					t.Fatalf("hash off %v, step %d: add gives %d, want %d", off, step, got, l.want[p])
				}
			}
			handed = handed || l.table.big != nil
			for _, l := range lines {
				for p, n := range l.want {
					if got := l.table.count(&p); got != n {
						t.Fatalf("hash off %v, step %d: count %d, want %d", off, step, got, n)
					}
				}
				if p := randomPos(); l.table.count(&p) != l.want[p] {
					t.Fatalf("hash off %v, step %d: count of a position %d, want %d", off, step, l.table.count(&p), l.want[p])
				}
			}
		}
		if handed != off {
			t.Errorf("hash off %v: handed over to a map: %v", off, handed)
		}
	}
	var none *seenTable
	if p := r.Initial(); none.count(&p) != 0 || none.clone() != nil {
		t.Error("a nil table is not empty")
	}
}

func cloneCounts(m map[Position]int) map[Position]int {
	c := make(map[Position]int, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}
