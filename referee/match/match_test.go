package match

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/referee/draughts"
	"arbiter/referee/match/enginetest"
	"arbiter/variants"
)

// testEngine is cmd/arbiter-testengine, built once for the tests.
var testEngine string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "arbiter-match-test-")
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

func international(t testing.TB) *variants.Variant {
	v, err := variants.Lookup("international")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// dxpEngine is the test engine as a DXP Follower listening on {port}.
func dxpEngine(name string, args ...string) Engine {
	return Engine{Name: name, Proto: "dxp", Cmd: testEngine, Args: append([]string{"-listen", "127.0.0.1:{port}"}, args...)}
}

func hubEngine(name string, args ...string) Engine {
	return Engine{Name: name, Proto: "hub", Cmd: testEngine, Args: append([]string{"-proto", "hub"}, args...)}
}

// play runs a match and returns its standings and the PDN it wrote.
func play(t *testing.T, ctx context.Context, cfg Config) (*Standings, string) {
	t.Helper()
	st, text, err := playErr(t, ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return st, text
}

// playErr is play for a match that may fail.
func playErr(t *testing.T, ctx context.Context, cfg Config) (*Standings, string, error) {
	t.Helper()
	var out, progress bytes.Buffer
	if cfg.Variant == nil {
		cfg.Variant = international(t)
	}
	if cfg.TC == (TimeControl{}) {
		cfg.TC = TimeControl{Base: time.Minute}
	}
	if cfg.Games == 0 {
		cfg.Games = 1
	}
	cfg.Out, cfg.Progress = &lockedBuffer{b: &out}, &progress
	m, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	st, err := m.Run(ctx)
	checkPDN(t, out.String())
	return st, out.String(), err
}

type lockedBuffer struct {
	mu sync.Mutex
	b  *bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// checkPDN is 'arbiter check' on what a match wrote: no game may have an
// error, and each must say how it ended.
func checkPDN(t *testing.T, text string) []*notation.Record {
	t.Helper()
	recs, err := pdn.ReadAll(strings.NewReader(text), "match.pdn", pdn.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		rep := referee.Check(rec, referee.Options{})
		for _, d := range rep.Diagnostics {
			if d.Severity == notation.Error || d.Severity == notation.Warning {
				t.Errorf("game %d: %s: %s\n%s", rec.Index, d.Code, d.Msg, text)
			}
		}
		if term, _ := rec.Tag("Termination"); term == "" {
			t.Errorf("game %d has no Termination tag", rec.Index)
		}
	}
	return recs
}

func tag(t *testing.T, text, name string) []string {
	t.Helper()
	recs, err := pdn.ReadAll(strings.NewReader(text), "match.pdn", pdn.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range recs {
		v, _ := r.Tag(name)
		out = append(out, v)
	}
	return out
}

// Two random movers play to the end over each protocol; the records pass
// 'arbiter check' and the standings add up.
func TestMatchPlaysToTheEnd(t *testing.T) {
	for _, proto := range []string{"dxp", "hub"} {
		t.Run(proto, func(t *testing.T) {
			a, b := dxpEngine("A", "-seed", "1"), dxpEngine("B", "-seed", "2")
			if proto == "hub" {
				a, b = hubEngine("A", "-seed", "1"), hubEngine("B", "-seed", "2")
			}
			st, text := play(t, context.Background(), Config{Engines: [2]Engine{a, b}, Games: 4})
			if st.Games != 4 || st.Unfinished != 0 {
				t.Fatalf("games %d, unfinished %d", st.Games, st.Unfinished)
			}
			e0, e1 := st.Engines[0], st.Engines[1]
			if e0.Wins != e1.Losses || e0.Draws != e1.Draws || e0.Score+e1.Score != 4 {
				t.Errorf("standings do not add up: %+v", st.Engines)
			}
			if e0.AsWhite.games()+e0.AsBlack.games() != 4 || e0.AsWhite.games() != 2 {
				t.Errorf("colours: %+v", e0)
			}
			for _, term := range tag(t, text, "Termination") {
				if !strings.Contains(term, "no legal move") && !strings.HasPrefix(term, "draw:") {
					t.Errorf("a game between two legal movers ended with %q", term)
				}
			}
			whites := tag(t, text, "White")
			if whites[0] != "A" || whites[1] != "B" {
				t.Errorf("colours not swapped: %v", whites)
			}
		})
	}
}

// Each way of misbehaving loses the game for the engine that misbehaves,
// with the reason in the Termination tag, over either protocol.
func TestMisbehaviourLoses(t *testing.T) {
	cases := []struct {
		kind, want string
		hub        bool
	}{
		{"illegal", `illegal move "M0000010100": legal: `, false},
		{"illegal", `illegal move "done move=1-1"`, true},
		{"garbage", `malformed message "M12x"`, false},
		{"garbage", `malformed message "done move=\"12"`, true},
		{"silence", "lost on time", false},
		{"silence", "lost on time", true},
		{"disconnect", "closed the connection", false},
		{"disconnect", "closed its output", true},
		{"crash", "crashed: exit status 3", false},
		{"crash", "crashed: exit status 3", true},
		{"outofturn", "moved out of turn", false},
		{"outofturn", "moved out of turn", true},
		{"falseend", "claimed a win the position does not give (GAMEEND 3)", false},
		{"falsedraw", "claimed a draw no rule gives (GAMEEND 2)", false},
		{"resign", "resigned (GAMEEND 1)", false},
	}
	for _, c := range cases {
		name := c.kind + "/dxp"
		goodArgs := []string{"-seed", "1"}
		if c.kind == "outofturn" {
			// Out of turn is a matter of time: the stray message must
			// arrive while the opponent thinks, not after it answered.
			goodArgs = append(goodArgs, "-delay", "300ms")
		}
		good, bad := dxpEngine("Good", goodArgs...), dxpEngine("Bad", "-seed", "2", "-misbehave", c.kind, "-at", "3")
		if c.hub {
			name = c.kind + "/hub"
			good, bad = hubEngine("Good", goodArgs...), hubEngine("Bad", "-seed", "2", "-misbehave", c.kind, "-at", "3")
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			st, text := play(t, context.Background(), Config{Engines: [2]Engine{good, bad},
				TC: TimeControl{Base: 3 * time.Second}})
			if st.Engines[1].Losses != 1 {
				t.Fatalf("the misbehaving engine did not lose:\n%s", text)
			}
			term := tag(t, text, "Termination")[0]
			if !strings.HasPrefix(term, "Bad (Black) ") || !strings.Contains(term, c.want) {
				t.Errorf("Termination %q, want Bad (Black) ... %q", term, c.want)
			}
			if res := tag(t, text, "Result")[0]; res != "2-0" {
				t.Errorf("Result %q", res)
			}
		})
	}
}

// An engine that does not start loses; one whose program is missing too.
// A match in which no game began is an error, not a score.
func TestEngineThatDoesNotStart(t *testing.T) {
	bad := Engine{Name: "Missing", Proto: "dxp", Cmd: filepath.Join(t.TempDir(), "no-such-engine"), Args: []string{"{port}"}}
	_, text, err := playErr(t, context.Background(), Config{Engines: [2]Engine{dxpEngine("Good"), bad}, Handshake: 2 * time.Second})
	if term := tag(t, text, "Termination")[0]; !strings.Contains(term, "Missing (Black) did not start: cannot start") {
		t.Errorf("Termination %q", term)
	}
	if err == nil || !strings.Contains(err.Error(), "no game was played: game 1: Missing (Black) did not start") {
		t.Errorf("Run's error: %v", err)
	}
	// A program that starts but never listens.
	deaf := Engine{Name: "Deaf", Proto: "dxp", Cmd: testEngine, Args: []string{"-listen", "127.0.0.1:1", "-x{port}"}}
	_, text, err = playErr(t, context.Background(), Config{Engines: [2]Engine{dxpEngine("Good"), deaf}, Handshake: 2 * time.Second})
	if term := tag(t, text, "Termination")[0]; !strings.Contains(term, "Deaf (Black) did not start: exited before accepting a connection: exit status 2") {
		t.Errorf("Termination %q", term)
	}
	if err == nil {
		t.Error("no error from a match no game of which began")
	}
}

// Ctrl-C: the game under way ends as unfinished and is written, the
// standings say so, and no engine process is left running.
func TestInterruptWritesAndReaps(t *testing.T) {
	dir := t.TempDir()
	pids := []string{filepath.Join(dir, "a.pid"), filepath.Join(dir, "b.pid")}
	a := dxpEngine("A", "-pidfile", pids[0], "-misbehave", "silence", "-at", "2")
	b := hubEngine("B", "-pidfile", pids[1])
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		// Cancel once both engines run and the game is under way.
		for {
			_, e1 := os.Stat(pids[0])
			_, e2 := os.Stat(pids[1])
			if e1 == nil && e2 == nil {
				time.Sleep(300 * time.Millisecond)
				cancel()
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	st, text := play(t, ctx, Config{Engines: [2]Engine{a, b}, Games: 6})
	if !st.Interrupted || st.Games != 1 || st.Unfinished != 1 {
		t.Fatalf("interrupted %v, games %d, unfinished %d", st.Interrupted, st.Games, st.Unfinished)
	}
	if res, term := tag(t, text, "Result")[0], tag(t, text, "Termination")[0]; res != "*" || term != "unfinished: interrupted" {
		t.Errorf("Result %q Termination %q", res, term)
	}
	for _, f := range pids {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		pid, _ := strconv.Atoi(string(data))
		if err := syscall.Kill(pid, 0); err == nil {
			t.Errorf("engine process %d still runs", pid)
		}
	}
	var buf bytes.Buffer
	st.WriteText(&buf)
	if !strings.Contains(buf.String(), "Match interrupted") || !strings.Contains(buf.String(), "Unfinished games: 1") {
		t.Errorf("standings:\n%s", buf.String())
	}
}

// Openings from FEN lines and from PDN games: each played twice with the
// colours swapped, written in the FEN tag, Black to move included.
func TestOpenings(t *testing.T) {
	v := international(t)
	fens := "# two ballots\nB:W17,31,32,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,18,19,20\n\n" +
		"W:W26,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,17,18,19,20,21\n"
	ops, err := ReadOpenings(strings.NewReader(fens), "ballots.fen", v)
	if err != nil || len(ops) != 2 {
		t.Fatalf("ReadOpenings: %v, %d", err, len(ops))
	}
	_, text := play(t, context.Background(), Config{Engines: [2]Engine{dxpEngine("A"), hubEngine("B")}, Games: 4, Openings: ops})
	got := tag(t, text, "FEN")
	if got[0] != got[1] || got[2] != got[3] || got[0] == got[2] || !strings.HasPrefix(got[0], "B:") {
		t.Errorf("FEN tags %q", got)
	}
	if w := tag(t, text, "White"); w[0] != "A" || w[1] != "B" || w[2] != "A" || w[3] != "B" {
		t.Errorf("White tags %q", w)
	}
	if !strings.Contains(text, "\n1... ") {
		t.Errorf("a game from a position with Black to move starts with 1...:\n%s", text)
	}

	games := "[Event \"opening\"]\n[Result \"*\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n"
	ops, err = ReadOpenings(strings.NewReader(games), "openings.pdn", v)
	if err != nil || len(ops) != 1 || !strings.HasPrefix(ops[0].FEN, "W:") {
		t.Fatalf("ReadOpenings(PDN) = %v, %v", ops, err)
	}
	if _, err := ReadOpenings(strings.NewReader("1. 32-28 32-28 *\n"), "bad.pdn", v); err == nil {
		t.Error("an opening with an illegal move was accepted")
	}
	if _, err := New(Config{Engines: [2]Engine{dxpEngine("A"), dxpEngine("B")}, Variant: v, Games: 1,
		TC: TimeControl{Base: time.Minute}, Openings: []Opening{{FEN: "W:W1:B50", Name: "x"}}}); err == nil {
		t.Error("a position without legal moves... was accepted as an opening") // W:W1 White man on 1 cannot move
	}
}

// Time per move over Hub, several games at once: every game is written
// whole (one write per game), none lost.
func TestConcurrencyAndTimePerMove(t *testing.T) {
	st, text := play(t, context.Background(), Config{Engines: [2]Engine{hubEngine("A", "-seed", "3"), dxpEngine("B", "-seed", "4")},
		Games: 6, Concurrency: 3, TC: TimeControl{PerMove: 2 * time.Second}})
	if st.Games != 6 || strings.Count(text, "[Event ") != 6 {
		t.Fatalf("%d games in the standings, %d written", st.Games, strings.Count(text, "[Event "))
	}
	if tc := tag(t, text, "TimeControl")[0]; tc != "1/2" {
		t.Errorf("TimeControl %q", tc)
	}
	seen := map[string]bool{}
	for _, r := range tag(t, text, "Round") {
		seen[r] = true
	}
	if len(seen) != 6 {
		t.Errorf("rounds %v", seen)
	}
}

// The engine connects to arbiter (listen), or is already running at an
// address and plays one game after the other on new connections.
func TestListenAndAddress(t *testing.T) {
	conn := Engine{Name: "C", Proto: "dxp", Cmd: testEngine, Listen: true, Args: []string{"-connect", "{host}:{port}", "-seed", "5"}}
	play(t, context.Background(), Config{Engines: [2]Engine{conn, dxpEngine("D")}, Games: 2})

	port, err := freePort("127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	srv := exec.Command(testEngine, "-listen", "127.0.0.1:"+port, "-seed", "6")
	stdin, _ := srv.StdinPipe()
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); srv.Wait() }()
	running := Engine{Name: "R", Proto: "dxp", Addr: "127.0.0.1:" + port}
	st, _ := play(t, context.Background(), Config{Engines: [2]Engine{running, dxpEngine("E")}, Games: 3})
	if st.Games != 3 || st.Unfinished != 0 {
		t.Errorf("games %d unfinished %d: %+v", st.Games, st.Unfinished, st.Results)
	}
	if _, err := New(Config{Engines: [2]Engine{running, dxpEngine("E")}, Variant: international(t), Games: 2,
		TC: TimeControl{Base: time.Minute}, Concurrency: 2}); err == nil {
		t.Error("concurrent games with one running engine were accepted")
	}
}

// The move limit adjudicates a draw, written 1-1 and accepted by check.
func TestMoveLimit(t *testing.T) {
	st, text := play(t, context.Background(), Config{Engines: [2]Engine{dxpEngine("A", "-seed", "7"), dxpEngine("B", "-seed", "8")}, MaxMoves: 3})
	if st.Engines[0].Draws != 1 || tag(t, text, "Result")[0] != "1-1" ||
		!strings.Contains(tag(t, text, "Termination")[0], "move limit of 3 moves") {
		t.Errorf("move limit:\n%s", text)
	}
	if n := strings.Count(text, "[%clk"); n != 6 {
		t.Errorf("%d clock comments for 6 moves", n)
	}
}

// The draw rules are check's: a game from a position where the 16-move
// endgame rule (three kings against one) applies ends as a draw.
func TestDrawRuleEndsTheGame(t *testing.T) {
	ops := []Opening{{FEN: "W:WK46,K47,K48:BK5", Name: "endgame"}}
	_, text := play(t, context.Background(), Config{Engines: [2]Engine{dxpEngine("A", "-seed", "9"), hubEngine("B", "-seed", "10")}, Openings: ops, Games: 2})
	for _, term := range tag(t, text, "Termination") {
		if !strings.HasPrefix(term, "draw:") && !strings.Contains(term, "no legal move") {
			t.Errorf("Termination %q", term)
		}
	}
}

func TestMatchMove(t *testing.T) {
	r := draughts.International()
	// The king on 30 reaches 42 by two captures over different pieces
	// (found by a random search over king-against-men positions).
	p, err := r.ParseFEN("W:W1,5,K30:B9,10,12,14,19,22,37,41")
	if err != nil {
		t.Fatal(err)
	}
	legal := r.LegalPaths(&p, nil)
	from, to := 30, 42
	var sets [][]int
	for _, mv := range legal {
		if mv.From == from && mv.To == to && (len(sets) == 0 || !sameSet(sets[0], mv.Captured)) {
			sets = append(sets, mv.Captured)
		}
	}
	if len(sets) < 2 {
		t.Fatalf("30x42 is one capture here: %v", sets)
	}
	if _, why := matchMove(legal, from, to, nil); why != "ambiguous" {
		t.Errorf("from/to only: %q, want ambiguous", why)
	}
	if mv, why := matchMove(legal, from, to, sets[0]); why != "" || !sameSet(mv.Captured, sets[0]) {
		t.Errorf("with captures: %v %q", mv, why)
	}
	if _, why := matchMove(legal, from, to, []int{2}); why != "illegal" {
		t.Errorf("wrong captures: %q", why)
	}
}

func TestDXPTime(t *testing.T) {
	cases := []struct {
		tc       TimeControl
		maxMoves int
		want     string
		moves    int
	}{
		{TimeControl{Base: 5 * time.Minute}, 0, "005", 0},
		{TimeControl{Base: 90 * time.Second}, 0, "1.5", 0},
		{TimeControl{Base: 30 * time.Second}, 0, "0.5", 0},
		{TimeControl{Base: 15 * time.Second}, 0, ".25", 0},
		{TimeControl{Base: time.Minute, Inc: time.Second}, 60, "002", 0},
		{TimeControl{PerMove: time.Second}, 0, "1.2", 75}, // 75 s, rounded down
		{TimeControl{PerMove: 2 * time.Second}, 30, "001", 30},
	}
	for _, c := range cases {
		got, moves, err := dxpTime(c.tc, c.maxMoves)
		if err != nil || got != c.want || moves != c.moves {
			t.Errorf("dxpTime(%+v, %d) = %q, %d, %v; want %q, %d", c.tc, c.maxMoves, got, moves, err, c.want, c.moves)
		}
	}
	if _, _, err := dxpTime(TimeControl{Base: 1000 * time.Minute}, 0); err == nil {
		t.Error("1000 minutes fit in 3 digits?")
	}
}

// The Elo difference and margin as cutechess-cli computes them.
func TestElo(t *testing.T) {
	cases := []struct {
		w, d, l        int
		elo, margin    float64
		los, drawRatio float64
	}{
		{10, 0, 10, 0, 0, 50, 0},
		{3, 1, 0, 0, 0, 0, 25},
		{6, 2, 2, 147.19, 0, 0, 20},
	}
	for _, c := range cases {
		s := &Standings{}
		s.Engines[0].Record = Record{Wins: c.w, Draws: c.d, Losses: c.l}
		s.finish()
		if c.elo != 0 && math.Abs(s.Elo-c.elo) > 0.01 {
			t.Errorf("%d/%d/%d: Elo %.2f, want %.2f", c.w, c.d, c.l, s.Elo, c.elo)
		}
		if math.Abs(s.DrawRatio-c.drawRatio) > 1e-9 {
			t.Errorf("draw ratio %.1f", s.DrawRatio)
		}
	}
	// Hand computation: 6-2-2 (score 0.7): stdev = sqrt((0.6*0.09 + 0.2*0.49
	// + 0.2*0.04)/10) = 0.12649; 95% interval 0.7 -/+ 1.95996*0.12649.
	s := &Standings{}
	s.Engines[0].Record = Record{Wins: 6, Draws: 2, Losses: 2}
	s.finish()
	lo, hi := 0.7-1.959964*0.126491, 0.7+1.959964*0.126491
	want := (-400*math.Log10(1/hi-1) + 400*math.Log10(1/lo-1)) / 2
	if math.Abs(s.EloMargin-want) > 0.05 {
		t.Errorf("margin %.2f, want %.2f", s.EloMargin, want)
	}
	if math.Abs(s.LOS-100*0.5*(1+math.Erf(4/math.Sqrt(16)))) > 1e-9 {
		t.Errorf("LOS %.2f", s.LOS)
	}
	even := &Standings{}
	even.Engines[0].Record = Record{Wins: 10, Losses: 10}
	even.finish()
	if even.Elo != 0 || even.LOS != 50 {
		t.Errorf("even match: Elo %v LOS %v", even.Elo, even.LOS)
	}
}

func TestParseEngine(t *testing.T) {
	e, err := ParseEngine(`name="Moby Dam" cmd=./mobydam args="-p {port} -t 20" arg=x,y initstr="time 100\nverbose" param.book=false`)
	if err != nil {
		t.Fatal(err)
	}
	if e.Name != "Moby Dam" || e.Cmd != "./mobydam" || strings.Join(e.Args, "|") != "-p|{port}|-t|20|x,y" ||
		e.InitStr != "time 100\nverbose" || e.Params["book"] != "false" {
		t.Errorf("%+v", e)
	}
	if err := e.Merge("proto=hub cmd=other name=X"); err != nil || e.Proto != "hub" || e.Cmd != "./mobydam" || e.Name != "Moby Dam" {
		t.Errorf("Merge: %+v %v", e, err)
	}
	for _, bad := range []string{"color=red", "proto=uci", `name="x`} {
		if _, err := ParseEngine(bad); err == nil {
			t.Errorf("ParseEngine(%q) accepted", bad)
		}
	}
	for _, e := range []Engine{{Name: "x"}, {Cmd: "x", Proto: "dxp"}, {Proto: "hub", Addr: "h:1"}, {Cmd: "x", Listen: true, Addr: "h:1", Proto: "dxp"}} {
		if err := e.Check(); err == nil {
			t.Errorf("Check(%+v) accepted", e)
		}
	}
}

// Hub engines play Frisian draughts: the variant goes to them as Scan's
// "variant" parameter, and the referee judges by Frisian rules.
func TestHubFrisian(t *testing.T) {
	v, err := variants.Lookup("frisian")
	if err != nil {
		t.Skip("no frisian variant")
	}
	if _, err := New(Config{Engines: [2]Engine{dxpEngine("A"), hubEngine("B")}, Variant: v, Games: 1, TC: TimeControl{Base: time.Minute}}); err == nil {
		t.Error("a DXP engine was let play Frisian")
	}
	if _, err := New(Config{Engines: [2]Engine{hubEngine("A"), hubEngine("B")}, Variant: international(t), Games: 1, TC: TimeControl{Base: time.Minute}}); err != nil {
		t.Error(err)
	}
	russian, _ := variants.Lookup("russian")
	if _, err := New(Config{Engines: [2]Engine{hubEngine("A"), hubEngine("B")}, Variant: russian, Games: 1, TC: TimeControl{Base: time.Minute}}); err == nil {
		t.Error("Hub engines were let play Russian draughts")
	}
}

// freePort draws below the system's ephemeral range when it knows it, so
// that no listen on port 0 or outgoing connection elsewhere on the machine
// takes the port before the engine binds it; and never hands out a port
// twice within a minute.
func TestFreePortBelowEphemeral(t *testing.T) {
	lo, hi := belowEphemeral()
	seen := map[string]bool{}
	for range 20 {
		p, err := freePort("127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		if seen[p] {
			t.Fatalf("port %s handed out twice", p)
		}
		seen[p] = true
		n, _ := strconv.Atoi(p)
		if hi > lo && (n < lo || n >= hi) {
			t.Errorf("port %d outside [%d, %d)", n, lo, hi)
		}
	}
	if hi <= lo {
		t.Logf("the system's ephemeral range is not known here: the system chose the ports")
	}
}
