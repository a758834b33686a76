package movetext

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"arbiter/notation"
	"arbiter/notation/pdn"
)

// Writer writes a record of a movetext notation: its tag pairs and the
// comments before its first move, then words (moves, numbers, comments)
// wrapped before 80 columns, then the result. Each notation decides the
// words; the layout is shared.
type Writer struct {
	w   *bufio.Writer
	col int
	// afterLine: a ; comment was written, so the line must end before
	// the next word.
	afterLine bool
}

var tagEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ")

// NewWriter starts a record: tags, a blank line, leading comments.
func NewWriter(w io.Writer, rec *notation.Record) *Writer {
	bw := bufio.NewWriter(w)
	for _, t := range rec.Tags {
		// A line break would end the tag: its value is one line.
		fmt.Fprintf(bw, "[%s \"%s\"]\n", t.Name, tagEscaper.Replace(t.Value))
	}
	if len(rec.Tags) > 0 {
		bw.WriteByte('\n')
	}
	mw := &Writer{w: bw}
	for _, c := range rec.Comments {
		mw.Comment(c.Text)
	}
	return mw
}

// Word writes one word, breaking the line before it would pass column 79.
func (mw *Writer) Word(s string) { mw.word(s, false) }

// word writes s; nobreak keeps it on the current line.
func (mw *Writer) word(s string, nobreak bool) {
	if mw.afterLine {
		mw.Break()
	}
	if mw.col > 0 && mw.col+1+len(s) > 79 && !nobreak {
		mw.w.WriteByte('\n')
		mw.col = 0
	}
	if mw.col > 0 {
		mw.w.WriteByte(' ')
		mw.col++
	}
	mw.w.WriteString(s)
	mw.col += len(s)
}

// Break ends the current line, if anything is on it: the next word starts
// a line (a race record's rounds, one a line).
func (mw *Writer) Break() {
	if mw.col > 0 {
		mw.w.WriteByte('\n')
		mw.col = 0
	}
	mw.afterLine = false
}

// Comment writes a comment, its white space made single spaces so that it
// wraps. A text with a '}' of its own is written as a ; line comment (in
// braces it would end the comment early), the line ending after it; and no
// line starts with a '[' inside a comment, where it would read as the tag
// of a next game.
func (mw *Writer) Comment(text string) { mw.comment(text, false) }

// comment is Comment; with onLine, the comment starts on the current line
// however long it is.
func (mw *Writer) comment(text string, onLine bool) {
	words, lineComment := pdn.CommentWords(text)
	for i, w := range words {
		mw.word(w, (i == 0 && onLine) || (i > 0 && w[0] == '['))
	}
	mw.afterLine = lineComment
}

// End writes the result, the comments after it, and a blank line, and
// flushes. A comment after the result starts on the result's line: on a
// line of its own it would read back as a game of its own.
func (mw *Writer) End(result string, after ...notation.Comment) error {
	mw.Word(result)
	for _, c := range after {
		mw.comment(c.Text, true)
	}
	mw.afterLine = false
	mw.w.WriteString("\n\n")
	return mw.w.Flush()
}
