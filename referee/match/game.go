package match

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
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

// ParseTC reads a time per game: MINUTES[+INCREMENT_SECONDS] ("5",
// "1+0.5").
func ParseTC(s string) (TimeControl, error) {
	var tc TimeControl
	b, i, hasInc := strings.Cut(s, "+")
	mins, err := strconv.ParseFloat(b, 64)
	if err == nil {
		tc.Base, err = Seconds(mins * 60)
	}
	if err != nil || tc.Base == 0 {
		return tc, fmt.Errorf("minutes per game must be a positive number")
	}
	if hasInc {
		secs, err := strconv.ParseFloat(i, 64)
		if err == nil {
			tc.Inc, err = Seconds(secs)
		}
		if err != nil {
			return tc, fmt.Errorf("the increment must be a number of seconds, 0 or more")
		}
	}
	return tc, nil
}

// PerMoveTC reads a time per move in seconds.
func PerMoveTC(s string) (TimeControl, error) {
	f, err := strconv.ParseFloat(s, 64)
	var d time.Duration
	if err == nil {
		d, err = Seconds(f)
	}
	if err != nil || d == 0 {
		return TimeControl{}, fmt.Errorf("the time per move must be a positive number of seconds")
	}
	return TimeControl{PerMove: d}, nil
}

// Seconds turns a number of seconds into a time; NaN, infinities, negative
// numbers and times beyond a year (which would overflow a clock) are not
// times a match is played with.
func Seconds(f float64) (time.Duration, error) {
	const limit = 365 * 24 * time.Hour
	if math.IsNaN(f) || f < 0 || f > limit.Seconds() {
		return 0, fmt.Errorf("%v is not a time in seconds", f)
	}
	return time.Duration(f * float64(time.Second)).Round(time.Millisecond), nil
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
	Number      int // the caller's numbering
	Round       string
	White       string
	Black       string
	WhiteEngine int // the engines' indices in the arena
	BlackEngine int
	FEN         string
	Moves       []PlayedMove
	Outcome     referee.Outcome
	Result      string // as written: 2-0, 1-1, 0-2, *
	Termination string
	Date        time.Time
	// Interrupted: the game was under way when the context was cancelled.
	Interrupted bool
	// Relay is arbiter's own time per move: from an engine's move coming
	// in to the next request being written to the other engine (the move
	// matched, the rules applied, the clocks and messages written).
	Relay []time.Duration
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
	// Score is the engine's own score of the position after its move, in
	// men from its side, when it sent one (Hub's info score).
	Score  float64
	Scored bool
}

// Started says whether both engines accepted the game (an engine that did
// not start, or did not start the game, lost it before it began).
func (g *Game) Started() bool { return g.started }

// playGame plays one game and returns its record. It never returns with
// an engine's process still running.
func (a *Arena) playGame(ctx context.Context, gs GameSpec) *Game {
	g := &Game{Number: gs.Number, Round: gs.Round, WhiteEngine: gs.White, BlackEngine: gs.Black, Date: time.Now()}
	if gs.White < 0 || gs.White >= len(a.engines) || gs.Black < 0 || gs.Black >= len(a.engines) || gs.White == gs.Black ||
		gs.Opening < 0 || gs.Opening >= len(a.openings) {
		g.Result, g.Termination = "*", "unfinished: no such engines or opening"
		return g
	}
	g.White, g.Black = a.engines[gs.White].Name, a.engines[gs.Black].Name
	open := a.openings[gs.Opening]
	g.FEN = open.fen
	engineIdx := [2]int{gs.White, gs.Black} // by colour
	tcs := [2]TimeControl{a.TC(gs.White), a.TC(gs.Black)}
	judge, err := a.newJudge(open.pos)
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
		return end(o, fmt.Sprintf("%s (%s) %s", a.engines[engineIdx[col]].Name, colorName(col), why))
	}

	// Start both engines at once: starting one can take seconds.
	type started struct {
		p   player
		err error
	}
	engineOf := func(col draughts.Color) *Engine { return &a.engines[engineIdx[col]] }
	start := func(col draughts.Color) (player, error) {
		return a.start(ctx, engineOf(col), &a.setups[engineIdx[col]])
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
			return p.exitedWithin(ctx, a.cfg.Handshake)
		}
	}
	var ch [2]chan started
	for col := range 2 {
		ch[col] = make(chan started, 1)
		e := engineOf(draughts.Color(col))
		go func() {
			p, err := start(draughts.Color(col))
			for try := 1; retry(e, try, err, func() bool { return errors.As(err, new(exitedError)) }); try++ {
				p, err = start(draughts.Color(col))
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
		g.Interrupted = true
		return end(referee.Unknown, "unfinished: interrupted")
	}
	for col := range 2 {
		if startErr[col] != nil {
			if startErr[1-col] != nil {
				return end(referee.Unknown, fmt.Sprintf("unfinished: neither engine started (%s: %v; %s: %v)",
					g.White, startErr[0], g.Black, startErr[1]))
			}
			return loses(draughts.Color(col), "did not start: "+startErr[col].Error())
		}
	}
	// The side not to move first gets its request first, so that the
	// first mover's clock starts when it accepts.
	first := open.pos.Turn()
	var ready time.Time
	for _, col := range []draughts.Color{first.Opponent(), first} {
		var err error
		ready, err = players[col].newGame(ctx, col, open.pos)
		for try := 1; retry(engineOf(col), try, err, portLost(players[col], err)); try++ {
			players[col].finish(-1)
			players[col] = nil
			p, serr := start(col)
			if serr != nil {
				err = serr
				break
			}
			players[col] = p
			ready, err = p.newGame(ctx, col, open.pos)
		}
		if err != nil {
			if ctx.Err() != nil {
				g.Interrupted = true
				return end(referee.Unknown, "unfinished: interrupted")
			}
			return loses(col, "did not start the game: "+err.Error())
		}
	}

	g.started = true
	clock := [2]time.Duration{tcs[0].Base, tcs[1].Base}
	t := &turn{anchor: open.pos}
	adj := newAdjudicator(a.cfg.Adjudication)
	engineMoves := 0
	var lastMove time.Time // when the last move came in
	for {
		if o, why, over := judge.Over(); over {
			return end(o, why)
		}
		if o, why, over := adj.verdict(); over {
			return end(o, why)
		}
		if a.cfg.MaxMoves > 0 && engineMoves >= 2*a.cfg.MaxMoves {
			return end(referee.Drawn, fmt.Sprintf("draw: move limit of %d moves reached (adjudicated)", a.cfg.MaxMoves))
		}
		pos := judge.Position()
		col := pos.Turn()
		mover := players[col]
		tc := tcs[col]
		t.own, t.inc, t.st = clock[col], tc.Inc, tc.PerMove
		// The clock starts before the request goes out: an engine that
		// answers at once (from its book) must not be timed negative.
		asked := time.Now()
		if engineMoves == 0 {
			asked = ready
		}
		if err := mover.think(t); err != nil {
			return loses(col, "lost connection: "+err.Error())
		}
		if engineMoves > 0 {
			g.Relay = append(g.Relay, time.Since(lastMove))
		}
		budget := clock[col]
		if tc.PerMove > 0 {
			budget = tc.PerMove
		}
		timer := time.NewTimer(budget + tc.Margin)
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
				if tc.PerMove > 0 {
					return loses(col, fmt.Sprintf("lost on time (no move within %s)", fmtDur(budget+tc.Margin)))
				}
				return loses(col, fmt.Sprintf("lost on time (flag fell: %s on its clock when asked to move)", fmtDur(budget)))
			case <-ctx.Done():
				timer.Stop()
				g.Interrupted = true
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
			return judgeClaim(judge, ev, col, end, loses)
		}
		if elapsed > budget+tc.Margin {
			return loses(col, fmt.Sprintf("lost on time (%s for a move with %s left)", fmtDur(elapsed), fmtDur(budget)))
		}
		mv, why := matchMove(judge.Legal(), ev.from, ev.to, ev.captured)
		if why != "" {
			return loses(col, fmt.Sprintf("%s move %q: %s", why, ev.text, legalHint(judge)))
		}
		// The legal list's storage is reused by the next position.
		mv = cloneMove(mv)
		if tc.PerMove == 0 {
			clock[col] += tc.Inc - elapsed
		}
		g.Moves = append(g.Moves, PlayedMove{Text: judge.MoveText(mv), Color: col, Left: clock[col], Elapsed: elapsed,
			Score: ev.score, Scored: ev.scored})
		adj.add(col, ev.score, ev.scored)
		lastMove = ev.at
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
func judgeClaim(judge judgeWithResult, ev event, col draughts.Color,
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

func fmtDur(d time.Duration) string { return d.Round(time.Millisecond).String() }

func colorName(c draughts.Color) string {
	if c == draughts.White {
		return "White"
	}
	return "Black"
}
