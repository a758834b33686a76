package halma

import (
	"fmt"
	"strings"
)

// MaxSize is the largest board the notation names: files a-p, ranks 1-16.
const MaxSize = 16

// Square is a square as written: file and rank from 0 (a1 is 0, 0).
type Square struct{ File, Rank int }

func (s Square) String() string { return fmt.Sprintf("%c%d", 'a'+s.File, s.Rank+1) }

// MoveText is a decoded move: a pass, or the squares a piece visits with
// the separator written before each square after the first ('-' a step,
// ':' a jump). A well-formed move is one step (a1-b2) or a chain of jumps
// (a1:c3:e5); the decoder also reads other mixtures (a1-b2:d4) so that
// the referee can say what is wrong with them.
type MoveText struct {
	Pass    bool
	Squares []Square
	Seps    []byte
}

// From and To are the first and last squares.
func (m MoveText) From() Square { return m.Squares[0] }
func (m MoveText) To() Square   { return m.Squares[len(m.Squares)-1] }

// IsStep: one step, a1-b2. IsJump: a chain of jumps only, a1:c3:e5.
func (m MoveText) IsStep() bool { return !m.Pass && len(m.Seps) == 1 && m.Seps[0] == '-' }
func (m MoveText) IsJump() bool {
	return !m.Pass && len(m.Seps) > 0 && !strings.ContainsRune(string(m.Seps), '-')
}

// Mixed reports whether the move writes steps and jumps together.
func (m MoveText) Mixed() bool {
	s := string(m.Seps)
	return strings.ContainsRune(s, '-') && strings.ContainsRune(s, ':')
}

func (m MoveText) String() string {
	if m.Pass {
		return "pass"
	}
	var b strings.Builder
	for i, s := range m.Squares {
		if i > 0 {
			b.WriteByte(m.Seps[i-1])
		}
		b.WriteString(s.String())
	}
	return b.String()
}

// MoveError says why a move's text cannot be decoded.
type MoveError struct {
	Text, Msg string
}

func (e *MoveError) Error() string { return fmt.Sprintf("move %q: %s", e.Text, e.Msg) }

// ParseMove decodes a move token:
//
//	move   = "pass" | square { ( "-" | ":" ) square }   (at least two squares)
//	square = file rank      file a-p, rank 1-16, no leading zero
//
// Upper-case letters are read too; "--" is read as a pass.
func ParseMove(text string) (MoveText, error) {
	s := strings.ToLower(text)
	if s == "pass" || s == "--" {
		return MoveText{Pass: true}, nil
	}
	fail := func(format string, args ...any) (MoveText, error) {
		return MoveText{}, &MoveError{Text: text, Msg: fmt.Sprintf(format, args...)}
	}
	var m MoveText
	i := 0
	for {
		if i >= len(s) {
			return fail("a square is missing at the end")
		}
		if s[i] < 'a' || s[i] > 'a'+MaxSize-1 {
			return fail("%q is not a file (a-p)", s[i:i+1])
		}
		j := i + 1
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		rank := 0
		fmt.Sscanf(s[i+1:j], "%d", &rank)
		if j == i+1 || s[i+1] == '0' || rank < 1 || rank > MaxSize {
			return fail("%q is not a square (a1-p16)", s[i:j])
		}
		m.Squares = append(m.Squares, Square{int(s[i] - 'a'), rank - 1})
		i = j
		if i == len(s) {
			break
		}
		if s[i] != '-' && s[i] != ':' {
			return fail("unexpected %q", s[i:])
		}
		m.Seps = append(m.Seps, s[i])
		i++
	}
	if len(m.Squares) < 2 {
		return fail("a move needs a square to go to (a1-b2, a1:c3)")
	}
	return m, nil
}
