package main

import (
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"arbiter/notation/input"
	"arbiter/notation/safefile"
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
	if fd, isFD := safefile.DescriptorPath(name); isFD {
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

// writeDirect converts into a direct output; the conversion's errors are
// reported, and a failed close (a pipe's reader gone) is one more.
func (cv *converter) writeDirect(in []input.Source, name string, w io.Writer, close func() error) error {
	ok := cv.convertAll(in, w)
	if close != nil {
		if err := close(); err != nil && ok {
			cv.report(fmt.Errorf("%s: %w", name, safefile.UnwrapPath(err)))
			ok = false
		}
	}
	if !ok {
		return cli.Exit("", exitUsage)
	}
	return nil
}
