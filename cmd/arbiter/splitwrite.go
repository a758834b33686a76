package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"arbiter/notation/safefile"
)

// splitWriter writes the files of 'split': each file as a temporary file
// beside its place (safefile.CreateTemp: removed on a signal, swept by the next
// run if killed), linked into place only when the whole run went well and
// only where no file has that name (never overwriting: a hard link fails
// on a name that is taken). A file that exists when its first game comes
// stops the run before anything is put in place.
//
// An archive split by game makes a file per game: the files are kept
// open a few at a time (maxSplitOpen), reopened for appending when another
// game goes to one.
type splitWriter struct {
	dir   string
	files map[string]*splitFile // by target path
	order []*splitFile
	open  []*splitFile // the files with an open handle, least recent first
}

type splitFile struct {
	target, temp string
	f            *os.File
	games        int
}

const maxSplitOpen = 32

func newSplitWriter(dir string) *splitWriter {
	return &splitWriter{dir: dir, files: map[string]*splitFile{}}
}

// write appends a game's text to the file named (a path under dir).
func (w *splitWriter) write(name string, text []byte) error {
	target := filepath.Join(w.dir, filepath.FromSlash(name))
	sf := w.files[target]
	if sf == nil {
		if _, err := os.Lstat(target); err == nil {
			return fmt.Errorf("%s exists: split never overwrites a file (choose another --dir or --template)", target)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: %w", target, safefile.UnwrapPath(err))
		}
		folder := filepath.Dir(target)
		if err := os.MkdirAll(folder, 0o777); err != nil {
			return fmt.Errorf("%s: %w", folder, safefile.UnwrapPath(err))
		}
		f, err := safefile.CreateTemp(target)
		if err != nil {
			return fmt.Errorf("%s: %w", target, safefile.UnwrapPath(err))
		}
		sf = &splitFile{target: target, temp: f.Name(), f: f}
		w.files[target] = sf
		w.order = append(w.order, sf)
		w.touch(sf)
	} else if sf.f == nil {
		f, err := os.OpenFile(sf.temp, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return fmt.Errorf("%s: %w", target, safefile.UnwrapPath(err))
		}
		sf.f = f
		w.touch(sf)
	}
	if sf.games > 0 {
		text = append([]byte{'\n'}, text...)
	}
	sf.games++
	if _, err := sf.f.Write(text); err != nil {
		return fmt.Errorf("%s: %w", target, safefile.UnwrapPath(err))
	}
	return nil
}

// touch makes sf the most recent open file, closing the least recent
// when too many are open.
func (w *splitWriter) touch(sf *splitFile) {
	for i, x := range w.open {
		if x == sf {
			w.open = append(w.open[:i], w.open[i+1:]...)
			break
		}
	}
	w.open = append(w.open, sf)
	if len(w.open) > maxSplitOpen {
		old := w.open[0]
		w.open = w.open[1:]
		old.f.Close()
		old.f = nil
	}
}

// commit flushes every file to disk and links each into place; it
// returns how many files were put in place. A name taken meanwhile is an
// error, and the files not yet in place are removed.
func (w *splitWriter) commit() (int, error) {
	for _, sf := range w.order {
		if sf.f == nil {
			f, err := os.OpenFile(sf.temp, os.O_WRONLY, 0)
			if err != nil {
				return 0, fmt.Errorf("%s: %w", sf.target, safefile.UnwrapPath(err))
			}
			sf.f = f
		}
		err := sf.f.Sync()
		if cerr := sf.f.Close(); err == nil {
			err = cerr
		}
		sf.f = nil
		if err != nil {
			return 0, fmt.Errorf("%s: %w", sf.target, safefile.UnwrapPath(err))
		}
	}
	w.open = nil
	var placed []string
	for _, sf := range w.order {
		if err := safefile.LinkTemp(sf.temp, sf.target); err != nil {
			sort.Strings(placed)
			return len(placed), fmt.Errorf("%s: %w (split never overwrites: the %d files before it are in place, the others are not written)", sf.target, safefile.UnwrapPath(err), len(placed))
		}
		sf.temp = ""
		placed = append(placed, sf.target)
	}
	return len(placed), nil
}

// abort removes the temporary files not put in place.
func (w *splitWriter) abort() {
	for _, sf := range w.order {
		if sf.f != nil {
			sf.f.Close()
			sf.f = nil
		}
		if sf.temp != "" {
			safefile.RemoveTemp(sf.temp)
			sf.temp = ""
		}
	}
}
