package draughts

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

// A record that names no rules (no GameType tag, no Variant tag arbiter
// knows, no --variant or --default-variant) is read by what it shows: its
// squares tell the board, and on a board several variants share, the
// replay tells the rules. International draughts, PDN's default, is tried
// first unless the record cannot be a 10x10 one; other rules are tried
// only when those fail, so a record that replays costs nothing more.

// untagged: the record names no rules and the user chose none.
func untagged(rec *notation.Record, opts referee.Options) bool {
	return opts.Variant == nil && opts.Default == nil && !hasGameType(rec) && !namesVariant(rec)
}

// boardEvidence is what a record's squares say about its board.
type boardEvidence struct {
	alpha    bool // a square written a1-h8 in a move
	alphaBig bool // a square written with a letter past h or a rank past 8
	maxNum   int  // the largest numeric square in a move, the FEN tag or a setup
	fen      bool // a FEN tag or a setup before the first move
	fenBlack bool // ... with Black to move
	// fenPieces is the number of pieces of the FEN: an 8x8 opening or
	// ballot has 16 to 24, a 10x10 position confined to squares 1-32
	// that many almost never.
	fenPieces int
}

// evidenceOf reads the FEN tag, the first setup and every move of the main
// line (firstOnly: the first move only, enough to choose the rules tried
// first).
func evidenceOf(rec *notation.Record, firstOnly bool) boardEvidence {
	var ev boardEvidence
	fen, _ := rec.Tag("FEN")
	if strings.TrimSpace(fen) == "" {
		fen = rec.Setup
	}
	if fen = strings.TrimSpace(fen); fen != "" {
		ev.fen = true
		ev.fenBlack = fen[0] == 'B' || fen[0] == 'b'
		ev.maxNum, ev.fenPieces = fenSquares(fen)
	}
	var buf []pdn.Square // (made once a move is not a plain one)
	for i, m := range rec.Moves {
		if firstOnly && i > 0 {
			break
		}
		if a, _, b, ok := pdn.PlainMove(m.Text); ok {
			// Two numeric squares (what ParseMove reads for such a
			// move), without decoding it: every record asks this.
			ev.maxNum = max(ev.maxNum, a, b)
			continue
		}
		if buf == nil {
			buf = make([]pdn.Square, 0, 8)
		}
		mt, err := pdn.ParseMoveInto(m.Text, buf[:0])
		if err != nil {
			continue
		}
		for _, sq := range mt.Squares {
			switch a := strings.ToLower(sq.Alpha); {
			case a == "":
				ev.maxNum = max(ev.maxNum, sq.Num)
			case a[0] > 'h' || len(a) > 2 || (len(a) == 2 && (a[1] < '1' || a[1] > '8')):
				ev.alphaBig = true
			case len(a) == 2:
				ev.alpha = true
			}
		}
	}
	return ev
}

// fenSquares is the largest square number in a FEN's piece lists and
// the number of pieces (0, 0 when it writes its squares with letters, or
// cannot be read).
func fenSquares(fen string) (most, pieces int) {
	for _, field := range strings.Split(strings.TrimSuffix(fen, "."), ":")[1:] {
		field = strings.TrimSpace(field)
		if field == "" || (field[0] != 'W' && field[0] != 'B') {
			continue // an online export's :H and :F counters
		}
		for _, item := range strings.Split(field[1:], ",") {
			if strings.TrimSpace(item) == "" {
				continue
			}
			from, to, isRange := strings.Cut(strings.TrimPrefix(strings.TrimSpace(item), "K"), "-")
			a, err := strconv.Atoi(strings.TrimSpace(from))
			b := a
			if isRange {
				b, err = strconv.Atoi(strings.TrimSpace(to))
			}
			if err != nil || a < 1 || b < a {
				return 0, 0
			}
			most, pieces = max(most, b), pieces+b-a+1
		}
	}
	return most, pieces
}

// untaggedVariant is the variant tried first for a record that names no
// rules: russian for algebraic squares (the most played of the 8x8
// variants written a1-h8), english for an 8x8 FEN with Black to move (the
// only 8x8 family where Black starts), else international.
func untaggedVariant(rec *notation.Record) (*variants.Variant, int, error) {
	ev := evidenceOf(rec, true)
	if ev.alpha && !ev.alphaBig {
		v, err := ForGameType(25)
		return v, 25, err
	}
	if ev.eightByEightFEN() {
		// A 10x10 study may have every piece on 1-32 too: its moves
		// say which it is.
		if ev = evidenceOf(rec, false); ev.maxNum <= 32 {
			if c := ev.candidates(nil); len(c) > 0 {
				return c[0], gameTypeOf(c[0]), nil
			}
		}
	}
	return gameTypeVariant(rec)
}

// eightByEightFEN: the FEN has every piece on 1-32 and Black to move (the
// English family's ballots), or as many pieces as an 8x8 opening has,
// which a 10x10 position confined to squares 1-32 almost never has.
func (ev boardEvidence) eightByEightFEN() bool {
	return ev.fen && ev.maxNum > 0 && ev.maxNum <= 32 && (ev.fenBlack || ev.fenPieces >= 16)
}

// untaggedReason says why untaggedVariant chose other rules than
// international draughts.
func untaggedReason(rec *notation.Record) string {
	ev := evidenceOf(rec, true)
	switch {
	case ev.alpha:
		return "its squares are written a1-h8"
	case ev.fenBlack:
		return "its FEN has Black to move and every piece on 1-32, as 8x8 ballots do"
	}
	return fmt.Sprintf("its FEN has %d pieces, every one on 1-32, as an 8x8 position", ev.fenPieces)
}

// candidates are the builtin variants a record with this evidence may be
// in, in the order they are preferred (by PDN GameType number: the older
// and more played first), tried is left out. None for a 10x10 record:
// international draughts is the default there, and another 10x10 variant
// is only suggested.
func (ev boardEvidence) candidates(tried *variants.Variant) []*variants.Variant {
	all, err := variants.Builtin()
	if err != nil {
		return nil
	}
	var out []*variants.Variant
	for _, v := range all {
		d := SectionOf(v)
		if v == tried || d == nil || d.PDNGameType == 0 || d.PDNGameType >= 96 {
			continue // readings of international rules, and the online platforms' own
		}
		squares := d.Board.Width * d.Board.Height / 2
		if d.Board.AllSquares {
			squares *= 2
		}
		alpha := strings.Contains(d.PDNNotation, "A")
		switch {
		case ev.alpha && !ev.alphaBig:
			if !alpha || d.Board.Width != 8 || d.Board.Height != 8 {
				continue
			}
		case ev.alpha || ev.alphaBig:
			continue
		case ev.maxNum > 50:
			if squares < ev.maxNum {
				continue
			}
		case ev.maxNum > 32:
			// A 10x10 record, or an 8x8 one with a slip past 32 (28x39
			// for 28x19): 8x8 rules are tried, adopted only when the
			// moves go clearly further under them (slipMargin).
			if squares != 32 {
				continue
			}
		default: // squares 1-32: any 8x8 board, or international's
			if squares > 32 && d.PDNGameType != 20 {
				continue
			}
		}
		out = append(out, v)
	}
	rank := func(v *variants.Variant) int {
		d := SectionOf(v)
		n := d.PDNGameType
		if ev.fen && strings.HasPrefix(d.PDNNotation, "B") != ev.fenBlack {
			n += 100 // the FEN's side to move is not the rules' first mover
		}
		if n == 20 && ev.eightByEightFEN() {
			n += 1000 // 10x10 only when no 8x8 rules fit the moves
		}
		return n
	}
	slices.SortStableFunc(out, func(a, b *variants.Variant) int { return rank(a) - rank(b) })
	return out
}

// slipMargin is how many plies further than the rules tried first the
// moves of a record with a square past 32 must go under 8x8 rules for
// those to be adopted. A 10x10 game breaks 8x8 rules within its first
// plies (White's men stand on 31-50); an 8x8 game breaks 10x10 rules at
// its first move.
const slipMargin = 6

// trial is a variant a record was replayed under, without rewriting it.
type trial struct {
	v     *variants.Variant
	fits  bool // no move breaks its rules
	plies int  // plies of the main line replayed before the first that does
}

// keptReplay is a replay made as check keeps it (replay, not terse, under
// the user's options), with what check runs after it.
type keptReplay struct {
	rep     *referee.Report
	rewrite func()
	repair  func(*referee.Report)
}

// replayKept replays rec under v as check keeps the replay, and says what
// a trial (try) finds: the same, as the trial is the same replay, tersely
// (TestTrySameAsCheck), when the moves are not played on past an illegal
// one (opts.AsPlayed) nor rewritten (opts.Rewrite may stop the replay
// before its first move).
func replayKept(rec *notation.Record, v *variants.Variant, opts referee.Options) (trial, *keptReplay) {
	k := &keptReplay{}
	k.rep = referee.Run(rec, func(alt *referee.Report) {
		alt.Variant = v.Name
		k.rewrite, k.repair = replay(rec, v, opts, alt, false, false)
	})
	return trial{v: v, fits: firstReplayError(k.rep) < 0, plies: k.rep.Plies}, k
}

func try(rec *notation.Record, v *variants.Variant, opts referee.Options) trial {
	return firstMoveOf(rec).try(rec, v, opts)
}

// try is try for rec, whose first move f is.
func (f firstMove) try(rec *notation.Record, v *variants.Variant, opts referee.Options) trial {
	if f.fails(v) {
		// Most rules tried stop there (an English game under Italian,
		// Russian, Spanish... rules), and setting up a replay cost more
		// than the replays that go on.
		return trial{v: v}
	}
	// The replay referee.Check makes of a draughts record under v, terse:
	// of the report only the first move error and the plies are read
	// (TestTrySameAsCheck), and writing out the findings of every rules
	// tried (boards, positions, the legal moves, why a move is illegal)
	// cost more than the replays.
	o := referee.Options{Variant: v, Variations: opts.Variations, NoFixes: true}
	r := referee.Run(rec, func(rep *referee.Report) {
		rep.Variant = v.Name
		replay(rec, v, o, rep, false, true)
	})
	return trial{v: v, fits: firstReplayError(r) < 0, plies: r.Plies}
}

// probeOff turns failsAtFirstMove off (every trial replays), and keepOff
// inferRules' kept replay (every trial terse, the rules chosen replayed
// again), for TestFirstMoveProbeSameReport.
var probeOff, keepOff bool

// firstMove is a record's first move, when it is two squares written as
// numbers (a-b) and the record starts from its rules' start position in
// their own numbering (no FEN, no setup, no GameType with notation
// fields): what failsAtFirstMove reads of the record, once for all the
// rules it asks about. ok false: it answers nothing.
type firstMove struct {
	a, b int
	ok   bool
}

func firstMoveOf(rec *notation.Record) firstMove {
	if probeOff || len(rec.Moves) == 0 || rec.Setup != "" {
		return firstMove{}
	}
	if t, ok := rec.TagPos("FEN"); ok && strings.TrimSpace(t.Value) != "" {
		return firstMove{}
	}
	if gt, _ := rec.Tag("GameType"); strings.Contains(gt, ",") {
		return firstMove{} // (its own numbering, maybe: recordNumbering)
	}
	m := rec.Moves[0]
	if m.Setup != "" || len(m.Variations) > 0 {
		return firstMove{} // (a variation's replay comes before the move's)
	}
	a, _, b, ok := pdn.PlainMove(m.Text)
	return firstMove{a: a, b: b, ok: ok}
}

// failsAtFirstMove says, without a replay, that a replay of rec under v
// stops at its first move with an illegal move, so that no move fits v
// and no ply is replayed (trial{v: v}): the record starts from v's start
// position, in v's own numbering, and its first move, two squares of v's
// board written as numbers, is none of the legal moves there. false is
// no answer: the replay tells.
func failsAtFirstMove(rec *notation.Record, v *variants.Variant) bool {
	return firstMoveOf(rec).fails(v)
}

// fails is failsAtFirstMove for the record whose first move f is.
func (f firstMove) fails(v *variants.Variant) bool {
	if !f.ok {
		return false
	}
	c, err := compileDraughts(v)
	if err != nil {
		return false
	}
	from, okFrom := c.num.square(f.a, "")
	to, okTo := c.num.square(f.b, "")
	if !okFrom || !okTo {
		return false // (a square off the board: the replay says which)
	}
	for i := range c.startMoves {
		if mv := &c.startMoves[i]; mv.From == from && mv.To == to {
			return false // (fits: a move of two squares names no landing)
		}
	}
	return true
}

// inferRules chooses the rules of a record that names none and whose moves
// break those tried first (tried, after which plies were replayed): the
// first candidate its moves fit, else the one under which they go
// furthest. It returns nil when tried stays the best reading, and the
// sentence that says why the one returned was chosen.
//
// Unless opts play the moves on or rewrite them, the first candidate
// whose first move fits is replayed as check keeps it (replayKept), and
// returned in kept when chosen: a record's rules are most often the first
// candidate its moves get past the first move of (an English game's).
func inferRules(rec *notation.Record, tried *variants.Variant, plies int, opts referee.Options) (_ *variants.Variant, why string, kept *keptReplay) {
	ev := evidenceOf(rec, false)
	var fit []string
	var chosen *trial
	best := trial{v: tried, plies: plies}
	margin := 0
	if ev.maxNum > 32 {
		margin = slipMargin
	}
	keep := !opts.AsPlayed && !opts.Rewrite && !keepOff
	first := firstMoveOf(rec)
	for _, v := range ev.candidates(tried) {
		var t trial
		if keep && !first.fails(v) {
			keep = false
			var k *keptReplay
			if t, k = replayKept(rec, v, opts); t.fits && chosen == nil {
				kept = k
			}
		} else {
			t = first.try(rec, v, opts)
		}
		switch {
		case t.fits && chosen == nil:
			chosen = &t
		case t.fits:
			fit = append(fit, v.Name)
		case t.plies > best.plies && t.plies >= plies+margin:
			best = t
		}
	}
	if chosen != nil {
		why := fmt.Sprintf("no GameType tag: replayed as %s, whose rules its moves fit (not %s's)", chosen.v.Name, tried.Name)
		if len(fit) > 0 {
			why += "; they also fit " + strings.Join(fit, ", ")
		}
		return chosen.v, why + gameTypeHint(chosen.v), kept
	}
	if best.v == tried {
		return nil, "", nil
	}
	return best.v, fmt.Sprintf("no GameType tag: replayed as %s, the rules under which its moves go furthest (%d plies; %s: %d)%s",
		best.v.Name, best.plies, tried.Name, plies, gameTypeHint(best.v)), nil
}

// gameTypeHint says how to name the rules in the record.
func gameTypeHint(v *variants.Variant) string {
	if n := gameTypeOf(v); n != 0 {
		return fmt.Sprintf(": add [GameType \"%d\"] to say so", n)
	}
	return ""
}

// suggestVariants: a record that names no rules and whose moves break the
// rules it was replayed under is replayed under every builtin draughts
// variant, and the report says which ones its moves fit, so the user can
// choose one. (What is wrong besides the moves, an unreadable word or a
// result, does not keep a variant from fitting: it is wrong under any.)
func suggestVariants(rec *notation.Record, tried *variants.Variant, opts referee.Options, rep *referee.Report) {
	first := firstReplayError(rep)
	if first < 0 {
		return
	}
	all, err := variants.Builtin()
	if err != nil {
		return
	}
	var fit []string
	firstMove := firstMoveOf(rec)
	for _, v := range all {
		if v != tried && SectionOf(v) != nil && firstMove.try(rec, v, opts).fits {
			fit = append(fit, v.Name)
		}
	}
	if len(fit) == 0 {
		return // the record is wrong under any rules: nothing to suggest
	}
	msg := fmt.Sprintf("no GameType tag, so read as %s; its moves fit %s: choose with --variant or a GameType tag", tried.Name, strings.Join(fit, ", "))
	rep.WarnAt(rep.Diagnostics[first].Pos, "variant-guess", msg)
}
