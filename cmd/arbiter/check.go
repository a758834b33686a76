package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"arbiter/referee"
)

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "replay every game and report what is wrong and where",
		ArgsUsage: "FILE... | -",
		Description: "Each game is replayed against its rules: its Variant tag, else its GameType tag, chooses\n" +
			"them (neither is international draughts) unless --variant or --variant-file says otherwise.\n" +
			"Output formats: text (file:line:col diagnostics with the source line and the board),\n" +
			"json (one object per game, one per line), github (workflow annotations).",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "text, json or github"},
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, DefaultText: "one per CPU", Usage: "games checked in parallel; the output is the same for any value"},
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "text: also a line per game with its verdict and result"},
			&cli.BoolFlag{Name: "no-board", Usage: "text: do not draw the board under an error"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no summary line"},
			&cli.StringFlag{Name: "variations", Value: referee.VariationsWarn, Usage: "what is wrong inside a variation: warn (an annotation: the game stays valid), error, or ignore (not replayed)"},
			&cli.StringFlag{Name: "ext", Value: strings.Join(defaultExtensions, ","), Usage: "`EXTENSIONS` of the record files read in a directory or zip archive (each also as .gz)"},
		}, variantFlags...),
		Action: runCheck,
	}
}

// summary counts every game the splitter found.
type summary struct {
	games, valid, invalid, warnings int
}

func runCheck(c *cli.Context) error {
	w, err := newReportWriter(c.String("format"), c.App.Writer)
	if err != nil {
		return err
	}
	if t, ok := w.(*textWriter); ok {
		t.verbose, t.board = c.Bool("verbose"), !c.Bool("no-board")
	}
	opts, err := streamOptions(c)
	if err != nil {
		return err
	}
	in, err := inputs(c)
	if err != nil {
		return err
	}
	start := time.Now()
	var sum summary
	out := bufio.NewWriterSize(c.App.Writer, 64<<10)
	w.setOutput(out)
	var failed error
	unreadable := map[string]bool{}
	var sources []referee.Input
	perFile := map[string]int{}
	for _, f := range in {
		sources = append(sources, referee.Input{Name: f.name, Open: f.open})
	}
	err = referee.CheckInputs(sources, opts, func(rep *referee.Report) error {
		sum.games++
		perFile[rep.File]++
		if rep.Verdict == referee.Valid {
			sum.valid++
		} else {
			sum.invalid++
		}
		sum.warnings += rep.Warnings()
		return w.write(rep)
	}, func(f referee.Input, err error) {
		failed = ioError(f.Name, err)
		unreadable[f.Name] = true
		fmt.Fprintln(c.App.ErrWriter, "arbiter:", failed)
	})
	if err != nil {
		return ioError("output", err)
	}
	if err := out.Flush(); err != nil {
		return ioError("output", err)
	}
	// A file with no game is most often the wrong file; a run with no
	// game at all must not pass in CI (a glob that matched nothing useful).
	for _, f := range in {
		if perFile[f.name] == 0 && !unreadable[f.name] {
			fmt.Fprintf(c.App.ErrWriter, "arbiter: warning: %s: no game in this file\n", f.name)
		}
	}
	if sum.games == 0 && failed == nil {
		return cli.Exit(fmt.Sprintf("no games found in %d %s", len(in), plural(len(in), "input", "inputs")), exitUsage)
	}
	if !c.Bool("quiet") {
		// On standard error: the report itself stays byte-identical from run
		// to run, and the seconds never are.
		games := plural(sum.games, "game", "games")
		fmt.Fprintf(c.App.ErrWriter, "%d %s: %d valid, %d with errors, %d warnings (%.2f s)\n",
			sum.games, games, sum.valid, sum.invalid, sum.warnings, time.Since(start).Seconds())
	}
	switch {
	case failed != nil:
		return cli.Exit("", exitUsage)
	case sum.invalid > 0:
		return cli.Exit("", exitFindings)
	}
	return nil
}

// reportWriter writes reports in one output format.
type reportWriter interface {
	setOutput(io.Writer)
	write(*referee.Report) error
}

func newReportWriter(format string, w io.Writer) (reportWriter, error) {
	switch format {
	case "text":
		return &textWriter{out: w}, nil
	case "json":
		return &jsonWriter{out: w}, nil
	case "github":
		return &githubWriter{out: w}, nil
	}
	return nil, usageError("unknown --format %q (text, json or github)", format)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
