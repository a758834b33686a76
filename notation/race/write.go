package race

import (
	"io"
	"strconv"

	"arbiter/notation"
	"arbiter/notation/movetext"
)

// Write writes a race record as it was given: its tags in their order, the
// comments before the first throw, then the throws, each round on a line
// of its own and numbered as the record numbers it ("9." where it writes
// 9., nothing where it writes nothing). No count can stand in for the
// record's numbers: a round holds as many throws as its sixes (or its
// players' turns) make it, so numbering throws by pairs would put a "10."
// inside round 9. Then the result ("*" when none is written) and the
// comments after it.
func Write(w io.Writer, rec *notation.Record) error {
	lw := movetext.NewWriter(w, rec)
	for _, m := range rec.Moves {
		if m.Number > 0 {
			lw.Break()
			lw.Word(strconv.Itoa(m.Number) + ".")
		}
		lw.Word(m.Text)
		for _, c := range m.Comments {
			lw.Comment(c.Text)
		}
	}
	res := rec.Result
	if res == "" {
		res = "*" // the end of the game, before a next one
	}
	return lw.End(res, rec.After...)
}
