package report

import (
	"strings"
	"unicode/utf8"

	"arbiter/notation"
)

// Quoter finds the source lines diagnostics quote in one record's text.
// Diagnostics come in file order, so it walks the text once, keeping its
// place (a line, and a column on it) from one diagnostic to the next: a
// game written on one 800 KB line with thousands of diagnostics costs one
// pass over the line, not one per diagnostic. A game that starts inside a
// line (glued to the previous game's result) has its first line quoted as
// Record.SourceLine does, with blanks for the previous game's text, so the
// caret stays under the file's column.
type Quoter struct {
	rec  *notation.Record
	line int // file line of text[lineOff:]
	// lineOff is where that line starts in rec.Text; runeIdx/runeOff a
	// place on it: the character runeIdx (0-based) starts at runeOff.
	lineOff, runeIdx, runeOff int
}

// NewQuoter is the quoter of rec's text (nil: it quotes nothing).
func NewQuoter(rec *notation.Record) *Quoter {
	q := &Quoter{rec: rec}
	if rec != nil {
		q.line = rec.Pos.Line
		q.runeIdx = q.lineStart()
	}
	return q
}

// lineStart is the index of the character the current line's text starts
// with: the columns before a game that starts inside its first line, as
// blanks (Record.SourceLine pads at most 4096), 0 on the other lines.
func (q *Quoter) lineStart() int {
	if c := q.rec.Pos.Col; q.line == q.rec.Pos.Line && c > 1 && c <= 4096 {
		return c - 1
	}
	return 0
}

// Quote returns the source line of p, or the window of quoteWidth
// characters around its column when the line is longer (the same as
// window(line, col) but reading at most about two windows of the line
// past the quoter's place), and the caret's column in it. ok is false when
// the line is not in the record's text or holds nothing but blanks.
func (q *Quoter) Quote(p notation.Pos) (text string, col int, ok bool) {
	if q.rec == nil || q.rec.Text == "" || p.Col <= 0 || p.Line < q.rec.Pos.Line || !q.seekLine(p.Line) {
		return "", 0, false
	}
	want := max(0, p.Col-1-quoteWidth/3) // where the window starts unless the line ends soon
	from := max(0, want-quoteWidth)      // the earliest it can start then
	if q.runeIdx > max(from, q.lineStart()) {
		q.runeIdx, q.runeOff = q.lineStart(), q.lineOff // out of order: from the line start
	}
	for {
		text, col, ok, retry := q.scan(p.Col, want, from)
		if !retry {
			return text, col, ok
		}
		// The caret lies past the line's end: measure from its start.
		from, q.runeIdx, q.runeOff = 0, q.lineStart(), q.lineOff
	}
}

func (q *Quoter) scan(pcol, want, from int) (text string, col int, ok, retry bool) {
	src := q.rec.Text
	// Enough characters to know whether the line is longer than a window
	// and than want+quoteWidth.
	stop := max(want+quoteWidth, quoteWidth) + 1
	offs := make([]int, 0, stop-from+1) // offsets of characters from, from+1, ...
	i, off := q.runeIdx, q.runeOff
	for k := from; k < min(i, stop); k++ {
		offs = append(offs, -1) // a blank before the game's text (lineStart)
	}
	for i < stop && !lineEnd(src, off) {
		if i >= from {
			offs = append(offs, off)
		}
		_, n := utf8.DecodeRuneInString(src[off:])
		off += n
		i++
	}
	offs = append(offs, off) // the end of what was read
	known := i < stop        // the line ended: its length is i
	pad := q.lineStart()
	if known && i <= quoteWidth {
		line := strings.Repeat(" ", pad) + src[q.lineOff:off]
		return line, pcol, strings.TrimSpace(line) != "", false
	}
	start, end := want, want+quoteWidth
	if known {
		start = max(0, min(want, i-quoteWidth))
		end = min(i, start+quoteWidth)
	}
	if start < from {
		return "", 0, false, true
	}
	if from >= pad {
		q.runeIdx, q.runeOff = from, offs[0]
	}
	var out string
	if a, b := start-from, min(end-from, len(offs)-1); offs[a] < 0 {
		// The window starts in the blanks before the game's text.
		out = strings.Repeat(" ", min(pad, end)-start)
		if offs[b] >= 0 {
			out += src[q.lineOff:offs[b]]
		}
	} else {
		out = src[offs[a]:offs[b]]
	}
	col = pcol
	if start > 0 {
		out = "..." + out
		col = pcol - start + 3
	}
	if !known || end < i {
		out += "..."
	}
	if strings.TrimSpace(strings.Trim(out, ".")) == "" && !q.lineHasText() {
		return "", 0, false, false
	}
	return out, col, true, false
}

// lineEnd: the line ends at off (\n, \r\n, a \r ending the text, or the
// text's end), as Record.SourceLine cuts lines.
func lineEnd(s string, off int) bool {
	if off >= len(s) || s[off] == '\n' {
		return true
	}
	return s[off] == '\r' && (off+1 == len(s) || s[off+1] == '\n')
}

// seekLine moves to the start of file line n, forward from where the
// quoter is, or from the record's start when n is behind it.
func (q *Quoter) seekLine(n int) bool {
	if n < q.line {
		q.line, q.lineOff = q.rec.Pos.Line, 0
		q.runeIdx, q.runeOff = q.lineStart(), 0
	}
	text := q.rec.Text
	for q.line < n {
		i := strings.IndexByte(text[q.lineOff:], '\n')
		if i < 0 {
			return false
		}
		q.lineOff += i + 1
		q.line++
		q.runeIdx, q.runeOff = 0, q.lineOff
	}
	if q.runeOff < q.lineOff || q.runeIdx < q.lineStart() {
		q.runeIdx, q.runeOff = q.lineStart(), q.lineOff
	}
	return true
}

// lineHasText reports whether the current line holds anything but blanks
// (said once per blank window, which only a line of blanks gives).
func (q *Quoter) lineHasText() bool {
	rest := q.rec.Text[q.lineOff:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimSpace(rest) != ""
}
