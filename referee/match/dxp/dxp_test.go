package dxp

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

// The examples of the DamExchange pages, and the messages Moby Dam sends.
func TestParseExamples(t *testing.T) {
	start := "W" + strings.Repeat("z", 20) + strings.Repeat("e", 10) + strings.Repeat("w", 20)
	cases := []struct {
		msg  string
		want Message
	}{
		{"M0012061100", Move{Seconds: 12, From: 6, To: 11}},
		{"M001205250422122320", Move{Seconds: 12, From: 5, To: 25, Captured: []int{22, 12, 23, 20}}},
		{"ATornado voor Windows 4.0        0", GameAcc{Name: "Tornado voor Windows 4.0", Code: 0}},
		{"E00", GameEnd{}},
		{"E21", GameEnd{Reason: 2, Stop: 1}},
		{"CWhat do you think about move 35?", Chat{Text: "What do you think about move 35?"}},
		{"B005Z", BackReq{Move: 5, Color: 'Z'}},
		{"K1", BackAcc{Code: 1}},
		{"R01arbiter                         Z005075A", GameReq{Version: 1, Name: "arbiter", Follower: 'Z', Minutes: "005", Moves: 75}},
		{"R01arbiter                         W0.5000B" + start, GameReq{Version: 1, Name: "arbiter", Follower: 'W', Minutes: "0.5", Position: start}},
	}
	for _, c := range cases {
		got, err := Parse(c.msg)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.msg, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%q) = %#v, want %#v", c.msg, got, c.want)
		}
		if enc := got.Encode(); enc != c.msg {
			t.Errorf("Encode(Parse(%q)) = %q", c.msg, enc)
		}
	}
}

// Each malformed message names what is wrong; none is read as something else.
func TestParseRejects(t *testing.T) {
	for _, msg := range []string{
		"", "X", "M00120611", "M0012061101", "M001206110012", "M0012000100", "M0012065100", "M00x2061100",
		"M0012061121" + strings.Repeat("01", 21), "E0", "E40", "E02", "E000", "A short0",
		"ATornado voor Windows 4.0        4", "R01arbiter                         X005075A",
		"R01arbiter                         Z005075C", "R01arbiter                         Z005075Ax",
		"R01arbiter                         Z005075BW", "B05Z", "B005Q", "K3", "K",
		"R01arbiter                         Z0050x5A", "Rxxarbiter                         Z005075A",
		"M0012061100\x80",
	} {
		if m, err := Parse(msg); err == nil {
			t.Errorf("Parse(%q) = %#v, want an error", msg, m)
		}
	}
}

func TestReader(t *testing.T) {
	in := "M0012061100\x00E00\x00" + "C" + strings.Repeat("x", 126) + "\x00"
	r := NewReader(strings.NewReader(in))
	for _, want := range []string{"M0012061100", "E00", "C" + strings.Repeat("x", 126)} {
		got, err := r.ReadMessage()
		if err != nil || got != want {
			t.Fatalf("ReadMessage = %q, %v; want %q", got, err, want)
		}
	}
	if _, err := r.ReadMessage(); err != io.EOF {
		t.Errorf("at the end: %v, want EOF", err)
	}
	bad := []struct {
		in   string
		want error
	}{
		{strings.Repeat("C", 128) + "\x00", ErrTooLong},
		{"\x00", ErrEmpty},
		{"M\xff\x00", ErrBadByte},
		{"M001", io.ErrUnexpectedEOF},
	}
	for _, b := range bad {
		if _, err := NewReader(strings.NewReader(b.in)).ReadMessage(); !errors.Is(err, b.want) {
			t.Errorf("ReadMessage(%q) = %v, want %v", b.in, err, b.want)
		}
	}
}

// A peer that never sends a NUL costs the reader 127 bytes, not more.
func TestReaderBounded(t *testing.T) {
	r := NewReader(io.MultiReader(strings.NewReader(strings.Repeat("C", 1<<20))))
	if _, err := r.ReadMessage(); !errors.Is(err, ErrTooLong) {
		t.Fatalf("got %v, want ErrTooLong", err)
	}
	if cap(r.buf) > MaxMessage {
		t.Errorf("buffer grew to %d", cap(r.buf))
	}
}

func TestWriteMessage(t *testing.T) {
	var b bytes.Buffer
	if err := WriteMessage(&b, "E00"); err != nil || b.String() != "E00\x00" {
		t.Errorf("WriteMessage = %q, %v", b.String(), err)
	}
	for _, bad := range []string{"", strings.Repeat("C", 128), "C\x00x", "C\xe9"} {
		if err := WriteMessage(&b, bad); err == nil {
			t.Errorf("WriteMessage(%q) wrote it", bad)
		}
	}
}

// FuzzParse: whatever arrives, Parse does not panic, and what it accepts
// encodes back to the very same text (the referee logs what it read).
func FuzzParse(f *testing.F) {
	for _, s := range []string{"M0012061100", "M001205250422122320", "E00", "CHi", "B005Z", "K1",
		"ATornado voor Windows 4.0        0", "R01arbiter                         Z005075A"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := Parse(s)
		if err != nil {
			return
		}
		enc := m.Encode()
		if _, isReq := m.(GameReq); isReq || isAcc(m) {
			// Names lose trailing blanks; the rest must round-trip.
			if m2, err := Parse(enc); err != nil || !reflect.DeepEqual(m, m2) {
				t.Fatalf("%q -> %#v -> %q -> %#v, %v", s, m, enc, m2, err)
			}
			return
		}
		if enc != s {
			t.Fatalf("Parse(%q).Encode() = %q", s, enc)
		}
	})
}

func isAcc(m Message) bool { _, ok := m.(GameAcc); return ok }

// FuzzReader: any byte stream gives messages no longer than 127 bytes
// that Parse can be given, and ends with an error, never a panic.
func FuzzReader(f *testing.F) {
	f.Add([]byte("M0012061100\x00E00\x00"))
	f.Add([]byte("\x00\x00"))
	f.Add(bytes.Repeat([]byte("C"), 300))
	f.Fuzz(func(t *testing.T, in []byte) {
		r := NewReader(bytes.NewReader(in))
		for range len(in) + 1 {
			msg, err := r.ReadMessage()
			if err != nil {
				return
			}
			if len(msg) == 0 || len(msg) > MaxMessage {
				t.Fatalf("message of %d bytes", len(msg))
			}
			Parse(msg)
		}
		t.Fatal("more messages than bytes")
	})
}
