//go:build unix

package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// tryLock takes f's exclusive flock without waiting: errLocked when another
// open file holds it. A file system without locks (some network ones)
// lets the file be written unlocked: the check before a rename still
// guards a rewrite.
func tryLock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errLocked
		}
		return nil
	}
}

// lockHolder finds in /proc/locks (Linux) the process that holds the flock
// of the file st describes; 0 when it cannot tell.
func lockHolder(st fs.FileInfo) int {
	s, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return 0
	}
	data, err := os.ReadFile("/proc/locks")
	if err != nil {
		return 0
	}
	dev := uint64(s.Dev)
	major := (dev>>8)&0xfff | (dev>>32)&^uint64(0xfff)
	minor := dev&0xff | (dev>>12)&^uint64(0xff)
	file := fmt.Sprintf("%02x:%02x:%d", major, minor, s.Ino)
	for _, line := range strings.Split(string(data), "\n") {
		// 1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF (a waiter's
		// line has "->" after the number).
		f := strings.Fields(line)
		if len(f) >= 6 && f[1] == "FLOCK" && f[5] == file {
			pid, _ := strconv.Atoi(f[4])
			return pid
		}
	}
	return 0
}

// processGone says whether no process has this id (it may have been given
// to another process since: then what it left stays, which is only
// untidy).
func processGone(pid int) bool {
	if pid == os.Getpid() {
		return false
	}
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}

func ownedByMe(st fs.FileInfo) bool {
	s, ok := st.Sys().(*syscall.Stat_t)
	return ok && int(s.Uid) == os.Getuid()
}
