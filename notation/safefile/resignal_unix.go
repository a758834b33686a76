//go:build unix

package safefile

import (
	"os"
	"syscall"
	"time"
)

// endBy ends the process by sig, as it would have ended without the
// handler that removed the temporary files.
func endBy(sig os.Signal) {
	if s, ok := sig.(syscall.Signal); ok {
		syscall.Kill(os.Getpid(), s)
		time.Sleep(time.Second) // the signal ends the process meanwhile
		os.Exit(128 + int(s))
	}
}
