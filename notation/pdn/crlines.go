package pdn

import (
	"bytes"
	"io"
)

// crHead is the head crOnly judges: what br holds, and when that shows no
// line end yet, or a lone CR first, more, up to br's size or the input's
// end, so that a file read a few bytes at a time (standard input) is
// judged as when read whole. An input whose first line ends in LF or CRLF
// is not waited for past that line.
func crHead(br PeekReader, head []byte) []byte {
	seen := 0 // head[:seen] holds no CR or LF: looked at once, not again with each byte more
	for len(head) < br.Size() {
		i := indexLineEnd(head[seen:])
		if i < 0 {
			seen = len(head)
		} else {
			i += seen
			if head[i] == '\n' || i+1 < len(head) && head[i+1] == '\n' {
				return head // LF or CRLF lines
			}
			seen = i // (a CR: what follows it decides)
		}
		// One byte more than has come (one read, however much it
		// brings), or all that has come already.
		more, err := br.Peek(max(len(head)+1, br.Buffered()))
		if err != nil {
			return more
		}
		head = more
	}
	return head
}

// indexLineEnd is bytes.IndexAny(b, "\r\n"), in two of IndexByte's
// vector scans rather than a byte at a time: the first LF, then a CR
// before it.
func indexLineEnd(b []byte) int {
	lf := bytes.IndexByte(b, '\n')
	before := b
	if lf >= 0 {
		before = b[:lf]
	}
	if cr := bytes.IndexByte(before, '\r'); cr >= 0 {
		return cr
	}
	return lf
}

// crOnly says whether head is the start of a file whose lines end with a
// carriage return alone, as classic Mac OS wrote them: a lone CR in it and
// no line feed at all. A stray CR in a file of LF or CRLF lines is not
// one (the lexer reads it as white space, with a stray-cr warning).
func crOnly(head []byte) bool {
	if bytes.IndexByte(head, '\n') >= 0 {
		return false
	}
	i := bytes.IndexByte(head, '\r')
	return i >= 0 && i+1 < len(head)
}

// crLines reads a CR-only file with each lone CR turned into a LF, byte
// for byte, so that offsets stay the file's and the lexer and splitter,
// which count LFs, give its line numbers. A CRLF (a file mixing both)
// stays one.
type crLines struct {
	r    io.Reader
	held bool // a CR ended the last read: handed out with the next one
}

func (c *crLines) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	start := 0
	if c.held {
		// The CR kept back waits for the next byte to know what it is.
		p[0] = '\r'
		start = 1
	}
	n, err := c.r.Read(p[start:])
	n += start
	if c.held && n == 1 && err == nil {
		return 0, nil // nothing read yet: keep holding
	}
	c.held = false
	for i := 0; i < n; i++ {
		if p[i] != '\r' {
			continue
		}
		switch {
		case i+1 < n:
			if p[i+1] != '\n' {
				p[i] = '\n'
			}
		case err == nil:
			// The last byte: hold it until the next read says whether a
			// LF follows.
			c.held = true
			n--
		default:
			p[i] = '\n' // the input's last byte
		}
	}
	return n, err
}
