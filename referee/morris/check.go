package morris

import (
	"fmt"
	"sort"
	"strings"

	"arbiter/notation"
	morrisnot "arbiter/notation/morris"
	"arbiter/referee"
	"arbiter/variants"
)

var rulesMemo referee.Memo[*variants.Variant, *Rules]

// RulesOf turns a morris variant into engine rules (built once per
// variant and shared read-only).
func RulesOf(v *variants.Variant) (*Rules, error) {
	return rulesMemo.Get(v, func() (*Rules, error) { return newRules(v) })
}

func newRules(v *variants.Variant) (*Rules, error) {
	m := SectionOf(v)
	if m == nil {
		return nil, fmt.Errorf("variant %s is not a morris variant", v.Name)
	}
	r := &Rules{
		Pieces:                m.Pieces,
		Diagonals:             m.Diagonals,
		Flying:                m.Flying,
		FlyAt:                 m.FlyAt,
		RemoveFromMillAlways:  m.RemoveFromMill == RemoveAlways,
		RemovePerMill:         m.RemovalsPerDoubleMill == RemovalsPerMill,
		BlockedPass:           m.BlockedPlayer == BlockedPass,
		MovingDuringPlacement: m.MovingDuringPlacement,
	}
	if err := r.Init(); err != nil {
		return nil, fmt.Errorf("%s: %v", v.File, err)
	}
	return r, nil
}

// checkMorris replays a morris record: every move against the rules, then
// the result the moves support against the one written.
func check(rec *notation.Record, v *variants.Variant, opts referee.Options, rep *referee.Report) {
	r, err := RulesOf(v)
	if err != nil {
		rep.ErrorAt(rec.Pos, "variant", err.Error())
		return
	}
	g := &morrisGame{r: r, m: SectionOf(v), rec: rec, rep: rep, numeric: recordIsNumeric(rec), stopped: -1}
	if opts.Rewrite {
		g.rewrite = true
		g.outNumeric = opts.Notation == "numeric" || (opts.Notation == "" && g.numeric)
	}
	start := r.Start()
	if t, ok := rec.TagPos("FEN"); ok && strings.TrimSpace(t.Value) != "" {
		if start, err = ParseFEN(t.Value); err != nil {
			g.rep.Errorf(t.Pos, "fen", "FEN tag: %v", err)
			return
		}
	}
	if opts.Film {
		g.film = &referee.Film{Board: diagram(r, g.numeric), Start: Picture(start), Cells: moveCells}
		rep.Film = g.film
	}
	g.run(start)
	if g.stopped >= 0 && !opts.NoFixes {
		g.repair(g.startState, g.stopped)
	}
}

// recordIsNumeric: the record writes PlayOK's numbers (its first move that
// decodes says so).
func recordIsNumeric(rec *notation.Record) bool {
	for _, m := range rec.Moves {
		if mt, err := morrisnot.ParseMove(m.Text); err == nil {
			return mt.Numeric
		}
	}
	return false
}

// morrisGame is the state of one replay.
type morrisGame struct {
	r          *Rules
	m          *Section
	rec        *notation.Record
	rep        *referee.Report
	numeric    bool // the record's notation, for the moves listed in diagnostics
	rewrite    bool // normalise the record's moves as they are matched
	outNumeric bool

	pos       Position
	plies     int
	legal     []Move
	seen      map[Position]int
	noRemoval int // moves (not placements) since the last removal
	threes    int // plies since both sides were down to three pieces
	over      string
	overAt    int
	winner    referee.Outcome
	claims    []string
	film      *referee.Film // the main line as pictures, when asked for

	// stopped is the index of the main-line move the replay stopped at
	// with a move error (-1: none), for the repair search, which starts
	// again from startState.
	stopped    int
	startState state
}

func (g *morrisGame) point(p int) string {
	if g.numeric {
		return morrisnot.Number(p)
	}
	return morrisnot.Coordinate(p)
}

func (g *morrisGame) moveText(mv Move) string {
	if g.numeric {
		return mv.Format(morrisnot.Number)
	}
	return mv.Format(morrisnot.Coordinate)
}

func (g *morrisGame) moveTexts(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = g.moveText(m)
	}
	return out
}

// moveNumber is the number a record gives the next move.
func (g *morrisGame) moveNumber() int { return g.plies/2 + 1 }

func (g *morrisGame) run(start Position) {
	g.pos = start
	g.seen = map[Position]int{start: 1}
	g.checkOver()
	g.startState = g.save()
	offset := 0 // the record's count minus ours, after a numbering slip
	joined := map[int]bool{}
	for i := 0; i < len(g.rec.Moves); i++ {
		m := g.rec.Moves[i]
		if joined[i] {
			continue
		}
		if len(m.Variations) > 0 {
			g.rep.Warnf(m.Pos, "variation", "variations are not replayed in morris records")
		}
		if g.over == "" && len(g.legal) == 0 {
			// A blocked player who passes (blocked_player: pass).
			g.play(Pass)
			g.frame(nil, Pass)
		}
		num := g.moveNumber()
		diag := func(sev notation.Severity, code, msg string, legal []string) {
			g.rep.Add(referee.Diagnostic{
				Diagnostic: notation.Diagnostic{Pos: m.Pos, Severity: sev, Code: code, Msg: msg},
				MoveNumber: num, Move: m.Text, Legal: legal,
				FEN: FEN(g.pos), Board: Board(g.pos),
			})
		}
		if g.over != "" {
			diag(notation.Error, "after-end", fmt.Sprintf("move written after the game was over (%s at move %d)", g.over, g.overAt), nil)
			break
		}
		if m.Number > 0 && m.Number != num+offset && g.pos.Turn == White {
			diag(notation.Warning, "move-number", fmt.Sprintf("move number %d written where %d was expected", m.Number, num+offset), nil)
			offset = m.Number - num
		}
		mt, err := morrisnot.ParseMove(m.Text)
		if err != nil {
			break // reported by the reader
		}
		if mt.IsRemovalOnly() {
			diag(notation.Error, "illegal", "a removal without a mill: the move before it closed no mill", g.moveTexts(g.legal))
			g.stopped = i
			break
		}
		removes := mt.Removes
		var joinedTo *notation.Move
		if len(removes) == 0 && i+1 < len(g.rec.Moves) {
			if next, err := morrisnot.ParseMove(g.rec.Moves[i+1].Text); err == nil && next.IsRemovalOnly() {
				if _, n := g.r.Closes(&g.pos, mt.From, mt.To); n > 0 {
					removes, joinedTo = next.Removes, g.rec.Moves[i+1]
					joined[i+1] = true
				}
			}
		}
		mv, code, why, legal := g.match(mt, removes)
		if why != "" {
			diag(notation.Error, code, why, g.moveTexts(legal))
			g.stopped = i
			break
		}
		if g.rewrite {
			if g.outNumeric {
				m.Text = mv.Format(morrisnot.Number)
			} else {
				m.Text = mv.Format(morrisnot.Coordinate)
			}
			if joinedTo != nil {
				m.Comments = append(m.Comments, joinedTo.Comments...)
			}
		}
		g.play(mv)
		g.frame(m, mv)
	}
	if g.rewrite && len(joined) > 0 {
		kept := g.rec.Moves[:0]
		for i, m := range g.rec.Moves {
			if !joined[i] {
				kept = append(kept, m)
			}
		}
		g.rec.Moves = kept
	}
	g.rep.Plies = g.plies
	g.rep.FinalFEN = FEN(g.pos)
	referee.JudgeResult(g.rec, g.rep, referee.End{Over: g.over, Winner: g.winner, Claims: g.claims}, false)
}

// match finds the legal move a written move means, or says why there is
// none (an error code, the reason, and the moves to list).
func (g *morrisGame) match(mt morrisnot.MoveText, removes []int) (mv Move, code, why string, legal []Move) {
	p := &g.pos
	me, opp := p.Turn, p.Turn^1
	var cands []Move
	for _, l := range g.legal {
		if int(l.From) == mt.From && int(l.To) == mt.To {
			cands = append(cands, l)
		}
	}
	if len(cands) == 0 {
		return mv, "illegal", g.whyNot(mt), g.legal
	}
	mills, need := g.r.Closes(p, mt.From, mt.To)
	written := (morrisnot.MoveText{From: mt.From, To: mt.To}).Format(g.numeric)
	switch {
	case mills > 0 && need == 0 && len(removes) > 0:
		return mv, "no-mill", fmt.Sprintf("%s closes a mill, but %s has no piece on the board to remove", written, opp), cands
	case need == 0 && len(removes) > 0:
		return mv, "no-mill", fmt.Sprintf("%s closes no mill, so it may not remove a piece", written), cands
	case need > 0 && len(removes) == 0:
		return mv, "missing-removal", fmt.Sprintf("%s closes a mill: it must remove a %s piece (write it as %sx%s)", written, opp, written, g.point(int(cands[0].Remove[0]))), cands
	case need == 0 && len(removes) == 0:
		return cands[0], "", "", nil
	case len(removes) != need:
		return mv, "removals", fmt.Sprintf("%s removes %d %s pieces, not %d", written, need, opp, len(removes)), cands
	}
	want := append([]int(nil), removes...)
	sort.Ints(want)
	for _, c := range cands {
		got := c.Removals()
		sort.Ints(got)
		if fmt.Sprint(got) == fmt.Sprint(want) {
			return c, "", "", nil
		}
	}
	// Say what is wrong with the removal.
	for _, x := range removes {
		switch c, ok := p.At(x); {
		case !ok:
			return mv, "illegal", fmt.Sprintf("no piece on %s to remove", g.point(x)), cands
		case c == me:
			return mv, "illegal", fmt.Sprintf("%s is %s's own piece: a mill removes an opponent piece", g.point(x), me), cands
		}
	}
	for _, x := range removes {
		if g.r.InMill(p.Board[opp], x) {
			var free []string
			rem := g.r.Removable(p.Board[opp])
			for q := 0; q < NumPoints; q++ {
				if rem&(1<<uint(q)) != 0 {
					free = append(free, g.point(q))
				}
			}
			return mv, "illegal", fmt.Sprintf("the %s piece on %s stands in a mill, and %s has pieces outside mills (%s) that must be removed first",
				opp, g.point(x), opp, strings.Join(free, ", ")), cands
		}
	}
	if len(removes) == 2 && removes[0] == removes[1] {
		return mv, "illegal", fmt.Sprintf("%s is removed twice", g.point(removes[0])), cands
	}
	return mv, "illegal", "that removal is not allowed", cands
}

// whyNot explains why no legal move goes from mt.From to mt.To.
func (g *morrisGame) whyNot(mt morrisnot.MoveText) string {
	p := &g.pos
	me := p.Turn
	hand := int(p.Hand[me])
	if mt.From < 0 {
		switch c, ok := p.At(mt.To); {
		case hand == 0:
			return fmt.Sprintf("%s has no pieces left to place: a move is written from-to", me)
		case ok:
			return fmt.Sprintf("cannot place on %s: it is occupied by a %s piece", g.point(mt.To), c)
		}
		return fmt.Sprintf("%s cannot place on %s", me, g.point(mt.To))
	}
	from, to := g.point(mt.From), g.point(mt.To)
	switch c, ok := p.At(mt.From); {
	case !ok:
		return fmt.Sprintf("no piece on %s", from)
	case c != me:
		return fmt.Sprintf("the piece on %s is %s's, but %s is to move", from, c, me)
	}
	if hand > 0 && !g.r.MovingDuringPlacement {
		return fmt.Sprintf("%s still has %d pieces to place and must place one before moving", me, hand)
	}
	if c, ok := p.At(mt.To); ok {
		return fmt.Sprintf("%s is occupied by a %s piece", to, c)
	}
	if !g.r.Adjacent(mt.From, mt.To) {
		// "Along no line" would be wrong for a7-a1: a7-a4-a1 is a line, but
		// a move slides to the next point on it.
		var near []string
		for _, q := range g.r.Neighbours(int(mt.From)) {
			near = append(near, g.point(q))
		}
		why := fmt.Sprintf("%s-%s is not to an adjacent point (%s's neighbours are %s)", from, to, from, strings.Join(near, ", "))
		n := p.OnBoard(me)
		switch {
		case !g.r.Flying:
			return why + ", and flying is not allowed"
		case hand > 0:
			return fmt.Sprintf("%s, and %s may not fly with pieces still in hand", why, me)
		default:
			return fmt.Sprintf("%s: %s has %d pieces and may fly only with %d", why, me, n, g.r.FlyAt)
		}
	}
	return fmt.Sprintf("%s-%s is not a legal move", from, to)
}

// play plays a matched move and applies the draw rules.
func (g *morrisGame) play(mv Move) {
	num := g.moveNumber()
	bothThree := func() bool {
		for _, c := range []Color{White, Black} {
			if g.pos.Hand[c] != 0 || g.pos.OnBoard(c) != 3 {
				return false
			}
		}
		return true
	}
	wasThree := bothThree()
	g.pos = g.r.Play(g.pos, mv)
	g.plies++
	removal := mv != Pass && mv.Remove[0] >= 0
	if mv.IsPlacement() && mv != Pass || removal {
		clear(g.seen) // irreversible: no earlier position can come back
	}
	g.seen[g.pos]++
	switch {
	case removal:
		g.noRemoval = 0
	case !mv.IsPlacement():
		g.noRemoval++
	}
	switch {
	case !bothThree():
		g.threes = 0
	case wasThree:
		g.threes++
	default:
		g.threes = 0
	}
	g.checkOver()
	if g.over != "" {
		return
	}
	if r := g.m.Repetition; r != nil && g.seen[g.pos] >= r.Count {
		g.drawRule(r.Effect, fmt.Sprintf("the same position for the %s time", referee.Ordinal(g.seen[g.pos])), num)
	}
	if n := g.m.NoRemovalMoves; n > 0 && g.noRemoval >= 2*n {
		g.drawRule(variants.EffectForced, fmt.Sprintf("%d moves by each player without a removal", n), num)
	}
	if n := g.m.ThreeVsThreeMoves; n > 0 && g.threes >= 2*n {
		g.drawRule(variants.EffectForced, fmt.Sprintf("%d moves by each player with three pieces each", n), num)
	}
}

func (g *morrisGame) drawRule(effect, why string, num int) {
	if g.over != "" {
		return
	}
	if effect == variants.EffectForced {
		g.over, g.overAt, g.winner = "draw: "+why, num, referee.Drawn
		return
	}
	for _, c := range g.claims {
		if strings.SplitN(c, ": ", 2)[1] == why {
			return
		}
	}
	g.claims = append(g.claims, fmt.Sprintf("draw claimable at move %d: %s", num, why))
}

// checkOver lists the legal moves of the new position and ends the game
// when the side to move is down to two pieces or blocked.
func (g *morrisGame) checkOver() {
	g.legal = g.r.Legal(&g.pos, g.legal[:0])
	if g.over != "" {
		return
	}
	over, why, winner, draw := g.r.Over(&g.pos, g.legal)
	if !over {
		return
	}
	g.over, g.overAt = why, g.moveNumber()
	switch {
	case draw:
		g.over, g.winner = "draw: "+why, referee.Drawn
	case winner == White:
		g.winner = referee.WhiteWins
	default:
		g.winner = referee.BlackWins
	}
}
