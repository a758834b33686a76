package report

import (
	"io"
	"strconv"
	"unicode/utf8"
	"unsafe"

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
	// file and fileJSON are the last report's file and its name quoted,
	// cfg the config file that applied to it (configs[file]: looked up
	// once per file, not per game).
	file     string
	fileJSON []byte
	cfg      string
	// names are the tag names of the file's games known plain, by their
	// place in a game (plainNames).
	names plainNames
}

// plainNames are tag names known plain, by their place in a game (and
// the variant's name and the verdict, at the places after: the same few
// strings of the program's, mostly, from game to game). The PDN
// reader gives the games of a file the same string for the same name
// (notation/pdn's fastState.tagName), in the same order, mostly: a name
// that is the string at its place (the same bytes in memory) is known
// plain without reading it again. Emptied when the file changes, so that
// it keeps no other file's text in memory.
type plainNames [tagPlaces + 2]string

// The places of the variant and the verdict in plainNames, after the
// tags'.
const (
	tagPlaces    = 16
	variantPlace = tagPlaces + iota - 1
	verdictPlace
)

// tagPlace is the place of the tag i in plainNames, or one past them all.
func tagPlace(i int) int {
	if i < tagPlaces {
		return i
	}
	return len(plainNames{})
}

// known reports whether name is the string known plain at place i.
func (k *plainNames) known(i int, name string) bool {
	if k == nil || i >= len(k) {
		return false
	}
	s := k[i]
	return len(s) == len(name) && unsafe.StringData(s) == unsafe.StringData(name)
}

// plain reports whether name, at place i, is plain, remembering it then.
func (k *plainNames) plain(i int, name string) bool {
	if !plainAll(name) {
		return false
	}
	if k != nil && i < len(k) {
		k[i] = name
	}
	return true
}

func (j *jsonWriter) Write(rep *referee.Report) error {
	if j.fileJSON == nil || rep.File != j.file {
		j.file, j.fileJSON = rep.File, appendJSONString(j.fileJSON[:0], rep.File)
		j.names = plainNames{}
		j.cfg = j.configs[rep.File]
	}
	j.buf = appendReportJSONFile(j.buf[:0], rep, j.fileJSON, &j.names)
	if cfg := j.cfg; cfg != "" {
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
	return appendReportJSONFile(b, rep, nil, nil)
}

// appendReportJSONFile is appendReportJSON given the file's name quoted
// already (file, when not nil): every game of a file has the same; and
// the tag names known plain from its games before (names, when not nil).
func appendReportJSONFile(b []byte, rep *referee.Report, file []byte, names *plainNames) []byte {
	b = append(b, `{"version":`...)
	b = appendInt(b, JSONVersion)
	b = append(b, `,"file":`...)
	if file != nil {
		b = append(b, file...)
	} else {
		b = appendJSONString(b, rep.File)
	}
	b = append(b, `,"game":`...)
	b = appendInt(b, int64(rep.Game))
	b = append(b, `,"pos":`...)
	b = appendPosJSON(b, rep.Pos)
	b = append(b, `,"tags":[`...)
	for i := range rep.Tags {
		t := &rep.Tags[i]
		if i > 0 {
			b = append(b, ',')
		}
		if p := tagPlace(i); (names.known(p, t.Name) || names.plain(p, t.Name)) && plainAll(t.Value) {
			// (Most tags: their quotes written with the keys.)
			b = append(b, `{"name":"`...)
			b = append(b, t.Name...)
			b = append(b, `","value":"`...)
			b = append(b, t.Value...)
			b = append(b, `","pos":{"line":`...)
		} else {
			b = append(b, `{"name":`...)
			b = appendJSONString(b, t.Name)
			b = append(b, `,"value":`...)
			b = appendJSONString(b, t.Value)
			b = append(b, `,"pos":{"line":`...)
		}
		b = appendPosFields(b, t.Pos)
		b = append(b, "}}"...)
	}
	b = append(b, ']')
	if rep.Variant != "" {
		b = append(b, `,"variant":`...)
		b = appendKnownString(b, names, variantPlace, rep.Variant)
	}
	b = append(b, `,"verdict":`...)
	b = appendKnownString(b, names, verdictPlace, rep.Verdict)
	b = append(b, `,"plies":`...)
	b = appendInt(b, int64(rep.Plies))
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

// appendKnownString is appendJSONString of s, known plain when it is the
// string at place i of names.
func appendKnownString(b []byte, names *plainNames, i int, s string) []byte {
	if names.known(i, s) || names.plain(i, s) {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	return appendJSONString(b, s)
}

func appendPosJSON(b []byte, p notation.Pos) []byte {
	b = append(b, `{"line":`...)
	return append(appendPosFields(b, p), '}')
}

// appendPosFields is appendPosJSON after `{"line":`, before '}'.
func appendPosFields(b []byte, p notation.Pos) []byte {
	b = appendInt(b, int64(p.Line))
	if p.Col == 1 { // (a tag's, most often)
		b = append(b, `,"col":1,"offset":`...)
	} else {
		b = append(b, `,"col":`...)
		b = appendInt(b, int64(p.Col))
		b = append(b, `,"offset":`...)
	}
	return appendInt(b, p.Offset)
}

// digitPairs are the two digits of 00 to 99.
const digitPairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879" +
	"8081828384858687888990919293949596979899"

// appendInt is strconv.AppendInt(b, v, 10), its digits written in place:
// strconv formats into a buffer of its own and copies it, which was a
// third of what writing a report cost (a position is three numbers, and
// a report has a dozen).
func appendInt(b []byte, v int64) []byte {
	if uint64(v) >= 1<<32 {
		return strconv.AppendInt(b, v, 10) // (negative, or huge: never in a record's positions)
	}
	u := uint32(v)
	// Up to six digits (a record's lines and offsets, mostly), the
	// digits in one append: one test of the capacity, no loop.
	switch {
	case u < 10:
		return append(b, byte('0'+u))
	case u < 100:
		return append(b, digitPairs[u*2], digitPairs[u*2+1])
	case u < 1000:
		q := u / 100
		r := (u - q*100) * 2
		return append(b, byte('0'+q), digitPairs[r], digitPairs[r+1])
	case u < 10000:
		q := u / 100
		r := (u - q*100) * 2
		q *= 2
		return append(b, digitPairs[q], digitPairs[q+1], digitPairs[r], digitPairs[r+1])
	case u < 100000:
		h := u / 10000
		m := u - h*10000
		q := m / 100
		r := (m - q*100) * 2
		q *= 2
		return append(b, byte('0'+h), digitPairs[q], digitPairs[q+1], digitPairs[r], digitPairs[r+1])
	case u < 1000000:
		h := u / 10000
		m := u - h*10000
		q := m / 100
		r := (m - q*100) * 2
		q *= 2
		h *= 2
		return append(b, digitPairs[h], digitPairs[h+1], digitPairs[q], digitPairs[q+1], digitPairs[r], digitPairs[r+1])
	}
	var n int
	switch {
	case u < 10000000:
		n = 7
	case u < 100000000:
		n = 8
	case u < 1000000000:
		n = 9
	default:
		n = 10
	}
	end := len(b) + n
	if end > cap(b) {
		b = append(b, make([]byte, n)...)
	}
	b = b[:end]
	i := end
	for u >= 100 {
		q := u / 100
		r := (u - q*100) * 2
		b[i-2], b[i-1] = digitPairs[r], digitPairs[r+1]
		i -= 2
		u = q
	}
	if u >= 10 {
		b[i-2], b[i-1] = digitPairs[u*2], digitPairs[u*2+1]
	} else {
		b[i-1] = byte('0' + u)
	}
	return b
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
		b = appendInt(b, int64(d.MoveNumber))
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
	b = appendInt(b, int64(f.Replays))
	if f.Whole {
		b = append(b, `,"whole":true`...)
	}
	b = append(b, `,"why":`...)
	b = appendJSONString(b, f.Why)
	b = append(b, `,"move":`...)
	b = appendJSONString(b, f.Move)
	if f.MoveNumber != 0 {
		b = append(b, `,"move_number":`...)
		b = appendInt(b, int64(f.MoveNumber))
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

// The word tests (plain8, plain4x2, plainAll, plainWord) read eight
// bytes side by side in a word and say plain when every byte is plain
// (jsonPlain) and none is one of ^ | ~: three plain bytes they take for
// ones that are not (one test fewer), which costs nothing but time, as
// what they do not say plain is read byte by byte (appendJSONStringFrom).
// wordStrict is those three.
const wordStrict = "^|~"

// plain8 reports whether the 8 bytes of s pass the word test.
func plain8(s string) bool {
	return plainWord(load8(s))
}

// plain4x2 is plain8 of 4 to 7 bytes: the first four and the last four
// (overlapping) side by side.
func plain4x2(s string) bool {
	n := len(s)
	_ = s[3]
	_ = s[n-4]
	return plainWord(uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[n-4])<<32 | uint64(s[n-3])<<40 | uint64(s[n-2])<<48 | uint64(s[n-1])<<56)
}

// plainAll reports whether every byte of s passes the word test, without
// stopping at the first word that does not: most strings are plain
// throughout, and one test at the end costs less than one per word.
// Under 4 bytes, the first, middle and last byte (all of them) fill one
// word.
func plainAll(s string) bool {
	n := len(s)
	switch {
	case n >= 8:
	case n >= 4:
		return plain4x2(s)
	case n == 0:
		return true
	default:
		a, m, z := uint64(s[0]), uint64(s[n>>1]), uint64(s[n-1])
		return plainWord(a*0x0101010101 | m<<40 | z<<48 | z<<56)
	}
	var bad uint64
	for i := 0; i+8 <= n; i += 8 {
		bad |= badWord(load8(s[i:]))
	}
	bad |= badWord(load8(s[n-8:]))
	return bad&0x8080808080808080 == 0
}

// load8 is the first 8 bytes of s, the first in the lowest.
func load8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// plainWord is the word test of the eight bytes of x, the first in its
// lowest.
func plainWord(x uint64) bool {
	return badWord(x)&0x8080808080808080 == 0
}

// badWord has the high bit set in some byte when a byte of x fails the
// word test (exactly when: plainWord).
func badWord(x uint64) uint64 {
	const lo = 0x0101010101010101
	// A byte of 0x80 or more, or below ' ' (x-0x20 borrows from it: no
	// borrow reaches the lowest such byte, so it is always seen).
	bad := x | (x - 0x20*lo)
	// A zero byte in y marks one of the others: " and & differ in one bit
	// (0x22, 0x26); < > \ in two (0x3c, 0x3e, 0x5c: 0x1c with any of 0x02,
	// 0x20, 0x40, which ^ | ~ are too, and two control bytes). A zero
	// lane shows in (y-lo)&^y (exact for the lowest one).
	y1 := (x | 0x04*lo) ^ 0x26*lo
	y2 := (x | 0x62*lo) ^ 0x7e*lo
	bad |= (y1 - lo) &^ y1
	bad |= (y2 - lo) &^ y2
	return bad
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
	if !plainAll(s) {
		return appendJSONStringFrom(b, s, 0)
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendJSONStringFrom is appendJSONString given that s[:i] is plain.
func appendJSONStringFrom(b []byte, s string, i int) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i < len(s) {
		if i+8 <= len(s) && plain8(s[i:i+8]) {
			i += 8 // (most bytes: eight at a time)
			continue
		}
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
