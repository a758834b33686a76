package morris

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"arbiter/notation"
)

// Write writes a record as text: its tags, then the moves numbered from 1
// (White's move "N.", Black's after a comment "N..."), in coordinates or,
// with numeric, PlayOK's numbers 1-24; moves that do not decode are
// written as they are. A removal written as its own item stays its own
// item (the referee joins it to its move when it normalises a record).
// Lines are wrapped before 80 columns. Variations are not written (morris
// records have none).
func Write(w io.Writer, rec *notation.Record, numeric bool) error {
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
	ply, needNumber := 0, true
	for _, m := range rec.Moves {
		text := m.Text
		mt, err := ParseMove(text)
		if err == nil {
			text = mt.Format(numeric)
		}
		text += m.Strength
		if removal := err == nil && mt.IsRemovalOnly(); !removal {
			// The number stays on the line of its move.
			if ply%2 == 0 {
				text = fmt.Sprintf("%d. %s", ply/2+1, text)
			} else if needNumber {
				text = fmt.Sprintf("%d... %s", ply/2+1, text)
			}
			ply++
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
		if v, ok := rec.Tag("Result"); ok && v != "" {
			res = strings.TrimSpace(v)
		} else {
			res = "*"
		}
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
