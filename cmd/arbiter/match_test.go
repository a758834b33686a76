package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildTestEngine builds cmd/arbiter-testengine into a temporary folder.
func buildTestEngine(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "arbiter-testengine")
	if out, err := exec.Command("go", "build", "-o", bin, "arbiter/cmd/arbiter-testengine").CombinedOutput(); err != nil {
		t.Fatalf("building the test engine: %v\n%s", err, out)
	}
	return bin
}

// The command end to end: two games appended to a PDN that 'arbiter check'
// accepts, an earlier game in the file kept, the JSON summary.
func TestMatchCommand(t *testing.T) {
	eng := buildTestEngine(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "match.pdn")
	earlier := "[Event \"earlier\"]\n[Result \"*\"]\n\n1. 32-28 *\n\n"
	if err := os.WriteFile(out, []byte(earlier), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, code := arbiter(t, "", "match",
		"--engine", "name=Rand1 cmd="+eng+` args="-listen 127.0.0.1:{port} -seed 1"`,
		"--engine", "name=Rand2 proto=hub cmd="+eng+` args="-proto hub -seed 2"`,
		"--games", "2", "--tc", "0.5+0.1", "--pdn", out, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	var sum struct {
		Engines []struct {
			Name  string
			Score float64
		}
		Games int
	}
	if err := json.Unmarshal([]byte(stdout), &sum); err != nil || sum.Games != 2 || len(sum.Engines) != 2 ||
		sum.Engines[0].Score+sum.Engines[1].Score != 2 {
		t.Fatalf("JSON summary %v: %s", err, stdout)
	}
	if !strings.Contains(stderr, "Finished game 1 (Rand1 vs Rand2)") || !strings.Contains(stderr, "Score of Rand1 vs Rand2") {
		t.Errorf("live lines (on stderr with --format json):\n%s", stderr)
	}
	data, _ := os.ReadFile(out)
	if !strings.HasPrefix(string(data), earlier) || strings.Count(string(data), "[Event ") != 3 ||
		!strings.Contains(string(data), `[TimeControl "30+0.1"]`) {
		t.Errorf("PDN:\n%s", data)
	}
	stdout, _, code = arbiter(t, "", "check", "-q", out)
	if code != 0 {
		t.Errorf("arbiter check on the match's PDN: exit %d\n%s", code, stdout)
	}
}

func TestMatchUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"match"}, "give --engine twice"},
		{[]string{"match", "--engine", "cmd=x args={port}"}, "give --engine twice"},
		{[]string{"match", "--engine", "cmd=x args={port}", "--engine", "cmd=y args={port}", "--tc", "0"}, "--tc"},
		{[]string{"match", "--engine", "cmd=x args={port}", "--engine", "cmd=y args={port}", "--tc", "1", "--st", "1"}, "not both"},
		{[]string{"match", "--engine", "cmd=x", "--engine", "cmd=y args={port}"}, "say where it listens"},
		{[]string{"match", "--engine", "cmd=x args={port}", "--engine", "cmd=y args={port}", "--variant", "russian"}, "international draughts only"},
		{[]string{"match", "--engine", "bogus=1", "--engine", "cmd=y"}, "unknown engine key"},
		{[]string{"match", "--engine", "addr=127.0.0.1:1", "--engine", "cmd=y args={port}", "--concurrency", "2"}, "cannot overlap"},
		{[]string{"match", "--engine", "cmd=x args={port}", "--engine", "cmd=y args={port}", "--openings", "/no/such/file"}, "no such file"},
		{[]string{"match", "--engine", "cmd=x args={port}", "--engine", "cmd=y args={port}", "--tc", "NaN"}, `--tc "NaN": minutes per game must be a positive number`},
		{[]string{"match", "--engine", "cmd=x args={port}", "--engine", "cmd=y args={port}", "--tc", "Inf"}, `--tc "Inf": minutes per game must be a positive number`},
		{[]string{"match", "--engine", "cmd=x args={port}", "--engine", "cmd=y args={port}", "--tc", "1+NaN"}, `--tc "1+NaN": the increment must be a number of seconds`},
		{[]string{"match", "--engine", "cmd=x args={port}", "--engine", "cmd=y args={port}", "--tc", "1+-1"}, `--tc "1+-1": the increment must be a number of seconds`},
		{[]string{"match", "--engine", "cmd=x args={port}", "--engine", "cmd=y args={port}", "--st", "NaN"}, "--st NaN: the time per move must be a positive number"},
		{[]string{"match", "--engine", "cmd=x args={port}", "--engine", "cmd=y args={port}", "--timemargin", "-200ms"}, "--timemargin must not be negative"},
		{[]string{"match", "--engine", "cmd=x args={port}", "--engine", "cmd=y args={port}", "--handshake", "0s"}, "--handshake must be a positive time"},
	} {
		_, stderr, code := arbiter(t, "", c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// A match's record kept as written (testdata/match/README.md): check
// accepts every game and derives the results the live referee gave.
func TestMatchRecordChecks(t *testing.T) {
	stdout, _, code := arbiter(t, "", "check", "-v", td+"match/mobydam-4-games.pdn")
	if code != 0 || strings.Count(stdout, ": valid,") != 4 {
		t.Fatalf("exit %d:\n%s", code, stdout)
	}
	for _, why := range []string{"black has no legal move", "5 moves by each side", "25 moves by each side with kings only", "16 moves by each side"} {
		if !strings.Contains(stdout, why) {
			t.Errorf("check does not derive %q:\n%s", why, stdout)
		}
	}
}

// Ctrl-C (SIGINT) on the real program: the game under way is written as
// unfinished, the standings are printed, the exit status is 1, and the
// engines are gone.
func TestMatchInterrupt(t *testing.T) {
	eng := buildTestEngine(t)
	dir := t.TempDir()
	bin := buildArbiter(t)
	pid := filepath.Join(dir, "engine.pid")
	out := filepath.Join(dir, "match.pdn")
	cmd := exec.Command(bin, "match", "--games", "4", "--tc", "10", "--pdn", out,
		"--engine", "name=Silent cmd="+eng+` args="-listen 127.0.0.1:{port} -misbehave silence -pidfile `+pid+`"`,
		"--engine", "name=Other proto=hub cmd="+eng+` args="-proto hub"`)
	var stdout strings.Builder
	cmd.Stdout = &stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		if _, err := os.Stat(pid); err == nil {
			break
		}
		if i == 500 {
			cmd.Process.Kill()
			t.Fatal("the engine never started")
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitFindings {
		t.Errorf("exit: %v, want status 1", err)
	}
	if !strings.Contains(stdout.String(), "Match interrupted") || !strings.Contains(stdout.String(), "Unfinished games: 1") {
		t.Errorf("standings:\n%s", stdout.String())
	}
	data, _ := os.ReadFile(out)
	if !strings.Contains(string(data), `[Termination "unfinished: interrupted"]`) || strings.Count(string(data), "[Event ") != 1 {
		t.Errorf("PDN:\n%s", data)
	}
	p, _ := os.ReadFile(pid)
	if n, _ := strconv.Atoi(string(p)); n == 0 || syscall.Kill(n, 0) == nil {
		t.Errorf("engine %s still runs", p)
	}
}

// Engines that never start make no match: exit status 2 and why, after the
// standings of the games they forfeited.
func TestMatchEnginesNeverStart(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-engine")
	for _, second := range []string{"cmd=" + missing + "-2 args={port}", "proto=hub cmd=" + buildTestEngine(t) + " args=\"-proto hub\""} {
		stdout, stderr, code := arbiter(t, "", "match", "--engine", "name=Missing cmd="+missing+" args={port}", "--engine", second, "--games", "2")
		if code != exitUsage || !strings.Contains(stderr, "arbiter: no game was played: game 1: ") || !strings.Contains(stderr, "Missing") ||
			!strings.Contains(stdout, "Score of ") {
			t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
		}
	}
}
