// Package report writes the reports of 'arbiter check', one game's
// referee.Report at a time, in every output format: text, json, github,
// junit, sarif, html, concise, gitlab, rdjson. A format is one writer
// behind one small interface (Writer), as golangci-lint's printers are, so
// the command line, the language server and the browser page write the
// same bytes from the same code, and a new format is one file.
//
// Every human-readable output goes through Printable: a record's text
// never reaches a terminal with a control character a terminal acts on.
package report

import (
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/referee/codes"
	"arbiter/variants"
)

// Writer writes reports in one output format.
type Writer interface {
	// Write writes one game's report; reports come in input order.
	Write(*referee.Report) error
	// Finish writes what comes after the last report: one SARIF or JUnit
	// document, the text report's habit counts of the last file, a GitHub
	// step summary. sum counts the run's games and findings.
	Finish(sum *Summary) error
}

// Options are what a writer is told beside its output; each format reads
// the fields it names.
type Options struct {
	Verbose bool // text: a line per game with its verdict and result
	NoBoard bool // text: no board under an error
	Color   bool // text: colour the severities and carets
	// StepSummary is the file a GitHub step summary is appended to
	// ($GITHUB_STEP_SUMMARY), "" for none.
	StepSummary string
	// Version is the tool's version the SARIF log names.
	Version string
	// Baseline is the baseline file (sarif: where its suppressions are
	// written), "" when none is read or written.
	Baseline string
	// Configs names, by input name, the config file whose settings
	// applied to that input, as displayed (json: each game's "config").
	Configs map[string]string
	// ConfigFiles are the config files that applied, in order, as
	// displayed (sarif: the run's "configFiles" property; nil: not said).
	ConfigFiles []string
	// Variant is the variant chosen for every game (html: a --variant-file
	// one has no name to look up), nil when each game says.
	Variant *variants.Variant
}

// Format is one output format: its name (--format), what it writes, and
// what its writer needs from the check.
type Format struct {
	Name, Usage string
	// CarriesSuppressed: the writer marks a suppressed finding as such
	// (json, sarif); the others are given only the findings that count.
	CarriesSuppressed bool
	// Identifies: the writer needs each game's identity
	// (referee.Options.Identify: gitlab's fingerprints).
	Identifies bool
	// Film: the writer shows the position after every ply
	// (referee.Options.Film: html's replay viewer), and holds every game
	// until Finish.
	Film bool
	// New makes the writer, writing to out.
	New func(out io.Writer, o Options) Writer
}

// formats are the output formats, in the order --help lists them: a new
// output format is one entry here (and its writer in a file of its own).
var formats = []Format{
	{Name: "text", Usage: "file:line:col diagnostics with the source line and the board", New: func(out io.Writer, o Options) Writer {
		return &textWriter{out: out, verbose: o.Verbose, board: !o.NoBoard, color: newPalette(o.Color)}
	}},
	{Name: "json", Usage: "one object per game, one per line (schema: docs/report.schema.json)", CarriesSuppressed: true, New: func(out io.Writer, o Options) Writer {
		return &jsonWriter{out: out, configs: o.Configs}
	}},
	{Name: "github", Usage: "GitHub Actions annotations", New: func(out io.Writer, o Options) Writer {
		return &githubWriter{out: out, summaryPath: o.StepSummary}
	}},
	{Name: "junit", Usage: "JUnit XML: a testsuite per file, a testcase per game, a failure per error", New: func(out io.Writer, _ Options) Writer { return &junitWriter{out: out} }},
	{Name: "sarif", Usage: "one SARIF 2.1.0 log (GitHub code scanning)", CarriesSuppressed: true, New: func(out io.Writer, o Options) Writer { return newSarifWriter(out, o) }},
	{Name: "concise", Usage: "one line per finding: file:line:col: code [severity] message", New: func(out io.Writer, _ Options) Writer { return &conciseWriter{out: out} }},
	{Name: "gitlab", Usage: "GitLab code quality JSON (artifacts:reports:codequality)", Identifies: true, New: func(out io.Writer, _ Options) Writer { return newGitlabWriter(out) }},
	{Name: "rdjson", Usage: "reviewdog's diagnostic format (reviewdog -f=rdjson)", New: func(out io.Writer, _ Options) Writer { return &rdjsonWriter{out: out} }},
}

// Formats lists the output formats in the order --help lists them.
func Formats() []Format { return append([]Format(nil), formats...) }

// Lookup is the format named name.
func Lookup(name string) (Format, bool) {
	for _, f := range formats {
		if f.Name == name {
			return f, true
		}
	}
	return Format{}, false
}

// New makes the writer of the format named name, writing to out.
func New(name string, out io.Writer, o Options) (Writer, error) {
	f, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("unknown format %q", name)
	}
	return f.New(out, o), nil
}

// textWriter writes the form compilers use, so editors can jump to it:
// file:line:col: error[illegal]: game 12 (White - Black), move 23 (32x21): why; legal: ...
// then the source line with a caret under the move, then the board.
type textWriter struct {
	out            io.Writer
	verbose, board bool
	color          palette
	habits         habitFold // exporter habits: said once per file
}

func (t *textWriter) Write(rep *referee.Report) error {
	q := NewQuoter(rep.Record)
	t.habits.next(t.out, t.color, rep)
	for i := range rep.Diagnostics {
		d := &rep.Diagnostics[i]
		if !t.habits.shown(rep, d) {
			continue
		}
		sev := t.color.warn
		switch d.Severity {
		case notation.Error:
			sev = t.color.err
		case notation.Note:
			sev = t.color.note
		}
		fmt.Fprintf(t.out, "%s: %s: %s: %s\n", t.color.paint(t.color.place, Printable(Where(rep, d.Pos))),
			t.color.paint(sev, fmt.Sprintf("%s[%s]", d.Severity, d.Code)), Printable(Context(rep, *d)), Printable(d.Msg+Legal(*d)))
		if line, col, ok := q.Quote(d.Pos); ok {
			fmt.Fprintf(t.out, "    %s\n    %s\n", Printable(line), t.color.paint(t.color.mark, Caret(line, col)))
		}
		for k, f := range d.Fixes[:min(len(d.Fixes), 2)] {
			lead := "fix"
			if k > 0 {
				lead = "or"
			}
			fmt.Fprintf(t.out, "    %s: %s\n", lead, Printable(f.Describe(d.Pos)))
		}
		if t.board && d.Severity == notation.Error && d.Board != "" {
			fmt.Fprintln(t.out, PrintableLines(d.Board))
		}
	}
	if t.verbose {
		fmt.Fprintf(t.out, "%s: %s: %s: %s\n", t.color.paint(t.color.place, Printable(Where(rep, rep.Pos))), t.color.paint(t.color.note, "note"), Printable(GameName(rep)), Printable(VerdictLine(rep)))
	}
	return nil
}

// Finish writes the habit counts of the last file.
func (t *textWriter) Finish(*Summary) error {
	t.habits.endFile(t.out, t.color)
	return nil
}

// Where is a finding's place as the reports write it, file:line:col; a
// position not known is the game's.
func Where(rep *referee.Report, p notation.Pos) string {
	if !p.IsValid() {
		p = rep.Pos
	}
	return fmt.Sprintf("%s:%d:%d", rep.File, p.Line, max(p.Col, 1))
}

// GameName names a game: "game 12 (White - Black)".
func GameName(rep *referee.Report) string {
	s := fmt.Sprintf("game %d", rep.Game)
	if p := rep.Players(); p != "" {
		s += " (" + p + ")"
	}
	return s
}

// Context names a finding's game and move: "game 12 (White - Black),
// move 23 (32x21)".
func Context(rep *referee.Report, d referee.Diagnostic) string {
	s := GameName(rep)
	if d.Move != "" {
		where := "move"
		if d.Variation {
			where = "variation move"
		}
		s += fmt.Sprintf(", %s %d (%s)", where, d.MoveNumber, d.Move)
	}
	return s
}

// Legal is the clause of a finding's legal moves ("; legal: 27x18,
// 27x16"), or its candidates for an ambiguous move; "" when it has none.
func Legal(d referee.Diagnostic) string {
	if len(d.Legal) == 0 {
		return ""
	}
	label := "legal"
	if d.Code == "ambiguous" {
		label = "candidates"
	}
	return "; " + label + ": " + strings.Join(d.Legal, ", ")
}

// FixNote is a finding's best fix as a clause, for the formats that give
// a finding one line (the text format writes the best two under it).
func FixNote(d referee.Diagnostic) string {
	if len(d.Fixes) == 0 {
		return ""
	}
	return "; " + d.Fixes[0].Describe(d.Pos)
}

// VerdictLine is a game's verdict, plies, rules and result in one line
// (the text report's -v line).
func VerdictLine(rep *referee.Report) string {
	s := fmt.Sprintf("%s, %d plies of %s", rep.Verdict, rep.Plies, firstNonEmpty(rep.Variant, "unknown rules"))
	r := rep.Result
	if written := firstNonEmpty(r.Terminator, r.Tag); written != "" {
		s += ", written " + written
	}
	if r.Derived != "" {
		s += ", the moves give " + r.Derived + " (" + r.Reason + ")"
	}
	if r.Draw != "" {
		s += ", draw " + r.Draw
	}
	for _, c := range r.Claimable {
		s += "; " + c
	}
	return s
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// quoteWidth is the most of a source line quoted under a diagnostic (see
// quoter); real exports put a whole game on one line.
const quoteWidth = 100

// Caret puts a ^ under the 1-based column col of line (col counts
// characters), keeping tabs so the caret lines up however the terminal sets
// tab stops, and counting what the terminal shows for the rest: two cells
// for a wide CJK character, none for a combining accent (rivo/uniseg's
// grapheme widths, the ones terminals follow), and the cells of its escape
// for a control character (Printable writes the line with them).
func Caret(line string, col int) string {
	var b strings.Builder
	var run strings.Builder // the characters since the last tab
	flush := func() {
		b.WriteString(strings.Repeat(" ", uniseg.StringWidth(run.String())))
		run.Reset()
	}
	i := 1
	for off := 0; off < len(line) && i < col; i++ {
		_, n := utf8.DecodeRuneInString(line[off:])
		if line[off] == '\t' {
			flush()
			b.WriteByte('\t')
		} else {
			run.WriteString(Printable(line[off : off+n]))
		}
		off += n
	}
	flush()
	return b.String() + "^"
}

// JSONVersion is the "version" field of every JSON object: it changes
// when a field changes meaning or goes away (docs/report.schema.json).
const JSONVersion = 1

// jsonWriter writes one JSON object per game, one per line
// (appendReportJSON), in one buffer reused from game to game. Each game's
// object names the config file whose settings applied to its file
// ("config"; none when none did), and marks its suppressed findings.
type jsonWriter struct {
	out     io.Writer
	buf     []byte
	configs map[string]string // input name -> the config file that applied, as displayed
}

func (j *jsonWriter) Write(rep *referee.Report) error {
	j.buf = appendReportJSON(j.buf[:0], rep)
	if cfg := j.configs[rep.File]; cfg != "" {
		j.buf = append(j.buf[:len(j.buf)-1], `,"config":`...) // before the closing }
		j.buf = append(appendJSONString(j.buf, cfg), '}')
	}
	j.buf = append(j.buf, '\n')
	_, err := j.out.Write(j.buf)
	if cap(j.buf) > 1<<20 {
		j.buf = nil // a rare huge report does not stay in memory for the rest of the run
	}
	return err
}

func (j *jsonWriter) Finish(*Summary) error { return nil }

// githubWriter writes GitHub Actions workflow commands, which show up as
// annotations on the lines of the file in a pull request. GitHub shows only
// the first few annotations of a step, so each file gets at most
// ghMaxPerFile errors and as many warnings, then one notice with the count
// of the rest; with $GITHUB_STEP_SUMMARY set, a Markdown summary (games,
// valid, findings by code) is appended to that file.
type githubWriter struct {
	out         io.Writer
	summaryPath string
	file        string
	shown       [3]int // errors, warnings, notes annotated for file
	hidden      int
}

const ghMaxPerFile = 10

func (g *githubWriter) Write(rep *referee.Report) error {
	if rep.File != g.file {
		g.endFile()
		g.file = rep.File
	}
	for _, d := range rep.Diagnostics {
		p := d.Pos
		if !p.IsValid() {
			p = rep.Pos
		}
		kind, i := "warning", 1
		switch d.Severity {
		case notation.Error:
			kind, i = "error", 0
		case notation.Note:
			kind, i = "notice", 2
		}
		if g.shown[i] >= ghMaxPerFile {
			g.hidden++
			continue
		}
		g.shown[i]++
		msg := Context(rep, d) + ": " + d.Msg + Legal(d) + FixNote(d)
		fmt.Fprintf(g.out, "::%s file=%s,line=%d,col=%d,title=arbiter %s::%s\n",
			kind, ghProperty(rep.File), p.Line, max(p.Col, 1), d.Code, ghData(msg))
	}
	return nil
}

// endFile writes the notice for the annotations of the current file that
// were left out.
func (g *githubWriter) endFile() {
	if g.hidden > 0 {
		fmt.Fprintf(g.out, "::notice file=%s,title=arbiter::%d more %s in this file (GitHub shows only the first annotations; run arbiter check %s for all)\n",
			ghProperty(g.file), g.hidden, plural(g.hidden, "finding", "findings"), ghData(g.file))
	}
	g.shown, g.hidden = [3]int{}, 0
}

func (g *githubWriter) Finish(sum *Summary) error {
	g.endFile()
	if g.summaryPath == "" {
		return nil
	}
	f, err := os.OpenFile(g.summaryPath, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	writeMarkdownSummary(f, sum)
	return f.Close()
}

// writeMarkdownSummary writes the job summary GitHub shows on the run's page.
func writeMarkdownSummary(w io.Writer, sum *Summary) {
	fmt.Fprintf(w, "### arbiter check\n\n| games | valid | with errors | errors | warnings |\n| ---: | ---: | ---: | ---: | ---: |\n| %d | %d | %d | %d | %d |\n",
		sum.Games, sum.Valid, sum.Invalid, sum.Errors, sum.Warnings)
	if sum.Suppressed > 0 {
		fmt.Fprintf(w, "\n%d %s suppressed (%d by the baseline): they fail nothing.\n", sum.Suppressed, plural(sum.Suppressed, "finding", "findings"), sum.Baselined)
	}
	if counts := sum.Codes(); len(counts) > 0 {
		fmt.Fprint(w, "\n| code | errors | warnings | meaning |\n| --- | ---: | ---: | --- |\n")
		for _, c := range counts {
			doc, _ := codes.Find(c.Code)
			fmt.Fprintf(w, "| `%s` | %d | %d | %s |\n", c.Code, c.Errors, c.Warnings, doc.Summary)
		}
	}
	fmt.Fprintln(w)
}

// ghData and ghProperty escape a workflow command's message and its
// properties: Printable first (the log is read on a terminal too), then
// GitHub's own escapes.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(Printable(s))
}

func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(Printable(s))
}
