package pdn

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"

	"arbiter/notation"
)

// DefaultMaxGameBytes is the default Options.MaxGameBytes.
const DefaultMaxGameBytes = 16 << 20

// Options control splitting and decoding.
type Options struct {
	// Encoding forces the text encoding of every game (e.g.
	// charmap.Windows1251). nil means: UTF-8, and a game text that is not
	// valid UTF-8 is decoded as Windows-1252 with a warning (or, when it is
	// UTF-8 with a few broken bytes, those bytes are replaced by U+FFFD).
	// The encoding must be ASCII-compatible (the splitter looks for
	// brackets and braces in the raw bytes).
	Encoding encoding.Encoding
	// MaxGameBytes is the longest game text kept; a longer game is skipped
	// as it streams and reported with an error. 0 means DefaultMaxGameBytes.
	MaxGameBytes int
}

// GameText is one game's text as cut from a file.
type GameText struct {
	Index int          // 1-based number of the game in its file
	Pos   notation.Pos // where the text starts in the file
	Text  string       // decoded text
	// Diagnostics from splitting and decoding (encoding, size).
	Diagnostics []notation.Diagnostic

	skipped bool    // too long: Text is empty and Parse reads nothing
	offMode offMode // how text offsets map to file offsets
	repl    []int   // offMode == offReplaced: offsets of the U+FFFD replacements
	// raw is the text's bytes, valid UTF-8, when NextUndecoded left the
	// copy to Decode (Text is empty until then).
	raw []byte
}

// Splitter cuts a PDN stream into game texts without holding more than one
// game (and a read buffer) in memory. A game ends at a result token at
// variation depth 0, or where a new tag section starts after movetext (or
// with a tag name the game already has); brackets and results inside
// comments, tag strings and line comments do not count.
type Splitter struct {
	src     source
	opts    Options
	index   int
	line    int
	col     int
	off     int64
	started bool
	err     error

	words   words
	scratch []byte
	bufs    *splitBufs // nil once released

	// saidEncoding is the encoding the last not-utf8 warning named: the
	// warning is said once per file, not per game.
	saidEncoding string

	// high is the OR of the game's bytes that scanGame consumed one by
	// one (the fast loops that skip bytes wholesale read ASCII only, or
	// OR theirs in too): below 0x80, the game is ASCII.
	high byte
}

// NewSplitter returns a splitter reading r.
func NewSplitter(r io.Reader, opts Options) *Splitter {
	s := new(Splitter)
	s.start(r, opts, nil)
	return s
}

// start makes s a new splitter reading r, as NewSplitter makes one; the
// buffers of the input s read before, if it did not reach its end, go
// back first.
//
// An arena splitter (arena not nil) takes the buffers its last input
// left in the arena, if any, rather than the pool's.
func (s *Splitter) start(r io.Reader, opts Options, arena *Arena) {
	s.startDecoded(DecodeText(r), opts, arena) // UTF-16/32 by BOM; not-text input is one error
}

// startDecoded is start for r decoded already.
func (s *Splitter) startDecoded(r io.Reader, opts Options, arena *Arena) {
	s.release()
	if opts.MaxGameBytes <= 0 {
		opts.MaxGameBytes = DefaultMaxGameBytes
	}
	var bufs *splitBufs
	if arena != nil && arena.bufs != nil {
		bufs, arena.bufs = arena.bufs, nil
	} else {
		bufs = splitBufPool.Get().(*splitBufs)
	}
	*s = Splitter{src: source{r: r, buf: bufs.buf, out: bufs.out}, bufs: bufs, opts: opts, line: 1, col: 1}
}

// source is a read buffer with lookahead and recording of the current
// game's bytes.
type source struct {
	r        io.Reader
	buf      []byte
	pos, end int
	err      error

	recording bool
	recStart  int
	out       []byte
	outLen    int // bytes recorded, including those dropped when too long
	limit     int
	overflow  bool

	// arena, when set, provides read buffers that are never written
	// again (see NewArenaSplitter): buf is the arena's, fillArena reads,
	// and NextUndecoded may hand out game bytes that point into them.
	arena *Arena
}

// fill reads more input, keeping buf[pos:end] (and recording what is
// dropped from the buffer). It returns false at EOF or error.
func (s *source) fill() bool {
	if s.arena != nil {
		return s.fillArena()
	}
	if s.err != nil {
		return false
	}
	s.flush()
	n := copy(s.buf, s.buf[s.pos:s.end])
	s.pos, s.end = 0, n
	s.recStart = 0
	return s.readMore()
}

// readMore reads into the free end of buf until a read gives bytes, an
// error or the buffer is full; it says whether unread bytes are left.
func (s *source) readMore() bool {
	for s.end < len(s.buf) {
		m, err := s.r.Read(s.buf[s.end:])
		s.end += m
		if err != nil {
			s.err = err
			break
		}
		if m > 0 {
			break
		}
	}
	return s.end > s.pos
}

// flush moves the recorded bytes buf[recStart:pos] to out.
func (s *source) flush() {
	if !s.recording {
		return
	}
	chunk := s.buf[s.recStart:s.pos]
	s.recStart = s.pos
	s.outLen += len(chunk)
	if s.overflow {
		return
	}
	if s.outLen > s.limit {
		s.overflow = true
		s.out = nil
		return
	}
	s.out = append(s.out, chunk...)
}

// peek returns the byte k positions ahead of pos.
func (s *source) peek(k int) (byte, bool) {
	for s.pos+k >= s.end {
		if k >= len(s.buf)/2 || !s.fill() {
			if s.pos+k < s.end {
				break
			}
			return 0, false
		}
	}
	return s.buf[s.pos+k], true
}

// Next returns the next game text, or io.EOF after the last one. Other
// errors are read errors; the game texts returned before stay valid.
func (s *Splitter) Next() (GameText, error) {
	return s.next(false)
}

// next is Next; lazy (NextUndecoded's) lets an arena splitter leave a
// UTF-8 game's copy to GameText.Decode.
func (s *Splitter) next(lazy bool) (GameText, error) {
	if s.err != nil {
		return GameText{}, s.err
	}
	src := &s.src
	if !s.started {
		s.started = true
		if a, _ := src.peek(0); a == 0xEF {
			if b, _ := src.peek(1); b == 0xBB {
				if c, _ := src.peek(2); c == 0xBF {
					src.pos += 3
				}
			}
		}
	}
	// Skip the gap between games: white space, literal \r and \n written
	// as text, and BOMs of concatenated files.
gap:
	for {
		c, ok := src.peek(0)
		if !ok {
			s.err = io.EOF
			if src.err != nil && src.err != io.EOF {
				s.err = src.err
			}
			s.release()
			return GameText{}, s.err
		}
		switch c {
		case ' ', '\t', '\r', '\f', '\v':
			s.adv(c)
			continue
		case '\n':
			s.adv(c)
			continue
		case '\\':
			if d, _ := src.peek(1); d == 'r' || d == 'n' {
				s.adv(c)
				s.adv(d)
				continue
			}
		case 0xEF:
			if d, _ := src.peek(1); d == 0xBB {
				if e, _ := src.peek(2); e == 0xBF {
					s.adv(c)
					s.adv(d)
					s.adv(e)
					continue
				}
			}
		}
		break gap
	}
	s.index++
	s.high = 0
	g := GameText{Index: s.index, Pos: notation.Pos{Line: s.line, Col: s.col, Offset: s.off}}
	src.recording, src.recStart, src.out, src.outLen, src.limit, src.overflow = true, src.pos, src.out[:0], 0, s.opts.MaxGameBytes, false
	glue := s.scanGame()
	var text []byte
	inBuf := src.outLen == 0
	if inBuf {
		// Nothing was read while the game was scanned (most games): its
		// bytes are still in the read buffer, and decode copies them.
		text = src.buf[src.recStart:src.pos]
		src.outLen = len(text)
		src.overflow = src.outLen > src.limit
	} else {
		src.flush()
		text = src.out
	}
	src.recording = false
	if src.overflow {
		g.skipped = true
		g.Diagnostics = append(g.Diagnostics, notation.Diagnostic{Pos: g.Pos, Severity: notation.Error, Code: CodeGameTooLong,
			Msg: fmt.Sprintf("game text longer than %s (%d bytes); skipped", sizeString(s.opts.MaxGameBytes), src.outLen)})
		src.out = nil
	} else if lazy && inBuf && src.arena != nil && s.opts.Encoding == nil && (s.high < 0x80 || utf8.Valid(text)) {
		// UTF-8, and the bytes stay in a read buffer that is never
		// written again: the copy is Decode's, on the caller's worker.
		g.raw = text
	} else {
		s.decode(&g, text)
		if cap(src.out) > 1<<20 {
			src.out = nil // do not keep a big buffer for the small games after it
		}
	}
	if glue.what != "" {
		g.Diagnostics = append(g.Diagnostics, notation.Diagnostic{Pos: glue.pos, Severity: notation.Warning, Code: CodeGluedResult,
			Msg: "result glued to the next " + glue.what + " (read as if separated)"})
	}
	if src.err != nil && src.err != io.EOF {
		s.err = src.err
		s.release()
	}
	return g, nil
}

// splitBufs are a splitter's read buffer and the buffer that records a
// game's bytes. They go back to a pool when the splitter is done, so that
// checking many files does not allocate a 64 KB buffer for each. (Game
// texts are copies: nothing handed out refers to them.)
type splitBufs struct {
	buf, out []byte
	// names is scanGame's set of the game's tag names: with its first
	// storage 2 KB, pooled with the buffers rather than allocated with
	// each file's splitter.
	names tagNames
}

var splitBufPool = sync.Pool{New: func() any { return &splitBufs{buf: make([]byte, readBufSize)} }}

// readBufSize is the read buffer's size; the lookahead is half of it.
const readBufSize = 64 << 10

// release returns the buffers once the splitter has met the end of its
// input or a read error.
func (s *Splitter) release() {
	if s.bufs == nil {
		return
	}
	if s.src.arena != nil {
		s.src.arena.settle(s.src.buf, s.src.end) // the buffer is the arena's
	} else {
		s.bufs.buf = s.src.buf
	}
	s.bufs.out = s.src.out[:0]
	if cap(s.src.out) > 1<<20 {
		s.bufs.out = nil
	}
	if a := s.src.arena; a != nil && a.bufs == nil {
		a.bufs = s.bufs // for the arena's next splitter: a pool's Get and Put a file less
	} else {
		splitBufPool.Put(s.bufs)
	}
	s.bufs, s.src.buf, s.src.out = nil, nil, nil
	s.src.pos, s.src.end = 0, 0
}

func sizeString(n int) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// wordRest consumes the rest of the current word as the stNormal case of
// scanGame would, but without its state switch: most of a game's bytes
// are in its moves. It stops before any byte that needs one of that
// case's checks: a delimiter, a non-ASCII byte (a column is a character,
// not a byte), and a digit after a word that may be a result glued to the
// next game's first move number ("1-101."). The word has its first byte.
func (s *Splitter) wordRest(depth int) {
	src, w := &s.src, &s.words
	buf := src.buf[:src.end]
	start := src.pos
	// The digit stop applies from the word's fourth byte on, once its
	// second byte says it may be a result (w.word[1] is '-', '/' or ':',
	// or its first byte is not ASCII); a word cut at 16 bytes still has
	// them. It is tested in the same loop: looking for the word's end
	// first and for a digit after would read a long word ("1-0:1-0:...",
	// stopped at each digit) to its end again for each digit, quadratic
	// up to the buffer's size.
	digitsFrom := len(buf) // no digit stop
	if depth == 0 {
		second := byte(0)
		if w.wlen >= 2 {
			second = w.word[1]
		} else if start < len(buf) {
			second = buf[start] // (w.wlen is 1: the word has its first byte)
		}
		if second == '-' || second == '/' || second == ':' || w.word[0] >= 0x80 {
			digitsFrom = start + max(0, 3-w.wlen)
		}
	}
	p := start
	for p < len(buf) && !wordStops[buf[p]] && (p < digitsFrom || !isDigit(buf[p])) {
		p++
	}
	n := p - start
	w.wlen += copy(w.word[w.wlen:], buf[start:p])
	src.pos = p
	s.off += int64(n)
	s.col += n // ASCII, and no line break: a delimiter
}

// wordStops are the bytes that end wordRest's fast loop: the delimiters
// and every non-ASCII byte.
var wordStops = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c >= 0x80 || isDelim(byte(c))
	}
	return t
}()

// plainWords consumes, at the start of a word, the run of words of
// movetext that can be no part of a result ("12.", "32-28", "19x30"),
// each followed by a space or a line break, as the stNormal case of
// scanGame would: such a word holds a byte that no result has (results
// are made of 0, 1, 2, '-', '/', ':' and ½), so neither it nor the spaced
// results ("0 - 2") read across it can be results, and it only needs to
// be remembered as such a word. It leaves alone a word that may start
// with a result glued to a move number ("1-1" + "01."): one of 4 bytes
// or more that starts with 0, 1 or 2 and then '-', '/' or ':' (wordRest looks
// for the glue from the fourth byte on, and only a word starting so can
// be a result), and one of 16 bytes or more (too long to remember). It
// returns the number of words consumed and whether it stopped at the
// start of a line.
func (s *Splitter) plainWords() (n int, lineStart bool) {
	src, w := &s.src, &s.words
	buf := src.buf[:src.end]
	start := src.pos
	p := start
	lastLine := -1  // where the last line break ends, -1 before any
	sinceLine := -1 // words since the last line break, -1 before any
	if blocksOK {
		var lines int
		p, n, lines, lastLine, sinceLine = plainBlocks(buf, p)
		s.line += lines
		if lastLine < 0 {
			sinceLine = -1
		}
	}
	for p < len(buf) && isDigit(buf[p]) {
		var q int // the word's delimiter
		if p+8 <= len(buf) {
			// The next 8 bytes side by side: the word and its delimiter
			// when the word is shorter than 8 bytes (most are), read
			// without a branch per byte.
			x := binary.LittleEndian.Uint64(buf[p : p+8])
			if x&(0x80*lanes) == 0 { // ASCII: no carry between lanes below
				// The bytes of moves and move numbers: '-' to ':' (a
				// range: - . / 0-9 :) and 'x'; of those, no result has
				// '.', 'x' and 3 to 9.
				atLeast := func(c uint64) uint64 { return (x + (0x80-c)*lanes) & (0x80 * lanes) }
				is := func(c uint64) uint64 { return laneIs(x, c) }
				isX, below9 := is('x'), ^atLeast(':')
				simple := atLeast('-')&^atLeast(';') | isX
				other := atLeast('3')&below9 | isX | is('.')
				if rest := ^simple & (0x80 * lanes); rest != 0 {
					l := bits.TrailingZeros64(rest) >> 3
					q = p + l
					if c := buf[q]; (c == ' ' || c == '\n') && other&(1<<(8*l)-1) != 0 &&
						!((buf[p+1] == '-' || buf[p+1] == '/' || buf[p+1] == ':') && mayBeGlued(buf[p:q])) {
						goto delim
					}
				}
			}
		}
		{
			// Anything else, a byte at a time.
			q = p
			for q < len(buf) && !wordStops[buf[q]] {
				q++
			}
			if q == len(buf) || q-p >= len(w.word) {
				break
			}
		}
		if !plainWord(buf[p:q]) {
			break
		}
	delim:
		if c := buf[q]; c == ' ' {
			if sinceLine >= 0 {
				sinceLine++
			}
		} else if c == '\n' {
			s.line++
			lastLine = q + 1
			sinceLine = 0
		} else {
			break // a word, then another delimiter: left to scanGame
		}
		p = q + 1
		n++
	}
	if n == 0 {
		return 0, false
	}
	src.pos = p
	s.off += int64(p - start)
	if lastLine >= 0 {
		s.col = 1 + p - lastLine // ASCII since the line break
	} else {
		s.col += p - start
	}
	// The words are remembered as "." (any byte no result has would do):
	// after a line break only those since it, each line forgetting the
	// words before it.
	if sinceLine >= 0 {
		w.nrecent = min(sinceLine, 2)
		w.last, w.llen, w.prev, w.plen = plainWordText, 1, plainWordText, 1
		// At a line's start when no word came after the last line break
		// (only blanks: plainBlocks takes a '\r' only before its '\n').
		return n, sinceLine == 0
	}
	if n == 1 {
		w.prev, w.plen = w.last, w.llen
	} else {
		w.prev, w.plen = plainWordText, 1
	}
	w.last, w.llen = plainWordText, 1
	w.nrecent = min(w.nrecent+n, 2)
	return n, false
}

// plainWord reports whether word (no byte of wordStops in it, so ASCII;
// first byte a digit; shorter than 16 bytes) is one plainWords consumes:
// it holds a byte no result has, and it is not a word of 4 bytes or more
// starting with 0, 1 or 2 and then '-', '/' or ':'.
func plainWord(word []byte) bool {
	other := false
	for _, c := range word {
		other = other || notInResult[c]
	}
	return other && !mayBeGlued(word)
}

// mayBeGlued reports whether word may start with a result glued to
// what follows ("1-101.", "1:01."): wordRest stops for that from its
// fourth byte on, and only a word starting with 0, 1 or 2 and then '-',
// '/' or ':' is one.
func mayBeGlued(word []byte) bool {
	return len(word) >= 4 && word[0] <= '2' && (word[1] == '-' || word[1] == '/' || word[1] == ':')
}

// plainWordText stands for a word plainWords consumed.
var plainWordText = [16]byte{'.'}

// notInResult: the bytes of a word (not in wordStops) that no result is
// written with (all but 0, 1, 2, '-', '/' and ':').
var notInResult = func() (t [256]bool) {
	for c := range 256 {
		t[c] = !wordStops[c] && !strings.ContainsRune("012-/:", rune(c))
	}
	return t
}()

const lanes = 0x0101010101010101 // a class in each of 8 bytes

// laneIs has the high bit of each byte of x that is c, and no other bit,
// when x is ASCII (no byte from 0x80 up: no carry between lanes).
func laneIs(x, c uint64) uint64 { return ^(x ^ c*lanes + 0x7F*lanes) & (0x80 * lanes) }

// adv consumes one byte, counting lines and characters.
func (s *Splitter) adv(c byte) {
	s.high |= c
	s.src.pos++
	s.off++
	if c == '\n' {
		s.line++
		s.col = 1
	} else if c&0xC0 != 0x80 {
		s.col++
	}
}

const (
	stNormal = iota
	stTag
	stTagString
	stComment
	stLineComment
	stSetup
)

// words remembers the current word and the last two words of the line,
// so the splitter sees results, also spaced ones ("0 - 2").
type words struct {
	word       [16]byte
	wlen       int
	last, prev [16]byte // the line's last word before this one, and the one before it
	llen, plen int
	nrecent    int // how many of last and prev the line has (0 to 2)
}

// end ends the current word; it reports whether the word was a result
// (alone or with the words before it on the line), and whether it was one
// written with a colon (1:0, never spaced).
func (w *words) end() (result, colon bool) {
	if w.wlen == 0 {
		return false, false
	}
	n := w.wlen
	w.wlen = 0
	if n == len(w.word) { // too long to be a result
		w.nrecent = 0
		return false, false
	}
	// A result alone has at most 7 bytes and starts like one; a word that
	// ends a spaced result has at most 3 (isResultWord says the rest).
	if c := w.word[0]; n <= 3 || (n <= 7 && (c == '0' || c == '1' || c == '2' || c == 0xC2 || c == 0xBD)) {
		if isResultWord(w.word[:n], w) {
			return true, bytes.IndexByte(w.word[:n], ':') >= 0
		}
	}
	w.prev, w.plen = w.last, w.llen
	w.last, w.llen = w.word, n
	if w.nrecent < 2 {
		w.nrecent++
	}
	return false, false
}

// tagNames is the set of tag names of the current game. Most games have
// a few tags, so the first tagListMax names are kept in a list (their
// bytes one after another in arena), searched one by one; past that many
// the names go to a map, for a game of many tags parted by blank lines
// checks each one, and a list alone would make that quadratic in the
// number of tags. The list lives in the splitter, so the usual game
// allocates nothing for its names.
type tagNames struct {
	arena []byte
	ends  [tagListMax]int // ends[i]: where name i ends in arena
	n     int             // names in the list
	set   map[string]struct{}
	buf   [1024]byte // arena's first storage
}

// tagListMax is how many names the list holds before the map takes over.
const tagListMax = 64

// reset empties the set.
func (t *tagNames) reset() {
	t.arena, t.n, t.set = t.arena[:0], 0, nil
	if t.arena == nil || cap(t.arena) > 4096 {
		// The first game; or the last one's names were huge, and their
		// room is not kept.
		t.arena = t.buf[:0]
	}
}

// opensGame says whether a tag named name (nil: one without a name to
// compare) starts the next game: after movetext, or after an empty line
// with a name the game already has (a game with tags only, then the next
// game). Otherwise the name is the game's.
func (t *tagNames) opensGame(name []byte, sawMoves, blankLine bool) bool {
	if sawMoves || (blankLine && name != nil && t.has(name)) {
		return true
	}
	if name != nil {
		t.add(name)
	}
	return false
}

func (t *tagNames) has(name []byte) bool {
	if t.set != nil {
		_, ok := t.set[string(name)]
		return ok
	}
	start := 0
	for _, end := range t.ends[:t.n] {
		if string(t.arena[start:end]) == string(name) {
			return true
		}
		start = end
	}
	return false
}

func (t *tagNames) add(name []byte) {
	if t.set == nil && t.n < tagListMax {
		t.arena = append(t.arena, name...)
		t.ends[t.n] = len(t.arena)
		t.n++
		return
	}
	if t.set == nil {
		t.set = make(map[string]struct{}, 2*tagListMax)
		start := 0
		for _, end := range t.ends[:t.n] {
			t.set[string(t.arena[start:end])] = struct{}{}
			start = end
		}
	}
	t.set[string(name)] = struct{}{}
}

// gluedNext is what the game's result was glued to, if anything: the next
// game's tag or its first move number.
type gluedNext struct {
	pos  notation.Pos
	what string // "" when nothing was glued
}

// scanGame consumes one game; it stops before the byte that starts the
// next one. It returns what the next game glued to the game's result.
func (s *Splitter) scanGame() gluedNext {
	src := &s.src
	w := &s.words
	names := &s.bufs.names
	*w = words{}
	names.reset()
	st := stNormal
	depth := 0
	sawMoves := false
	lineStart := s.col == 1 // only blanks since the start of the line
	blankLine := false      // an empty line since the last tag
	cdepth := 0             // brace depth in a comment
	escape := false

	for {
		if src.pos >= src.end && !src.fill() {
			w.end()
			return gluedNext{}
		}
		c := src.buf[src.pos]
		switch st {
		case stNormal:
			if !isDelim(c) {
				if w.wlen == 0 && isDigit(c) {
					if n, nl := s.plainWords(); n > 0 {
						sawMoves = true
						lineStart = nl
						continue
					}
				}
				if lineStart && w.wlen == 0 {
					if c == '%' {
						st = stLineComment
						s.adv(c)
						continue
					}
					if isLetter(c) {
						if name, ok := bareTagAhead(src, s.scratch[:0]); ok {
							if sawMoves || (blankLine && names.has(name)) {
								return gluedNext{}
							}
							names.add(name)
							blankLine = false
							st = stTag
							lineStart = false
							s.adv(c)
							continue
						}
					}
				}
				if depth == 0 && isDigit(c) && w.wlen >= 3 && w.wlen < len(w.word) &&
					(w.word[1] == '-' || w.word[1] == '/' || w.word[1] == ':' || w.word[0] >= 0x80) && isResultBytes(w.word[:w.wlen]) && firstMoveNumberAt(src.peek, 0) {
					// "1-101.32-28": the result, then the next game's
					// first move number (a game without tags).
					w.wlen = 0
					return gluedNext{notation.Pos{Line: s.line, Col: s.col, Offset: s.off}, "game's first move number"}
				}
				lineStart = false
				if w.wlen < len(w.word) {
					w.word[w.wlen] = c
					w.wlen++
				}
				s.adv(c)
				s.wordRest(depth)
				continue
			}
			if w.wlen > 0 {
				result, colon := w.end()
				if result && depth == 0 && (!colon || c == '[' || colonResultEnds(src)) {
					if c == '[' {
						return gluedNext{notation.Pos{Line: s.line, Col: s.col, Offset: s.off}, "tag"}
					}
					s.takeTrailingComments()
					return gluedNext{}
				}
				if colon {
					w.nrecent = 0 // no spaced result reads across it
				}
				sawMoves = true
			}
			switch c {
			case '\n':
				if lineStart {
					blankLine = true
				}
				lineStart = true
				w.nrecent = 0
			case '\r':
				w.nrecent = 0
			case ' ', '\t', '\f', '\v':
			case '{':
				st = stComment
				cdepth = 1
				lineStart = false
			case ';':
				st = stLineComment
			case '(':
				depth++
				sawMoves = true
				lineStart = false
			case ')':
				if depth > 0 {
					depth--
				}
				lineStart = false
			case '/':
				if setupAhead(src) {
					st = stSetup
				}
				sawMoves = true
				lineStart = false
			case '*':
				if depth == 0 {
					s.adv(c)
					if firstMoveNumberAt(src.peek, 0) {
						return gluedNext{notation.Pos{Line: s.line, Col: s.col, Offset: s.off}, "game's first move number"}
					}
					s.takeTrailingComments()
					return gluedNext{}
				}
				sawMoves = true
			case '\\':
				if d, _ := src.peek(1); d == 'r' || d == 'n' {
					s.adv(c)
					s.adv(d)
					lineStart = true
					w.nrecent = 0
					continue
				}
				sawMoves = true
			case '[':
				if name, n, cols, high := tagPair(src.buf[src.pos:src.end]); n > 0 {
					// A plain tag pair: what the case below and the
					// states stTag and stTagString do with it, byte by
					// byte.
					if names.opensGame(name, sawMoves, blankLine) {
						return gluedNext{}
					}
					blankLine = false
					lineStart = false
					src.pos += n
					s.off += int64(n)
					s.col += cols
					s.high |= high
					if s.tagLines() {
						w.nrecent = 0 // as a line break does
					}
					continue
				}
				name, isTag, lone, run := tagStart(src)
				lineStart = false
				switch {
				case isTag:
					if names.opensGame(name, sawMoves, blankLine) {
						return gluedNext{}
					}
					blankLine = false
					st = stTag
				case lone:
					// A [ alone on its line: a broken tag opening; the
					// line after it is read as a tag if it is one.
					if sawMoves {
						return gluedNext{}
					}
					s.advRun(run)
					continue
				default:
					sawMoves = true
					s.advRun(run)
					continue
				}
			default: // ] } "
				sawMoves = true
				lineStart = false
			}
			s.adv(c)
		case stTag:
			if !tagStops[c] {
				s.skipUntil(&tagStops)
				continue
			}
			switch c {
			case '"':
				st = stTagString
			case ']', '\n', '\r':
				st = stNormal
			}
			s.adv(c)
		case stTagString:
			if !escape && !stringStops[c] {
				s.skipUntil(&stringStops)
				continue
			}
			switch {
			case escape:
				escape = false
			case c == '\\':
				escape = true
			case c == '"':
				st = stTag
			case c == '\r' && peekIs(src, 1, '\n') && tagValueGoesOn(src.peek, 2):
			case c == '\n' && tagValueGoesOn(src.peek, 1):
				// A value broken over two lines: the lexer joins them.
			case c == '\n' || c == '\r':
				st = stNormal // unclosed string: the tag ends with the line
			}
			s.adv(c)
		case stComment:
			if !commentStops[c] {
				s.skipUntil(&commentStops)
				continue
			}
			s.adv(c)
			// Braces nest here as the lexer reads them when they balance
			// ({ a { b } c }); when they do not, the game still ends at
			// the next tag line and the lexer closes the comment at its
			// first }.
			switch {
			case c == '{':
				cdepth++
			case c == '}':
				cdepth--
				if cdepth == 0 {
					st = stNormal
				}
			case tagLineAhead(src):
				// A comment left open: a tag line ends the game rather
				// than the rest of the file becoming one comment.
				return gluedNext{}
			}
		case stSetup:
			// /FEN "..."/: ends at the / after the quoted FEN, or with
			// the line (as the lexer reads it).
			switch {
			case c == '\n':
				st = stNormal
				lineStart = true
				w.nrecent = 0
			case c == '"':
				escape = !escape // inside the quotes
			case c == '/' && !escape:
				st = stNormal
			}
			if st != stSetup {
				escape = false
			}
			s.adv(c)
		case stLineComment:
			if c == '\n' {
				st = stNormal
				lineStart = true
				w.nrecent = 0
			}
			s.adv(c)
		}
	}
}

// The bytes that end a fast skip (skipUntil) in a tag, a tag's string and
// a comment: every other byte only moves the position on.
var tagStops, stringStops, commentStops = byteSet("\"]\n\r"), byteSet("\\\"\n\r"), byteSet("{}\n")

func byteSet(s string) (t [256]bool) {
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return t
}

// skipUntil consumes the buffered bytes up to the first one in stop (no
// line break is skipped: each stop set holds '\n'), counting columns as
// adv does.
func (s *Splitter) skipUntil(stop *[256]bool) {
	src := &s.src
	buf := src.buf[:src.end]
	i, cols, high := src.pos, 0, byte(0)
	for i < len(buf) && !stop[buf[i]] {
		if buf[i]&0xC0 != 0x80 {
			cols++
		}
		high |= buf[i]
		i++
	}
	s.high |= high
	s.off += int64(i - src.pos)
	s.col += cols
	src.pos = i
}

// advRun consumes the n bytes at pos, a run of '[' and blanks that
// tagStart peeked: ASCII and no line break, so counted as wordRest counts
// a word, without adv's tests for each byte.
func (s *Splitter) advRun(n int) {
	s.src.pos += n
	s.off += int64(n)
	s.col += n
}

// peekIs reports whether the byte k positions ahead is c.
func peekIs(src *source, k int, c byte) bool {
	b, ok := src.peek(k)
	return ok && b == c
}

// tagStart looks at the '[' at pos. A tag starts with '[', optionally more
// '[' and blanks, and a character that is not '%' (a [%command]), ']' or the
// end of the line. It returns the tag name (up to a blank or quote), or
// lone when the '[' is alone on its line. When it is no tag, run is the
// length of the '[' and the '[' and blanks after it: each '[' of the run
// would be read as the first is (the same bytes follow it), so the caller
// takes the run in one step; read a '[' at a time, a line of n '[' cost
// n times the look ahead over them (quadratic up to the 32 KB a peek
// reaches).
func tagStart(src *source) (name []byte, isTag, lone bool, run int) {
	k := 1
	for {
		c, ok := src.peek(k)
		if !ok || (c != '[' && c != ' ' && c != '\t') {
			break
		}
		k++
	}
	run = k
	c, ok := src.peek(k)
	if !ok || c == '\n' || c == '\r' {
		return nil, false, true, run
	}
	if c == '%' || c == ']' {
		return nil, false, false, run
	}
	start := k
	for k-start < 40 {
		c, ok := src.peek(k)
		if !ok || c == ' ' || c == '\t' || c == '"' || c == ']' || c == '\n' {
			break
		}
		k++
	}
	end := k
	for {
		c, ok := src.peek(k)
		if !ok || (c != ' ' && c != '\t') {
			break
		}
		k++
	}
	if c, _ := src.peek(k); c != '"' {
		// A pseudo-tag without a value ([Empty]): no name to compare.
		return nil, true, false, 0
	}
	if c, _ := src.peek(k + 1); c == '"' {
		// An empty value ([Site ""]): a repeat does not start a game.
		return nil, true, false, 0
	}
	return src.buf[src.pos+start : src.pos+end], true, false, 0
}

// tagPair looks at the '[' that starts b for a plain tag pair, whole in
// b: '[', a name of letters, digits and '_' (at most 40 bytes),
// blanks, a quoted value without a backslash or a line break, ']'. It
// returns the name as tagStart would (nil for an empty value), the pair's
// length in bytes and in characters, and the OR of its bytes; or n = 0
// when the pair is not that plain (tagStart and the states of scanGame
// read it then).
func tagPair(b []byte) (name []byte, n, cols int, high byte) {
	k := 1
	for k < len(b) && k <= 41 && tagNameByte[b[k]] {
		k++
	}
	end := k
	if end == 1 || end > 41 {
		return nil, 0, 0, 0
	}
	for k < len(b) && (b[k] == ' ' || b[k] == '\t') {
		k++
	}
	if k >= len(b) || b[k] != '"' {
		return nil, 0, 0, 0
	}
	k++
	v, cont := k, 0
	// ASCII 32 bytes at a time (most values are shorter: no loop to
	// mispredict), then 8, to the first stop or byte from 0x80 up (exact:
	// a lane's arithmetic goes wrong only above such a byte).
	for k+32 <= len(b) {
		stops, ok := valueStops(b[k : k+32])
		if !ok {
			break
		}
		if stops != 0 {
			k += bits.TrailingZeros32(stops)
			goto tail
		}
		k += 32
	}
	for k+8 <= len(b) {
		x := binary.LittleEndian.Uint64(b[k:])
		is := func(c uint64) uint64 { return laneIs(x, c) }
		// Any control byte stops it (below 0x20: a line break, also a
		// tab, which the byte loop then reads on).
		if stop := is('"') | is('\\') | ^(x+0x60*lanes)&(0x80*lanes) | x&(0x80*lanes); stop != 0 {
			k += bits.TrailingZeros64(stop) >> 3
			break
		}
		k += 8
	}
tail:
	for k < len(b) && !stringStops[b[k]] {
		if b[k]&0xC0 == 0x80 {
			cont++ // a column is a character
		}
		high |= b[k]
		k++
	}
	if k+1 >= len(b) || b[k] != '"' || b[k+1] != ']' {
		return nil, 0, 0, 0
	}
	n = k + 2
	if k == v {
		return nil, n, n - cont, high
	}
	return b[1:end], n, n - cont, high
}

// tagLines consumes the plain tag pairs (see tagPair) that follow the one
// scanGame has just read, each after blanks (' ', '\t'), or after a line
// break ("\n", "\r\n") with blanks around it, and whole in the buffer,
// as scanGame's cases would: a line break after a tag's ']' is no blank
// line, and a pair in the tag section of a game without moves only adds
// its name (opensGame is false for it). It stops before the blanks or
// the line break ahead of the first thing that is not such a pair
// (scanGame's cases read them); it reports whether it consumed a line
// break.
func (s *Splitter) tagLines() (broke bool) {
	src := &s.src
	names := &s.bufs.names
	b := src.buf[:src.end]
	p, col, lines := src.pos, s.col, 0
	var high byte
	for {
		k := p
		for k < len(b) && (b[k] == ' ' || b[k] == '\t') {
			k++
		}
		brk := false
		if k < len(b) && b[k] == '\n' {
			k, brk = k+1, true
		} else if k+1 < len(b) && b[k] == '\r' && b[k+1] == '\n' {
			k, brk = k+2, true
		}
		indent := k
		for k < len(b) && (b[k] == ' ' || b[k] == '\t') {
			k++
		}
		if k >= len(b) || b[k] != '[' {
			break
		}
		name, n, cols, h := tagPair(b[k:])
		if n == 0 {
			break
		}
		if name != nil {
			names.add(name)
		}
		if brk {
			lines++
			col = 1 + k - indent + cols // a blank is a column
		} else {
			col += k - p + cols
		}
		high |= h
		p = k + n
	}
	s.off += int64(p - src.pos)
	src.pos = p
	s.col = col
	s.line += lines
	s.high |= high
	return lines > 0
}

// tagNameByte: the bytes of a tag name that tagPair reads.
var tagNameByte = func() (t [256]bool) {
	for c := range 256 {
		t[c] = isLetter(byte(c)) || isDigit(byte(c)) || c == '_'
	}
	return t
}()

// bareTagAhead reports whether the line at pos is a tag pair without its
// opening bracket (see bareTagEnd), and returns its name.
func bareTagAhead(src *source, scratch []byte) ([]byte, bool) {
	// Cheap checks first: letters, blanks, a quote.
	k := 0
	for {
		c, ok := src.peek(k)
		if !ok || !(isLetter(c) || isDigit(c) || c == '_') {
			break
		}
		k++
	}
	n := k
	if c, _ := src.peek(k); n == 0 || (c != ' ' && c != '\t') {
		return nil, false
	}
	for {
		c, ok := src.peek(k)
		if !ok || (c != ' ' && c != '\t') {
			break
		}
		k++
	}
	if c, _ := src.peek(k); c != '"' {
		return nil, false
	}
	scratch = scratch[:0]
	for k = 0; k < 4096; k++ {
		c, ok := src.peek(k)
		if !ok || c == '\n' {
			break
		}
		scratch = append(scratch, c)
	}
	if bareTagEnd(string(scratch)) == 0 {
		return nil, false
	}
	return scratch[:n], true
}

// setupAhead reports whether the '/' at pos starts a setup /FEN.
func setupAhead(src *source) bool {
	k := 1
	for {
		c, ok := src.peek(k)
		if !ok || (c != ' ' && c != '\t') {
			break
		}
		k++
	}
	a, _ := src.peek(k)
	b, _ := src.peek(k + 1)
	c, _ := src.peek(k + 2)
	return a == 'F' && b == 'E' && c == 'N'
}

// tagLineAhead reports whether the line after pos starts with a tag pair
// `[Name "`.
func tagLineAhead(src *source) bool {
	k := 0
	for {
		c, ok := src.peek(k)
		if !ok {
			return false
		}
		if c != ' ' && c != '\t' {
			break
		}
		k++
	}
	if c, _ := src.peek(k); c != '[' {
		return false
	}
	k++
	n := 0
	for ; n < 40; n++ {
		c, ok := src.peek(k)
		if !ok || !(isLetter(c) || isDigit(c) || c == '_') {
			break
		}
		k++
	}
	if n == 0 {
		return false
	}
	sp := 0
	for {
		c, ok := src.peek(k)
		if !ok || (c != ' ' && c != '\t') {
			break
		}
		k++
		sp++
	}
	c, _ := src.peek(k)
	return sp > 0 && c == '"'
}

// colonResultEnds reports whether a result written with a colon, whose
// delimiter is at pos, ends its game: when the end of the input, a tag or
// the next game's first move number ("1.", a game without tags) comes
// next, after white space and comments (within colonLookahead bytes). A
// dash result always ends its game; "1:0" elsewhere is left to the next
// tag: a race game's throw written without its space ("Anna 1:0  Bram
// 3: 5", the goose's pawn on 0) is no result, and the PDN reader reads a
// result followed by moves as such.
func colonResultEnds(src *source) bool {
	for k := 0; k < colonLookahead; {
		c, ok := src.peek(k)
		if !ok {
			return true
		}
		switch c {
		case ' ', '\t', '\r', '\n', '\f', '\v':
			k++
			continue
		case '[':
			return true
		case '{', ';':
			end := byte('}')
			if c == ';' {
				end = '\n'
			}
			for k++; k < colonLookahead; k++ {
				if d, ok := src.peek(k); !ok || d == end {
					break
				}
			}
			k++
			continue
		}
		return firstMoveNumberAt(src.peek, k)
	}
	return false
}

// colonLookahead bounds colonResultEnds's look ahead, well inside the
// read buffer's lookahead, so that it sees the same bytes whatever the
// reads bring at a time.
const colonLookahead = 1024

// isResultWord reports whether word, alone or after the last words of the
// line ("0", "-", "2"), is a result.
func isResultWord(word []byte, w *words) bool {
	if isResultBytes(word) {
		return true
	}
	// Only a short word ending like a result can end a spaced result.
	if w.nrecent == 0 || len(word) > 3 {
		return false
	}
	switch word[len(word)-1] {
	case '0', '1', '2', 0xBD:
	default:
		return false
	}
	// (A result with a colon is never spaced: "1: 1" is a race game's
	// throw.)
	var tmp [64]byte
	cat := append(append(tmp[:0], w.last[:w.llen]...), word...)
	if isResultBytes(cat) && bytes.IndexByte(cat, ':') < 0 {
		return true
	}
	if w.nrecent >= 2 {
		cat = append(append(append(tmp[:0], w.prev[:w.plen]...), w.last[:w.llen]...), word...)
		if isResultBytes(cat) && bytes.IndexByte(cat, ':') < 0 {
			return true
		}
	}
	return false
}

// isResultBytes reports whether w is exactly a result (without spaces:
// the splitter's words never hold any).
func isResultBytes(w []byte) bool {
	if len(w) == 1 {
		return w[0] == '*'
	}
	if len(w) < 3 || len(w) > 7 { // 1-0 to 1/2-1/2
		return false
	}
	switch w[0] {
	case '0', '1', '2':
		if w[1] != '-' && w[1] != '/' && w[1] != ':' { // a move (32-28, 19x30) or a move number
			return false
		}
	case 0xC2, 0xBD:
	default:
		return false
	}
	end, _, _ := scanResult(string(w), 0)
	return end == len(w)
}

// decode turns a game's bytes into text.
func (s *Splitter) decode(g *GameText, b []byte) {
	if s.opts.Encoding != nil {
		out, err := s.opts.Encoding.NewDecoder().Bytes(b)
		if err != nil {
			g.Diagnostics = append(g.Diagnostics, notation.Diagnostic{Pos: g.Pos, Severity: notation.Error, Code: CodeUnreadable,
				Msg: "cannot decode the game text: " + err.Error()})
		}
		g.Text = string(out)
		if _, ok := s.opts.Encoding.(*charmap.Charmap); ok {
			g.offMode = offPerRune
		}
		return
	}
	if utf8.Valid(b) {
		g.Text = string(b)
		return
	}
	// Either UTF-8 with a few broken bytes (truncated characters), or
	// another encoding: count well-formed multi-byte characters against
	// bytes that are not UTF-8.
	good, bad := 0, 0
	for i := 0; i < len(b); {
		if b[i] < 0x80 {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			bad++
		} else {
			good++
		}
		i += n
	}
	if good > bad {
		out := make([]byte, 0, len(b)+2*bad)
		var repl []int
		for i := 0; i < len(b); {
			r, n := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && n == 1 {
				repl = append(repl, len(out))
				out = append(out, "\uFFFD"...)
			} else {
				out = append(out, b[i:i+n]...)
			}
			i += n
		}
		g.Text, g.offMode, g.repl = string(out), offReplaced, repl
		g.Diagnostics = append(g.Diagnostics, notation.Diagnostic{Pos: g.Pos, Severity: notation.Warning, Code: CodeInvalidUTF8,
			Msg: fmt.Sprintf("%d byte(s) that are not UTF-8 in the game text (replaced by U+FFFD)", bad)})
		return
	}
	cm, name, hint := charmap.Windows1252, "Windows-1252", ""
	if looksCyrillic(b) {
		cm, name, hint = charmap.Windows1251, "Windows-1251", " (it reads as Cyrillic; --encoding chooses another)"
	}
	out, err := cm.NewDecoder().Bytes(b)
	if err != nil { // cannot happen: every byte has a mapping
		out = []byte(string(b))
	}
	g.Text, g.offMode = string(out), offPerRune
	// The encoding is the file's: said at its first game that needs it,
	// and again only if a later game reads as another one.
	if s.saidEncoding != name {
		s.saidEncoding = name
		g.Diagnostics = append(g.Diagnostics, notation.Diagnostic{Pos: g.Pos, Severity: notation.Warning, Code: CodeNotUTF8,
			Msg: "game text is not UTF-8; read as " + name + hint + ", as are the file's later games that are not UTF-8 (said once per file)"})
	}
}

// looksCyrillic tells Windows-1251 text from Windows-1252 text: in 1251
// the letters of a Cyrillic word are all bytes from 0xC0 up, so such bytes
// stand next to each other, while in Western European text an accented
// letter (0xC0 up in 1252 too) mostly stands between ASCII letters.
func looksCyrillic(b []byte) bool {
	runs, pairs := 0, 0
	for i := 0; i+1 < len(b); i++ {
		if b[i] >= 0xC0 {
			runs++
			if b[i+1] >= 0xC0 {
				pairs++
			}
		}
	}
	return runs >= 4 && 2*pairs > runs
}

// ReadAll splits r and parses every game. The error is a read error; the
// records read before it are returned with it.
func ReadAll(r io.Reader, file string, opts Options) ([]*notation.Record, error) {
	var recs []*notation.Record
	err := Each(r, opts, func(g GameText) error {
		recs = append(recs, Parse(g, file))
		return nil
	})
	return recs, err
}
