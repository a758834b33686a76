package halma

import (
	"fmt"
	"io"

	"arbiter/notation"
	"arbiter/notation/movetext"
)

// Write writes a record: its tags, then its moves numbered per round of
// players moves ("1." before seat 1's move; "N..." before a move that
// follows a comment mid-round), wrapped before 80 columns, then the
// result and the comments after it. Moves that do not decode are written
// as they are. With players 0 the moves are numbered as the record numbers
// them (convert: a record of four players read as two would get a "2."
// inside its first round).
func Write(w io.Writer, rec *notation.Record, players int) error {
	lw := movetext.NewWriter(w, rec)
	needNumber := false
	for ply, m := range rec.Moves {
		text := m.Text
		if mt, err := ParseMove(text); err == nil {
			text = mt.String()
		}
		text += m.Strength
		switch {
		case players < 1:
			if m.Number > 0 && m.Ellipsis {
				text = fmt.Sprintf("%d... %s", m.Number, text)
			} else if m.Number > 0 {
				text = fmt.Sprintf("%d. %s", m.Number, text)
			}
		case ply%players == 0:
			text = fmt.Sprintf("%d. %s", ply/players+1, text)
		case needNumber:
			text = fmt.Sprintf("%d... %s", ply/players+1, text)
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
		res = "*"
	}
	return lw.End(res, rec.After...)
}
