package main

import (
	"errors"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildArbiter builds the program itself, for tests that signal it.
func buildArbiter(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "arbiter")
	if out, err := exec.Command("go", "build", "-o", bin, "arbiter/cmd/arbiter").CombinedOutput(); err != nil {
		t.Fatalf("building arbiter: %v\n%s", err, out)
	}
	return bin
}

// readPID waits for a test engine's -pidfile.
func readPID(t *testing.T, path string, p *os.Process) int {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if b, err := os.ReadFile(path); err == nil {
			if pid, err := strconv.Atoi(string(b)); err == nil {
				return pid
			}
		}
	}
	p.Kill()
	t.Fatalf("no process id in %s", path)
	return 0
}

// running says whether a process runs: it exists and is no zombie (an
// orphan waits for init to reap it, which may take a while).
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return !errors.Is(err, os.ErrNotExist)
	}
	// pid (comm) state ...: comm may hold spaces and parentheses.
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}

// waitGone waits until the process no longer runs; false if it still does
// after a while.
func waitGone(pid int) bool {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if !running(pid) {
			return true
		}
	}
	return false
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// SIGTERM and SIGHUP end a match as Ctrl-C does: the game under way is
// written as unfinished, the standings are printed, the engines are ended
// and their folders removed. SIGKILL leaves arbiter no say: the engines die
// with it all the same, and the folders it leaves are removed by the next
// match. The engines here ignore their standard input's end, as DXP
// engines that never read it do, so that only arbiter can end them.
func TestMatchEndsOnSignals(t *testing.T) {
	eng := buildTestEngine(t)
	bin := buildArbiter(t)
	for _, c := range []struct {
		sig  syscall.Signal
		code int // -1: killed
	}{
		{syscall.SIGTERM, exitFindings},
		{syscall.SIGHUP, exitFindings},
		{syscall.SIGKILL, -1},
	} {
		t.Run(c.sig.String(), func(t *testing.T) {
			if c.sig != syscall.SIGKILL && signal.Ignored(c.sig) {
				t.Skipf("%v is ignored in this process and so in arbiter (nohup?)", c.sig)
			}
			dir := t.TempDir()
			tmp := filepath.Join(dir, "tmp")
			if err := os.Mkdir(tmp, 0o755); err != nil {
				t.Fatal(err)
			}
			pidFiles := []string{filepath.Join(dir, "a.pid"), filepath.Join(dir, "b.pid")}
			out := filepath.Join(dir, "match.pdn")
			cmd := exec.Command(bin, "match", "--games", "4", "--tc", "10", "--pdn", out,
				"--engine", "name=Silent cmd="+eng+` args="-listen 127.0.0.1:{port} -ignorestdin -misbehave silence -pidfile `+pidFiles[0]+`"`,
				"--engine", "name=Other cmd="+eng+` args="-listen 127.0.0.1:{port} -ignorestdin -pidfile `+pidFiles[1]+`"`)
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			var stdout strings.Builder
			cmd.Stdout = &stdout
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			pids := []int{readPID(t, pidFiles[0], cmd.Process), readPID(t, pidFiles[1], cmd.Process)}
			defer func() {
				for _, pid := range pids {
					syscall.Kill(pid, syscall.SIGKILL) // whatever the test found
				}
			}()
			cmd.Process.Signal(c.sig)
			err := cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatalf("arbiter: %v", err)
			}
			if ee.ExitCode() != c.code {
				t.Errorf("exit status %d (%v), want %d", ee.ExitCode(), err, c.code)
			}
			for _, pid := range pids {
				if !waitGone(pid) {
					t.Errorf("engine %d still runs", pid)
				}
			}
			if c.sig != syscall.SIGKILL {
				if s := stdout.String(); !strings.Contains(s, "Match interrupted") || !strings.Contains(s, "Unfinished games: 1") {
					t.Errorf("standings:\n%s", s)
				}
				if left := dirNames(t, tmp); len(left) != 0 {
					t.Errorf("left in TMPDIR: %v", left)
				}
				return
			}
			// The folders arbiter could not remove name it, and the next
			// match removes them.
			left := dirNames(t, tmp)
			prefix := "arbiter-engine-" + strconv.Itoa(cmd.Process.Pid) + "-"
			if len(left) != 2 || !strings.HasPrefix(left[0], prefix) || !strings.HasPrefix(left[1], prefix) {
				t.Errorf("left in TMPDIR after kill -9: %v, want two %s*", left, prefix)
			}
			next := exec.Command(bin, "match", "--games", "1", "--tc", "0.05",
				"--engine", "name=A proto=hub cmd="+eng+` args="-proto hub"`,
				"--engine", "name=B proto=hub cmd="+eng+` args="-proto hub"`)
			next.Env = cmd.Env
			if b, err := next.CombinedOutput(); err != nil {
				t.Fatalf("the next match: %v\n%s", err, b)
			}
			if left := dirNames(t, tmp); len(left) != 0 {
				t.Errorf("left in TMPDIR after the next match: %v", left)
			}
		})
	}
}
