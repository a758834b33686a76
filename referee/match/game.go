package match

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"arbiter/referee"
	"arbiter/referee/draughts"
)

// DrawJudge is the referee of one game move by move: the legal moves, and
// whether a rule has ended the game. *draughts.Line is the one
// arbiter uses: the same bookkeeping as 'arbiter check'.
type DrawJudge interface {
	Position() draughts.Position
	Legal() []draughts.Move
	Play(mv draughts.Move)
	Over() (referee.Outcome, string, bool)
	Claims() []string
	Plies() int
	MoveText(mv draughts.Move) string
}

// TimeControl is a game's clock: Base for the whole game plus Inc after
// each move, or PerMove for every move.
type TimeControl struct {
	Base, Inc, PerMove time.Duration
	Margin             time.Duration // lateness tolerated before a flag falls
}

// Tag writes the PDN TimeControl tag: "300+5" (seconds), or "1/10" for
// ten seconds a move.
func (tc TimeControl) Tag() string {
	if tc.PerMove > 0 {
		return "1/" + trimFloat(tc.PerMove.Seconds())
	}
	s := trimFloat(tc.Base.Seconds())
	if tc.Inc > 0 {
		s += "+" + trimFloat(tc.Inc.Seconds())
	}
	return s
}

// Game is one finished (or interrupted) game.
type Game struct {
	Number      int // 1-based, in the match's order
	Round       int
	White       string
	Black       string
	WhiteEngine int // 0 or 1: which of the two engines had White
	FEN         string
	Moves       []PlayedMove
	Outcome     referee.Outcome
	Result      string // as written: 2-0, 1-1, 0-2, *
	Termination string
	Date        time.Time
	// started: both engines accepted the game (an engine that did not
	// start, or did not start the game, lost it before it began).
	started bool
}

// PlayedMove is a move as written, with what the clock said.
type PlayedMove struct {
	Text    string
	Color   draughts.Color
	Left    time.Duration // the mover's clock after the move (Fischer)
	Elapsed time.Duration
}

// gameSpec is what a game is played from.
type gameSpec struct {
	number, round int
	white         int // engine index playing White
	start         draughts.Position
	fen           string // the FEN tag, "" for the variant's start
}

// playGame plays one game and returns its record. It never returns with
// an engine's process still running.
func (m *Match) playGame(ctx context.Context, gs gameSpec) *Game {
	g := &Game{Number: gs.number, Round: gs.round, WhiteEngine: gs.white, FEN: gs.fen, Date: time.Now(),
		White: m.engines[gs.white].Name, Black: m.engines[1-gs.white].Name}
	judge, err := m.newJudge(gs.start)
	if err != nil { // the opening was checked when read
		g.Result, g.Termination = "*", "unfinished: "+err.Error()
		return g
	}
	score := func(o referee.Outcome, col draughts.Color) float64 {
		switch {
		case o == referee.Drawn:
			return 0.5
		case o == referee.WhiteWins && col == draughts.White, o == referee.BlackWins && col == draughts.Black:
			return 1
		case o == referee.WhiteWins || o == referee.BlackWins:
			return 0
		}
		return -1
	}
	var players [2]player // by colour
	end := func(o referee.Outcome, why string) *Game {
		g.Outcome, g.Termination = o, why
		g.Result = judge.ResultText(o)
		var wg sync.WaitGroup
		for col, p := range players {
			if p != nil {
				wg.Add(1)
				go func() {
					defer wg.Done()
					p.finish(score(o, draughts.Color(col)))
				}()
			}
		}
		wg.Wait()
		return g
	}
	loses := func(col draughts.Color, why string) *Game {
		o := referee.WhiteWins
		if col == draughts.White {
			o = referee.BlackWins
		}
		return end(o, fmt.Sprintf("%s (%s) %s", m.nameOf(gs, col), colorName(col), why))
	}

	// Start both engines at once: starting one can take seconds.
	type started struct {
		p   player
		err error
	}
	engineOf := func(col draughts.Color) *Engine {
		if col == draughts.White {
			return &m.engines[gs.white]
		}
		return &m.engines[1-gs.white]
	}
	// An engine started on a port arbiter chose may lose that port to
	// another program between the choice and its bind (another match on
	// the machine): the engine cannot listen and exits, and arbiter reaches
	// the wrong program (which closes the connection, says something else
	// or nothing) or none. Such a start is tried again on a new port
	// before the engine is blamed. Only such a start: an engine that could
	// not be started, refused the game or never answered is still running
	// (or never ran), and a second try would only fail the same way, a
	// handshake's time later.
	const startTries = 3
	retry := func(e *Engine, try int, err error, exited func() bool) bool {
		return err != nil && try < startTries && e.usesPort() && !e.Listen && !e.shared() &&
			ctx.Err() == nil && exited()
	}
	// portLost: the handshake failed as it fails on a port another program
	// took. A connection that broke at once may have reached that program
	// before the engine, failing to listen, had exited: it is given the
	// handshake's time to. A refusal, or a silence, came after that time
	// or from the engine itself.
	portLost := func(p player, err error) func() bool {
		return func() bool {
			if errors.As(err, new(answerError)) {
				return p.exitedWithin(ctx, 0)
			}
			return p.exitedWithin(ctx, m.cfg.Handshake)
		}
	}
	var ch [2]chan started
	for col := range 2 {
		ch[col] = make(chan started, 1)
		e := engineOf(draughts.Color(col))
		go func() {
			p, err := m.start(ctx, e)
			for try := 1; retry(e, try, err, func() bool { return errors.As(err, new(exitedError)) }); try++ {
				p, err = m.start(ctx, e)
			}
			ch[col] <- started{p, err}
		}()
	}
	var startErr [2]error
	for col := range 2 {
		s := <-ch[col]
		players[col], startErr[col] = s.p, s.err
	}
	if ctx.Err() != nil {
		return end(referee.Unknown, "unfinished: interrupted")
	}
	for col := range 2 {
		if startErr[col] != nil {
			if startErr[1-col] != nil {
				return end(referee.Unknown, fmt.Sprintf("unfinished: neither engine started (%s: %v; %s: %v)",
					m.nameOf(gs, draughts.White), startErr[0], m.nameOf(gs, draughts.Black), startErr[1]))
			}
			return loses(draughts.Color(col), "did not start: "+startErr[col].Error())
		}
	}
	// The side not to move first gets its request first, so that the
	// first mover's clock starts when it accepts.
	first := gs.start.Turn()
	var ready time.Time
	for _, col := range []draughts.Color{first.Opponent(), first} {
		var err error
		ready, err = players[col].newGame(ctx, col, gs.start)
		for try := 1; retry(engineOf(col), try, err, portLost(players[col], err)); try++ {
			players[col].finish(-1)
			players[col] = nil
			p, serr := m.start(ctx, engineOf(col))
			if serr != nil {
				err = serr
				break
			}
			players[col] = p
			ready, err = p.newGame(ctx, col, gs.start)
		}
		if err != nil {
			if ctx.Err() != nil {
				return end(referee.Unknown, "unfinished: interrupted")
			}
			return loses(col, "did not start the game: "+err.Error())
		}
	}

	g.started = true
	clock := [2]time.Duration{m.tc.Base, m.tc.Base}
	t := &turn{anchor: gs.start, inc: m.tc.Inc, st: m.tc.PerMove}
	engineMoves := 0
	for {
		if o, why, over := judge.Over(); over {
			return end(o, why)
		}
		if m.maxMoves > 0 && engineMoves >= 2*m.maxMoves {
			return end(referee.Drawn, fmt.Sprintf("draw: move limit of %d moves reached (adjudicated)", m.maxMoves))
		}
		pos := judge.Position()
		col := pos.Turn()
		mover := players[col]
		t.own = clock[col]
		// The clock starts before the request goes out: an engine that
		// answers at once (from its book) must not be timed negative.
		asked := time.Now()
		if engineMoves == 0 {
			asked = ready
		}
		if err := mover.think(t); err != nil {
			return loses(col, "lost connection: "+err.Error())
		}
		budget := clock[col]
		if m.tc.PerMove > 0 {
			budget = m.tc.PerMove
		}
		timer := time.NewTimer(budget + m.tc.Margin)
		var ev event
		from := col
	wait:
		for {
			select {
			case ev = <-players[col].events():
				from = col
			case ev = <-players[1-col].events():
				from = col.Opponent()
			case <-timer.C:
				if m.tc.PerMove > 0 {
					return loses(col, fmt.Sprintf("lost on time (no move within %s)", fmtDur(budget+m.tc.Margin)))
				}
				return loses(col, fmt.Sprintf("lost on time (flag fell: %s on its clock when asked to move)", fmtDur(budget)))
			case <-ctx.Done():
				timer.Stop()
				return end(referee.Unknown, "unfinished: interrupted")
			}
			switch {
			case ev.kind == evReady:
				continue // a late handshake answer: harmless
			case from != col && ev.kind == evFail:
				timer.Stop()
				return loses(from, ev.err)
			case from != col:
				timer.Stop()
				return loses(from, fmt.Sprintf("moved out of turn (%q while %s was to move)", ev.text, colorName(col)))
			case ev.kind != evFail && ev.at.Before(asked):
				// Sent before it was asked: a second move after its own.
				timer.Stop()
				return loses(col, fmt.Sprintf("moved out of turn (%q before %s was to move)", ev.text, colorName(col)))
			}
			break wait
		}
		timer.Stop()
		elapsed := ev.at.Sub(asked)
		switch ev.kind {
		case evFail:
			return loses(col, ev.err)
		case evClaim:
			return m.judgeClaim(judge, ev, col, end, loses)
		}
		if elapsed > budget+m.tc.Margin {
			return loses(col, fmt.Sprintf("lost on time (%s for a move with %s left)", fmtDur(elapsed), fmtDur(budget)))
		}
		mv, why := matchMove(judge.Legal(), ev.from, ev.to, ev.captured)
		if why != "" {
			return loses(col, fmt.Sprintf("%s move %q: %s", why, ev.text, legalHint(judge)))
		}
		// The legal list's storage is reused by the next position.
		mv = cloneMove(mv)
		if m.tc.PerMove == 0 {
			clock[col] += m.tc.Inc - elapsed
		}
		g.Moves = append(g.Moves, PlayedMove{Text: judge.MoveText(mv), Color: col, Left: clock[col], Elapsed: elapsed})
		if !pos.At(mv.From).IsKing() || mv.IsCapture() {
			t.since = t.since[:0]
		} else {
			t.since = append(t.since, mv)
		}
		judge.Play(mv)
		engineMoves++
		if len(t.since) == 0 {
			t.anchor = judge.Position()
		}
		t.last, t.lastS = &mv, int(elapsed.Seconds())
	}
}

// judgeClaim decides a DXP GAMEEND sent instead of a move: giving up is a
// loss; a draw stands only when a rule let the claimant claim one; any other
// claim is false and loses, since the referee ends the game itself when a
// rule ends it.
func (m *Match) judgeClaim(judge judgeWithResult, ev event, col draughts.Color,
	end func(referee.Outcome, string) *Game, loses func(draughts.Color, string) *Game) *Game {
	switch ev.code {
	case 1:
		return loses(col, "resigned (GAMEEND 1)")
	case 2:
		if claims := judge.Claims(); len(claims) > 0 {
			return end(referee.Drawn, "draw claimed by "+colorName(col)+": "+claims[len(claims)-1])
		}
		return loses(col, "claimed a draw no rule gives (GAMEEND 2)")
	case 3:
		return loses(col, "claimed a win the position does not give (GAMEEND 3)")
	}
	return loses(col, "ended the game without a reason (GAMEEND 0)")
}

// judgeWithResult is a DrawJudge that also writes results the variant's way.
type judgeWithResult interface {
	DrawJudge
	ResultText(o referee.Outcome) string
}

// matchMove finds the legal move an engine means: the same from and to
// squares and, when it lists them, the same captured squares. Paths that
// capture the same pieces are one move.
func matchMove(legal []draughts.Move, from, to int, captured []int) (draughts.Move, string) {
	var found []draughts.Move
	for _, mv := range legal {
		if mv.From != from || mv.To != to {
			continue
		}
		if captured != nil && !sameSet(mv.Captured, captured) {
			continue
		}
		dup := false
		for _, f := range found {
			if sameSet(f.Captured, mv.Captured) {
				dup = true
				break
			}
		}
		if !dup {
			found = append(found, mv)
		}
	}
	switch len(found) {
	case 0:
		return draughts.Move{}, "illegal"
	case 1:
		return found[0], ""
	}
	return draughts.Move{}, "ambiguous"
}

func sameSet(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	var seen [256]int8
	for _, x := range a {
		if x < 0 || x >= len(seen) {
			return false
		}
		seen[x]++
	}
	for _, x := range b {
		if x < 0 || x >= len(seen) || seen[x] == 0 {
			return false
		}
		seen[x]--
	}
	return true
}

func cloneMove(mv draughts.Move) draughts.Move {
	mv.Path = append([]int(nil), mv.Path...)
	mv.Captured = append([]int(nil), mv.Captured...)
	return mv
}

// legalHint lists a few legal moves, for the Termination tag.
func legalHint(judge DrawJudge) string {
	legal := judge.Legal()
	var s string
	seen := map[string]bool{}
	n := 0
	for _, mv := range legal {
		t := judge.MoveText(mv)
		if seen[t] {
			continue
		}
		seen[t] = true
		if n == 8 {
			s += ", ..."
			break
		}
		if n > 0 {
			s += ", "
		}
		s += t
		n++
	}
	return "legal: " + s
}

func (m *Match) nameOf(gs gameSpec, col draughts.Color) string {
	if col == draughts.White {
		return m.engines[gs.white].Name
	}
	return m.engines[1-gs.white].Name
}

func fmtDur(d time.Duration) string { return d.Round(time.Millisecond).String() }

func colorName(c draughts.Color) string {
	if c == draughts.White {
		return "White"
	}
	return "Black"
}
