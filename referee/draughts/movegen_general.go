package draughts

// The general move generator: used instead of the fast diagonal one when
// Rules.general is set (all-squares boards, orthogonal moves or captures,
// kings that stop behind the captured piece, pieces removed during the
// capture, no 180-degree turns). It walks the 8-direction neighbour table
// nb8 and shifts bitboards by the per-direction index difference dshift
// after masking with dmask, so it needs no ghost bits.

// step moves every square of b one step in direction d (squares without a
// neighbour there drop out).
func (r *Rules) step(b bb, d uint8) bb {
	b = b.and(r.dmask[d])
	if s := r.dshift[d]; s > 0 {
		return shl(b, uint(s))
	} else if s < 0 {
		return shr(b, uint(-s))
	}
	return bb{}
}

// capturersG is capturers for the general generator: all men if some man
// can capture, plus all kings if some king can. It is empty exactly when
// there is no capture.
func (r *Rules) capturersG(p *Position) bb {
	c := p.turn & 1
	own, opp := p.pc[c], p.pc[c^1]
	empty := r.valid.andNot(own.or(opp))
	men := own.andNot(p.kings)
	kings := own.and(p.kings)
	var src bb
	if !men.zero() {
		capt := opp
		if !r.MenCaptureKings {
			capt = opp.andNot(p.kings)
		}
		for _, d := range r.manCapG[c] {
			if !r.step(r.step(men, d).and(capt), d).and(empty).zero() {
				src = men
				break
			}
		}
	}
	if !kings.zero() {
		for _, d := range r.kingCapG {
			reach := kings
			if r.FlyingKings {
				for t := r.step(kings, d).and(empty); !t.zero(); t = r.step(t, d).and(empty) {
					reach = reach.or(t)
				}
			}
			if !r.step(r.step(reach, d).and(opp), d).and(empty).zero() {
				return src.or(kings)
			}
		}
	}
	return src
}

// countQuietG is countQuiet for the general generator.
func (r *Rules) countQuietG(p *Position) int {
	c := p.turn & 1
	own := p.pc[c]
	empty := r.valid.andNot(own.or(p.pc[c^1]))
	men := own.andNot(p.kings)
	kings := own.and(p.kings).andNot(r.limitedKing(p))
	n := 0
	if !men.zero() {
		for _, d := range r.manMoveG[c] {
			n += r.step(men, d).and(empty).count()
		}
	}
	if kings.zero() {
		return n
	}
	for _, d := range r.kingMoveG {
		for t := r.step(kings, d).and(empty); !t.zero(); t = r.step(t, d).and(empty) {
			n += t.count()
			if !r.FlyingKings {
				break
			}
		}
	}
	return n
}

// quietG is quiet for the general generator.
func (g *gen) quietG(p *Position, movers bb) {
	r := g.r
	c := p.turn & 1
	own := p.pc[c]
	empty := r.valid.andNot(own.or(p.pc[c^1]))
	far := r.far[c]
	men := movers.andNot(p.kings)
	for !men.zero() {
		s := men.pop()
		for _, d := range r.manMoveG[c] {
			if t := r.nb8[int(s)*8+int(d)]; t != noSq && empty.has(t) {
				g.push(cmove{from: s, to: t, prom: far.has(t)})
			}
		}
	}
	kings := movers.and(p.kings).andNot(r.limitedKing(p))
	for !kings.zero() {
		k := kings.pop()
		for _, d := range r.kingMoveG {
			for s := r.nb8[int(k)*8+int(d)]; s != noSq && empty.has(s); s = r.nb8[int(s)*8+int(d)] {
				g.push(cmove{from: k, to: s})
				if !r.FlyingKings {
					break
				}
			}
		}
	}
}

// manCapG extends a man's capture sequence of n pieces standing on s; last
// is the direction of the previous capture (when n > 0).
func (g *gen) manCapG(s uint8, n int, last uint8) {
	r := g.r
	found := false
	for _, d := range r.manCapG[g.color] {
		if n > 0 && r.NoReversal && d == reverse[last] {
			continue
		}
		m := r.nb8[int(s)*8+int(d)]
		if m == noSq || !g.captMan.has(m) || g.captured.has(m) {
			continue
		}
		l := r.nb8[int(m)*8+int(d)]
		if l == noSq || !g.empty.has(l) {
			continue
		}
		found = true
		g.captured.set(m)
		if r.RemoveAtOnce {
			g.empty.set(m)
		}
		g.path[n] = l
		g.order[n] = m
		if r.PromoteInPassing && r.far[g.color].has(l) {
			g.promoting = true
			g.kingCapG(l, n+1, d)
			g.promoting = false
		} else {
			g.manCapG(l, n+1, d)
		}
		if r.RemoveAtOnce {
			g.empty.clear(m)
		}
		g.captured.clear(m)
	}
	if !found && n > 0 {
		g.record(s, n, r.far[g.color].has(s))
	}
}

// kingTarget returns the piece a king on s would capture in direction d
// and the first square beyond it, or noSq.
func (g *gen) kingTarget(s, d uint8) (m, first uint8) {
	r := g.r
	m = r.nb8[int(s)*8+int(d)]
	if r.FlyingKings {
		for m != noSq && g.empty.has(m) {
			m = r.nb8[int(m)*8+int(d)]
		}
	}
	if m == noSq || !g.captKing.has(m) || g.captured.has(m) {
		return noSq, noSq
	}
	first = r.nb8[int(m)*8+int(d)]
	if first == noSq || !g.empty.has(first) {
		return noSq, noSq
	}
	return m, first
}

// kingCapG extends a king's capture sequence of n pieces standing on s;
// last is the direction of the previous capture (when n > 0).
func (g *gen) kingCapG(s uint8, n int, last uint8) {
	r := g.r
	found := false
	for _, d := range r.kingCapG {
		if n > 0 && r.NoReversal && d == reverse[last] {
			continue
		}
		m, first := g.kingTarget(s, d)
		if m == noSq {
			continue
		}
		found = true
		g.captured.set(m)
		if r.RemoveAtOnce {
			g.empty.set(m)
		}
		g.order[n] = m
		many := r.FlyingKings && !r.KingStopsBehind
		// A capture may not stop while it can continue (see kingCap).
		mustGoOn := false
		if r.mustGoOnFK {
			for l := first; l != noSq && g.empty.has(l); l = r.nb8[int(l)*8+int(d)] {
				if g.kingCanCaptureG(l, d) {
					mustGoOn = true
					break
				}
			}
		}
		for l := first; l != noSq && g.empty.has(l); l = r.nb8[int(l)*8+int(d)] {
			if !mustGoOn || g.kingCanCaptureG(l, d) {
				g.path[n] = l
				g.kingCapG(l, n+1, d)
			}
			if !many {
				break
			}
		}
		if r.RemoveAtOnce {
			g.empty.clear(m)
		}
		g.captured.clear(m)
	}
	if !found && n > 0 {
		g.record(s, n, g.promoting)
	}
}

// kingCanCaptureG reports whether a king on s, having just captured in
// direction last, can capture a further piece.
func (g *gen) kingCanCaptureG(s, last uint8) bool {
	r := g.r
	for _, d := range r.kingCapG {
		if r.NoReversal && d == reverse[last] {
			continue
		}
		if m, _ := g.kingTarget(s, d); m != noSq {
			return true
		}
	}
	return false
}
