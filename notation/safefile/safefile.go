// Package safefile is arbiter's safe writer: every file a command writes
// goes through it, so that no user's data is lost or damaged. A file is
// written as a temporary file beside its target and renamed into place only
// when it is whole (Create, File.Commit); the target is locked meanwhile
// (flock: a second arbiter command that would write it is refused at once,
// OpenLocked), and a target another program changed since writing began is
// left as it is. The temporary files are removed when the process is
// stopped by a signal, and swept by the next run beside them after kill -9.
// New files a command makes many of are linked into place, never over a
// file that exists (CreateTemp, LinkTemp). Outputs that are not regular
// files (a terminal, a FIFO, /dev/stdout) are written directly
// (DescriptorPath tells the process's own descriptors).
package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// File is an output file written as a temporary file in its target's
// folder and renamed over the target only by Commit: until then the old
// file is untouched, and Abort (or a failed Commit) leaves nothing behind.
// A rename within one folder is atomic, so a reader of the target sees the
// old file or the new one, never half of it.
//
// Until then the target is also locked (OpenLocked): another arbiter command
// that writes it, a match appending games or another rewrite, is refused
// rather than losing what it writes to a file about to be replaced. And
// Commit refuses to replace a target that changed since writing began:
// what another program wrote to it in the meantime would be lost.
type File struct {
	*os.File
	target string // the name the user gave, for messages
	final  string // where the file lands: the target, or what its symlink points to
	lock   *os.File
	before fs.FileInfo // the target when writing began; nil if there was none
	done   bool
}

// Create starts writing target. A symlink is followed, so the file it
// points to is replaced and the link stays a link.
func Create(target string) (*File, error) {
	a := &File{target: target, final: target}
	mode := fs.FileMode(0o666) &^ umask()
	if st, err := os.Stat(target); err == nil {
		if !st.Mode().IsRegular() {
			return nil, &fs.PathError{Op: "write", Path: target, Err: errors.New("not a regular file")}
		}
		mode = st.Mode().Perm()
		// A rename would replace a read-only file: honour it as
		// os.Create would, by opening it for writing (without truncating).
		if a.lock, a.before, err = OpenLocked(target, os.O_WRONLY, 0); err != nil {
			return nil, err
		}
		if p, err := filepath.EvalSymlinks(target); err == nil {
			a.final = p
		}
	}
	dir, base := filepath.Dir(a.final), filepath.Base(a.final)
	sweepTemps(dir, base)
	f, err := createTemp(dir, tempPrefix(base))
	if err != nil {
		a.unlock()
		return nil, fmt.Errorf("%s: %w", target, UnwrapPath(err))
	}
	a.File = f
	if err := f.Chmod(mode); err != nil {
		a.Abort()
		return nil, fmt.Errorf("%s: %w", target, UnwrapPath(err))
	}
	return a, nil
}

// Commit flushes the file to disk and renames it into place, unless the
// target changed since createAtomic.
func (a *File) Commit() error {
	if a.done {
		return nil
	}
	a.done = true
	defer a.unlock()
	err := a.File.Sync()
	if cerr := a.File.Close(); err == nil {
		err = cerr
	}
	if err == nil && BeforeRename != nil {
		BeforeRename(a.final)
	}
	if err == nil {
		err = a.unchanged()
	}
	if err == nil {
		err = renameTemp(a.File.Name(), a.final)
	}
	if err != nil {
		removeTemp(a.File.Name())
		return fmt.Errorf("%s: %w", a.target, UnwrapPath(err))
	}
	return nil
}

// BeforeRename, set by tests only, runs just before the check that
// precedes the rename: another program writing the target at the worst
// moment.
var BeforeRename func(target string)

// errChanged: the target changed while its replacement was written.
var errChanged = errors.New("changed while arbiter was writing its replacement (another program wrote to it): left as it is, nothing written")

// unchanged checks, just before the rename, that the target is the file it
// was when writing began: the same file, size and modification time. (An
// arbiter that writes it honours the lock and never gets here; this is for
// every other program.)
func (a *File) unchanged() error {
	now, err := os.Stat(a.final)
	switch {
	case a.before == nil && errors.Is(err, fs.ErrNotExist):
		return nil
	case a.before == nil || err != nil:
		return errChanged
	case !os.SameFile(a.before, now) || now.Size() != a.before.Size() || !now.ModTime().Equal(a.before.ModTime()):
		return errChanged
	}
	return nil
}

// Abort drops the temporary file; the target stays as it was.
func (a *File) Abort() {
	if a.done {
		return
	}
	a.done = true
	a.File.Close()
	removeTemp(a.File.Name())
	a.unlock()
}

func (a *File) unlock() {
	if a.lock != nil {
		a.lock.Close()
		a.lock = nil
	}
}

// Write names the target, not the temporary file, in its errors.
func (a *File) Write(p []byte) (int, error) {
	n, err := a.File.Write(p)
	if err != nil {
		err = fmt.Errorf("%s: %w", a.target, UnwrapPath(err))
	}
	return n, err
}

// WriteCommit writes p, the whole text, and commits it; on a write error
// the file is aborted (its target untouched).
func (a *File) WriteCommit(p []byte) error {
	if _, err := a.Write(p); err != nil {
		a.Abort()
		return err
	}
	return a.Commit()
}

// A temporary file is named .NAME.tmp-PID-RANDOM beside its target: the
// process id tells a later run whether its writer is gone (killed before
// it could remove it), and so whether it may be removed.
func tempPrefix(base string) string {
	return "." + base + ".tmp-" + strconv.Itoa(os.Getpid()) + "-"
}

// CreateTemp creates the temporary file of a new file at target, beside
// it, with the mode os.Create would give (the umask's), removed if the
// process is stopped by a signal: LinkTemp puts it in place, RemoveTemp
// drops it. The temporary files processes now gone left for target are
// swept first.
func CreateTemp(target string) (*os.File, error) {
	dir, base := filepath.Dir(target), filepath.Base(target)
	sweepTemps(dir, base)
	f, err := createTemp(dir, tempPrefix(base))
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(fs.FileMode(0o666) &^ umask()); err != nil {
		f.Close()
		removeTemp(f.Name())
		return nil, err
	}
	return f, nil
}

// RemoveTemp removes a temporary file of CreateTemp that will not be put
// in place.
func RemoveTemp(name string) { removeTemp(name) }

// sweepTemps removes the temporary files that processes now gone left
// beside base in dir: regular files of this user, named as tempPrefix
// names them for this very target. Anything else stays, whatever its name.
func sweepTemps(dir, base string) {
	prefix := "." + base + ".tmp-"
	for _, name := range tempCandidates(dir) {
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		pid, random, ok := strings.Cut(rest, "-")
		n, err := strconv.Atoi(pid)
		if !ok || err != nil || n <= 0 || strconv.Itoa(n) != pid || !allDigits(random) || !processGone(n) {
			continue
		}
		path := filepath.Join(dir, name)
		if st, err := os.Lstat(path); err == nil && st.Mode().IsRegular() && ownedByMe(st) {
			os.Remove(path)
		}
	}
}

// tempCandidates lists the names in dir that may be temporary files of
// arbiter's, reading each folder once per process: --in-place on a folder
// of many files must not read the folder once per file.
func tempCandidates(dir string) []string {
	tempListMu.Lock()
	defer tempListMu.Unlock()
	if names, ok := tempLists[dir]; ok {
		return names
	}
	var names []string
	if entries, err := os.ReadDir(dir); err == nil {
		for _, e := range entries {
			if n := e.Name(); strings.HasPrefix(n, ".") && strings.Contains(n, ".tmp-") {
				names = append(names, n)
			}
		}
	}
	if tempLists == nil {
		tempLists = map[string][]string{}
	}
	tempLists[dir] = names
	return names
}

var (
	tempListMu sync.Mutex
	tempLists  map[string][]string // folder: its names that may be temporary files
)

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// Target is the name the file was created for, as the caller gave it.
func (a *File) Target() string { return a.target }

// UnwrapPath drops an *fs.PathError's (or *os.LinkError's) file name,
// keeping why: the messages name the target, not a temporary file.
func UnwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
