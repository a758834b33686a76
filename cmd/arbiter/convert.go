package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"arbiter/notation"
	"arbiter/notation/input"
	"arbiter/notation/jsonl"
	"arbiter/notation/pdn"
	"arbiter/notation/safefile"
	"arbiter/referee"
	"arbiter/referee/archive"
	"arbiter/referee/config"
)

func convertCommand() *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "convert records between notations (PDN, JSON)",
		ArgsUsage: "FILE... | -",
		Description: "Reads PDN, or JSON as written by 'convert --to json' (one game per line), and writes\n" +
			"normalised PDN (tags in the standard order, captures in short form unless two captures\n" +
			"share from and to squares) or JSON. Moves are replayed to normalise them; a game with\n" +
			"an illegal move keeps the moves from there on as written, and is reported on stderr.\n" +
			"Text that could not be read is kept as a comment that says so. A JSON record that\n" +
			"cannot be read is reported and skipped; the records after it are converted.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "to", Value: "pdn", Usage: "pdn or json"},
			&cli.StringFlag{Name: "captures", Value: "short", Usage: "pdn: short (19x30) or full (28x19x10) capture paths"},
			&cli.StringFlag{Name: "notation", Usage: "pdn: write squares as numeric (32-28) or alpha (c3-d4); default: as the record does (morris: coordinates d6-d5, or numeric for PlayOK's 1-24)"},
			movesFlag.flag(),
			maxDecompressedFlag,
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` instead of standard output (written beside it and renamed into place when all went well, unless it changed meanwhile; never one of the inputs; /dev/stdout, /dev/null, a FIFO written directly)"},
			&cli.StringFlag{Name: "add-tags", Usage: "add computed tags (comma-separated `TAGS`): PlyCount (plies replayed), FinalFEN (the last position), GameHash (what was played: the same for every copy of a game, see 'arbiter dupes'), Ballot (the opening ballot, with Opening where the list names it); a tag the record has is given the computed value"},
			&cli.BoolFlag{Name: "in-place", Aliases: []string{"i"}, Usage: "pdn: rewrite each input PDN file as normalised PDN, in its own notation unless --notation is given (each file replaced only when it was read whole and nothing else wrote it meanwhile; refused while a match writes it; JSON files are refused)"},
		}, variantFlags...),
		Action: runConvert,
	}
}

func runConvert(c *cli.Context) error {
	to, captures := c.String("to"), c.String("captures")
	if to != "pdn" && to != "json" {
		return usageError("unknown --to %q (pdn or json)", to)
	}
	if captures != "short" && captures != "full" {
		return usageError("unknown --captures %q (short or full)", captures)
	}
	nota := c.String("notation")
	switch nota {
	case "", "numeric", "alpha":
	case "coordinates":
		nota = "alpha" // morris records' word for it
	default:
		return usageError("unknown --notation %q (numeric, alpha or coordinates)", nota)
	}
	moves, err := movesFlag.value(c)
	if err != nil {
		return err
	}
	if moves == "short" {
		switch {
		case nota == "numeric":
			return usageError("--moves short writes squares in letters: it cannot go with --notation numeric")
		case captures == "full":
			return usageError("--moves short writes no capture paths: give --moves short or --captures full, not both")
		}
	}
	opts, err := streamOptions(c)
	if err != nil {
		return err
	}
	in, err := inputs(c)
	if err != nil {
		return err
	}
	in, _ = readInputs(in, c.App.ErrWriter)
	cv := &converter{c: c, to: to, fullPaths: captures == "full", moves: moves, nota: nota, opts: opts}
	if cv.addTags, err = parseAddTags(c.String("add-tags")); err != nil {
		return err
	}
	for _, t := range cv.addTags {
		switch t {
		case "GameHash":
			cv.opts.Trace |= referee.TraceHash
		case "Ballot":
			cv.opts.Trace |= referee.TracePositions
			if err := archive.DefaultBallots.Err(); err != nil {
				return fmt.Errorf("the ballot lists: %v", err)
			}
		}
	}
	if cv.cfgs, err = newConfigs(c); err != nil {
		return err
	}
	switch name := c.String("output"); {
	case c.Bool("in-place"):
		if name != "" {
			return usageError("give --output or --in-place, not both")
		}
		if to != "pdn" {
			return usageError("--in-place writes PDN; use --output for --to %s", to)
		}
		for _, f := range in {
			if err := inPlaceRefusal(f); err != nil {
				return err
			}
			if isJSONFile(f) {
				return usageError("--in-place rewrites PDN files; %s holds JSON records (as --to json writes them): write its PDN to another file with -o", f.Name)
			}
		}
		for _, f := range in {
			if f.ViaLink {
				// It may be anywhere: name it to rewrite it.
				fmt.Fprintf(c.App.ErrWriter, "arbiter: warning: %s: not rewritten: the folder walk reached it through a symbolic link (name the file itself to rewrite it)\n", printable(f.Name))
				continue
			}
			cv.inPlace(f)
		}
	case name != "":
		if same, ok := input.Overwrites(name, in); ok {
			return usageError("--output %s is the input %s: refusing to overwrite it (use --in-place to rewrite a file)", name, same)
		}
		if w, closeOut, ok, err := directOutput(c, name); err != nil {
			return cli.Exit(fmt.Sprintf("%s: %v", name, safefile.UnwrapPath(err)), exitUsage)
		} else if ok {
			if err := cv.writeDirect(in, name, w, closeOut); err != nil {
				return err
			}
			break
		}
		af, err := safefile.Create(name)
		if err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
		if !cv.convertAll(in, af) {
			af.Abort()
			fmt.Fprintf(c.App.ErrWriter, "arbiter: %s not written\n", printable(name))
			return cli.Exit("", exitUsage)
		}
		if err := af.Commit(); err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
	default:
		if !cv.convertAll(in, c.App.Writer) {
			return cli.Exit("", exitUsage)
		}
	}
	switch {
	case cv.failed:
		return cli.Exit("", exitUsage)
	case cv.bad > 0:
		return cli.Exit("", exitFindings)
	}
	return nil
}

// converter converts inputs with one set of options, counting games with
// errors (bad) and noting inputs or outputs that failed.
type converter struct {
	c         *cli.Context
	to        string
	fullPaths bool
	moves     string // --moves
	nota      string
	opts      referee.StreamOptions
	failed    bool
	bad       int
	lost      int            // JSON records that could not be read
	buf       bytes.Buffer   // one record as written
	addTags   []string       // --add-tags
	cfgs      *config.Finder // for each input's names map
	names     map[string]string
}

// convertAll writes every input's records to dst. It returns false when an
// input or the output failed (said on stderr): the output is incomplete.
func (cv *converter) convertAll(in []input.Source, dst io.Writer) bool {
	out := bufio.NewWriterSize(dst, 64<<10)
	ok, sep := true, false
	for _, f := range in {
		if err := cv.convertFile(f, out, &sep); err != nil {
			cv.report(err)
			ok = false
			if isWriteError(err) {
				return false // every later write would fail the same way
			}
		}
	}
	if err := out.Flush(); err != nil {
		cv.report(outputError(err))
		return false
	}
	if !ok {
		cv.failed = true
	}
	return ok
}

// inPlace rewrites one file, replacing it only when it was read whole and
// every record in it could be written back.
func (cv *converter) inPlace(f input.Source) {
	af, err := safefile.Create(f.Path)
	if err != nil {
		cv.report(err)
		cv.failed = true
		return
	}
	out := bufio.NewWriterSize(af, 64<<10)
	sep := false
	lostBefore := cv.lost
	err = cv.convertFile(f, out, &sep)
	if err == nil {
		err = out.Flush()
	}
	if err == nil && cv.lost > lostBefore {
		err = fmt.Errorf("%s: a record could not be read; the file is left as it was", f.Name)
	}
	if err != nil {
		af.Abort()
		cv.report(err)
		cv.failed = true
		return
	}
	if err := af.Commit(); err != nil {
		cv.report(err)
		cv.failed = true
	}
}

// isRegularFile: a missing file is left for the reading to report.
func isRegularFile(path string) bool {
	st, err := os.Stat(path)
	return err != nil || st.Mode().IsRegular()
}

func isGzipFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var magic [2]byte
	n, _ := io.ReadFull(f, magic[:])
	return input.IsGzip(magic[:n])
}

// isJSONFile: the input holds JSON records. In place they would be
// written as PDN under a JSON name, which no JSON reader could read; and
// written back as JSON, a rewrite would change nothing convert normalises
// but would drop whatever else a line holds (keys a record has not).
func isJSONFile(f input.Source) bool {
	rc, err := f.Open()
	if err != nil {
		return false // reported when it is read
	}
	defer rc.Close()
	_, isJSON := jsonl.Sniff(rc, f.Name)
	return isJSON
}

func (cv *converter) report(err error) {
	fmt.Fprintln(cv.c.App.ErrWriter, "arbiter:", printableLines(err.Error()))
}

// writeError marks an error of the output, as opposed to one of an input.
type writeError struct{ error }

func (e writeError) Unwrap() error { return e.error }

func outputError(err error) error {
	if isWriteError(err) {
		return err
	}
	return writeError{err}
}

func isWriteError(err error) bool {
	var we writeError
	return errors.As(err, &we)
}

// convertFile converts the records of one input. sep says whether the
// next game needs a blank line before it: games are parted by one.
func (cv *converter) convertFile(f input.Source, out *bufio.Writer, sep *bool) error {
	cv.names = nil
	if cv.cfgs != nil {
		if cfg, _, err := cv.cfgs.ForInput(f); err == nil && cfg != nil {
			cv.names = cfg.Names
		}
	}
	rc, err := f.Open()
	if err != nil {
		return fmt.Errorf("%s: %w", f.Name, safefile.UnwrapPath(err))
	}
	defer rc.Close()
	err = cv.readRecords(rc, f.Name, func(rec *notation.Record) error {
		if cv.to == "json" {
			b, err := json.Marshal(rec)
			if err != nil {
				return err
			}
			if _, err := out.Write(append(b, '\n')); err != nil {
				return outputError(err)
			}
			return nil
		}
		if *sep {
			out.WriteByte('\n')
		}
		o := cv.opts.Options
		o.Rewrite, o.FullPaths, o.Notation, o.ShortMoves = true, cv.fullPaths, cv.nota, cv.moves == "short"
		o.NoFixes = true // (its report says only that a game has errors)
		family := referee.FamilyFor(rec, o)
		rep := referee.Check(rec, o)
		if d, ok := referee.FamilyMismatch(rep); ok {
			// Written back in another game's notation, the record would be
			// damaged: nothing of this input is converted.
			return fmt.Errorf("%s: game %d, line %d: %s", variantSource(cv.c), rep.Game, d.Pos.Line, d.Msg)
		}
		renamePlayers(rec, cv.names)
		addComputedTags(rec, rep, cv.addTags)
		if rep.Verdict != referee.Valid {
			cv.bad++
			fmt.Fprintf(cv.c.App.ErrWriter, "%s:%d: game %d has errors; moves from the first error on are kept as written (run 'arbiter check')\n",
				printable(rep.File), rep.Pos.Line, rep.Game)
		}
		keepUnreadable(cv.c.App.ErrWriter, rec)
		// Each family's writer ends its record its own way (morris's with
		// a blank line): the records are parted by exactly one.
		cv.buf.Reset()
		if err := family.Write(&cv.buf, rec, cv.nota); err != nil {
			return outputError(err)
		}
		b := bytes.TrimRight(cv.buf.Bytes(), "\n")
		*sep = true
		if _, err := out.Write(append(b, '\n')); err != nil {
			return outputError(err)
		}
		return nil
	})
	if err != nil && !isWriteError(err) {
		err = fmt.Errorf("%s: %w", f.Name, err)
	}
	return err
}

// keepUnreadable warns that text the reader could not read is kept in the
// output, as a comment that says so (the reader made it one).
func keepUnreadable(w io.Writer, rec *notation.Record) {
	for _, d := range rec.Diagnostics {
		if strings.Contains(d.Msg, "kept as a comment") {
			fmt.Fprintf(w, "%s:%d:%d: warning: %s\n", printable(rec.File), d.Pos.Line, max(d.Pos.Col, 1), printable(d.Msg))
		}
	}
}

// readRecords reads PDN, or JSON records one per line (as --to json writes
// them), told apart by their first bytes (jsonl.Sniff): check reads them
// the same way.
func (cv *converter) readRecords(r io.Reader, name string, each func(*notation.Record) error) error {
	text, isJSON := jsonl.Sniff(r, name)
	if isJSON {
		return cv.readJSON(text, name, each)
	}
	return pdn.Each(text, cv.opts.PDN, func(g pdn.GameText) error {
		return each(referee.ParseGameFor(g, name, cv.opts.Options))
	})
}

// readJSON reads one record per line; a line that is not a record is
// reported with its line number and skipped, and the next lines go on.
func (cv *converter) readJSON(r io.Reader, name string, each func(*notation.Record) error) error {
	lines := jsonl.NewReader(r)
	for {
		l, err := lines.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		rec, err := jsonl.Decode(l)
		if err != nil {
			cv.bad++
			cv.lost++
			fmt.Fprintf(cv.c.App.ErrWriter, "%s:%d: error: JSON record cannot be read: %s (skipped)\n", printable(name), l.Num, printable(err.Error()))
			continue
		}
		if err := each(rec); err != nil {
			return err
		}
	}
}

// looksLikeJSON and checkJSONRecord are jsonl's, by the names the fuzz
// targets know them by.
func looksLikeJSON(head []byte) bool             { return jsonl.Looks(head, "") }
func checkJSONRecord(rec *notation.Record) error { return jsonl.CheckRecord(rec) }

// choiceFlag is a flag that takes one of a few words. Its usage text, the
// check of its value and the words completion offers all come from its
// list, so they cannot disagree.
type choiceFlag struct {
	name, def string
	lead      string // what the flag says before its choices
	choices   []struct{ word, what string }
}

// choiceFlags are the flags completion offers the words of.
var choiceFlags = []*choiceFlag{&movesFlag}

// movesFlag is convert's --moves: the form draughts moves are written in.
var movesFlag = choiceFlag{name: "moves", def: "full", lead: "pdn, draughts: write moves",
	choices: []struct{ word, what string }{
		{"full", "c3-d4, 32-28: the square a move comes from and the square it goes to"},
		{"short", "cd4, c:e5: as Russian books do, the file a move comes from and the square it goes to, where no other legal move fits them; the others, and squares in digits, in full"},
	}}

func (f *choiceFlag) words() []string {
	var out []string
	for _, c := range f.choices {
		out = append(out, c.word)
	}
	return out
}

func (f *choiceFlag) flag() *cli.StringFlag {
	var parts []string
	for _, c := range f.choices {
		parts = append(parts, c.word+" ("+c.what+")")
	}
	return &cli.StringFlag{Name: f.name, Value: f.def, Usage: f.lead + " " + strings.Join(parts, " or ")}
}

// value is the flag's word, or a usage error naming the words it takes.
func (f *choiceFlag) value(c *cli.Context) (string, error) {
	v := c.String(f.name)
	for _, c := range f.choices {
		if v == c.word {
			return v, nil
		}
	}
	return "", usageError("unknown --%s %q (%s)", f.name, v, strings.Join(f.words(), " or "))
}

// computedTags are the tags --add-tags knows.
var computedTags = []string{"PlyCount", "FinalFEN", "GameHash", "Ballot"}

func parseAddTags(list string) ([]string, error) {
	var out []string
	for _, t := range strings.Split(list, ",") {
		t = strings.TrimSpace(t)
		if t == "" {
			continue
		}
		found := ""
		for _, k := range computedTags {
			if strings.EqualFold(k, t) {
				found = k
			}
		}
		if found == "" {
			return nil, usageError("--add-tags: unknown tag %q (%s)", t, strings.Join(computedTags, ", "))
		}
		out = append(out, found)
	}
	return out, nil
}

// addComputedTags sets the computed tags of a checked record (a JSON
// record too: its tags are its own).
func addComputedTags(rec *notation.Record, rep *referee.Report, tags []string) {
	for _, t := range tags {
		switch t {
		case "PlyCount":
			setTag(rec, t, strconv.Itoa(rep.Plies))
		case "FinalFEN":
			if rep.FinalFEN != "" {
				setTag(rec, t, rep.FinalFEN)
			}
		case "GameHash":
			if rep.Trace != nil {
				setTag(rec, t, rep.Trace.HashString())
			}
		case "Ballot":
			if b := archive.DefaultBallots.Of(rep); b != nil {
				setTag(rec, "Ballot", b.Label)
				if b.Name != "" {
					setTag(rec, "Opening", b.Name)
				}
			}
		}
	}
}

// renamePlayers writes the White and Black tags as the names map of the
// input's .arbiter.yaml says.
func renamePlayers(rec *notation.Record, names map[string]string) {
	if len(names) == 0 {
		return
	}
	for i, t := range rec.Tags {
		if t.Name == "White" || t.Name == "Black" {
			if to, ok := names[strings.TrimSpace(t.Value)]; ok {
				rec.Tags[i].Value = to
			}
		}
	}
}

func setTag(rec *notation.Record, name, value string) {
	for i, t := range rec.Tags {
		if strings.EqualFold(t.Name, name) {
			rec.Tags[i].Value = value
			return
		}
	}
	rec.Tags = append(rec.Tags, notation.Tag{Name: name, Value: value})
}
