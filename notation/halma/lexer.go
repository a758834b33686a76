package halma

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"arbiter/notation"
)

// Token types of the hand-written lexer: every token is a whole unit (a
// tag pair with its brackets, a move with its removals, a comment with its
// braces), so the grammar stays flat.
const (
	tokTag        lexer.TokenType = iota + 1 // [Name "value"]
	tokMoveNumber                            // 12. or 12...
	tokEllipsis                              // ... standing alone
	tokMove                                  // a1-b2, a1:c3:e5, pass
	tokComment                               // {...} or ; to the end of the line
	tokResult                                // 1-0 0-1 1-0-0-0 0-1-0-1 *
	tokUnreadable                            // anything else, one word at a time
)

var tokenNames = map[string]lexer.TokenType{
	"EOF": lexer.EOF, "Tag": tokTag, "MoveNumber": tokMoveNumber, "Ellipsis": tokEllipsis,
	"Move": tokMove, "Comment": tokComment, "Result": tokResult, "Unreadable": tokUnreadable,
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

// scanner cuts a game text into tokens, keeping file positions.
type scanner struct {
	s       string
	i       int
	file    string
	line    int
	col     int // column of s[i], in characters
	base    int64
	pending []lexer.Token
}

func newScanner(s, file string, at notation.Pos) *scanner {
	line, col := max(at.Line, 1), max(at.Col, 1)
	return &scanner{s: s, file: file, line: line, col: col, base: at.Offset}
}

func (l *scanner) pos() lexer.Position {
	return lexer.Position{Filename: l.file, Offset: int(l.base) + l.i, Line: l.line, Column: l.col}
}

func toPos(p lexer.Position) notation.Pos {
	return notation.Pos{Line: p.Line, Col: p.Column, Offset: int64(p.Offset)}
}

// advTo moves to byte j, counting lines and characters.
func (l *scanner) advTo(j int) {
	for l.i < j {
		c := l.s[l.i]
		if c == '\n' {
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

// wordEnd is the end of the word starting at i: it stops at spaces and at
// the characters that open or close another token.
func wordEnd(s string, i int) int {
	for i < len(s) && !isSpace(s[i]) && !strings.ContainsRune("{}[];", rune(s[i])) {
		i++
	}
	return i
}

// Next returns the next token.
func (l *scanner) Next() (lexer.Token, error) {
	if len(l.pending) > 0 {
		t := l.pending[0]
		l.pending = l.pending[1:]
		return t, nil
	}
	for l.i < len(l.s) && isSpace(l.s[l.i]) {
		l.advTo(l.i + 1)
	}
	if l.i >= len(l.s) {
		return lexer.EOFToken(l.pos()), nil
	}
	s, i := l.s, l.i
	switch s[i] {
	case '[':
		// To the closing bracket outside the quoted value, or the end of
		// the line.
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
	case '}', ']':
		return l.tok(tokUnreadable, i+1), nil
	}
	end := wordEnd(s, i)
	w := s[i:end]
	switch {
	case isResult(w):
		return l.tok(tokResult, end), nil
	case strings.Trim(w, ".") == "" && len(w) >= 2:
		return l.tok(tokEllipsis, end), nil
	}
	// A move number, maybe glued to its move ("12.d6").
	j := i
	for j < end && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	if j > i && j < end && s[j] == '.' {
		for j < end && s[j] == '.' {
			j++
		}
		return l.tok(tokMoveNumber, j), nil
	}
	if looksLikeMove(w) {
		return l.tok(tokMove, end), nil
	}
	return l.tok(tokUnreadable, end), nil
}

// isResult: "*", or one score per player (0 or 1) joined by "-": 1-0,
// 0-1, 1-0-0-0, 0-1-0-1.
func isResult(w string) bool {
	if w == "*" {
		return true
	}
	parts := strings.Split(w, "-")
	if len(parts) < 2 || len(parts) > 4 {
		return false
	}
	for _, p := range parts {
		if p != "0" && p != "1" {
			return false
		}
	}
	return true
}

// looksLikeMove: "pass", or letters, digits, "-" and ":" with a digit,
// a strength mark (! ?) allowed at the end. Whether it decodes is the
// decoder's business.
func looksLikeMove(w string) bool {
	w = strings.TrimRight(w, "!?")
	if strings.EqualFold(w, "pass") || w == "--" {
		return true
	}
	digit, letter := false, false
	for i := 0; i < len(w); i++ {
		c := w[i] | 0x20
		switch {
		case '0' <= w[i] && w[i] <= '9':
			digit = true
		case 'a' <= c && c <= 'z':
			letter = true
		case w[i] == '-', w[i] == ':':
		default:
			return false
		}
	}
	return digit && letter
}
