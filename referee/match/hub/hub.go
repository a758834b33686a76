// Package hub reads and writes the lines of the Hub protocol (version 2, as
// Scan 3.1 speaks it on standard input and output): a command followed by
// arguments "name=value" or bare flags, values in double quotes when they
// hold a space, '=' or nothing.
package hub

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// MaxLine bounds a line from an engine. Scan's longest lines are "info"
// lines with a principal variation of some dozens of moves, far below.
const MaxLine = 16 << 10

// Errors of the reader and the parser.
var (
	ErrTooLong   = errors.New("hub: line longer than 16 KiB")
	ErrMalformed = errors.New("hub: malformed line")
)

// Reader reads lines, never holding more than MaxLine bytes of one.
type Reader struct{ s *bufio.Scanner }

// NewReader reads lines from r.
func NewReader(r io.Reader) *Reader {
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 0, 4096), MaxLine)
	return &Reader{s: s}
}

// ReadLine returns the next line without its end (LF or CRLF).
func (r *Reader) ReadLine() (string, error) {
	if r.s.Scan() {
		return strings.TrimSuffix(r.s.Text(), "\r"), nil
	}
	if err := r.s.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return "", ErrTooLong
		}
		return "", err
	}
	return "", io.EOF
}

// Arg is one argument: Name=Value, or a flag (Flag set, Value empty).
type Arg struct {
	Name, Value string
	Flag        bool
}

// Line is a command and its arguments.
type Line struct {
	Cmd  string
	Args []Arg
}

// Get returns the value of the first argument called name.
func (l Line) Get(name string) (string, bool) {
	for _, a := range l.Args {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// Has reports whether an argument or flag called name is present.
func (l Line) Has(name string) bool {
	_, ok := l.Get(name)
	return ok
}

// New builds a line from a command and name, value pairs.
func New(cmd string, nameValues ...string) Line {
	l := Line{Cmd: cmd}
	for i := 0; i+1 < len(nameValues); i += 2 {
		l.Args = append(l.Args, Arg{Name: nameValues[i], Value: nameValues[i+1]})
	}
	return l
}

// Flag adds a bare flag ("go think").
func (l Line) Flag(name string) Line {
	l.Args = append(l.Args, Arg{Name: name, Flag: true})
	return l
}

// String writes the line, quoting the values that need it.
func (l Line) String() string {
	var b strings.Builder
	b.WriteString(l.Cmd)
	for _, a := range l.Args {
		b.WriteByte(' ')
		b.WriteString(a.Name)
		if a.Flag {
			continue
		}
		b.WriteByte('=')
		if a.Value == "" || strings.ContainsAny(a.Value, " \t=\"") {
			b.WriteString(`"` + a.Value + `"`)
		} else {
			b.WriteString(a.Value)
		}
	}
	return b.String()
}

// Parse reads a line. A value cannot hold a double quote (the protocol has
// no escape); an unclosed quote is malformed.
func Parse(s string) (Line, error) {
	var l Line
	i := 0
	skip := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
	}
	word := func() string {
		j := i
		for i < len(s) && s[i] != ' ' && s[i] != '\t' && s[i] != '=' && s[i] != '"' {
			i++
		}
		return s[j:i]
	}
	skip()
	if l.Cmd = word(); l.Cmd == "" {
		if i >= len(s) {
			return l, fmt.Errorf("%w: empty line", ErrMalformed)
		}
		return l, fmt.Errorf("%w: %q: no command", ErrMalformed, s)
	}
	for {
		skip()
		if i >= len(s) {
			return l, nil
		}
		name := word()
		if name == "" {
			return l, fmt.Errorf("%w: %q: argument without a name at column %d", ErrMalformed, s, i+1)
		}
		if i >= len(s) || s[i] != '=' {
			if i < len(s) && s[i] == '"' {
				return l, fmt.Errorf("%w: %q: quote inside a name at column %d", ErrMalformed, s, i+1)
			}
			l.Args = append(l.Args, Arg{Name: name, Flag: true})
			continue
		}
		i++ // '='
		var val string
		if i < len(s) && s[i] == '"' {
			end := strings.IndexByte(s[i+1:], '"')
			if end < 0 {
				return l, fmt.Errorf("%w: %q: unclosed quote at column %d", ErrMalformed, s, i+1)
			}
			val = s[i+1 : i+1+end]
			i += end + 2
			if i < len(s) && s[i] != ' ' && s[i] != '\t' {
				return l, fmt.Errorf("%w: %q: text glued to a quoted value at column %d", ErrMalformed, s, i+1)
			}
		} else {
			val = word()
			if i < len(s) && (s[i] == '=' || s[i] == '"') {
				return l, fmt.Errorf("%w: %q: %q inside a value at column %d", ErrMalformed, s, s[i], i+1)
			}
		}
		l.Args = append(l.Args, Arg{Name: name, Value: val})
	}
}
