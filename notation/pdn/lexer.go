package pdn

import (
	"io"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"arbiter/notation"
)

// Token types of the hand-written lexer. Every token is a whole PDN unit: a
// tag pair, a move with all its squares, a comment with its braces, so the
// grammar stays flat and the generic parser sees few tokens.
const (
	tokTag         lexer.TokenType = iota + 1 // [Name "value"]
	tokMoveNumber                             // 12. or 12...
	tokMove                                   // 32-28, 28x19x10, c3:e5, a3b4, 1- 6, or "-" (unknown move)
	tokEllipsis                               // ... standing alone (1. ... 7-12)
	tokComment                                // {...}, or text glued to a move
	tokLineComment                            // % to end of line (at line start), ; to end of line
	tokNAG                                    // $12
	tokStrength                               // ! ? !? ?! !! ?? and (!?)
	tokLParen                                 // (
	tokRParen                                 // )
	tokSetup                                  // /FEN "..."/
	tokResult                                 // game terminator at variation depth 0
	tokInnerResult                            // a result inside a variation
	tokMoves                                  // move numbers and moves parted by white space only: 1. 32-28 19-23 2. 37-32
	tokTags                                   // tag pairs parted by white space only
	tokUnreadable                             // anything else, one word at a time
	tokDeep                                   // a variation inside notation.MaxDepth others, whole: (19-23 (...) 28x19)
)

var tokenNames = map[string]lexer.TokenType{
	"EOF":         lexer.EOF,
	"Tag":         tokTag,
	"MoveNumber":  tokMoveNumber,
	"Move":        tokMove,
	"Ellipsis":    tokEllipsis,
	"Comment":     tokComment,
	"LineComment": tokLineComment,
	"NAG":         tokNAG,
	"Strength":    tokStrength,
	"LParen":      tokLParen,
	"RParen":      tokRParen,
	"Setup":       tokSetup,
	"Result":      tokResult,
	"InnerResult": tokInnerResult,
	"Moves":       tokMoves,
	"Tags":        tokTags,
	"Unreadable":  tokUnreadable,
	"Deep":        tokDeep,
}

// definition implements participle's lexer.Definition with the hand-written
// scanner. Parse does not go through Lex (it needs the scanner's
// diagnostics and file positions) but the definition is complete, so the
// grammar can be used on its own.
type definition struct{}

func (definition) Symbols() map[string]lexer.TokenType { return tokenNames }

func (definition) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return definition{}.LexString(filename, string(b))
}

func (definition) LexString(filename string, s string) (lexer.Lexer, error) {
	return newScanner(GameText{Text: s, Pos: notation.Pos{Line: 1, Col: 1}}, filename, &diags{}), nil
}

type offMode uint8

const (
	offIdentity offMode = iota // text bytes are file bytes
	offPerRune                 // a single-byte encoding: one file byte per character
	offReplaced                // UTF-8 with some invalid bytes replaced by U+FFFD (3 bytes each)
)

// scanner is the hand-written lexer. It keeps file positions: line and
// column (in characters) and the byte offset in the file.
type scanner struct {
	s        string
	i        int
	filename string
	d        *diags

	line          int
	runeIdx       int // characters in s[:i]
	lineStartRune int // runeIdx at the start of the current line
	startLine     int
	startCol      int

	base    int64
	mode    offMode
	repl    []int // offsets in s of U+FFFD replacements, ascending
	replPtr int

	depth   int         // variation depth, so results inside variations are told apart
	moveEnd int         // end of the last move token, to see text glued to it
	moves   int         // moves read so far, inside runs or not (the builder allocates them at once)
	singles bool        // no runs: every move number, move and tag is a token (tests)
	tagEls  []tagEl     // the tags of the runs of tags, in order
	parens  []int       // the byte index in s of every ( and ) token, in order
	inDeep  bool        // deep is reading a variation too deep to nest
	pending lexer.Token // a token deep read past, returned next (Type 0: none)
	// deepOpen is how many variations the game's end left open inside
	// a deep token (for the unclosed-variation warning).
	deepOpen int
}

func newScanner(g GameText, filename string, d *diags) *scanner {
	l := &scanner{}
	l.init(g, filename, d)
	return l
}

// init readies l to read g (Parse keeps its scanners in a pool).
func (l *scanner) init(g GameText, filename string, d *diags) {
	line, col := g.Pos.Line, g.Pos.Col
	if line < 1 {
		line = 1
	}
	if col < 1 {
		col = 1
	}
	*l = scanner{
		s: g.Text, filename: filename, d: d,
		line: line, startLine: line, startCol: col,
		base: g.Pos.Offset, mode: g.offMode, repl: g.repl,
		moveEnd: -1,
		tagEls:  l.tagEls[:0],
		parens:  l.parens[:0],
	}
}

// pos returns the file position of s[l.i].
func (l *scanner) pos() notation.Pos { return l.posAt(l.i, l.runeIdx, l.line, l.lineStartRune) }

// posAt returns the file position of s[i], at character runeIdx of s, on
// line line, whose first character is lineStartRune: pos for a caller that
// keeps the counters in variables of its own (the fast path's plainRun).
func (l *scanner) posAt(i, runeIdx, line, lineStartRune int) notation.Pos {
	col := runeIdx - lineStartRune + 1
	if line == l.startLine {
		col += l.startCol - 1
	}
	var off int64
	switch l.mode {
	case offPerRune:
		off = l.base + int64(runeIdx)
	case offReplaced:
		for l.replPtr < len(l.repl) && l.repl[l.replPtr] < i {
			l.replPtr++
		}
		off = l.base + int64(i-2*l.replPtr)
	default:
		off = l.base + int64(i)
	}
	return notation.Pos{Line: line, Col: col, Offset: off}
}

// advTo moves to byte j, counting lines and characters.
func (l *scanner) advTo(j int) {
	s := l.s
	for k := l.i; k < j; k++ {
		c := s[k]
		if c < 0x80 {
			l.runeIdx++
			if c == '\n' {
				l.line++
				l.lineStartRune = l.runeIdx
			}
		} else if c&0xC0 != 0x80 {
			l.runeIdx++
		}
	}
	l.i = j
}

func lexPos(p notation.Pos, filename string) lexer.Position {
	return lexer.Position{Filename: filename, Offset: int(p.Offset), Line: p.Line, Column: p.Col}
}

func toPos(p lexer.Position) notation.Pos {
	return notation.Pos{Line: p.Line, Col: p.Column, Offset: int64(p.Offset)}
}

// isDelim reports whether c ends a word. The splitter uses the same set, so
// both agree on where a result token ends.
func isDelim(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\f', '\v', '[', ']', '{', '}', '(', ')', ';', '\\', '"', '*':
		return true
	}
	return false
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isFile reports whether c can be the letter of an alphanumeric square
// (boards up to 12 columns: a to l), in either case (C3-D4 is c3-d4).
func isFile(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'l' }

func (l *scanner) tok(t lexer.TokenType, start int, p notation.Pos) lexer.Token {
	return lexer.Token{Type: t, Value: l.s[start:l.i], Pos: lexPos(p, l.filename)}
}

// Next returns the next token (participle's lexer.Lexer). A move number or
// move is returned with the move numbers and moves that follow it separated
// only by white space, as one tokMoves token (a game's whole movetext when
// it has no comments), which the builder walks again, and a tag pair with
// the tag pairs after it as one tokTags token (run.go):
// participle's lexer.Upgrade keeps every token of a game in one slice of
// 64-byte tokens, grown by appending, and offers no way to reuse it, so
// the fewer the tokens, the less of it to grow and copy.
func (l *scanner) Next() (lexer.Token, error) {
	t, err := l.next()
	if err != nil || l.singles {
		return t, err
	}
	switch {
	case t.Type == tokMoveNumber || (t.Type == tokMove && t.Value[0] != '-'):
		l.extendRun(&t)
	case t.Type == tokTag:
		l.extendTags(&t)
	}
	return t, err
}

func (l *scanner) next() (lexer.Token, error) {
	if l.pending.Type != 0 {
		t := l.pending
		l.pending = lexer.Token{}
		return t, nil
	}
	s := l.s
	for l.i < len(s) {
		c := s[l.i]
		switch c {
		case ' ', '\t', '\f', '\v':
			l.i++
			l.runeIdx++
			continue
		case '\n':
			l.i++
			l.runeIdx++
			l.line++
			l.lineStartRune = l.runeIdx
			continue
		case '\r':
			if l.i+1 >= len(s) || s[l.i+1] != '\n' {
				l.d.aggregate(aggStrayCR, l.pos())
			}
			l.i++
			l.runeIdx++
			continue
		}
		start, p := l.i, l.pos()
		switch {
		case c == '[':
			if t, ok := l.scanTag(start, p); ok {
				return t, nil
			}
			continue
		case c == '{':
			return l.scanComment(start, p), nil
		case c == '(':
			if end := strengthParen(s, l.i); end > 0 {
				l.advTo(end)
				return l.tok(tokStrength, start, p), nil
			}
			l.parens = append(l.parens, l.i)
			l.advTo(l.i + 1)
			l.depth++
			if l.depth > notation.MaxDepth && !l.inDeep {
				return l.deep(start, p), nil
			}
			return l.tok(tokLParen, start, p), nil
		case c == ')':
			l.parens = append(l.parens, l.i)
			l.advTo(l.i + 1)
			if l.depth > 0 {
				l.depth--
			}
			return l.tok(tokRParen, start, p), nil
		case c == ';':
			l.advTo(lineEnd(s, l.i))
			return l.tok(tokLineComment, start, p), nil
		case c == '%' && l.atLineStart():
			l.advTo(lineEnd(s, l.i))
			return l.tok(tokLineComment, start, p), nil
		case c == '$':
			j := l.i + 1
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			if j > l.i+1 {
				l.advTo(j)
				return l.tok(tokNAG, start, p), nil
			}
		case c == '!' || c == '?':
			j := l.i
			for j < len(s) && (s[j] == '!' || s[j] == '?') {
				j++
			}
			l.advTo(j)
			return l.tok(tokStrength, start, p), nil
		case c == '*':
			l.advTo(l.i + 1)
			return l.resultTok(start, p), nil
		case c == '/':
			if t, ok := l.scanSetup(start, p); ok {
				return t, nil
			}
		case c == '\\':
			if l.i+1 < len(s) && (s[l.i+1] == 'r' || s[l.i+1] == 'n') {
				l.d.aggregate(aggLiteralEscape, p)
				l.advTo(l.i + 2)
				continue
			}
		case c == '}' || c == ']':
			l.d.warn(p, CodeStrayBracket, "stray "+string(c)+" (ignored)")
			l.advTo(l.i + 1)
			continue
		case c == '.':
			j := l.i
			for j < len(s) && s[j] == '.' {
				j++
			}
			if j == len(s) || isDelim(s[j]) {
				l.advTo(j)
				if j-start == 3 {
					return l.tok(tokEllipsis, start, p), nil
				}
				l.d.aggregate(aggStrayDot, p)
				continue
			}
		case c == '-':
			// "-" or "--" standing for an unknown move (1. - - 2. - -).
			j := l.i
			for j < len(s) && s[j] == '-' && j-l.i < 2 {
				j++
			}
			if j == len(s) || isDelim(s[j]) || s[j] == '!' || s[j] == '?' {
				l.advTo(j)
				l.d.aggregate(aggUnknownMove, p)
				l.moves++
				return l.tok(tokMove, start, p), nil
			}
		case c == 0xC2 && l.i+1 < len(s) && s[l.i+1] == 0xA0: // no-break space
			l.advTo(l.i + 2)
			continue
		case c == 0xEF && strings.HasPrefix(s[l.i:], "\uFEFF"): // BOM of a concatenated file
			l.advTo(l.i + 3)
			continue
		case isDigit(c) || c == 0xC2:
			if t, ok := l.scanNumeric(start, p); ok {
				return t, nil
			}
		case isLetter(c) && l.atLineStart() && bareTagEnd(s[l.i:]) > 0:
			l.advTo(l.i + bareTagEnd(s[l.i:]))
			return l.tok(tokTag, start, p), nil
		case isFile(c):
			if end, info := scanMove(s, l.i); end > 0 {
				return l.moveTok(start, end, info, p), nil
			}
			if shortStarts(s, l.i) {
				if end, info := scanShort(s, l.i); end > 0 {
					return l.moveTok(start, end, info, p), nil
				}
			}
		}
		// Not a PDN token: one unreadable word, or text glued to a move
		// (8-11Red overstepped the time control), which a human reads as
		// a comment.
		j := l.i + 1
		for j < len(s) && !isDelim(s[j]) {
			j++
		}
		l.advTo(j)
		if start == l.moveEnd {
			l.d.warn(p, CodeGluedText, "text glued to a move (read as a comment): "+s[start:j])
			return l.tok(tokComment, start, p), nil
		}
		return l.tok(tokUnreadable, start, p), nil
	}
	return lexer.Token{Type: lexer.EOF, Pos: lexPos(l.pos(), l.filename)}, nil
}

// deep reads the variation opened at s[start], inside notation.MaxDepth
// others, as one tokDeep token that ends with the ')' closing it, or with
// the game. Its text is scanned token by token as usual, so it ends where
// reading it as a variation would and says what that would say of its
// bytes (its diagnostics), but none of its tokens is handed on: its moves
// are not counted for the builder, its tags and parentheses not listed,
// and nesting costs neither a parser token nor a builder frame per level.
// A result that ends a game whose deep variation is not closed is handed
// on after it, as the game's result (the builder reads one found inside
// an unclosed variation as such).
func (l *scanner) deep(start int, p notation.Pos) lexer.Token {
	moves, tags, parens := l.moves, len(l.tagEls), len(l.parens)-1 // (without its own '(')
	l.inDeep = true
	var result lexer.Token // the last token read, when an inner result
	resultAt := 0
	for l.depth > notation.MaxDepth {
		t, _ := l.next()
		if t.Type == lexer.EOF {
			break
		}
		result = lexer.Token{}
		if t.Type == tokInnerResult {
			result, resultAt = t, l.i-len(t.Value)
		}
	}
	l.inDeep = false
	l.moves, l.tagEls, l.parens = moves, l.tagEls[:tags], l.parens[:parens]
	end := l.i
	if l.depth > notation.MaxDepth {
		l.deepOpen = l.depth - notation.MaxDepth
		if result.Type != 0 {
			end, l.pending = resultAt, result
		}
	}
	return lexer.Token{Type: tokDeep, Value: strings.TrimRight(l.s[start:end], " \t\r\n"), Pos: lexPos(p, l.filename)}
}

func (l *scanner) atLineStart() bool {
	for k := l.i - 1; k >= 0; k-- {
		switch l.s[k] {
		case ' ', '\t', '\r':
			continue
		case '\n':
			return true
		}
		return false
	}
	return l.startCol == 1
}

func lineEnd(s string, i int) int {
	j := strings.IndexByte(s[i:], '\n')
	if j < 0 {
		return len(s)
	}
	if j > 0 && s[i+j-1] == '\r' {
		j--
	}
	return i + j
}

// strengthParen returns the end of a parenthesised move strength like
// "(!?)" starting at s[i] == '(', or 0.
func strengthParen(s string, i int) int {
	j := i + 1
	for j < len(s) && (s[j] == '!' || s[j] == '?') {
		j++
	}
	if j > i+1 && j < len(s) && s[j] == ')' {
		return j + 1
	}
	return 0
}

func (l *scanner) resultTok(start int, p notation.Pos) lexer.Token {
	if l.depth > 0 {
		return l.tok(tokInnerResult, start, p)
	}
	return l.tok(tokResult, start, p)
}

// scanNumeric reads what starts with a digit: a result, a move number or a
// move.
func (l *scanner) scanNumeric(start int, p notation.Pos) (lexer.Token, bool) {
	s := l.s
	if end, norm, spaced := scanResult(s, l.i); end > 0 {
		if spaced {
			l.d.warn(p, CodeSpacedResult, "result written with spaces: "+strings.Join(strings.Fields(s[l.i:end]), " "))
		}
		l.colonDiag(s[l.i:end], norm, p)
		l.advTo(end)
		return l.resultTok(start, p), true
	}
	if end := resultGluedToNumber(s, l.i); end > 0 {
		// (The splitter cuts the game there at variation depth 0; this is
		// the same glue inside a variation, or in a text given whole.)
		l.d.warn(p, CodeGluedResult, "result glued to a first move number (read as if separated)")
		l.colonDiag(s[l.i:end], normResult(s[l.i:end]), p)
		l.advTo(end)
		return l.resultTok(start, p), true
	}
	if !isDigit(s[l.i]) {
		return lexer.Token{}, false
	}
	if k := moveNumberEnd(s, l.i); k > 0 {
		l.numberDiags(l.i, p)
		l.advTo(k)
		return l.tok(tokMoveNumber, start, p), true
	}
	if end, info := scanMove(s, l.i); end > 0 {
		if normResult(s[l.i:end]) != "" {
			// "0-0A0": a result with text glued to it is no move.
			return lexer.Token{}, false
		}
		return l.moveTok(start, end, info, p), true
	}
	return lexer.Token{}, false
}

// colonDiag reports a result written with a colon (1:0), naming its PDN
// form.
func (l *scanner) colonDiag(text, norm string, p notation.Pos) {
	if strings.IndexByte(text, ':') >= 0 {
		l.d.warn(p, CodeColonResult, "result written "+text+" (PDN: "+norm+")")
	}
}

// moveTok emits a move token and reports text glued after it.
func (l *scanner) moveTok(start, end int, info moveScan, p notation.Pos) lexer.Token {
	if info.leadingZero {
		l.d.aggregate(aggLeadingZero, p)
	}
	if info.padded {
		l.d.aggregate(aggPadded, p)
	}
	if info.upper {
		l.d.aggregate(aggUpperCase, p)
	}
	l.advTo(end)
	l.moveEnd = end
	l.moves++
	return l.tok(tokMove, start, p)
}

// scanTag reads a tag pair [Name "value"] as one token. The token ends at
// the closing bracket, or at the end of the line when it is missing.
func (l *scanner) scanTag(start int, p notation.Pos) (lexer.Token, bool) {
	s := l.s
	if tagStray(s, l.i) {
		l.d.warn(p, CodeStrayBracket, "[ alone on its line (ignored)")
		l.advTo(l.i + 1)
		return lexer.Token{}, false
	}
	l.advTo(tagEnd(s, l.i))
	if len(s[start:l.i]) > 1 && s[start+1] == '%' {
		// [%clock ...] written outside a comment: a comment for a human.
		l.d.warn(p, CodeBareCommand, "command "+s[start:l.i]+" outside a comment (read as a comment)")
		return l.tok(tokComment, start, p), true
	}
	return l.tok(tokTag, start, p), true
}

// tagStray reports whether the '[' at s[i] stands alone on its line.
func tagStray(s string, i int) bool {
	j := i + 1
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	return j == len(s) || s[j] == '\n' || s[j] == '\r'
}

// tagEnd returns the end of the tag pair opened by the '[' at s[i].
func tagEnd(s string, i int) int {
	j := i + 1
	inStr := false
	for j < len(s) {
		c := s[j]
		if inStr {
			if c == '\\' && j+1 < len(s) && s[j+1] != '\n' && s[j+1] != '\r' {
				j += 2
				continue
			}
			if c == '"' {
				inStr = false
			} else if c == '\r' && j+1 < len(s) && s[j+1] == '\n' && tagValueGoesOn(stringPeek(s, j), 2) {
				j += 2
				continue
			} else if c == '\n' && tagValueGoesOn(stringPeek(s, j), 1) {
				j++
				continue
			} else if c == '\n' || c == '\r' {
				break
			}
			j++
			continue
		}
		if c == '"' {
			inStr = true
		} else if c == ']' {
			j++
			break
		} else if c == '\n' || c == '\r' || (c == '[' && j > i+1) && s[j-1] != '[' {
			break
		}
		j++
	}
	return j
}

// scanComment reads {...}. PDN 3.0 comments do not nest, but a comment
// whose inner braces balance ({ a { b } c }) is read as one nested comment,
// with a warning; when they do not balance before the end of the game, the
// first } closes the comment as PDN says.
func (l *scanner) scanComment(start int, p notation.Pos) lexer.Token {
	s := l.s
	first := strings.IndexByte(s[l.i+1:], '}')
	if first < 0 {
		l.d.errorf(p, CodeUnclosedComment, "comment { is not closed before the end of the game")
		l.advTo(len(s))
		return l.tok(tokComment, start, p)
	}
	end := l.i + 1 + first + 1
	if strings.IndexByte(s[l.i+1:end], '{') >= 0 {
		depth := 0
		for j := l.i; j < len(s); j++ {
			switch s[j] {
			case '{':
				depth++
			case '}':
				depth--
			}
			if depth == 0 {
				l.d.warn(p, CodeNestedComment, "nested braces in a comment (PDN comments do not nest; read as one comment)")
				end = j + 1
				break
			}
		}
	}
	l.advTo(end)
	return l.tok(tokComment, start, p)
}

// scanSetup reads /FEN "..."/.
func (l *scanner) scanSetup(start int, p notation.Pos) (lexer.Token, bool) {
	s := l.s
	j := l.i + 1
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if !strings.HasPrefix(s[j:], "FEN") {
		return lexer.Token{}, false
	}
	// The setup ends at the first / outside quotes, or with the line
	// (the splitter reads it the same way).
	k := j + 3
	inQuote := false
	for k < len(s) && s[k] != '\n' && (inQuote || s[k] != '/') {
		if s[k] == '"' {
			inQuote = !inQuote
		}
		k++
	}
	if k < len(s) && s[k] == '/' {
		l.advTo(k + 1)
	} else {
		l.d.errorf(p, CodeUnclosedSetup, "setup /FEN ... is not closed with /")
		l.advTo(k)
	}
	return l.tok(tokSetup, start, p), true
}

// resultHalf scans one half of a result at s[j]: 0, 1, 2, or a half
// written 1/2 or ½ (also the Windows-1252 byte of ½, which only the
// splitter sees). It returns its end and value (3 for a half), or -1.
func resultHalf(s string, j int) (int, int) {
	if j >= len(s) {
		return -1, 0
	}
	switch c := s[j]; {
	case c == '1' && j+2 < len(s) && s[j+1] == '/' && s[j+2] == '2':
		return j + 3, 3
	case '0' <= c && c <= '2':
		return j + 1, int(c - '0')
	case c == 0xC2 && j+1 < len(s) && s[j+1] == 0xBD:
		return j + 2, 3
	case c == 0xBD:
		return j + 1, 3
	}
	return -1, 0
}

// resultNames[a][b] is the normalised result a-b, "" if a-b is none.
var resultNames = [4][4]string{
	{"0-0", "0-1", "0-2", ""},
	{"1-0", "1-1", "", ""},
	{"2-0", "", "", ""},
	{"", "", "", "1/2-1/2"},
}

// scanResult recognises a result at s[i]: 2-0 1-1 0-2 0-0 1-0 0-1 1/2-1/2
// (or ½-½), possibly written with spaces or tabs around the dash ("0 - 2"),
// or with a colon and no spaces (1:0, 1/2:1/2, 2:0, as many national
// archives write scores: no draughts move, for none has a square 0, and
// 1:1 would capture from a square onto itself; "1: 0" is a race game's
// throw), and followed by a delimiter or the end. It returns the end, the
// normalised result (with a dash), and whether spaces were found. ("*" is
// handled by the callers.)
func scanResult(s string, i int) (end int, norm string, spaced bool) {
	a, h1 := resultHalf(s, i)
	if a < 0 {
		return 0, "", false
	}
	if a < len(s) && s[a] == ':' {
		b, h2 := resultHalf(s, a+1)
		if b < 0 || (b < len(s) && !isDelim(s[b])) || resultNames[h1][h2] == "" {
			return 0, "", false
		}
		return b, resultNames[h1][h2], false
	}
	j := a
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j >= len(s) || s[j] != '-' {
		return 0, "", false
	}
	dash := j
	j++
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	b, h2 := resultHalf(s, j)
	if b < 0 || (b < len(s) && !isDelim(s[b])) {
		return 0, "", false
	}
	norm = resultNames[h1][h2]
	if norm == "" {
		return 0, "", false
	}
	return b, norm, dash != a || j != dash+1
}

// normResult normalises a result token's text ("" if it is none).
func normResult(text string) string {
	if text == "*" {
		return "*"
	}
	if end, norm, _ := scanResult(text, 0); end == len(text) {
		return norm
	}
	return ""
}

// resultGluedToNumber returns the end of a result at s[i] that is glued to
// a first move number ("1-101.32-28": 1-1, then 01.; "1:01."), or 0.
func resultGluedToNumber(s string, i int) int {
	a, h1 := resultHalf(s, i)
	if a < 0 || a >= len(s) || (s[a] != '-' && s[a] != ':') {
		return 0
	}
	b, h2 := resultHalf(s, a+1)
	if b < 0 || resultNames[h1][h2] == "" || !firstMoveNumberAt(stringPeek(s, b), 0) {
		return 0
	}
	return b
}

// firstMoveNumberAt reports whether a game's first move number, 1 written
// with at most two leading zeros and a dot ("1.", "01.", "001..."), starts
// k bytes ahead. Only the number 1 is taken, so that no move followed by a
// stray dot ("1-12.") is ever cut in two.
func firstMoveNumberAt(peek func(int) (byte, bool), k int) bool {
	for n := 0; n < 3; n++ {
		c, ok := peek(k + n)
		if !ok {
			return false
		}
		switch c {
		case '0':
			continue
		case '1':
			d, ok := peek(k + n + 1)
			return ok && d == '.'
		}
		return false
	}
	return false
}
