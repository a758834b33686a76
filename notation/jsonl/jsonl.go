// Package jsonl reads records written as JSON lines, one notation.Record a
// line, as 'arbiter convert --to json' writes them; check and convert read
// them alike. A file is told to be JSON lines by its first bytes (Sniff),
// its lines are cut serially (Reader) and decoded anywhere (Decode), so a
// stream can decode them in parallel.
package jsonl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"strings"

	"arbiter/notation"
	"arbiter/notation/pdn"
)

// CodeJSONRecord: a line of a JSON lines file that is not a record.
const CodeJSONRecord = "json-record"

// MaxRecordBytes bounds one record's line, as pdn.DefaultMaxGameBytes
// bounds one PDN game, so memory stays flat whatever the input.
const MaxRecordBytes = pdn.DefaultMaxGameBytes

// sniffLimit bounds the head Sniff reads: a record's first key and colon.
const sniffLimit = 4 << 10

// recordKeys are the keys of a record's JSON object (from the struct's
// tags, so they cannot disagree).
var recordKeys = func() map[string]bool {
	keys := map[string]bool{}
	t := reflect.TypeOf(notation.Record{})
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys[name] = true
		}
	}
	return keys
}()

// IsJSONName says whether a file's name says JSON (.json, .jsonl, maybe
// followed by .gz).
func IsJSONName(name string) bool {
	ext := strings.ToLower(filepath.Ext(strings.TrimSuffix(strings.ToLower(name), ".gz")))
	return ext == ".json" || ext == ".jsonl"
}

// verdict of a head of text.
type verdict int

const (
	notJSON verdict = iota
	isJSON
	needMore
)

// judge reads the head of a text: JSON lines start with an object whose
// first key is followed by a colon: `{"file":`. A PDN file may start with a
// { comment }, even one starting with a quote ({"Nice" game}), so the key
// must be one a record has, or the file be named .json or .jsonl (the
// name is looked at only then: a PDN file's head says enough).
func judge(head []byte, name string) verdict {
	head = bytes.TrimPrefix(head, bom)
	i := skipSpace(head, 0)
	if i == len(head) {
		return needMore
	}
	if head[i] != '{' {
		return notJSON
	}
	if i = skipSpace(head, i+1); i == len(head) {
		return needMore
	}
	if head[i] != '"' {
		return notJSON
	}
	start := i + 1
	for i = start; i < len(head) && head[i] != '"'; i++ {
		switch head[i] {
		case '\\':
			i++
		case '\n', '}':
			return notJSON // no key, a comment
		}
	}
	if i >= len(head) {
		return needMore
	}
	key := head[start:i]
	if i = skipSpace(head, i+1); i == len(head) {
		return needMore
	}
	if head[i] != ':' {
		return notJSON
	}
	if recordKeys[string(key)] || IsJSONName(name) {
		return isJSON
	}
	return notJSON
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// Looks says whether a text that starts with head is JSON lines (see
// judge); a head too short to tell is not.
func Looks(head []byte, name string) bool {
	return judge(head, name) == isJSON
}

// Sniff decodes r as pdn.DecodeText does (UTF-16 and -32 with or without
// a byte-order mark) and says whether it holds JSON lines. It reads only
// what it needs to tell, and does not wait for more than has come: a
// record streamed on standard input is told from its first bytes. The
// reader it returns gives the whole text, decoded.
func Sniff(r io.Reader, name string) (io.Reader, bool) {
	text, isJSON, _ := SniffHead(r, name)
	return text, isJSON
}

// SniffHead is Sniff, and gives the head pdn.DecodeTextHead said, for
// pdn.NewArenaSplitterText: the text is decoded once, not twice.
func SniffHead(r io.Reader, name string) (io.Reader, bool, int) {
	decoded, head := pdn.DecodeTextHead(r)
	br, ok := decoded.(pdn.PeekReader) // (DecodeText's own buffer, most often: one buffer, not two)
	if !ok || br.Size() < sniffLimit {
		br = bufio.NewReaderSize(decoded, sniffLimit)
		head = 0 // (another reader than the one decided on)
	}
	for {
		h, _ := br.Peek(br.Buffered())
		switch judge(h, name) {
		case isJSON:
			return br, true, head
		case notJSON:
			return br, false, head
		}
		if len(h) >= sniffLimit {
			return br, false, head
		}
		// One byte more than has come: one read, however much it brings.
		if _, err := br.Peek(len(h) + 1); err != nil {
			h, _ = br.Peek(br.Buffered())
			return br, judge(h, name) == isJSON, head
		}
	}
}

var bom = []byte("\ufeff")

// Line is one line of a JSON lines file: its text (without the line
// break), its number and the offset where it starts.
type Line struct {
	Text   []byte
	Num    int
	Offset int64
	// TooLong: the line was longer than MaxRecordBytes and was skipped
	// (Text is empty).
	TooLong bool
}

// Reader cuts a JSON lines text into lines; blank lines are skipped.
type Reader struct {
	br     *bufio.Reader
	num    int
	offset int64
	err    error
}

// NewReader reads the lines of r (decoded text, as Sniff returns it).
func NewReader(r io.Reader) *Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 64<<10)
	}
	return &Reader{br: br}
}

// Next returns the next line that is not blank, or io.EOF, or the error
// that ended the input.
func (r *Reader) Next() (Line, error) {
	for r.err == nil {
		text, n, tooLong, err := readLine(r.br, MaxRecordBytes)
		r.err = err
		if n == 0 && err != nil {
			break
		}
		r.num++
		l := Line{Num: r.num, Offset: r.offset, TooLong: tooLong}
		r.offset += n
		if r.num == 1 && bytes.HasPrefix(text, bom) {
			// Offsets count from after it, as PDN positions do.
			text = text[len(bom):]
			r.offset -= int64(len(bom))
		}
		if !tooLong {
			if text = bytes.TrimSpace(text); len(text) == 0 {
				continue
			}
			l.Text = text
		}
		return l, nil
	}
	return Line{}, r.err
}

// readLine reads one line without its line break, keeping at most limit
// bytes: a longer line is consumed whole and reported as tooLong. n is the
// number of bytes read.
func readLine(br *bufio.Reader, limit int) (line []byte, n int64, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		n += int64(len(chunk))
		if !tooLong {
			if len(line)+len(chunk) > limit {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return bytes.TrimSuffix(line, []byte("\n")), n, tooLong, err
	}
}

// Decode reads one line's record. A line that is not a record is an
// error that says why.
func Decode(l Line) (*notation.Record, error) {
	if l.TooLong {
		return nil, fmt.Errorf("longer than %d MiB", MaxRecordBytes>>20)
	}
	rec := new(notation.Record)
	if err := json.Unmarshal(l.Text, rec); err != nil {
		return nil, err
	}
	if err := CheckRecord(rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// CheckRecord refuses what JSON can say and a record cannot hold: a null
// where a move belongs (the replay and the writers need every move).
func CheckRecord(rec *notation.Record) error {
	lines := []notation.Line{rec.Moves}
	for len(lines) > 0 {
		line := lines[len(lines)-1]
		lines = lines[:len(lines)-1]
		for _, m := range line {
			if m == nil {
				return errors.New("a move is null")
			}
			lines = append(lines, m.Variations...)
		}
	}
	return nil
}

// Unreadable is the record that stands for a line that is not one: no
// game, and an error that says why, at the line.
func Unreadable(l Line, file string, index int, err error) *notation.Record {
	at := notation.Pos{Line: l.Num, Col: 1, Offset: l.Offset}
	return &notation.Record{File: file, Index: index, Pos: at, Diagnostics: []notation.Diagnostic{{
		Pos: at, Severity: notation.Error, Code: CodeJSONRecord,
		Msg: fmt.Sprintf("JSON record cannot be read: %v (skipped)", err),
	}}}
}

// Relocate makes a record read from a JSON lines file a record of that
// file: its name, its place among the file's records, and every position
// at the start of its line. The positions a record carries are those of
// the file it was converted from; reported under the JSON file's name they
// would point at lines it does not have.
func Relocate(rec *notation.Record, file string, index int, l Line) {
	at := notation.Pos{Line: l.Num, Col: 1, Offset: l.Offset}
	rec.File, rec.Index, rec.Pos = file, index, at
	if rec.SetupPos.IsValid() {
		rec.SetupPos = at
	}
	if rec.ResultPos.IsValid() {
		rec.ResultPos = at
	}
	for i := range rec.Tags {
		rec.Tags[i].Pos = at
	}
	relocateComments(rec.Comments, at)
	relocateComments(rec.After, at)
	for i := range rec.Diagnostics {
		rec.Diagnostics[i].Pos = at
	}
	lines := []notation.Line{rec.Moves}
	for len(lines) > 0 {
		line := lines[len(lines)-1]
		lines = lines[:len(lines)-1]
		for _, m := range line {
			m.Pos = at
			if m.SetupPos.IsValid() {
				m.SetupPos = at
			}
			relocateComments(m.Comments, at)
			lines = append(lines, m.Variations...)
		}
	}
}

func relocateComments(cs []notation.Comment, at notation.Pos) {
	for i := range cs {
		cs[i].Pos = at
	}
}
