package safefile

import (
	"os"
	"os/signal"
	"syscall"
)

// StopSignals are the signals that end a run in order: Ctrl-C (SIGINT),
// SIGTERM (kill, a service manager, a CI runner's timeout) and SIGHUP (the
// terminal closed). A signal ignored when arbiter started stays ignored:
// catching SIGHUP under nohup would end the run nohup was asked to keep.
func StopSignals() []os.Signal {
	var out []os.Signal
	for _, s := range []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP} {
		if !signal.Ignored(s) {
			out = append(out, s)
		}
	}
	return out
}
