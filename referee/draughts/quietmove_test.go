package draughts

import (
	"math/rand/v2"
	"testing"
)

// quietMove, the replay's short way to test a written plain move, must
// say exactly what quiet generates: for every builtin variant played by
// the diagonal generator, on random boards of men and kings for either
// side to move, every (from, to) pair of playing squares is a move of
// quietMove if and only if quiet generates it, promoting alike.
func TestQuietMoveMatchesQuiet(t *testing.T) {
	tested := 0
	for _, d := range builtinDraughts(t) {
		v, r := d.v, d.r
		if r.general {
			continue
		}
		tested++
		rng := rand.New(rand.NewPCG(uint64(len(v.Name)), 14))
		pieces := []Piece{WhiteMan, WhiteMan, BlackMan, BlackMan, WhiteKing, BlackKing}
		var g gen
		moves := 0
		for i := 0; i < 300; i++ {
			p := r.EmptyPosition()
			density := 2 + rng.IntN(5)
			for sq := 1; sq <= r.n; sq++ {
				if rng.IntN(density) == 0 {
					p.Set(sq, pieces[rng.IntN(len(pieces))])
				}
			}
			p.SetTurn(Color(rng.IntN(2)))
			g.reset(r, true, true, true)
			g.quiet(&p, p.pc[p.turn&1])
			want := map[[2]uint8]cmove{}
			for _, m := range g.moves {
				want[[2]uint8{m.from, m.to}] = m
			}
			for a := 1; a <= r.n; a++ {
				for b := 1; b <= r.n; b++ {
					from, to := r.sqIdx[a], r.sqIdx[b]
					got, ok := r.quietMove(&p, from, to)
					w, wok := want[[2]uint8{from, to}]
					if ok != wok || got != w {
						t.Fatalf("%s %s: %d-%d: quietMove %v %+v, quiet %v %+v", v.Name, r.FEN(p), a, b, ok, got, wok, w)
					}
					if ok {
						moves++
					}
				}
			}
		}
		if moves < 1000 {
			t.Errorf("%s: only %d quiet moves compared", v.Name, moves)
		}
	}
	if tested < 10 {
		t.Errorf("only %d variants use the diagonal generator", tested)
	}
}
