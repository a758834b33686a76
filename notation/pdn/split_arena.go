package pdn

import (
	"io"
)

// Arena provides a stream of splitters (one file after another) with read
// buffers that are never written again once read into, so that
// NextUndecoded can hand out a game's bytes as they lie in the buffer and
// leave the copy (GameText.Decode) to whichever goroutine parses the game:
// the splitter, the one serial stage of a parallel check, then copies
// nothing. The buffers are cut from large chunks, a file after another, so
// that a file of one game costs no buffer of its own; a chunk is freed by
// the collector once the games that point into it are decoded.
//
// A chunk is written again only when its user says its games are done
// with (Mark and Reuse); otherwise the collector frees it.
//
// An Arena serves one splitter at a time (the one made last); it is not
// safe for concurrent use.
type Arena struct {
	chunk []byte
	used  int  // chunk[:used] is read into, or was held by a splitter
	held  int  // where the held region starts
	busy  bool // a splitter holds chunk[held:held+readBufSize]

	ticket  int          // Mark's: the tag of the games cut from now on
	retired []retiredBuf // chunks cut from no more, waiting for Reuse
	free    [][]byte     // chunks to cut from again

	// sp is the splitter made last, made again for the next input: a
	// file of one game then costs no splitter of its own; bufs are the
	// buffers its last input left (Splitter.release), taken by its next.
	sp   *Splitter
	bufs *splitBufs
}

// retiredBuf is a chunk cut from no more, whose games have tickets up to
// ticket.
type retiredBuf struct {
	buf    []byte
	ticket int
}

// Mark tags the games cut from now on with ticket, a number that never
// goes down (CheckInputs's: the batch the games go in).
func (a *Arena) Mark(ticket int) { a.ticket = ticket }

// Reuse says that every game tagged below ticket has been decoded and is
// done with: the chunks that hold only such games may be written again.
func (a *Arena) Reuse(ticket int) {
	n := 0
	for _, r := range a.retired {
		if r.ticket < ticket {
			a.free = append(a.free, r.buf)
		} else {
			a.retired[n] = r
			n++
		}
	}
	clear(a.retired[n:])
	a.retired = a.retired[:n]
}

// arenaChunk is the size of an Arena's chunks: a few read buffers, so
// that the room lost at a chunk's end is small.
const arenaChunk = 256 << 10

// region returns a read buffer of readBufSize bytes that nothing has been
// read into, and holds it until settle.
func (a *Arena) region() []byte {
	if a.busy {
		// The last splitter did not settle (it was left before the end
		// of its input): what it read may be handed out, so its region
		// is kept whole.
		a.used = a.held + readBufSize
	}
	if len(a.chunk)-a.used < readBufSize {
		if a.chunk != nil {
			a.retired = append(a.retired, retiredBuf{a.chunk, a.ticket})
		}
		if n := len(a.free); n > 0 {
			a.chunk, a.free[n-1], a.free = a.free[n-1], nil, a.free[:n-1]
		} else {
			a.chunk = make([]byte, arenaChunk)
		}
		a.used = 0
	}
	a.held, a.busy = a.used, true
	return a.chunk[a.used : a.used+readBufSize : a.used+readBufSize]
}

// settle gives back the held region buf but for its first n bytes, which
// stay as they are. A region no longer held (its splitter was left, and
// another one made since) stays whole.
func (a *Arena) settle(buf []byte, n int) {
	if a.busy && &buf[0] == &a.chunk[a.held] {
		a.used, a.busy = a.held+n, false
	}
}

// NewArenaSplitter is NewSplitter with its read buffers from arena (see
// Arena): its NextUndecoded copies nothing. The splitter is the one the
// arena made last, if any, started again on r (an Arena serves one
// splitter at a time): the one made before must not be used any more.
// The games it cut stay as they are.
func NewArenaSplitter(r io.Reader, opts Options, arena *Arena) *Splitter {
	return NewArenaSplitterText(r, 0, opts, arena)
}

// NewArenaSplitterText is NewArenaSplitter for a text that DecodeTextHead
// returned with head (0: r as any reader): the text is not decoded a
// second time when that would return it as it is.
func NewArenaSplitterText(r io.Reader, head int, opts Options, arena *Arena) *Splitter {
	s := arena.sp
	if s == nil {
		s = new(Splitter)
		arena.sp = s
	}
	if decidedAgain(r, head) {
		s.startDecoded(r, opts, arena)
	} else {
		s.start(r, opts, arena)
	}
	s.src.arena = arena
	s.src.buf = arena.region()
	return s
}

// NextUndecoded is Next, but for a game that is UTF-8 (and read without a
// forced Encoding) from a splitter made with NewArenaSplitter it leaves
// Text empty and keeps the game's bytes, which Decode copies into Text.
// The bytes stay valid whatever the splitter does next, so Decode may run
// later, on another goroutine. Decode must run before Text is read.
func (s *Splitter) NextUndecoded() (GameText, error) {
	return s.next(true)
}

// Decode completes the text of a game NextUndecoded returned; it does
// nothing to one that has its text already.
func (g *GameText) Decode() {
	if g.raw != nil {
		g.Text, g.raw = string(g.raw), nil
	}
}

// Len is the length of the game's text in bytes, decoded or not.
func (g *GameText) Len() int {
	return len(g.Text) + len(g.raw)
}

// fillArena is fill for a source whose buffers come from an Arena: it
// never writes over the bytes read before, since games handed out may
// point into them. It reads on at the end of the buffer while half of it
// is ahead of pos (the lookahead peek asks for); otherwise it moves to a
// new region, taking along the bytes ahead of pos and, when they are
// short, the current game's bytes read so far (so that the game stays
// whole in one buffer, to be handed out as it lies).
func (s *source) fillArena() bool {
	if s.err != nil {
		return false
	}
	keepGame := s.recording && s.outLen == 0 && !s.overflow && s.pos-s.recStart <= len(s.buf)/4
	if !keepGame {
		s.flush()
	}
	if s.end == len(s.buf) || len(s.buf)-s.pos <= len(s.buf)/2 {
		keep := s.pos
		if keepGame {
			keep = s.recStart
		}
		s.arena.settle(s.buf, s.end)
		buf := s.arena.region()
		n := copy(buf, s.buf[keep:s.end])
		s.buf = buf
		s.pos -= keep
		s.recStart -= keep
		s.end = n
		if !s.recording || !keepGame {
			s.recStart = s.pos
		}
	}
	return s.readMore()
}
