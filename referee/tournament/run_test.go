package tournament

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
	_ "arbiter/referee/draughts"
	"arbiter/referee/match"
	"arbiter/referee/match/enginetest"
	"arbiter/variants"
)

// testEngine is cmd/arbiter-testengine, built once for the tests.
var testEngine string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "arbiter-tournament-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testEngine = filepath.Join(dir, "arbiter-testengine")
	build := exec.Command("go", "build", "-o", testEngine, "arbiter/cmd/arbiter-testengine")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building the test engine:", err)
		os.Exit(1)
	}
	code := m.Run()
	enginetest.Cleanup()
	os.RemoveAll(dir)
	os.Exit(code)
}

func dxpEngine(name string, args ...string) match.Engine {
	return match.Engine{Name: name, Proto: "dxp", Cmd: testEngine, Args: append([]string{"-listen", "127.0.0.1:{port}"}, args...)}
}

func hubEngine(name string, args ...string) match.Engine {
	return match.Engine{Name: name, Proto: "hub", Cmd: testEngine, Args: append([]string{"-proto", "hub"}, args...)}
}

func lookup(t testing.TB, name string) *variants.Variant {
	v, err := variants.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// syncBuffer is a PDN file being appended to.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// three is a round robin of three random movers, one over DXP.
func three() Config {
	return Config{Kind: RoundRobin, Engines: []match.Engine{dxpEngine("Rand1", "-seed", "1"), hubEngine("Rand2", "-seed", "2"),
		hubEngine("Rand3", "-seed", "3")}, Games: 2, Rounds: 1, TC: match.TimeControl{Base: time.Minute}}
}

// run plays a tournament, appending to out, and resumes from what out
// holds first.
func run(t *testing.T, ctx context.Context, cfg Config, out *syncBuffer) (*Tournament, *Standings, error) {
	t.Helper()
	if cfg.Variant == nil {
		cfg.Variant = lookup(t, "international")
	}
	cfg.Out = out
	tt, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	played, err := ReadPlayed(strings.NewReader(out.String()), "t.pdn")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tt.Resume(played, "t.pdn"); err != nil {
		t.Fatal(err)
	}
	st, err := tt.Run(ctx)
	return tt, st, err
}

// checkPDN is 'arbiter check' on the PDN: no error, no warning; and its
// results by Round tag.
func checkPDN(t *testing.T, text string) map[string]*notation.Record {
	t.Helper()
	recs, err := pdn.ReadAll(strings.NewReader(text), "t.pdn", pdn.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*notation.Record{}
	for _, rec := range recs {
		rep := referee.Check(rec, referee.Options{})
		for _, d := range rep.Diagnostics {
			if d.Severity == notation.Error || d.Severity == notation.Warning {
				t.Errorf("game %d: %s: %s", rec.Index, d.Code, d.Msg)
			}
		}
		round, _ := rec.Tag("Round")
		if _, dup := out[round]; dup {
			t.Errorf("Round %s twice in the PDN", round)
		}
		out[round] = rec
	}
	return out
}

// standingsOf adds up the PDN's results per engine.
func standingsOf(t *testing.T, games map[string]*notation.Record) map[string]float64 {
	points := map[string]float64{}
	for _, rec := range games {
		w, _ := rec.Tag("White")
		b, _ := rec.Tag("Black")
		r, _ := rec.Tag("Result")
		o, ok := outcomeOfResult(r)
		if !ok {
			t.Errorf("a game without a result: %s", r)
			continue
		}
		points[w] += float64(o) / 2
		points[b] += 1 - float64(o)/2
	}
	return points
}

// A round robin of three random movers (DXP and Hub): every pair meets
// twice with colours swapped, the PDN passes 'arbiter check', and the
// standings are the PDN's results.
func TestRoundRobinOfThree(t *testing.T) {
	var out syncBuffer
	_, st, err := run(t, context.Background(), three(), &out)
	if err != nil {
		t.Fatal(err)
	}
	games := checkPDN(t, out.String())
	if len(games) != 6 || st.Games != 6 || !st.Finished || st.Interrupted {
		t.Fatalf("%d games in the PDN, standings %+v", len(games), st)
	}
	points := standingsOf(t, games)
	for _, e := range st.Engines {
		if e.Points != points[e.Name] || e.Games != 4 || e.Wins+e.Draws+e.Losses != 4 {
			t.Errorf("%s: %v points in %d games, the PDN says %v", e.Name, e.Points, e.Games, points[e.Name])
		}
		if len(e.Against) != 2 {
			t.Errorf("%s met %d engines", e.Name, len(e.Against))
		}
	}
	if st.Relay == nil || st.Relay.Moves < 6 || st.Relay.Median <= 0 {
		t.Errorf("relay %+v", st.Relay)
	}
	for _, rec := range games {
		v, _ := rec.Tag(SettingsTag)
		if s, ok := ParseSettings(v); !ok || !strings.Contains(s.String(), "engines=Rand1, Rand2, Rand3") {
			t.Errorf("settings tag %q", v)
		}
	}
}

// A tournament stopped halfway and resumed plays the games it had not
// played, once each, and ends with the games and standings of the same
// tournament played at one go (the random movers are seeded: a game
// between the same two is the same game).
func TestResumeAfterStop(t *testing.T) {
	cfg := three()
	cfg.Rounds = 2
	var whole syncBuffer
	_, full, err := run(t, context.Background(), cfg, &whole)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out syncBuffer
	first := cfg
	first.Concurrency = 2
	first.Update = func(st *Standings) {
		if st.Games == 5 {
			cancel()
		}
	}
	_, st, err := run(t, ctx, first, &out)
	if err != nil {
		t.Fatal(err)
	}
	if !st.Interrupted || st.Finished || st.Games < 5 || st.Games >= 12 {
		t.Fatalf("stopped run: %d games, interrupted %v", st.Games, st.Interrupted)
	}
	stopped := st.Games
	if n := strings.Count(out.String(), "[Event "); n != stopped {
		t.Errorf("%d games written, %d counted: the games under way must not be written", n, stopped)
	}
	_, st, err = run(t, context.Background(), cfg, &out)
	if err != nil {
		t.Fatal(err)
	}
	if st.Resumed != stopped || st.Games != 12 || !st.Finished {
		t.Errorf("resumed: %d read, %d in all, finished %v", st.Resumed, st.Games, st.Finished)
	}
	got, want := checkPDN(t, out.String()), checkPDN(t, whole.String())
	if len(got) != 12 {
		t.Errorf("%d games after the resume", len(got))
	}
	for round, rec := range want {
		r1, _ := rec.Tag("Result")
		w1, _ := rec.Tag("White")
		r2, _ := got[round].Tag("Result")
		w2, _ := got[round].Tag("White")
		if r1 != r2 || w1 != w2 {
			t.Errorf("game %s: %s %s resumed, %s %s at one go", round, w2, r2, w1, r1)
		}
	}
	var a, b bytes.Buffer
	full.WriteText(&a)
	st.Relay, full.Relay, st.Resumed = nil, nil, 0
	a.Reset()
	full.WriteText(&a)
	st.WriteText(&b)
	if a.String() != b.String() {
		t.Errorf("standings resumed:\n%s\nat one go:\n%s", b.String(), a.String())
	}
}

// A file whose tournament was played under other settings is refused,
// each difference named; one whose games were changed is refused at the
// game; a game without a result is played again.
func TestResumeRefusals(t *testing.T) {
	var out syncBuffer
	if _, _, err := run(t, context.Background(), three(), &out); err != nil {
		t.Fatal(err)
	}
	played, _ := ReadPlayed(strings.NewReader(out.String()), "t.pdn")
	other := three()
	other.Rounds, other.TC = 2, match.TimeControl{Base: 2 * time.Minute}
	other.Variant = lookup(t, "international")
	tt, err := New(other)
	if err != nil {
		t.Fatal(err)
	}
	_, err = tt.Resume(played, "t.pdn")
	if err == nil || !strings.Contains(err.Error(), "rounds: 1 in the file, 2 now; tc: 60 in the file, 120 now") {
		t.Errorf("other settings: %v", err)
	}
	same := three()
	same.Variant = lookup(t, "international")
	changed := append([]PlayedGame(nil), played...)
	changed[2].White, changed[2].Black = changed[2].Black, changed[2].White
	tt, _ = New(same)
	if _, err := tt.Resume(changed, "t.pdn"); err == nil || !strings.Contains(err.Error(), "the file was changed") ||
		!strings.HasPrefix(err.Error(), fmt.Sprintf("t.pdn:%d: game %s", changed[2].Line, changed[2].Round)) {
		t.Errorf("changed file: %v", err)
	}
	dup := append(append([]PlayedGame(nil), played...), played[0])
	tt, _ = New(same)
	if _, err := tt.Resume(dup, "t.pdn"); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a game twice: %v", err)
	}
	unfinished := append([]PlayedGame(nil), played...)
	unfinished[1].Result = "*"
	tt, _ = New(same)
	if n, err := tt.Resume(unfinished, "t.pdn"); err != nil || n != 5 {
		t.Errorf("a game without a result: %d taken, %v", n, err)
	}
	// Games of other matches in the file are left alone.
	tt, _ = New(same)
	foreign := append([]PlayedGame{{Line: 1, Round: "1", White: "X", Black: "Y", Result: "2-0"}}, played...)
	if n, err := tt.Resume(foreign, "t.pdn"); err != nil || n != 6 {
		t.Errorf("with another match's game: %d taken, %v", n, err)
	}
}

// An SPRT stops the test once the log-likelihood ratio crosses a bound:
// here the second engine loses every game (an illegal first move).
func TestSPRTStopsTheTest(t *testing.T) {
	var out syncBuffer
	test := SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}
	cfg := Config{Kind: RoundRobin, Engines: []match.Engine{hubEngine("Good"), hubEngine("Bad", "-misbehave", "illegal")},
		Games: 2, Rounds: 1000, TC: match.TimeControl{Base: time.Minute}, SPRT: &test}
	_, st, err := run(t, context.Background(), cfg, &out)
	if err != nil {
		t.Fatal(err)
	}
	if st.SPRT == nil || st.SPRT.Decision != AcceptH1 || !st.Finished || st.Interrupted || st.SPRT.LLR < st.SPRT.Upper {
		t.Fatalf("SPRT %+v, finished %v", st.SPRT, st.Finished)
	}
	games := checkPDN(t, out.String())
	if len(games) != st.Games || st.SPRT.Pairs.Pairs() != st.Games/2 || st.SPRT.Pairs[4] != st.Games/2 || st.Games > 20 {
		t.Errorf("%d games written, %d counted, pairs %v", len(games), st.Games, st.SPRT.Pairs)
	}
	var text bytes.Buffer
	st.WriteText(&text)
	if !strings.Contains(text.String(), "SPRT elo0=0 elo1=200 alpha=0.05 beta=0.05: LLR ") || !strings.Contains(text.String(), "H1 accepted") {
		t.Errorf("standings:\n%s", text.String())
	}
	// Resumed, the test has decided already: nothing more is played.
	_, st2, err := run(t, context.Background(), cfg, &out)
	if err != nil || st2.Games != st.Games || st2.Resumed != st.Games || st2.SPRT.Decision != AcceptH1 {
		t.Errorf("resumed: %+v %v", st2, err)
	}
}

// A knockout of three: the first seed has a bye, meets the winner of the
// two others in the final.
func TestKnockoutRun(t *testing.T) {
	var out syncBuffer
	cfg := three()
	cfg.Kind = Knockout
	cfg.Concurrency = 2
	_, st, err := run(t, context.Background(), cfg, &out)
	if err != nil {
		t.Fatal(err)
	}
	games := checkPDN(t, out.String())
	if !st.Finished || len(st.Knockout) != 3 {
		t.Fatalf("finished %v, bracket %+v", st.Finished, st.Knockout)
	}
	final := st.Knockout[2]
	if final.Round != 2 || final.A != 0 || final.Winner < 0 || len(games) != st.Games {
		t.Errorf("final %+v; %d games written, %d counted", final, len(games), st.Games)
	}
	for round := range games {
		if strings.Count(round, ".") != 2 {
			t.Errorf("knockout Round tag %q", round)
		}
	}
	var text bytes.Buffer
	st.WriteText(&text)
	if !strings.Contains(text.String(), "Round 1, match 1: Rand1 goes through (a bye)") || !strings.Contains(text.String(), "Round 2, match 1: Rand1 - ") {
		t.Errorf("bracket:\n%s", text.String())
	}
}

// A gauntlet: the first engine against each of the others.
func TestGauntletRun(t *testing.T) {
	var out syncBuffer
	cfg := three()
	cfg.Kind = Gauntlet
	_, st, err := run(t, context.Background(), cfg, &out)
	if err != nil {
		t.Fatal(err)
	}
	games := checkPDN(t, out.String())
	if len(games) != 4 || st.Engines[0].Games+st.Engines[1].Games+st.Engines[2].Games != 8 {
		t.Errorf("%d games; standings %+v", len(games), st.Engines)
	}
	for _, rec := range games {
		w, _ := rec.Tag("White")
		b, _ := rec.Tag("Black")
		if w != "Rand1" && b != "Rand1" {
			t.Errorf("a gauntlet game without the first engine: %s - %s", w, b)
		}
	}
}

// A tournament whose engines never start is no tournament.
func TestNoGamePlayed(t *testing.T) {
	var out syncBuffer
	cfg := three()
	for i := range cfg.Engines {
		cfg.Engines[i] = match.Engine{Name: cfg.Engines[i].Name, Proto: "hub", Cmd: "/nonexistent/engine"}
	}
	cfg.Handshake = time.Second
	_, _, err := run(t, context.Background(), cfg, &out)
	if err == nil || !strings.Contains(err.Error(), "no game was played") {
		t.Errorf("err %v", err)
	}
}

// An SPRT that has not decided when the schedule's games are played says
// so.
func TestSPRTUndecided(t *testing.T) {
	var out syncBuffer
	test := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	cfg := Config{Kind: RoundRobin, Engines: []match.Engine{hubEngine("A", "-seed", "1"), hubEngine("B", "-seed", "2")},
		Games: 2, Rounds: 1, TC: match.TimeControl{Base: time.Minute}, SPRT: &test}
	_, st, err := run(t, context.Background(), cfg, &out)
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	st.WriteText(&text)
	if st.SPRT.Decision != Continue || !st.Finished || !strings.Contains(text.String(), "no decision within the games scheduled") {
		t.Errorf("%+v\n%s", st.SPRT, text.String())
	}
}
