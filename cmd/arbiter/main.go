// Command arbiter referees recorded board games: it replays every move of a
// record against a rule variant and reports illegal or ambiguous moves,
// draws a rule forced or allowed, and results the moves do not support.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/pprof"

	"github.com/urfave/cli/v2"
)

// Exit codes: 0 nothing wrong, 1 something wrong in a record, 2 usage or
// I/O error.
const (
	exitFindings = 1
	exitUsage    = 2
)

func main() {
	// ARBITER_CPUPROFILE=file writes a CPU profile, for finding where a
	// slow run spends its time (go tool pprof arbiter file).
	if path := os.Getenv("ARBITER_CPUPROFILE"); path != "" {
		if f, err := os.Create(path); err == nil {
			if pprof.StartCPUProfile(f) == nil {
				code := run(os.Args, os.Stdin, os.Stdout, os.Stderr)
				pprof.StopCPUProfile()
				os.Exit(code)
			}
		}
	}
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// Replaying allocates many short-lived move lists while the live heap
	// stays a few MB (games stream through); collecting at 4x the live heap
	// instead of 2x measured about 20% faster with --jobs 2, for some 25 MB.
	debug.SetGCPercent(400)
	// But 4x of a live heap of up to 8 MB (the games in flight with --jobs 2)
	// let the process reach 70 MB; a soft limit keeps checking an archive of
	// any size under 50 MB (measured: 33 MB on 1 GB) for no measurable CPU.
	// A larger live heap (one huge game) only makes the collector run more
	// often. GOMEMLIMIT, when set, wins.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(32 << 20)
	}
	app := newApp(stdin, stdout, stderr)
	unknown := ""
	app.CommandNotFound = func(_ *cli.Context, name string) { unknown = name }
	err := app.Run(args)
	if unknown != "" {
		fmt.Fprintf(stderr, "arbiter: unknown command %q (see 'arbiter --help')\n", unknown)
		return exitUsage
	}
	if err == nil {
		return 0
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(stderr, "arbiter:", msg)
		}
		return ec.ExitCode()
	}
	fmt.Fprintln(stderr, "arbiter:", err)
	return exitUsage
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	cli.ErrWriter = stderr
	return &cli.App{
		Name:  "arbiter",
		Usage: "a referee for recorded board games",
		Description: "arbiter reads game records (PDN for draughts), replays every move against a rule\n" +
			"variant and reports illegal or ambiguous moves, draws a rule forced or allowed, and\n" +
			"results the moves do not support. It also converts records between notations.\n\n" +
			"Exit status: 0 no record has an error, 1 some record has, 2 usage or I/O error.",
		Reader:                 stdin,
		Writer:                 stdout,
		ErrWriter:              stderr,
		HideHelpCommand:        true,
		UseShortOptionHandling: true,
		ExitErrHandler:         func(*cli.Context, error) {}, // run() reports and exits
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return cli.Exit(err.Error(), exitUsage)
		},
		Commands: []*cli.Command{
			checkCommand(),
			convertCommand(),
			perftCommand(),
			simulateCommand(),
			variantsCommand(),
		},
	}
}

// usageError is a mistake in the command line: exit status 2.
func usageError(format string, args ...any) error {
	return cli.Exit(fmt.Sprintf(format, args...), exitUsage)
}
