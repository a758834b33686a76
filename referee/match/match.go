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
	"strconv"
	"sync"
	"time"

	"arbiter/referee/draughts"
	"arbiter/variants"
)

// Config is a match.
type Config struct {
	Engines  [2]Engine
	Variant  *variants.Variant
	Games    int       // games to play (each opening twice, colours swapped)
	Openings []Opening // empty: the variant's start position
	TC       TimeControl
	MaxMoves int // moves per side before a draw is adjudicated; 0 for none
	// Adjudication ends games by the engines' scores (off when zero).
	Adjudication Adjudication
	Concurrency  int
	Event, Site  string
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
	cfg   Config
	arena *Arena
	outMu sync.Mutex
}

type opening struct {
	pos draughts.Position
	fen string
}

// New checks a configuration.
func New(cfg Config) (*Match, error) {
	m := &Match{cfg: cfg}
	if cfg.Variant == nil || draughts.SectionOf(cfg.Variant) == nil {
		return nil, errors.New("arbiter match plays draughts variants")
	}
	if cfg.Games < 1 {
		return nil, errors.New("the number of games must be at least 1")
	}
	if cfg.Concurrency < 1 {
		m.cfg.Concurrency = 1
	}
	if cfg.TC.Base <= 0 && cfg.TC.PerMove <= 0 {
		return nil, errors.New("a time control is needed: time per game or time per move")
	}
	engines := cfg.Engines
	for i := range engines {
		if err := engines[i].Check(); err != nil {
			return nil, err
		}
	}
	if engines[0].Name == engines[1].Name {
		engines[0].Name += " 1"
		engines[1].Name += " 2"
	}
	a, err := NewArena(ArenaConfig{Engines: engines[:], Variant: cfg.Variant, Openings: cfg.Openings,
		TC: cfg.TC, MaxMoves: cfg.MaxMoves, Adjudication: cfg.Adjudication, Concurrent: m.cfg.Concurrency > 1,
		Event: cfg.Event, Site: cfg.Site, Handshake: cfg.Handshake, Trace: cfg.Trace})
	if err != nil {
		return nil, err
	}
	m.arena = a
	return m, nil
}

// Engines returns the engines' names, made distinct.
func (m *Match) Engines() [2]string {
	n := m.arena.Engines()
	return [2]string{n[0], n[1]}
}

// Arena is the arena the match's games are played in.
func (m *Match) Arena() *Arena { return m.arena }

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
	take := func() (GameSpec, bool) {
		mu.Lock()
		defer mu.Unlock()
		if next >= m.cfg.Games || ctx.Err() != nil || outErr != nil {
			return GameSpec{}, false
		}
		i := next
		next++
		return GameSpec{Number: i + 1, Round: strconv.Itoa(i + 1), White: i % 2, Black: 1 - i%2,
			Opening: (i / 2) % m.arena.Openings()}, true
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
				g := m.arena.Play(ctx, gs)
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
	text := m.arena.Record(g)
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
