package draughts

import (
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"strings"
	"sync"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
)

// maxListed bounds the legal moves quoted in one diagnostic.
const maxListed = 24

type diagFunc func(sev notation.Severity, code, msg string, legal []string)

// match finds the one legal move a written move means. It reports through
// diag and returns ok=false when there is none or more than one.
func (g *draughtsGame) match(st *lineState, m *notation.Move, diag diagFunc) (Move, bool) {
	pos := st.pos
	g.ambiguous = nil
	if g.quick == nil {
		g.quick = quickPool.Get().(*quickScratch)
	}
	sq, capture, file, ok := g.writtenSquares(m, diag)
	if !ok {
		return Move{}, false
	}
	if file != 0 {
		return g.matchShort(st, file, sq, capture, diag)
	}
	if mv, ok := g.quickMatch(st, sq); ok {
		g.matchedOne(&mv, sq, capture, diag)
		return mv, true
	}
	groups := g.fitting(g.legalFor(st, sq[0]), func(mv *Move) bool { return fits(*mv, sq) })
	switch {
	case len(groups) == 1:
		g.matchedOne(&groups[0], sq, capture, diag)
		return groups[0], true
	case len(groups) > 1:
		g.reportAmbiguous(groups, fmt.Sprintf("%d captures go from %s to %s", len(groups), g.num.name(sq[0]), g.num.name(sq[len(sq)-1])), "write the path", diag)
		return Move{}, false
	}
	if g.quiet {
		return Move{}, false // (a trial: nothing to explain)
	}
	if g.terse {
		diag(notation.Error, "illegal", "", nil) // (other rules tried: the move does not fit)
		return Move{}, false
	}
	sorted := distinct(g.legalFor(st, 0))
	SortMoves(sorted)
	diag(notation.Error, "illegal", g.explain(pos, sq, capture, sorted), g.num.listMoves(sorted))
	return Move{}, false
}

// leanPly plays m when it is the common ply: a plain move written with
// two squares ("32-28", "28x19") that fits exactly one legal move (one
// from, to, captured set and promotion), whose separator says what it is.
// It matches on the generator's compact moves, without their paths, and
// plays the compact move: no Move, no path, no message is built, since
// nothing is reported. ok false leaves everything as it was, for match,
// which does the full work and says what is wrong. (The caller asks it
// only when g.lean: no film, trace or rewrite wants the ply's Move.)
func (g *draughtsGame) leanPly(st *lineState, m *notation.Move) bool {
	a, sep, b, ok := pdn.PlainMove(m.Text)
	if !ok || a >= len(g.num.leanIdx) || b >= len(g.num.leanIdx) {
		return false
	}
	fi, ti := g.num.leanIdx[a], g.num.leanIdx[b]
	if fi == noSq || ti == noSq {
		return false
	}
	r := g.r
	var cm cmove
	if st.capturers.zero() {
		// No capture on the board (quickMatch).
		if sep != '-' {
			return false // (a plain move written as a capture: a warning)
		}
		if cm, ok = r.quietMove(&st.pos, fi, ti); !ok {
			return false
		}
	} else if r.fast64 && r.CaptureCompulsory {
		// The captures on one word (gen64), one per from, to, captured
		// set and promotion: the distinct moves match groups the paths
		// into.
		g64 := g.gen64()
		found := g64.onlyCapture(st.pos.to64(), st.capturers.lo, fi, ti)
		if found < 0 || sep == '-' {
			return false // (none, or ambiguous; or a capture written with '-': a warning)
		}
		m := &g64.moves[found]
		cm = cmove{cap: bb{lo: m.cap}, from: m.from, to: m.to, prom: m.prom, n: m.n}
	} else {
		if g.quick == nil {
			g.quick = quickPool.Get().(*quickScratch)
		}
		// One move per from, to, captured set and promotion (keepDup
		// false): the distinct moves match groups the paths into.
		gn := &g.quick.gen
		gn.reset(r, false, false, false)
		gn.generateFor(&st.pos, st.capturers, st.pos.pc[st.pos.turn&1].and(bit(fi)))
		found := -1
		for i := range gn.moves {
			if gn.moves[i].from == fi && gn.moves[i].to == ti {
				if found >= 0 {
					return false // (ambiguous)
				}
				found = i
			}
		}
		if found < 0 {
			return false
		}
		cm = gn.moves[found]
		if (sep != '-') != (cm.n > 0) {
			return false // (a capture written with '-', or the reverse: a warning)
		}
	}
	g.playCompact(st, &cm, int(r.idxSq[fi]), int(r.idxSq[ti]), true)
	return true
}

// leanRun is leanPly on a board of one word (r.fast64, with captures
// compulsory, no king move limit and no win by a first king: lean64), for
// a run of plies: from the start of line, it plays every move the replay
// loop would give the lean ply (no variation, no setup, not the game's
// first, the game going on or played on after a draw that was reported,
// the number the one expected), until one it cannot play, and returns how
// many it played. The first move's conditions are not asked again when
// checked is set (the replay loop asked them). It matches and plays each
// move on the position's words, with the generator, the square table and
// the rules read once for the run, counts the ply as afterPly does (itself
// after a man's move that leaves no king, else with afterPly) and tells
// whether the game is over.
// TestLeanPlySameReport and FuzzLeanPly hold it to match and play.
func (g *draughtsGame) leanRun(st *lineState, line notation.Line, variation, checked bool) int {
	g64 := g.g64
	if g64 == nil {
		g64 = g.gen64()
	}
	idx := &g.num.leanIdx
	r, quietDraw, ends := g.r, g.c.quietDraw, &g.c.endgames
	for k, m := range line {
		if (k > 0 || !checked) && (len(m.Variations) != 0 || m.Setup != "" || st.plies == 0 ||
			st.over != "" && (st.winner != referee.Drawn || !st.playedOn) ||
			!variation && m.Number != 0 && m.Number != st.moveNumber()) {
			return k
		}
		var fi, ti uint8
		var a, b int
		var sep byte
		var ok bool
		if t := m.Text; len(t) == 5 && t[0]-'1' <= 8 && t[1]-'0' <= 9 && (t[2] == '-' || t[2] == 'x' || t[2] == ':') && t[3]-'1' <= 8 && t[4]-'0' <= 9 {
			// plainMove5, inlined: the usual move, "32-28".
			a, sep, b, ok = 10*int(t[0]-'0')+int(t[1]-'0'), t[2], 10*int(t[3]-'0')+int(t[4]-'0'), true
		} else {
			a, sep, b, ok = pdn.PlainMove(t)
		}
		if ok {
			if a >= len(idx) || b >= len(idx) {
				return k
			}
			fi, ti = idx[a], idx[b]
		} else if fi, ti, sep, ok = g.num.leanAlpha(m.Text); !ok {
			return k // (neither "32-28" nor "c3-d4")
		}
		if fi|ti >= 64 { // (noSq)
			return k
		}
		c := st.pos.turn & 1
		own, opp, kings := st.pos.pc[c].lo, st.pos.pc[c^1].lo, st.pos.kings.lo
		f, t := uint64(1)<<(fi&63), uint64(1)<<(ti&63)
		var capt uint64
		var crowned bool
		marked := false // a plain move written as a capture (a warning)
		if st.capturers.lo == 0 {
			// No capture on the board (quickMatch, Rules.quietMove).
			if marked = sep != '-'; marked && !g.markCounted(m) {
				return k // (the warning, with its position: matchedOne)
			}
			empty := g64.valid &^ (own | opp)
			if own&f == 0 || empty&t == 0 {
				return k
			}
			if kings&f == 0 {
				// A man steps h or h+1 squares down the indices (White)
				// or up (Black).
				step := int(fi) - int(ti)
				if c == Black {
					step = -step
				}
				if step != int(g64.s1) && step != int(g64.s2) {
					return k
				}
				crowned = g64.far[c]&t != 0
			} else if !g64.kingSlides(fi, ti, empty) {
				return k
			}
		} else if one, prom, decided := g64.singleCapture(pos64{own: own, opp: opp, kings: kings, turn: c}, st.capturers.lo, fi, ti); decided {
			// Every capture takes one piece (most captures of a game):
			// the written squares say which, without listing them.
			if one == 0 || sep == '-' {
				return k // (none; or a capture written with '-': a warning)
			}
			capt, crowned = one, prom
		} else {
			// The captures on one word, one per from, to, captured set
			// and promotion: the distinct moves match groups the paths
			// into.
			found := g64.onlyCapture(pos64{own: own, opp: opp, kings: kings, turn: c}, st.capturers.lo, fi, ti)
			if found < 0 || sep == '-' {
				return k // (none, or ambiguous; or a capture written with '-': a warning)
			}
			capt, crowned = g64.moves[found].cap, g64.moves[found].prom
		}
		if marked {
			g.countMark(st, m, variation)
		}
		// Position.apply on the words: clear then set (a king's capture
		// may end on its own square).
		wasKing := kings&f != 0
		own = own&^f | t
		if wasKing {
			kings = kings&^f | t
		} else if crowned {
			kings |= t
		}
		opp, kings = opp&^capt, kings&^capt
		st.pos.pc[c].lo, st.pos.pc[c^1].lo, st.pos.kings.lo, st.pos.turn = own, opp, kings, c^1
		if wasKing || kings != 0 || st.seenShared || !quietDraw {
			g.afterPly(st, c, wasKing, capt != 0, crowned, int(r.idxSq[fi]), int(r.idxSq[ti]))
		} else {
			// afterPly after a man's move that leaves no king (most
			// plies): irreversible, so the positions seen are forgotten
			// and the king moves start again; of the draw rules only an
			// endgame can hold.
			num := st.moveNumber()
			st.plies++
			if st.seen != nil {
				st.seen.reset()
			}
			st.kingOnly = 0
			if len(ends.rules) > 0 && (st.endHeld != 0 || bits.OnesCount64(own|opp) <= ends.maxPieces) {
				g.countEndgames(st, capt != 0 || crowned, num)
			}
		}
		g.checkOver64(st, pos64{own: opp, opp: own, kings: kings, turn: c ^ 1})
	}
	return len(line)
}

// plainMove5 is pdn.PlainMove for the usual move of two two-digit
// squares ("32-28"); ok is false for any other text. leanRun reads such
// a move with a copy of it (too large to be inlined, and a call in its
// loop puts every value of the loop on the stack and back); TestPlainMove5
// holds it to pdn.PlainMove.
func plainMove5(t string) (a int, sep byte, b int, ok bool) {
	if len(t) == 5 && t[0]-'1' <= 8 && t[1]-'0' <= 9 && (t[2] == '-' || t[2] == 'x' || t[2] == ':') && t[3]-'1' <= 8 && t[4]-'0' <= 9 {
		return 10*int(t[0]-'0') + int(t[1]-'0'), t[2], 10*int(t[3]-'0') + int(t[4]-'0'), true
	}
	return 0, 0, 0, false
}

// markCounted says whether leanRun may play a plain move written as a
// capture: in a trial, which gives no warning, or when the report only
// counts this one (countMark).
//
//go:noinline
func (g *draughtsGame) markCounted(m *notation.Move) bool {
	counted := g.terse || g.rep.Discards("capture-mark", m.Pos)
	return counted
}

// countMark gives the warning matchedOne gives on a plain move written as
// a capture, which the report only counts (markCounted): its position and
// board are not made. A trial's is not given.
//
//go:noinline
func (g *draughtsGame) countMark(st *lineState, m *notation.Move, variation bool) {
	if g.terse {
		return
	}
	g.rep.Add(referee.Diagnostic{
		Diagnostic: notation.Diagnostic{Pos: m.Pos, Severity: g.severity(notation.Warning, variation), Code: "capture-mark", Msg: plainMarked},
		MoveNumber: st.moveNumber(), Move: m.Text, Variation: variation,
	})
}

// quietMatch is match for a trial (the continuation of an ambiguous move,
// the repair search): it reports nothing, and works out no explanation
// of a move that does not fit.
func (g *draughtsGame) quietMatch(st *lineState, m *notation.Move) (Move, bool) {
	g.quiet = true
	mv, ok := g.match(st, m, func(notation.Severity, string, string, []string) {})
	g.quiet = false
	return mv, ok
}

// writtenSquares decodes a written move into engine squares (at least two, valid
// until the next move) and whether it was written as a capture; it
// reports a move it cannot read. A move in short notation ("cd4") has no
// from square: sq[0] is 0 and file is the file written (lower case), and
// capture says what the move is when no capture mark was written (the
// short form "ce5" makes no claim), which matchShort then works out.
func (g *draughtsGame) writtenSquares(m *notation.Move, diag diagFunc) (sq []int, capture bool, file byte, ok bool) {
	g.quick.noMark = false
	if a, sep, b, ok := pdn.PlainMove(m.Text); ok {
		from, okFrom := g.num.square(a, "")
		to, okTo := g.num.square(b, "")
		if okFrom && okTo {
			sq = append(g.quick.written[:0], from, to)
			g.quick.written = sq[:0]
			return sq, sep != '-', 0, true
		}
		// A square off the board: the general path says which.
	}
	mt, err := pdn.ParseMoveInto(m.Text, g.quick.squares)
	g.quick.squares = mt.Squares[:0]
	if err != nil {
		diag(notation.Error, "unreadable-move", fmt.Sprintf("cannot read move %q: %v", m.Text, err), nil)
		return nil, false, 0, false
	}
	sq = slices.Grow(g.quick.written[:0], len(mt.Squares))[:len(mt.Squares)]
	g.quick.written = sq[:0]
	for i, s := range mt.Squares {
		if i == 0 && mt.Short {
			sq[0], file = 0, s.Alpha[0]|0x20
			if !g.hasFile(file) {
				diag(notation.Error, "no-such-square", fmt.Sprintf("the %dx%d board has no %c file", g.r.Width, g.r.Height, file), nil)
				return nil, false, 0, false
			}
			continue
		}
		n, ok := g.num.square(s.Num, s.Alpha)
		if !ok {
			diag(notation.Error, "no-such-square", fmt.Sprintf("%s is not a playing square of the %dx%d board", squareText(s), g.r.Width, g.r.Height), nil)
			return nil, false, 0, false
		}
		sq[i] = n
	}
	if len(sq) < 2 {
		diag(notation.Error, "unreadable-move", fmt.Sprintf("move %q needs a from and a to square", m.Text), nil)
		return nil, false, 0, false
	}
	g.quick.noMark = mt.Sep == 0 && !mt.Short
	return sq, mt.Capture, file, true
}

// hasFile reports whether the board has a file named by the letter f.
func (g *draughtsGame) hasFile(f byte) bool { return int(f-'a') < g.r.Width }

// fileOf is the letter of the file of the engine square sq, as the
// record names squares in letters (a1 in the notation's corner).
func (num *numbering) fileOf(sq int) byte { return num.alpha[sq][0] }

// matchShort finds the legal move a move in short notation means (the
// file the piece comes from and the square it goes to: "cd4", "c:e5"):
// the legal moves from a square on that file to that square (through the
// landing squares written, if any). Two that fit are ambiguous (the
// continuation may tell, see resolveByContinuation); none is an illegal
// move. sq is writtenSquares' (sq[0] unknown).
func (g *draughtsGame) matchShort(st *lineState, file byte, sq []int, capture bool, diag diagFunc) (Move, bool) {
	to := sq[len(sq)-1]
	if st.capturers.zero() && len(sq) == 2 && !g.r.general {
		// No capture on the board: quickMatch tells exactly whether
		// each square of the file has a quiet move to the square
		// written, without generating every legal move.
		var mv Move
		n := 0
		for _, from := range g.num.files[file-'a'] {
			sq[0] = from
			if m, ok := g.quickMatch(st, sq); ok {
				mv, n = m, n+1
			}
		}
		if n == 1 {
			sq[0] = mv.From
			g.matchedOne(&mv, sq, capture, diag) // (a quiet move: no mark is no claim)
			return mv, true
		}
		sq[0] = 0
	}
	mid := sq[1 : len(sq)-1]
	legal := g.legalFor(st, 0)
	groups := g.fitting(legal, func(mv *Move) bool {
		return mv.To == to && g.num.fileOf(mv.From) == file && passesThrough(mid, mv.Path[:len(mv.Path)-1], func(s int) int { return s })
	})
	switch {
	case len(groups) == 1:
		mv := &groups[0]
		if !capture {
			capture = mv.IsCapture() // "ce5": no capture mark, no claim (short moves have no '-')
		}
		sq[0] = mv.From
		g.matchedOne(mv, sq, capture, diag)
		return *mv, true
	case len(groups) > 1:
		g.reportAmbiguous(groups, fmt.Sprintf("%d moves go from the %c file to %s", len(groups), file, g.num.name(to)), "write the square it comes from", diag)
		return Move{}, false
	}
	if g.quiet {
		return Move{}, false
	}
	if g.terse {
		diag(notation.Error, "illegal", "", nil)
		return Move{}, false
	}
	sorted := distinct(legal)
	SortMoves(sorted)
	msg := fmt.Sprintf("no legal move goes from the %c file to %s", file, g.num.name(to))
	if len(sorted) == 0 {
		msg = fmt.Sprintf("%s has no legal move", st.pos.Turn())
	} else if sorted[0].IsCapture() {
		msg += "; capture is compulsory"
	}
	diag(notation.Error, "illegal", msg, g.num.listMoves(sorted))
	return Move{}, false
}

// fitting returns the moves of legal that fit, one per distinct move
// (paths that take the same pieces to the same square are one), in
// SortMoves order; they are valid until the next match.
func (g *draughtsGame) fitting(legal []Move, fit func(*Move) bool) []Move {
	cands := g.candBuf[:0]
	for i := range legal {
		if fit(&legal[i]) {
			cands = append(cands, legal[i])
		}
	}
	g.candBuf = cands[:0]
	if len(cands) < 2 {
		return cands
	}
	SortMoves(cands)
	return distinct(cands)
}

// reportAmbiguous reports that several legal moves fit a written one: what
// they share (ambiguity), how to write it so one fits (fix), and the
// candidates, kept for the continuation to choose from.
func (g *draughtsGame) reportAmbiguous(groups []Move, ambiguity, fix string, diag diagFunc) {
	if g.quiet {
		g.ambiguous = slices.Clone(groups)
		return
	}
	full := make([]string, 0, len(groups))
	for _, mv := range groups {
		full = append(full, g.num.move(mv, true))
	}
	g.ambiguous = slices.Clone(groups) // kept past the next match, which reuses candBuf
	g.ambiguity, g.ambiguityFix = ambiguity, fix
	diag(notation.Error, "ambiguous", "ambiguous: "+ambiguity+"; "+fix, full)
}

// matchedOne reports, of the one legal move mv the written squares sq
// fit, a path written in part and a capture mark that does not say what
// the move is. (mv by pointer: a Move is 72 bytes, and this runs at every
// ply.)
func (g *draughtsGame) matchedOne(mv *Move, sq []int, writtenCapture bool, diag diagFunc) {
	if g.quick.noMark {
		// "c3e5", squares with no separator between them, makes no
		// claim either way.
		writtenCapture = mv.IsCapture()
	}
	if g.terse {
		// (A trial of other rules: its warnings are not read.)
		return
	}
	if len(sq) > 2 && len(sq) < len(mv.Path)+1 {
		diag(notation.Warning, "partial-path", fmt.Sprintf("capture written with part of its path; it can only be %s", g.num.move(*mv, true)), nil)
	}
	if writtenCapture != mv.IsCapture() {
		if mv.IsCapture() {
			diag(notation.Warning, "capture-mark", fmt.Sprintf("a capture written with '-'; it is %s", g.num.move(*mv, false)), nil)
		} else {
			diag(notation.Warning, "capture-mark", plainMarked, nil)
		}
	}
}

// plainMarked is the capture-mark warning's message for a plain move.
const plainMarked = "a plain move written as a capture"

// quickMatch is match's common case worked out on the generator's compact
// moves, without building every legal move's path: the written squares sq
// (PDN numbers, at least two) fit exactly one legal move, which it returns
// with ok. Otherwise (none fits, or several, which match groups by
// captured set) ok is false and match does the full work, which also
// explains. The move's Path and Captured are valid until the next
// quickMatch.
func (g *draughtsGame) quickMatch(st *lineState, sq []int) (Move, bool) {
	r := g.r
	from, to := sq[0], sq[len(sq)-1]
	if from < 1 || from > r.n || to < 1 || to > r.n {
		return Move{}, false
	}
	if st.capturers.zero() && len(sq) == 2 && !r.general {
		// No capture on the board: the move is a quiet one or illegal, and
		// from and to say which without generating the piece's moves.
		cm, ok := r.quietMove(&st.pos, r.sqIdx[from], r.sqIdx[to])
		if !ok {
			return Move{}, false
		}
		ints := append(g.quick.ints[:0], to)
		g.quick.ints = ints[:0]
		return Move{From: from, To: to, Promotes: cm.prom, Path: ints}, true
	}
	gn := &g.quick.gen
	gn.reset(r, true, true, true)
	gn.generateFor(&st.pos, st.capturers, st.pos.pc[st.pos.turn&1].and(bit(r.sqIdx[from])))
	fi, ti := r.sqIdx[from], r.sqIdx[to]
	mid := sq[1 : len(sq)-1]
	found := -1
	for i := range gn.moves {
		cm := &gn.moves[i]
		if cm.from != fi || cm.to != ti {
			continue
		}
		if len(mid) > 0 {
			n := uint32(cm.n)
			if n == 0 {
				continue
			}
			landings := gn.arena[gn.paths[i].off : gn.paths[i].off+n-1]
			if !passesThrough(mid, landings, func(l uint8) int { return int(r.idxSq[l]) }) {
				continue
			}
		}
		if found >= 0 {
			return Move{}, false
		}
		found = i
	}
	if found < 0 {
		return Move{}, false
	}
	cm := &gn.moves[found]
	mv := Move{From: from, To: to, Promotes: cm.prom}
	n := int(cm.n)
	ints := slices.Grow(g.quick.ints[:0], max(1, 2*n))
	if n == 0 {
		mv.Path = append(ints, to)
	} else {
		rec := gn.arena[gn.paths[found].off:]
		for j := 0; j < n; j++ {
			ints = append(ints, int(r.idxSq[rec[j]]))
		}
		for j := 0; j < n; j++ {
			ints = append(ints, int(r.idxSq[rec[n+j]]))
		}
		mv.Path, mv.Captured = ints[:n:n], ints[n:2*n:2*n]
	}
	g.quick.ints = ints[:0]
	return mv, true
}

// gen64 is the game's one-word generator (r.fast64 only), kept with the
// scratch storage from game to game of the same rules.
func (g *draughtsGame) gen64() *gen64 {
	if g.quick == nil {
		g.quick = quickPool.Get().(*quickScratch)
	}
	q := g.quick
	if q.g64 != nil && q.g64.r == g.r {
		g.g64 = q.g64
		return q.g64
	}
	// A record that names no rules is tried under several: each keeps
	// its generator (the few last ones), rather than allocating one at
	// each switch.
	for i, o := range q.g64s {
		if o.r == g.r {
			q.g64s[i], q.g64 = q.g64, o
			g.g64 = o
			return o
		}
	}
	if q.g64 != nil {
		if len(q.g64s) < 4 {
			q.g64s = append(q.g64s, q.g64)
		} else {
			copy(q.g64s, q.g64s[1:])
			q.g64s[len(q.g64s)-1] = q.g64
		}
	}
	q.g64 = newGen64Cap(g.r, false, 64)
	g.g64 = q.g64
	return q.g64
}

// quickScratch is match's storage, reused from move to move and from game
// to game, so that matching a written move allocates nothing.
type quickScratch struct {
	g64     *gen64       // the one-word generator (draughtsGame.gen64)
	g64s    []*gen64     // those of the rules asked before
	squares []pdn.Square // the written move, decoded
	written []int        // its squares as PDN numbers
	gen     gen          // quickMatch's generator
	ints    []int        // quickMatch's move's Path and Captured
	noMark  bool         // the move was written with no separator (c3e5)
	seen    *seenTable   // a repetition table no line uses (newSeen)
}

var quickPool = sync.Pool{New: func() any { return new(quickScratch) }}

// release gives the game's scratch storage back for the next game.
func (g *draughtsGame) release() {
	if g.quick != nil {
		quickPool.Put(g.quick)
		g.quick, g.g64 = nil, nil
	}
}

// fits: same from and to, and every intermediate written square is a
// landing square of the move, in order (a partial path still picks one).
func fits(mv Move, sq []int) bool {
	if mv.From != sq[0] || mv.To != sq[len(sq)-1] {
		return false
	}
	return passesThrough(sq[1:len(sq)-1], mv.Path[:len(mv.Path)-1], func(s int) int { return s })
}

// passesThrough: the written intermediate squares mid are landing squares
// of the move (given as landings, each read as a PDN number by square), in
// order; a path written in part still picks one move.
func passesThrough[S int | uint8](mid []int, landings []S, square func(S) int) bool {
	j := 0
	for _, l := range landings {
		if j < len(mid) && square(l) == mid[j] {
			j++
		}
	}
	return j == len(mid)
}

// distinct keeps one move per (from, to, captured set): paths that take the
// same pieces to the same square are the same move. The moves are
// copied, never reordered in place.
func distinct(moves []Move) []Move {
	shared := false // two moves go from the same square to the same square
	for i := 0; i < len(moves) && !shared; i++ {
		for j := i + 1; j < len(moves); j++ {
			if moves[i].From == moves[j].From && moves[i].To == moves[j].To {
				shared = true
				break
			}
		}
	}
	if !shared {
		return slices.Clone(moves)
	}
	var out []Move
	var keys [][]int
next:
	for _, mv := range moves {
		k := append([]int{mv.From, mv.To}, mv.Captured...)
		sort.Ints(k[2:])
		for _, seen := range keys {
			if slices.Equal(seen, k) {
				continue next
			}
		}
		keys = append(keys, k)
		out = append(out, mv)
	}
	return out
}

// unambiguous is the short form of mv unless another distinct legal move
// shares its from and to squares; then the full path.
func (num *numbering) unambiguous(mv Move, legal []Move) string {
	var same []Move
	for _, o := range legal {
		if o.From == mv.From && o.To == mv.To {
			same = append(same, o)
		}
	}
	return num.move(mv, len(same) > 1 && len(distinct(same)) > 1)
}

// short writes mv in the short notation of Russian books, the file it
// comes from and the square it goes to ("cd4", "c:e5" for a capture),
// when no other distinct move of legal shares them; ok is false then.
func (num *numbering) short(mv Move, legal []Move) (text string, ok bool) {
	f := num.fileOf(mv.From)
	var same []Move
	for _, o := range legal {
		if o.To == mv.To && num.fileOf(o.From) == f {
			same = append(same, o)
		}
	}
	if len(same) > 1 && len(distinct(same)) > 1 {
		return "", false
	}
	if mv.IsCapture() {
		return string(f) + ":" + num.alpha[mv.To], true
	}
	return string(f) + num.alpha[mv.To], true
}

func (num *numbering) listMoves(moves []Move) []string {
	count := map[[2]int]int{}
	for _, mv := range moves {
		count[[2]int{mv.From, mv.To}]++
	}
	var out []string
	for _, mv := range moves {
		out = append(out, num.move(mv, count[[2]int{mv.From, mv.To}] > 1))
	}
	if len(out) > maxListed {
		out = append(out[:maxListed], fmt.Sprintf("... %d more", len(out)-maxListed))
	}
	return out
}

func squareText(s pdn.Square) string {
	if s.Alpha != "" {
		return s.Alpha
	}
	return fmt.Sprint(s.Num)
}

// explain says, in the words of the rules, why no legal move fits.
func (g *draughtsGame) explain(pos Position, sq []int, writtenCapture bool, legal []Move) string {
	from, to := sq[0], sq[len(sq)-1]
	name := g.num.name
	pc := pos.At(from)
	turn := pos.Turn()
	switch {
	case len(legal) == 0:
		return fmt.Sprintf("%s has no legal move", turn)
	case pc == Empty:
		return fmt.Sprintf("no piece on %s", name(from))
	case pc.Color() != turn:
		return fmt.Sprintf("not your piece: %s holds a %s, and %s is to move", name(from), pieceName(pc), turn)
	}
	if legal[0].IsCapture() && writtenCapture {
		if msg := g.garbledCapture(pos, sq, legal); msg != "" {
			return msg
		}
		if msg := g.precedence(pos, sq, legal); msg != "" {
			return msg
		}
	}
	if legal[0].IsCapture() {
		most := 0
		for _, mv := range legal {
			most = max(most, len(mv.Captured))
		}
		best := ""
		for _, mv := range legal {
			if len(mv.Captured) == most {
				best = g.num.move(mv, true)
				break
			}
		}
		if g.r.Priority == PriorityMajority && writtenCapture {
			return fmt.Sprintf("the capture must take the most pieces: a capture of %d %s is available: %s", most, plural(most, "piece"), best)
		}
		if writtenCapture {
			return fmt.Sprintf("no capture goes from %s to %s; capture is compulsory: %s", name(from), name(to), best)
		}
		return fmt.Sprintf("capture is compulsory: a capture of %d %s is available: %s", most, plural(most, "piece"), best)
	}
	if writtenCapture && len(sq) >= 2 {
		return fmt.Sprintf("there is no capture for %s here", turn)
	}
	if pc.IsKing() && g.r.limitedKing(&pos).has(g.r.sqIdx[from]) {
		return fmt.Sprintf("the king on %s has made %d moves in a row: while its side has men, a king may not make more than %d moves in a row without capturing; another piece must move",
			name(from), g.r.KingMoveLimit, g.r.KingMoveLimit)
	}
	if pos.At(to) != Empty {
		return fmt.Sprintf("%s is occupied", name(to))
	}
	fr, fc := g.r.RowCol(from)
	tr, tc := g.r.RowCol(to)
	dr, dc := tr-fr, tc-fc
	if g.r.Orthogonal {
		if dr != 0 && dc != 0 {
			return fmt.Sprintf("%s and %s are not on one rank or file", name(from), name(to))
		}
	} else if dr == 0 || abs(dr) != abs(dc) {
		return fmt.Sprintf("%s and %s are not on one diagonal", name(from), name(to))
	}
	if pc.IsMan() {
		forward := -1 // white men move towards row 0
		if turn == Black {
			forward = 1
		}
		if dr*forward < 0 {
			return "men do not move backwards"
		}
		if max(abs(dr), abs(dc)) > 1 {
			return "a man moves one square at a time"
		}
	}
	if pc.IsKing() && !g.r.FlyingKings && max(abs(dr), abs(dc)) > 1 {
		return "a king moves one square at a time in this variant"
	}
	return fmt.Sprintf("the way from %s to %s is blocked", name(from), name(to))
}

// garbledCapture explains a written capture whose squares make no capture
// at all (a writer who garbled the squares between, or the last one) by
// the legal capture with the same start and end, else the same start, else
// the same end, else any legal capture. It returns "" when the squares do
// make a capture, one the capture precedence forbids: then the rule's own
// sentence fits.
func (g *draughtsGame) garbledCapture(pos Position, sq []int, legal []Move) string {
	if g.isCapture(pos, sq) {
		return ""
	}
	from, to := sq[0], sq[len(sq)-1]
	var same, sameFrom, sameTo, caps []Move
	for _, mv := range legal {
		if !mv.IsCapture() {
			continue
		}
		caps = append(caps, mv)
		switch {
		case mv.From == from && mv.To == to:
			same = append(same, mv)
		case mv.From == from:
			sameFrom = append(sameFrom, mv)
		case mv.To == to:
			sameTo = append(sameTo, mv)
		}
	}
	names := make([]string, len(sq))
	for i, s := range sq {
		names[i] = g.num.name(s)
	}
	written := strings.Join(names, "x")
	list := func(ms []Move, what string) string {
		var out []string
		for _, mv := range ms {
			out = append(out, g.num.move(mv, true))
		}
		if len(out) > 4 {
			out = append(out[:4], "...")
		}
		if len(ms) == 1 {
			return "the legal capture " + what + " is " + out[0]
		}
		return "the legal captures " + what + " are " + strings.Join(out, ", ")
	}
	switch {
	case len(same) > 0:
		return fmt.Sprintf("no capture goes %s (the squares between do not make a capture path); %s", written, list(same, "from "+g.num.name(from)+" to "+g.num.name(to)))
	case len(sameFrom) > 0:
		return fmt.Sprintf("no capture goes %s; %s", written, list(sameFrom, "from "+g.num.name(from)))
	case len(sameTo) > 0:
		return fmt.Sprintf("no capture goes %s; %s", written, list(sameTo, "landing on "+g.num.name(to)))
	case len(caps) > 0:
		return fmt.Sprintf("no capture goes %s; capture is compulsory: %s", written, list(caps, "here"))
	}
	return ""
}

// isCapture reports whether the squares sq make a complete capture under
// the variant's moves with any capture allowed (no precedence). When that
// cannot be told it says yes, so the caller keeps the rule's own sentence.
func (g *draughtsGame) isCapture(pos Position, sq []int) bool {
	fr := g.c.freeRules()
	if fr == nil {
		return true
	}
	p, err := fr.ParseFEN(g.r.FEN(pos))
	if err != nil {
		return true
	}
	for _, mv := range fr.LegalPaths(&p, nil) {
		if mv.IsCapture() && fits(mv, sq) {
			return true
		}
	}
	return false
}

func pieceName(p Piece) string {
	kind := "man"
	if p.IsKing() {
		kind = "king"
	}
	return p.Color().String() + " " + kind
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// board draws a position for a person as the diagrams do (arbiter board,
// the HTML report): seen from White's side, men w/b, kings W/B, and the
// names of each row's first and last squares at its side. (Every finding
// at a move carries one: written into one buffer, without fmt.)
func (g *draughtsGame) board(p Position) string {
	b := make([]byte, 0, (g.r.Height+1)*(2*g.r.Width+16))
	for vrow := 0; vrow < g.r.Height; vrow++ {
		b = append(b, "    "...)
		first, last := 0, 0
		for vcol := 0; vcol < g.r.Width; vcol++ {
			sq, ok := g.r.SquareAt(vcol, vrow)
			if !ok {
				b = append(b, "  "...)
				continue
			}
			if first == 0 {
				first = sq
			}
			last = sq
			c := byte('.')
			switch p.At(sq) {
			case WhiteMan:
				c = 'w'
			case WhiteKing:
				c = 'W'
			case BlackMan:
				c = 'b'
			case BlackKing:
				c = 'B'
			}
			b = append(b, ' ', c)
		}
		if first != 0 {
			// "   %2s-%s": the first name right-aligned in two columns.
			b = append(b, "   "...)
			at := len(b)
			b = g.num.appendName(b, first)
			if n := len(b) - at; n < 2 {
				b = append(b, ' ')
				copy(b[at+1:], b[at:len(b)-1])
				b[at] = ' '
			}
			b = append(b, '-')
			b = g.num.appendName(b, last)
		}
		b = append(b, '\n')
	}
	b = append(b, "    "...)
	b = append(b, p.Turn().String()...)
	b = append(b, " to move"...)
	return string(b)
}
