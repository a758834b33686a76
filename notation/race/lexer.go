package race

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"

	"arbiter/notation"
	"arbiter/notation/movetext"
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
	movetext.Cursor
	wantAction bool
	// noPay is where the last look for a payment's ')' stopped without
	// one (a line break or the end): a '(' before it has none either, so a
	// run of '(' is not read to the end of its line once for each.
	noPay int
}

func newScanner(s, file string, at notation.Pos) *scanner {
	return &scanner{Cursor: movetext.NewCursor(s, file, at)}
}

func wordEnd(s string, i int) int {
	for i < len(s) && !movetext.IsSpace(s[i]) && !strings.ContainsRune("{}[];(", rune(s[i])) {
		i++
	}
	return i
}

// Next returns the next token.
func (l *scanner) Next() (lexer.Token, error) {
	if !l.SkipSpace() {
		return lexer.EOFToken(l.Pos()), nil
	}
	s, i := l.S, l.I
	want := l.wantAction
	l.wantAction = false
	switch s[i] {
	case '[':
		return l.Tok(tokTag, movetext.TagEnd(s, i)), nil
	case '{', ';':
		return l.Tok(tokComment, movetext.CommentEnd(s, i)), nil
	case '(':
		if i < l.noPay {
			return l.Tok(tokUnreadable, wordEnd(s, i+1)), nil
		}
		j := strings.IndexAny(s[i:], ")\n")
		if j < 0 || s[i+j] != ')' {
			l.noPay = len(s)
			if j >= 0 {
				l.noPay = i + j
			}
			return l.Tok(tokUnreadable, wordEnd(s, i+1)), nil
		}
		return l.Tok(tokPay, i+j+1), nil
	case '}', ']', ')':
		return l.Tok(tokUnreadable, i+1), nil
	}
	end := wordEnd(s, i)
	w := s[i:end]
	if want && !(w == "*" && strings.TrimSpace(s[end:]) == "") {
		return l.Tok(tokAction, end), nil
	}
	if w == "*" {
		return l.Tok(tokResult, end), nil
	}
	if k := rollEnd(s, i); k > 0 {
		l.wantAction = true
		return l.Tok(tokRoll, k), nil
	}
	j := i
	for j < end && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	if j > i && j < end && s[j] == '.' && strings.Trim(s[j:end], ".") == "" {
		return l.Tok(tokMoveNumber, end), nil
	}
	if isName(w) {
		return l.Tok(tokPlayer, end), nil
	}
	return l.Tok(tokUnreadable, end), nil
}

// rollEnd is the end of the roll starting at s[i] (just past its colon),
// or -1: digits joined by +, then a colon. People also write spaces around
// the + or before the colon ("4 + 5: 0", "4+5 : 0") and leave none after
// it ("1+2:0/3"); the roll is read all the same (the parser warns), but
// never across a line.
func rollEnd(s string, i int) int {
	digits := func(j int) int {
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		return j
	}
	blanks := func(j int) int {
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		return j
	}
	j := digits(i)
	if j == i {
		return -1
	}
	for {
		k := blanks(j)
		switch {
		case k < len(s) && s[k] == ':':
			return k + 1
		case k < len(s) && s[k] == '+':
			d := blanks(k + 1)
			if j = digits(d); j == d {
				return -1
			}
		default:
			return -1
		}
	}
}

// isName: a player, colour or colour letter: starts with a letter.
func isName(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r > 127
}
