package draughts

import "math/bits"

// gen10 is the 64-bit generator (gen64) written out for one rule set: the
// international rules on the 10x10 board (flying kings, men capturing
// backwards and taking kings, the capture of most pieces compulsory, no
// promotion in passing), duplicates dropped. It is perft's engine for the
// variants that play these rules; the others keep gen64. Written out, the
// shifts are constants and the rule switches are gone, which is what a
// C generator built for one game gets for free: perft from the start and
// Moby Dam's two test positions takes about a third less CPU than with
// gen64 (scripts/bench.sh compares it with Moby Dam's own perft).
//
// It generates the positions after each move (as Moby Dam does, but its
// own way) rather than moves: perft only plays them, so applying a move is
// a copy, and a capture found twice by two paths is the same position
// after the same piece moved (see record).
//
// The layout (rules.go, h = 5): the 50 squares on indices 0-53 with
// ghost indices 10, 21, 32 and 43 between row pairs; dirUL is a right
// shift by 6, dirUR by 5, dirDL a left shift by 5, dirDR by 6. White's men
// move towards row 0 (right shifts).

const (
	valid10 = (1<<54 - 1) &^ (1<<10 | 1<<21 | 1<<32 | 1<<43)
	far10W  = 1<<5 - 1         // row 0
	far10B  = (1<<5 - 1) << 49 // row 9
)

// board10 is a position after a move, the side to move implied: own is
// the pieces of the side to move in it.
type board10 struct{ own, opp, kings uint64 }

type gen10 struct {
	ray   *[4][64]uint64 // Rules.ray64
	moves []board10

	// Capture search state.
	own, opp, kings uint64 // the position (own: the side to move)
	from            uint64 // the moving piece's square
	empty           uint64 // the empty squares and from
	beyond          [4]uint64
	far             uint64 // the promotion row of the side to move
	best            int    // the most pieces taken by a capture found so far
	start           int    // first move of this generation
	pieceStart      int    // first move of the piece being searched
	counting        bool   // count the captures of fewer than 4 pieces only
	counted         int    // counting: such captures found at rank best
}

// fitsGen10 tells whether gen10 plays r's rules (with duplicates dropped).
func fitsGen10(r *Rules, keepDup bool) bool {
	return r.fast64 && !r.general && !keepDup && r.h == 5 && r.valid.lo == valid10 &&
		r.far[White].lo == far10W && r.far[Black].lo == far10B &&
		r.FlyingKings && r.ManCapturesBackward && r.MenCaptureKings && r.CaptureCompulsory &&
		!r.PromoteInPassing && r.rankCount && r.KingMoveLimit == 0
}

func newGen10(r *Rules) *gen10 {
	return &gen10{ray: &r.ray64, moves: make([]board10, 0, 1024)}
}

func (g *gen10) perft(p pos64, depth int) uint64 {
	if depth == 1 {
		return g.count(p)
	}
	start := len(g.moves)
	g.generate(p)
	end := len(g.moves)
	turn := p.turn ^ 1
	var total uint64
	if depth == 2 {
		for i := start; i < end; i++ {
			b := &g.moves[i]
			total += g.count(pos64{own: b.own, opp: b.opp, kings: b.kings, turn: turn})
		}
	} else {
		for i := start; i < end; i++ {
			b := &g.moves[i]
			total += g.perft(pos64{own: b.own, opp: b.opp, kings: b.kings, turn: turn}, depth-1)
		}
	}
	g.moves = g.moves[:start]
	return total
}

// nearestUp returns the nearest piece of occ (pieces on a ray towards row
// 0: the highest index) as a set, or 0.
func nearestUp(occ uint64) uint64 {
	if occ == 0 {
		return 0
	}
	return 1 << (63 - bits.LeadingZeros64(occ)&63)
}

// count returns the number of legal moves of p (gen64.count).
func (g *gen10) count(p pos64) uint64 {
	own, opp := p.own, p.opp
	empty := valid10 &^ (own | opp)
	men := own &^ p.kings
	kings := own & p.kings
	// The landing squares of the men's first captures in each direction.
	lUL := (men >> 6 & opp) >> 6 & empty
	lUR := (men >> 5 & opp) >> 5 & empty
	lDL := (men << 5 & opp) << 5 & empty
	lDR := (men << 6 & opp) << 6 & empty
	var n int
	if kings != 0 {
		var capt bool
		if n, capt = g.kingMoves(kings, opp, empty); capt {
			return uint64(g.captures(p, lUL<<12|lUR<<10|lDL>>10|lDR>>12|kings, true))
		}
	}
	if lUL|lUR|lDL|lDR == 0 {
		if p.turn == White {
			return uint64(n + bits.OnesCount64(men>>5&empty) + bits.OnesCount64(men>>6&empty))
		}
		return uint64(n + bits.OnesCount64(men<<5&empty) + bits.OnesCount64(men<<6&empty))
	}
	// Only men capture.
	if long := menGoingOn(lUL, lUR, lDL, lDR, opp, empty); long != 0 {
		return uint64(g.captures(p, long, true))
	}
	return uint64(bits.OnesCount64(lUL) + bits.OnesCount64(lUR) + bits.OnesCount64(lDL) + bits.OnesCount64(lDR))
}

// menGoingOn returns the men that can take a second piece, given the
// landing squares of the men's first captures in each direction. If
// there are none, each landing square is one capture of one piece;
// otherwise a capture of one piece ranks lower, and only these men need
// a search. Going on in any direction but back from a landing square does
// not see the captured piece or the emptied origin, so the position
// before the capture tells (see gen64.countSingles).
func menGoingOn(lUL, lUR, lDL, lDR, opp, empty uint64) uint64 {
	jUL := opp << 6 & (empty << 12)
	jUR := opp << 5 & (empty << 10)
	jDL := opp >> 5 & (empty >> 10)
	jDR := opp >> 6 & (empty >> 12)
	return lUL&(jUL|jUR|jDL)<<12 | lUR&(jUL|jUR|jDR)<<10 | lDL&(jUL|jDL|jDR)>>10 | lDR&(jUR|jDL|jDR)>>12
}

// kingMoves returns the number of non-capture moves of the kings, or
// capt true if one of them can capture: per king and direction, the
// nearest piece (towards row 0 the highest index, away from it the
// lowest) bounds the king's moves, and it can be taken if it is an
// opponent's with an empty square beyond.
func (g *gen10) kingMoves(kings, opp, empty uint64) (n int, capt bool) {
	tUL, tUR, tDL, tDR := opp&(empty<<6), opp&(empty<<5), opp&(empty>>5), opp&(empty>>6)
	ray := g.ray
	for k := kings; k != 0; k &= k - 1 {
		i := bits.TrailingZeros64(k) & 63
		r := ray[dirUL][i]
		if occ := r &^ empty; occ != 0 {
			lz := bits.LeadingZeros64(occ)
			if (1<<(63-lz&63))&tUL != 0 {
				return 0, true
			}
			r &= ^uint64(0) << ((64 - lz) & 63)
		}
		n += bits.OnesCount64(r)
		r = ray[dirUR][i]
		if occ := r &^ empty; occ != 0 {
			lz := bits.LeadingZeros64(occ)
			if (1<<(63-lz&63))&tUR != 0 {
				return 0, true
			}
			r &= ^uint64(0) << ((64 - lz) & 63)
		}
		n += bits.OnesCount64(r)
		r = ray[dirDL][i]
		if occ := r &^ empty; occ != 0 {
			if occ&-occ&tDL != 0 {
				return 0, true
			}
			r &= occ&-occ - 1
		}
		n += bits.OnesCount64(r)
		r = ray[dirDR][i]
		if occ := r &^ empty; occ != 0 {
			if occ&-occ&tDR != 0 {
				return 0, true
			}
			r &= occ&-occ - 1
		}
		n += bits.OnesCount64(r)
	}
	return n, false
}

// generate appends the positions after each legal move of p.
func (g *gen10) generate(p pos64) {
	own, opp := p.own, p.opp
	empty := valid10 &^ (own | opp)
	men := own &^ p.kings
	kings := own & p.kings
	lUL := (men >> 6 & opp) >> 6 & empty
	lUR := (men >> 5 & opp) >> 5 & empty
	lDL := (men << 5 & opp) << 5 & empty
	lDR := (men << 6 & opp) << 6 & empty
	if kings != 0 {
		if _, capt := g.kingMoves(kings, opp, empty); capt {
			g.captures(p, lUL<<12|lUR<<10|lDL>>10|lDR>>12|kings, false)
			return
		}
	}
	if lUL|lUR|lDL|lDR != 0 {
		pieces := menGoingOn(lUL, lUR, lDL, lDR, opp, empty)
		if pieces == 0 {
			pieces = lUL<<12 | lUR<<10 | lDL>>10 | lDR>>12
		}
		g.captures(p, pieces, false)
		return
	}
	pk := p.kings
	if p.turn == White {
		for t := men >> 5 & empty; t != 0; t &= t - 1 {
			to := t & -t
			g.moves = append(g.moves, board10{opp, own ^ (to | to<<5), pk | to&far10W})
		}
		for t := men >> 6 & empty; t != 0; t &= t - 1 {
			to := t & -t
			g.moves = append(g.moves, board10{opp, own ^ (to | to<<6), pk | to&far10W})
		}
	} else {
		for t := men << 5 & empty; t != 0; t &= t - 1 {
			to := t & -t
			g.moves = append(g.moves, board10{opp, own ^ (to | to>>5), pk | to&far10B})
		}
		for t := men << 6 & empty; t != 0; t &= t - 1 {
			to := t & -t
			g.moves = append(g.moves, board10{opp, own ^ (to | to>>6), pk | to&far10B})
		}
	}
	for ; kings != 0; kings &= kings - 1 {
		k := kings & -kings
		for t := k >> 6 & empty; t != 0; t = t >> 6 & empty {
			g.moves = append(g.moves, board10{opp, own ^ (k | t), pk ^ (k | t)})
		}
		for t := k >> 5 & empty; t != 0; t = t >> 5 & empty {
			g.moves = append(g.moves, board10{opp, own ^ (k | t), pk ^ (k | t)})
		}
		for t := k << 5 & empty; t != 0; t = t << 5 & empty {
			g.moves = append(g.moves, board10{opp, own ^ (k | t), pk ^ (k | t)})
		}
		for t := k << 6 & empty; t != 0; t = t << 6 & empty {
			g.moves = append(g.moves, board10{opp, own ^ (k | t), pk ^ (k | t)})
		}
	}
}

// captures finds the legal captures of p by the given pieces (those
// that may have the best capture): appends the positions after
// them, or, counting, returns their number without appending more than
// the few needed to drop duplicates.
func (g *gen10) captures(p pos64, pieces uint64, counting bool) int {
	own, opp := p.own, p.opp
	empty := valid10 &^ (own | opp)
	g.own, g.opp, g.kings = own, opp, p.kings
	g.far = far10W
	if p.turn != White {
		g.far = far10B
	}
	g.best, g.counted, g.counting = 0, 0, counting
	g.start = len(g.moves)
	for ; pieces != 0; pieces &= pieces - 1 {
		s := pieces & -pieces
		g.from = s
		e := empty | s
		g.empty = e
		g.beyond = [4]uint64{e << 6, e << 5, e >> 5, e >> 6}
		g.pieceStart = len(g.moves)
		if s&p.kings == 0 {
			g.manCap(s, 0, 0)
		} else {
			g.kingCap(s)
		}
	}
	n := g.counted + len(g.moves) - g.start
	if counting {
		g.moves = g.moves[:g.start]
	}
	return n
}

// manCap goes on with a man's capture from s, having taken captured (n
// pieces).
func (g *gen10) manCap(s, captured uint64, n int) {
	capt := g.opp &^ captured
	found := false
	if m := s >> 6; m&capt&g.beyond[dirUL] != 0 {
		found = true
		g.manCap(m>>6, captured|m, n+1)
	}
	if m := s >> 5; m&capt&g.beyond[dirUR] != 0 {
		found = true
		g.manCap(m>>5, captured|m, n+1)
	}
	if m := s << 5; m&capt&g.beyond[dirDL] != 0 {
		found = true
		g.manCap(m<<5, captured|m, n+1)
	}
	if m := s << 6; m&capt&g.beyond[dirDR] != 0 {
		found = true
		g.manCap(m<<6, captured|m, n+1)
	}
	if !found && n > 0 {
		g.record(s, captured, n, false)
	}
}

// kingCap starts a king's capture from s.
func (g *gen10) kingCap(s uint64) {
	i := bits.TrailingZeros64(s) & 63
	ray, empty, opp := g.ray, g.empty, g.opp
	if m := nearestUp(ray[dirUL][i] &^ empty); m&opp&g.beyond[dirUL] != 0 {
		g.jump(m, dirUL, 0, 0)
	}
	if m := nearestUp(ray[dirUR][i] &^ empty); m&opp&g.beyond[dirUR] != 0 {
		g.jump(m, dirUR, 0, 0)
	}
	if occ := ray[dirDL][i] &^ empty; occ&-occ&opp&g.beyond[dirDL] != 0 {
		g.jump(occ&-occ, dirDL, 0, 0)
	}
	if occ := ray[dirDR][i] &^ empty; occ&-occ&opp&g.beyond[dirDR] != 0 {
		g.jump(occ&-occ, dirDR, 0, 0)
	}
}

// jump takes m (the n+1-th piece) with a king in direction d and goes on
// from every landing square beyond it (see gen64.jump: straight ahead is
// explored once for the whole run of landing squares, sideways from each;
// under the majority rule a capture that stops where it could go on ranks
// lower and needs no check of its own).
func (g *gen10) jump(m uint64, d int, captured uint64, n int) {
	captured |= m
	ray, empty := g.ray, g.empty
	capt := g.opp &^ captured
	run := ray[d][bits.TrailingZeros64(m)&63]
	var ahead uint64
	if occ := run &^ empty; occ != 0 {
		nb := occ & -occ
		if d < 2 {
			nb = nearestUp(occ)
		}
		run &^= ray[d][bits.TrailingZeros64(nb)&63] | nb
		ahead = nb & capt & g.beyond[d&3]
	}
	pu, pd := perp[d&3][0], perp[d&3][1]
	tu, td := capt&g.beyond[pu&3], capt&g.beyond[pd&3]
	var stops uint64 // the landing squares where the capture ends
	for t := run; t != 0; t &= t - 1 {
		li := bits.TrailingZeros64(t) & 63
		goesOn := ahead != 0
		if occ := ray[pu&3][li] &^ empty; occ&tu != 0 {
			if nb := nearestUp(occ); nb&tu != 0 {
				goesOn = true
				g.jump(nb, pu, captured, n+1)
			}
		}
		if occ := ray[pd&3][li] &^ empty; occ&-occ&td != 0 {
			goesOn = true
			g.jump(occ&-occ, pd, captured, n+1)
		}
		if !goesOn {
			stops |= t & -t
		}
	}
	if stops != 0 {
		if g.counting && n+1 < 4 {
			// Counted without the positions (see record).
			if g.rankAtLeastBest(n + 1) {
				g.counted += bits.OnesCount64(stops)
			}
		} else {
			for ; stops != 0; stops &= stops - 1 {
				g.record(stops&-stops, captured, n+1, true)
			}
		}
	}
	if ahead != 0 {
		g.jump(ahead, d, captured, n+1)
	}
}

// record adds a finished capture of n pieces (captured) that ends on the
// square to, unless a capture of more pieces was found.
func (g *gen10) record(to, captured uint64, n int, king bool) {
	if !g.rankAtLeastBest(n) {
		return
	}
	// Two paths can take the same pieces from and to the same squares
	// only around a loop, which takes at least four pieces (gen64.record).
	if n < 4 && g.counting {
		g.counted++
		return
	}
	own := g.own&^g.from | to
	kings := g.kings &^ captured
	if king {
		kings = kings&^g.from | to
	} else {
		kings |= to & g.far
	}
	b := board10{g.opp &^ captured, own, kings}
	if n >= 4 {
		// The same position after the same piece moved is the same move.
		for i := g.pieceStart; i < len(g.moves); i++ {
			if g.moves[i] == b {
				return
			}
		}
	}
	g.moves = append(g.moves, b)
}

// rankAtLeastBest tells whether a capture of n pieces may be legal, and
// drops the captures found so far if it takes more pieces than they do.
func (g *gen10) rankAtLeastBest(n int) bool {
	if n < g.best {
		return false
	}
	if n > g.best {
		g.best = n
		g.moves = g.moves[:g.start]
		g.pieceStart = g.start
		g.counted = 0
	}
	return true
}
