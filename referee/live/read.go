package live

import (
	"arbiter/notation"
	"arbiter/referee"
)

// reading is one game read again and checked for a request (a hover, a
// completion, a code action): the cached check keeps no moves.
type reading struct {
	rec *notation.Record
	rep *referee.Report
	// main is the main line as written (a rewrite changes the record's
	// texts): each move's offset in the document and text.
	main []written
}

type written struct {
	off  int
	text string
}

// read reads g again and checks it under the document's options with
// more asked (a rewrite, pictures).
func (d *Document) read(g *Game, more func(*referee.Options)) *reading {
	opts := d.settings.Options
	opts.NoFixes = true
	if more != nil {
		more(&opts)
	}
	rec := referee.ParseGameFor(g.text0, d.Name, opts)
	r := &reading{rec: rec}
	for _, m := range rec.Moves {
		r.main = append(r.main, written{d.at(m.Pos), m.Text})
	}
	r.rep = referee.Check(rec, opts)
	return r
}

// at is the document offset of a position of a game read now.
func (d *Document) at(p notation.Pos) int {
	return max(0, min(d.bom+int(p.Offset), len(d.text)))
}

// moveAt finds the move written at off, in the main line or a variation.
func moveAt(line notation.Line, at func(notation.Pos) int, off int) *notation.Move {
	for _, m := range line {
		if at(m.Pos) == off {
			return m
		}
		for _, v := range m.Variations {
			if found := moveAt(v, at, off); found != nil {
				return found
			}
		}
	}
	return nil
}
