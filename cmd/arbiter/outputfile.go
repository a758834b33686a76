package main

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"arbiter/notation/input"
	"arbiter/notation/safefile"
)

// reportOutput is where check writes its report: standard output, or
// --output-file FILE, written through the safe writer (beside the file,
// renamed into place when the report is whole and nothing else wrote the
// file meanwhile; never one of the inputs; a device or FIFO directly). The
// summary, the progress and every message stay on standard error, so a CI
// log shows them while the file holds the report.
type reportOutput struct {
	w     io.Writer
	af    *safefile.File // a regular file being written
	close func() error   // a device or FIFO written directly
	name  string
	done  bool
}

func openReportOutput(c *cli.Context, in []input.Source) (*reportOutput, error) {
	name := c.String("output-file")
	if name == "" {
		return &reportOutput{w: c.App.Writer, done: true}, nil
	}
	if same, ok := input.Overwrites(name, in); ok {
		return nil, usageError("--output-file %s is the input %s: refusing to overwrite it", name, same)
	}
	w, closeOut, ok, err := directOutput(c, name)
	if err != nil {
		return nil, cli.Exit(fmt.Sprintf("--output-file %s: %v", name, safefile.UnwrapPath(err)), exitUsage)
	}
	if ok {
		return &reportOutput{w: w, close: closeOut, name: name}, nil
	}
	af, err := safefile.Create(name)
	if err != nil {
		return nil, cli.Exit("--output-file "+err.Error(), exitUsage)
	}
	return &reportOutput{w: af, af: af, name: name}, nil
}

// commit puts the report in place.
func (o *reportOutput) commit() error {
	if o.done {
		return nil
	}
	o.done = true
	if o.af != nil {
		return o.af.Commit()
	}
	if o.close != nil {
		return o.close()
	}
	return nil
}

// abort leaves the file as it was, when the run did not finish its report.
func (o *reportOutput) abort() {
	if o == nil || o.done {
		return
	}
	o.done = true
	if o.af != nil {
		o.af.Abort()
	} else if o.close != nil {
		o.close()
	}
}
