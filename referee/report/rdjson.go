package report

import (
	"encoding/json"
	"io"
	"strings"
	"unicode/utf8"

	"arbiter/notation"
	"arbiter/referee"
)

// rdjsonWriter writes reviewdog's Diagnostic Format (rdjson: reviewdog
// -f=rdjson), one JSON object whose diagnostics reviewdog posts as review
// comments on the lines a pull request changed: message, location (path
// as named, line, and column in UTF-8 bytes, as the format counts them),
// severity (ERROR, WARNING, INFO) and code.
type rdjsonWriter struct {
	out io.Writer
	n   int
}

type rdDiagnostic struct {
	Message  string     `json:"message"`
	Location rdLocation `json:"location"`
	Severity string     `json:"severity"`
	Code     rdCode     `json:"code"`
}

type rdLocation struct {
	Path  string  `json:"path"`
	Range rdRange `json:"range"`
}

type rdRange struct {
	Start rdPosition `json:"start"`
}

type rdPosition struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type rdCode struct {
	Value string `json:"value"`
}

var rdSeverity = map[notation.Severity]string{notation.Error: "ERROR", notation.Warning: "WARNING", notation.Note: "INFO"}

func (r *rdjsonWriter) Write(rep *referee.Report) error {
	cols := byteColumns{rec: rep.Record}
	for i := range rep.Diagnostics {
		d := &rep.Diagnostics[i]
		p := d.Pos
		if !p.IsValid() {
			p = rep.Pos
		}
		b, err := json.Marshal(rdDiagnostic{Message: Printable(Context(rep, *d) + ": " + d.Msg + Legal(*d)),
			Location: rdLocation{Path: rep.File, Range: rdRange{rdPosition{max(p.Line, 1), cols.col(p)}}},
			Severity: rdSeverity[d.Severity], Code: rdCode{d.Code}})
		if err != nil {
			return err
		}
		sep := ",\n    "
		if r.n == 0 {
			sep = `{"source":{"name":"arbiter"},"diagnostics":[` + "\n    "
		}
		r.n++
		if _, err := io.WriteString(r.out, sep); err != nil {
			return err
		}
		if _, err := r.out.Write(b); err != nil {
			return err
		}
	}
	return nil
}

func (r *rdjsonWriter) Finish(*Summary) error {
	end := "\n]}\n"
	if r.n == 0 {
		end = `{"source":{"name":"arbiter"},"diagnostics":[]}` + "\n"
	}
	_, err := io.WriteString(r.out, end)
	return err
}

// byteColumns turns the columns of a record's positions (characters) into
// UTF-8 bytes, walking the record's text once for a report's positions,
// which come in file order (and from the line's start again when one does
// not).
type byteColumns struct {
	rec        *notation.Record
	line, off  int // the current line and where it starts in the text
	ready      bool
	runes, pos int // a place on the line: character runes starts at byte pos
}

func (b *byteColumns) col(p notation.Pos) int {
	c := max(p.Col, 1)
	rec := b.rec
	if rec == nil || rec.Text == "" || p.Line < rec.Pos.Line {
		return c
	}
	if !b.ready || p.Line < b.line {
		b.ready, b.line, b.off, b.runes, b.pos = true, rec.Pos.Line, 0, 0, 0
	}
	text := rec.Text
	for b.line < p.Line {
		i := strings.IndexByte(text[b.off:], '\n')
		if i < 0 {
			return c
		}
		b.off += i + 1
		b.line++
		b.runes, b.pos = 0, b.off
	}
	skip := 0 // the characters before the game's text on its first line
	if p.Line == rec.Pos.Line {
		skip = rec.Pos.Col - 1
	}
	want := c - 1 - skip
	if want < b.runes {
		b.runes, b.pos = 0, b.off
	}
	for b.runes < want && b.pos < len(text) && !lineEnd(text, b.pos) {
		_, n := utf8.DecodeRuneInString(text[b.pos:])
		b.pos += n
		b.runes++
	}
	if want < 0 || b.runes < want {
		return c // past the line's end, or before the game's text
	}
	return skip + (b.pos - b.off) + 1
}
