package draughts

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGen64AgreesWithGen: the replay asks the one-word generator (gen64)
// what it asks the general diagonal one on the boards that fit a word
// (checkOver: which pieces can capture, whether any quiet move is left;
// leanPly: the distinct captures). For every builtin variant with such a
// board, on random boards of men and kings for either side to move, the
// answers are the same: with the shifts as constants on the boards that
// have them, and as the board's h (gen64Generic).
func TestGen64AgreesWithGen(t *testing.T) {
	defer func() { gen64Generic = false }()
	for _, generic := range []bool{false, true} {
		gen64Generic = generic
		gen64Agrees(t)
	}
}

func gen64Agrees(t *testing.T) {
	tested := 0
	var stuck [2]int   // boards with no quiet move, with one
	var slides [2]int  // a king's quiet move refused, allowed
	var singles [2]int // singleCapture's squares without a capture, with one
	for _, d := range builtinDraughts(t) {
		v, r := d.v, d.r
		if !r.fast64 {
			continue
		}
		tested++
		g64 := newGen64(r, false)
		rng := rand.New(rand.NewPCG(uint64(len(v.Name)), 64))
		pieces := []Piece{WhiteMan, WhiteMan, BlackMan, BlackMan, WhiteKing, BlackKing}
		var g gen
		for i := 0; i < 2000; i++ {
			p := r.EmptyPosition()
			density := 2 + rng.IntN(5)
			for sq := 1; sq <= r.n; sq++ {
				if rng.IntN(density) == 0 {
					p.Set(sq, pieces[rng.IntN(len(pieces))])
				}
			}
			p.SetTurn(Color(rng.IntN(2)))
			p64 := p.to64()
			src := r.capturers(&p)
			if c := g64.capturers(p64); c != src.lo || src.hi != 0 {
				t.Fatalf("%s %s: capturers %x, gen64 %x", v.Name, r.FEN(p), src, c)
			}
			if a, b := r.countQuiet(&p), g64.countQuiet(p64); a != b {
				t.Fatalf("%s %s: countQuiet %d, gen64 %d", v.Name, r.FEN(p), a, b)
			}
			if a, b := r.countQuiet(&p) > 0, g64.hasQuiet(p64); a != b {
				t.Fatalf("%s %s: a quiet move: %v, gen64.hasQuiet %v", v.Name, r.FEN(p), a, b)
			}
			// A king's quiet move, as leanRun tests it, and as the
			// general quietMove does.
			empty := r.valid.andNot(p.pc[White].or(p.pc[Black])).lo
			for k := p64.own & p64.kings; k != 0; k &= k - 1 {
				from := uint8(bits.TrailingZeros64(k))
				for e := empty; e != 0; e &= e - 1 {
					to := uint8(bits.TrailingZeros64(e))
					_, want := r.quietMove(&p, from, to)
					if got := g64.kingSlides(from, to, empty); got != want {
						t.Fatalf("%s %s: king %d to %d: quietMove %v, gen64.kingSlides %v", v.Name, r.FEN(p), r.idxSq[from], r.idxSq[to], want, got)
					}
					slides[b2i(want)]++
				}
			}
			// Each piece of the side to move alone with the other side's,
			// so that every direction a piece steps in is asked alone.
			for k := p64.own; k != 0; k &= k - 1 {
				alone := p64
				alone.own = k & -k
				q := p
				q.pc[q.turn&1] = bb{lo: alone.own}
				if a, b := r.countQuiet(&q) > 0, g64.hasQuiet(alone); a != b {
					t.Fatalf("%s %s: a quiet move: %v, gen64.hasQuiet %v", v.Name, r.FEN(q), a, b)
				}
			}
			if g64.hasQuiet(p64) {
				stuck[1]++
			} else {
				stuck[0]++
			}
			if src.zero() {
				continue
			}
			g.reset(r, false, false, false)
			g.captures(&p, src)
			g64.moves = g64.moves[:0]
			g64.captures(p64, src.lo)
			var want, got []cmove
			for _, m := range g.moves {
				want = append(want, cmove{cap: m.cap, from: m.from, to: m.to, prom: m.prom, n: m.n})
			}
			for _, m := range g64.moves {
				got = append(got, cmove{cap: bb{lo: m.cap}, from: m.from, to: m.to, prom: m.prom, n: m.n})
			}
			key := func(a, b cmove) int {
				switch {
				case a.from != b.from:
					return int(a.from) - int(b.from)
				case a.to != b.to:
					return int(a.to) - int(b.to)
				case a.cap.lo != b.cap.lo:
					if a.cap.lo < b.cap.lo {
						return -1
					}
					return 1
				case a.prom != b.prom:
					if a.prom {
						return 1
					}
					return -1
				}
				return 0
			}
			// leanRun's reading of a written capture when every capture
			// takes one piece: what the list says for each from and to.
			for from := src.lo; from != 0; from &= from - 1 {
				fi := uint8(bits.TrailingZeros64(from))
				for to := r.valid.lo; to != 0; to &= to - 1 {
					ti := uint8(bits.TrailingZeros64(to))
					capt, crowned, decided := g64.singleCapture(p64, src.lo, fi, ti)
					if !decided {
						break
					}
					var listed []cmove
					for _, m := range got {
						if m.from == fi && m.to == ti {
							listed = append(listed, m)
						}
					}
					switch {
					case len(listed) > 1:
						t.Fatalf("%s %s: %d captures from %d to %d, singleCapture decided", v.Name, r.FEN(p), len(listed), r.idxSq[fi], r.idxSq[ti])
					case len(listed) == 0 && capt != 0, len(listed) == 1 && (capt != listed[0].cap.lo || crowned != listed[0].prom):
						t.Fatalf("%s %s: from %d to %d: captures %+v, singleCapture %x %v", v.Name, r.FEN(p), r.idxSq[fi], r.idxSq[ti], listed, capt, crowned)
					}
					singles[b2i(capt != 0)]++
				}
			}
			slices.SortFunc(want, key)
			slices.SortFunc(got, key)
			if !slices.Equal(want, got) {
				t.Fatalf("%s %s: captures\n%+v\ngen64\n%+v", v.Name, r.FEN(p), want, got)
			}
		}
	}
	if tested == 0 {
		t.Fatal("no variant on a one-word board")
	}
	if singles[0] == 0 || singles[1] == 0 {
		t.Fatalf("singleCapture's squares without a capture, with one: %v (untested)", singles)
	}
	if slides[0] == 0 || slides[1] == 0 {
		t.Fatalf("king moves refused, allowed: %v (kingSlides untested)", slides)
	}
	if stuck[0] == 0 || stuck[1] == 0 {
		t.Fatalf("boards without a quiet move, with one: %v (hasQuiet untested)", stuck)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
