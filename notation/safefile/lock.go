package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// A file that arbiter writes game by game ('match --pdn') or rewrites
// whole ('convert --in-place', 'convert -o' over an existing file) is
// locked while it does (flock, an advisory lock that only programs asking
// for it see), and a second arbiter command that would write it is
// refused at once, not made to wait: a match lasts hours, a rewrite that
// waited for it would look hung, and one that ran anyway would take the
// games written after it read the file (they go to the old file, which
// the rename unlinks). The refusal says which process holds the file.

// errLocked: another open file holds the lock.
var errLocked = errors.New("locked")

// LockedError says that another arbiter process writes the file.
type LockedError struct {
	path   string
	holder int // its process id, 0 when the system does not say
}

func (e *LockedError) Error() string {
	who := "another arbiter command"
	if e.holder > 0 {
		who = fmt.Sprintf("another arbiter command (process %d)", e.holder)
	}
	return fmt.Sprintf("%s: %s is writing it; run this again when it has ended", e.path, who)
}

// lockTries bounds how often openLocked opens the file again when the one
// it locked was replaced meanwhile (by a rewrite that just ended).
const lockTries = 5

// openLocked opens path with flag and perm and takes its lock without
// waiting. It returns the file, which holds the lock until it is closed,
// and what the file was once locked. Files that are not regular (a
// device, a pipe) are not locked: no one replaces them.
func OpenLocked(path string, flag int, perm fs.FileMode) (*os.File, fs.FileInfo, error) {
	for try := 1; ; try++ {
		f, err := os.OpenFile(path, flag, perm)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, UnwrapPath(err))
		}
		st, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("%s: %w", path, UnwrapPath(err))
		}
		if !st.Mode().IsRegular() {
			return f, st, nil
		}
		if err := tryLock(f); err != nil {
			holder := lockHolder(st)
			f.Close()
			return nil, nil, &LockedError{path: path, holder: holder}
		}
		// The file locked must be the one the name leads to now: a
		// rewrite may have renamed its new file over it between the open
		// and the lock.
		if st, err = f.Stat(); err == nil {
			if now, err := os.Stat(path); err == nil && os.SameFile(st, now) {
				return f, st, nil
			}
		}
		f.Close()
		if try == lockTries {
			return nil, nil, fmt.Errorf("%s: replaced again and again while arbiter opened it", path)
		}
	}
}
