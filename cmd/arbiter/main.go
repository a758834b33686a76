// Command arbiter referees recorded board games: it replays every move of a
// record against a rule variant and reports illegal or ambiguous moves,
// draws a rule forced or allowed, and results the moves do not support.
package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"strings"

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

// collectAt has the collector run when the heap has grown by percent of
// the live heap, and softMemoryLimit sets its soft memory limit
// (noMemoryLimit: none); GOGC and GOMEMLIMIT, when set, win over them:
// measuring other settings must not need a rebuild.
func collectAt(percent int) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(percent)
	}
}

func softMemoryLimit(bytes int64) {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(bytes)
	}
}

const noMemoryLimit = math.MaxInt64

func runApp(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// Replaying allocates many short-lived move lists while the live heap
	// stays a few MB (games stream through); collecting at 4x the live heap
	// instead of 2x measured about 20% faster with --jobs 2, for some 25 MB.
	collectAt(400)
	// But 4x of a live heap of up to 8 MB (the games in flight with --jobs 2)
	// let the process reach 70 MB; a soft limit keeps checking an archive of
	// any size under 50 MB (measured: 33 MB on 1 GB) for no measurable CPU.
	// A larger live heap (one huge game) only makes the collector run more
	// often.
	softMemoryLimit(32 << 20)
	app := newApp(stdin, stdout, stderr)
	if n := len(args); n > 0 && args[n-1] == completeFlag {
		for _, w := range complete(app, args[1:n-1]) {
			fmt.Fprintln(stdout, w)
		}
		return 0
	}
	unknown := ""
	app.CommandNotFound = func(_ *cli.Context, name string) { unknown = name }
	args = permuteArgs(app, args)
	cmd := commandOf(app, args)
	err := checkRequired(cmd, args)
	if err == nil {
		err = app.Run(args)
	}
	if unknown != "" {
		fmt.Fprintf(stderr, "arbiter: unknown command %q%s\n", unknown, suggestCommand(app.Commands, unknown))
		fmt.Fprintln(stderr, "Run 'arbiter help' for the list of commands.")
		return exitUsage
	}
	if err == nil {
		return 0
	}
	var ue *usageErr
	if errors.As(err, &ue) {
		// One line and a hint, like git and ruff, not the whole help.
		fmt.Fprintln(stderr, "arbiter:", printableLines(ue.msg))
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", helpName(cmd))
		return exitUsage
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(stderr, "arbiter:", printableLines(msg))
		}
		return ec.ExitCode()
	}
	fmt.Fprintln(stderr, "arbiter:", printableLines(err.Error()))
	return exitUsage
}

// commands is every command of arbiter; a new command is one entry here.
func commands() []*cli.Command {
	return []*cli.Command{
		ballotsCommand(),
		boardCommand(),
		checkCommand(),
		compareCommand(),
		convertCommand(),
		diffCommand(),
		dupesCommand(),
		explainCommand(),
		fixCommand(),
		lspCommand(),
		matchCommand(),
		namesCommand(),
		perftCommand(),
		selectCommand(),
		simulateCommand(),
		splitCommand(),
		tournamentCommand(),
		variantsCommand(),
		completionCommand(),
		manCommand(),
		helpCommand(),
	}
}

// helpCommand is arbiter's own "help [COMMAND]": urfave/cli's shares one
// global command value that its setup appends to its own subcommands, a
// cycle that makes the man page recurse forever once help has run in the
// process.
func helpCommand() *cli.Command {
	return &cli.Command{
		Name:      "help",
		Aliases:   []string{"h"},
		Usage:     "the commands, or one command's help",
		ArgsUsage: "[COMMAND]",
		HideHelp:  true,
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return cli.ShowAppHelp(c)
			}
			name := c.Args().First()
			if findCommand(c.App.Commands, name) == nil {
				return usageError("help: unknown command %q%s", name, suggestCommand(c.App.Commands, name))
			}
			return cli.ShowCommandHelp(c, name)
		},
	}
}

const examples = `Examples, one per game family:

     arbiter check games.pdn                  draughts (PDN; the GameType tag picks the rules)
     arbiter check --default-variant english english/
                                              checkers records without a GameType tag
     arbiter check sanmill.pgn                nine men's morris ([Game "morris"] or Variant tag)
     arbiter check ludo.txt                   race games: Ludo, Goose, horse race ([Game "ludo"])
     arbiter check halma.pdn                  Halma, Twee in een ([Game "halma"])
     arbiter check archive.zip games.pdn.gz   archives are read member by member
     arbiter check --format sarif records/ > arbiter.sarif
     arbiter explain illegal                  what a code means and how to fix it`

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	cli.ErrWriter = stderr
	cli.VersionPrinter = func(c *cli.Context) { fmt.Fprintf(c.App.Writer, "arbiter %s\n", c.App.Version) }
	app := &cli.App{
		Name:    "arbiter",
		Usage:   "a referee for recorded board games",
		Version: version(),
		Description: "arbiter reads game records (PDN for draughts; notations of its own for morris, race\n" +
			"games and Halma), replays every move against a rule variant and reports illegal or\n" +
			"ambiguous moves, draws a rule forced or allowed, and results the moves do not support.\n" +
			"It also converts records between notations.\n\n" +
			examples + "\n\n" +
			"Flags may come before or after file names; -- ends them.\n" +
			"Exit status: 0 no record has an error, 1 some record has, 2 usage or I/O error.",
		Reader:                 stdin,
		Writer:                 stdout,
		ErrWriter:              stderr,
		UseShortOptionHandling: true,
		// A repeated flag's value is taken whole: a FEN (--position) and
		// a tag condition (--where) hold commas.
		DisableSliceFlagSeparator: true,
		HideHelpCommand:           true, // helpCommand() instead
		// urfave/cli adds --help only when no command is named help.
		Flags:          []cli.Flag{cli.HelpFlag},
		ExitErrHandler: func(*cli.Context, error) {}, // run() reports and exits
		Commands:       commands(),
	}
	app.OnUsageError = onUsageError
	var walk func([]*cli.Command)
	walk = func(cmds []*cli.Command) {
		for _, c := range cmds {
			c.OnUsageError = onUsageError
			c.HideHelpCommand = true
			walk(c.Subcommands)
		}
	}
	walk(app.Commands)
	return app
}

// onUsageError turns urfave/cli's flag errors into one line with a
// suggestion for a mistyped flag.
func onUsageError(c *cli.Context, err error, _ bool) error {
	msg := err.Error()
	flags := c.App.Flags
	if c.Command != nil && c.Command.Name != "" {
		flags = c.Command.Flags
	}
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		msg = fmt.Sprintf("unknown flag %s%s", name, suggestFlag(flags, name))
	}
	return &usageErr{msg: msg}
}

// usageErr is a mistake in the command line: exit status 2, one line and
// a hint.
type usageErr struct{ msg string }

func (e *usageErr) Error() string { return e.msg }
func (e *usageErr) ExitCode() int { return exitUsage }

// usageError is a mistake in the command line: exit status 2.
func usageError(format string, args ...any) error {
	return &usageErr{msg: fmt.Sprintf(format, args...)}
}

// commandOf is the (sub)command the arguments run, nil for the app itself.
func commandOf(app *cli.App, args []string) *cli.Command {
	var cmd *cli.Command
	cmds := app.Commands
	for _, a := range args[1:] {
		if strings.HasPrefix(a, "-") {
			if cmd == nil {
				continue
			}
			break
		}
		c := findCommand(cmds, a)
		if c == nil {
			break
		}
		cmd, cmds = c, c.Subcommands
	}
	return cmd
}

func helpName(cmd *cli.Command) string {
	if cmd == nil {
		return "arbiter"
	}
	if cmd.HelpName != "" {
		return cmd.HelpName
	}
	return "arbiter " + cmd.Name
}

// checkRequired reports a missing required flag in one line (urfave/cli
// prints the whole help first); --help still works without them.
func checkRequired(cmd *cli.Command, args []string) error {
	if cmd == nil {
		return nil
	}
	given := map[string]bool{}
	for _, a := range args {
		if a == "--" {
			break
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") {
			given[name] = true
		}
	}
	if given["help"] || given["h"] {
		return nil
	}
	for _, f := range cmd.Flags {
		r, ok := f.(cli.RequiredFlag)
		if !ok || !r.IsRequired() {
			continue
		}
		set := false
		for _, n := range f.Names() {
			set = set || given[n]
		}
		if !set {
			return &usageErr{msg: fmt.Sprintf("%s: required flag --%s not given", cmd.Name, f.Names()[0])}
		}
	}
	return nil
}

func init() {
	// Help marks required flags, which urfave/cli v2 does not.
	plain := cli.FlagStringer
	cli.FlagStringer = func(f cli.Flag) string {
		s := plain(f)
		if r, ok := f.(cli.RequiredFlag); ok && r.IsRequired() {
			s += " (required)"
		}
		return s
	}
}
