package halma

import (
	"fmt"
	"strings"

	"arbiter/notation"
	halmanot "arbiter/notation/halma"
	"arbiter/referee"
	"arbiter/variants"
)

var rulesMemo referee.Memo[*variants.Variant, *Rules]

// RulesOf turns a Halma-family variant into engine rules (built once
// per variant and shared read-only).
func RulesOf(v *variants.Variant) (*Rules, error) {
	return rulesMemo.Get(v, func() (*Rules, error) {
		if SectionOf(v) == nil {
			return nil, fmt.Errorf("variant %s is not a halma variant", v.Name)
		}
		r, err := New(SectionOf(v))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", v.File, err)
		}
		return r, nil
	})
}

// checkHalma replays a Halma-family record: every move against the rules,
// then the result the moves support against the one written.
func check(rec *notation.Record, v *variants.Variant, opts referee.Options, rep *referee.Report) {
	r, err := RulesOf(v)
	if err != nil {
		rep.ErrorAt(rec.Pos, "variant", err.Error())
		return
	}
	g := &halmaGame{r: r, rec: rec, rep: rep, rewrite: opts.Rewrite, stopped: -1}
	if opts.Film {
		start := r.Start()
		b := diagram(r)
		g.film = &referee.Film{Board: b, Start: r.Picture(&start), Cells: func(move string) ([]int, []int) { return referee.NamedCells(b, move, "-:"), nil }}
		rep.Film = g.film
	}
	g.checkTags()
	g.run()
	if g.stopped >= 0 && !opts.NoFixes {
		g.repair(g.startState, g.stopped)
	}
}

// halmaGame is the state of one replay.
type halmaGame struct {
	r       *Rules
	rec     *notation.Record
	rep     *referee.Report
	rewrite bool
	film    *referee.Film // the main line as pictures, when asked for

	pos     Position
	plies   int
	canMove bool // the side to move has a move (else it passes or loses)
	out     Outcome
	overAt  int // the ply the game ended at

	// stopped is the index of the main-line move the replay stopped at
	// with a move error (-1: none), for the repair search, which starts
	// again from startState.
	stopped    int
	startState state
}

// checkTags: the ColourN tags must name the variant's colours, seat by seat.
func (g *halmaGame) checkTags() {
	for _, t := range g.rec.Tags {
		var n int
		if _, err := fmt.Sscanf(strings.ToLower(t.Name), "colour%d", &n); err != nil {
			continue
		}
		switch {
		case n < 1 || n > len(g.r.Players):
			g.rep.Warnf(t.Pos, "colour", "tag %s: this game has %d players", t.Name, len(g.r.Players))
		case !strings.EqualFold(strings.TrimSpace(t.Value), g.r.Players[n-1].Colour):
			g.rep.Warnf(t.Pos, "colour", "tag %s says %q, but seat %d plays %s in this variant", t.Name, t.Value, n, g.r.Players[n-1].Colour)
		}
	}
}

func (g *halmaGame) name(s halmanot.Square) string { return s.String() }

func (g *halmaGame) moveTexts(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = g.r.Format(m)
	}
	return out
}

func (g *halmaGame) colour(seat int) string { return g.r.Players[seat].Colour }

// owner returns the seat whose piece stands on a square, or -1.
func (g *halmaGame) owner(s Square) int { return int(g.pos.Board[s]) - 1 }

func (g *halmaGame) run() {
	g.pos = g.r.Start()
	g.update()
	g.startState = g.save()
	n := len(g.r.Players)
	offset := 0 // the record's round count minus ours, after a numbering slip
	for i, m := range g.rec.Moves {
		if len(m.Variations) > 0 {
			g.rep.Warnf(m.Pos, "variation", "variations are not replayed in halma records")
		}
		round := g.plies/n + 1
		diag := func(sev notation.Severity, code, msg string, legal []string) {
			g.rep.Add(referee.Diagnostic{
				Diagnostic: notation.Diagnostic{Pos: m.Pos, Severity: sev, Code: code, Msg: msg},
				MoveNumber: round, Move: m.Text, Legal: legal,
				FEN: g.r.FEN(&g.pos), Board: g.r.Board(&g.pos),
			})
		}
		if g.out.Over {
			diag(notation.Error, "after-end", fmt.Sprintf("move written after the game was over (%s, in round %d)", g.out.Why, g.overAt/n+1), nil)
			break
		}
		if m.Number > 0 && g.plies%n == 0 && m.Number != round+offset {
			diag(notation.Warning, "move-number", fmt.Sprintf("move number %d written where %d was expected", m.Number, round+offset), nil)
			offset = m.Number - round
		}
		mt, err := halmanot.ParseMove(m.Text)
		if err != nil {
			break // reported by the reader
		}
		mv, code, why := g.match(mt)
		if why != "" {
			diag(notation.Error, code, why, g.moveTexts(g.r.Legal(&g.pos, nil)))
			g.stopped = i
			break
		}
		if g.rewrite {
			m.Text = mt.String()
		}
		g.pos = g.r.Play(g.pos, mv)
		g.frame(m, mv)
		g.plies++
		g.update()
	}
	g.rep.Plies = g.plies
	g.rep.FinalFEN = g.r.FEN(&g.pos)
	g.judgeResult()
}

// update sees whether the side to move can move and whether the game is
// over. The legal moves are listed only for a diagnostic: a written move
// is checked square by square, which is cheaper than generating them all.
func (g *halmaGame) update() {
	g.canMove = g.r.HasMove(&g.pos)
	if !g.out.Over {
		if g.out = g.r.Over(&g.pos, g.canMove); g.out.Over {
			g.overAt = g.plies
		}
	}
}

// match finds the legal move a written move means, or says why there is
// none (an error code and the reason).
func (g *halmaGame) match(mt halmanot.MoveText) (mv Move, code, why string) {
	r, me := g.r, g.pos.Turn
	if mt.Pass {
		if g.canMove {
			return mv, "pass", fmt.Sprintf("%s passes, but has %d legal moves: a player passes only when he cannot move", g.colour(me), len(g.r.Legal(&g.pos, nil)))
		}
		return Move{Pass: true}, "", ""
	}
	sq := make([]Square, len(mt.Squares))
	for i, s := range mt.Squares {
		if s.File >= r.Size || s.Rank >= r.Size {
			return mv, "no-such-square", fmt.Sprintf("%s is not a square of the %dx%d board", s, r.Size, r.Size)
		}
		sq[i] = s.File + s.Rank*r.Size
	}
	from, to := sq[0], sq[len(sq)-1]
	fromName, toName := g.name(mt.From()), g.name(mt.To())
	switch o := g.owner(from); {
	case o < 0:
		return mv, "illegal", fmt.Sprintf("no piece on %s", fromName)
	case o != me:
		return mv, "turn", fmt.Sprintf("the piece on %s is %s's, but %s is to move", fromName, g.colour(o), g.colour(me))
	}
	if from == to && len(sq) == 2 {
		return mv, "illegal", fmt.Sprintf("%s ends where it started", mt)
	}
	if !g.canMove {
		return mv, "must-pass", fmt.Sprintf("%s cannot move and must pass (write pass)", g.colour(me))
	}
	pl := &r.Players[me]
	dirOK := func(d [2]int) bool {
		for _, x := range pl.Dirs {
			if x == d {
				return true
			}
		}
		return false
	}
	dirNames := func() string {
		var names []string
		for _, x := range pl.Dirs {
			for name, d := range Directions {
				if d == x {
					names = append(names, name)
				}
			}
		}
		return strings.Join(names, ", ")
	}
	dirName := func(d [2]int) string {
		for name, x := range Directions {
			if x == d {
				return name
			}
		}
		return "?"
	}
	taken := func(s Square, name string) string {
		return fmt.Sprintf("the landing square %s is taken by a %s piece", name, g.colour(g.owner(s)))
	}
	switch {
	case mt.Mixed():
		return mv, "mixed", fmt.Sprintf("%s mixes a step (-) and jumps (:): a move is one step or a chain of jumps", mt)
	case !mt.IsJump() && len(mt.Seps) > 1:
		return mv, "illegal", fmt.Sprintf("%s makes %d steps: a move is one step", mt, len(mt.Seps))
	case mt.IsStep():
		df, dk := to%r.Size-from%r.Size, to/r.Size-from/r.Size
		if df < -1 || df > 1 || dk < -1 || dk > 1 {
			return mv, "not-adjacent", fmt.Sprintf("%s-%s is no step: %s is not next to %s (a jump is written with :)", fromName, toName, toName, fromName)
		}
		if !dirOK([2]int{df, dk}) {
			return mv, "direction", fmt.Sprintf("%s-%s goes %s, but %s steps only %s", fromName, toName, dirName([2]int{df, dk}), g.colour(me), dirNames())
		}
		if g.owner(to) >= 0 {
			return mv, "taken", taken(to, toName)
		}
	default: // a chain of jumps
		if !pl.Jumps {
			return mv, "no-jumps", fmt.Sprintf("%s may not jump in this game", g.colour(me))
		}
		visited := map[Square]bool{from: true}
		for i := 1; i < len(sq); i++ {
			a, b := sq[i-1], sq[i]
			an, bn := g.name(mt.Squares[i-1]), g.name(mt.Squares[i])
			df, dk := b%r.Size-a%r.Size, b/r.Size-a/r.Size
			if (df != 0 && df != 2 && df != -2) || (dk != 0 && dk != 2 && dk != -2) || (df == 0 && dk == 0) {
				return mv, "not-a-jump", fmt.Sprintf("%s:%s is no jump: a jump goes over a neighbouring square to the square right behind it", an, bn)
			}
			d := [2]int{df / 2, dk / 2}
			if !dirOK(d) {
				return mv, "direction", fmt.Sprintf("%s:%s goes %s, but %s moves only %s", an, bn, dirName(d), g.colour(me), dirNames())
			}
			over := a + d[0] + d[1]*r.Size
			if over == from || g.owner(over) < 0 {
				return mv, "empty-jumped", fmt.Sprintf("%s:%s jumps over %s, which is empty", an, bn, Name(r.Size, over))
			}
			if b != from && g.owner(b) >= 0 {
				return mv, "taken", taken(b, bn)
			}
			if visited[b] && !r.RevisitSquares {
				return mv, "revisit", fmt.Sprintf("the chain comes back to %s: a jump chain may not land twice on a square", bn)
			}
			visited[b] = true
		}
	}
	if !r.LeaveTarget && r.InTarget(me, from) && !r.InTarget(me, to) {
		return mv, "leave-target", fmt.Sprintf("the piece on %s stands in %s's target camp and may not leave it", fromName, g.colour(me))
	}
	// Every square of the move has been checked: it is the legal move
	// from..to (the engine's Legal lists the same, tested in halma_test).
	mv = Move{From: from, To: to}
	if mt.IsJump() {
		mv.Path = sq[1:]
	}
	return mv, "", ""
}

// judgeResult compares the written result with what the moves support.
func (g *halmaGame) judgeResult() {
	res := &g.rep.Result
	tag, hasTag := g.rec.TagPos("Result")
	if hasTag {
		res.Tag = strings.TrimSpace(tag.Value)
	}
	res.Terminator = g.rec.Result
	n := len(g.r.Players)
	valid := func(s string) bool {
		if s == "*" || s == "" {
			return true
		}
		parts := strings.Split(s, "-")
		if len(parts) != n {
			return false
		}
		for _, p := range parts {
			if p != "0" && p != "1" {
				return false
			}
		}
		return true
	}
	if hasTag && !valid(res.Tag) {
		g.rep.Errorf(tag.Pos, "result-tag", "Result tag %q is not a result of a %d-player game (one score per seat, 0 or 1, e.g. %s)", tag.Value, n, g.r.Result(Outcome{Over: true, Winners: []int{0}}))
	}
	if res.Terminator != "" && !valid(res.Terminator) {
		g.rep.Errorf(g.rec.ResultPos, "result", "result %s is not a result of a %d-player game", res.Terminator, n)
	}
	if hasTag && res.Terminator != "" && res.Tag != res.Terminator && res.Tag != "*" && res.Terminator != "*" {
		g.rep.Errorf(g.rec.ResultPos, "result-mismatch", "the game ends with %s but its Result tag says %s", res.Terminator, res.Tag)
	}
	written, wpos := res.Terminator, g.rec.ResultPos
	if (written == "" || written == "*") && hasTag && res.Tag != "" {
		written, wpos = res.Tag, tag.Pos
	}
	if !wpos.IsValid() {
		wpos = g.rec.Pos
	}
	if g.out.Over {
		res.Derived = g.r.Result(g.out)
		res.Reason = g.out.Why
	}
	switch {
	case !valid(written):
	case g.out.Over && (written == "" || written == "*"):
		g.rep.Warnf(wpos, "result", "the game is over (%s): its result is %s", g.out.Why, res.Derived)
	case g.out.Over && written != res.Derived:
		g.rep.Errorf(wpos, "result", "result %s contradicts the moves: %s, so the result is %s", written, g.out.Why, res.Derived)
	case !g.out.Over && written != "" && written != "*":
		// The rules know no resignation and no draw: a game ends when a
		// player (a team) has finished or a blocked player loses.
		g.rep.Errorf(wpos, "result", "result %s, but the moves do not end the game: no player has finished", written)
	}
}
