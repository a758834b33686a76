package pdn

import (
	"bufio"
	"bytes"
	"errors"
	"io"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/transform"
)

// ErrNotText is returned (wrapped in a *NotTextError) when an input is not
// text at all: an archive, a compressed file, an executable, an image.
var ErrNotText = errors.New("not a text file")

// NotTextError says what an input that is not text looks like.
type NotTextError struct {
	Kind string // "gzip data", "a zip archive", ...
}

func (e *NotTextError) Error() string {
	return "not a text file (" + e.Kind + "); give the records as text"
}

func (e *NotTextError) Is(target error) bool { return target == ErrNotText }

// magics are the first bytes of files that are not text. A record file
// never starts with any of them, so one clear error beats hundreds of
// "games" read from binary bytes.
var magics = []struct {
	prefix, kind string
}{
	{"\x1f\x8b", "gzip data; unpack it first"},
	{"PK\x03\x04", "a zip archive; unpack it first"},
	{"PK\x05\x06", "an empty zip archive"},
	{"7z\xbc\xaf\x27\x1c", "a 7-Zip archive; unpack it first"},
	{"Rar!\x1a\x07", "a RAR archive; unpack it first"},
	{"\xfd7zXZ\x00", "xz data; unpack it first"},
	{"\x28\xb5\x2f\xfd", "zstd data; unpack it first"},
	{"BZh", "bzip2 data; unpack it first"}, // checked further in notText
	{"\x7fELF", "an ELF executable"},
	{"\xcf\xfa\xed\xfe", "a Mach-O executable"},
	{"\xce\xfa\xed\xfe", "a Mach-O executable"},
	{"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Microsoft Office document"},
	{"%PDF-", "a PDF document"},
	{"\x89PNG\r\n\x1a\n", "a PNG image"},
	{"\xff\xd8\xff", "a JPEG image"},
	{"GIF87a", "a GIF image"},
	{"GIF89a", "a GIF image"},
	{"SQLite format 3\x00", "an SQLite database"},
}

// DecodeText returns r as UTF-8 (or the ASCII-compatible bytes the
// splitter decodes per game): UTF-16 and UTF-32 with a byte-order mark,
// and UTF-16 without one (told by its zero bytes), are decoded; UTF-8 and
// single-byte text pass unchanged (but a file whose lines end with CR
// alone reads them as LFs: crLines). An input that is not text reads as a
// *NotTextError. Positions in a decoded UTF-16/32 file count bytes of the
// UTF-8 text, not of the file.
func DecodeText(r io.Reader) io.Reader {
	text, _ := DecodeTextHead(r)
	return text
}

// DecodeTextHead is DecodeText, and says, when it returned a PeekReader
// as it is (UTF-8 or single-byte text, lines ended with LFs), how long a
// head it decided on; 0 otherwise. Decoding that reader again
// (NewArenaSplitterText's splitter) sees the same head, so decides the
// same, as long as no more has been read into it (a second DecodeText
// of a one-game file cost some 175 ns, a tenth of what the file cost
// beside its game).
func DecodeTextHead(r io.Reader) (io.Reader, int) {
	// Small: it only needs to hold the head that is sniffed; the
	// splitter's own 64 KB reads go around it, straight to r. A reader
	// that is such a buffer already (jsonl.Sniff's, which decoded it) is
	// used as it is: a file read through both costs one buffer, not two;
	// so is a file that notation/input holds the head of (PeekReader).
	br, ok := r.(PeekReader)
	if !ok || br.Size() < 4<<10 {
		br = bufio.NewReaderSize(r, 4<<10)
	}
	// What the first reads bring, without waiting for more: a record
	// streamed on standard input is read as it comes.
	br.Peek(16)
	head, _ := br.Peek(min(br.Buffered(), decodeHead))
	if enc := unicodeByBOM(head); enc != nil {
		return transform.NewReader(br, enc.NewDecoder()), 0
	}
	if kind, ok := notText(head); ok {
		return errReader{&NotTextError{Kind: kind}}, 0
	}
	if crOnly(crHead(br, head)) {
		return &crLines{r: br}, 0
	}
	if br != r || len(head) < 16 || bytes.IndexByte(head, '\n') < 0 {
		// Not r itself, or a head too short for Peek(16) not to read
		// again, or one whose lines were decided on what came after it.
		return br, 0
	}
	return br, len(head)
}

// decodeHead is how much of its input's head DecodeText looks at.
const decodeHead = 512

// decidedAgain says whether DecodeText(text), text what DecodeTextHead
// returned with head, would return text itself: it would see the same
// head (up to decodeHead bytes of what text holds, as many as then) and
// decide the same.
func decidedAgain(text io.Reader, head int) bool {
	br, ok := text.(PeekReader)
	return ok && head > 0 && br.Size() >= 4<<10 && min(br.Buffered(), decodeHead) == head
}

// PeekReader is a reader that holds what it has read ahead, with
// *bufio.Reader's Peek, Buffered and Size (which is one): DecodeText and
// jsonl.Sniff look at its head without a buffer of their own, which was
// most of what a one-game file cost beside its game.
type PeekReader interface {
	io.Reader
	Peek(n int) ([]byte, error)
	Buffered() int
	Size() int
}

func unicodeByBOM(head []byte) encoding.Encoding {
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xfe, 0, 0}):
		return utf32.UTF32(utf32.LittleEndian, utf32.ExpectBOM)
	case bytes.HasPrefix(head, []byte{0, 0, 0xfe, 0xff}):
		return utf32.UTF32(utf32.BigEndian, utf32.ExpectBOM)
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}):
		return unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM)
	case bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		return unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM)
	}
	// Without a BOM: ASCII text in UTF-16 has a zero in every other byte.
	if len(head) >= 8 {
		switch le, be := zeroHalves(head); {
		case le:
			return unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)
		case be:
			return unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)
		}
	}
	return nil
}

// zeroHalves says whether the first len(b)/2 pairs of b are each a
// byte and a zero (le) or a zero and a byte (be). It stops at the first
// pair that is neither: a text's first two bytes, most often (it read
// 512 bytes for every file, a tenth of what a one-game file cost beside
// its game).
func zeroHalves(b []byte) (le, be bool) {
	le, be = true, true
	for i := 0; i+1 < len(b); i += 2 {
		even, odd := b[i] == 0, b[i+1] == 0
		le = le && !even && odd
		be = be && even && !odd
		if !le && !be {
			return false, false
		}
	}
	return le, be
}

// notText recognises binary input by its magic bytes, or by the NUL
// bytes in its head.
func notText(head []byte) (string, bool) {
	if len(head) > 0 && magicFirst[head[0]] { // (a record's head: no magic starts so, none compared)
		for _, m := range magics {
			if !bytes.HasPrefix(head, []byte(m.prefix)) {
				continue
			}
			if m.prefix == "BZh" && !bytes.HasPrefix(head[min(len(head), 4):], []byte("1AY&SY")) {
				continue // a text that starts with "BZh"
			}
			return m.kind, true
		}
	}
	// Text has no NUL bytes (UTF-16 was told above); binary files have
	// many. A stray one or two in a damaged record stay text.
	nul := bytes.Count(head, []byte{0})
	if nul >= 4 && 32*nul >= len(head) {
		return "binary data", true
	}
	return "", false
}

// magicFirst are the first bytes of magics.
var magicFirst = func() (first [256]bool) {
	for _, m := range magics {
		first[m.prefix[0]] = true
	}
	return first
}()

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
