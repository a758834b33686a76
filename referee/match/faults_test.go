package match

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A start is tried again only when it fails as a port race does (the
// program, started on a port arbiter chose, exited before it could play);
// an engine that refuses the game or never answers is started once, not
// three times a handshake's time each.
func TestStartRetriedOnlyForThePortRace(t *testing.T) {
	for _, c := range []struct {
		name   string
		script string // the engine, run by sh; {port} is arbiter's choice
		starts int
		want   string
	}{
		{"exits at once", "exit 2 # {port}", 3, "did not start: exited before accepting a connection: exit status 2"},
		{"refuses", "exec " + testEngine + " -listen 127.0.0.1:{port} -misbehave refuse", 1, "did not start the game: refused the game (GAMEACC code 2)"},
		{"never answers", "exec " + testEngine + " -listen 127.0.0.1:{port} -misbehave mute", 1, "did not start the game: no GAMEACC within 1s"},
		// The connection breaks at once, the program exits a moment later:
		// what a port another program took looks like.
		{"hangs up, exits", "exec " + testEngine + " -listen 127.0.0.1:{port} -misbehave hangup", 3, "did not start the game: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			count := filepath.Join(t.TempDir(), "starts")
			bad := Engine{Name: "Bad", Proto: "dxp", Cmd: "/bin/sh", Args: []string{"-c", "echo >> " + count + "; " + c.script}}
			_, text, _ := playErr(t, context.Background(), Config{Engines: [2]Engine{dxpEngine("Good"), bad}, Handshake: time.Second})
			if term := tag(t, text, "Termination")[0]; !strings.Contains(term, "Bad (Black) "+c.want) {
				t.Errorf("Termination %q, want %q", term, c.want)
			}
			data, _ := os.ReadFile(count)
			if n := strings.Count(string(data), "\n"); n != c.starts {
				t.Errorf("started %d times, want %d", n, c.starts)
			}
		})
	}
}

// An engine that ends cleanly in the middle of a game: the Termination tag
// says it exited, in one sentence ("exited", "closed its output and
// exited"), never "exited and exited".
func TestCleanExitTermination(t *testing.T) {
	for _, hub := range []bool{false, true} {
		good, bad := dxpEngine("Good", "-seed", "1"), dxpEngine("Bad", "-seed", "2", "-misbehave", "quit", "-at", "3")
		if hub {
			good, bad = hubEngine("Good", "-seed", "1"), hubEngine("Bad", "-seed", "2", "-misbehave", "quit", "-at", "3")
		}
		_, text := play(t, context.Background(), Config{Engines: [2]Engine{good, bad}, TC: TimeControl{Base: 5 * time.Second}})
		term := tag(t, text, "Termination")[0]
		if !strings.HasPrefix(term, "Bad (Black) ") || !strings.HasSuffix(term, "exited") || strings.Contains(term, "exited and exited") {
			t.Errorf("hub %v: Termination %q", hub, term)
		}
	}
}

// A clock a few milliseconds past zero (a move within the time margin)
// reads 0:00:00.0: a minus sign only on what rounds to a tenth or more.
func TestClockText(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0:00:00.0"},
		{-30 * time.Millisecond, "0:00:00.0"},
		{-49 * time.Millisecond, "0:00:00.0"},
		{-50 * time.Millisecond, "-0:00:00.1"},
		{-1500 * time.Millisecond, "-0:00:01.5"},
		{61*time.Second + 240*time.Millisecond, "0:01:01.2"},
		{time.Hour + 59*time.Minute + 59*time.Second + 960*time.Millisecond, "2:00:00.0"},
	} {
		if got := clockText(c.d); got != c.want {
			t.Errorf("clockText(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

// DamExchange's limits on the announced time bind a match with a DXP
// engine only: two Hub engines play a clock DXP cannot say.
func TestDXPLimitsOnlyForDXP(t *testing.T) {
	v := international(t)
	for _, c := range []struct {
		tc      TimeControl
		engines [2]Engine
		ok      bool
	}{
		{TimeControl{Base: 30 * time.Millisecond}, [2]Engine{hubEngine("A"), hubEngine("B")}, true},
		{TimeControl{Base: 2000 * time.Minute}, [2]Engine{hubEngine("A"), hubEngine("B")}, true},
		{TimeControl{Base: 30 * time.Millisecond}, [2]Engine{hubEngine("A"), dxpEngine("B")}, false},
		{TimeControl{Base: 2000 * time.Minute}, [2]Engine{dxpEngine("A"), hubEngine("B")}, false},
	} {
		_, err := New(Config{Engines: c.engines, Variant: v, Games: 1, TC: c.tc})
		if (err == nil) != c.ok {
			t.Errorf("%v with %s and %s: %v", c.tc.Base, c.engines[0].Proto, c.engines[1].Proto, err)
		}
	}
}
