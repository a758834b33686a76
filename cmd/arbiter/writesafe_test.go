package main

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"arbiter/notation/safefile"
)

const oneGame = "[Event \"late\"]\n[Result \"*\"]\n\n1. 32-28 *\n\n"

// A file another arbiter command writes (a match appending its games) is
// locked: a rewrite, a conversion onto it and a second match on it are
// refused at once with who holds it, the file untouched and nothing left
// beside it. The lock here is the one 'match --pdn' takes.
func TestLockedFileIsNotWritten(t *testing.T) {
	for _, c := range []struct {
		name string
		args func(target, other string) []string
	}{
		{"convert --in-place", func(target, _ string) []string { return []string{"convert", "--in-place", target} }},
		{"convert -o", func(target, other string) []string { return []string{"convert", "-o", target, other} }},
		{"match --pdn", func(target, _ string) []string {
			return []string{"match", "--engine", "cmd=x args={port}", "--engine", "cmd=y args={port}", "--pdn", target}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			target, other := filepath.Join(dir, "match.pdn"), filepath.Join(dir, "other.pdn")
			writeFile(t, target, twoGames)
			writeFile(t, other, twoGames)
			held, _, err := safefile.OpenLocked(target, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			_, stderr, code := arbiter(t, "", c.args(target, other)...)
			want := "match.pdn: another arbiter command (process " + strconv.Itoa(os.Getpid()) + ") is writing it"
			if code != exitUsage || !strings.Contains(stderr, want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, want)
			}
			if got := readFile(t, target); got != twoGames {
				t.Errorf("the locked file changed: %q", got)
			}
			if extra := leftovers(t, dir, "match.pdn", "other.pdn"); len(extra) > 0 {
				t.Errorf("files left behind: %v", extra)
			}
			held.Close()
			if c.name != "match --pdn" {
				if _, stderr, code := arbiter(t, "", c.args(target, other)...); code != 0 {
					t.Errorf("once unlocked: exit %d: %s", code, stderr)
				}
			}
		})
	}
}

// A program that writes the target between the reading and the rename (a
// match of an older arbiter, an editor) makes the rewrite refuse: exit 2,
// the target as that program left it, the temporary file removed.
func TestChangedTargetIsNotReplaced(t *testing.T) {
	for _, c := range []struct {
		name   string
		exists bool
		args   func(target, other string) []string
	}{
		{"convert --in-place", true, func(target, _ string) []string { return []string{"convert", "--in-place", target} }},
		{"convert -o over a file", true, func(target, other string) []string { return []string{"convert", "-o", target, other} }},
		{"convert -o, the file made meanwhile", false, func(target, other string) []string { return []string{"convert", "-o", target, other} }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			target, other := filepath.Join(dir, "match.pdn"), filepath.Join(dir, "other.pdn")
			writeFile(t, other, twoGames)
			before := ""
			if c.exists {
				writeFile(t, target, twoGames)
				before = twoGames
			}
			safefile.BeforeRename = func(final string) {
				if final != target {
					return
				}
				f, err := os.OpenFile(target, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
				if err != nil {
					t.Error(err)
					return
				}
				f.WriteString(oneGame)
				f.Close()
			}
			defer func() { safefile.BeforeRename = nil }()
			_, stderr, code := arbiter(t, "", c.args(target, other)...)
			if code != exitUsage || !strings.Contains(stderr, "match.pdn: changed while arbiter was writing its replacement") {
				t.Errorf("exit %d, stderr %q; want 2 and the change", code, stderr)
			}
			if got := readFile(t, target); got != before+oneGame {
				t.Errorf("the target is %q, want what the other program left: %q", got, before+oneGame)
			}
			if extra := leftovers(t, dir, "match.pdn", "other.pdn"); len(extra) > 0 {
				t.Errorf("files left behind: %v", extra)
			}
		})
	}
}

// The race of issue 24 with real processes: while a match runs, its PDN
// cannot be rewritten nor taken by a second match; once the match has
// ended, it can, and every game the match wrote is in it.
func TestMatchLocksItsPDN(t *testing.T) {
	eng := buildTestEngine(t)
	bin := buildArbiter(t)
	dir := t.TempDir()
	pid, out := filepath.Join(dir, "engine.pid"), filepath.Join(dir, "match.pdn")
	writeFile(t, out, twoGames)
	cmd := exec.Command(bin, "match", "--games", "4", "--tc", "10", "--pdn", out,
		"--engine", "name=Silent cmd="+eng+` args="-listen 127.0.0.1:{port} -misbehave silence -pidfile `+pid+`"`,
		"--engine", "name=Other proto=hub cmd="+eng+` args="-proto hub"`)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	readPID(t, pid, cmd.Process) // the file is locked before an engine starts
	holder := "(process " + strconv.Itoa(cmd.Process.Pid) + ") is writing it"
	for _, args := range [][]string{
		{"convert", "--in-place", out},
		{"match", "--engine", "cmd=x args={port}", "--engine", "cmd=y args={port}", "--pdn", out},
	} {
		if _, stderr, code := arbiter(t, "", args...); code != exitUsage || !strings.Contains(stderr, holder) {
			t.Errorf("%v during the match: exit %d, stderr %q", args[:2], code, stderr)
		}
	}
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	if _, stderr, code := arbiter(t, "", "convert", "--in-place", out); code != 0 {
		t.Errorf("after the match: exit %d: %s", code, stderr)
	}
	if got := readFile(t, out); strings.Count(got, "[Event ") != 3 || !strings.Contains(got, `[Termination "unfinished: interrupted"]`) {
		t.Errorf("after the match and the rewrite:\n%s", got)
	}
}

// Outputs that are not regular files are written directly: /dev/null,
// /dev/stdout, /dev/stderr, a FIFO, a full device (which says so).
func TestConvertDirectOutputs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdn")
	writeFile(t, in, twoGames)
	want, _, code := arbiter(t, "", "convert", in)
	if code != 0 {
		t.Fatalf("convert: exit %d", code)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	fromFIFO := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo) // waits for arbiter to open it
		if err != nil {
			fromFIFO <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		fromFIFO <- string(b)
	}()
	for _, c := range []struct {
		out            string
		stdout, stderr string
		code           int
	}{
		{"/dev/null", "", "", 0},
		{"/dev/stdout", want, "", 0},
		{"/dev/stderr", "", want, 0},
		{"/dev/fd/1", want, "", 0},
		{fifo, "", "", 0},
		{"/dev/full", "", "no space left on device", exitUsage},
	} {
		if _, err := os.Stat(c.out); err != nil {
			t.Logf("%s: %v (skipped)", c.out, err)
			continue
		}
		stdout, stderr, code := arbiter(t, "", "convert", "-o", c.out, in)
		if code != c.code || stdout != c.stdout || !strings.Contains(stderr, c.stderr) || (c.stderr == "" && stderr != "") {
			t.Errorf("-o %s: exit %d, stdout %q, stderr %q; want %d, %q, %q", c.out, code, stdout, stderr, c.code, c.stdout, c.stderr)
		}
	}
	select {
	case got := <-fromFIFO:
		if got != want {
			t.Errorf("the FIFO's reader got %q, want %q", got, want)
		}
	case <-time.After(10 * time.Second):
		t.Error("nothing written to the FIFO")
	}
	if extra := leftovers(t, dir, "in.pdn", "fifo"); len(extra) > 0 {
		t.Errorf("files left behind: %v", extra)
	}
	// --in-place rewrites regular files only (and does not wait on a FIFO).
	if _, stderr, code := arbiter(t, "", "convert", "--in-place", fifo); code != exitUsage || !strings.Contains(stderr, "not a regular file") {
		t.Errorf("--in-place on a FIFO: exit %d, stderr %q", code, stderr)
	}
}

// -o /dev/stdout when the shell appends standard output to a file: the
// file keeps what it had, the conversion after it (the file behind the
// descriptor was replaced, its old lines lost).
func TestConvertToStdoutAppended(t *testing.T) {
	bin := buildArbiter(t)
	dir := t.TempDir()
	in, all := filepath.Join(dir, "in.pdn"), filepath.Join(dir, "all.pdn")
	writeFile(t, in, twoGames)
	writeFile(t, all, oneGame)
	for _, out := range []string{"/dev/stdout", "/proc/self/fd/1"} {
		f, err := os.OpenFile(all, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		before := readFile(t, all)
		cmd := exec.Command(bin, "convert", "-o", out, in)
		var stderr strings.Builder
		cmd.Stdout, cmd.Stderr = f, &stderr
		err = cmd.Run()
		f.Close()
		if err != nil {
			t.Fatalf("-o %s: %v\n%s", out, err, stderr.String())
		}
		if got := readFile(t, all); !strings.HasPrefix(got, before) || strings.Count(got, "[Event ") != strings.Count(before, "[Event ")+2 {
			t.Errorf("-o %s >> all.pdn: %q, want %q and the two games", out, got, before)
		}
	}
	if extra := leftovers(t, dir, "in.pdn", "all.pdn"); len(extra) > 0 {
		t.Errorf("files left behind: %v", extra)
	}
}

// A conversion stopped by a signal while it writes (here: waiting on an
// input that never comes) removes its temporary file and ends by that
// signal, the target as it was. kill -9 leaves the file; the next
// conversion to the same target removes it, as it removes those of other
// dead processes, and nothing else.
func TestConvertSignalRemovesTemporary(t *testing.T) {
	bin := buildArbiter(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			if sig != syscall.SIGKILL && signal.Ignored(sig) {
				t.Skipf("%v is ignored in this process and so in arbiter", sig)
			}
			dir := t.TempDir()
			out, fifo, in := filepath.Join(dir, "out.pdn"), filepath.Join(dir, "fifo"), filepath.Join(dir, "in.pdn")
			writeFile(t, out, "old\n")
			writeFile(t, in, twoGames)
			if err := syscall.Mkfifo(fifo, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, "convert", "-o", out, in, fifo)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			prefix := ".out.pdn.tmp-" + strconv.Itoa(cmd.Process.Pid) + "-"
			for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
				if extra := leftovers(t, dir, "out.pdn", "in.pdn", "fifo"); len(extra) == 1 && strings.HasPrefix(extra[0], prefix) {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("no temporary file %s*: %v", prefix, leftovers(t, dir))
				}
			}
			cmd.Process.Signal(sig)
			err := cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatalf("convert: %v", err)
			}
			if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != sig {
				t.Errorf("convert ended with %v, want killed by %v", err, sig)
			}
			if got := readFile(t, out); got != "old\n" {
				t.Errorf("out.pdn = %q", got)
			}
			left := leftovers(t, dir, "out.pdn", "in.pdn", "fifo")
			if sig != syscall.SIGKILL {
				if len(left) > 0 {
					t.Errorf("files left behind: %v", left)
				}
				return
			}
			// Beside the one kill -9 left: another target's, and files
			// that are not arbiter's temporary files of a dead process.
			others := []string{".in.pdn.tmp-" + strconv.Itoa(cmd.Process.Pid) + "-1", ".out.pdn.tmp-1-2", ".out.pdn.tmp-123", ".out.pdn.tmp-" + strconv.Itoa(cmd.Process.Pid) + "-x"}
			for _, name := range others {
				writeFile(t, filepath.Join(dir, name), "keep")
			}
			if _, stderr, code := arbiter(t, "", "convert", "-o", out, in); code != 0 {
				t.Fatalf("the next conversion: exit %d: %s", code, stderr)
			}
			if got := leftovers(t, dir, append([]string{"out.pdn", "in.pdn", "fifo"}, others...)...); len(got) > 0 {
				t.Errorf("left after the next conversion: %v", got)
			}
			for _, name := range others {
				if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
					t.Errorf("%s was removed", name)
				}
			}
		})
	}
}
