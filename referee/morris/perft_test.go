package morris

import (
	"testing"
)

// The naive generator below is written independently of the engine: its
// board is an array of 24 cells numbered as PlayOK numbers them (1-24), its
// lines and neighbours are the published PlayOK tables, not the engine's
// coordinate lines, and it plays standard nine men's morris only.
var naiveMills = [16][3]int{
	{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}, {13, 14, 15}, {16, 17, 18}, {19, 20, 21}, {22, 23, 24},
	{1, 10, 22}, {4, 11, 19}, {7, 12, 16}, {2, 5, 8}, {17, 20, 23}, {9, 13, 18}, {6, 14, 21}, {3, 15, 24},
}

var naiveNeighbours = [25][]int{
	1: {2, 10}, 2: {1, 3, 5}, 3: {2, 15}, 4: {5, 11}, 5: {2, 4, 6, 8}, 6: {5, 14},
	7: {8, 12}, 8: {5, 7, 9}, 9: {8, 13}, 10: {1, 11, 22}, 11: {4, 10, 12, 19}, 12: {7, 11, 16},
	13: {9, 14, 18}, 14: {6, 13, 15, 21}, 15: {3, 14, 24}, 16: {12, 17}, 17: {16, 18, 20}, 18: {13, 17},
	19: {11, 20}, 20: {17, 19, 21, 23}, 21: {14, 20}, 22: {10, 23}, 23: {20, 22, 24}, 24: {15, 23},
}

type naive struct {
	cell [25]int // 0 empty, 1 white, 2 black
	hand [3]int
	turn int
}

func (n *naive) count(c int) int {
	k := 0
	for p := 1; p <= 24; p++ {
		if n.cell[p] == c {
			k++
		}
	}
	return k
}

func (n *naive) inMill(p int) bool {
	c := n.cell[p]
	for _, m := range naiveMills {
		if (m[0] == p || m[1] == p || m[2] == p) && n.cell[m[0]] == c && n.cell[m[1]] == c && n.cell[m[2]] == c {
			return true
		}
	}
	return false
}

// children lists the positions after every legal move (removals included).
func (n naive) children() []naive {
	me, opp := n.turn, 3-n.turn
	if n.count(me)+n.hand[me] < 3 {
		return nil
	}
	var out []naive
	after := func(c naive, to int) {
		c.turn = opp
		if !c.inMill(to) {
			out = append(out, c)
			return
		}
		allInMills := true
		for p := 1; p <= 24; p++ {
			if c.cell[p] == opp && !c.inMill(p) {
				allInMills = false
			}
		}
		any := false
		for p := 1; p <= 24; p++ {
			if c.cell[p] == opp && (allInMills || !c.inMill(p)) {
				d := c
				d.cell[p] = 0
				out = append(out, d)
				any = true
			}
		}
		if !any {
			out = append(out, c)
		}
	}
	if n.hand[me] > 0 {
		for p := 1; p <= 24; p++ {
			if n.cell[p] == 0 {
				c := n
				c.cell[p] = me
				c.hand[me]--
				after(c, p)
			}
		}
		return out
	}
	fly := n.count(me) == 3
	for p := 1; p <= 24; p++ {
		if n.cell[p] != me {
			continue
		}
		for q := 1; q <= 24; q++ {
			if n.cell[q] != 0 {
				continue
			}
			ok := fly
			for _, x := range naiveNeighbours[p] {
				ok = ok || x == q
			}
			if ok {
				c := n
				c.cell[p], c.cell[q] = 0, me
				after(c, q)
			}
		}
	}
	return out
}

// naiveCount counts the legal moves by the same rules as children, in
// place, without building the positions (for the last ply).
func (n *naive) naiveCount() int64 {
	me, opp := n.turn, 3-n.turn
	if n.count(me)+n.hand[me] < 3 {
		return 0
	}
	removable, allInMills, oppOnBoard := int64(0), true, int64(0)
	for p := 1; p <= 24; p++ {
		if n.cell[p] == opp {
			oppOnBoard++
			if !n.inMill(p) {
				allInMills = false
				removable++
			}
		}
	}
	if allInMills {
		removable = oppOnBoard
	}
	leaves := func(to int) int64 {
		if n.inMill(to) && removable > 0 {
			return removable
		}
		return 1
	}
	var k int64
	if n.hand[me] > 0 {
		for p := 1; p <= 24; p++ {
			if n.cell[p] == 0 {
				n.cell[p] = me
				k += leaves(p)
				n.cell[p] = 0
			}
		}
		return k
	}
	fly := n.count(me) == 3
	for p := 1; p <= 24; p++ {
		if n.cell[p] != me {
			continue
		}
		for q := 1; q <= 24; q++ {
			if n.cell[q] != 0 {
				continue
			}
			ok := fly
			for _, x := range naiveNeighbours[p] {
				ok = ok || x == q
			}
			if ok {
				n.cell[p], n.cell[q] = 0, me
				k += leaves(q)
				n.cell[p], n.cell[q] = me, 0
			}
		}
	}
	return k
}

func naivePerft(n naive, depth int) int64 {
	if depth == 0 {
		return 1
	}
	if depth == 1 {
		return n.naiveCount()
	}
	ch := n.children()
	var s int64
	for _, c := range ch {
		s += naivePerft(c, depth-1)
	}
	return s
}

func toNaive(p Position) naive {
	var n naive
	for pt := 0; pt < NumPoints; pt++ {
		if c, ok := p.At(pt); ok {
			n.cell[pt+1] = int(c) + 1
		}
	}
	n.hand[1], n.hand[2] = int(p.Hand[White]), int(p.Hand[Black])
	n.turn = int(p.Turn) + 1
	return n
}

func nineMens(t testing.TB) *Rules {
	r := &Rules{Pieces: 9, Flying: true, FlyAt: 3}
	if err := r.Init(); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestPerftStart: leaf counts from the empty board. Depths 1-4 are
// 24·23·22·21 (no mill is possible before White's third piece); from depth
// 5 on, mills and removals add leaves. Each figure is also computed by
// the naive generator.
func TestPerftStart(t *testing.T) {
	r := nineMens(t)
	want := []int64{1, 24, 552, 12144, 255024, 5140800, 99274176}
	maxDepth := 6
	if testing.Short() {
		maxDepth = 5
	}
	for d := 1; d <= maxDepth; d++ {
		got := r.Perft(r.Start(), d)
		if got != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d])
		}
		if d <= 3 && got != []int64{0, 24, 24 * 23, 24 * 23 * 22}[d] {
			t.Errorf("perft(%d) = %d, not the product of free points", d, got)
		}
		if n := naivePerft(toNaive(r.Start()), d); n != got {
			// (the naive count of the last ply and its full generation
			// are compared on every position of TestPerftPositions)
			t.Errorf("depth %d: engine %d, naive generator %d", d, got, n)
		}
	}
}

// TestPerftPositions: the engine and the naive generator agree on
// positions of every phase: placing with mills about, moving, flying,
// pieces in mills.
func TestPerftPositions(t *testing.T) {
	r := nineMens(t)
	for _, fen := range []string{
		"WW-/BB-/---/------/---/---/--- w 7 7", // placing, a mill to close, removable pieces
		"WWW/BBB/---/W-----/B--/---/--- w 5 5", // placing, both with mills
		"W-W/-B-/WBW/B-BW--/-W-/B-B/WB- w 0 0", // moving
		"W-W/BBB/---/-W----/---/---/--- b 0 0", // White down to three (flies), Black in a mill
		"W--/---/-W-/------/---/-B-/BBW b 0 0", // both flying
		"WWW/BBB/WWW/BBB---/---/---/--- w 0 0", // everything in mills
		"WB-/BW-/WBW/BWBBW-/-WB/BWB/WB- b 0 0", // the Sanmill "Custom" game's end
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if got := FEN(p); got != fen {
			t.Errorf("FEN round trip: %s -> %s", fen, got)
		}
		for d := 1; d <= 4; d++ {
			got, want := r.Perft(p, d), naivePerft(toNaive(p), d)
			if got != want {
				t.Errorf("%s depth %d: engine %d, naive %d", fen, d, got, want)
			}
			if d == 1 {
				if n := toNaive(p); int64(len(n.children())) != n.naiveCount() {
					t.Errorf("%s: the naive generator's two counts differ", fen)
				}
			}
		}
	}
}
