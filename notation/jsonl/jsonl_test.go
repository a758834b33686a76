package jsonl

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"arbiter/notation"
)

func utf16LE(s string) string {
	var b bytes.Buffer
	b.Write([]byte{0xff, 0xfe})
	for _, u := range utf16.Encode([]rune(s)) {
		b.WriteByte(byte(u))
		b.WriteByte(byte(u >> 8))
	}
	return b.String()
}

// JSON lines are told by a record's first key and its colon; a PDN file
// that starts with a comment, even one that starts with a quote, is PDN.
func TestSniff(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       bool
	}{
		{"x", `{"file":"a.pdn","game":1}`, true},
		{"x", "\ufeff \n{ \"tags\" :[]}", true},
		{"x", utf16LE(`{"file":"a.pdn"}` + "\n"), true},
		{"x", `{"moves":`, true},
		{"x.jsonl", `{"anything": 1}`, true},
		{"x.JSON.gz", `{"anything": 1}`, true},
		{"x", `{"anything": 1}`, false},
		{"x", `{"Nice" game} 1. 32-28 *`, false},
		{"x", `{"file}: 1. 32-28 *`, false},
		{"x", "{exported by X}\n[Event \"a\"]", false},
		{"x", `[Event "a"]`, false},
		{"x", `{"file"`, false}, // cut short: not known to be JSON
		{"x", "", false},
		{"x", "{" + strings.Repeat(" ", 5000) + `"file":`, false}, // past what is sniffed
	} {
		r, got := Sniff(strings.NewReader(tc.text), tc.name)
		if got != tc.want {
			t.Errorf("%s %q: JSON %v, want %v", tc.name, tc.text, got, tc.want)
		}
		if all, _ := io.ReadAll(r); tc.text != "" && len(all) == 0 {
			t.Errorf("%q: the text is not given back", tc.text)
		}
	}
}

// Sniff does not wait for more than it needs: a stream whose first line
// tells is told before the stream ends. (The first line, not fewer bytes:
// the text decoder reads up to the first line end to tell a file whose
// lines end in CR alone.)
func TestSniffDoesNotWait(t *testing.T) {
	for _, tc := range []struct {
		head string
		want bool
	}{{"[Event \"Open 2024\"]\n", false}, {"{\"file\":\"<stdin>\",\"game\":1}\n{\"file\":", true}} {
		pr, pw := io.Pipe()
		go pw.Write([]byte(tc.head))
		done := make(chan bool)
		go func() {
			_, isJSON := Sniff(pr, "<stdin>")
			done <- isJSON
		}()
		select {
		case got := <-done:
			if got != tc.want {
				t.Errorf("%q: JSON %v", tc.head, got)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("%q: still waiting for more", tc.head)
		}
		pw.Close()
	}
}

// Lines are numbered in the file, blank ones skipped; a line longer than
// the limit is consumed whole and reported, and the next is read.
func TestReaderLines(t *testing.T) {
	long := strings.Repeat("x", MaxRecordBytes+10)
	r := NewReader(strings.NewReader("\ufeff{\"a\":1}\r\n\n  \n" + long + "\n{\"b\":2}"))
	for _, want := range []Line{
		{Text: []byte(`{"a":1}`), Num: 1, Offset: 0},
		{Num: 4, Offset: 13, TooLong: true}, // counted after the byte-order mark
		{Text: []byte(`{"b":2}`), Num: 5, Offset: 13 + int64(len(long)) + 1},
	} {
		l, err := r.Next()
		if err != nil || !bytes.Equal(l.Text, want.Text) || l.Num != want.Num || l.Offset != want.Offset || l.TooLong != want.TooLong {
			t.Errorf("got %q %d %d %v (%v), want %q %d %d %v", l.Text, l.Num, l.Offset, l.TooLong, err, want.Text, want.Num, want.Offset, want.TooLong)
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after the last line: %v, want EOF", err)
	}
}

func TestDecode(t *testing.T) {
	for _, tc := range []struct {
		line, err string
	}{
		{`{"file":"a","tags":[{"name":"Event","value":"x"}],"moves":[{"text":"32-28"}]}`, ""},
		{`{"file": broken`, "invalid character"},
		{`{"moves":[{"text":"32-28","variations":[[null]]}]}`, "a move is null"},
		{`[1, 2]`, "cannot unmarshal"},
	} {
		_, err := Decode(Line{Text: []byte(tc.line), Num: 1})
		if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: %v, want %q", tc.line, err, tc.err)
		}
	}
	if _, err := Decode(Line{TooLong: true}); err == nil || !strings.Contains(err.Error(), "MiB") {
		t.Errorf("a line too long: %v", err)
	}
	rec := Unreadable(Line{Num: 7, Offset: 90}, "x.jsonl", 3, io.ErrUnexpectedEOF)
	if rec.File != "x.jsonl" || rec.Index != 3 || rec.Pos.Line != 7 || len(rec.Diagnostics) != 1 || rec.Diagnostics[0].Code != CodeJSONRecord {
		t.Errorf("%+v", rec)
	}
}

// Every position of a record, down to its variations' comments, is moved
// to its line of the JSON file; nothing else changes.
func TestRelocate(t *testing.T) {
	p := notation.Pos{Line: 40, Col: 7, Offset: 900}
	rec := &notation.Record{
		File: "a.pdn", Index: 9, Pos: p, SetupPos: p, ResultPos: p, Result: "2-0",
		Tags:        []notation.Tag{{Name: "Event", Value: "x", Pos: p}},
		Comments:    []notation.Comment{{Text: "c", Pos: p}},
		After:       []notation.Comment{{Text: "d", Pos: p}},
		Diagnostics: []notation.Diagnostic{{Pos: p, Code: "leading-zero"}},
		Moves: notation.Line{{Text: "32-28", Pos: p, SetupPos: p, Comments: []notation.Comment{{Text: "e", Pos: p}},
			Variations: []notation.Line{{{Text: "33-28", Pos: p, Comments: []notation.Comment{{Text: "f", Pos: p}}}}}}},
	}
	before, _ := json.Marshal(rec)
	Relocate(rec, "x.jsonl", 2, Line{Num: 3, Offset: 120})
	after, _ := json.Marshal(rec)
	if strings.Contains(string(after), `"line":40`) || strings.Contains(string(after), `"col":7`) {
		t.Errorf("a position was not moved: %s", after)
	}
	if got, want := strings.Count(string(after), `{"line":3,"col":1,"offset":120}`), strings.Count(string(before), `{"line":40,"col":7,"offset":900}`); got != want {
		t.Errorf("%d positions moved, want %d: %s", got, want, after)
	}
	if rec.File != "x.jsonl" || rec.Index != 2 || rec.Moves[0].Variations[0][0].Comments[0].Text != "f" {
		t.Errorf("%s", after)
	}
}

// FuzzReader: any input is cut into numbered lines without panicking, and
// every line decodes to a record or an error.
func FuzzReader(f *testing.F) {
	f.Add([]byte(`{"file":"x","moves":[{"text":"32-28","variations":[[null]]}]}` + "\n\n{\"bad\n"))
	f.Add([]byte("\ufeff{\"tags\":null}\r\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		Looks(in, "x.jsonl")
		r := NewReader(bytes.NewReader(in))
		last := 0
		for {
			l, err := r.Next()
			if err != nil {
				break
			}
			if l.Num <= last || int(l.Offset) > len(in) {
				t.Fatalf("line %d at %d after line %d", l.Num, l.Offset, last)
			}
			last = l.Num
			if rec, err := Decode(l); err == nil {
				Relocate(rec, "x", 1, l)
			}
		}
	})
}
