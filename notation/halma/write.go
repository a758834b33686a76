package halma

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"arbiter/notation"
)

// Write writes a record: its tags, then its moves numbered per round of
// players moves ("1." before seat 1's move; "N..." before a move that
// follows a comment mid-round), wrapped before 80 columns, then the
// result. Moves that do not decode are written as they are.
func Write(w io.Writer, rec *notation.Record, players int) error {
	if players < 1 {
		players = 2
	}
	bw := bufio.NewWriter(w)
	for _, t := range rec.Tags {
		v := strings.ReplaceAll(strings.ReplaceAll(t.Value, `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(bw, "[%s \"%s\"]\n", t.Name, v)
	}
	if len(rec.Tags) > 0 {
		bw.WriteByte('\n')
	}
	lw := &lineWriter{w: bw}
	for _, c := range rec.Comments {
		lw.word("{" + c.Text + "}")
	}
	needNumber := false
	for ply, m := range rec.Moves {
		text := m.Text
		if mt, err := ParseMove(text); err == nil {
			text = mt.String()
		}
		text += m.Strength
		if ply%players == 0 {
			text = fmt.Sprintf("%d. %s", ply/players+1, text)
		} else if needNumber {
			text = fmt.Sprintf("%d... %s", ply/players+1, text)
		}
		lw.word(text)
		needNumber = false
		for _, c := range m.Comments {
			lw.word("{" + strings.ReplaceAll(c.Text, "}", ")") + "}")
			needNumber = true
		}
	}
	res := rec.Result
	if res == "" {
		res = "*"
	}
	lw.word(res)
	bw.WriteString("\n\n")
	return bw.Flush()
}

type lineWriter struct {
	w   *bufio.Writer
	col int
}

func (lw *lineWriter) word(s string) {
	if lw.col > 0 && lw.col+1+len(s) > 79 {
		lw.w.WriteByte('\n')
		lw.col = 0
	}
	if lw.col > 0 {
		lw.w.WriteByte(' ')
		lw.col++
	}
	lw.w.WriteString(s)
	lw.col += len(s)
}
