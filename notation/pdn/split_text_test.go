package pdn

import (
	"bufio"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

// textInputs are heads DecodeText decides on in every way it can: UTF-16
// with and without a byte-order mark, NUL bytes after the text's first
// line, lines ended by CRs alone (decided on what comes after the head,
// or within it), a head shorter than what DecodeText peeks first, none
// with a line break in its first 512 bytes.
var textInputs = []string{
	"[Event \"x\"]\n1. 32-28 19-23 *\n",
	"1. 32-28 *\n",
	"\n",
	"",
	"\xff\xfe[\x00E\x00v\x00e\x00n\x00t\x00 \x00\"\x00x\x00\"\x00]\x00\n\x001\x00.\x00 \x003\x002\x00-\x002\x008\x00 \x00*\x00\n\x00",
	"\n\x00[\x00E\x00v\x00e\x00n\x00t\x00 \x00\"\x00x\x00\"\x00]\x00\n\x001\x00.\x00 \x003\x002\x00-\x002\x008\x00 \x00*\x00\n\x00",
	"[Event \"x\"]\n1. 32-28 *\n" + strings.Repeat("\x00", 40) + "\n1. 32-28 *\n",
	"[Event \"x\"]\r1. 32-28 19-23 *\r\r[Event \"y\"]\r1. 33-29 *\r",
	"[Event \"x\"]\r\n1. 32-28 *\r\n",
	strings.Repeat("{a comment without a line break} ", 20) + "1. 32-28 *\r1. 33-29 *\r",
	strings.Repeat("{a comment without a line break} ", 20) + "1. 32-28 *\n1. 33-29 *\n",
	"[Event \"x\"]\r" + strings.Repeat("{comment} ", 60) + "\n1. 32-28 *\n",
	"\x1f\x8b\x08\x00\x00\x00\x00\x00",
	"BZh91AY&SY\n",
}

// TestArenaSplitterTextSameAsNext: a splitter given the text
// DecodeTextHead returned, and its head (as CheckInputs gives jsonl's
// sniffed text), cuts the games NewSplitter cuts from the input alone,
// whether or not more was peeked at between the two (jsonl.Sniff peeks
// more at a head too short to tell), the input read whole or a byte at a
// time.
func TestArenaSplitterTextSameAsNext(t *testing.T) {
	ins := append(append([]string{}, textInputs...), arenaInputs(t)...)
	sameTextSplit(t, ins)
}

// FuzzArenaSplitterText: TestArenaSplitterTextSameAsNext on any input.
func FuzzArenaSplitterText(f *testing.F) {
	for _, in := range textInputs {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		sameTextSplit(t, []string{in})
	})
}

func sameTextSplit(t *testing.T, ins []string) {
	t.Helper()
	for i, in := range ins {
		for _, small := range []func(io.Reader) io.Reader{nil, iotest.OneByteReader} {
			for _, peek := range []func(PeekReader){nil, func(br PeekReader) { br.Peek(br.Buffered() + 1) }, func(br PeekReader) { br.Peek(4000) }} {
				reader := func() io.Reader {
					var r io.Reader = strings.NewReader(in)
					if small != nil {
						r = small(r)
					}
					return bufio.NewReaderSize(r, 4<<10)
				}
				// As CheckInputs did: the text decoded, sniffed, and
				// decoded again by the splitter.
				twice := DecodeText(reader())
				if br, ok := twice.(PeekReader); ok && peek != nil {
					peek(br)
				}
				want := splitAll(NewArenaSplitter(twice, Options{}, new(Arena)), (*Splitter).NextUndecoded)
				text, head := DecodeTextHead(reader())
				if br, ok := text.(PeekReader); ok && peek != nil {
					peek(br)
				}
				got := splitAll(NewArenaSplitterText(text, head, Options{}, new(Arena)), (*Splitter).NextUndecoded)
				for j := range got {
					got[j].Decode()
				}
				for j := range want {
					want[j].Decode()
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("input %d (%.80q), small reads %v, peeked %v: games\n%+v\nwant\n%+v", i, in, small != nil, peek != nil, got, want)
				}
			}
		}
	}
}

// countingPeeks counts a PeekReader's Peek calls.
type countingPeeks struct {
	PeekReader
	n int
}

func (c *countingPeeks) Peek(n int) ([]byte, error) { c.n++; return c.PeekReader.Peek(n) }

// TestArenaSplitterTextDecodedOnce: a UTF-8 text DecodeTextHead returned
// as it was given is not looked at again by the splitter given its head
// (a second DecodeText cost some 175 ns a one-game file); with more read
// into it since, or a head too short, it is.
func TestArenaSplitterTextDecodedOnce(t *testing.T) {
	for _, c := range []struct {
		in        string
		oneByte   bool // read a byte at a time
		more      bool // peeked at beyond the head since
		peeksWant bool
	}{
		{"[Event \"x\"]\n1. 32-28 19-23 *\n", false, false, false},
		{"[Event \"x\"]\n1. 32-28 19-23 *\n", false, true, false}, // read whole: no more to read
		{"[Event \"x\"]\n1. 32-28 19-23 *\n", true, false, false},
		{"[Event \"x\"]\n1. 32-28 19-23 *\n", true, true, true}, // more read since: decided again
		{strings.Repeat("1. 32-28 *\n", 100), false, false, false},
		{strings.Repeat("1. 32-28 *\n", 100), false, true, false}, // more read, the same 512 bytes
		{"1. 32-28 *\n", false, false, true},                      // shorter than the first Peek's 16
	} {
		var in io.Reader = strings.NewReader(c.in)
		if c.oneByte {
			in = iotest.OneByteReader(in)
		}
		r := &countingPeeks{PeekReader: bufio.NewReaderSize(in, 4<<10)}
		text, head := DecodeTextHead(r)
		if c.more {
			text.(PeekReader).Peek(r.Buffered() + 1)
		}
		r.n = 0
		splitAll(NewArenaSplitterText(text, head, Options{}, new(Arena)), (*Splitter).NextUndecoded)
		if peeked := r.n > 0; peeked != c.peeksWant {
			t.Errorf("%.40q (a byte at a time %v, more read %v): the splitter peeked %d times, want some: %v", c.in, c.oneByte, c.more, r.n, c.peeksWant)
		}
	}
}

// An arena's splitter keeps its buffers from one input to the next (the
// arena holds them between), rather than a pool's Get and Put a file;
// left before its input's end, too.
func TestArenaSplitterKeepsBuffers(t *testing.T) {
	arena := new(Arena)
	sp := NewArenaSplitter(strings.NewReader("1. 32-28 *\n"), Options{}, arena)
	first := sp.bufs
	splitAll(sp, (*Splitter).NextUndecoded)
	if arena.bufs != first || sp.bufs != nil {
		t.Fatalf("after its input: the arena holds %p, the splitter %p; want %p, nil", arena.bufs, sp.bufs, first)
	}
	sp = NewArenaSplitter(strings.NewReader("1. 32-28 *\n\n1. 33-29 *\n"), Options{}, arena)
	if sp.bufs != first || arena.bufs != nil {
		t.Fatalf("the next input's splitter has %p (the arena %p), want %p", sp.bufs, arena.bufs, first)
	}
	sp.NextUndecoded() // left before the end
	sp = NewArenaSplitter(strings.NewReader("1. 32-28 *\n"), Options{}, arena)
	if sp.bufs != first {
		t.Fatalf("after an input left before its end: %p, want %p", sp.bufs, first)
	}
}
