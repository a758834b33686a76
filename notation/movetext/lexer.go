package movetext

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
	tokMove                                  // whatever the Syntax calls a move
	tokComment                               // {...} or ; to the end of the line
	tokResult                                // whatever the Syntax calls a result
	tokUnreadable                            // anything else, one word at a time
)

var tokenNames = map[string]lexer.TokenType{
	"EOF": lexer.EOF, "Tag": tokTag, "MoveNumber": tokMoveNumber, "Ellipsis": tokEllipsis,
	"Move": tokMove, "Comment": tokComment, "Result": tokResult, "Unreadable": tokUnreadable,
}

// definition implements participle's lexer.Definition for one Syntax.
type definition struct{ syn *Syntax }

func (definition) Symbols() map[string]lexer.TokenType { return tokenNames }

func (d definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return newScanner(d.syn, string(b), filename, notation.Pos{Line: 1, Col: 1}), nil
}

// scanner cuts a game text into tokens, keeping file positions.
type scanner struct {
	syn     *Syntax
	s       string
	i       int
	file    string
	line    int
	col     int // column of s[i], in characters
	base    int64
	pending []lexer.Token
}

func newScanner(syn *Syntax, s, file string, at notation.Pos) *scanner {
	line, col := max(at.Line, 1), max(at.Col, 1)
	return &scanner{syn: syn, s: s, file: file, line: line, col: col, base: at.Offset}
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
	case l.syn.IsResult(w):
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
	if l.syn.IsMove(w) {
		return l.tok(tokMove, end), nil
	}
	return l.tok(tokUnreadable, end), nil
}
