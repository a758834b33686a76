package movetext

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"arbiter/notation"
)

// Writer writes a record of a movetext notation: its tag pairs and the
// comments before its first move, then words (moves, numbers, comments)
// wrapped before 80 columns, then the result. Each notation decides the
// words; the layout is shared.
type Writer struct {
	w   *bufio.Writer
	col int
}

// NewWriter starts a record: tags, a blank line, leading comments.
func NewWriter(w io.Writer, rec *notation.Record) *Writer {
	bw := bufio.NewWriter(w)
	for _, t := range rec.Tags {
		v := strings.ReplaceAll(strings.ReplaceAll(t.Value, `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(bw, "[%s \"%s\"]\n", t.Name, v)
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
func (mw *Writer) Word(s string) {
	if mw.col > 0 && mw.col+1+len(s) > 79 {
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

// Comment writes a comment after a move; a '}' in it would end it early,
// so it is written as ')'.
func (mw *Writer) Comment(text string) {
	mw.Word("{" + strings.ReplaceAll(text, "}", ")") + "}")
}

// End writes the result, the comments after it, and a blank line, and
// flushes.
func (mw *Writer) End(result string, after ...notation.Comment) error {
	mw.Word(result)
	for _, c := range after {
		mw.Comment(c.Text)
	}
	mw.w.WriteString("\n\n")
	return mw.w.Flush()
}
