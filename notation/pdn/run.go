package pdn

import (
	"github.com/alecthomas/participle/v2/lexer"

	"arbiter/notation"
)

// A run is a tokMoves token: move numbers and moves parted by white space
// only, as the scanner would return them one by one. The scanner reads each
// of them whole (with its diagnostics, in the same order as one token
// each), and the builder walks the run again to cut it into them, which
// costs less than handing participle a 64-byte token for each: a game
// without comments is a handful of tokens instead of hundreds.
//
// Runs hold only ASCII bytes (digits, dots, file letters, separators,
// blanks and line breaks), so inside a run a byte is a column and a file
// byte in every offset mode: the builder computes each element's position
// from the run's.

// A run of tags is a tokTags token: tag pairs parted by white space only.
// Tags may hold any character, so the scanner records each one's text and
// position (tagEls, kept with the scanner from game to game) and the
// builder reads them from there.

// tagEl is a tag pair of a run of tags.
type tagEl struct {
	v    string
	p    notation.Pos
	last bool // the run's last tag
}

// tagElem returns the end of the tag pair at s[j] that next would return
// there as a tag, or 0. lineStart: as in runElem.
func tagElem(s string, j int, lineStart bool) int {
	if j >= len(s) {
		return 0
	}
	switch c := s[j]; {
	case c == '[':
		if tagStray(s, j) {
			return 0
		}
		if e := tagEnd(s, j); e-j < 2 || s[j+1] != '%' {
			return e
		}
	case isLetter(c) && lineStart:
		if e := bareTagEnd(s[j:]); e > 0 {
			return j + e
		}
	}
	return 0
}

// extendTags turns the tag token t, which ends at l.i, into a run of tags
// when more tags follow it after white space.
func (l *scanner) extendTags(t *lexer.Token) {
	s := l.s
	start := l.i - len(t.Value)
	n := 1
	for {
		j, nl := runGap(s, l.i)
		end := tagElem(s, j, nl)
		if end == 0 {
			break
		}
		if n == 1 {
			l.tagEls = append(l.tagEls, tagEl{v: t.Value, p: toPos(t.Pos)})
		}
		l.advTo(j)
		l.tagEls = append(l.tagEls, tagEl{v: s[j:end], p: l.pos()})
		l.advTo(end)
		n++
	}
	if n > 1 {
		l.tagEls[len(l.tagEls)-1].last = true
		t.Type = tokTags
		t.Value = s[start:l.i]
	}
}

// moveNumberEnd returns the end of a move number at s[i], digits followed
// by dots (12. and 12...), or 0.
func moveNumberEnd(s string, i int) int {
	j := i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j == i || j == len(s) || s[j] != '.' {
		return 0
	}
	for j < len(s) && s[j] == '.' {
		j++
	}
	return j
}

// numberDiags reports a move number s[i:] written with a leading zero
// (01.) at p. (A move glued to its number, 1.32-28, is conforming PDN:
// the number is a token of its own.)
func (l *scanner) numberDiags(i int, p notation.Pos) {
	if l.s[i] == '0' {
		l.d.aggregate(aggLeadingZero, p)
	}
}

// runElem returns the end of the move number (num) or move at s[j] that
// next would return there, or 0 when next would return anything else
// there (a result, a tag, an unreadable word). lineStart says whether only
// blanks stand before s[j] on its line (a bare tag may start there).
func runElem(s string, j int, lineStart bool) (end int, num bool, info moveScan) {
	if j >= len(s) {
		return 0, false, info
	}
	switch c := s[j]; {
	case isDigit(c):
		result := mayBeResult(s, j)
		if result {
			if e, _, _ := scanResult(s, j); e > 0 || resultGluedToNumber(s, j) > 0 {
				return 0, false, info
			}
		}
		if k := moveNumberEnd(s, j); k > 0 {
			return k, true, info
		}
		if !result {
			if e := plainMoveEnd(s, j); e > 0 {
				return e, false, info
			}
		}
		if e, info := scanMove(s, j); e > 0 && (!result || normResult(s[j:e]) == "") {
			return e, false, info
		}
	case isFile(c):
		if lineStart && bareTagEnd(s[j:]) > 0 {
			return 0, false, info
		}
		if e, info := scanMove(s, j); e > 0 {
			return e, false, info
		}
		if shortStarts(s, j) {
			if e, info := scanShort(s, j); e > 0 {
				return e, false, info
			}
		}
	}
	return 0, false, info
}

// plainMoveEnd returns the end of the move at s[j] when it is a plain move
// (see plainMove) that ends there, which is where scanMove would end it
// (with no leading zero and no padding to report), or 0: the move goes on
// as a capture path ("28x19x10") when a separator follows, and a square
// of three digits or one written with a leading zero is scanMove's.
func plainMoveEnd(s string, j int) int {
	_, _, _, e := plainMoveAt(s, j)
	if e == 0 || (e < len(s) && isSep(s[e])) {
		return 0
	}
	return e
}

// mayBeResult reports whether a result written with digits may start at
// s[j]: a half (0, 1, 2 or 1/2) followed by blanks, a dash or a colon.
// Most move numbers and moves (12. 32-28 19x30) are told apart by their
// first two bytes without scanning a result.
func mayBeResult(s string, j int) bool {
	if s[j] < '0' || s[j] > '2' || j+1 >= len(s) {
		return false
	}
	switch s[j+1] {
	case '-', ' ', '\t', '/', ':':
		return true
	}
	return false
}

// runGap returns the end of the white space a run may hold at s[j]:
// blanks and line breaks (a CR only before its LF: a stray one is
// reported by next), and whether it holds a line break.
func runGap(s string, j int) (int, bool) {
	nl := false
	for j < len(s) {
		switch s[j] {
		case ' ', '\t':
			j++
		case '\n':
			j++
			nl = true
		case '\r':
			if j+1 == len(s) || s[j+1] != '\n' {
				return j, nl
			}
			j += 2
			nl = true
		default:
			return j, nl
		}
	}
	return j, nl
}

// extendRun turns the move number or move token t, which ends at l.i,
// into a run when more move numbers or moves follow it after white space,
// reading each with its diagnostics as next would.
func (l *scanner) extendRun(t *lexer.Token) {
	s := l.s
	start := l.i - len(t.Value)
	n := 1
	for {
		j, nl := runGap(s, l.i)
		end, num, info := runElem(s, j, nl)
		if end == 0 {
			break
		}
		if nl {
			l.advTo(j)
		} else {
			l.advASCII(j)
		}
		if num {
			if s[j] == '0' {
				l.numberDiags(j, l.pos())
			}
		} else {
			if info.leadingZero || info.padded || info.upper {
				p := l.pos()
				if info.leadingZero {
					l.d.aggregate(aggLeadingZero, p)
				}
				if info.padded {
					l.d.aggregate(aggPadded, p)
				}
				if info.upper {
					l.d.aggregate(aggUpperCase, p)
				}
			}
			l.moveEnd = end
			l.moves++
		}
		l.advASCII(end)
		n++
	}
	if n > 1 {
		t.Type = tokMoves
		t.Value = s[start:l.i]
	}
}

// advASCII moves to byte j over ASCII bytes without a line break (what a
// run's elements and the blanks between them are made of), each one
// character: advTo without looking at each byte.
func (l *scanner) advASCII(j int) {
	l.runeIdx += j - l.i
	l.i = j
}

// run walks a tokMoves token, handing each move number and move to item
// with its position.
func (b *builder) run(t *lexer.Token) {
	s := t.Value
	p := toPos(t.Pos)
	line, col0 := p.Line, p.Col // col0: the column of s[0] on the run's first line
	lineStart := 0              // index of the current line's first byte, after a line break
	for i := 0; i < len(s); {
		switch s[i] {
		case ' ', '\t', '\r':
			i++
			continue
		case '\n':
			i++
			line, lineStart, col0 = line+1, i, 1
			continue
		}
		typ, end := tokMoveNumber, moveNumberEnd(s, i)
		if end == 0 {
			typ = tokMove
			if end = plainMoveEnd(s, i); end == 0 {
				if end, _ = scanMove(s, i); end == 0 {
					if end, _ = scanShort(s, i); end == 0 {
						end = i + 1 // cannot happen: the scanner read a move here
					}
				}
			}
		}
		b.item(typ, s[i:end], notation.Pos{Line: line, Col: col0 + i - lineStart, Offset: p.Offset + int64(i)})
		i = end
	}
}
