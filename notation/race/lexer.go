package race

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"arbiter/notation"
)

// Token types of the hand-written lexer.
const (
	tokTag        lexer.TokenType = iota + 1 // [Name "value"]
	tokMoveNumber                            // 12.
	tokPlayer                                // R, Blue, Anna: who throws next
	tokRoll                                  // 6: or 4+5:
	tokAction                                // B/1, 7/10*, 0/6>12, 7, -
	tokPay                                   // (pays 10)
	tokComment                               // {...} or ; to the end of the line
	tokResult                                // *
	tokUnreadable                            // anything else, one word at a time
)

var tokenNames = map[string]lexer.TokenType{
	"EOF": lexer.EOF, "Tag": tokTag, "MoveNumber": tokMoveNumber, "Player": tokPlayer, "Roll": tokRoll,
	"Action": tokAction, "Pay": tokPay, "Comment": tokComment, "Result": tokResult, "Unreadable": tokUnreadable,
}

// definition implements participle's lexer.Definition.
type definition struct{}

func (definition) Symbols() map[string]lexer.TokenType { return tokenNames }

func (definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return newScanner(string(b), filename, notation.Pos{Line: 1, Col: 1}), nil
}

// scanner cuts a game text into tokens, keeping file positions. After a
// Roll, the next word is its Action whatever it looks like (B is the base
// there, not the Blue player).
type scanner struct {
	s          string
	i          int
	file       string
	line, col  int
	base       int64
	wantAction bool
}

func newScanner(s, file string, at notation.Pos) *scanner {
	return &scanner{s: s, file: file, line: max(at.Line, 1), col: max(at.Col, 1), base: at.Offset}
}

func (l *scanner) pos() lexer.Position {
	return lexer.Position{Filename: l.file, Offset: int(l.base) + l.i, Line: l.line, Column: l.col}
}

func toPos(p lexer.Position) notation.Pos {
	return notation.Pos{Line: p.Line, Col: p.Column, Offset: int64(p.Offset)}
}

func (l *scanner) advTo(j int) {
	for l.i < j {
		if l.s[l.i] == '\n' {
			l.line++
			l.col = 1
			l.i++
			continue
		}
		_, n := utf8.DecodeRuneInString(l.s[l.i:])
		l.i += n
		l.col++
	}
}

func (l *scanner) tok(t lexer.TokenType, end int) lexer.Token {
	p := l.pos()
	v := l.s[l.i:end]
	l.advTo(end)
	return lexer.Token{Type: t, Value: v, Pos: p}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func wordEnd(s string, i int) int {
	for i < len(s) && !isSpace(s[i]) && !strings.ContainsRune("{}[];(", rune(s[i])) {
		i++
	}
	return i
}

// Next returns the next token.
func (l *scanner) Next() (lexer.Token, error) {
	for l.i < len(l.s) && isSpace(l.s[l.i]) {
		l.advTo(l.i + 1)
	}
	if l.i >= len(l.s) {
		return lexer.EOFToken(l.pos()), nil
	}
	s, i := l.s, l.i
	want := l.wantAction
	l.wantAction = false
	switch s[i] {
	case '[':
		j, quoted := i+1, false
		for j < len(s) && (quoted || s[j] != ']') && s[j] != '\n' {
			if s[j] == '"' {
				quoted = !quoted
			} else if s[j] == '\\' && quoted {
				j++
			}
			j++
		}
		if j < len(s) && s[j] == ']' {
			j++
		}
		return l.tok(tokTag, min(j, len(s))), nil
	case '{':
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return l.tok(tokComment, len(s)), nil
		}
		return l.tok(tokComment, i+j+1), nil
	case ';':
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			j = len(s) - i
		}
		return l.tok(tokComment, i+j), nil
	case '(':
		j := strings.IndexAny(s[i:], ")\n")
		if j < 0 || s[i+j] != ')' {
			return l.tok(tokUnreadable, wordEnd(s, i+1)), nil
		}
		return l.tok(tokPay, i+j+1), nil
	case '}', ']', ')':
		return l.tok(tokUnreadable, i+1), nil
	}
	end := wordEnd(s, i)
	w := s[i:end]
	if want {
		return l.tok(tokAction, end), nil
	}
	switch {
	case w == "*":
		return l.tok(tokResult, end), nil
	case isRoll(w):
		l.wantAction = true
		return l.tok(tokRoll, end), nil
	}
	j := i
	for j < end && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	if j > i && j < end && s[j] == '.' && strings.Trim(s[j:end], ".") == "" {
		return l.tok(tokMoveNumber, end), nil
	}
	if isName(w) {
		return l.tok(tokPlayer, end), nil
	}
	return l.tok(tokUnreadable, end), nil
}

// isRoll: digits joined by +, then a colon.
func isRoll(w string) bool {
	if !strings.HasSuffix(w, ":") || len(w) < 2 {
		return false
	}
	for _, f := range strings.Split(w[:len(w)-1], "+") {
		if f == "" || strings.Trim(f, "0123456789") != "" {
			return false
		}
	}
	return true
}

// isName: a player, colour or colour letter: starts with a letter.
func isName(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r > 127
}
