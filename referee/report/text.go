package report

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"arbiter/notation"
	"arbiter/referee"
)

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
	// Most lines before the caret are printable ASCII, a cell each: only
	// the others are measured character by character.
	if n := min(max(col-1, 0), len(line)); printableASCII(line[:n]) {
		return strings.Repeat(" ", n) + "^"
	}
	return caretMeasured(line, col)
}

// printableASCII: every byte of s is printable ASCII (' ' to '~').
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// caretMeasured is Caret, measuring every character.
func caretMeasured(line string, col int) string {
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
