package tournament

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"arbiter/referee"
	"arbiter/referee/match"
	"arbiter/variants"
)

// Config is a tournament.
type Config struct {
	Kind Kind
	// Engines in seeding order; a gauntlet's first engine plays the rest,
	// an SPRT tests the first against the second.
	Engines  []match.Engine
	Variant  *variants.Variant
	Openings []match.Opening // empty: the variant's start position
	// Games is the length of an encounter (a knockout match), Rounds how
	// many times each is played. Game k of two engines' games is played
	// from opening k/2, colours swapped from game to game.
	Games, Rounds int
	TC            match.TimeControl
	MaxMoves      int
	Adjudication  match.Adjudication
	// SPRT stops a tournament of two engines once the test decides.
	SPRT        *SPRT
	Concurrency int
	Event, Site string
	Handshake   time.Duration
	Trace       io.Writer
	// Out receives each finished game's record as soon as it is over.
	Out io.Writer
	// Progress receives a line per finished game and the standings.
	Progress io.Writer
	// Update, when set, is called with the standings after each game.
	Update func(*Standings)
	// Now tells the time the tournament's id is made of (time.Now when
	// nil).
	Now func() time.Time
}

// Tournament is a tournament being played.
type Tournament struct {
	cfg      Config
	arena    *match.Arena
	sched    scheduler
	settings Settings
	// done are the games read from the PDN.
	done    []doneGame
	writeMu sync.Mutex
}

// doneGame is a finished game: its slot and White's points doubled.
type doneGame struct {
	slot Slot
	o    outcome
}

// New checks a configuration.
func New(cfg Config) (*Tournament, error) {
	n := len(cfg.Engines)
	switch {
	case n < 2:
		return nil, errors.New("a tournament needs two engines or more")
	case cfg.Games < 1 || cfg.Rounds < 1:
		return nil, errors.New("games and rounds must be at least 1")
	case cfg.SPRT != nil && n != 2:
		return nil, fmt.Errorf("an SPRT tests two engines, not %d", n)
	case cfg.SPRT != nil && cfg.Kind == Knockout:
		return nil, errors.New("an SPRT is a match of two engines: not a knockout")
	case cfg.SPRT != nil && cfg.Games%2 == 1:
		return nil, errors.New("an SPRT counts pairs of games: the games of an encounter must be even")
	}
	if cfg.SPRT != nil {
		if err := cfg.SPRT.Check(); err != nil {
			return nil, err
		}
	}
	if _, err := ParseKind(string(cfg.Kind)); err != nil {
		return nil, err
	}
	if cfg.Concurrency < 1 {
		cfg.Concurrency = 1
	}
	if cfg.Event == "" {
		cfg.Event = "arbiter tournament"
	}
	for _, e := range cfg.Engines {
		if err := checkName(e.Name); err != nil {
			return nil, fmt.Errorf("engine %s", err)
		}
	}
	a, err := match.NewArena(match.ArenaConfig{Engines: cfg.Engines, Variant: cfg.Variant, Openings: cfg.Openings,
		TC: cfg.TC, MaxMoves: cfg.MaxMoves, Adjudication: cfg.Adjudication, Concurrent: cfg.Concurrency > 1,
		Event: cfg.Event, Site: cfg.Site, Handshake: cfg.Handshake, Trace: cfg.Trace})
	if err != nil {
		return nil, err
	}
	t := &Tournament{cfg: cfg, arena: a}
	switch cfg.Kind {
	case Gauntlet:
		t.sched = gauntletSchedule(n, cfg.Rounds, cfg.Games, a.Openings())
	case Knockout:
		t.sched = knockoutSchedule{n: n, games: cfg.Games * cfg.Rounds, openings: a.Openings()}
	default:
		t.sched = roundRobinSchedule(n, cfg.Rounds, cfg.Games, a.Openings())
	}
	t.settings = t.makeSettings()
	return t, nil
}

// Config is the tournament's configuration: its writers and callbacks
// may be set between New and Run.
func (t *Tournament) Config() *Config { return &t.cfg }

// Arena is the arena the games are played in.
func (t *Tournament) Arena() *match.Arena { return t.arena }

// Settings are the settings written into every game.
func (t *Tournament) Settings() Settings { return t.settings }

func (t *Tournament) makeSettings() Settings {
	var s Settings
	c := t.cfg
	names := t.arena.Engines()
	s.add("type", string(c.Kind))
	s.add("engines", strings.Join(names, ", "))
	s.add("games", strconv.Itoa(c.Games))
	s.add("rounds", strconv.Itoa(c.Rounds))
	s.add("variant", c.Variant.Name)
	if len(c.Openings) == 0 {
		s.add("openings", "start position")
	} else {
		h := sha256.New()
		for i := range t.arena.Openings() {
			fmt.Fprintln(h, t.arena.OpeningFEN(i))
		}
		s.add("openings", fmt.Sprintf("%d sha256:%x", t.arena.Openings(), h.Sum(nil)[:8]))
	}
	s.add("tc", c.TC.Tag())
	var odds []string
	for i, n := range names {
		if tc := t.arena.TC(i); tc.Tag() != c.TC.Tag() {
			odds = append(odds, n+" "+tc.Tag())
		}
	}
	if len(odds) > 0 {
		s.add("engine tc", strings.Join(odds, ", "))
	}
	if c.MaxMoves > 0 {
		s.add("maxmoves", strconv.Itoa(c.MaxMoves))
	}
	if a := c.Adjudication; a.ResignMoves > 0 {
		s.add("resign", fmt.Sprintf("moves=%d score=%s", a.ResignMoves, trim(a.ResignScore)))
	}
	if a := c.Adjudication; a.DrawMoves > 0 {
		s.add("draw", fmt.Sprintf("after=%d moves=%d score=%s", a.DrawAfter, a.DrawMoves, trim(a.DrawScore)))
	}
	if c.SPRT != nil {
		s.add("sprt", c.SPRT.String())
	}
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	s.add("id", now().UTC().Format("2006-01-02T15:04:05Z"))
	return s
}

// Run plays the games not played yet, cfg.Concurrency at a time, in the
// schedule's order. When ctx is cancelled (Ctrl-C), the games under way
// are stopped and not written: they are played again when the tournament
// is resumed. It returns the standings, and an error when a game could
// not be written or no game began (an engine never started).
func (t *Tournament) Run(ctx context.Context) (*Standings, error) {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	names := t.arena.Engines()
	st := newStandings(t.cfg.Kind, t.cfg.Variant.Name, names)
	var (
		mu       sync.Mutex
		cond     = sync.NewCond(&mu)
		res      = results{}
		running  = map[string]bool{}
		outErr   error
		sprtDone bool
		relay    relayHistogram
		started  bool
		// notStarted: the first game whose engines never started, while
		// no game started.
		notStarted *match.Game
		pairs      = map[pairKey]outcome{}
		// cursor: the slots before it all have results, so that handing
		// out a game does not go over the whole schedule again.
		cursor  = 0
		penta   Pentanomial
		counted = 0
	)
	// count adds a finished game to the standings and the SPRT.
	count := func(s Slot, o outcome) {
		res[s.Round] = o
		st.add(s.White, s.Black, o)
		if t.cfg.SPRT == nil || o < 0 {
			return
		}
		// Engine 0's points, doubled.
		p := int(o)
		if s.White != 0 {
			p = 2 - p
		}
		if first, ok := pairs[s.Pair]; ok {
			penta[int(first)+p]++
			delete(pairs, s.Pair)
		} else {
			pairs[s.Pair] = outcome(p)
		}
	}
	for _, d := range t.done {
		count(d.slot, d.o)
	}
	st.Resumed = st.Games
	summarise := func() {
		st.rank()
		st.Scheduled = len(t.sched.slots(res))
		if ko, ok := t.sched.(knockoutSchedule); ok {
			st.Knockout, _ = ko.bracket(res)
		}
		if t.cfg.SPRT != nil {
			lo, hi := t.cfg.SPRT.Bounds()
			llr := t.cfg.SPRT.LLR(penta)
			st.SPRT = &SPRTStanding{Test: t.cfg.SPRT.String(), LLR: llr, Lower: lo, Upper: hi, Pairs: penta, Decision: t.cfg.SPRT.Decide(llr)}
			sprtDone = st.SPRT.Decision != Continue
		}
		st.Relay = relay.stats()
	}
	summarise()
	// take hands out the next game to play, waiting while the games under
	// way decide what comes next (a knockout's next round).
	take := func() (Slot, bool) {
		mu.Lock()
		defer mu.Unlock()
		for {
			if ctx.Err() != nil || outErr != nil || sprtDone {
				return Slot{}, false
			}
			slots := t.sched.slots(res)
			_, static := t.sched.(staticSchedule)
			if !static {
				cursor = 0 // a knockout's slots change with the results
			}
			for i := cursor; i < len(slots); i++ {
				s := slots[i]
				_, done := res[s.Round]
				if done && i == cursor {
					cursor++ // every slot before the cursor has a result
				}
				if !done && !running[s.Round] {
					running[s.Round] = true
					return s, true
				}
			}
			if len(running) == 0 {
				return Slot{}, false
			}
			cond.Wait()
		}
	}
	var wg sync.WaitGroup
	for range t.cfg.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				s, ok := take()
				if !ok {
					return
				}
				mu.Lock()
				counted++
				number := counted
				mu.Unlock()
				g := t.arena.Play(ctx, match.GameSpec{Number: number, Round: s.Round, White: s.White, Black: s.Black, Opening: s.Opening})
				var err error
				if !g.Interrupted {
					err = t.write(g)
				}
				mu.Lock()
				delete(running, s.Round)
				switch {
				case g.Interrupted:
				case err != nil:
					if outErr == nil {
						outErr = err
					}
				default:
					count(s, outcomeOf(g.Outcome))
					for _, d := range g.Relay {
						relay.add(d)
					}
					switch {
					case g.Started():
						started, notStarted = true, nil
					case !started && notStarted == nil:
						notStarted = g
					}
					summarise()
					if t.cfg.Progress != nil {
						fmt.Fprintf(t.cfg.Progress, "Finished game %s (%s vs %s): %s {%s}\n", g.Round, g.White, g.Black, g.Result, g.Termination)
						fmt.Fprintln(t.cfg.Progress, st.ScoreLine())
					}
					if t.cfg.Update != nil {
						t.cfg.Update(st)
					}
					if sprtDone {
						stop() // the games under way are of no use now
					}
				}
				cond.Broadcast()
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	st.Interrupted = ctx.Err() != nil && !sprtDone
	summarise()
	st.Finished = outErr == nil && !st.Interrupted && (sprtDone || t.complete(res))
	if outErr == nil && !st.Interrupted && !started && notStarted != nil && st.Resumed == 0 {
		// Games lost by an engine that never started are no tournament:
		// the command must fail, not report a score.
		outErr = fmt.Errorf("no game was played: game %s: %s", notStarted.Round, notStarted.Termination)
	}
	return st, outErr
}

// complete says whether every game the schedule lists has a result.
func (t *Tournament) complete(res results) bool {
	for _, s := range t.sched.slots(res) {
		if _, ok := res[s.Round]; !ok {
			return false
		}
	}
	return true
}

func outcomeOf(o referee.Outcome) outcome {
	switch o {
	case referee.WhiteWins:
		return 2
	case referee.Drawn:
		return 1
	case referee.BlackWins:
		return 0
	}
	return -1
}

// write appends a game's record in one write, so that games played at the
// same time never interleave and a game is in the file as soon as it ends.
func (t *Tournament) write(g *match.Game) error {
	if t.cfg.Out == nil {
		return nil
	}
	text := t.arena.Record(g, [2]string{SettingsTag, t.settings.String()})
	t.writeMu.Lock()
	defer t.writeMu.Unlock()
	if _, err := io.WriteString(t.cfg.Out, text); err != nil {
		return fmt.Errorf("cannot write game %s: %v", g.Round, err)
	}
	if s, ok := t.cfg.Out.(interface{ Sync() error }); ok {
		if err := s.Sync(); err != nil {
			return fmt.Errorf("cannot write game %s: %v", g.Round, err)
		}
	}
	return nil
}
