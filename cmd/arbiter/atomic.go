package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// atomicFile is an output file written as a temporary file in its target's
// folder and renamed over the target only by Commit: until then the old
// file is untouched, and Abort (or a failed Commit) leaves nothing behind.
// A rename within one folder is atomic, so a reader of the target sees the
// old file or the new one, never half of it.
type atomicFile struct {
	*os.File
	target string // the name the user gave, for messages
	final  string // where the file lands: the target, or what its symlink points to
	done   bool
}

// createAtomic starts writing target. A symlink is followed, so the file
// it points to is replaced and the link stays a link.
func createAtomic(target string) (*atomicFile, error) {
	final := target
	mode := fs.FileMode(0o666) &^ umask()
	if st, err := os.Stat(target); err == nil {
		if !st.Mode().IsRegular() {
			return nil, &fs.PathError{Op: "write", Path: target, Err: errors.New("not a regular file")}
		}
		mode = st.Mode().Perm()
		// A rename would replace a read-only file: honour it as
		// os.Create would, by opening it for writing (without truncating).
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", target, unwrapPath(err))
		}
		f.Close()
		if p, err := filepath.EvalSymlinks(target); err == nil {
			final = p
		}
	}
	f, err := os.CreateTemp(filepath.Dir(final), "."+filepath.Base(final)+".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", target, unwrapPath(err))
	}
	if err := f.Chmod(mode); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, fmt.Errorf("%s: %w", target, unwrapPath(err))
	}
	return &atomicFile{File: f, target: target, final: final}, nil
}

// Commit flushes the file to disk and renames it into place.
func (a *atomicFile) Commit() error {
	if a.done {
		return nil
	}
	a.done = true
	err := a.File.Sync()
	if cerr := a.File.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(a.File.Name(), a.final)
	}
	if err != nil {
		os.Remove(a.File.Name())
		return fmt.Errorf("%s: %w", a.target, unwrapPath(err))
	}
	return nil
}

// Abort drops the temporary file; the target stays as it was.
func (a *atomicFile) Abort() {
	if a.done {
		return
	}
	a.done = true
	a.File.Close()
	os.Remove(a.File.Name())
}

// Write names the target, not the temporary file, in its errors.
func (a *atomicFile) Write(p []byte) (int, error) {
	n, err := a.File.Write(p)
	if err != nil {
		err = fmt.Errorf("%s: %w", a.target, unwrapPath(err))
	}
	return n, err
}

// unwrapPath drops an *fs.PathError's temporary file name, keeping why.
func unwrapPath(err error) error {
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

// sameFileAsAny returns the first of inputs that is the file out, by
// identity (os.SameFile), so another path or a symlink to it is caught.
// An output that does not exist yet is no input.
func sameFileAsAny(out string, inputs []input) (string, bool) {
	ost, err := os.Stat(out)
	if err != nil {
		return "", false
	}
	for _, in := range inputs {
		if in.path == "" {
			continue
		}
		if ist, err := os.Stat(in.path); err == nil && os.SameFile(ost, ist) {
			return in.name, true
		}
	}
	return "", false
}
