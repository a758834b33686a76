package draughts

import (
	"arbiter/referee"
	"arbiter/variants"
)

// PositionKey reads a FEN in the variant's own notation into the key the
// traces of its games give positions (referee.Tracer).
func (family) PositionKey(v *variants.Variant, fen string) (string, referee.Material, error) {
	c, err := compileDraughts(v)
	if err != nil {
		return "", referee.Material{}, err
	}
	p, err := c.rules.ParseFEN(c.num.fen(fen))
	if err != nil {
		return "", referee.Material{}, err
	}
	return positionKey(&p), materialOf(&p), nil
}

// positionKey is a position as bytes: each side's pieces, the kings and
// the side to move (not the counters of a king's moves, which only some
// variants keep and no FEN writes).
func positionKey(p *Position) string {
	var b [6*8 + 1]byte
	words := [...]uint64{p.pc[0].lo, p.pc[0].hi, p.pc[1].lo, p.pc[1].hi, p.kings.lo, p.kings.hi}
	for i, w := range words {
		for j := 0; j < 8; j++ {
			b[8*i+j] = byte(w >> (8 * j))
		}
	}
	b[len(b)-1] = byte(p.turn)
	return string(b[:])
}

func materialOf(p *Position) referee.Material {
	var m referee.Material
	for c := range 2 {
		m.Kings[c] = p.pc[c].and(p.kings).count()
		m.Men[c] = p.pc[c].andNot(p.kings).count()
	}
	return m
}

// startTrace begins the game's trace when the check asks for one.
func (g *draughtsGame) startTrace(start *Position) {
	if g.opts.Trace == 0 {
		return
	}
	var key string
	var m referee.Material
	if g.opts.Trace&referee.TracePositions != 0 {
		key, m = positionKey(start), materialOf(start)
	}
	g.trace = referee.NewTrace(g.opts.Trace, g.c.variant.Name, g.c.num.formatFEN(*start), key, m)
	g.rep.Trace = g.trace
}

// traceMove adds a main-line move to the trace; text is the move in full
// in the variant's own notation, written before it was played.
func (g *draughtsGame) traceMove(text string, after *Position) {
	if g.trace.WantsPositions() {
		g.trace.Ply(text, positionKey(after), materialOf(after))
		return
	}
	g.trace.Ply(text, "", referee.Material{})
}
