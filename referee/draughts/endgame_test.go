package draughts

import (
	"math/rand/v2"
	"testing"

	"arbiter/variants"
)

// TestEndgamesHolding: which endgame rules hold is found by material
// (materialHolding, kept from ply to ply by endgamesHolding) and then by
// the long diagonal (onDiagonal); the answer is the rule-by-rule reading
// of each rule's sides, on random positions of few pieces (often on the
// long diagonal) of every builtin variant with endgame rules, met one
// after another as a game meets them, so that the kept material is both
// reused and renewed.
func TestEndgamesHolding(t *testing.T) {
	all, err := variants.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var held, heldDiag, tested int
	for _, v := range all {
		if SectionOf(v) == nil {
			continue
		}
		c, err := compileDraughts(v)
		if err != nil {
			t.Fatal(err)
		}
		tab := &c.endgames
		if len(tab.rules) == 0 {
			continue
		}
		tested++
		r := c.rules
		g := &draughtsGame{c: c, r: r}
		var diag []int
		for sq := 1; sq <= r.n; sq++ {
			if tab.longDiag.has(r.sqIdx[sq]) {
				diag = append(diag, sq)
			}
		}
		rng := rand.New(rand.NewPCG(uint64(len(v.Name)), 9))
		pieces := []Piece{WhiteMan, WhiteKing, WhiteKing, BlackMan, BlackKing, BlackKing}
		var p Position
		for i := 0; i < 20000; i++ {
			if i%4 == 0 {
				// A new material; else the pieces move on.
				p = r.EmptyPosition()
				for k := 1 + rng.IntN(6); k > 0; k-- {
					p.Set(1+rng.IntN(r.n), pieces[rng.IntN(len(pieces))])
				}
			}
			// Pieces of one side moved onto the long diagonal, or off it.
			for _, sq := range p.Squares(Color(rng.IntN(2))) {
				pc := p.At(sq)
				to := 1 + rng.IntN(r.n)
				if len(diag) > 0 && rng.IntN(2) == 0 {
					to = diag[rng.IntN(len(diag))]
				}
				if p.At(to) == Empty {
					p.Set(sq, Empty)
					p.Set(to, pc)
				}
			}
			want := holdingBySides(tab, &p)
			if got := tab.holding(&p); got != want {
				t.Fatalf("%s %s: holding %b, rule by rule %b", v.Name, r.FEN(p), got, want)
			}
			if got := g.endgamesHolding(&p); got != want {
				t.Fatalf("%s %s: endgamesHolding %b, rule by rule %b", v.Name, r.FEN(p), got, want)
			}
			if want != 0 {
				held++
			}
			if want&tab.onDiag != 0 {
				heldDiag++
			}
		}
	}
	if tested == 0 || held == 0 || heldDiag == 0 {
		t.Fatalf("%d variants, %d positions in an endgame rule, %d in one on the long diagonal", tested, held, heldDiag)
	}
}

// holdingBySides is which endgame rules hold, read rule by rule with each
// rule's sides (the form holding had).
func holdingBySides(t *endgameTable, p *Position) uint32 {
	all := p.pc[White].or(p.pc[Black]).count()
	if all > t.maxPieces {
		return 0
	}
	w := p.pc[White].count()
	b := all - w
	if min(w, b) > t.maxSmall {
		return 0
	}
	wk, bk := p.pc[White].and(p.kings).count(), p.pc[Black].and(p.kings).count()
	var held uint32
	for i := range t.rules {
		e := &t.rules[i]
		if len(e.Pieces) > 0 && (all >= 64 || e.pieces&(1<<all) == 0) ||
			e.KingsBothSides && (wk == 0 || bk == 0) {
			continue
		}
		if len(e.strong) == 0 {
			held |= 1 << i
			continue
		}
		if ws, bs := e.sides(p, t.longDiag, w-wk, wk, b-bk, bk); ws || bs {
			held |= 1 << i
		}
	}
	return held
}
