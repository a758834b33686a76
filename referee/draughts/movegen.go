package draughts

import (
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Move is a legal move in PDN square numbers.
type Move struct {
	From, To int   // 1-based square numbers
	Path     []int // landing squares after From, in order, ending with To (len 1 for a plain move)
	Captured []int // captured squares in the order taken (empty for a plain move)
	Promotes bool  // the moving man becomes a king
}

// IsCapture reports whether the move captures.
func (m Move) IsCapture() bool { return len(m.Captured) > 0 }

// String returns the short form: "32-28" or "19x30".
func (m Move) String() string {
	sep := "-"
	if m.IsCapture() {
		sep = "x"
	}
	return strconv.Itoa(m.From) + sep + strconv.Itoa(m.To)
}

// FullString returns the from square and every landing square: "28x19x10"
// (a plain move is written as in String).
func (m Move) FullString() string {
	if !m.IsCapture() {
		return m.String()
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(m.From))
	for _, s := range m.Path {
		b.WriteByte('x')
		b.WriteString(strconv.Itoa(s))
	}
	return b.String()
}

// cmove is the compact internal move used by the generator and perft.
type cmove struct {
	cap      bb    // captured pieces (internal indices)
	from, to uint8 // internal indices
	prom     bool
	n        uint8  // number of captured pieces
	seq      uint32 // keepDup: offset of the captured sequence in gen.seqs
}

// apply plays m (generated for p) on p and switches the side to move.
func (p *Position) apply(m *cmove) {
	c := p.turn & 1
	o := c ^ 1
	own := p.pc[c]
	own.clear(m.from)
	own.set(m.to)
	p.pc[c] = own
	if p.kings.has(m.from) {
		p.kings.clear(m.from)
		p.kings.set(m.to)
	} else if m.prom {
		p.kings.set(m.to)
	}
	p.pc[o] = p.pc[o].andNot(m.cap)
	p.kings = p.kings.andNot(m.cap)
	p.turn = o
}

// countKingMove keeps the KingMoveLimit history after m was applied: call
// it after apply when KingMoveLimit > 0.
func (p *Position) countKingMove(m *cmove) {
	c := p.turn ^ 1
	switch {
	case p.pc[c].andNot(p.kings).zero():
		// Only kings left: the limit no longer applies (and the count is
		// kept at zero, so that positions repeat as usual).
		p.kingSq[c], p.kingRun[c] = 0, 0
	case m.n == 0 && p.kings.has(m.to) && !m.prom:
		if p.kingSq[c] == m.from+1 {
			p.kingRun[c] = min(p.kingRun[c]+1, 255)
		} else {
			p.kingRun[c] = 1
		}
		p.kingSq[c] = m.to + 1
	default:
		p.kingSq[c], p.kingRun[c] = 0, 0
	}
}

// limitedKing returns the king of the side to move that may not make a
// non-capturing move under KingMoveLimit, as a set (empty if none).
func (r *Rules) limitedKing(p *Position) bb {
	c := p.turn & 1
	if r.KingMoveLimit == 0 || int(p.kingRun[c]) < r.KingMoveLimit || p.kingSq[c] == 0 ||
		p.pc[c].andNot(p.kings).zero() {
		return bb{}
	}
	return bit(p.kingSq[c] - 1).and(p.pc[c]).and(p.kings)
}

// pathRec locates a capture's landing squares and captured pieces in
// gen.arena: n landing squares at off, then n captured pieces.
type pathRec struct{ off uint32 }

// gen is a move generator with its move stack. One gen serves a whole perft
// run: each ply appends its moves to the shared stack and truncates it again,
// so after warm-up no allocation happens.
type gen struct {
	r       *Rules
	moves   []cmove
	keepDup bool

	// Capture search state.
	empty     bb // empty squares, including the moving piece's origin
	captMan   bb // pieces a man may capture
	captKing  bb // pieces a king may capture
	captured  bb // pieces captured so far in the current sequence
	from      uint8
	color     Color
	promoting bool    // a man has been promoted in passing in this sequence
	best      uint64  // ranked: highest rank of the captures found so far
	oppKings  bb      // the opponent's kings (for the precedence rules)
	byKing    bool    // the capturing piece is a king
	start     int     // first move of the current generation in moves
	seqs      []uint8 // keepDup: captured sequences of this generation's moves

	// Path recording for the public API.
	wantPath bool
	allPaths bool      // keep every landing path, not one per capture order
	paths    []pathRec // parallel to moves when wantPath
	arena    []uint8   // landing squares and captured pieces of paths
	keys     []uint64  // sort keys of the public move list
	path     [maxIdx]uint8
	order    [maxIdx]uint8
}

// capturers returns a superset of the pieces of the side to move that can
// capture, computed with whole-board bitboard operations: exactly the men
// that have a capture (with the general generator: all men if one has),
// plus all kings if some king has one. It is empty exactly when there is no
// capture.
func (r *Rules) capturers(p *Position) bb {
	if r.general {
		return r.capturersG(p)
	}
	c := p.turn & 1
	own, opp := p.pc[c], p.pc[c^1]
	empty := r.valid.andNot(own.or(opp))
	men := own.andNot(p.kings)
	kings := own.and(p.kings)
	h := r.h
	var src bb
	if !men.zero() {
		capt := opp
		if !r.MenCaptureKings {
			capt = opp.andNot(p.kings)
		}
		for _, n := range [2]uint{h, h + 1} {
			// Jumps towards row 0 (backwards for Black) and towards the
			// last row; the landing squares are shifted back to the source.
			if r.ManCapturesBackward || c == White {
				t := shr(shr(men, n).and(capt), n).and(empty)
				if !t.zero() {
					src = src.or(shl(shl(t, n), n))
				}
			}
			if r.ManCapturesBackward || c == Black {
				t := shl(shl(men, n).and(capt), n).and(empty)
				if !t.zero() {
					src = src.or(shr(shr(t, n), n))
				}
			}
		}
	}
	if kings.zero() {
		return src
	}
	if !r.FlyingKings {
		for _, n := range [2]uint{h, h + 1} {
			if !shr(shr(kings, n).and(opp), n).and(empty).zero() ||
				!shl(shl(kings, n).and(opp), n).and(empty).zero() {
				return src.or(kings)
			}
		}
		return src
	}
	for _, n := range [2]uint{h, h + 1} {
		// Slide through empty squares, then jump an opponent to an empty
		// square, in each direction.
		reach, t := kings, kings
		for {
			t = shr(t, n).and(empty)
			if t.zero() {
				break
			}
			reach = reach.or(t)
		}
		if !shr(shr(reach, n).and(opp), n).and(empty).zero() {
			return src.or(kings)
		}
		reach, t = kings, kings
		for {
			t = shl(t, n).and(empty)
			if t.zero() {
				break
			}
			reach = reach.or(t)
		}
		if !shl(shl(reach, n).and(opp), n).and(empty).zero() {
			return src.or(kings)
		}
	}
	return src
}

// countQuiet counts the non-capture moves of the side to move without
// generating them.
func (r *Rules) countQuiet(p *Position) int {
	if r.general {
		return r.countQuietG(p)
	}
	c := p.turn & 1
	own := p.pc[c]
	empty := r.valid.andNot(own.or(p.pc[c^1]))
	men := own.andNot(p.kings)
	kings := own.and(p.kings)
	h := r.h
	n := 0
	if c == White {
		n = shr(men, h+1).and(empty).count() + shr(men, h).and(empty).count()
	} else {
		n = shl(men, h+1).and(empty).count() + shl(men, h).and(empty).count()
	}
	if kings.zero() {
		return n
	}
	if !r.FlyingKings {
		return n + shr(kings, h+1).and(empty).count() + shr(kings, h).and(empty).count() +
			shl(kings, h+1).and(empty).count() + shl(kings, h).and(empty).count()
	}
	for _, s := range [2]uint{h, h + 1} {
		for t := shr(kings, s).and(empty); !t.zero(); t = shr(t, s).and(empty) {
			n += t.count()
		}
		for t := shl(kings, s).and(empty); !t.zero(); t = shl(t, s).and(empty) {
			n += t.count()
		}
	}
	return n
}

// quiet appends the non-capture moves of the side to move made by the
// pieces in movers (a subset of the side's pieces; all of them for every
// move), in the same relative order whatever the subset.
func (g *gen) quiet(p *Position, movers bb) {
	r := g.r
	if r.general {
		g.quietG(p, movers)
		return
	}
	c := p.turn & 1
	own := p.pc[c]
	empty := r.valid.andNot(own.or(p.pc[c^1]))
	men := movers.andNot(p.kings)
	h := r.h
	far := r.far[c]
	for _, s := range [2]uint{h + 1, h} {
		var t bb
		if c == White {
			t = shr(men, s).and(empty)
		} else {
			t = shl(men, s).and(empty)
		}
		for !t.zero() {
			to := t.pop()
			from := to + uint8(s)
			if c == Black {
				from = to - uint8(s)
			}
			g.push(cmove{from: from, to: to, prom: far.has(to)})
		}
	}
	kings := movers.and(p.kings)
	for !kings.zero() {
		k := kings.pop()
		for d := 0; d < 4; d++ {
			for s := r.nb[int(k)*4+d]; s != noSq && empty.has(s); s = r.nb[int(s)*4+d] {
				g.push(cmove{from: k, to: s})
				if !r.FlyingKings {
					break
				}
			}
		}
	}
}

// quietMove is the move quiet would generate from the internal square
// from to to, if it would: the replay's test of a written plain move when
// no capture is on the board, without generating the piece's other moves
// (most plies of a game are such moves). Only for the diagonal generator:
// with r.general, quietG decides.
func (r *Rules) quietMove(p *Position, from, to uint8) (cmove, bool) {
	c := p.turn & 1
	own := p.pc[c]
	empty := r.valid.andNot(own.or(p.pc[c^1]))
	if !own.has(from) || !empty.has(to) {
		return cmove{}, false
	}
	if !p.kings.has(from) {
		// A man steps h or h+1 squares down the indices (White) or up
		// (Black), as quiet's shifts do.
		step := int(from) - int(to)
		if c == Black {
			step = -step
		}
		if step != int(r.h) && step != int(r.h)+1 {
			return cmove{}, false
		}
		return cmove{from: from, to: to, prom: r.far[c].has(to)}, true
	}
	for d := 0; d < 4; d++ {
		for s := r.nb[int(from)*4+d]; s != noSq && empty.has(s); s = r.nb[int(s)*4+d] {
			if s == to {
				return cmove{from: from, to: to}, true
			}
			if !r.FlyingKings {
				break
			}
		}
	}
	return cmove{}, false
}

func (g *gen) push(m cmove) {
	g.moves = append(g.moves, m)
	if g.wantPath {
		g.paths = append(g.paths, pathRec{})
	}
}

// captures appends the legal captures of the side to move made by the given
// pieces (according to Priority and keepDup).
func (g *gen) captures(p *Position, pieces bb) {
	r := g.r
	c := p.turn & 1
	own, opp := p.pc[c], p.pc[c^1]
	empty := r.valid.andNot(own.or(opp))
	g.captKing = opp
	g.captMan = opp
	if !r.MenCaptureKings {
		g.captMan = opp.andNot(p.kings)
	}
	g.color = c
	g.best = 0
	g.oppKings = opp.and(p.kings)
	g.start = len(g.moves)
	g.seqs = g.seqs[:0] // only compared within one generation
	for !pieces.zero() {
		s := pieces.pop()
		g.from = s
		g.empty = empty
		g.empty.set(s)
		g.captured = bb{}
		g.promoting = false
		g.byKing = p.kings.has(s)
		switch {
		case r.general && g.byKing:
			g.kingCapG(s, 0, 0)
		case r.general:
			g.manCapG(s, 0, 0)
		case g.byKing:
			g.kingCap(s, 0)
		default:
			g.manCap(s, 0)
		}
	}
}

func (g *gen) manCap(s uint8, n int) {
	r := g.r
	found := false
	for _, d := range r.manCap[g.color] {
		m := r.nb[int(s)*4+int(d)]
		if m == noSq || !g.captMan.has(m) || g.captured.has(m) {
			continue
		}
		l := r.nb[int(m)*4+int(d)]
		if l == noSq || !g.empty.has(l) {
			continue
		}
		found = true
		g.captured.set(m)
		g.path[n] = l
		g.order[n] = m
		if r.PromoteInPassing && r.far[g.color].has(l) {
			g.promoting = true
			g.kingCap(l, n+1)
			g.promoting = false
		} else {
			g.manCap(l, n+1)
		}
		g.captured.clear(m)
	}
	if !found && n > 0 {
		g.record(s, n, r.far[g.color].has(s))
	}
}

func (g *gen) kingCap(s uint8, n int) {
	r := g.r
	found := false
	for d := 0; d < 4; d++ {
		m := r.nb[int(s)*4+d]
		if r.FlyingKings {
			for m != noSq && g.empty.has(m) {
				m = r.nb[int(m)*4+d]
			}
		}
		if m == noSq || !g.captKing.has(m) || g.captured.has(m) {
			continue
		}
		first := r.nb[int(m)*4+d]
		if first == noSq || !g.empty.has(first) {
			continue
		}
		found = true
		g.captured.set(m)
		g.order[n] = m
		// A capture may not stop while it can continue: when some landing
		// square beyond m allows a further capture, only those may be
		// chosen. (Under the majority rule the shorter captures are
		// discarded anyway, so the check is skipped.)
		mustGoOn := false
		if r.mustGoOnFK {
			for l := first; l != noSq && g.empty.has(l); l = r.nb[int(l)*4+d] {
				if g.kingCanCapture(l) {
					mustGoOn = true
					break
				}
			}
		}
		for l := first; l != noSq && g.empty.has(l); l = r.nb[int(l)*4+d] {
			if !mustGoOn || g.kingCanCapture(l) {
				g.path[n] = l
				g.kingCap(l, n+1)
			}
			if !r.FlyingKings {
				break
			}
		}
		g.captured.clear(m)
	}
	if !found && n > 0 {
		g.record(s, n, g.promoting)
	}
}

// kingCanCapture reports whether a king on s can capture a piece in the
// current capture state.
func (g *gen) kingCanCapture(s uint8) bool {
	r := g.r
	for d := 0; d < 4; d++ {
		m := r.nb[int(s)*4+d]
		if r.FlyingKings {
			for m != noSq && g.empty.has(m) {
				m = r.nb[int(m)*4+d]
			}
		}
		if m == noSq || !g.captKing.has(m) || g.captured.has(m) {
			continue
		}
		if l := r.nb[int(m)*4+d]; l != noSq && g.empty.has(l) {
			return true
		}
	}
	return false
}

// record adds a finished capture sequence ending on to.
func (g *gen) record(to uint8, n int, prom bool) {
	if g.r.ranked {
		k := uint64(n)
		if !g.r.rankCount {
			k = g.rank(n)
		}
		if k < g.best {
			return
		}
		if k > g.best {
			g.best = k
			g.moves = g.moves[:g.start]
			if g.wantPath {
				g.paths = g.paths[:g.start]
			}
		}
	}
	// Duplicates: with keepDup false, one move per (from, to, captured set,
	// promotion); with keepDup true, one per (from, to, ordered captured
	// sequence, promotion): paths that differ only in where a flying king
	// lands between two captures are the same move. This is the convention
	// of the published "keep dup" perft numbers.
	for i := g.start; i < len(g.moves); i++ {
		m := &g.moves[i]
		if m.to == to && m.from == g.from && m.cap == g.captured && m.prom == prom &&
			(!g.keepDup || string(g.seqs[m.seq:m.seq+uint32(n)]) == string(g.order[:n])) &&
			(!g.allPaths || string(g.arena[g.paths[i].off:g.paths[i].off+uint32(n)]) == string(g.path[:n])) {
			return
		}
	}
	var seq uint32
	if g.keepDup {
		seq = uint32(len(g.seqs))
		g.seqs = append(g.seqs, g.order[:n]...)
	}
	g.moves = append(g.moves, cmove{cap: g.captured, from: g.from, to: to, prom: prom, n: uint8(n), seq: seq})
	if g.wantPath {
		g.paths = append(g.paths, pathRec{off: uint32(len(g.arena))})
		g.arena = append(g.arena, g.path[:n]...)
		g.arena = append(g.arena, g.order[:n]...)
	}
}

// rank returns the precedence rank of the current capture sequence of n
// pieces: a legal capture has the highest rank of all. The fields are, from
// the most significant: the count or value of the captured pieces (bits
// 40-63), capture by a king (bit 39), the number of kings taken (bits
// 32-38), and which of the first 32 pieces taken are kings, the first in
// the highest bit.
func (g *gen) rank(n int) uint64 {
	r := g.r
	var k uint64
	switch r.Priority {
	case PriorityMajority:
		k = uint64(n) << 40
	case PriorityValue:
		k = r.captureValue(n, g.captured.and(g.oppKings).count()) << 40
	}
	if r.PreferKingCapture && g.byKing {
		k |= 1 << 39
	}
	if r.PreferMostKings {
		k |= uint64(min(g.captured.and(g.oppKings).count(), 127)) << 32
	}
	if r.PreferEarlyKings {
		for i := 0; i < n && i < 32; i++ {
			if g.oppKings.has(g.order[i]) {
				k |= 1 << (31 - i)
			}
		}
	}
	return k
}

// captureValue is the value of a capture of n pieces, kings of them
// kings, under PriorityValue (see Rules.ManValue).
func (r *Rules) captureValue(n, kings int) uint64 {
	v := r.ManValue*(n-kings) + r.KingValue*kings
	if kings > 0 {
		v -= r.KingsDiscount
	}
	return uint64(v)
}

// reset readies a generator (from genPool or a referee's own) for a new
// list. Only the fields a generation reads before writing are set: zeroing
// the whole struct, with its path buffers, cost more than generating a
// ply's moves.
func (g *gen) reset(r *Rules, keepDup, allPaths, wantPath bool) {
	g.r, g.keepDup, g.allPaths, g.wantPath = r, keepDup, allPaths, wantPath
	g.moves, g.paths, g.arena, g.seqs, g.keys = g.moves[:0], g.paths[:0], g.arena[:0], g.seqs[:0], g.keys[:0]
	g.best, g.start = 0, 0
}

// generate appends all legal moves of the side to move.
func (g *gen) generate(p *Position) {
	g.generateFor(p, g.r.capturers(p), p.pc[p.turn&1])
}

// generateFor appends the legal moves of the side to move, the
// non-captures of the pieces in movers only, in the order generate gives
// them. Captures are always generated for every piece, since the
// precedence rules judge a capture against every other piece's; when
// there is none, a referee matching one written move needs only its
// piece's moves (movers), which is most plies. src is r.capturers(p),
// which a caller may already have.
func (g *gen) generateFor(p *Position, src, movers bb) {
	if !src.zero() {
		g.captures(p, src)
		if g.r.CaptureCompulsory {
			return
		}
	}
	g.quiet(p, movers)
}

// count returns the number of legal moves of the side to move. Non-captures
// are counted with bitboard population counts, without generating them.
func (g *gen) count(p *Position) uint64 {
	r := g.r
	if src := r.capturers(p); !src.zero() {
		start := len(g.moves)
		g.captures(p, src)
		n := len(g.moves) - start
		g.moves = g.moves[:start]
		if !r.CaptureCompulsory {
			n += r.countQuiet(p)
		}
		return uint64(n)
	}
	return uint64(r.countQuiet(p))
}

// LegalMoves appends the legal moves of the side to move in p to buf and
// returns the extended slice, sorted by From, To, then Path and Captured.
//
// With keepDuplicates false, captures that go from the same square to the
// same square taking the same set of pieces (and promoting alike) are given
// once, with the first path found (the "drop dup" convention). With
// keepDuplicates true, captures are distinct when they take the pieces in a
// different order ("keep dup"); paths that differ only in the squares where a
// flying king lands between two captures (e.g. flying straight on over a
// second piece from either of two landing squares) are one move, with the
// first path found. Both match the published perft numbers, and
// len(LegalMoves) always equals Perft(p, 1, keepDuplicates).
func (r *Rules) LegalMoves(p *Position, keepDuplicates bool, buf []Move) []Move {
	buf, _ = r.legal(p, keepDuplicates, false, true, 0, buf, nil)
	return buf
}

// LegalPaths is LegalMoves keeping every capture path, including those
// that differ only in where a flying king lands between two captures. A
// referee needs them to accept whichever path a record writes; group them
// by From, To and the captured set to get moves.
func (r *Rules) LegalPaths(p *Position, buf []Move) []Move {
	buf, _ = r.legal(p, true, true, true, 0, buf, nil)
	return buf
}

// AppendLegalPaths is LegalPaths, in generation order rather than sorted
// (SortMoves sorts them), that also takes the storage for the moves' Path
// and Captured slices, so that a caller replaying a game can reuse both from
// ply to ply without allocating. The moves alias ints: reuse ints only when
// the moves of the previous call are no longer needed.
func (r *Rules) AppendLegalPaths(p *Position, buf []Move, ints []int) ([]Move, []int) {
	return r.legal(p, true, true, false, 0, buf, ints)
}

// appendLegalPathsFrom is AppendLegalPaths keeping only the moves from the
// square from (every move when from is 0), in the same relative order. The
// whole move list is still generated, so the capture precedence is judged
// over every piece; only the paths of the other moves are not built.
func (r *Rules) appendLegalPathsFrom(p *Position, from int, buf []Move, ints []int) ([]Move, []int) {
	return r.legal(p, true, true, false, from, buf, ints)
}

// hasLegalMove reports whether the side to move in p has a legal move
// without generating any: capturers is empty exactly when there is no
// capture, and when there is one, the precedence rules keep at least one;
// else non-captures are counted by population counts (as count does).
func (r *Rules) hasLegalMove(p *Position) bool {
	return r.hasLegalMoveWith(p, r.capturers(p))
}

// hasLegalMoveWith is hasLegalMove for a caller that has r.capturers(p).
func (r *Rules) hasLegalMoveWith(p *Position, capturers bb) bool {
	return !capturers.zero() || r.countQuiet(p) > 0
}

// SortMoves puts moves in the order LegalMoves returns them: by From, To,
// Path, then Captured.
func SortMoves(ms []Move) { slices.SortStableFunc(ms, compareMoves) }

// genPool reuses generators (and their move stacks) across LegalMoves calls,
// which a referee makes once per ply of every game.
var genPool = sync.Pool{New: func() any { return new(gen) }}

func (r *Rules) legal(p *Position, keepDuplicates, allPaths, sorted bool, from int, buf []Move, ints []int) ([]Move, []int) {
	g := genPool.Get().(*gen)
	defer genPool.Put(g)
	g.reset(r, keepDuplicates, allPaths, true)
	if from >= 1 && from <= r.n {
		g.generateFor(p, r.capturers(p), p.pc[p.turn&1].and(bit(r.sqIdx[from])))
	} else {
		g.generate(p)
	}
	// One backing array for every Path and Captured of this call.
	total := 0
	for i := range g.moves {
		if from != 0 && int(r.idxSq[g.moves[i].from]) != from {
			continue
		}
		total += max(1, 2*int(g.moves[i].n))
	}
	ints = slices.Grow(ints[:0], total)[:total]
	all := ints
	// Order by from and to square through integer keys (from, to, index),
	// compared without touching the moves: a referee sorts every ply.
	keys := g.keys[:0]
	for i := range g.moves {
		cm := &g.moves[i]
		if from != 0 && int(r.idxSq[cm.from]) != from {
			continue
		}
		keys = append(keys, uint64(r.idxSq[cm.from])<<40|uint64(r.idxSq[cm.to])<<32|uint64(i))
	}
	if sorted && !slices.IsSorted(keys) {
		slices.Sort(keys)
	}
	g.keys = keys
	first := len(buf)
	buf = slices.Grow(buf, len(keys))
	for _, k := range keys {
		i := uint32(k)
		cm := &g.moves[i]
		m := Move{From: int(r.idxSq[cm.from]), To: int(r.idxSq[cm.to]), Promotes: cm.prom}
		if cm.n == 0 {
			m.Path, ints = ints[:1:1], ints[1:]
			m.Path[0] = m.To
		} else {
			n := int(cm.n)
			m.Path, m.Captured, ints = ints[:n:n], ints[n:2*n:2*n], ints[2*n:]
			rec := g.arena[g.paths[i].off:]
			for j := 0; j < n; j++ {
				m.Path[j] = int(r.idxSq[rec[j]])
				m.Captured[j] = int(r.idxSq[rec[n+j]])
			}
		}
		buf = append(buf, m)
	}
	if !sorted {
		return buf, all
	}
	// Moves that share from and to (captures only) by path, then captures.
	out := buf[first:]
	for i := 0; i < len(out); {
		j := i + 1
		for j < len(out) && out[j].From == out[i].From && out[j].To == out[i].To {
			j++
		}
		if j-i > 1 {
			slices.SortStableFunc(out[i:j], compareMoves)
		}
		i = j
	}
	return buf, all
}

func compareMoves(a, b Move) int {
	if a.From != b.From {
		return a.From - b.From
	}
	if a.To != b.To {
		return a.To - b.To
	}
	if c := compareInts(a.Path, b.Path); c != 0 {
		return c
	}
	return compareInts(a.Captured, b.Captured)
}

func compareInts(a, b []int) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return len(a) - len(b)
}

// Play returns the position after m, with the side to move switched. m must
// be a legal move of p (from LegalMoves); squares out of range are ignored.
func (r *Rules) Play(p Position, m Move) Position {
	r.play(&p, m)
	return p
}

// play is Play in place: a referee plays every ply of every game, and
// copying the position in and out cost as much as playing the move.
func (r *Rules) play(p *Position, m Move) {
	cm, ok := r.compact(m)
	if !ok {
		return
	}
	p.apply(&cm)
	if r.KingMoveLimit > 0 {
		p.countKingMove(&cm)
	}
}

// compact is m as the generator's compact move; ok is false when its from
// or to square is off the board (then it is not to be played).
func (r *Rules) compact(m Move) (cm cmove, ok bool) {
	cm = cmove{prom: m.Promotes, n: uint8(len(m.Captured))}
	if m.From < 1 || m.From > r.n || m.To < 1 || m.To > r.n {
		return cm, false
	}
	cm.from, cm.to = r.sqIdx[m.From], r.sqIdx[m.To]
	for _, s := range m.Captured {
		if s >= 1 && s <= r.n {
			cm.cap.set(r.sqIdx[s])
		}
	}
	return cm, true
}
