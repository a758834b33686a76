package draughts

import "math/bits"

// The 64-bit generator: perft's engine on the boards whose padded layout
// fits one machine word (8x8 and 10x10 diagonal boards, Rules.fast64). It
// plays the same rules as the fast diagonal generator of movegen.go and
// finds the same moves, but works on uint64 sets, finds a flying king's
// nearest piece on a diagonal with one mask and a bit scan, and explores a
// flying king's capture that goes on straight ahead once per run of landing
// squares instead of once per landing square. It records no paths, so it
// serves perft and counting only; LegalMoves keeps the path-recording
// generator, whose first-found paths the referee reports.
//
// Directions as in rules.go: dirUL and dirUR go towards row 0 (lower
// indices, a right shift by h+1 and h), dirDL and dirDR away from it.

// pos64 is a Position on a board of at most 64 internal indices.
// It holds the pieces as the side to move's and the other's, in separate
// fields rather than an array indexed by colour, so that the compiler passes
// it in registers: perft's positions then never go through memory (a copy
// stored as a whole and read back by fields stalls store forwarding).
type pos64 struct {
	own, opp, kings uint64
	turn            Color
}

// move64 is cmove with a one-word captured set.
type move64 struct {
	cap      uint64
	from, to uint8
	prom     bool
	n        uint8
	seq      uint32
}

type gen64 struct {
	r       *Rules
	keepDup bool
	moves   []move64
	seqs    []uint8 // keepDup: captured sequences of this generation's moves

	sh            [4]uint // shift of each direction
	s1, s2        uint    // h and h+1
	valid         uint64
	far           [2]uint64
	flying        bool
	ray           *[4][64]uint64 // Rules.ray64
	promInPassing bool
	promoteNow    uint64 // promInPassing: the far row of the side to move
	needOrder     bool   // the capture order is needed (keepDup, PreferEarlyKings)
	ranked        bool
	rankCount     bool
	// The rules as masks and flags.
	manUp, manDown [2]bool // each colour's men capture towards row 0, away from it
	menSpareKings  uint64  // all ones when men may not take kings

	// Capture search state, as in gen.
	empty     uint64
	captMan   uint64
	captKing  uint64
	captured  uint64
	oppKings  uint64
	from      uint8
	color     Color
	promoting bool
	byKing    bool
	best      uint64
	start     int
	order     [64]uint8
}

func newGen64(r *Rules, keepDup bool) *gen64 { return newGen64Cap(r, keepDup, 1024) }

// newGen64Cap is newGen64 with room for room moves at first (perft's
// stack of every ply's moves wants 1024; a referee's one ply, a few).
func newGen64Cap(r *Rules, keepDup bool, room int) *gen64 {
	h := r.h
	g := &gen64{
		r: r, keepDup: keepDup, moves: make([]move64, 0, room),
		sh:            [4]uint{h + 1, h, h, h + 1},
		s1:            h,
		s2:            h + 1,
		valid:         r.valid.lo,
		far:           [2]uint64{r.far[White].lo, r.far[Black].lo},
		flying:        r.FlyingKings,
		ray:           &r.ray64,
		promInPassing: r.PromoteInPassing,
	}
	g.needOrder = keepDup || r.PreferEarlyKings
	g.ranked, g.rankCount = r.ranked, r.rankCount
	g.manUp = [2]bool{true, r.ManCapturesBackward}
	g.manDown = [2]bool{r.ManCapturesBackward, true}
	if !r.MenCaptureKings {
		g.menSpareKings = ^uint64(0)
	}
	return g
}

// push appends a move field by field: a move built whole on the stack and
// copied would be read back wide right after being written narrow, which
// stalls the processor's store forwarding.
func (g *gen64) push(capt uint64, from, to uint8, prom bool, n uint8, seq uint32) {
	g.moves = append(g.moves, move64{})
	m := &g.moves[len(g.moves)-1]
	m.cap, m.from, m.to, m.prom, m.n, m.seq = capt, from, to, prom, n, seq
}

// step moves the squares of b one square in direction d; squares leaving
// the board land on ghost or out-of-range bits, which are never empty.
func (g *gen64) step(b uint64, d int) uint64 {
	if d < 2 {
		return b >> (g.sh[d] & 63)
	}
	return b << (g.sh[d] & 63)
}

// nearest returns the first non-empty square beyond the square s in
// direction d as a set (empty if the diagonal is empty to the edge).
func (g *gen64) nearest(s uint64, d int) uint64 {
	occ := g.ray[d][bits.TrailingZeros64(s)&63] &^ g.empty
	if occ == 0 {
		return 0
	}
	if d < 2 {
		return 1 << (63 - bits.LeadingZeros64(occ))
	}
	return occ & -occ
}

func (p *Position) to64() pos64 {
	c := p.turn & 1
	return pos64{own: p.pc[c].lo, opp: p.pc[c^1].lo, kings: p.kings.lo, turn: c}
}

// apply returns the position after m, the other side to move.
func (p pos64) apply(m *move64) pos64 {
	f, t := uint64(1)<<(m.from&63), uint64(1)<<(m.to&63)
	// Clear then set, not xor: a king's capture may end on its own square.
	own := p.own&^f | t
	kings := p.kings
	if kings&f != 0 {
		kings = kings&^f | t
	} else if m.prom {
		kings |= t
	}
	return pos64{own: p.opp &^ m.cap, opp: own, kings: kings &^ m.cap, turn: p.turn ^ 1}
}

// capturers is Rules.capturers on one word: a man at i takes towards the
// row 0 if the square i-s holds a piece it may take and i-2s is empty (s
// the shift of the direction), and away from it with i+s and i+2s.
func (g *gen64) capturers(p pos64) uint64 {
	c := p.turn & 1
	own, opp := p.own, p.opp
	empty := g.valid &^ (own | opp)
	men := own &^ p.kings
	kings := own & p.kings
	s1, s2 := g.s1&63, g.s2&63
	var src uint64
	if men != 0 {
		capt := opp &^ (p.kings & g.menSpareKings)
		up, down := g.manUp[c], g.manDown[c]
		// (The shifts as constants on the 10x10 and 8x8 boards: shifting
		// by a register costs the processor several instructions more.)
		switch {
		case g.s1 == 5 && !gen64Generic:
			src = menTakers(men, capt, empty, up, down, 5, 6)
		case g.s1 == 4 && !gen64Generic:
			src = menTakers(men, capt, empty, up, down, 4, 5)
		default:
			src = menTakers(men, capt, empty, up, down, s1, s2)
		}
	}
	if kings == 0 {
		return src
	}
	if !g.flying {
		if kings&(opp<<s1)&(empty<<(2*s1&63)) != 0 || kings&(opp<<s2)&(empty<<(2*s2&63)) != 0 ||
			kings&(opp>>s1)&(empty>>(2*s1&63)) != 0 || kings&(opp>>s2)&(empty>>(2*s2&63)) != 0 {
			return src | kings
		}
		return src
	}
	// Per king and direction: the nearest piece, if an opponent with an
	// empty square beyond.
	for k := kings; k != 0; k &= k - 1 {
		i := bits.TrailingZeros64(k) & 63
		if occ := g.ray[dirUL][i] &^ empty; occ != 0 {
			if n := uint64(1) << (63 - bits.LeadingZeros64(occ)); n&opp != 0 && n>>s2&empty != 0 {
				return src | kings
			}
		}
		if occ := g.ray[dirUR][i] &^ empty; occ != 0 {
			if n := uint64(1) << (63 - bits.LeadingZeros64(occ)); n&opp != 0 && n>>s1&empty != 0 {
				return src | kings
			}
		}
		if occ := g.ray[dirDL][i] &^ empty; occ&opp&-occ != 0 && (occ&-occ)<<s1&empty != 0 {
			return src | kings
		}
		if occ := g.ray[dirDR][i] &^ empty; occ&opp&-occ != 0 && (occ&-occ)<<s2&empty != 0 {
			return src | kings
		}
	}
	return src
}

// gen64Generic makes capturers and hasQuiet shift by the board's h even
// on the boards they have constants for, for the test that both agree.
var gen64Generic bool

// menTakers returns the men that can take a piece of capt towards row 0
// (up) and away from it (down), empty being the empty squares and s1, s2
// the shifts h and h+1: a man at i takes towards row 0 when i-s holds a
// piece to take and i-2s is empty, away from it with i+s and i+2s. Small
// enough to be inlined, so that constant shifts stay constants.
func menTakers(men, capt, empty uint64, up, down bool, s1, s2 uint) uint64 {
	var src uint64
	if up {
		src = men & ((capt&(empty<<s1))<<s1 | (capt&(empty<<s2))<<s2)
	}
	if down {
		src |= men & ((capt&(empty>>s1))>>s1 | (capt&(empty>>s2))>>s2)
	}
	return src
}

// countQuiet is Rules.countQuiet on one word.
func (g *gen64) countQuiet(p pos64) int {
	c := p.turn & 1
	own := p.own
	empty := g.valid &^ (own | p.opp)
	men := own &^ p.kings
	kings := own & p.kings
	s1, s2 := g.s1&63, g.s2&63
	var n int
	if c == White {
		n = bits.OnesCount64(men>>s1&empty) + bits.OnesCount64(men>>s2&empty)
	} else {
		n = bits.OnesCount64(men<<s1&empty) + bits.OnesCount64(men<<s2&empty)
	}
	if kings == 0 {
		return n
	}
	if !g.flying {
		return n + bits.OnesCount64(kings>>s1&empty) + bits.OnesCount64(kings>>s2&empty) +
			bits.OnesCount64(kings<<s1&empty) + bits.OnesCount64(kings<<s2&empty)
	}
	// Per king and direction: the squares of the ray before the nearest
	// piece (towards row 0 the nearest is the highest index, away from it
	// the lowest).
	ray := g.ray
	for k := kings; k != 0; k &= k - 1 {
		i := bits.TrailingZeros64(k) & 63
		for d := dirUL; d <= dirUR; d++ {
			r := ray[d][i]
			if occ := r &^ empty; occ != 0 {
				r &^= ray[d][63-bits.LeadingZeros64(occ)&63] | 1<<(63-bits.LeadingZeros64(occ)&63)
			}
			n += bits.OnesCount64(r)
		}
		for d := dirDL; d <= dirDR; d++ {
			r := ray[d][i]
			if occ := r &^ empty; occ != 0 {
				r &= occ&-occ - 1
			}
			n += bits.OnesCount64(r)
		}
	}
	return n
}

// hasQuiet reports whether the side to move has a non-capture move
// (countQuiet > 0, without counting: the end-of-game test of every ply).
func (g *gen64) hasQuiet(p pos64) bool {
	own := p.own
	empty := g.valid &^ (own | p.opp)
	men := own &^ p.kings
	kings := own & p.kings
	switch {
	case g.s1 == 5 && !gen64Generic:
		return stepsEmpty(men, kings, empty, p.turn&1 == White, 5, 6)
	case g.s1 == 4 && !gen64Generic:
		return stepsEmpty(men, kings, empty, p.turn&1 == White, 4, 5)
	}
	return stepsEmpty(men, kings, empty, p.turn&1 == White, g.s1&63, g.s2&63)
}

// stepsEmpty reports whether a man of men (moving towards row 0 when
// white) or a king of kings has an empty square next to it to step to (a
// king that can move at all can step to a neighbour, flying or not).
// Inlined, as menTakers.
func stepsEmpty(men, kings, empty uint64, white bool, s1, s2 uint) bool {
	if white {
		if (men>>s1|men>>s2)&empty != 0 {
			return true
		}
	} else if (men<<s1|men<<s2)&empty != 0 {
		return true
	}
	return (kings>>s1|kings>>s2|kings<<s1|kings<<s2)&empty != 0
}

// kingSlides reports whether a king on from has the non-capture move to
// to (an empty square): one step along a diagonal, or with flying kings
// any number over empty squares (Rules.quietMove).
func (g *gen64) kingSlides(from, to uint8, empty uint64) bool {
	t := uint64(1) << (to & 63)
	for d := 0; d < 4; d++ {
		ray := g.ray[d][from&63]
		if ray&t == 0 {
			continue
		}
		if !g.flying {
			return g.step(uint64(1)<<(from&63), d) == t
		}
		// The squares between: the ray from from, less the ray beyond to.
		between := ray &^ g.ray[d][to&63] &^ t
		return between&^empty == 0
	}
	return false
}

// quiet appends the non-capture moves of the side to move.
func (g *gen64) quiet(p pos64) {
	c := p.turn & 1
	own := p.own
	empty := g.valid &^ (own | p.opp)
	men := own &^ p.kings
	far := g.far[c]
	for _, s := range [2]uint{g.s1 & 63, g.s2 & 63} {
		if c == White {
			for t := men >> s & empty; t != 0; t &= t - 1 {
				to := uint8(bits.TrailingZeros64(t))
				g.push(0, to+uint8(s), to, far>>(to&63)&1 != 0, 0, 0)
			}
		} else {
			for t := men << s & empty; t != 0; t &= t - 1 {
				to := uint8(bits.TrailingZeros64(t))
				g.push(0, to-uint8(s), to, far>>(to&63)&1 != 0, 0, 0)
			}
		}
	}
	kings := own & p.kings
	for kings != 0 {
		k := uint8(bits.TrailingZeros64(kings))
		kings &= kings - 1
		kb := uint64(1) << (k & 63)
		for d := 0; d < 4; d++ {
			for t := g.step(kb, d) & empty; t != 0; t = g.step(t, d) & empty {
				g.push(0, k, uint8(bits.TrailingZeros64(t)), false, 0, 0)
				if !g.flying {
					break
				}
			}
		}
	}
}

// onlyCapture lists the captures of pieces in p (captures) and returns
// the index in g.moves of the one from fi to ti, or -1 when there is none
// or more than one (the lean ply leaves both to match).
func (g *gen64) onlyCapture(p pos64, pieces uint64, fi, ti uint8) int {
	g.moves = g.moves[:0]
	g.captures(p, pieces)
	found := -1
	for i := range g.moves {
		if g.moves[i].from == fi && g.moves[i].to == ti {
			if found >= 0 {
				return -1 // (ambiguous)
			}
			found = i
		}
	}
	return found
}

// captures appends the legal captures of the given pieces of the side to
// move.
func (g *gen64) captures(p pos64, pieces uint64) {
	r := g.r
	c := p.turn & 1
	own, opp := p.own, p.opp
	empty := g.valid &^ (own | opp)
	g.captKing = opp
	g.captMan = opp
	if !r.MenCaptureKings {
		g.captMan = opp &^ p.kings
	}
	g.color = c
	g.promoteNow = 0
	if g.promInPassing {
		g.promoteNow = g.far[c]
	}
	g.best = 0
	g.oppKings = opp & p.kings
	g.start = len(g.moves)
	g.seqs = g.seqs[:0]
	for pieces != 0 {
		s := pieces & -pieces
		pieces &^= s
		g.from = uint8(bits.TrailingZeros64(s))
		g.empty = empty | s
		g.captured = 0
		g.promoting = false
		g.byKing = p.kings&s != 0
		switch {
		case !g.byKing:
			g.manCap(s, 0, 0)
		case r.FlyingKings:
			g.kingCap(s, 0)
		default:
			g.shortKingCap(s, 0)
		}
	}
}

func (g *gen64) manCap(s, captured uint64, n int) {
	s1, s2 := g.s1&63, g.s2&63
	capt, empty := g.captMan&^captured, g.empty
	found := false
	if g.manUp[g.color] {
		if m := s >> s2; m&capt != 0 && m>>s2&empty != 0 {
			found = true
			g.manJump(m, m>>s2, captured, n)
		}
		if m := s >> s1; m&capt != 0 && m>>s1&empty != 0 {
			found = true
			g.manJump(m, m>>s1, captured, n)
		}
	}
	if g.manDown[g.color] {
		if m := s << s1; m&capt != 0 && m<<s1&empty != 0 {
			found = true
			g.manJump(m, m<<s1, captured, n)
		}
		if m := s << s2; m&capt != 0 && m<<s2&empty != 0 {
			found = true
			g.manJump(m, m<<s2, captured, n)
		}
	}
	if !found && n > 0 {
		g.captured = captured
		g.record(s, n, s&g.far[g.color] != 0)
	}
}

// manJump takes m (the n+1-th piece) with a man and goes on from l.
func (g *gen64) manJump(m, l, captured uint64, n int) {
	if g.needOrder {
		g.order[n] = uint8(bits.TrailingZeros64(m))
	}
	if l&g.promoteNow == 0 {
		g.manCap(l, captured|m, n+1)
		return
	}
	g.captured = captured | m
	g.promoting = true
	if g.flying {
		g.kingCap(l, n+1)
	} else {
		g.shortKingCap(l, n+1)
	}
	g.promoting = false
}

// shortKingCap is a capture by a king that moves one square.
func (g *gen64) shortKingCap(s uint64, n int) {
	found := false
	for d := 0; d < 4; d++ {
		m := g.step(s, d)
		if m&g.captKing&^g.captured == 0 {
			continue
		}
		l := g.step(m, d)
		if l&g.empty == 0 {
			continue
		}
		found = true
		g.captured |= m
		g.order[n] = uint8(bits.TrailingZeros64(m))
		g.shortKingCap(l, n+1)
		g.captured &^= m
	}
	if !found && n > 0 {
		g.record(s, n, g.promoting)
	}
}

// jumpable returns the piece a flying king on s can take in direction d
// and the first landing square beyond it, or zeros.
func (g *gen64) jumpable(s uint64, d int) (m, first uint64) {
	m = g.nearest(s, d)
	if m&g.captKing&^g.captured == 0 {
		return 0, 0
	}
	first = g.step(m, d)
	if first&g.empty == 0 {
		return 0, 0
	}
	return m, first
}

// kingCap starts or goes on with a flying king's capture from s.
func (g *gen64) kingCap(s uint64, n int) {
	found := false
	for d := 0; d < 4; d++ {
		if m, _ := g.jumpable(s, d); m != 0 {
			found = true
			g.jump(m, d, n)
		}
	}
	if !found && n > 0 {
		g.record(s, n, g.promoting)
	}
}

// perpendicular directions of each direction.
var perp = [4][2]int{
	dirUL: {dirUR, dirDL}, dirUR: {dirUL, dirDR},
	dirDL: {dirUL, dirDR}, dirDR: {dirUR, dirDL},
}

// jump takes m (the n+1-th piece) in direction d and goes on from every
// landing square beyond it. Turning back is impossible (m stays on the
// board until the move ends), so from each landing square the capture goes
// on sideways or straight ahead; straight ahead is the same from every
// landing square of the run and is explored once. The perpendicular
// directions of a diagonal are one towards row 0 (perp[d][0]) and one away
// from it (perp[d][1]), whose nearest pieces are the highest and the lowest
// index of the ray.
func (g *gen64) jump(m uint64, d, n int) {
	g.captured |= m
	mi := bits.TrailingZeros64(m) & 63
	g.order[n] = uint8(mi)
	ray, empty := g.ray, g.empty
	capt := g.captKing &^ g.captured
	// The landing squares: the ray beyond m up to the next piece, which
	// may be taken straight ahead.
	run := ray[d][mi]
	var ahead uint64
	if occ := run &^ empty; occ != 0 {
		nb := occ & -occ
		if d < 2 {
			nb = 1 << (63 - bits.LeadingZeros64(occ)&63)
		}
		run &^= ray[d][bits.TrailingZeros64(nb)&63] | nb
		if nb&capt != 0 && g.step(nb, d)&empty != 0 {
			ahead = nb
		}
	}
	pu, pd := perp[d][0], perp[d][1]
	shU, shD := g.sh[pu]&63, g.sh[pd]&63
	// A capture may not stop while it can go on (mustGoOnFK: when some
	// landing square allows a further capture, only those may be chosen;
	// otherwise a shorter capture ranks lower and is discarded anyway).
	stopOK := true
	if g.r.mustGoOnFK {
		stopOK = ahead == 0
		for t := run; t != 0 && stopOK; t &= t - 1 {
			li := bits.TrailingZeros64(t) & 63
			if occ := ray[pu][li] &^ empty; occ != 0 {
				if nb := uint64(1) << (63 - bits.LeadingZeros64(occ)&63); nb&capt != 0 && nb>>shU&empty != 0 {
					stopOK = false
				}
			}
			if occ := ray[pd][li] &^ empty; occ != 0 {
				if nb := occ & -occ; nb&capt != 0 && nb<<shD&empty != 0 {
					stopOK = false
				}
			}
		}
	}
	for t := run; t != 0; t &= t - 1 {
		li := bits.TrailingZeros64(t) & 63
		goesOn := ahead != 0
		if occ := ray[pu][li] &^ empty; occ != 0 {
			if nb := uint64(1) << (63 - bits.LeadingZeros64(occ)&63); nb&capt != 0 && nb>>shU&empty != 0 {
				goesOn = true
				g.jump(nb, pu, n+1)
			}
		}
		if occ := ray[pd][li] &^ empty; occ != 0 {
			if nb := occ & -occ; nb&capt != 0 && nb<<shD&empty != 0 {
				goesOn = true
				g.jump(nb, pd, n+1)
			}
		}
		if !goesOn && stopOK {
			g.record(uint64(1)<<li, n+1, g.promoting)
		}
	}
	if ahead != 0 {
		g.jump(ahead, d, n+1)
	}
	g.captured &^= m
}

// record adds a finished capture sequence of n pieces ending on the square
// s (see gen.record).
func (g *gen64) record(s uint64, n int, prom bool) {
	if g.ranked {
		k := uint64(n)
		if !g.rankCount {
			k = g.rank(n)
		}
		if k < g.best {
			return
		}
		if k > g.best {
			g.best = k
			g.moves = g.moves[:g.start]
		}
	}
	to := uint8(bits.TrailingZeros64(s))
	// Two sequences can take the same pieces from and to the same squares
	// only around a loop, which takes at least four pieces (the king's
	// other landing squares before a capture straight ahead are not
	// explored, see jump).
	for i := g.start; n >= 4 && i < len(g.moves); i++ {
		m := &g.moves[i]
		if m.cap == g.captured && m.to == to && m.from == g.from && m.prom == prom &&
			(!g.keepDup || string(g.seqs[m.seq:m.seq+uint32(n)]) == string(g.order[:n])) {
			return
		}
	}
	var seq uint32
	if g.keepDup {
		seq = uint32(len(g.seqs))
		g.seqs = append(g.seqs, g.order[:n]...)
	}
	g.push(g.captured, g.from, to, prom, uint8(n), seq)
}

// rank is gen.rank on one word.
func (g *gen64) rank(n int) uint64 {
	r := g.r
	var k uint64
	switch r.Priority {
	case PriorityMajority:
		k = uint64(n) << 40
	case PriorityValue:
		k = r.captureValue(n, bits.OnesCount64(g.captured&g.oppKings)) << 40
	}
	if r.PreferKingCapture && g.byKing {
		k |= 1 << 39
	}
	if r.PreferMostKings {
		k |= uint64(min(bits.OnesCount64(g.captured&g.oppKings), 127)) << 32
	}
	if r.PreferEarlyKings {
		for i := 0; i < n && i < 32; i++ {
			if g.oppKings>>(g.order[i]&63)&1 != 0 {
				k |= 1 << (31 - i)
			}
		}
	}
	return k
}

func (g *gen64) generate(p pos64) {
	if src := g.capturers(p); src != 0 {
		g.captures(p, src)
		if g.r.CaptureCompulsory {
			return
		}
	}
	g.quiet(p)
}

func (g *gen64) count(p pos64) uint64 {
	src := g.capturers(p)
	if src == 0 {
		return uint64(g.countQuiet(p))
	}
	n, ok := 0, false
	if !g.ranked || g.rankCount {
		n, ok = g.countSingles(p, src)
	}
	if !ok {
		start := len(g.moves)
		g.captures(p, src)
		n = len(g.moves) - start
		g.moves = g.moves[:start]
	}
	if !g.r.CaptureCompulsory {
		n += g.countQuiet(p)
	}
	return uint64(n)
}

// countSingles counts the captures of the side to move without
// generating them when only men capture (src, from capturers) and none can take a second piece:
// each man and direction with a piece to take is then one legal capture,
// of the same rank as the others (under no precedence rule or the count
// alone). ok is false when that does not hold.
func (g *gen64) countSingles(p pos64, src uint64) (n int, ok bool) {
	lUL, lUR, lDL, lDR, ok := g.singles(p, src)
	if !ok {
		return 0, false
	}
	return bits.OnesCount64(lUL) + bits.OnesCount64(lUR) + bits.OnesCount64(lDL) + bits.OnesCount64(lDR), true
}

// singles returns the landing squares of the captures of the side to move
// in each direction when only men capture (src, from capturers) and none
// can take a second piece (countSingles); ok is false when that does not
// hold. (The caller knows the rank: every such capture takes one piece.)
func (g *gen64) singles(p pos64, src uint64) (lUL, lUR, lDL, lDR uint64, ok bool) {
	if src&p.kings != 0 {
		return 0, 0, 0, 0, false // a king can capture
	}
	c := p.turn & 1
	own, opp := p.own, p.opp
	empty := g.valid &^ (own | opp)
	capt := opp &^ (p.kings & g.menSpareKings)
	s1, s2 := g.s1&63, g.s2&63
	// Landing squares of a first capture in each direction, and the
	// squares from which a man could take in each direction.
	var jUL, jUR, jDL, jDR uint64
	if g.manUp[c] {
		lUL = (own >> s2 & capt) >> s2 & empty
		lUR = (own >> s1 & capt) >> s1 & empty
		jUL = capt << s2 & (empty << (2 * s2 & 63))
		jUR = capt << s1 & (empty << (2 * s1 & 63))
	}
	if g.manDown[c] {
		lDL = (own << s1 & capt) << s1 & empty
		lDR = (own << s2 & capt) << s2 & empty
		jDL = capt >> s1 & (empty >> (2 * s1 & 63))
		jDR = capt >> s2 & (empty >> (2 * s2 & 63))
	}
	// A capture goes on from its landing square in any direction but back
	// (back is the piece just taken, and only there do the captured piece
	// and the emptied origin matter).
	if lUL&(jUL|jUR|jDL)|lUR&(jUL|jUR|jDR)|lDL&(jUL|jDL|jDR)|lDR&(jUR|jDL|jDR) != 0 {
		return 0, 0, 0, 0, false
	}
	if g.promInPassing && (lUL|lUR|lDL|lDR)&g.far[c] != 0 {
		return 0, 0, 0, 0, false // a new king might go on taking
	}
	return lUL, lUR, lDL, lDR, true
}

// singleCapture is the written capture from the internal index from to
// the index to when every capture of the position takes one piece with a
// man and all rank alike (singles, under no precedence rule or the count
// alone): what captures would list for those squares without listing
// them. decided is false when that does not hold (captures tells);
// otherwise capt is the piece taken, 0 if no capture goes from from to to,
// and crowned says the man lands on the far row.
func (g *gen64) singleCapture(p pos64, src uint64, from, to uint8) (capt uint64, crowned, decided bool) {
	if g.ranked && !g.rankCount {
		return 0, false, false
	}
	lUL, lUR, lDL, lDR, ok := g.singles(p, src)
	if !ok {
		return 0, false, false
	}
	f, t := uint64(1)<<(from&63), uint64(1)<<(to&63)
	if f&src == 0 {
		return 0, false, true // (no capture from there)
	}
	// The landing squares of the captures from f, in each direction: at
	// most one is t.
	s1, s2 := g.s1&63, g.s2&63
	switch t {
	case f >> s2 >> s2 & lUL:
		capt = f >> s2
	case f >> s1 >> s1 & lUR:
		capt = f >> s1
	case f << s1 << s1 & lDL:
		capt = f << s1
	case f << s2 << s2 & lDR:
		capt = f << s2
	default:
		return 0, false, true
	}
	return capt, t&g.far[p.turn&1] != 0, true
}

func (g *gen64) perft(p pos64, depth int) uint64 {
	if depth == 1 {
		return g.count(p)
	}
	start := len(g.moves)
	g.generate(p)
	end := len(g.moves)
	var total uint64
	for i := start; i < end; i++ {
		total += g.perft(p.apply(&g.moves[i]), depth-1)
	}
	g.moves = g.moves[:start]
	return total
}
