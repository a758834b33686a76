package match

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
)

// What an engine leaves behind when arbiter cannot end it in order (kill
// -9, a crash of arbiter): its process, and its temporary working folder.
// The process dies with arbiter (dieWithParent, on Linux); the folder is
// named after arbiter's process id, and the next match removes the folders
// of processes that are gone.

// engineDirPrefix starts the name of an engine's temporary working folder:
// arbiter-engine-PID-RANDOM.
const engineDirPrefix = "arbiter-engine-"

// engineTempDir makes a fresh working folder for one engine, removing
// first (once per process) the folders that dead arbiter processes left.
func engineTempDir() (string, error) {
	sweepOnce.Do(func() { sweepEngineDirs(os.TempDir()) })
	return os.MkdirTemp("", engineDirPrefix+strconv.Itoa(os.Getpid())+"-")
}

var sweepOnce sync.Once

// sweepEngineDirs removes from dir the engine folders of arbiter processes
// that no longer run. A folder whose owner may still run (the process
// exists, or cannot be asked), that another user owns, or that is not a
// folder of arbiter's naming, stays.
func sweepEngineDirs(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, ok := ownerPID(e.Name(), engineDirPrefix)
		if !ok || !e.IsDir() || !processGone(pid) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if st, err := os.Lstat(path); err != nil || !st.IsDir() || !ownedByMe(st) {
			continue
		}
		os.RemoveAll(path)
	}
}

// ownerPID reads the process id from a name written as PREFIX PID - REST.
func ownerPID(name, prefix string) (int, bool) {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return 0, false
	}
	digits, _, ok := strings.Cut(rest, "-")
	if !ok || digits == "" || len(digits) > 10 {
		return 0, false
	}
	pid, err := strconv.Atoi(digits)
	if err != nil || pid <= 0 || strconv.Itoa(pid) != digits {
		return 0, false
	}
	return pid, true
}

// startCommand starts cmd on a thread that lives as long as arbiter does.
// Linux sends the parent-death signal when the thread that started a child
// ends, not the process: a Go thread ends when a goroutine locked to it
// returns, so an engine started from an arbitrary thread could be killed
// in the middle of a match. One goroutine, locked to its thread and never
// returning, starts them all.
func startCommand(cmd *exec.Cmd) error {
	starterOnce.Do(func() {
		starts = make(chan startRequest)
		go func() {
			runtime.LockOSThread() // and never unlocked: the thread stays
			for r := range starts {
				r.done <- r.cmd.Start()
			}
		}()
	})
	done := make(chan error, 1)
	starts <- startRequest{cmd, done}
	return <-done
}

type startRequest struct {
	cmd  *exec.Cmd
	done chan error
}

var (
	starterOnce sync.Once
	starts      chan startRequest
)
