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

// Cursor walks a game text keeping the file position (line, column in
// characters, byte offset) of every token: the part of a lexer every
// notation on PDN's tag pairs shares.
type Cursor struct {
	S    string // the game text
	I    int    // byte offset of the next character in S
	file string
	line int
	col  int // column of S[I], in characters
	base int64
}

// NewCursor starts at the beginning of s, which stands at position at in
// the file.
func NewCursor(s, file string, at notation.Pos) Cursor {
	return Cursor{S: s, file: file, line: max(at.Line, 1), col: max(at.Col, 1), base: at.Offset}
}

// Pos is the position of S[I].
func (c *Cursor) Pos() lexer.Position {
	return lexer.Position{Filename: c.file, Offset: int(c.base) + c.I, Line: c.line, Column: c.col}
}

// AdvTo moves to byte j, counting lines and characters.
func (c *Cursor) AdvTo(j int) {
	for c.I < j {
		if c.S[c.I] == '\n' {
			c.line++
			c.col = 1
			c.I++
			continue
		}
		_, n := utf8.DecodeRuneInString(c.S[c.I:])
		c.I += n
		c.col++
	}
}

// Tok makes a token of type t from S[I:end] and moves past it.
func (c *Cursor) Tok(t lexer.TokenType, end int) lexer.Token {
	p := c.Pos()
	v := c.S[c.I:end]
	c.AdvTo(end)
	return lexer.Token{Type: t, Value: v, Pos: p}
}

// SkipSpace moves past white space; false at the end of the text.
func (c *Cursor) SkipSpace() bool {
	for c.I < len(c.S) && IsSpace(c.S[c.I]) {
		c.AdvTo(c.I + 1)
	}
	return c.I < len(c.S)
}

// TagEnd is the end of the tag pair that starts with the '[' at s[i]: past
// the closing bracket outside the quoted value, or the end of the line.
func TagEnd(s string, i int) int {
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
	return min(j, len(s))
}

// CommentEnd is the end of the comment that starts at s[i]: past the '}'
// of a {...} comment (or the end of the text if it is not closed), or the
// end of the line of a ; comment.
func CommentEnd(s string, i int) int {
	if s[i] == '{' {
		if j := strings.IndexByte(s[i:], '}'); j >= 0 {
			return i + j + 1
		}
		return len(s)
	}
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(s)
}

// ToPos turns a participle position into a file position.
func ToPos(p lexer.Position) notation.Pos {
	return notation.Pos{Line: p.Line, Col: p.Column, Offset: int64(p.Offset)}
}

// scanner cuts a game text into tokens, keeping file positions.
type scanner struct {
	Cursor
	syn     *Syntax
	pending []lexer.Token
}

func newScanner(syn *Syntax, s, file string, at notation.Pos) *scanner {
	return &scanner{Cursor: NewCursor(s, file, at), syn: syn}
}

// IsSpace: the white space between tokens.
func IsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// wordEnd is the end of the word starting at i: it stops at spaces and at
// the characters that open or close another token.
func wordEnd(s string, i int) int {
	for i < len(s) && !IsSpace(s[i]) && !strings.ContainsRune("{}[];", rune(s[i])) {
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
	if !l.SkipSpace() {
		return lexer.EOFToken(l.Pos()), nil
	}
	s, i := l.S, l.I
	switch s[i] {
	case '[':
		return l.Tok(tokTag, TagEnd(s, i)), nil
	case '{', ';':
		return l.Tok(tokComment, CommentEnd(s, i)), nil
	case '}', ']':
		return l.Tok(tokUnreadable, i+1), nil
	}
	end := wordEnd(s, i)
	w := s[i:end]
	switch {
	case l.syn.IsResult(w):
		return l.Tok(tokResult, end), nil
	case strings.Trim(w, ".") == "" && len(w) >= 2:
		return l.Tok(tokEllipsis, end), nil
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
		return l.Tok(tokMoveNumber, j), nil
	}
	if l.syn.IsMove(w) {
		return l.Tok(tokMove, end), nil
	}
	return l.Tok(tokUnreadable, end), nil
}

// SkipComments drops the white space and comments ({...}, ; to the end of
// the line) at the start of s: what an exporter writes before the tags
// ("{exported by ...}") does not decide which game a text is.
func SkipComments(s string) string {
	for {
		i := 0
		for i < len(s) && IsSpace(s[i]) {
			i++
		}
		if i == len(s) || s[i] != '{' && s[i] != ';' {
			return s[i:]
		}
		s = s[CommentEnd(s, i):]
	}
}
