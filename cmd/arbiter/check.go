package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"arbiter/notation"
	"arbiter/referee"
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
			"errors a file's select or ignore kept out of the report are counted on standard error.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: formatList()},
			&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, DefaultText: "one per CPU", Usage: "games checked in parallel; the output is the same for any value"},
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "text: also a line per game with its verdict and result"},
			&cli.BoolFlag{Name: "no-board", Usage: "text: do not draw the board under an error"},
			colorFlag,
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "errors only: no warnings (they still count for --strict and --max-warnings), no summary line"},
			&cli.StringFlag{Name: "select", Usage: "report only these `CODES` (comma-separated; see 'arbiter explain')"},
			&cli.StringFlag{Name: "ignore", Usage: "do not report these `CODES`; an ignored error does not fail the game"},
			&cli.BoolFlag{Name: "statistics", Usage: "after the report, the number of findings per code (on standard error)"},
			&cli.IntFlag{Name: "max-warnings", Value: -1, DefaultText: "no limit", Usage: "exit 1 when there are more than `N` warnings"},
			&cli.BoolFlag{Name: "strict", Usage: "warnings fail the run too (exit 1)"},
			&cli.StringFlag{Name: "variations", Value: referee.VariationsWarn, Usage: "what is wrong inside a variation: warn (an annotation: the game stays valid), error, or ignore (not replayed)"},
			&cli.BoolFlag{Name: "as-played", Usage: "draughts: play an illegal main-line move that can be carried out on the board (a piece of the side to move to an empty square, taking what it jumps) as written, as it stood over the board, and go on: every later error is reported too (the error stays)"},
			&cli.StringFlag{Name: "ext", Value: strings.Join(defaultExtensions, ","), Usage: "`EXTENSIONS` of the record files read in a directory or zip archive (each also as .gz)"},
			&cli.StringFlag{Name: "config", Usage: "read the settings of this `FILE` (in .arbiter.yaml's form) for every input, instead of the .arbiter.yaml nearest to each"},
			&cli.BoolFlag{Name: "isolated", Usage: "read no config file: the flags and the defaults alone"},
			&cli.StringFlag{Name: "show-settings", Usage: "print the settings that apply to `PATH` and where each comes from (a flag, a config file's line, the default), and check nothing"},
			maxDecompressedFlag,
		}, variantFlags...),
		Action: runCheck,
	}
}

// summary counts every game the splitter found, and the findings reported.
type summary struct {
	games, valid, invalid, warnings, errors, notes int
	byCode                                         map[string]*codeCount
}

type codeCount struct {
	code                    string
	errors, warnings, notes int
}

func (s *summary) add(rep *referee.Report) {
	s.games++
	if rep.Verdict == referee.Valid {
		s.valid++
	} else {
		s.invalid++
	}
	for _, d := range rep.Diagnostics {
		c := s.byCode[d.Code]
		if c == nil {
			c = &codeCount{code: d.Code}
			s.byCode[d.Code] = c
		}
		switch d.Severity {
		case notation.Error:
			s.errors++
			c.errors++
		case notation.Warning:
			s.warnings++
			c.warnings++
		case notation.Note:
			s.notes++
			c.notes++
		}
	}
}

func (c *codeCount) total() int { return c.errors + c.warnings + c.notes }

// codes returns the counts by code, most frequent first.
func (s *summary) codes() []*codeCount {
	var out []*codeCount
	for _, c := range s.byCode {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.total() != b.total() {
			return a.total() > b.total()
		}
		return a.code < b.code
	})
	return out
}

// findingFilter applies --select, --ignore and --quiet to a report, and sets its verdict from what is left: a finding the user
// ignores does not fail the game.
type findingFilter struct {
	selected, ignored map[string]bool
	quiet             bool
	// from is the config file select or ignore came from, if one did
	// (fromSelect, fromIgnore say which).
	from                   *config
	fromSelect, fromIgnore bool
}

func newFindingFilter(c *cli.Context) (*findingFilter, error) {
	f := &findingFilter{quiet: c.Bool("quiet")}
	var err error
	if f.selected, err = codeSet("select", c.String("select")); err != nil {
		return nil, err
	}
	if f.ignored, err = codeSet("ignore", c.String("ignore")); err != nil {
		return nil, err
	}
	return f, nil
}

// codeSet reads a comma-separated list of codes; a mistyped code is an
// error (with a suggestion), never a silent no-op.
func codeSet(flag, list string) (map[string]bool, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	set := map[string]bool{}
	for _, code := range strings.Split(list, ",") {
		code = strings.TrimSpace(code)
		if code == "" {
			continue
		}
		if _, ok := findCode(code); !ok {
			return nil, usageError("--%s: unknown code %q%s (see 'arbiter explain')", flag, code, suggestCode(code))
		}
		set[code] = true
	}
	return set, nil
}

// It returns how many errors the config file's select or ignore dropped.
func (f *findingFilter) apply(rep *referee.Report) (byConfig int) {
	kept := rep.Diagnostics[:0]
	errors := 0
	for _, d := range rep.Diagnostics {
		unselected, ignored := f.selected != nil && !f.selected[d.Code], f.ignored[d.Code]
		if unselected || ignored {
			if d.Severity == notation.Error && (unselected && f.fromSelect || ignored && f.fromIgnore) {
				byConfig++
			}
			continue
		}
		if d.Severity == notation.Error {
			errors++
		}
		kept = append(kept, d)
	}
	rep.Diagnostics = kept
	rep.Verdict = referee.Valid
	if errors > 0 {
		rep.Verdict = referee.Invalid
	}
	return byConfig
}

// shown is the report as written out: --quiet drops its warnings, after
// they were counted.
func (f *findingFilter) shown(rep *referee.Report) *referee.Report {
	if !f.quiet {
		return rep
	}
	r := *rep
	r.Diagnostics = nil
	for _, d := range rep.Diagnostics {
		if d.Severity == notation.Error {
			r.Diagnostics = append(r.Diagnostics, d)
		}
	}
	return &r
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
		cfg, err := cfgs.forDir(mustAbs("."))
		if err != nil {
			return usageError("%v", err)
		}
		if cfg != nil && cfg.format != "" {
			format = cfg.format
		}
	}
	if _, err := useColor(c.String("color"), c.App.Writer); err != nil {
		return err
	}
	w, err := newReportWriter(format, c)
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
		return showSettings(c, cfgs, path)
	}
	if h, ok := w.(*htmlWriter); ok {
		h.fixed = opts.Variant
		opts.Film = true // the page's replay viewer
		// The page holds every game until the end, so its live heap grows
		// with the archive: main's soft memory limit, meant for formats that
		// stream, would only make the collector run without pause.
		if os.Getenv("GOMEMLIMIT") == "" {
			debug.SetMemoryLimit(math.MaxInt64)
		}
	}
	in, err := inputs(c)
	if err != nil {
		return err
	}
	in, inputWarnings := readInputs(in, c.App.ErrWriter)
	cf, err := applyConfigs(c, cfgs, in, opts.Options, filter)
	if err != nil {
		return err
	}
	if c.Bool("verbose") {
		sayConfigs(c.App.ErrWriter, cfgs, in, cf.cfgOf)
	}
	if r, ok := w.(configRecorder); ok {
		r.recordConfigs(in, cf.cfgOf)
	}
	hidden := map[*config]int{} // errors a config's select or ignore kept from the report
	start := time.Now()
	sum := summary{byCode: map[string]*codeCount{}}
	prog := newProgress(c.App.ErrWriter, c.Bool("quiet"))
	var dst io.Writer = c.App.Writer
	if prog.enabled && isTerminal(dst) {
		dst = clearingWriter{dst, prog} // the report and the bar share the terminal
	}
	out := bufio.NewWriterSize(dst, 64<<10)
	w.setOutput(out)
	var failed error
	unreadable := map[string]bool{}
	var sources []referee.Input
	perFile := map[string]int{}
	for i, f := range in {
		sources = append(sources, referee.Input{Name: f.name, Open: f.open, Options: cf.opts[i]})
	}
	err = referee.CheckInputs(sources, opts, func(rep *referee.Report) error {
		if d, ok := referee.FamilyMismatch(rep); ok {
			// The variant the user chose (or the config did) is of another
			// game: not a finding in the record but a mistake in the
			// command, whatever --ignore says. It stops the run.
			return usageError("%s: %s: %s: %s", firstNonEmpty(cf.chosenBy[rep.File], variantSource(c)), where(rep, d.Pos), gameName(rep), d.Msg)
		}
		f := filter
		if g := cf.filters[rep.File]; g != nil {
			f = g
		}
		if n := f.apply(rep); n > 0 && f.from != nil {
			hidden[f.from] += n
		}
		sum.add(rep)
		perFile[rep.File]++
		prog.game(rep.File)
		return w.write(f.shown(rep))
	}, func(f referee.Input, err error) {
		failed = ioError(f.Name, err)
		unreadable[f.Name] = true
		fmt.Fprintln(c.App.ErrWriter, "arbiter:", failed)
	})
	prog.finish()
	if ue := (*usageErr)(nil); errors.As(err, &ue) {
		return ue
	}
	if err != nil {
		return ioError("output", err)
	}
	// A file with no game is most often the wrong file; a run with no
	// game at all must not pass in CI (a glob that matched nothing useful).
	// These warnings, and those of the inputs not read, count with the
	// games' in the summary, GitHub's too (and for --strict).
	var noGame []string
	for _, f := range in {
		if perFile[f.name] == 0 && !unreadable[f.name] {
			noGame = append(noGame, f.name)
		}
	}
	sum.warnings += inputWarnings + len(noGame)
	if fw, ok := w.(finisher); ok {
		if err := fw.finish(&sum); err != nil {
			return ioError("output", err)
		}
	}
	if err := out.Flush(); err != nil {
		return ioError("output", err)
	}
	for _, name := range noGame {
		fmt.Fprintf(c.App.ErrWriter, "arbiter: warning: %s: no game in this file\n", printable(name))
	}
	if sum.games == 0 && failed == nil {
		return cli.Exit(fmt.Sprintf("no games found in %d %s", len(in), plural(len(in), "input", "inputs")), exitUsage)
	}
	if c.Bool("statistics") {
		writeStatistics(c.App.ErrWriter, &sum)
	}
	if !c.Bool("quiet") {
		sayHidden(c.App.ErrWriter, in, cf.cfgOf, hidden)
	}
	if !c.Bool("quiet") {
		// On standard error: the report itself stays byte-identical from run
		// to run, and the seconds never are.
		notes := ""
		if sum.notes > 0 {
			notes = fmt.Sprintf(", %d %s", sum.notes, plural(sum.notes, "note", "notes"))
		}
		fmt.Fprintf(c.App.ErrWriter, "%d %s: %d valid, %d with errors, %d warnings%s (%.2f s)\n",
			sum.games, plural(sum.games, "game", "games"), sum.valid, sum.invalid, sum.warnings, notes, time.Since(start).Seconds())
	}
	maxWarnings := c.Int("max-warnings")
	switch {
	case failed != nil:
		return cli.Exit("", exitUsage)
	case sum.invalid > 0:
		return cli.Exit("", exitFindings)
	case c.Bool("strict") && sum.warnings > 0:
		return cli.Exit(fmt.Sprintf("%d %s, and --strict fails on any", sum.warnings, plural(sum.warnings, "warning", "warnings")), exitFindings)
	case maxWarnings >= 0 && sum.warnings > maxWarnings:
		return cli.Exit(fmt.Sprintf("%d %s, more than --max-warnings %d", sum.warnings, plural(sum.warnings, "warning", "warnings"), maxWarnings), exitFindings)
	}
	return nil
}

// writeStatistics prints the findings per code, like ruff --statistics.
func writeStatistics(w io.Writer, sum *summary) {
	for _, c := range sum.codes() {
		var sevs []string
		for _, n := range []struct {
			name  string
			count int
		}{{"error", c.errors}, {"warning", c.warnings}, {"note", c.notes}} {
			if n.count > 0 {
				sevs = append(sevs, n.name)
			}
		}
		doc, _ := findCode(c.code)
		fmt.Fprintf(w, "%7d  %-22s %-13s %s\n", c.total(), c.code, strings.Join(sevs, "/"), doc.Summary)
	}
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

// configured is what the config files give each input.
type configured struct {
	opts     []*referee.Options        // per input; nil: the command line's
	filters  map[string]*findingFilter // by input name
	chosenBy map[string]string         // of an input whose default variant a config chose, where
	cfgOf    map[string]*config        // the config that applies to an input
}

// applyConfigs gives each input the options and filter of its nearest
// .arbiter.yaml (or --config's), under the command line's flags: a flag the
// user typed wins over the file.
func applyConfigs(c *cli.Context, cfgs *configs, in []input, base referee.Options, filter *findingFilter) (*configured, error) {
	cf := &configured{opts: make([]*referee.Options, len(in)), filters: map[string]*findingFilter{}, chosenBy: map[string]string{}, cfgOf: map[string]*config{}}
	for i, f := range in {
		cfg, rel, err := cfgs.forInput(f)
		if err != nil {
			return nil, usageError("%v", err)
		}
		if cfg == nil {
			continue
		}
		cf.cfgOf[f.name] = cfg
		o, changed := base, false
		if base.Variant == nil && !c.IsSet("default-variant") {
			if v, line, key := cfg.variantFor(rel); v != nil {
				o.Default, changed = v, true
				sep := " "
				if key != "default-variant" {
					sep = ": "
				}
				cf.chosenBy[f.name] = fmt.Sprintf("%s:%d: %s%s%s", cfg.file, line, key, sep, v.Name)
			}
		}
		if !c.IsSet("variations") && cfg.variations != "" {
			o.Variations, changed = cfg.variations, true
		}
		if changed {
			cf.opts[i] = &o
		}
		g := *filter
		if !c.IsSet("select") && cfg.selected != nil {
			g.selected, g.from, g.fromSelect = cfg.selected, cfg, true
		}
		if !c.IsSet("ignore") && cfg.ignored != nil {
			g.ignored, g.from, g.fromIgnore = cfg.ignored, cfg, true
		}
		cf.filters[f.name] = &g
	}
	return cf, nil
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
