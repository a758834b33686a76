package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"arbiter/referee/draughts"
	"arbiter/variants"
)

// ArenaConfig is what every game between a set of engines shares: the
// rules, the openings, the clocks, the adjudication, the handshake.
type ArenaConfig struct {
	Engines  []Engine // names distinct
	Variant  *variants.Variant
	Openings []Opening // empty: the variant's start position
	// TC is every engine's clock, except an engine's own TC when it has
	// one; Margin is TC's for all.
	TC           TimeControl
	MaxMoves     int // moves per side before a draw is adjudicated; 0 for none
	Adjudication Adjudication
	// Concurrent: games may overlap (an engine at a fixed address cannot).
	Concurrent  bool
	Event, Site string
	// Handshake bounds starting an engine and each protocol answer
	// outside the clock (connection, GAMEACC, Hub's wait and ready).
	Handshake time.Duration
	// Trace, when set, receives every message to and from the engines.
	Trace io.Writer
}

// Arena plays games between any two of its engines. Its methods may be
// called from several goroutines at once.
type Arena struct {
	cfg      ArenaConfig
	engines  []Engine
	setups   []setup // per engine: what its protocol is told
	openings []opening
	gameType string
	// start starts an engine (the tests replace it).
	start func(ctx context.Context, e *Engine, s *setup) (player, error)
}

// GameSpec is one game to play.
type GameSpec struct {
	Number       int    // the caller's numbering, for messages
	Round        string // the Round tag
	White, Black int    // indices in the arena's engines
	Opening      int    // index in the openings (0 for the start position)
}

// NewArena checks a configuration.
func NewArena(cfg ArenaConfig) (*Arena, error) {
	a := &Arena{cfg: cfg, engines: append([]Engine(nil), cfg.Engines...)}
	if cfg.Variant == nil || draughts.SectionOf(cfg.Variant) == nil {
		return nil, errors.New("engine games are played in draughts variants")
	}
	if len(a.engines) < 2 {
		return nil, errors.New("at least two engines are needed")
	}
	if a.cfg.Handshake <= 0 {
		a.cfg.Handshake = 15 * time.Second
	}
	if err := cfg.Adjudication.check(); err != nil {
		return nil, err
	}
	rules, start, err := draughts.RulesOf(cfg.Variant)
	if err != nil {
		return nil, err
	}
	var trace func(engine, dir, msg string)
	if cfg.Trace != nil {
		var mu sync.Mutex
		t0 := time.Now()
		trace = func(engine, dir, msg string) {
			mu.Lock()
			defer mu.Unlock()
			fmt.Fprintf(cfg.Trace, "%8.3f %s %s %q\n", time.Since(t0).Seconds(), engine, dir, msg)
		}
	}
	names := map[string]bool{}
	for i := range a.engines {
		e := &a.engines[i]
		if err := e.Check(); err != nil {
			return nil, err
		}
		if names[e.Name] {
			return nil, fmt.Errorf("two engines are called %s", e.Name)
		}
		names[e.Name] = true
		if e.Proto == "dxp" && (rules.NumSquares() != 50 || cfg.Variant.Name != "international") {
			return nil, fmt.Errorf("engine %s: DamExchange plays international draughts only, not %s", e.Name, cfg.Variant.Name)
		}
		if _, ok := hubVariants[cfg.Variant.Name]; e.Proto == "hub" && (!ok || rules.NumSquares() != 50) {
			return nil, fmt.Errorf("engine %s: Hub engines play the variants Scan names (%s), not %s", e.Name, HubVariantList(), cfg.Variant.Name)
		}
		if e.shared() && cfg.Concurrent {
			return nil, fmt.Errorf("engine %s has a fixed address: its games cannot overlap; use --concurrency 1", e.Name)
		}
		tc := a.TC(i)
		if tc.Base <= 0 && tc.PerMove <= 0 {
			return nil, fmt.Errorf("engine %s: a time control is needed: time per game or time per move", e.Name)
		}
		s := setup{variant: cfg.Variant.Name, handshake: a.cfg.Handshake, trace: trace}
		// DamExchange's limits on the time it can announce bind a DXP
		// engine only: Hub engines are told the clock as it is.
		if e.Proto == "dxp" {
			if s.minutes, s.dxpMoves, err = dxpTime(tc, cfg.MaxMoves); err != nil {
				return nil, fmt.Errorf("engine %s: %v", e.Name, err)
			}
		}
		a.setups = append(a.setups, s)
	}
	if len(cfg.Openings) == 0 {
		a.openings = []opening{{pos: start}}
	}
	for _, o := range cfg.Openings {
		p, err := draughts.PositionOf(cfg.Variant, o.FEN)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", o.Name, err)
		}
		j, err := draughts.NewLine(cfg.Variant, p)
		if err != nil {
			return nil, err
		}
		if _, why, over := j.Over(); over {
			return nil, fmt.Errorf("%s: the game is over in this position (%s)", o.Name, why)
		}
		a.openings = append(a.openings, opening{pos: p, fen: j.FEN()})
	}
	j, err := draughts.NewLine(cfg.Variant, start)
	if err != nil {
		return nil, err
	}
	a.gameType = j.GameType()
	a.start = func(ctx context.Context, e *Engine, s *setup) (player, error) {
		// Explicit nils: a nil *dxpPlayer in a player would not be nil.
		if e.Proto == "hub" {
			p, err := startHub(ctx, e, s)
			if err != nil {
				return nil, err
			}
			return p, nil
		}
		p, err := startDXP(ctx, e, s)
		if err != nil {
			return nil, err
		}
		return p, nil
	}
	return a, nil
}

// Engines returns the engines' names.
func (a *Arena) Engines() []string {
	names := make([]string, len(a.engines))
	for i, e := range a.engines {
		names[i] = e.Name
	}
	return names
}

// Openings counts the start positions (1 when none was given: the
// variant's own).
func (a *Arena) Openings() int { return len(a.openings) }

// OpeningFEN is the FEN tag of the games played from opening i ("" for
// the variant's start position).
func (a *Arena) OpeningFEN(i int) string {
	if i < 0 || i >= len(a.openings) {
		return ""
	}
	return a.openings[i].fen
}

// TC is engine i's clock.
func (a *Arena) TC(i int) TimeControl {
	tc := a.engines[i].TC
	if tc.Base <= 0 && tc.PerMove <= 0 {
		tc = a.cfg.TC
	}
	tc.Margin = a.cfg.TC.Margin
	return tc
}

// Play plays one game and returns its record. It never returns with an
// engine's process still running.
func (a *Arena) Play(ctx context.Context, gs GameSpec) *Game {
	return a.playGame(ctx, gs)
}

func (a *Arena) newJudge(start draughts.Position) (judgeWithResult, error) {
	return draughts.NewLine(a.cfg.Variant, start)
}

// Record writes a game as PDN, with extra tags after the standard ones.
func (a *Arena) Record(g *Game, extra ...[2]string) string {
	var b strings.Builder
	tag := func(name, value string) {
		value = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(value)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, value)
	}
	event := a.cfg.Event
	if event == "" {
		event = "arbiter match"
	}
	site := a.cfg.Site
	if site == "" {
		site = "?"
	}
	tag("Event", event)
	tag("Site", site)
	tag("Date", g.Date.Format("2006.01.02"))
	tag("Round", g.Round)
	tag("White", g.White)
	tag("Black", g.Black)
	tag("Result", g.Result)
	if a.gameType != "" {
		tag("GameType", a.gameType)
	}
	if g.FEN != "" {
		tag("FEN", g.FEN)
	}
	tcs := [2]TimeControl{a.TC(g.WhiteEngine), a.TC(g.BlackEngine)}
	if tcs[0].Tag() == tcs[1].Tag() {
		tag("TimeControl", tcs[0].Tag())
	} else {
		// Time odds, as PGN writers tag them.
		tag("WhiteTimeControl", tcs[0].Tag())
		tag("BlackTimeControl", tcs[1].Tag())
	}
	tag("Termination", g.Termination)
	for _, t := range extra {
		tag(t[0], t[1])
	}
	b.WriteByte('\n')

	var line strings.Builder
	flush := func() {
		b.WriteString(strings.TrimSpace(line.String()))
		b.WriteByte('\n')
		line.Reset()
	}
	word := func(w string) {
		if line.Len() > 0 && line.Len()+1+len(w) > 79 {
			flush()
		}
		if line.Len() > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(w)
	}
	num := 1
	for i, mv := range g.Moves {
		// A move number stays on the line of its move.
		switch {
		case mv.Color == draughts.White:
			word(strconv.Itoa(num) + ". " + mv.Text)
		case i == 0:
			word(strconv.Itoa(num) + "... " + mv.Text)
		default:
			word(mv.Text)
		}
		c := "{"
		if tcs[mv.Color].PerMove == 0 {
			c += "[%clk " + clockText(mv.Left) + "] "
		}
		c += "[%emt " + clockText(mv.Elapsed) + "]"
		if mv.Scored {
			c += " [%eval " + strconv.FormatFloat(mv.Score, 'f', 2, 64) + "]"
		}
		word(c + "}")
		if mv.Color == draughts.Black {
			num++
		}
	}
	word(g.Result)
	flush()
	b.WriteByte('\n')
	return b.String()
}

// clockText writes h:mm:ss.t. The sign is that of the rounded time: a
// clock 30ms past zero (within --timemargin) reads 0:00:00.0, not -0.
func clockText(d time.Duration) string {
	d = d.Round(100 * time.Millisecond)
	neg := ""
	if d < 0 {
		neg, d = "-", -d
	}
	h := int(d / time.Hour)
	mi := int(d/time.Minute) % 60
	s := d % time.Minute
	return fmt.Sprintf("%s%d:%02d:%04.1f", neg, h, mi, s.Seconds())
}

func trimFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// dxpTime writes the GAMEREQ thinking time (3 characters, minutes) and
// number of moves. DXP has no increment nor time per move: a game of
// base+inc is announced as base plus inc for the move limit (or 75 moves),
// time per move as that many minutes for that many moves.
func dxpTime(tc TimeControl, maxMoves int) (string, int, error) {
	moves := maxMoves
	if moves == 0 {
		moves = 75
	}
	total := tc.Base + time.Duration(moves)*tc.Inc
	dxpMoves := 0
	if tc.PerMove > 0 {
		total, dxpMoves = time.Duration(moves)*tc.PerMove, moves
	}
	if dxpMoves > 999 {
		dxpMoves = 999
	}
	min := total.Minutes()
	if min == math.Trunc(min) && min >= 1 && min <= 999 {
		return fmt.Sprintf("%03d", int(min)), dxpMoves, nil
	}
	// The shortest text that fits, rounded: "0.5", ".25", "1.5".
	for _, prec := range []int{-1, 2, 1, 0} {
		s := strconv.FormatFloat(min, 'f', prec, 64)
		if len(s) > 3 && strings.HasPrefix(s, "0.") {
			s = s[1:]
		}
		if len(s) <= 3 {
			if v, _ := strconv.ParseFloat(s, 64); v > 0 {
				return fmt.Sprintf("%3s", s), dxpMoves, nil
			}
		}
	}
	if min > 999 {
		return "", 0, fmt.Errorf("%.0f minutes do not fit DamExchange's 3 digits", min)
	}
	return "", 0, fmt.Errorf("%v a game is too short to tell a DamExchange engine", total)
}

// Probe starts each Hub engine once, before any game, to read the
// variants it declares: an engine that cannot play the arena's variant is
// refused before the first game rather than losing every game it is in.
// DamExchange has no such question; its engines were checked by
// NewArena.
func (a *Arena) Probe(ctx context.Context) error {
	errs := make([]error, len(a.engines))
	var wg sync.WaitGroup
	for i := range a.engines {
		if a.engines[i].Proto != "hub" {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = probeHub(ctx, &a.engines[i], &a.setups[i])
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return fmt.Errorf("engine %s: %v", a.engines[i].Name, err)
		}
	}
	return nil
}
