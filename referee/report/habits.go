package report

import (
	"fmt"
	"io"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/referee/codes"
)

// habitFold keeps the text report of a file from repeating an exporter's
// habit (habitCodes) at every game: the first finding of each such code
// in a file is written as any other, the later ones only counted, and
// when the file's last game is written, one line per code says how many
// more there were, at the first one's place. The text report streams
// game by game in input order, so a file ends where the next report's
// file differs, or at the end of the run.
type habitFold struct {
	file  string
	first []foldedHabit // in the order they were first met in file
}

type foldedHabit struct {
	code  string
	sev   notation.Severity
	mixed bool   // the later ones are not all of the first one's severity
	where string // file:line:col of the first
	more  int
}

// shown reports whether d, a finding of rep, is written: false for a
// habit already said in rep's file, which is counted instead.
func (h *habitFold) shown(rep *referee.Report, d *referee.Diagnostic) bool {
	if !codes.IsHabit(d.Code) {
		return true
	}
	for i := range h.first {
		if f := &h.first[i]; f.code == d.Code {
			f.more++
			f.mixed = f.mixed || d.Severity != f.sev
			return false
		}
	}
	h.first = append(h.first, foldedHabit{code: d.Code, sev: d.Severity, where: Where(rep, d.Pos)})
	return true
}

// endFile writes the counts of the habits of the file just written, and
// forgets them.
func (h *habitFold) endFile(w io.Writer, color palette) {
	for _, f := range h.first {
		if f.more == 0 {
			continue
		}
		what := plural(f.more, f.sev.String(), f.sev.String()+"s")
		if f.mixed {
			what = plural(f.more, "finding", "findings")
		}
		fmt.Fprintf(w, "%s: %s: %d more %s like it in this file (said once per file, as the whole file does it; --format json lists every one)\n",
			color.paint(color.place, Printable(f.where)), color.paint(color.note, "note["+f.code+"]"), f.more, what)
	}
	h.first = h.first[:0]
}

// next readies the fold for rep, writing the counts of the file before
// it when rep starts another file.
func (h *habitFold) next(w io.Writer, color palette, rep *referee.Report) {
	if rep.File != h.file {
		h.endFile(w, color)
		h.file = rep.File
	}
}
