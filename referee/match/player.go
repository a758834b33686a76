package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"arbiter/referee/draughts"
	"arbiter/referee/match/dxp"
	"arbiter/referee/match/hub"
)

type evKind int

const (
	evMove  evKind = iota // the engine sent a move
	evClaim               // a DXP GAMEEND instead of a move
	evFail                // malformed message, lost connection, crash
	evReady               // handshake answers (GAMEACC, Hub wait/ready)
)

// event is what a player's reader reports, stamped with its arrival.
type event struct {
	kind     evKind
	from, to int
	captured []int // nil when the engine did not list them
	text     string
	code     int // GAMEACC code, GAMEEND reason
	err      string
	at       time.Time
	score    float64 // Hub: the last info score of the search a move ends
	scored   bool
}

// turn is what an engine needs to know to move.
type turn struct {
	anchor draughts.Position // the position after the last irreversible move
	since  []draughts.Move   // the moves from anchor to now
	last   *draughts.Move    // the opponent's last move, nil at the start
	lastS  int               // seconds the opponent used for it
	own    time.Duration     // the engine's remaining time (0 with time per move)
	inc    time.Duration
	st     time.Duration // time per move, or 0
}

// player is one engine in one game.
type player interface {
	events() <-chan event
	// newGame starts a game in which the engine plays col from start, and
	// says when the engine was ready (a DXP first mover starts thinking
	// then, unasked).
	newGame(ctx context.Context, col draughts.Color, start draughts.Position) (time.Time, error)
	// think asks the engine for its move.
	think(t *turn) error
	// finish tells the engine the game is over (score from its side: 1, 0.5,
	// 0; -1 unknown), ends its connection and reaps its program.
	finish(score float64)
	// exitedWithin says whether the program arbiter started for it ends
	// within d (has ended, for 0) and before ctx is done.
	exitedWithin(ctx context.Context, d time.Duration) bool
}

// answerError is a handshake that failed while the engine was there to
// answer: it refused, or it said nothing in the time allowed.
type answerError struct{ error }

func (e answerError) Unwrap() error { return e.error }

// setup is what every player of a match shares.
type setup struct {
	variant   string // arbiter's variant name
	minutes   string // DXP GAMEREQ thinking time
	dxpMoves  int    // DXP GAMEREQ number of moves
	handshake time.Duration
	trace     func(engine, dir, msg string) // nil: no trace
}

func (s *setup) log(e *Engine, dir, msg string) {
	if s.trace != nil {
		s.trace(e.Name, dir, msg)
	}
}

// sendEvent delivers an event unless the player is closed.
func sendEvent(ch chan event, quit chan struct{}, ev event) {
	ev.at = time.Now()
	select {
	case ch <- ev:
	case <-quit:
	}
}

// waitReady reads events until the handshake answer, failure or timeout.
func waitReady(ctx context.Context, ch <-chan event, what string, timeout time.Duration) (event, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case ev := <-ch:
			switch ev.kind {
			case evReady:
				return ev, nil
			case evFail:
				return ev, errors.New(ev.err)
			default:
				return ev, fmt.Errorf("sent %q while arbiter waited for %s", ev.text, what)
			}
		case <-timer.C:
			return event{}, answerError{fmt.Errorf("no %s within %v", what, timeout)}
		case <-ctx.Done():
			return event{}, ctx.Err()
		}
	}
}

// portLostGrace is how long a DXP engine that failed to start is given to
// exit, the sign that it never had the port (see startDXP).
const portLostGrace = 2 * time.Second

// dxpPlayer is an engine speaking DamExchange; arbiter is the Initiator.
type dxpPlayer struct {
	e    *Engine
	s    *setup
	proc *process
	conn net.Conn
	ev   chan event
	quit chan struct{}
	wmu  sync.Mutex
	once sync.Once
}

func startDXP(ctx context.Context, e *Engine, s *setup) (_ *dxpPlayer, err error) {
	p := &dxpPlayer{e: e, s: s, ev: make(chan event, 16), quit: make(chan struct{})}
	defer func() {
		if err != nil {
			// A program that lost the port arbiter chose to another one
			// (another match, another test binary) exits when it cannot
			// listen; arbiter may meanwhile have reached the other program
			// and failed there. Waiting a little for the exit tells that
			// apart from an engine that refused the game.
			if p.proc.exitsWithin(ctx, portLostGrace) {
				err = exitedError{err}
			}
			p.proc.stop(time.Second)
		}
	}()
	switch {
	case e.Listen:
		addr := e.ListenAddr
		if addr == "" {
			addr = "127.0.0.1:0"
		}
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return nil, fmt.Errorf("cannot listen on %s: %v", addr, err)
		}
		defer ln.Close()
		host, port, _ := net.SplitHostPort(ln.Addr().String())
		if e.Cmd != "" {
			if p.proc, err = startProcess(e, host, port); err != nil {
				return nil, err
			}
		}
		ln.(*net.TCPListener).SetDeadline(time.Now().Add(s.handshake))
		accepted := make(chan error, 1)
		go func() {
			c, err := ln.Accept()
			p.conn = c
			accepted <- err
		}()
		var exited chan struct{}
		if p.proc != nil {
			exited = p.proc.exited
		}
		select {
		case err := <-accepted:
			if err != nil {
				return nil, fmt.Errorf("no connection on %s within %v", ln.Addr(), s.handshake)
			}
		case <-exited:
			ln.Close()
			if err := <-accepted; err == nil {
				p.conn.Close()
			}
			return nil, fmt.Errorf("%s before connecting", p.proc.exitText())
		case <-ctx.Done():
			ln.Close()
			if err := <-accepted; err == nil {
				p.conn.Close()
			}
			return nil, ctx.Err()
		}
	default:
		addr := e.Addr
		if e.Cmd != "" {
			host, port := "127.0.0.1", ""
			if addr != "" {
				host, port, err = net.SplitHostPort(addr)
				if err != nil {
					return nil, fmt.Errorf("addr=%s: %v", addr, err)
				}
			} else if port, err = freePort(host); err != nil {
				return nil, err
			}
			addr = net.JoinHostPort(host, port)
			if p.proc, err = startProcess(e, host, port); err != nil {
				return nil, err
			}
		}
		if p.conn, err = dial(ctx, addr, p.proc, s.handshake); err != nil {
			return nil, err
		}
	}
	go p.read()
	if p.proc != nil {
		go func() {
			select {
			case <-p.proc.exited:
				sendEvent(p.ev, p.quit, event{kind: evFail, err: p.proc.endText("")})
			case <-p.quit:
			}
		}()
	}
	return p, nil
}

func (p *dxpPlayer) events() <-chan event { return p.ev }

func (p *dxpPlayer) exitedWithin(ctx context.Context, d time.Duration) bool {
	return p.proc.exitsWithin(ctx, d)
}

func (p *dxpPlayer) send(m dxp.Message) error {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	p.conn.SetWriteDeadline(time.Now().Add(p.s.handshake))
	p.s.log(p.e, "<", m.Encode())
	return dxp.WriteMessage(p.conn, m.Encode())
}

// read turns messages into events until the connection fails.
func (p *dxpPlayer) read() {
	r := dxp.NewReader(p.conn)
	for {
		msg, err := r.ReadMessage()
		if err != nil {
			why := "lost connection: " + err.Error()
			if errors.Is(err, io.EOF) {
				why = "closed the connection"
			}
			if errors.Is(err, dxp.ErrTooLong) || errors.Is(err, dxp.ErrBadByte) || errors.Is(err, dxp.ErrEmpty) {
				why = "malformed message: " + err.Error()
			} else if p.proc != nil {
				// A program that died closes its socket too: say it crashed.
				select {
				case <-p.proc.exited:
					why = p.proc.endText(why)
				case <-time.After(300 * time.Millisecond):
				}
			}
			sendEvent(p.ev, p.quit, event{kind: evFail, err: why})
			return
		}
		p.s.log(p.e, ">", msg)
		m, err := dxp.Parse(msg)
		if err != nil {
			sendEvent(p.ev, p.quit, event{kind: evFail, text: msg, err: "malformed message " + strconv.Quote(msg)})
			return
		}
		switch m := m.(type) {
		case dxp.Move:
			sendEvent(p.ev, p.quit, event{kind: evMove, from: m.From, to: m.To, captured: m.Captured, text: msg, code: m.Seconds})
		case dxp.GameEnd:
			sendEvent(p.ev, p.quit, event{kind: evClaim, code: m.Reason, text: msg})
		case dxp.GameAcc:
			sendEvent(p.ev, p.quit, event{kind: evReady, code: m.Code, text: msg})
		case dxp.BackReq:
			// Take-backs are for games with a human; an engine match
			// refuses them and goes on.
			p.send(dxp.BackAcc{Code: 1})
		case dxp.Chat, dxp.BackAcc:
		case dxp.GameReq:
			sendEvent(p.ev, p.quit, event{kind: evFail, text: msg, err: "sent a GAMEREQ, which only the Initiator (arbiter) may send"})
			return
		}
	}
}

func (p *dxpPlayer) newGame(ctx context.Context, col draughts.Color, start draughts.Position) (time.Time, error) {
	req := dxp.GameReq{Version: 1, Name: "arbiter", Follower: "WZ"[col], Minutes: p.s.minutes, Moves: p.s.dxpMoves}
	if start != start.Rules().Initial() {
		req.Position = dxp.FormatPosition(start)
	}
	if err := p.send(req); err != nil {
		return time.Time{}, fmt.Errorf("cannot send GAMEREQ: %v", err)
	}
	ev, err := waitReady(ctx, p.ev, "GAMEACC", p.s.handshake)
	if err != nil {
		return time.Time{}, err
	}
	if ev.code != 0 {
		return time.Time{}, answerError{fmt.Errorf("refused the game (GAMEACC code %d)", ev.code)}
	}
	return ev.at, nil
}

func (p *dxpPlayer) think(t *turn) error {
	if t.last == nil {
		return nil // the first mover starts after its GAMEACC
	}
	return p.send(dxp.Move{Seconds: t.lastS, From: t.last.From, To: t.last.To, Captured: t.last.Captured})
}

func (p *dxpPlayer) finish(score float64) {
	p.once.Do(func() {
		// The reason is the sender's view: arbiter speaks as the engine's
		// opponent. An engine arbiter did not start stays up for the next
		// game (stop code 0).
		reason := 0
		switch score {
		case 1:
			reason = 1
		case 0.5:
			reason = 2
		case 0:
			reason = 3
		}
		stop := 1
		if p.proc == nil {
			stop = 0
		}
		if p.send(dxp.GameEnd{Reason: reason, Stop: stop}) == nil {
			// Wait briefly for its acknowledgement (or its own GAMEEND).
			timer := time.NewTimer(2 * time.Second)
		wait:
			for {
				select {
				case ev := <-p.ev:
					if ev.kind == evClaim || ev.kind == evFail {
						break wait
					}
				case <-timer.C:
					break wait
				}
			}
			timer.Stop()
		}
		close(p.quit)
		p.conn.Close()
		p.proc.stop(2 * time.Second)
	})
}

// hubPlayer is an engine speaking Hub on its standard input and output.
type hubPlayer struct {
	e    *Engine
	s    *setup
	proc *process
	ev   chan event
	quit chan struct{}
	wmu  sync.Mutex
	once sync.Once
	// params are the parameters the engine declared before "wait", read
	// once that event has come.
	params map[string]hub.Line
}

func startHub(ctx context.Context, e *Engine, s *setup) (_ *hubPlayer, err error) {
	p := &hubPlayer{e: e, s: s, ev: make(chan event, 64), quit: make(chan struct{})}
	if p.proc, err = startProcess(e, "", ""); err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			close(p.quit)
			p.proc.stop(time.Second)
		}
	}()
	go p.read()
	if err := p.send(hub.Line{Cmd: "hub"}); err != nil {
		return nil, err
	}
	if _, err := waitReady(ctx, p.ev, `"wait"`, s.handshake); err != nil {
		return nil, err
	}
	name, set, err := hubVariantFor(s.variant, p.params["variant"])
	if err != nil {
		return nil, err
	}
	if set {
		p.send(hub.New("set-param", "name", "variant", "value", name))
	}
	for name, value := range e.Params {
		p.send(hub.New("set-param", "name", name, "value", value))
	}
	p.send(hub.Line{Cmd: "init"})
	if _, err := waitReady(ctx, p.ev, `"ready"`, s.handshake); err != nil {
		return nil, err
	}
	return p, nil
}

// probeHub starts a Hub engine, reads what it declares up to "wait", and
// says whether it plays the variant; then it ends the program.
func probeHub(ctx context.Context, e *Engine, s *setup) error {
	p := &hubPlayer{e: e, s: s, ev: make(chan event, 64), quit: make(chan struct{})}
	var err error
	if p.proc, err = startProcess(e, "", ""); err != nil {
		return err
	}
	defer func() {
		p.send(hub.Line{Cmd: "quit"})
		close(p.quit)
		p.proc.stop(time.Second)
	}()
	go p.read()
	if err := p.send(hub.Line{Cmd: "hub"}); err != nil {
		return err
	}
	if _, err := waitReady(ctx, p.ev, `"wait"`, s.handshake); err != nil {
		return err
	}
	_, _, err = hubVariantFor(s.variant, p.params["variant"])
	return err
}

func (p *hubPlayer) events() <-chan event { return p.ev }

func (p *hubPlayer) exitedWithin(ctx context.Context, d time.Duration) bool {
	return p.proc.exitsWithin(ctx, d)
}

func (p *hubPlayer) send(l hub.Line) error {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	p.s.log(p.e, "<", l.String())
	_, err := io.WriteString(p.proc.stdin, l.String()+"\n")
	return err
}

func (p *hubPlayer) read() {
	r := hub.NewReader(p.proc.stdout)
	var score float64
	scored := false
	params := map[string]hub.Line{}
	for {
		line, err := r.ReadLine()
		if err != nil {
			why := "closed its output"
			if errors.Is(err, hub.ErrTooLong) {
				why = "malformed message: " + err.Error()
			} else {
				select {
				case <-p.proc.exited:
					why = p.proc.endText(why)
				case <-time.After(300 * time.Millisecond):
				}
			}
			sendEvent(p.ev, p.quit, event{kind: evFail, err: why})
			return
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		p.s.log(p.e, ">", line)
		l, err := hub.Parse(line)
		if err != nil {
			sendEvent(p.ev, p.quit, event{kind: evFail, text: line, err: "malformed message " + strconv.Quote(line)})
			return
		}
		switch l.Cmd {
		case "param":
			if name, ok := l.Get("name"); ok && len(params) < 256 {
				params[name] = l
			}
		case "wait":
			// The parameters are read by the handshake once this event
			// came: the channel orders the write before the read.
			// Lines after it go to a map of their own: the handshake
			// reads this one.
			p.params, params = params, map[string]hub.Line{}
			sendEvent(p.ev, p.quit, event{kind: evReady, text: line})
		case "ready":
			sendEvent(p.ev, p.quit, event{kind: evReady, text: line})
		case "info":
			if v, ok := l.Get("score"); ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
					score, scored = f, true
				}
			}
		case "done":
			mv, ok := l.Get("move")
			m, err := hub.ParseMove(mv)
			if !ok || err != nil {
				sendEvent(p.ev, p.quit, event{kind: evFail, text: line, err: "malformed message " + strconv.Quote(line)})
				return
			}
			sendEvent(p.ev, p.quit, event{kind: evMove, from: m.From, to: m.To, captured: m.Captured, text: line, score: score, scored: scored})
			scored = false
		}
		// id, param, info, pong, error and unknown commands: the protocol
		// says to ignore what one does not need.
	}
}

func (p *hubPlayer) newGame(context.Context, draughts.Color, draughts.Position) (time.Time, error) {
	return time.Now(), p.send(hub.Line{Cmd: "new-game"})
}

func (p *hubPlayer) think(t *turn) error {
	pos := hub.New("pos", "pos", hub.FormatPosition(t.anchor))
	if len(t.since) > 0 {
		moves := make([]string, len(t.since))
		for i, m := range t.since {
			moves[i] = hub.FormatMove(m.From, m.To, m.Captured)
		}
		pos.Args = append(pos.Args, hub.Arg{Name: "moves", Value: strings.Join(moves, " ")})
	}
	level := hub.New("level", "move-time", secs(t.st))
	if t.st == 0 {
		level = hub.New("level", "time", secs(t.own))
		if t.inc > 0 {
			level.Args = append(level.Args, hub.Arg{Name: "inc", Value: secs(t.inc)})
		}
	}
	for _, l := range []hub.Line{pos, level, hub.Line{Cmd: "go"}.Flag("think")} {
		if err := p.send(l); err != nil {
			return err
		}
	}
	return nil
}

func secs(d time.Duration) string { return strconv.FormatFloat(max(d.Seconds(), 0), 'f', 3, 64) }

func (p *hubPlayer) finish(float64) {
	p.once.Do(func() {
		p.send(hub.Line{Cmd: "stop"})
		p.send(hub.Line{Cmd: "quit"})
		close(p.quit)
		p.proc.stop(2 * time.Second)
	})
}

// hubVariants maps arbiter's variants to the names Hub engines give them
// (Scan 3.1's "variant" parameter: normal, killer, bt, frisian, losing),
// the usual one first. Scan's killer has no variant file here.
var hubVariants = map[string][]string{
	"international": {hubNormal},
	"frisian":       {"frisian"},
	"breakthrough":  {"bt", "breakthrough"},
	"antidraughts":  {"losing"},
}

// hubNormal is Scan's name for international draughts, its default.
const hubNormal = "normal"

// HubVariantList names the variants a Hub engine may be asked to play,
// with the name Hub gives each.
func HubVariantList() string {
	var out []string
	for _, v := range []string{"international", "frisian", "breakthrough", "antidraughts"} {
		if n := hubVariants[v][0]; n != v {
			out = append(out, v+" ("+n+")")
		} else {
			out = append(out, v)
		}
	}
	return strings.Join(out, ", ")
}

// hubVariantFor chooses the value of a Hub engine's "variant" parameter
// for arbiter's variant v, from the parameter the engine declared (its
// Cmd empty when it declared none: it plays international draughts only).
// set is false when the engine's current value is already the one.
func hubVariantFor(v string, declared hub.Line) (name string, set bool, err error) {
	names := hubVariants[v]
	if declared.Cmd == "" {
		if v == "international" {
			return hubNormal, false, nil
		}
		return "", false, fmt.Errorf("declares no variant parameter: it plays international draughts only, not %s", v)
	}
	current, _ := declared.Get("value")
	values, hasValues := declared.Get("values")
	known := strings.Fields(values)
	if slices.Contains(names, current) {
		return current, false, nil
	}
	for _, n := range names {
		if !hasValues || slices.Contains(known, n) {
			return n, true, nil
		}
	}
	return "", false, fmt.Errorf("does not play %s (%s in Hub's words); its variants: %s", v, strings.Join(names, " or "), strings.Join(known, ", "))
}
