package halma

import (
	"testing"

	"arbiter/variants"
)

// The naive generator below is written independently of the engine: a
// map from (file, rank) to seat, the halma-2 camps written out square by
// square, and jump destinations found by growing a set until it stops
// changing (no queue, no parent table).
type naive struct {
	cell map[[2]int]int
	turn int
}

var naiveCamp1 = []string{
	"a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2",
	"a3", "b3", "c3", "d3", "a4", "b4", "c4", "a5", "b5",
}

func naiveStart() naive {
	n := naive{cell: map[[2]int]int{}, turn: 1}
	for _, s := range naiveCamp1 {
		f, k := int(s[0]-'a'), int(s[1]-'1')
		if len(s) == 3 {
			k = 10*k + int(s[2]-'0') + 9
		}
		n.cell[[2]int{f, k}] = 1
		n.cell[[2]int{15 - f, 15 - k}] = 2
	}
	return n
}

func onBoard(c [2]int) bool { return c[0] >= 0 && c[1] >= 0 && c[0] < 16 && c[1] < 16 }

// children: the positions after every move of the side to move.
func (n naive) children() []naive {
	var out []naive
	play := func(from, to [2]int) {
		c := naive{cell: map[[2]int]int{}, turn: 3 - n.turn}
		for k, v := range n.cell {
			c.cell[k] = v
		}
		delete(c.cell, from)
		c.cell[to] = n.turn
		out = append(out, c)
	}
	for from, who := range n.cell {
		if who != n.turn {
			continue
		}
		for df := -1; df <= 1; df++ {
			for dk := -1; dk <= 1; dk++ {
				to := [2]int{from[0] + df, from[1] + dk}
				if (df != 0 || dk != 0) && onBoard(to) && n.cell[to] == 0 {
					play(from, to)
				}
			}
		}
		reach := map[[2]int]bool{from: true}
		for grown := true; grown; {
			grown = false
			for s := range reach {
				for df := -1; df <= 1; df++ {
					for dk := -1; dk <= 1; dk++ {
						over := [2]int{s[0] + df, s[1] + dk}
						land := [2]int{s[0] + 2*df, s[1] + 2*dk}
						if (df == 0 && dk == 0) || !onBoard(land) || over == from || n.cell[over] == 0 || n.cell[land] != 0 || reach[land] {
							continue
						}
						reach[land] = true
						grown = true
					}
				}
			}
		}
		for to := range reach {
			if to != from {
				play(from, to)
			}
		}
	}
	return out
}

func (n naive) perft(depth int) int64 {
	if depth == 0 {
		return 1
	}
	var t int64
	for _, c := range n.children() {
		t += c.perft(depth - 1)
	}
	return t
}

func rulesOf(t testing.TB, name string) *Rules {
	t.Helper()
	v, err := variants.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(SectionOf(v))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Leaf counts of halma-2 from the start position (a move is a piece's
// from and to: two jump chains to the same square are one move). The
// naive generator agrees to depth 3; depth 4 is the engine's alone (not
// in -short runs).
var halma2Perft = []int64{1, 40, 1600, 85440, 4562496}

func TestPerftHalma2(t *testing.T) {
	r := rulesOf(t, "halma-2")
	start := r.Start()
	nv := naiveStart()
	for d := 1; d <= 3; d++ {
		got, want := r.Perft(start, d), nv.perft(d)
		t.Logf("halma-2 perft(%d) = %d (naive %d)", d, got, want)
		if got != want {
			t.Errorf("perft(%d) = %d, naive generator says %d", d, got, want)
		}
		if halma2Perft[d] != 0 && got != halma2Perft[d] {
			t.Errorf("perft(%d) = %d, recorded %d", d, got, halma2Perft[d])
		}
	}
}

func TestPerftHalma2Depth4(t *testing.T) {
	if testing.Short() {
		t.Skip("depth 4 takes seconds")
	}
	r := rulesOf(t, "halma-2")
	if got := r.Perft(r.Start(), 4); got != halma2Perft[4] {
		t.Errorf("perft(4) = %d, recorded %d", got, halma2Perft[4])
	}
}

// Every variant's start position has moves for the first player, and the
// engine's moves from it replay: a smoke test of the YAML camps.
func TestVariantsStart(t *testing.T) {
	for _, name := range []string{"halma-2", "halma-4", "halma-4-teams-opposite", "halma-4-teams-adjacent", "twee-in-een-halma", "gendarmes-en-voleur"} {
		r := rulesOf(t, name)
		p := r.Start()
		legal := r.Legal(&p, nil)
		if len(legal) == 0 || r.Over(&p, len(legal) > 0).Over {
			t.Errorf("%s: %d moves at the start", name, len(legal))
		}
		t.Logf("%s: %d moves, perft(2) %d", name, len(legal), r.Perft(p, 2))
	}
}
