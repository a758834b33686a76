package morris

import (
	"fmt"
	"io"
	"strings"

	"arbiter/notation"
	"arbiter/notation/movetext"
)

// Write writes a record as text: its tags, then the moves numbered from 1
// (White's move "N.", Black's after a comment "N..."; a number the record
// writes that is not the running count is kept, and the count goes on from
// it, as PDN's writer does), in coordinates or,
// with numeric, PlayOK's numbers 1-24; moves that do not decode are
// written as they are. A removal written as its own item stays its own
// item (the referee joins it to its move when it normalises a record).
// Lines are wrapped before 80 columns. Variations are not written (morris
// records have none).
func Write(w io.Writer, rec *notation.Record, numeric bool) error {
	lw := movetext.NewWriter(w, rec)
	num, second, needNumber := 1, false, true
	for _, m := range rec.Moves {
		text := m.Text
		mt, err := ParseMove(text)
		if err == nil {
			text = mt.Format(numeric)
		}
		text += m.Strength
		if removal := err == nil && mt.IsRemovalOnly(); !removal {
			if m.Number > 0 {
				if m.Number != num || m.Ellipsis != second {
					needNumber = true
				}
				num, second = m.Number, m.Ellipsis
			}
			// The number stays on the line of its move.
			if !second {
				text = fmt.Sprintf("%d. %s", num, text)
			} else if needNumber {
				text = fmt.Sprintf("%d... %s", num, text)
			}
			if second {
				num++
			}
			second = !second
		}
		lw.Word(text)
		needNumber = false
		for _, c := range m.Comments {
			lw.Comment(c.Text)
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
	return lw.End(res, rec.After...)
}
