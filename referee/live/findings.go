package live

import (
	"strings"
	"unicode/utf8"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/referee/report"
)

// Severities as the Language Server Protocol numbers them.
const (
	SeverityError       = 1
	SeverityWarning     = 2
	SeverityInformation = 3
)

// Finding is a diagnostic of a document, in the protocol's terms.
type Finding struct {
	Range    Range  `json:"range"`
	Severity int    `json:"severity"`
	Code     string `json:"code"`
	Source   string `json:"source"`
	Message  string `json:"message"`
}

// Findings are the findings of every game, in document order, but those a
// suppression covers (they fail nothing, and 'arbiter check' does not
// show them either).
func (d *Document) Findings() []Finding {
	var out []Finding
	for _, g := range d.games {
		rep := g.check.report
		for i := range rep.Diagnostics {
			x := &rep.Diagnostics[i]
			if x.Suppressed != nil {
				continue
			}
			out = append(out, d.finding(g, x))
		}
	}
	return out
}

func (d *Document) finding(g *Game, x *referee.Diagnostic) Finding {
	sev := SeverityWarning
	switch x.Severity {
	case notation.Error:
		sev = SeverityError
	case notation.Note:
		sev = SeverityInformation
	}
	start, end := d.span(g, x)
	return Finding{
		Range:    Range{d.Position(start), d.Position(end)},
		Severity: sev,
		Code:     x.Code,
		Source:   "arbiter",
		Message:  message(g, x),
	}
}

// message is what 'arbiter check' says of a finding: which game and move,
// why, the legal moves, the best fixes.
func message(g *Game, x *referee.Diagnostic) string {
	var b strings.Builder
	b.WriteString(x.Msg)
	if len(x.Legal) > 0 {
		label := "legal"
		if x.Code == "ambiguous" {
			label = "candidates"
		}
		b.WriteString("; " + label + ": " + strings.Join(x.Legal, ", "))
	}
	for k, f := range x.Fixes[:min(len(x.Fixes), 2)] {
		lead := "fix"
		if k > 0 {
			lead = "or"
		}
		b.WriteString("\n" + lead + ": " + f.Describe(x.Pos))
	}
	return clean(b.String())
}

// span is the byte range a finding covers. A finding at the end of its
// game (a missing terminator) covers the game's last word, not the blank
// lines or the next game's first tag after it.
func (d *Document) span(g *Game, x *referee.Diagnostic) (int, int) {
	start := d.offset(g, x.Pos)
	if start >= g.End || strings.TrimSpace(d.text[start:g.End]) == "" {
		end := start
		for end > g.Start && isSpace(d.text[end-1]) {
			end--
		}
		start = end
		for start > g.Start && !isSpace(d.text[start-1]) {
			start--
		}
		return start, end
	}
	return start, start + d.spanAt(start, x.Move)
}

// spanAt is how many bytes a finding at off covers: the move it is about
// when that is written there, else the word there (at least one
// character, none at the end of the text).
func (d *Document) spanAt(off int, move string) int {
	rest := d.text[off:]
	if move != "" && strings.HasPrefix(rest, move) {
		return len(move)
	}
	n := 0
	for n < len(rest) && !isSpace(rest[n]) && (n == 0 || !strings.ContainsRune("{}()[]", rune(rest[n]))) {
		_, size := utf8.DecodeRuneInString(rest[n:])
		n += size
	}
	return n
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// clean is text from a record as an editor shows it: control characters
// (which a terminal-based editor would act on) written as escapes, line
// breaks kept, as every report writes it.
func clean(s string) string { return report.PrintableLines(s) }
