//go:build unix

package match

import (
	"errors"
	"os"
	"syscall"
)

// ownGroup puts the engine in a process group of its own: Ctrl-C in the
// terminal reaches arbiter only, which then ends the games and the
// engines in order.
func ownGroup(a *syscall.SysProcAttr) { a.Setpgid = true }

// killGroup kills the engine's whole process group: an engine started
// through a shell script must not leave its real process behind.
func killGroup(pid int) { syscall.Kill(-pid, syscall.SIGKILL) }

// processGone says whether no process has this id (it may have been given
// to another process since: then its folder stays, which is only untidy).
func processGone(pid int) bool {
	if pid == os.Getpid() {
		return false
	}
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}

func ownedByMe(st os.FileInfo) bool {
	s, ok := st.Sys().(*syscall.Stat_t)
	return ok && int(s.Uid) == os.Getuid()
}
