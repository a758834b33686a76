package tournament

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arbiter/referee/match"
	"arbiter/referee/match/enginetest"
)

// The real engines of ../shared/engines, built once (skipped without g++
// or gcc, and with -short). Short games: a tenth of a second a move, 30
// moves each at most. Scan searches 12 plies whatever its time (its
// depth_min): on a loaded machine that takes a second or more, hence the
// margin before a flag falls.

func scanEngine(t *testing.T, name string) match.Engine {
	dir := enginetest.Scan(t)
	// book=false: the public snapshot has no opening book; a small hash
	// table, one thread.
	return match.Engine{Name: name, Proto: "hub", Cmd: filepath.Join(dir, "scan"), Args: []string{"hub"}, Dir: dir,
		Params: map[string]string{"book": "false", "tt-size": "18", "threads": "1"}}
}

func mobyEngine(t *testing.T, name string) match.Engine {
	bin, book := enginetest.MobyDam(t)
	// -t 20: a 16 MB hash table; "time 100": at most 0.1 s a move.
	return match.Engine{Name: name, Proto: "dxp", Cmd: bin, Args: []string{"-p", "{port}", "-b", book, "-t", "20"}, InitStr: "time 100"}
}

// realRun plays a short tournament and holds its PDN to 'arbiter check'
// and its standings to the PDN's results; no engine may lose by the
// referee's hand (an illegal move, a flag fall, a crash).
func realRun(t *testing.T, cfg Config) *Standings {
	t.Helper()
	if cfg.TC == (match.TimeControl{}) {
		// A wide margin: on a loaded 2-core machine (the other packages'
		// tests run beside these) Scan once took over 5 s for a 0.1 s
		// move, and these tests judge the referee, not the engines' speed.
		cfg.TC = match.TimeControl{PerMove: 100 * time.Millisecond, Margin: 30 * time.Second}
	}
	if cfg.Games == 0 {
		cfg.Games, cfg.Rounds = 2, 1
	}
	if cfg.MaxMoves == 0 {
		cfg.MaxMoves = 30
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var out syncBuffer
	tt, st, err := run(t, ctx, cfg, &out)
	if err != nil {
		t.Fatal(err)
	}
	if err := tt.Arena().Probe(ctx); err != nil {
		t.Fatal(err)
	}
	games := checkPDN(t, out.String())
	if len(games) != st.Games || st.Games != len(tt.sched.slots(results{})) && cfg.Kind != Knockout || !st.Finished {
		t.Fatalf("%d games written, %d counted, finished %v", len(games), st.Games, st.Finished)
	}
	points := standingsOf(t, games)
	for _, e := range st.Engines {
		if e.Points != points[e.Name] {
			t.Errorf("%s: %v points, the PDN says %v", e.Name, e.Points, points[e.Name])
		}
	}
	for round, rec := range games {
		term, _ := rec.Tag("Termination")
		if strings.Contains(term, "(White) ") || strings.Contains(term, "(Black) ") {
			t.Errorf("game %s: the referee ended it: %q", round, term)
		}
	}
	if r := st.Relay; r != nil {
		t.Logf("arbiter's own time per move over %d moves: median %.0f µs, 99th percentile %.0f µs, max %.0f µs", r.Moves, r.Median, r.P99, r.Max)
	}
	return st
}

// Scan (Hub) against Moby Dam (DamExchange), international draughts.
func TestScanAgainstMobyDam(t *testing.T) {
	st := realRun(t, Config{Kind: RoundRobin, Engines: []match.Engine{scanEngine(t, "Scan"), mobyEngine(t, "Moby Dam")}})
	if st.Games != 2 {
		t.Errorf("%d games", st.Games)
	}
}

// Scan against Scan in Frisian draughts and in breakthrough (Scan's
// "frisian" and "bt"), judged by arbiter's rules of those names.
func TestScanVariants(t *testing.T) {
	for _, v := range []string{"frisian", "breakthrough"} {
		t.Run(v, func(t *testing.T) {
			realRun(t, Config{Kind: RoundRobin, Variant: lookup(t, v), Engines: []match.Engine{scanEngine(t, "Scan A"), scanEngine(t, "Scan B")}})
		})
	}
}

// A round robin of three: Scan, Moby Dam and arbiter's test engine (over
// Hub), two games a pair, two at a time.
func TestRoundRobinScanMobyTestEngine(t *testing.T) {
	st := realRun(t, Config{Kind: RoundRobin, Concurrency: 2, Engines: []match.Engine{scanEngine(t, "Scan"),
		mobyEngine(t, "Moby Dam"), hubEngine("Random", "-seed", "1")}})
	if st.Games != 6 || len(st.Engines) != 3 {
		t.Errorf("%d games, %d engines", st.Games, len(st.Engines))
	}
}

// Moby Dam cannot play Frisian draughts, nor Scan a variant it does not
// know: refused before the first game.
func TestRealEnginesRefuseVariants(t *testing.T) {
	if _, err := New(Config{Kind: RoundRobin, Variant: lookup(t, "frisian"), Games: 2, Rounds: 1, TC: match.TimeControl{Base: time.Minute},
		Engines: []match.Engine{scanEngine(t, "Scan"), mobyEngine(t, "Moby Dam")}}); err == nil ||
		!strings.Contains(err.Error(), "engine Moby Dam: DamExchange plays international draughts only") {
		t.Errorf("Moby Dam in frisian: %v", err)
	}
	if _, err := New(Config{Kind: RoundRobin, Variant: lookup(t, "russian"), Games: 2, Rounds: 1, TC: match.TimeControl{Base: time.Minute},
		Engines: []match.Engine{scanEngine(t, "Scan A"), scanEngine(t, "Scan B")}}); err == nil || !strings.Contains(err.Error(), "not russian") {
		t.Errorf("Scan in russian: %v", err)
	}
}
