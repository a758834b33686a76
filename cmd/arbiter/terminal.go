package main

import (
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

var colorFlag = &cli.StringFlag{Name: "color", Value: "auto", Usage: "text: colour the severities and carets: auto (on a terminal, unless NO_COLOR is set), always or never"}

// isTerminal: w is a terminal (never a pipe, a file, or a test's buffer).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// useColor decides --color for output going to w: NO_COLOR (no-color.org)
// and TERM=dumb turn the automatic choice off.
func useColor(choice string, w io.Writer) (bool, error) {
	switch choice {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto", "":
		return os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb" && isTerminal(w), nil
	}
	return false, usageError("unknown --color %q (auto, always or never)", choice)
}

// progress shows games done, games/s and the current file on standard
// error, when it is a terminal and the run lasts: never in a pipe or a CI
// log (CI is set by GitHub, GitLab and most others), never for a run
// shorter than progressDelay. The bar is cleared before any report line
// goes to the same terminal, so the two never mix.
type progress struct {
	stderr  io.Writer
	enabled bool
	start   time.Time
	bar     *progressbar.ProgressBar
	file    string
}

const progressDelay = time.Second

func newProgress(stderr io.Writer, quiet bool) *progress {
	return &progress{
		stderr:  stderr,
		enabled: !quiet && os.Getenv("CI") == "" && isTerminal(stderr),
		start:   time.Now(),
	}
}

func (p *progress) game(file string) {
	if !p.enabled {
		return
	}
	if p.bar == nil {
		if time.Since(p.start) < progressDelay {
			return
		}
		p.bar = progressbar.NewOptions(-1,
			progressbar.OptionSetWriter(p.stderr),
			progressbar.OptionSetItsString("games"),
			progressbar.OptionShowIts(),
			progressbar.OptionShowCount(),
			progressbar.OptionSetSpinnerChangeInterval(0), // no goroutine: it draws when told
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	if file != p.file {
		p.file = file
		p.bar.Describe(printable(file))
	}
	p.bar.Add(1)
}

// clear removes the bar's line before the report writes to the terminal.
func (p *progress) clear() {
	if p.bar != nil {
		p.bar.Clear()
	}
}

func (p *progress) finish() {
	if p.bar != nil {
		p.bar.Finish()
		p.bar.Clear()
	}
}

// clearingWriter clears the progress bar before each write of the report.
type clearingWriter struct {
	w io.Writer
	p *progress
}

func (c clearingWriter) Write(b []byte) (int, error) {
	c.p.clear()
	return c.w.Write(b)
}
