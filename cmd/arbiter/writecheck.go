package main

import (
	"fmt"
	"io"
)

// checkedWriter remembers the first error writing standard output, so every
// command, even one that prints with fmt.Fprintf and never looks at the
// error, exits 2 when its output was lost (a full disk, a closed pipe).
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err // the output is lost already; stop at once
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// run runs one command line and returns the exit status; an output that
// could not be written turns any status into 2, with a message.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	code := runApp(args, stdin, out, stderr)
	if out.err != nil && code != exitUsage {
		// (Status 2 was reported by the command itself.)
		fmt.Fprintln(stderr, "arbiter: cannot write the output:", out.err)
		return exitUsage
	}
	return code
}
