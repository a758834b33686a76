package report

import (
	"io"
	"strconv"
	"unicode/utf8"

	"arbiter/notation"
	"arbiter/referee"
)

// JSONVersion is the "version" field of every JSON object: it changes
// when a field changes meaning or goes away (docs/report.schema.json).
const JSONVersion = 1

// jsonWriter writes one JSON object per game, one per line
// (appendReportJSON), in one buffer reused from game to game. Each game's
// object names the config file whose settings applied to its file
// ("config"; none when none did), and marks its suppressed findings.
type jsonWriter struct {
	out     io.Writer
	buf     []byte
	configs map[string]string // input name -> the config file that applied, as displayed
}

func (j *jsonWriter) Write(rep *referee.Report) error {
	j.buf = appendReportJSON(j.buf[:0], rep)
	if cfg := j.configs[rep.File]; cfg != "" {
		j.buf = append(j.buf[:len(j.buf)-1], `,"config":`...) // before the closing }
		j.buf = append(appendJSONString(j.buf, cfg), '}')
	}
	j.buf = append(j.buf, '\n')
	_, err := j.out.Write(j.buf)
	if cap(j.buf) > 1<<20 {
		j.buf = nil // a rare huge report does not stay in memory for the rest of the run
	}
	return err
}

func (j *jsonWriter) Finish(*Summary) error { return nil }

// appendReportJSON appends the --format json object of one report, without
// the newline: the bytes encoding/json's Marshal gives for
// struct{Version int `json:"version"`; *referee.Report}, which is what the
// writer used before and what docs/report.schema.json describes, but
// written by hand. The reflection of encoding/json was the costliest part of
// writing a report, and the writer runs on the one goroutine that emits the
// reports in order, so every µs here is a µs no other job can take over.
//
// Nil tags and diagnostics are written as [] (the schema says array, never
// null). TestReportJSONKnowsEveryField fails when a field is added to one
// of these types, so that it is not silently left out here.
func appendReportJSON(b []byte, rep *referee.Report) []byte {
	b = append(b, `{"version":`...)
	b = strconv.AppendInt(b, JSONVersion, 10)
	b = append(b, `,"file":`...)
	b = appendJSONString(b, rep.File)
	b = append(b, `,"game":`...)
	b = strconv.AppendInt(b, int64(rep.Game), 10)
	b = append(b, `,"pos":`...)
	b = appendPosJSON(b, rep.Pos)
	b = append(b, `,"tags":[`...)
	for i, t := range rep.Tags {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = appendJSONString(b, t.Name)
		b = append(b, `,"value":`...)
		b = appendJSONString(b, t.Value)
		b = append(b, `,"pos":`...)
		b = appendPosJSON(b, t.Pos)
		b = append(b, '}')
	}
	b = append(b, ']')
	if rep.Variant != "" {
		b = append(b, `,"variant":`...)
		b = appendJSONString(b, rep.Variant)
	}
	b = append(b, `,"verdict":`...)
	b = appendJSONString(b, rep.Verdict)
	b = append(b, `,"plies":`...)
	b = strconv.AppendInt(b, int64(rep.Plies), 10)
	b = append(b, `,"result":`...)
	b = appendResultJSON(b, &rep.Result)
	if rep.FinalFEN != "" {
		b = append(b, `,"final_fen":`...)
		b = appendJSONString(b, rep.FinalFEN)
	}
	b = append(b, `,"diagnostics":[`...)
	for i := range rep.Diagnostics {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendDiagnosticJSON(b, &rep.Diagnostics[i])
	}
	return append(b, "]}"...)
}

func appendPosJSON(b []byte, p notation.Pos) []byte {
	b = append(b, `{"line":`...)
	b = strconv.AppendInt(b, int64(p.Line), 10)
	b = append(b, `,"col":`...)
	b = strconv.AppendInt(b, int64(p.Col), 10)
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, p.Offset, 10)
	return append(b, '}')
}

// appendResultJSON writes referee.Result, whose fields are all omitempty.
func appendResultJSON(b []byte, r *referee.Result) []byte {
	b = append(b, '{')
	n := len(b)
	b = appendOmitEmpty(b, n, `"tag":`, r.Tag)
	b = appendOmitEmpty(b, n, `"terminator":`, r.Terminator)
	b = appendOmitEmpty(b, n, `"derived":`, r.Derived)
	b = appendOmitEmpty(b, n, `"reason":`, r.Reason)
	b = appendOmitEmpty(b, n, `"draw":`, r.Draw)
	if len(r.Claimable) > 0 {
		if len(b) > n {
			b = append(b, ',')
		}
		b = append(b, `"claimable":`...)
		b = appendJSONStrings(b, r.Claimable)
	}
	return append(b, '}')
}

// appendOmitEmpty writes an omitempty string field of an object whose
// first field would start at b[first].
func appendOmitEmpty(b []byte, first int, name, v string) []byte {
	if v == "" {
		return b
	}
	if len(b) > first {
		b = append(b, ',')
	}
	b = append(b, name...)
	return appendJSONString(b, v)
}

// appendDiagnosticJSON writes referee.Diagnostic: the fields of the
// embedded notation.Diagnostic first, as encoding/json orders them.
func appendDiagnosticJSON(b []byte, d *referee.Diagnostic) []byte {
	b = append(b, `{"pos":`...)
	b = appendPosJSON(b, d.Pos)
	// notation.Severity's MarshalText writes its String.
	b = append(b, `,"severity":`...)
	b = appendJSONString(b, d.Severity.String())
	b = append(b, `,"code":`...)
	b = appendJSONString(b, d.Code)
	b = append(b, `,"message":`...)
	b = appendJSONString(b, d.Msg)
	if d.MoveNumber != 0 {
		b = append(b, `,"move_number":`...)
		b = strconv.AppendInt(b, int64(d.MoveNumber), 10)
	}
	if d.Move != "" {
		b = append(b, `,"move":`...)
		b = appendJSONString(b, d.Move)
	}
	if len(d.Legal) > 0 {
		b = append(b, `,"legal":`...)
		b = appendJSONStrings(b, d.Legal)
	}
	if d.FEN != "" {
		b = append(b, `,"fen":`...)
		b = appendJSONString(b, d.FEN)
	}
	if d.Variation {
		b = append(b, `,"variation":true`...)
	}
	if s := d.Suppressed; s != nil {
		b = append(b, `,"suppressed":{"kind":`...)
		b = appendJSONString(b, s.Kind)
		if s.Reason != "" {
			b = append(b, `,"reason":`...)
			b = appendJSONString(b, s.Reason)
		}
		if s.Pos != (notation.Pos{}) {
			b = append(b, `,"pos":`...)
			b = appendPosJSON(b, s.Pos)
		}
		b = append(b, '}')
	}
	if len(d.Fixes) > 0 {
		b = append(b, `,"fixes":[`...)
		for i := range d.Fixes {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendFixJSON(b, &d.Fixes[i])
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendFixJSON writes referee.Fix.
func appendFixJSON(b []byte, f *referee.Fix) []byte {
	b = append(b, `{"edit":`...)
	b = appendJSONString(b, f.Edit)
	if f.Text != "" {
		b = append(b, `,"text":`...)
		b = appendJSONString(b, f.Text)
	}
	b = append(b, `,"replays":`...)
	b = strconv.AppendInt(b, int64(f.Replays), 10)
	if f.Whole {
		b = append(b, `,"whole":true`...)
	}
	b = append(b, `,"why":`...)
	b = appendJSONString(b, f.Why)
	b = append(b, `,"move":`...)
	b = appendJSONString(b, f.Move)
	if f.MoveNumber != 0 {
		b = append(b, `,"move_number":`...)
		b = strconv.AppendInt(b, int64(f.MoveNumber), 10)
	}
	b = append(b, `,"pos":`...)
	b = appendPosJSON(b, f.Pos)
	if f.OtherPos != (notation.Pos{}) {
		b = append(b, `,"other_pos":`...)
		b = appendPosJSON(b, f.OtherPos)
	}
	if f.Certain {
		b = append(b, `,"certain":true`...)
	}
	return append(b, '}')
}

func appendJSONStrings(b []byte, ss []string) []byte {
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s)
	}
	return append(b, ']')
}

// jsonPlain marks the ASCII bytes encoding/json writes as they are, with
// its default HTML escaping: every printable one but " and \ and < > &.
var jsonPlain = func() (t [utf8.RuneSelf]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = true
	}
	for _, c := range `"\<>&` {
		t[c] = false
	}
	return t
}()

// appendJSONString quotes s as encoding/json does by default: \" \\ \b \f
// \n \r \t, other control characters and < > & as \u00XX, each byte of
// invalid UTF-8 as \ufffd, U+2028 and U+2029 as \u2028 and \u2029 (they
// end a line in JavaScript).
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if jsonPlain[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
