package main

import (
	"fmt"
	"github.com/rivo/uniseg"
	"github.com/urfave/cli/v2"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/referee/codes"
)

// reportWriter writes reports in one output format.
type reportWriter interface {
	setOutput(io.Writer)
	write(*referee.Report) error
}

// finisher is a reportWriter that writes something after the last report
// (one SARIF or JUnit document, a GitHub step summary).
type finisher interface {
	finish(*summary) error
}

// formats are the --format values: a new output format is one entry here
// (and its writer in a file of its own).
var formats = []struct {
	name, usage string
	writer      func(c *cli.Context) reportWriter
}{
	{"text", "file:line:col diagnostics with the source line and the board", func(c *cli.Context) reportWriter {
		on, _ := useColor(c.String("color"), c.App.Writer) // checked in runCheck
		return &textWriter{verbose: c.Bool("verbose"), board: !c.Bool("no-board"), color: newPalette(on)}
	}},
	{"json", "one object per game, one per line (schema: docs/report.schema.json)", func(*cli.Context) reportWriter { return &jsonWriter{} }},
	{"github", "GitHub Actions annotations", func(*cli.Context) reportWriter { return newGithubWriter() }},
	{"junit", "JUnit XML: a testsuite per file, a testcase per game, a failure per error", func(*cli.Context) reportWriter { return newJUnitWriter() }},
	{"sarif", "one SARIF 2.1.0 log (GitHub code scanning)", func(*cli.Context) reportWriter { return newSarifWriter() }},
	{"html", "one self-contained page: summary, filters, the board at each error, a replay viewer", func(*cli.Context) reportWriter { return newHTMLWriter(nil) }},
	{"concise", "one line per finding: file:line:col: code [severity] message", func(*cli.Context) reportWriter { return &conciseWriter{} }},
	{"gitlab", "GitLab code quality JSON (artifacts:reports:codequality)", func(*cli.Context) reportWriter { return newGitlabWriter() }},
	{"rdjson", "reviewdog's diagnostic format (reviewdog -f=rdjson)", func(*cli.Context) reportWriter { return &rdjsonWriter{} }},
}

func formatList() string {
	var names []string
	for _, f := range formats {
		names = append(names, f.name)
	}
	return strings.Join(names, ", ")
}

func newReportWriter(format string, c *cli.Context) (reportWriter, error) {
	for _, f := range formats {
		if f.name == format {
			return f.writer(c), nil
		}
	}
	return nil, usageError("unknown --format %q (%s)", format, formatList())
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

func (t *textWriter) setOutput(w io.Writer) { t.out = w }

func (t *textWriter) write(rep *referee.Report) error {
	q := newQuoter(rep.Record)
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
		fmt.Fprintf(t.out, "%s: %s: %s: %s\n", t.color.paint(t.color.place, printable(where(rep, d.Pos))),
			t.color.paint(sev, fmt.Sprintf("%s[%s]", d.Severity, d.Code)), printable(context(rep, *d)), printable(d.Msg+legal(*d)))
		if line, col, ok := q.quote(d.Pos); ok {
			fmt.Fprintf(t.out, "    %s\n    %s\n", printable(line), t.color.paint(t.color.mark, caret(line, col)))
		}
		for k, f := range d.Fixes[:min(len(d.Fixes), 2)] {
			lead := "fix"
			if k > 0 {
				lead = "or"
			}
			fmt.Fprintf(t.out, "    %s: %s\n", lead, printable(f.Describe(d.Pos)))
		}
		if t.board && d.Severity == notation.Error && d.Board != "" {
			fmt.Fprintln(t.out, printableLines(d.Board))
		}
	}
	if t.verbose {
		fmt.Fprintf(t.out, "%s: %s: %s: %s\n", t.color.paint(t.color.place, printable(where(rep, rep.Pos))), t.color.paint(t.color.note, "note"), printable(gameName(rep)), printable(verdictLine(rep)))
	}
	return nil
}

// finish writes the habit counts of the last file.
func (t *textWriter) finish(*summary) error {
	t.habits.endFile(t.out, t.color)
	return nil
}

func where(rep *referee.Report, p notation.Pos) string {
	if !p.IsValid() {
		p = rep.Pos
	}
	return fmt.Sprintf("%s:%d:%d", rep.File, p.Line, max(p.Col, 1))
}

func gameName(rep *referee.Report) string {
	s := fmt.Sprintf("game %d", rep.Game)
	if p := rep.Players(); p != "" {
		s += " (" + p + ")"
	}
	return s
}

func context(rep *referee.Report, d referee.Diagnostic) string {
	s := gameName(rep)
	if d.Move != "" {
		where := "move"
		if d.Variation {
			where = "variation move"
		}
		s += fmt.Sprintf(", %s %d (%s)", where, d.MoveNumber, d.Move)
	}
	return s
}

func legal(d referee.Diagnostic) string {
	if len(d.Legal) == 0 {
		return ""
	}
	label := "legal"
	if d.Code == "ambiguous" {
		label = "candidates"
	}
	return "; " + label + ": " + strings.Join(d.Legal, ", ")
}

// fixNote is a finding's best fix as a clause, for the formats that give
// a finding one line (the text format writes the best two under it).
func fixNote(d referee.Diagnostic) string {
	if len(d.Fixes) == 0 {
		return ""
	}
	return "; " + d.Fixes[0].Describe(d.Pos)
}

func verdictLine(rep *referee.Report) string {
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

// caret puts a ^ under the 1-based column col of line (col counts
// characters), keeping tabs so the caret lines up however the terminal sets
// tab stops, and counting what the terminal shows for the rest: two cells
// for a wide CJK character, none for a combining accent (rivo/uniseg's
// grapheme widths, the ones terminals follow), and the cells of its escape
// for a control character (printable writes the line with them).
func caret(line string, col int) string {
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
			run.WriteString(printable(line[off : off+n]))
		}
		off += n
	}
	flush()
	return b.String() + "^"
}

// jsonVersion is the "version" field of every JSON object: it changes
// when a field changes meaning or goes away (docs/report.schema.json).
const jsonVersion = 1

// jsonWriter writes one JSON object per game, one per line
// (appendReportJSON), in one buffer reused from game to game.
type jsonWriter struct {
	out     io.Writer
	buf     []byte
	configs map[string]string // input name -> the config file that applied, as displayed
}

func (j *jsonWriter) setOutput(w io.Writer) { j.out = w }

func (j *jsonWriter) carriesSuppressed() {} // marked "suppressed"

// recordConfigs: each game's object names the config file whose settings
// applied to its file ("config"; none when none did).
func (j *jsonWriter) recordConfigs(in []input, cfgOf map[string]*config) {
	j.configs = map[string]string{}
	for name, cfg := range cfgOf {
		j.configs[name] = displayPath(cfg.file)
	}
}

func (j *jsonWriter) write(rep *referee.Report) error {
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

func newGithubWriter() *githubWriter {
	return &githubWriter{summaryPath: os.Getenv("GITHUB_STEP_SUMMARY")}
}

func (g *githubWriter) setOutput(w io.Writer) { g.out = w }

func (g *githubWriter) write(rep *referee.Report) error {
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
		msg := context(rep, d) + ": " + d.Msg + legal(d) + fixNote(d)
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

func (g *githubWriter) finish(sum *summary) error {
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
func writeMarkdownSummary(w io.Writer, sum *summary) {
	fmt.Fprintf(w, "### arbiter check\n\n| games | valid | with errors | errors | warnings |\n| ---: | ---: | ---: | ---: | ---: |\n| %d | %d | %d | %d | %d |\n",
		sum.games, sum.valid, sum.invalid, sum.errors, sum.warnings)
	if sum.suppressed > 0 {
		fmt.Fprintf(w, "\n%d %s suppressed (%d by the baseline): they fail nothing.\n", sum.suppressed, plural(sum.suppressed, "finding", "findings"), sum.baselined)
	}
	if counts := sum.codes(); len(counts) > 0 {
		fmt.Fprint(w, "\n| code | errors | warnings | meaning |\n| --- | ---: | ---: | --- |\n")
		for _, c := range counts {
			doc, _ := codes.Find(c.code)
			fmt.Fprintf(w, "| `%s` | %d | %d | %s |\n", c.code, c.errors, c.warnings, doc.Summary)
		}
	}
	fmt.Fprintln(w)
}

// ghData and ghProperty escape a workflow command's message and its
// properties: printable first (the log is read on a terminal too), then
// GitHub's own escapes.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(printable(s))
}

func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(printable(s))
}
