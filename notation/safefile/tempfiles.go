package safefile

import (
	"os"
	"os/signal"
	"sync"
)

// The temporary files of File are removed when arbiter is stopped by
// a signal (Ctrl-C, SIGTERM, SIGHUP) while it writes them: the target
// stays as it was, and nothing is left beside it. (kill -9 leaves the
// file; the next write beside it removes it: sweepTemps.)

var temps struct {
	mu   sync.Mutex
	live map[string]bool
	sigs chan os.Signal // caught while a temporary file exists
}

// createTemp creates a temporary file and keeps its name for the signal
// handler, which is in place before the file exists.
func createTemp(dir, prefix string) (*os.File, error) {
	temps.mu.Lock()
	defer temps.mu.Unlock()
	if len(temps.live) == 0 {
		temps.live = map[string]bool{}
		temps.sigs = make(chan os.Signal, 1)
		signal.Notify(temps.sigs, StopSignals()...)
		go removeTempsOnSignal(temps.sigs)
	}
	f, err := os.CreateTemp(dir, prefix+"*")
	if err != nil {
		forgetTempLocked("")
		return nil, err
	}
	temps.live[f.Name()] = true
	return f, nil
}

// renameTemp renames a temporary file into place: a signal waits for the
// rename to end, so the target is the old file or the new one.
func renameTemp(name, target string) error {
	temps.mu.Lock()
	defer temps.mu.Unlock()
	err := os.Rename(name, target)
	if err == nil {
		forgetTempLocked(name)
	}
	return err
}

// LinkTemp puts a temporary file in place under a name that must not
// exist: a hard link fails when the name is taken (by a file made
// meanwhile too), so nothing is ever replaced. The temporary name goes.
func LinkTemp(name, target string) error {
	temps.mu.Lock()
	defer temps.mu.Unlock()
	if err := os.Link(name, target); err != nil {
		return err
	}
	os.Remove(name)
	forgetTempLocked(name)
	return nil
}

// removeTemp removes a temporary file that will not be renamed.
func removeTemp(name string) {
	temps.mu.Lock()
	defer temps.mu.Unlock()
	os.Remove(name)
	forgetTempLocked(name)
}

// forgetTempLocked drops name ("" for none) from the live files, and the
// signal handler with the last of them: arbiter then ends on a signal as
// it would without it.
func forgetTempLocked(name string) {
	delete(temps.live, name)
	if len(temps.live) == 0 && temps.sigs != nil {
		signal.Stop(temps.sigs)
		close(temps.sigs)
		temps.sigs = nil
	}
}

// removeTempsOnSignal removes the live temporary files when a signal
// comes, then ends arbiter by that signal, as it would have ended.
func removeTempsOnSignal(sigs chan os.Signal) {
	sig, ok := <-sigs
	if !ok {
		return
	}
	temps.mu.Lock() // never released: arbiter ends here
	for name := range temps.live {
		os.Remove(name)
	}
	signal.Reset(sig)
	endBy(sig)
	os.Exit(2) // arbiter's exit status for an I/O error
}
