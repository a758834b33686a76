package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"arbiter/notation/input"
)

// An output that is not a regular file is written directly: /dev/null, a
// terminal, a FIFO, /dev/stdout. The temporary file and rename that keep a
// regular file whole cannot apply to them (a rename would replace the
// device node, or the file behind standard output, with a new file).

// directOutput opens name for writing directly when it is not a regular
// file to be replaced; ok is false for a regular file (or none yet),
// which is written beside it and renamed. close is nil for arbiter's own
// standard output or error, which stay open.
func directOutput(c *cli.Context, name string) (w io.Writer, close func() error, ok bool, err error) {
	if fd, isFD := descriptorPath(name); isFD {
		switch fd {
		case 1:
			return c.App.Writer, nil, true, nil
		case 2:
			return c.App.ErrWriter, nil, true, nil
		}
		// Another descriptor: appended to, so that a file the shell
		// opened (3>>log) keeps what it had.
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return nil, nil, true, err
		}
		return f, f.Close, true, nil
	}
	st, err := os.Stat(name)
	if err != nil || st.Mode().IsRegular() || st.IsDir() {
		return nil, nil, false, nil // createAtomic writes it, or says why not
	}
	f, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		return nil, nil, true, err
	}
	return f, f.Close, true, nil
}

// descriptorPath says whether name leads, through symlinks, to one of
// arbiter's own open descriptors: /dev/stdout, /dev/stderr, /dev/fd/N,
// /proc/self/fd/N. Such a name is the descriptor the shell gave arbiter,
// even when behind it is a regular file (arbiter ... -o /dev/stdout >>
// all.pdn): replacing that file would lose what it held.
func descriptorPath(name string) (int, bool) {
	p, err := filepath.Abs(name)
	if err != nil {
		return 0, false
	}
	self := "/proc/" + strconv.Itoa(os.Getpid()) + "/fd/"
	for range 16 {
		switch p {
		case "/dev/stdin":
			return 0, true
		case "/dev/stdout":
			return 1, true
		case "/dev/stderr":
			return 2, true
		}
		for _, dir := range []string{"/dev/fd/", "/proc/self/fd/", self} {
			if n, ok := strings.CutPrefix(p, dir); ok {
				if fd, err := strconv.Atoi(n); err == nil && fd >= 0 {
					return fd, true
				}
			}
		}
		link, err := os.Readlink(p)
		if err != nil {
			return 0, false
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(p), link)
		}
		p = filepath.Clean(link)
	}
	return 0, false
}

// writeDirect converts into a direct output; the conversion's errors are
// reported, and a failed close (a pipe's reader gone) is one more.
func (cv *converter) writeDirect(in []input.Source, name string, w io.Writer, close func() error) error {
	ok := cv.convertAll(in, w)
	if close != nil {
		if err := close(); err != nil && ok {
			cv.report(fmt.Errorf("%s: %w", name, unwrapPath(err)))
			ok = false
		}
	}
	if !ok {
		return cli.Exit("", exitUsage)
	}
	return nil
}
