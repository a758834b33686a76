// Package match runs engine matches with arbiter as the referee in the
// middle: it starts (or reaches) two draughts engines speaking DamExchange
// or Hub, relays every move after matching it against the legal moves,
// ends games by the variant's rules and the clocks, writes each finished
// game to a PDN file at once, and keeps the standings.
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

// Config is a match.
type Config struct {
	Engines     [2]Engine
	Variant     *variants.Variant
	Games       int       // games to play (each opening twice, colours swapped)
	Openings    []Opening // empty: the variant's start position
	TC          TimeControl
	MaxMoves    int // moves per side before a draw is adjudicated; 0 for none
	Concurrency int
	Event, Site string
	// Handshake bounds starting an engine and each protocol answer
	// outside the clock (connection, GAMEACC, Hub's wait and ready).
	Handshake time.Duration
	// Out receives each finished game's record as soon as it is over.
	Out io.Writer
	// Progress receives a line per finished game and the running score.
	Progress io.Writer
	// Trace, when set, receives every message to and from the engines.
	Trace io.Writer
}

// Opening is a start position: a FEN in the variant's notation.
type Opening struct {
	FEN  string
	Name string // where it came from, for messages
}

// Match is a match being played.
type Match struct {
	cfg      Config
	engines  [2]Engine
	tc       TimeControl
	maxMoves int
	setup    setup
	start    func(ctx context.Context, e *Engine) (player, error)
	openings []opening
	gameType string
	outMu    sync.Mutex
}

type opening struct {
	pos draughts.Position
	fen string
}

// New checks a configuration.
func New(cfg Config) (*Match, error) {
	m := &Match{cfg: cfg, engines: cfg.Engines, tc: cfg.TC, maxMoves: cfg.MaxMoves}
	if cfg.Variant == nil || draughts.SectionOf(cfg.Variant) == nil {
		return nil, errors.New("arbiter match plays draughts variants")
	}
	if cfg.Games < 1 {
		return nil, errors.New("the number of games must be at least 1")
	}
	if cfg.Concurrency < 1 {
		m.cfg.Concurrency = 1
	}
	if cfg.Handshake <= 0 {
		m.cfg.Handshake = 15 * time.Second
	}
	if cfg.TC.Base <= 0 && cfg.TC.PerMove <= 0 {
		return nil, errors.New("a time control is needed: time per game or time per move")
	}
	rules, start, err := draughts.RulesOf(cfg.Variant)
	if err != nil {
		return nil, err
	}
	for i := range m.engines {
		e := &m.engines[i]
		if err := e.Check(); err != nil {
			return nil, err
		}
		if e.Proto == "dxp" && (rules.NumSquares() != 50 || cfg.Variant.Name != "international") {
			return nil, fmt.Errorf("engine %s: DamExchange plays international draughts only, not %s", e.Name, cfg.Variant.Name)
		}
		if _, ok := hubVariants[cfg.Variant.Name]; e.Proto == "hub" && (!ok || rules.NumSquares() != 50) {
			return nil, fmt.Errorf("engine %s: Hub engines play international and frisian draughts (Scan's variants), not %s", e.Name, cfg.Variant.Name)
		}
		if e.shared() && m.cfg.Concurrency > 1 {
			return nil, fmt.Errorf("engine %s has a fixed address: its games cannot overlap; use --concurrency 1", e.Name)
		}
	}
	if m.engines[0].Name == m.engines[1].Name {
		m.engines[0].Name += " 1"
		m.engines[1].Name += " 2"
	}
	m.setup = setup{variant: hubVariants[cfg.Variant.Name], handshake: m.cfg.Handshake}
	if cfg.Trace != nil {
		var mu sync.Mutex
		t0 := time.Now()
		m.setup.trace = func(engine, dir, msg string) {
			mu.Lock()
			defer mu.Unlock()
			fmt.Fprintf(cfg.Trace, "%8.3f %s %s %q\n", time.Since(t0).Seconds(), engine, dir, msg)
		}
	}
	// DamExchange's limits on the time it can announce bind a match with a
	// DXP engine only: two Hub engines are told the clock as it is.
	if m.engines[0].Proto == "dxp" || m.engines[1].Proto == "dxp" {
		if m.setup.minutes, m.setup.dxpMoves, err = dxpTime(cfg.TC, cfg.MaxMoves); err != nil {
			return nil, err
		}
	}
	if len(cfg.Openings) == 0 {
		m.openings = []opening{{pos: start}}
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
		m.openings = append(m.openings, opening{pos: p, fen: j.FEN()})
	}
	j, err := draughts.NewLine(cfg.Variant, start)
	if err != nil {
		return nil, err
	}
	m.gameType = j.GameType()
	m.start = func(ctx context.Context, e *Engine) (player, error) {
		// Explicit nils: a nil *dxpPlayer in a player would not be nil.
		if e.Proto == "hub" {
			p, err := startHub(ctx, e, &m.setup)
			if err != nil {
				return nil, err
			}
			return p, nil
		}
		p, err := startDXP(ctx, e, &m.setup)
		if err != nil {
			return nil, err
		}
		return p, nil
	}
	return m, nil
}

// Engines returns the engines' names, made distinct.
func (m *Match) Engines() [2]string { return [2]string{m.engines[0].Name, m.engines[1].Name} }

func (m *Match) newJudge(start draughts.Position) (judgeWithResult, error) {
	return draughts.NewLine(m.cfg.Variant, start)
}

// hubVariants maps arbiter's variants to the values of Scan's "variant"
// parameter ("" for its default, international). Scan's killer, bt and
// losing have no variant file here.
var hubVariants = map[string]string{"international": "", "frisian": "frisian"}

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

// Run plays the match. When ctx is cancelled (Ctrl-C), the games under way
// end as unfinished and are written, and no new game starts. It returns
// the games in the order they were numbered (unplayed ones left out), and
// an error when a game could not be written or when no game began (an
// engine never started).
func (m *Match) Run(ctx context.Context) (*Standings, error) {
	st := newStandings(m.Engines())
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		outErr error
		next   = 0
		// notStarted is the first game that never began, while no game did.
		notStarted *Game
		anyStarted bool
	)
	take := func() (gameSpec, bool) {
		mu.Lock()
		defer mu.Unlock()
		if next >= m.cfg.Games || ctx.Err() != nil || outErr != nil {
			return gameSpec{}, false
		}
		i := next
		next++
		o := m.openings[(i/2)%len(m.openings)]
		return gameSpec{number: i + 1, round: i + 1, white: i % 2, start: o.pos, fen: o.fen}, true
	}
	for range m.cfg.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				gs, ok := take()
				if !ok {
					return
				}
				g := m.playGame(ctx, gs)
				err := m.write(g)
				mu.Lock()
				st.add(g)
				switch {
				case g.started:
					notStarted, anyStarted = nil, true
				case !anyStarted && (notStarted == nil || g.Number < notStarted.Number):
					notStarted = g
				}
				if err != nil && outErr == nil {
					outErr = err
				}
				if m.cfg.Progress != nil {
					fmt.Fprintf(m.cfg.Progress, "Finished game %d (%s vs %s): %s {%s}\n", g.Number, g.White, g.Black, g.Result, g.Termination)
					fmt.Fprintln(m.cfg.Progress, st.scoreLine())
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	st.Interrupted = ctx.Err() != nil
	st.finish()
	if outErr == nil && !st.Interrupted && notStarted != nil {
		// Games lost by an engine that never started are no match: the
		// command must fail, not report a score.
		outErr = fmt.Errorf("no game was played: game %d: %s", notStarted.Number, notStarted.Termination)
	}
	return st, outErr
}

// write appends a game's record in one write, so that games played at the
// same time never interleave and a game is in the file as soon as it ends.
func (m *Match) write(g *Game) error {
	if m.cfg.Out == nil {
		return nil
	}
	text := m.record(g)
	m.outMu.Lock()
	defer m.outMu.Unlock()
	if _, err := io.WriteString(m.cfg.Out, text); err != nil {
		return fmt.Errorf("cannot write game %d: %v", g.Number, err)
	}
	if s, ok := m.cfg.Out.(interface{ Sync() error }); ok {
		if err := s.Sync(); err != nil {
			return fmt.Errorf("cannot write game %d: %v", g.Number, err)
		}
	}
	return nil
}

// record writes a game as PDN.
func (m *Match) record(g *Game) string {
	var b strings.Builder
	tag := func(name, value string) {
		value = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(value)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, value)
	}
	event := m.cfg.Event
	if event == "" {
		event = "arbiter match"
	}
	site := m.cfg.Site
	if site == "" {
		site = "?"
	}
	tag("Event", event)
	tag("Site", site)
	tag("Date", g.Date.Format("2006.01.02"))
	tag("Round", strconv.Itoa(g.Round))
	tag("White", g.White)
	tag("Black", g.Black)
	tag("Result", g.Result)
	if m.gameType != "" {
		tag("GameType", m.gameType)
	}
	if g.FEN != "" {
		tag("FEN", g.FEN)
	}
	tag("TimeControl", m.tc.Tag())
	tag("Termination", g.Termination)
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
		c := "{[%emt " + clockText(mv.Elapsed) + "]"
		if m.tc.PerMove == 0 {
			c = "{[%clk " + clockText(mv.Left) + "] [%emt " + clockText(mv.Elapsed) + "]"
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
