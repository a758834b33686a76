package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"

	"arbiter/notation/input"
	"arbiter/notation/safefile"
	"arbiter/referee"
	"arbiter/referee/archive"
	"arbiter/referee/codes"
	"arbiter/referee/config"
	"arbiter/referee/report"
)

// The archivist's commands (select, dupes, split, names, diff, ballots):
// thin shells over referee/archive, each streaming its inputs through
// referee.CheckInputs as check does (ordered, on --jobs workers).

// archiveFlags are the reading flags every archive command shares.
func archiveFlags(more ...cli.Flag) []cli.Flag {
	flags := append(more,
		&cli.IntFlag{Name: "jobs", Aliases: []string{"j"}, DefaultText: "one per CPU", Usage: "games read and replayed in parallel; the output is the same for any value"},
		&cli.StringFlag{Name: "ext", Value: strings.Join(input.DefaultExtensions, ","), Usage: "`EXTENSIONS` of the record files read in a directory or zip archive (each also as .gz)"},
		&cli.StringFlag{Name: "config", Usage: "read the settings of this `FILE` (in .arbiter.yaml's form) for every input, instead of the .arbiter.yaml nearest to each"},
		&cli.BoolFlag{Name: "isolated", Usage: "read no config file: the flags and the defaults alone"},
		maxDecompressedFlag,
	)
	return append(flags, variantFlags...)
}

// archiveRun is one reading of the inputs: the options, the inputs and
// their configs.
type archiveRun struct {
	c    *cli.Context
	opts referee.StreamOptions
	in   []input.Source
	cf   *config.Applied
}

// newArchiveRun reads the flags and lists the inputs (all of c's
// arguments, or paths when given).
func newArchiveRun(c *cli.Context, trace uint8, paths ...string) (*archiveRun, error) {
	cfgs, err := newConfigs(c)
	if err != nil {
		return nil, err
	}
	opts, err := streamOptions(c)
	if err != nil {
		return nil, err
	}
	opts.Jobs = c.Int("jobs")
	opts.Trace = trace
	var in []input.Source
	if paths == nil {
		if in, err = inputs(c); err != nil {
			return nil, err
		}
	} else {
		limits, err := chosenUnpackLimits(c)
		if err != nil {
			return nil, err
		}
		for _, p := range paths {
			in = append(in, input.Expand(p, extensions(c), limits)...)
		}
	}
	in, _ = readInputs(in, c.App.ErrWriter)
	cf, err := config.Apply(cfgs, in, opts.Options, &config.Filter{}, configFlags(c))
	if err != nil {
		return nil, usageError("%v", err)
	}
	return &archiveRun{c: c, opts: opts, in: in, cf: cf}, nil
}

// errStopReading ends a reading early, as no error.
var errStopReading = errors.New("stop")

// each streams every game's report to emit with its number in the run.
// A file that cannot be read is reported and the others go on; it
// returns whether every input was read.
func (r *archiveRun) each(emit func(rep *referee.Report, seq int) error) (bool, error) {
	var sources []referee.Input
	for i, f := range r.in {
		var o *referee.Options
		if r.cf.Opts[i] != nil {
			x := *r.cf.Opts[i]
			x.Trace, x.Rewrite = r.opts.Trace, r.opts.Rewrite
			o = &x
		}
		sources = append(sources, referee.Input{Name: f.Name, Open: f.Open, Options: o})
	}
	seq, ok := 0, true
	err := referee.CheckInputs(sources, r.opts, func(rep *referee.Report) error {
		if d, bad := referee.FamilyMismatch(rep); bad {
			return usageError("%s: %s: %s: %s", firstNonEmpty(r.cf.ChosenBy[rep.File], variantSource(r.c)), report.Where(rep, d.Pos), report.GameName(rep), d.Msg)
		}
		seq++
		return emit(rep, seq)
	}, func(f referee.Input, err error) {
		ok = false
		fmt.Fprintln(r.c.App.ErrWriter, "arbiter:", ioError(f.Name, err))
	})
	if errors.Is(err, errStopReading) {
		err = nil
	}
	if ue := (*usageErr)(nil); errors.As(err, &ue) {
		return ok, ue
	}
	return ok, err
}

// rereadable: every input can be opened again (not standard input).
func (r *archiveRun) rereadable() bool {
	for _, f := range r.in {
		if f.Name == "<stdin>" {
			return false
		}
	}
	return true
}

// ownText is a game as it was written (its text as read, decoded to
// UTF-8), ending in one newline.
func ownText(rep *referee.Report) []byte {
	if rep.Record == nil {
		return nil
	}
	return append([]byte(strings.TrimRight(rep.Record.Text, " \t\r\n")), '\n')
}

// gameWriter writes games parted by one blank line, to a file through the
// safe writer or to standard output.
type gameWriter struct {
	out   *bufio.Writer
	af    *safefile.File
	games int
}

func newGameWriter(c *cli.Context, name string, in []input.Source) (*gameWriter, error) {
	if name == "" || name == "-" {
		return &gameWriter{out: bufio.NewWriterSize(c.App.Writer, 64<<10)}, nil
	}
	if same, ok := input.Overwrites(name, in); ok {
		return nil, usageError("--output %s is the input %s: refusing to overwrite it", name, same)
	}
	af, err := safefile.Create(name)
	if err != nil {
		return nil, cli.Exit(err.Error(), exitUsage)
	}
	return &gameWriter{out: bufio.NewWriterSize(af, 64<<10), af: af}, nil
}

func (w *gameWriter) write(text []byte) error {
	if len(text) == 0 {
		return nil
	}
	if w.games > 0 {
		w.out.WriteByte('\n')
	}
	w.games++
	if _, err := w.out.Write(text); err != nil {
		return outputError(err)
	}
	return nil
}

// finish flushes and, for a file, renames it into place when ok; else the
// file is left as it was.
func (w *gameWriter) finish(ok bool) error {
	err := w.out.Flush()
	if w.af == nil {
		return err
	}
	if err != nil || !ok {
		w.af.Abort()
		if err == nil {
			err = fmt.Errorf("%s not written: an input could not be read", w.af.Target())
		}
		return err
	}
	return w.af.Commit()
}

// ---- select ----

func selectCommand() *cli.Command {
	return &cli.Command{
		Name:      "select",
		Usage:     "write the games that match: by tag, verdict, variant, length, position, material, ballot, number",
		ArgsUsage: "FILE|DIR|ARCHIVE.zip... | -",
		Description: "Replays every game and writes those that meet every condition given, each in its own\n" +
			"text as read (byte for byte in a UTF-8 file; other encodings are written as UTF-8), or\n" +
			"normalised as convert writes it with --normalise. --count prints how many match instead.\n" +
			"--where TAG=VALUE compares exactly (a glob with * ? [), TAG~REGEXP matches anywhere without\n" +
			"regard to case, TAG>=VALUE (> < <=) compares dotted numbers part by part (Date>=2010 holds for\n" +
			"2010.04.13); tag names are read without regard to case; --where may be given again.\n" +
			"--position FEN holds for a game whose main line reaches that position (the same pieces on the\n" +
			"same squares, the same side to move) at any ply, however it got there; FEN in the game's own\n" +
			"notation. --material 3K:1K holds for a game that reaches that material, either colour (K kings,\n" +
			"M men, a count before each: 2K1M:K). --games 1-10,15,20- counts games through all inputs.",
		Flags: archiveFlags(
			&cli.StringSliceFlag{Name: "where", Aliases: []string{"w"}, Usage: "a tag condition: `TAG=VALUE`, TAG!=VALUE, TAG~REGEXP, TAG!~REGEXP, TAG>=VALUE, TAG<=VALUE, TAG>VALUE, TAG<VALUE"},
			&cli.BoolFlag{Name: "valid", Usage: "games without an error"},
			&cli.BoolFlag{Name: "invalid", Usage: "games with an error"},
			&cli.StringSliceFlag{Name: "with-code", Usage: "games with a finding of this `CODE` (see 'arbiter explain'); again for any of several"},
			&cli.StringSliceFlag{Name: "variant-is", Usage: "games replayed under this `VARIANT` (--variant chooses the rules, as for check)"},
			&cli.IntFlag{Name: "min-plies", Usage: "games of at least `N` plies replayed"},
			&cli.IntFlag{Name: "max-plies", Value: -1, DefaultText: "no bound", Usage: "games of at most `N` plies replayed"},
			&cli.StringSliceFlag{Name: "position", Usage: "games whose main line reaches this `FEN`, at any ply"},
			&cli.StringSliceFlag{Name: "material", Usage: "games that reach this `MATERIAL`, either colour: 3K:1K, 2K1M:K"},
			&cli.StringFlag{Name: "games", Usage: "game `NUMBERS` in the run: 1-10,15,20-"},
			&cli.StringSliceFlag{Name: "ballot", Usage: "games played from this `BALLOT`: its label (\"ACF 5\", \"3-move 17\", \"11-man 5/28\"), list or name, a glob"},
			&cli.BoolFlag{Name: "count", Aliases: []string{"c"}, Usage: "print only how many games match"},
			&cli.BoolFlag{Name: "normalise", Usage: "write the games as convert does (normalised PDN), not as written"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` (beside it, renamed into place when all went well; never one of the inputs)"},
		),
		Action: runSelect,
	}
}

func runSelect(c *cli.Context) error {
	f := &archive.Filter{MaxPlies: c.Int("max-plies"), MinPlies: c.Int("min-plies"), Codes: c.StringSlice("with-code"),
		Variants: c.StringSlice("variant-is"), Positions: c.StringSlice("position"), Ballots: c.StringSlice("ballot")}
	switch {
	case c.Bool("valid") && c.Bool("invalid"):
		return usageError("give --valid or --invalid, not both")
	case c.Bool("valid"):
		f.Verdict = referee.Valid
	case c.Bool("invalid"):
		f.Verdict = referee.Invalid
	}
	for _, w := range c.StringSlice("where") {
		tf, err := archive.ParseTagFilter(w)
		if err != nil {
			return usageError("--where %v", err)
		}
		f.Tags = append(f.Tags, tf)
	}
	for _, code := range f.Codes {
		if _, ok := codes.Find(code); !ok {
			return usageError("--with-code: unknown code %q%s (see 'arbiter explain')", code, codes.Suggest(code))
		}
	}
	for _, m := range c.StringSlice("material") {
		spec, err := archive.ParseMaterial(m)
		if err != nil {
			return usageError("%v", err)
		}
		f.Material = append(f.Material, spec)
	}
	if s := c.String("games"); s != "" {
		r, err := archive.ParseRanges(s)
		if err != nil {
			return usageError("--games %v", err)
		}
		f.Games = r
	}
	if len(f.Ballots) > 0 {
		if err := archive.DefaultBallots.Err(); err != nil {
			return fmt.Errorf("the ballot lists: %v", err)
		}
		f.Ballot = archive.DefaultBallots.Of
	}
	run, err := newArchiveRun(c, f.Trace())
	if err != nil {
		return err
	}
	if v := run.opts.Variant; v != nil && len(f.Positions) > 0 {
		if err := archive.CheckPositions(v, f.Positions); err != nil {
			return usageError("%v", err)
		}
	}
	normalise := c.Bool("normalise")
	run.opts.KeepMoves = normalise
	run.opts.Rewrite = normalise
	var w *gameWriter
	if !c.Bool("count") {
		if w, err = newGameWriter(c, c.String("output"), run.in); err != nil {
			return err
		}
	}
	matched, games := 0, 0
	last := 0
	if f.Games != nil {
		last = f.Games.Last()
	}
	var buf bytes.Buffer
	ok, err := run.each(func(rep *referee.Report, seq int) error {
		games++
		if !f.Match(rep, seq) {
			if last > 0 && seq >= last {
				return errStopReading // no later game can match
			}
			return nil
		}
		matched++
		if w == nil {
			return nil
		}
		text := ownText(rep)
		if normalise || len(text) <= 1 {
			// A JSON record has no text of its own: written as convert would.
			buf.Reset()
			if rep.Record == nil || len(rep.Record.Moves) == 0 && rep.Plies > 0 {
				return fmt.Errorf("%s: game %d: nothing to write", rep.File, rep.Game)
			}
			if err := referee.FamilyOf(rep.Record).Write(&buf, rep.Record, ""); err != nil {
				return outputError(err)
			}
			text = append(bytes.TrimRight(buf.Bytes(), "\n"), '\n')
		}
		return w.write(text)
	})
	if w != nil {
		if ferr := w.finish(ok && err == nil); ferr != nil && err == nil {
			err = ferr
		}
	}
	if err != nil {
		var ue *usageErr
		if errors.As(err, &ue) {
			return ue
		}
		return cli.Exit(fmt.Sprintf("arbiter: %v", err), exitUsage)
	}
	if c.Bool("count") {
		fmt.Fprintln(c.App.Writer, matched)
	} else {
		fmt.Fprintf(c.App.ErrWriter, "%d of %d %s selected\n", matched, games, plural(games, "game", "games"))
	}
	if !ok {
		return cli.Exit("", exitUsage)
	}
	return nil
}

// ---- dupes ----

func dupesCommand() *cli.Command {
	return &cli.Command{
		Name:      "dupes",
		Usage:     "find the games that are the same game, by what was played, across files",
		ArgsUsage: "FILE|DIR|ARCHIVE.zip... | -",
		Description: "Two records are one game when the referee replays the same moves from the same position\n" +
			"under the same rules (GameHash) and their tags do not tell them apart: notation (32-28 or c3-d4),\n" +
			"short or full captures and comments do not count; White and Black must be the same players when\n" +
			"both copies name them (case, accents, hyphens, initials and name order aside: 'MF Tinsley',\n" +
			"'Tinsley, Marion'), the Date the same as far as both go (1952 fits 1952.05.01), Event and Round\n" +
			"the same (case, punctuation and leading zeros aside). The same moves under other tags are\n" +
			"another game (a book draw played again): listed apart as 'same moves, different games', never\n" +
			"merged; a copy without tags joins the one game it fits, and stands alone when it fits several.\n" +
			"A game that stops without a result (* or none) where a longer game with tags that fit goes on is\n" +
			"reported with it, as a cut-off copy. Each group lists its copies by file and game number with\n" +
			"their tags, and names the one with the most information (valid, a result, tags, comments), which\n" +
			"--keep best writes with -o, one copy of each game in input order. Memory grows with the number of\n" +
			"distinct games (a small record each, and a few bytes per extra copy), not with the archive's text;\n" +
			"the inputs are read a second time when a cut-off game may continue in an earlier game, and for -o.",
		Flags: archiveFlags(
			&cli.StringFlag{Name: "keep", Usage: "with -o: `best`, the copy with the most information of each game"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write one copy of each game to `FILE` (with --keep best)"},
		),
		Action: runDupes,
	}
}

func runDupes(c *cli.Context) error {
	out := c.String("output")
	switch keep := c.String("keep"); {
	case keep != "" && keep != "best":
		return usageError("unknown --keep %q (best)", keep)
	case (keep == "") != (out == ""):
		return usageError("give --keep best and -o FILE together")
	}
	run, err := newArchiveRun(c, archive.DupesTrace)
	if err != nil {
		return err
	}
	if (out != "") && !run.rereadable() {
		return usageError("dupes -o reads its inputs twice: standard input cannot be; save it to a file first")
	}
	d := archive.NewDupes()
	games := 0
	ok, err := run.each(func(rep *referee.Report, seq int) error {
		games++
		d.Add(rep, seq)
		return nil
	})
	if err != nil {
		return err
	}
	if need, upTo := d.NeedsSecondPass(); need && run.rereadable() {
		if _, err := run.each(func(rep *referee.Report, seq int) error {
			if seq > upTo {
				return errStopReading
			}
			d.AddAgain(rep)
			return nil
		}); err != nil {
			return err
		}
	}
	w := bufio.NewWriter(c.App.Writer)
	groups, copies, cut := 0, 0, 0
	d.Groups(func(g *archive.Group) error {
		writeGroup(w, g, "")
		groups++
		copies += len(g.Copies) - 1
		cut += countContained(g)
		return nil
	})
	conflicts := 0
	d.Conflicts(func(cf *archive.Conflict) error {
		writeConflict(w, cf)
		conflicts++
		return nil
	})
	if err := w.Flush(); err != nil {
		return ioError("output", err)
	}
	fmt.Fprintf(c.App.ErrWriter, "%d %s: %d distinct, %d %s with more than one copy or a cut-off copy (%d extra %s, %d cut off); %d %s of different games with the same moves or start (not merged)\n",
		games, plural(games, "game", "games"), d.Games(), groups, plural(groups, "game", "games"), copies, plural(copies, "copy", "copies"), cut,
		conflicts, plural(conflicts, "group", "groups"))
	if n := d.Untraced(); n > 0 {
		fmt.Fprintf(c.App.ErrWriter, "arbiter: note: %d %s of families arbiter cannot compare yet (only draughts games have a GameHash): not grouped\n", n, plural(n, "game", "games"))
	}
	if out != "" && ok {
		keep := d.Keep()
		run.opts.Trace = referee.TraceHash
		gw, err := newGameWriter(c, out, run.in)
		if err != nil {
			return err
		}
		ok2, err := run.each(func(rep *referee.Report, seq int) error {
			if keep.Has(seq) || rep.Trace == nil {
				return gw.write(ownText(rep))
			}
			return nil
		})
		if ferr := gw.finish(ok2 && err == nil); err == nil {
			err = ferr
		}
		if err != nil {
			return cli.Exit(fmt.Sprintf("arbiter: %v", err), exitUsage)
		}
		fmt.Fprintf(c.App.ErrWriter, "%s: %d %s written\n", printable(out), gw.games, plural(gw.games, "game", "games"))
	}
	if !ok {
		return cli.Exit("", exitUsage)
	}
	return nil
}

func countContained(g *archive.Group) int {
	n := 0
	for _, x := range g.Contains {
		n += len(x.Copies)
	}
	return n
}

// writeGroup prints a game and its copies, each with its tags (the best
// also with what it has); the cut-off games it continues are indented
// under it.
func writeGroup(w io.Writer, g *archive.Group, indent string) {
	fmt.Fprintf(w, "%sgame %s: %d plies, %d %s\n", indent, referee.HashString(g.Hash)[:12], g.Plies, len(g.Copies), plural(len(g.Copies), "copy", "copies"))
	for _, cp := range g.Copies {
		mark, info := "     ", ""
		if cp.Best && len(g.Copies) > 1 {
			mark, info = "best ", " ("+cp.Info.String()+")"
		}
		fmt.Fprintf(w, "%s  %s%s\n", indent, mark, copyLine(cp)+info)
	}
	for _, x := range g.Contains {
		fmt.Fprintf(w, "%s  cut off after %d plies, the start of this game:\n", indent, x.Plies)
		writeGroup(w, x, indent+"    ")
	}
}

// copyLine is "FILE game N: White - Black, Event, round R, Date".
func copyLine(cp archive.Copy) string {
	return fmt.Sprintf("%s game %d: %s", printable(cp.File), cp.Game, printable(cp.Identity.String()))
}

// writeConflict prints games that share their moves (or a cut-off game
// and the longer games it is the start of) but not their tags: one line
// per game, its first copy.
func writeConflict(w io.Writer, cf *archive.Conflict) {
	what := "same moves, different games (not duplicates)"
	if cf.Start {
		what = fmt.Sprintf("a cut-off game, the start of games it cannot be told to be one of (not merged): %d of %d plies", cf.Games[0].Plies, cf.Plies)
	} else {
		what += fmt.Sprintf(": %d plies", cf.Plies)
	}
	fmt.Fprintf(w, "%s, %s%s\n", what, referee.HashString(cf.Hash)[:12], whyText(cf.Why))
	for i, g := range cf.Games {
		best := g.Copies[0]
		for _, cp := range g.Copies {
			if cp.Best {
				best = cp
			}
		}
		line := copyLine(best)
		if n := len(g.Copies) - 1; n > 0 {
			line += fmt.Sprintf(" (and %d more %s of it)", n, plural(n, "copy", "copies"))
		}
		if cf.Start && i == 0 {
			line = "cut off: " + line
		}
		if g.Note != "" {
			line += ": " + g.Note
		}
		fmt.Fprintf(w, "  %s\n", line)
	}
}

// whyText says which tags tell the games apart: "; White, Event differ".
func whyText(why []string) string {
	var differ, other []string
	for _, x := range why {
		if x == archive.ConflictColours {
			other = append(other, x)
		} else {
			differ = append(differ, x)
		}
	}
	if len(differ) > 0 {
		other = append([]string{strings.Join(differ, ", ") + " " + map[bool]string{true: "differs", false: "differ"}[len(differ) == 1]}, other...)
	}
	if len(other) == 0 {
		return ""
	}
	return "; " + strings.Join(other, "; ")
}

// ---- names ----

func namesCommand() *cli.Command {
	return &cli.Command{
		Name:      "names",
		Usage:     "the players' names, how often each spelling appears, and the spellings of one person",
		ArgsUsage: "FILE|DIR|ARCHIVE.zip... | -",
		Description: "Reads the White and Black tags of every game and groups the spellings that are probably one\n" +
			"person: case, hyphens, accents, first and last name swapped, a letter off, initials. Each group\n" +
			"has a canonical form (its most used spelling). --all lists every spelling with its games;\n" +
			"--map prints the groups as the names: section of .arbiter.yaml, which convert applies.",
		Flags: archiveFlags(
			&cli.BoolFlag{Name: "all", Usage: "also list every spelling with its number of games"},
			&cli.BoolFlag{Name: "map", Usage: "print the groups as a names: map for .arbiter.yaml (each spelling to its canonical form)"},
		),
		Action: runNames,
	}
}

func runNames(c *cli.Context) error {
	run, err := newArchiveRun(c, 0)
	if err != nil {
		return err
	}
	n := archive.NewNames()
	games := 0
	ok, err := run.each(func(rep *referee.Report, _ int) error {
		games++
		for _, t := range rep.Tags {
			if t.Name == "White" || t.Name == "Black" {
				n.Add(t.Value)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	w := bufio.NewWriter(c.App.Writer)
	clusters := n.Clusters()
	if c.Bool("map") {
		fmt.Fprintln(w, "names:")
		for _, cl := range clusters {
			for _, s := range cl.Spellings {
				if s.Name != cl.Canonical {
					fmt.Fprintf(w, "  %s: %s\n", yamlString(s.Name), yamlString(cl.Canonical))
				}
			}
		}
	} else {
		for _, cl := range clusters {
			fmt.Fprintf(w, "%s (%d %s; %s)\n", printable(cl.Canonical), cl.Games, plural(cl.Games, "game", "games"), strings.Join(cl.Why, ", "))
			for _, s := range cl.Spellings {
				fmt.Fprintf(w, "  %5d  %s\n", s.Games, printable(s.Name))
			}
		}
		if c.Bool("all") {
			if len(clusters) > 0 {
				fmt.Fprintln(w)
			}
			for _, s := range n.Players() {
				fmt.Fprintf(w, "%5d  %s\n", s.Games, printable(s.Name))
			}
		}
	}
	if err := w.Flush(); err != nil {
		return ioError("output", err)
	}
	players := len(n.Players())
	fmt.Fprintf(c.App.ErrWriter, "%d %s: %d %s, %d %s of more than one spelling\n", games, plural(games, "game", "games"),
		players, plural(players, "spelling", "spellings"), len(clusters), plural(len(clusters), "person", "people"))
	if !ok {
		return cli.Exit("", exitUsage)
	}
	return nil
}

// yamlString quotes a YAML scalar.
func yamlString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`).Replace(s) + `"`
}

// ---- ballots ----

func ballotsCommand() *cli.Command {
	return &cli.Command{
		Name:      "ballots",
		Usage:     "which opening ballot each game was played from, and how many games each",
		ArgsUsage: "FILE|DIR|ARCHIVE.zip... | -",
		Description: "Matches each game against the ballot lists arbiter ships: the 2- and 3-move ballots of\n" +
			"international draughts (Moby Dam's lists, numbered by line), the ACF's 174 3-move ballots of\n" +
			"English checkers (by ACF number, with the names the list gives), and the 11-man ballots (one\n" +
			"man of each side off the start). A game from the start position is matched on the position\n" +
			"after the ballot's plies (the 3-move list first); a game set up at a ballot's position on its\n" +
			"start. Prints the count of each ballot; -v also each game's.",
		Flags: archiveFlags(
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "also a line per game: file, game number and ballot"},
		),
		Action: runBallots,
	}
}

func runBallots(c *cli.Context) error {
	if err := archive.DefaultBallots.Err(); err != nil {
		return fmt.Errorf("the ballot lists: %v", err)
	}
	run, err := newArchiveRun(c, referee.TracePositions)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(c.App.Writer)
	counts := map[*archive.Ballot]int{}
	games, none := 0, 0
	ok, err := run.each(func(rep *referee.Report, _ int) error {
		games++
		b := archive.DefaultBallots.Of(rep)
		if b == nil {
			none++
		} else {
			counts[b]++
		}
		if c.Bool("verbose") {
			label := "-"
			if b != nil {
				label = ballotText(b)
			}
			fmt.Fprintf(w, "%s: game %d: %s\n", printable(rep.File), rep.Game, label)
		}
		return nil
	})
	if err != nil {
		return err
	}
	var list []*archive.Ballot
	for b := range counts {
		list = append(list, b)
	}
	sort.Slice(list, func(i, j int) bool {
		if counts[list[i]] != counts[list[j]] {
			return counts[list[i]] > counts[list[j]]
		}
		if list[i].List != list[j].List {
			return list[i].List < list[j].List
		}
		return list[i].Number < list[j].Number
	})
	if c.Bool("verbose") && len(list) > 0 {
		fmt.Fprintln(w)
	}
	for _, b := range list {
		fmt.Fprintf(w, "%5d  %s\n", counts[b], ballotText(b))
	}
	if err := w.Flush(); err != nil {
		return ioError("output", err)
	}
	fmt.Fprintf(c.App.ErrWriter, "%d %s: %d from %d %s, %d from none\n", games, plural(games, "game", "games"), games-none, len(list), plural(len(list), "ballot", "ballots"), none)
	if !ok {
		return cli.Exit("", exitUsage)
	}
	return nil
}

func ballotText(b *archive.Ballot) string {
	s := b.Label
	if b.Moves != "" {
		s += " (" + b.Moves + ")"
	}
	if b.Name != "" {
		s += " " + b.Name
	}
	if b.Status == "barred" {
		s += " [barred]"
	}
	return s
}

// ---- diff ----

func diffCommand() *cli.Command {
	return &cli.Command{
		Name:      "diff",
		Usage:     "the games added, removed and changed between two releases of an archive",
		ArgsUsage: "OLD NEW",
		Description: "OLD and NEW are files, folders or zip archives. Games are matched by GameHash (what was\n" +
			"played, whatever the notation): a game in both whose text differs is changed (tags, comments);\n" +
			"a game removed and one added with the same event, round, players and date are one game whose\n" +
			"moves changed. Exit status 1 when the releases differ.",
		Flags:  archiveFlags(),
		Action: runDiff,
	}
}

func runDiff(c *cli.Context) error {
	if c.NArg() != 2 {
		return usageError("diff: name two releases: OLD NEW")
	}
	var rel [2]archive.Release
	for i, p := range c.Args().Slice() {
		run, err := newArchiveRun(c, referee.TraceHash, p)
		if err != nil {
			return err
		}
		ok, err := run.each(func(rep *referee.Report, _ int) error {
			rel[i].Games = append(rel[i].Games, archive.EntryOf(rep))
			return nil
		})
		if err != nil {
			return err
		}
		if !ok {
			return cli.Exit("", exitUsage)
		}
	}
	d := archive.Diff(&rel[0], &rel[1])
	w := bufio.NewWriter(c.App.Writer)
	at := func(e archive.Entry) string {
		s := fmt.Sprintf("%s game %d", printable(e.File), e.Game)
		if e.Label != "" {
			s += ": " + printable(e.Label)
		}
		return s
	}
	for _, e := range d.Removed {
		fmt.Fprintf(w, "- %s\n", at(e))
	}
	for _, e := range d.Added {
		fmt.Fprintf(w, "+ %s\n", at(e))
	}
	for _, ch := range d.Changed {
		what := "tags or comments"
		if ch.Moves {
			what = "moves"
		}
		fmt.Fprintf(w, "~ %s (%s; was %s game %d)\n", at(ch.New), what, printable(ch.Old.File), ch.Old.Game)
	}
	if err := w.Flush(); err != nil {
		return ioError("output", err)
	}
	fmt.Fprintf(c.App.ErrWriter, "%d added, %d removed, %d changed, %d the same\n", len(d.Added), len(d.Removed), len(d.Changed), d.Same)
	if len(d.Added)+len(d.Removed)+len(d.Changed) > 0 {
		return cli.Exit("", exitFindings)
	}
	return nil
}

// ---- split ----

func splitCommand() *cli.Command {
	var kinds []string
	for _, k := range archive.SplitKinds {
		kinds = append(kinds, fmt.Sprintf("%s (%s, %s)", k.Kind, k.What, k.Template))
	}
	return &cli.Command{
		Name:      "split",
		Usage:     "split an archive into files by game, event, round, player or date",
		ArgsUsage: "FILE|DIR|ARCHIVE.zip... | -",
		Description: "Writes each game, in its own text, to the file its tags name through a template, in --dir.\n" +
			"Never overwrites: a file that exists is refused and nothing is written; each file is written\n" +
			"beside its place and put there only when the whole run went well (and only if nothing took its\n" +
			"name meanwhile). Template fields: " + archive.NameFields + ".",
		Flags: archiveFlags(
			&cli.StringFlag{Name: "by", Value: "game", Usage: "split by " + strings.Join(kinds, ", ")},
			&cli.StringFlag{Name: "template", Usage: "the file name `TEMPLATE` (default: --by's)"},
			&cli.StringFlag{Name: "dir", Value: ".", Usage: "the `FOLDER` the files are written in (made if missing)"},
		),
		Action: runSplit,
	}
}

func runSplit(c *cli.Context) error {
	tmpl := c.String("template")
	by := c.String("by")
	found := false
	for _, k := range archive.SplitKinds {
		if k.Kind == by {
			found = true
			if tmpl == "" {
				tmpl = k.Template
			}
		}
	}
	if !found {
		var words []string
		for _, k := range archive.SplitKinds {
			words = append(words, k.Kind)
		}
		return usageError("unknown --by %q (%s)", by, strings.Join(words, ", "))
	}
	if err := archive.CheckTemplate(tmpl); err != nil {
		return usageError("--template: %v", err)
	}
	run, err := newArchiveRun(c, 0)
	if err != nil {
		return err
	}
	dir := c.String("dir")
	sw := newSplitWriter(dir)
	defer sw.abort()
	games := 0
	ok, err := run.each(func(rep *referee.Report, seq int) error {
		games++
		base := strings.TrimSuffix(filepath.Base(rep.File), filepath.Ext(rep.File))
		if base == "" || base == "<stdin>" {
			base = "stdin"
		}
		names, err := archive.FileNames(tmpl, rep.Tags, strings.TrimSuffix(base, ".pdn"), rep.Game, seq)
		if err != nil {
			return usageError("--template: %v", err)
		}
		for _, name := range names {
			if err := sw.write(name, ownText(rep)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		var ue *usageErr
		if errors.As(err, &ue) {
			return ue
		}
		return cli.Exit(fmt.Sprintf("arbiter: %v; nothing written", err), exitUsage)
	}
	if !ok {
		return cli.Exit("arbiter: an input could not be read; nothing written", exitUsage)
	}
	n, err := sw.commit()
	if err != nil {
		return cli.Exit(fmt.Sprintf("arbiter: %v", err), exitUsage)
	}
	fmt.Fprintf(c.App.ErrWriter, "%d %s written to %d %s in %s\n", games, plural(games, "game", "games"), n, plural(n, "file", "files"), printable(dir))
	return nil
}
