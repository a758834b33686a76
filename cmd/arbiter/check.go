package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"arbiter/notation/input"
	"arbiter/referee"
	"arbiter/referee/checker"
	"arbiter/referee/codes"
	"arbiter/referee/config"
	"arbiter/referee/report"
)

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "replay every game and report what is wrong and where",
		ArgsUsage: "FILE|DIR|ARCHIVE.zip... | -",
		Description: "Each game is replayed against its rules: its Variant tag, else its GameType tag, chooses\n" +
			"them unless --variant or --variant-file says otherwise; a record with neither is read by its\n" +
			"squares and moves (a1-h8: Russian first; 1-32: international, then the 8x8 variants), with a note.\n" +
			"A directory is read recursively (--ext), .gz files and .zip archives are read inside.\n" +
			"JSON lines as 'convert --to json' writes them are read as their records, told by their first\n" +
			"bytes; a finding is reported at its record's line.\n" +
			"Every finding has a code ('arbiter explain CODE'); --select and --ignore choose them.\n" +
			"Output formats: " + formatList() + ".\n\n" +
			"Settings: the .arbiter.yaml nearest to each input (its folder, then each folder above)\n" +
			"applies to it, under the flags typed: default-variant, variants (a variant per glob,\n" +
			"relative to the file), select, ignore, variations, format (from the working directory's).\n" +
			"--config FILE reads that file for every input instead; --isolated reads none.\n" +
			"--show-settings PATH prints the settings of PATH and where each comes from; -v names the\n" +
			"files that applied, the JSON report names each game's, the SARIF log lists them, and\n" +
			"errors a file's select or ignore kept out of the report are counted on standard error.\n" +
			"Its keys also: extend-select, extend-ignore (added to the config above), severity (a code's\n" +
			"severity: {result-mismatch: error}), per-file (settings per glob: {\"archive/1950-*.pdn\":\n" +
			"{ignore: [result], variant: english}}).\n\n" +
			"Known errors: {arbiter: ignore CODE -- why} in a record, before a move (that move) or in the\n" +
			"tag section (the whole game), suppresses them; a suppression that suppresses nothing is an\n" +
			"unused-suppression warning. --write-baseline FILE records the findings of today and\n" +
			"--baseline FILE fails only on the others. Suppressed findings fail nothing, are counted in\n" +
			"the summary and marked in the JSON and SARIF reports.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: formatList()},
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, DefaultText: "one per CPU", Usage: "games checked in parallel; the output is the same for any value"},
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "text: also a line per game with its verdict and result"},
			&cli.BoolFlag{Name: "no-board", Usage: "text: do not draw the board under an error"},
			colorFlag,
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "errors only: no warnings (they still count for --strict and --max-warnings), no summary line"},
			&cli.StringFlag{Name: "select", Usage: "report only these `CODES` (comma-separated: codes, groups such as MOVES, patterns such as 'tag-*', or ALL; see 'arbiter explain')"},
			&cli.StringFlag{Name: "ignore", Usage: "do not report these `CODES`; an ignored error does not fail the game"},
			&cli.StringFlag{Name: "extend-select", Usage: "report these `CODES` too, beside those the config file selects"},
			&cli.StringFlag{Name: "extend-ignore", Usage: "do not report these `CODES` either, beside those the config file ignores"},
			&cli.StringFlag{Name: "baseline", Usage: "findings held in this `FILE` (written by --write-baseline) are reported as suppressed and fail nothing; its stale entries are listed"},
			&cli.StringFlag{Name: "write-baseline", Usage: "record this run's findings in `FILE` (then they fail nothing); with --baseline, write that baseline without its stale entries instead"},
			&cli.BoolFlag{Name: "exit-zero", Usage: "exit 0 even when a game has an error (2 still for a usage or I/O error)"},
			&cli.StringFlag{Name: "output-file", Aliases: []string{"o"}, Usage: "write the report to `FILE` (replaced only when the report is whole); the summary stays on standard error"},
			&cli.BoolFlag{Name: "statistics", Usage: "after the report, the number of findings per code (on standard error)"},
			&cli.IntFlag{Name: "max-warnings", Value: -1, DefaultText: "no limit", Usage: "exit 1 when there are more than `N` warnings"},
			&cli.BoolFlag{Name: "strict", Usage: "warnings fail the run too (exit 1)"},
			&cli.StringFlag{Name: "variations", Value: referee.VariationsWarn, Usage: "what is wrong inside a variation: warn (an annotation: the game stays valid), error, or ignore (not replayed)"},
			&cli.BoolFlag{Name: "as-played", Usage: "draughts: play an illegal main-line move that can be carried out on the board (a piece of the side to move to an empty square, taking what it jumps) as written, as it stood over the board, and go on: every later error is reported too (the error stays)"},
			&cli.StringFlag{Name: "ext", Value: strings.Join(input.DefaultExtensions, ","), Usage: "`EXTENSIONS` of the record files read in a directory or zip archive (each also as .gz)"},
			&cli.StringFlag{Name: "config", Usage: "read the settings of this `FILE` (in .arbiter.yaml's form) for every input, instead of the .arbiter.yaml nearest to each"},
			&cli.BoolFlag{Name: "isolated", Usage: "read no config file: the flags and the defaults alone"},
			&cli.StringFlag{Name: "show-settings", Usage: "print the settings that apply to `PATH` and where each comes from (a flag, a config file's line, the default), and check nothing"},
			maxDecompressedFlag,
		}, variantFlags...),
		Action: runCheck,
	}
}

func runCheck(c *cli.Context) error {
	cfgs, err := newConfigs(c)
	if err != nil {
		return err
	}
	format := c.String("format")
	if !c.IsSet("format") {
		// The output is one stream: its format comes from the working
		// directory's config (or --config's), not from each input's.
		cfg, err := cfgs.ForDir(mustAbs("."))
		if err != nil {
			return usageError("%v", err)
		}
		if cfg != nil && cfg.Format != "" {
			format = cfg.Format
		}
	}
	color, err := useColor(c.String("color"), c.App.Writer)
	if err != nil {
		return err
	}
	rf, err := lookupFormat(format)
	if err != nil {
		return err
	}
	filter, err := newFindingFilter(c)
	if err != nil {
		return err
	}
	opts, err := streamOptions(c)
	if err != nil {
		return err
	}
	opts.AsPlayed = c.Bool("as-played")
	if path := c.String("show-settings"); path != "" {
		return showSettings(c, cfgs, path, filter)
	}
	if rf.Film {
		opts.Film = true // the page's replay viewer
		// The page holds every game until the end, so its live heap grows
		// with the archive: main's soft memory limit, meant for formats that
		// stream, would only make the collector run without pause.
		softMemoryLimit(noMemoryLimit)
	}
	in, err := inputs(c)
	if err != nil {
		return err
	}
	in, inputWarnings := readInputs(in, c.App.ErrWriter)
	cf, err := config.Apply(cfgs, in, opts.Options, filter, configFlags(c))
	if err != nil {
		return usageError("%v", err)
	}
	if c.Bool("verbose") {
		sayConfigs(c.App.ErrWriter, cfgs, in, cf.FileOf)
	}
	ro := report.Options{Verbose: c.Bool("verbose"), NoBoard: c.Bool("no-board"), Color: color,
		StepSummary: os.Getenv("GITHUB_STEP_SUMMARY"), Version: version(), Variant: opts.Variant}
	ro.Configs, ro.ConfigFiles = configNames(in, cf.FileOf)
	rout, err := openReportOutput(c, in)
	if err != nil {
		return err
	}
	defer rout.abort() // unless committed
	bl, err := newBaselineRun(c, in)
	if err != nil {
		return err
	}
	defer bl.abort() // unless committed
	opts.Codes = codes.Matcher
	opts.Identify = bl != nil || rf.Identifies
	if bl != nil {
		ro.Baseline = firstNonEmpty(bl.readPath, bl.writePath)
	}
	start := time.Now()
	prog := newProgress(c.App.ErrWriter, c.Bool("quiet"))
	dst := rout.w
	if prog.enabled && isTerminal(dst) {
		dst = clearingWriter{dst, prog} // the report and the bar share the terminal
	}
	out := bufio.NewWriterSize(dst, 64<<10)
	var failed error
	run := &checker.Run{Inputs: in, Skipped: inputWarnings, Options: opts, Filter: filter, Config: cf,
		Writer: rf.New(out, ro), CarriesSuppressed: rf.CarriesSuppressed,
		Match: bl.match, Progress: prog.game, Done: prog.finish,
		Unreadable: func(name string, err error) {
			failed = ioError(name, err)
			fmt.Fprintln(c.App.ErrWriter, "arbiter:", failed)
		}}
	res, err := run.Check()
	var fe *checker.FamilyError
	switch {
	case errors.As(err, &fe):
		// The variant the user chose (or the config did) is of another
		// game: not a finding in the record but a mistake in the command,
		// whatever --ignore says. It stops the run.
		return usageError("%s: %s", firstNonEmpty(fe.ChosenBy, variantSource(c)), fe)
	case err != nil:
		return ioError("output", err)
	}
	sum := res.Summary
	for _, f := range in {
		if !res.Unreadable[f.Name] {
			bl.readWhole(f.Name)
		}
	}
	if err := out.Flush(); err != nil {
		return ioError("output", err)
	}
	if err := rout.commit(); err != nil {
		return ioError("output", err)
	}
	// A file with no game is most often the wrong file; a run with no
	// game at all must not pass in CI (a glob that matched nothing useful).
	// These warnings, and those of the inputs not read, count with the
	// games' in the summary, GitHub's too (and for --strict).
	for _, name := range res.NoGame {
		fmt.Fprintf(c.App.ErrWriter, "arbiter: warning: %s: no game in this file\n", printable(name))
	}
	if sum.Games == 0 && failed == nil {
		return cli.Exit(fmt.Sprintf("no games found in %d %s", len(in), plural(len(in), "input", "inputs")), exitUsage)
	}
	if err := bl.finish(c.App.ErrWriter, failed != nil, c.Bool("quiet")); err != nil {
		return err
	}
	if c.Bool("statistics") {
		report.WriteStatistics(c.App.ErrWriter, &sum)
	}
	if !c.Bool("quiet") {
		sayHidden(c.App.ErrWriter, &res.Hidden, &res.Demoted)
		// On standard error: the report itself stays byte-identical from run
		// to run, and the seconds never are.
		fmt.Fprintf(c.App.ErrWriter, "%s (%.2f s)\n", sum.Line(), time.Since(start).Seconds())
	}
	maxWarnings := c.Int("max-warnings")
	var fail error
	switch {
	case failed != nil:
		return cli.Exit("", exitUsage)
	case sum.Invalid > 0:
		fail = cli.Exit("", exitFindings)
	case c.Bool("strict") && sum.Warnings > 0:
		fail = cli.Exit(fmt.Sprintf("%d %s, and --strict fails on any", sum.Warnings, plural(sum.Warnings, "warning", "warnings")), exitFindings)
	case maxWarnings >= 0 && sum.Warnings > maxWarnings:
		fail = cli.Exit(fmt.Sprintf("%d %s, more than --max-warnings %d", sum.Warnings, plural(sum.Warnings, "warning", "warnings"), maxWarnings), exitFindings)
	}
	if fail != nil && c.Bool("exit-zero") {
		return nil // the findings are reported; the exit status is the caller's choice
	}
	return fail
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func mustAbs(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return abs
}

// variantSource names the flag that chose the rules of a run, for a
// message about them: "--variant nine-mens-morris".
func variantSource(c *cli.Context) string {
	for _, name := range []string{"variant", "variant-file", "default-variant"} {
		if v := c.String(name); v != "" {
			return "--" + name + " " + v
		}
	}
	return "the rules chosen"
}
