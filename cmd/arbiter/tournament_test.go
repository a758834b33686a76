package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// enginesFile writes an engines file of three test engines (one over
// DXP), each taking delay a move.
func enginesFile(t *testing.T, eng, delay string) string {
	t.Helper()
	text := fmt.Sprintf(`engines:
  - name: Rand1
    protocol: dxp
    command: %[1]s
    args: [-listen, "127.0.0.1:{port}", -seed, "1", -delay, %[2]s]
  - name: Rand2
    protocol: hub
    command: %[1]s
    args: -proto hub -seed 2 -delay %[2]s
  - name: Rand3
    protocol: hub
    command: %[1]s
    args: -proto hub -seed 3 -delay %[2]s
`, eng, delay)
	path := filepath.Join(t.TempDir(), "engines.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

type standingsJSON struct {
	Games    int
	Finished bool
	Engines  []struct {
		Name   string
		Points float64
		Games  int
	}
	Relay *struct{ Moves int }
}

// The command end to end: a round robin of three, the PDN 'arbiter check'
// accepts, the standings in JSON (and in the --standings file) adding up,
// and a second run that finds the tournament finished.
func TestTournamentCommand(t *testing.T) {
	eng := buildTestEngine(t)
	engines := enginesFile(t, eng, "0s")
	dir := t.TempDir()
	pdnFile, standings := filepath.Join(dir, "rr.pdn"), filepath.Join(dir, "standings.json")
	args := []string{"tournament", "--engines", engines, "--tc", "0.5+0.1", "--pdn", pdnFile, "--format", "json", "--standings", standings}
	stdout, stderr, code := arbiter(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	var st standingsJSON
	if err := json.Unmarshal([]byte(stdout), &st); err != nil || st.Games != 6 || !st.Finished || len(st.Engines) != 3 {
		t.Fatalf("JSON %v: %s", err, stdout)
	}
	sum := 0.0
	for _, e := range st.Engines {
		sum += e.Points
		if e.Games != 4 {
			t.Errorf("%s played %d games", e.Name, e.Games)
		}
	}
	if sum != 6 || st.Relay == nil || st.Relay.Moves == 0 {
		t.Errorf("points %v, relay %+v", sum, st.Relay)
	}
	if !strings.Contains(stderr, "Finished game 1.1 (") || !strings.Contains(stderr, "Standings after 6 games: ") {
		t.Errorf("live lines (on stderr with --format json):\n%s", stderr)
	}
	if data, _ := os.ReadFile(standings); string(data) != stdout {
		t.Errorf("--standings file:\n%s\nstandard output:\n%s", data, stdout)
	}
	if out, _, code := arbiter(t, "", "check", "-q", pdnFile); code != 0 {
		t.Errorf("arbiter check on the tournament's PDN: exit %d\n%s", code, out)
	}
	data, _ := os.ReadFile(pdnFile)
	if n := strings.Count(string(data), "[ArbiterTournament \"type=round-robin; engines=Rand1, Rand2, Rand3; games=2; rounds=1;"); n != 6 {
		t.Errorf("%d games tagged with the settings:\n%s", n, data)
	}
	// Again: nothing to play, the same standings.
	stdout, _, code = arbiter(t, "", args...)
	var again standingsJSON
	if err := json.Unmarshal([]byte(stdout), &again); code != 0 || err != nil || again.Games != 6 || !again.Finished {
		t.Errorf("second run: exit %d, %v: %s", code, err, stdout)
	}
	if data2, _ := os.ReadFile(pdnFile); string(data2) != string(data) {
		t.Error("a finished tournament's PDN changed on a second run")
	}
	// Other settings are refused, the difference named.
	_, stderr, code = arbiter(t, "", "tournament", "--engines", engines, "--tc", "0.5+0.1", "--rounds", "2", "--pdn", pdnFile)
	if code != 2 || !strings.Contains(stderr, "rounds: 1 in the file, 2 now") || !strings.Contains(stderr, "--resume=false") {
		t.Errorf("other settings: exit %d\n%s", code, stderr)
	}
	// --resume=false starts another tournament after the file's games.
	_, stderr, code = arbiter(t, "", "tournament", "--engines", engines, "--tc", "0.5+0.1", "--pdn", pdnFile, "Rand1", "Rand2", "--resume=false")
	if data3, _ := os.ReadFile(pdnFile); code != 0 || strings.Count(string(data3), "[Event ") != 8 {
		t.Errorf("--resume=false: exit %d, %d games\n%s", code, strings.Count(string(data3), "[Event "), stderr)
	}
}

// A tournament killed halfway (kill -9: no chance to end anything) goes on
// from its PDN: the games written are not played again, the others are,
// and every game of the schedule is in the file once.
func TestTournamentResumesAfterKill(t *testing.T) {
	bin := buildArbiter(t)
	eng := buildTestEngine(t)
	engines := enginesFile(t, eng, "10ms")
	pdnFile := filepath.Join(t.TempDir(), "rr.pdn")
	args := []string{"tournament", "--engines", engines, "--tc", "1+0.1", "--rounds", "2", "--pdn", pdnFile, "--concurrency", "2"}
	cmd := exec.Command(bin, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		data, _ := os.ReadFile(pdnFile)
		if strings.Count(string(data), "[Event ") >= 4 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no 4 games within a minute:\n%s", data)
		}
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	data, _ := os.ReadFile(pdnFile)
	before := strings.Count(string(data), "[Event ")
	if before >= 12 {
		t.Fatalf("the tournament ended before it was killed (%d games)", before)
	}
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("resumed: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), fmt.Sprintf("12 games (%d read from the PDN); finished", before)) {
		t.Errorf("resumed run:\n%s", out)
	}
	data, _ = os.ReadFile(pdnFile)
	rounds := map[string]int{}
	for _, line := range strings.Split(string(data), "\n") {
		if r, ok := strings.CutPrefix(line, "[Round \""); ok {
			rounds[strings.TrimSuffix(r, "\"]")]++
		}
	}
	if len(rounds) != 12 {
		t.Errorf("%d games of the schedule in the file: %v", len(rounds), rounds)
	}
	for r, n := range rounds {
		if n != 1 {
			t.Errorf("game %s %d times in the file", r, n)
		}
	}
	if out, _, code := arbiter(t, "", "check", "-q", pdnFile); code != 0 {
		t.Errorf("arbiter check: exit %d\n%s", code, out)
	}
}

// An SPRT run from the command line: the test engine that plays an illegal
// first move loses every pair; the test stops on H1.
func TestTournamentSPRT(t *testing.T) {
	eng := buildTestEngine(t)
	text := fmt.Sprintf("engines:\n  - name: Good\n    protocol: hub\n    command: %[1]s\n    args: -proto hub\n"+
		"  - name: Bad\n    protocol: hub\n    command: %[1]s\n    args: -proto hub -misbehave illegal\n", eng)
	engines := filepath.Join(t.TempDir(), "engines.yaml")
	os.WriteFile(engines, []byte(text), 0o644)
	stdout, stderr, code := arbiter(t, "", "tournament", "--engines", engines, "--sprt", "elo0=0 elo1=200")
	if code != 0 || !strings.Contains(stdout, "SPRT elo0=0 elo1=200 alpha=0.05 beta=0.05: LLR ") || !strings.Contains(stdout, "H1 accepted") ||
		!strings.Contains(stdout, "; SPRT LLR ") {
		t.Errorf("exit %d\n%s\n%s", code, stdout, stderr)
	}
}

func TestTournamentUsage(t *testing.T) {
	eng := buildTestEngine(t)
	engines := enginesFile(t, eng, "0s")
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tournament", "--engines", filepath.Join(dir, "none.yaml")}, "--engines: open"},
		{[]string{"tournament", "--engines", engines, "--type", "swiss"}, `--type "swiss": round-robin, gauntlet or knockout`},
		{[]string{"tournament", "--engines", engines, "Kingsrow"}, "no engine called Kingsrow in the engines file (it has Rand1, Rand2, Rand3)"},
		{[]string{"tournament", "--engines", engines, "Rand1"}, "a tournament needs two engines or more"},
		{[]string{"tournament", "--engines", engines, "--sprt", "elo0=0 elo1=5"}, "an SPRT tests two engines, not 3"},
		{[]string{"tournament", "--engines", engines, "--sprt", "elo0=5 elo1=0", "Rand1", "Rand2"}, "--sprt: elo0 (5) must be below elo1 (0)"},
		{[]string{"tournament", "--engines", engines, "--sprt", "elo0=0 elo1=5", "--games", "3", "Rand1", "Rand2"}, "pairs of games"},
		{[]string{"tournament", "--engines", engines, "--resign", "moves=3"}, "--resign \"moves=3\": moves= a whole number from 1, score= men above 0"},
		{[]string{"tournament", "--engines", engines, "--draw", "after=x"}, "--draw after=x: not a number"},
		{[]string{"tournament", "--engines", engines, "--draw", "when=3"}, `--draw "when=3": want after, moves, score as key=value`},
		{[]string{"tournament", "--engines", engines, "--tc", "1", "--st", "1"}, "not both"},
		{[]string{"tournament", "--engines", engines, "--games", "0"}, "at least 1"},
		{[]string{"tournament", "--engines", engines, "--variant", "frisian"}, "engine Rand1: DamExchange plays international draughts only"},
		{[]string{"tournament", "--engines", engines, "--variant", "frisian", "Rand2", "Rand3"}, "engine Rand2: does not play frisian"},
		{[]string{"tournament", "--engines", engines, "--pdn", engines}, "is an input"},
		{[]string{"tournament", "--engines", engines, "--format", "xml"}, `--format "xml": text or json`},
	} {
		_, stderr, code := arbiter(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, want 2 and %q\n%s", c.args, code, c.want, stderr)
		}
	}
}

// The command and its flags are whole: help, completion, man page, README.
func TestTournamentDocumented(t *testing.T) {
	help, _, _ := arbiter(t, "", "tournament", "--help")
	words, _, _ := arbiter(t, "", "tournament", "--", completeFlag)
	man, _ := os.ReadFile("../../arbiter.1")
	readme, _ := os.ReadFile("../../README.md")
	for _, flag := range []string{"--engines", "--type", "--games", "--rounds", "--openings", "--sprt", "--resign", "--draw", "--maxmoves",
		"--concurrency", "--pdn", "--resume", "--standings", "--format"} {
		if !strings.Contains(help, flag) {
			t.Errorf("tournament --help has no %s", flag)
		}
		if !strings.Contains(words, flag+"\n") {
			t.Errorf("completion does not offer %s", flag)
		}
		if !strings.Contains(string(man), `\fB`+flag+`\fP`) && !strings.Contains(string(man), `\fB`+flag+`, `) {
			t.Errorf("arbiter.1 has no %s", flag)
		}
	}
	for _, want := range []string{"`arbiter tournament", "`--sprt", "`--resume`", "ArbiterTournament", "| g++ |"} {
		if !strings.Contains(string(readme), want) {
			t.Errorf("README has no %s", want)
		}
	}
	if !strings.Contains(help, "- name: Scan") || !strings.Contains(help, "options: {book: false}") {
		t.Errorf("tournament --help does not show the engines file:\n%s", help)
	}
}
