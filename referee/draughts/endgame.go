package draughts

import (
	"fmt"
	"math/bits"

	"arbiter/referee"
)

// The endgame draw rules (draw.endgames): material configurations, some
// with a condition on the position, in which the game is drawn after a
// number of moves.
//
// Each rule counts from the ply at which its own condition began to hold,
// so that rules that overlap count as their texts say: under FMJD-64, three
// kings against a lone king on the long diagonal are drawn after the strong
// side's 5th move there (7.2.7), and off it after its 15th move counted
// "from the time of establishing the correlation of forces" (7.2.4), not
// from the lone king's last step off the diagonal. The first rule of the
// list that holds is the one in force.

// maxEndgames bounds a variant's endgame rules (lineState keeps a counter
// for each).
const maxEndgames = 16

// noSince marks an endgame rule that does not hold.
const noSince = -1 << 30

// endgameTable is a variant's draw.endgames compiled for the replay.
type endgameTable struct {
	rules []endgameRule
	// maxPieces is the most pieces on the board, and maxSmall the most
	// pieces of the side with fewer, in any rule's position: most plies
	// have more, and skip the rules after two population counts.
	maxPieces, maxSmall int
	longDiag            bb // the long diagonal, for weak_on_long_diagonal
	// onDiag is the set of rules with a strong side whose weak side must
	// stand on the long diagonal (bit i: rule i).
	onDiag uint32
}

type endgameRule struct {
	Endgame
	strong, weak []material
	pieces       uint64 // with Pieces: bit n, n pieces on the board
	// same is the index of the first rule with this one's name and
	// moves: their sentences are the same, and so is a claim of them.
	same int
}

// compileEndgames compiles the endgame rules for the board of r.
func compileEndgames(list []Endgame, r *Rules) endgameTable {
	t := endgameTable{longDiag: longDiagonal(r)}
	side := r.n // the most pieces one side's material may have
	if len(list) > maxEndgames {
		list = list[:maxEndgames] // (Validate refuses more)
	}
	for _, e := range list {
		er := endgameRule{Endgame: e}
		mostS, mostW := side, side
		if len(e.Strong) > 0 {
			mostS, mostW = 0, 0
			for _, s := range e.Strong {
				m, _ := parseMaterial(s) // (validated)
				er.strong = append(er.strong, m)
				mostS = max(mostS, m.most(side))
			}
			for _, s := range e.Weak {
				m, _ := parseMaterial(s)
				er.weak = append(er.weak, m)
				mostW = max(mostW, m.most(side))
			}
		}
		total := min(mostS+mostW, 2*side)
		if len(e.Pieces) > 0 {
			most := 0
			for _, n := range e.Pieces {
				if n < 64 {
					er.pieces |= 1 << n
				}
				most = max(most, n)
			}
			total = min(total, most)
		}
		er.same = len(t.rules)
		for j, o := range t.rules {
			if o.Name == e.Name && o.Moves == e.Moves {
				er.same = j
				break
			}
		}
		if e.WeakOnLongDiagonal && len(er.strong) > 0 {
			t.onDiag |= 1 << len(t.rules)
		}
		t.maxPieces = max(t.maxPieces, total)
		t.maxSmall = max(t.maxSmall, min(mostS, mostW, total/2))
		t.rules = append(t.rules, er)
	}
	return t
}

// longDiagonal is the diagonal of playing squares that joins two corners of
// the board (a1-h8 on the Russian board; empty when no corner plays).
func longDiagonal(r *Rules) bb {
	var d bb
	if r.AllSquares || r.Orthogonal {
		return d
	}
	for _, dc := range []int{1, -1} {
		col := 0
		if dc < 0 {
			col = r.Width - 1
		}
		var line bb
		n := 0
		for row := r.Height - 1; row >= 0 && col >= 0 && col < r.Width; row, col = row-1, col+dc {
			sq, ok := r.SquareAt(col, row)
			if !ok {
				break
			}
			line.set(r.sqIdx[sq])
			n++
		}
		if n == min(r.Width, r.Height) {
			d = d.or(line)
		}
	}
	return d
}

// holding returns the set of rules (bit i: rule i) whose position p is.
func (t *endgameTable) holding(p *Position) uint32 {
	wm, wk := p.Count(White)
	bm, bk := p.Count(Black)
	ws, bs := t.materialHolding(wm+wk+bm+bk, wm, wk, bm, bk)
	return t.onDiagonal(p, ws, bs)
}

// materialHolding is holding by material alone: the rules whose position
// p's pieces make with White as the strong side (ws; a rule without sides
// is there too) and with Black (bs), the long diagonal aside.
func (t *endgameTable) materialHolding(all, wm, wk, bm, bk int) (ws, bs uint32) {
	w, b := wm+wk, bm+bk
	if all > t.maxPieces || min(w, b) > t.maxSmall {
		return 0, 0
	}
	for i := range t.rules {
		e := &t.rules[i]
		if len(e.Pieces) > 0 && (all >= 64 || e.pieces&(1<<all) == 0) ||
			e.KingsBothSides && (wk == 0 || bk == 0) {
			continue
		}
		if len(e.strong) == 0 {
			ws |= 1 << i
			continue
		}
		if holdsAny(e.strong, wm, wk) && holdsAny(e.weak, bm, bk) {
			ws |= 1 << i
		}
		if holdsAny(e.strong, bm, bk) && holdsAny(e.weak, wm, wk) {
			bs |= 1 << i
		}
	}
	return ws, bs
}

// holdsAny: one of list is the material of men and kings.
func holdsAny(list []material, men, kings int) bool {
	for _, m := range list {
		if m.holds(men, kings) {
			return true
		}
	}
	return false
}

// onDiagonal is holding from materialHolding's answer: a rule whose weak
// side must stand on the long diagonal holds when it does.
func (t *endgameTable) onDiagonal(p *Position, ws, bs uint32) uint32 {
	held := (ws | bs) &^ t.onDiag
	if (ws|bs)&t.onDiag != 0 {
		if p.pc[Black].andNot(t.longDiag).zero() {
			held |= ws & t.onDiag
		}
		if p.pc[White].andNot(t.longDiag).zero() {
			held |= bs & t.onDiag
		}
	}
	return held
}

// endgamesHolding is t.holding(p) for the game's variant, with the
// material part of the answer kept from ply to ply (it changes only with a
// capture or a crowning).
func (g *draughtsGame) endgamesHolding(p *Position) uint32 {
	t := &g.c.endgames
	wm, wk := p.Count(White)
	bm, bk := p.Count(Black)
	key := uint64(wm) | uint64(wk)<<16 | uint64(bm)<<32 | uint64(bk)<<48 | 1<<63
	if key != g.endMaterial {
		g.endWS, g.endBS = t.materialHolding(wm+wk+bm+bk, wm, wk, bm, bk)
		g.endMaterial = key
	}
	return t.onDiagonal(p, g.endWS, g.endBS)
}

// sides reports whether the position is the rule's with White as the
// strong side, and with Black as the strong side (both: a king against a
// king).
func (e *endgameRule) sides(p *Position, longDiag bb, wm, wk, bm, bk int) (whiteStrong, blackStrong bool) {
	in := func(list []material, men, kings int) bool {
		for _, m := range list {
			if m.holds(men, kings) {
				return true
			}
		}
		return false
	}
	onDiag := func(c Color) bool { return !e.WeakOnLongDiagonal || p.pc[c].andNot(longDiag).zero() }
	whiteStrong = in(e.strong, wm, wk) && in(e.weak, bm, bk) && onDiag(Black)
	blackStrong = in(e.strong, bm, bk) && in(e.weak, wm, wk) && onDiag(White)
	return whiteStrong, blackStrong
}

// startEndgames sets the endgame counters of a line's start position (a
// rule drawn at once is drawn before the first move).
func (g *draughtsGame) startEndgames(st *lineState) {
	for i := range st.endSince {
		st.endSince[i] = noSince
	}
	st.endHeld, st.endgame = 0, 0
	g.countEndgames(st, false, st.moveNumber())
}

// shiftEndgames counts half plies as played already in the endgames the
// start position is in (an online FEN's H field).
func (g *draughtsGame) shiftEndgames(st *lineState, half int) {
	for i := range g.c.endgames.rules {
		if st.endHeld&(1<<i) != 0 {
			st.endSince[i] -= int32(half)
		}
	}
}

// countEndgames follows the endgame rules after a ply (changed: it captured
// or crowned, which restarts the rules counted while the balance of pieces
// is unchanged) and applies the one in force; num is the number of the move
// just played.
func (g *draughtsGame) countEndgames(st *lineState, changed bool, num int) {
	t := &g.c.endgames
	held := g.endgamesHolding(&st.pos)
	if held == 0 && st.endHeld == 0 {
		return // (most plies)
	}
	if held == st.endHeld && !changed {
		// The same rules hold, each counted from where it was: only the
		// count of plies goes on.
		g.endgameDraw(st, num)
		return
	}
	for i := range t.rules {
		switch {
		case held&(1<<i) == 0:
			st.endSince[i] = noSince
		case st.endSince[i] == noSince || changed && t.rules[i].BalanceUnchanged:
			st.endSince[i] = int32(st.plies)
		}
	}
	st.endHeld = held
	st.endgame = 0
	if held != 0 {
		st.endgame = bits.TrailingZeros32(held) + 1
	}
	g.endgameDraw(st, num)
}

// endgameDraw applies the endgame rule in force when its moves are used
// up (at once for moves: 0); num is the number of the move just played.
func (g *draughtsGame) endgameDraw(st *lineState, num int) {
	if st.endgame == 0 || st.over != "" {
		return
	}
	i := st.endgame - 1
	e := &g.c.endgames.rules[i]
	played := st.plies - int(st.endSince[i])
	if e.Moves > 0 && played < 2*e.Moves-1 {
		return // (need below is 2*e.Moves or one less)
	}
	need := 2 * e.Moves
	why := drawReason{rule: ruleEndgame, n: e.same, form: endgameMoves}
	if e.Counted == CountedStrong {
		wm, wk := st.pos.Count(White)
		bm, bk := st.pos.Count(Black)
		ws, bs := e.sides(&st.pos, g.c.endgames.longDiag, wm, wk, bm, bk)
		if ws != bs {
			strong := White
			if bs {
				strong = Black
			}
			// The side to move when the rule began moves on even plies.
			first := st.pos.Turn()
			if played%2 == 1 {
				first = first.Opponent()
			}
			if strong == first {
				need--
			}
			why.form = endgameStrong
		}
	}
	if e.Moves == 0 {
		need, why.form = 0, endgameAtOnce
	}
	if played < need || st.claimed[why] {
		return
	}
	if !g.r.hasLegalMove(&st.pos) {
		return // the side to move has lost: checkOver says so, no draw
	}
	if e.UnlessWon && g.r.wonByForce(&st.pos) {
		return // the game goes on while the win is played out
	}
	g.drawRule(st, e.Effect, why, num)
}

// The sentences of an endgame rule (drawReason.form).
const (
	endgameMoves  = iota // "<name>: 5 moves by each side"
	endgameStrong        // "<name>: the stronger side's 15th move"
	endgameAtOnce        // "<name>: drawn at once"
)

// reason is the rule's sentence in the form given.
func (e *endgameRule) reason(form uint8) string {
	switch form {
	case endgameStrong:
		return fmt.Sprintf("%s: the stronger side's %s move", e.Name, referee.Ordinal(e.Moves))
	case endgameAtOnce:
		return e.Name + ": drawn at once"
	}
	return fmt.Sprintf("%s: %d moves by each side", e.Name, e.Moves)
}

// wonByForce reports whether a side wins by force within its next move:
// the side to move has a move that leaves the opponent without one (takes
// its last piece); or it has a move after which every reply of the
// opponent lets it do so; or every move it has lets the opponent do so
// (the side to move must walk into the capture). It generates the moves of
// three plies: the rules that ask it hold in positions of a few pieces.
// Past forcedWinBudget positions (a rule of a variant file that holds in
// crowded positions) it answers yes: the draw waits, the game goes on, and
// no played-on win is called an error.
func (r *Rules) wonByForce(p *Position) bool {
	budget := forcedWinBudget
	moves := r.LegalMoves(p, false, nil)
	if len(moves) == 0 {
		return true // the side to move has lost already
	}
	opponentWins := true // ... whatever the side to move plays
	for _, m := range moves {
		q := r.Play(*p, m)
		replies := r.LegalMoves(&q, false, nil)
		if len(replies) == 0 {
			return true // m wins at once
		}
		refuted, forced := false, true
		for _, m2 := range replies {
			if budget -= len(replies); budget < 0 {
				return true
			}
			q2 := r.Play(q, m2)
			if !r.hasLegalMove(&q2) {
				refuted, forced = true, false // the reply wins
				break
			}
			if forced && !r.winsAtOnce(&q2) {
				forced = false
			}
		}
		if forced {
			return true // m wins next move, whatever the reply
		}
		if !refuted {
			opponentWins = false
		}
	}
	return opponentWins
}

// forcedWinBudget bounds the positions wonByForce looks at: a king against
// a king on 10x10 is some 17 x 17 x 17.
const forcedWinBudget = 20000

// winsAtOnce reports whether the side to move has a move that leaves the
// opponent without a legal move.
func (r *Rules) winsAtOnce(p *Position) bool {
	for _, m := range r.LegalMoves(p, false, nil) {
		q := r.Play(*p, m)
		if !r.hasLegalMove(&q) {
			return true
		}
	}
	return false
}
