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
// result. Moves that do not decode are written as they are.
func Write(w io.Writer, rec *notation.Record, players int) error {
	if players < 1 {
		players = 2
	}
	lw := movetext.NewWriter(w, rec)
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
	return lw.End(res)
}
