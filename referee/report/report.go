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
	"cmp"
	"fmt"
	"io"
	"strings"

	"arbiter/notation"
	"arbiter/referee"
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
	{Name: "html", Usage: "one self-contained page: summary, filters, the board at each error, a replay viewer", Film: true, New: func(out io.Writer, o Options) Writer {
		h := newHTMLWriter(out)
		h.fixed = o.Variant
		return h
	}},
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
	s := fmt.Sprintf("%s, %d plies of %s", rep.Verdict, rep.Plies, cmp.Or(rep.Variant, "unknown rules"))
	r := rep.Result
	if written := cmp.Or(r.Terminator, r.Tag); written != "" {
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
