package pdn

import (
	"fmt"
	"strconv"
	"strings"
)

// Square is one square of a written move: numeric (Num > 0, e.g. 32) or
// alphanumeric (Alpha, e.g. "c3"; Num is 0).
type Square struct {
	Num   int
	Alpha string
}

func (s Square) String() string {
	if s.Alpha != "" {
		return s.Alpha
	}
	return strconv.Itoa(s.Num)
}

// MoveText is a move token decoded into its squares. It says what was
// written, not whether the move is legal.
type MoveText struct {
	Squares []Square // from, [intermediate...,] to
	// Capture is true when the move was written with a capture separator
	// (x or :), false for "-" or no separator (a3b4).
	Capture bool
	// Sep is the separator as written: '-', 'x', ':' or 0 (a3b4). A move
	// mixing separators reports the first capture separator.
	Sep byte
	// LeadingZero is true when a numeric square was written with a leading
	// zero (09-13).
	LeadingZero bool
	// Padded is true when a square was padded with spaces after the
	// separator (1- 6).
	Padded bool
	// Short is true for a move in the short notation of Russian books:
	// the file the piece comes from and the square it goes to ("cd4",
	// "c:e5"). Squares[0] is then the file alone (Alpha "c"); the referee
	// finds the square on it from the legal moves.
	Short bool
	// Upper is true when a square was written in upper case ("C3-D4"):
	// the same square as in lower case.
	Upper bool
}

// MoveError is returned by ParseMove for a text that is not a move.
type MoveError struct {
	Text string
	Msg  string
}

func (e *MoveError) Error() string { return fmt.Sprintf("move %q: %s", e.Text, e.Msg) }

// ParseMove decodes a move token as written in PDN: "32-28", "19x30",
// "28x19x10", "15:24", "c3-d4", "c3:e5:g3", "a3b4", "09-13", "1- 6", and
// in short notation, "cd4", "c:e5" (see MoveText.Short); squares may be
// written in upper case ("C3-D4").
func ParseMove(text string) (MoveText, error) {
	// One allocation for the usual two to four squares.
	return ParseMoveInto(text, make([]Square, 0, 4))
}

// ParseMoveInto is ParseMove decoding the squares into buf's storage, for
// a caller that decodes every move of every game and reuses one buffer:
// the result's Squares are valid until buf is used again.
func ParseMoveInto(text string, buf []Square) (MoveText, error) {
	var mt MoveText
	if text == "-" || text == "--" {
		return mt, &MoveError{text, "the move is not known"}
	}
	mt.Squares = buf[:0]
	if a, sep, b, ok := plainMove(text); ok {
		mt.Squares = append(mt.Squares, Square{Num: a}, Square{Num: b})
		mt.Sep, mt.Capture = sep, sep != '-'
		return mt, nil
	}
	end, info := scanMoveSquares(text, 0, &mt)
	if end == 0 {
		mt.Squares = buf[:0]
		if end, info = scanShortSquares(text, 0, &mt); end > 0 && end == len(text) {
			mt.Short, mt.Upper = true, info.upper
			return mt, nil
		}
		return MoveText{}, &MoveError{text, "not a move"}
	}
	if end != len(text) {
		return MoveText{}, &MoveError{text, fmt.Sprintf("unexpected %q after the move", text[end:])}
	}
	for _, sq := range mt.Squares {
		if sq.Alpha == "" && sq.Num == 0 {
			return MoveText{}, &MoveError{text, "square 0 does not exist"}
		}
	}
	mt.LeadingZero, mt.Padded, mt.Upper = info.leadingZero, info.padded, info.upper
	return mt, nil
}

// plainMove reads the move most records are made of, two numeric squares
// of one or two digits without a leading zero around one separator
// ("32-28", "19x30", "9:18"), as scanMoveSquares would, without its
// general machinery: a referee decodes every move of every game.
//
// The move's length says where its separator is: it is read by branches
// on fixed places, not by scanning (plainMoveLoop, which TestPlainMove
// holds it to).
func plainMove(t string) (a int, sep byte, b int, ok bool) {
	switch len(t) {
	case 3: // 9-5
		if c0, c1, c2 := t[0], t[1], t[2]; c0-'1' <= 8 && isSep(c1) && c2-'1' <= 8 {
			return int(c0 - '0'), c1, int(c2 - '0'), true
		}
	case 4: // 9-14, 14-9
		c0, c1, c2, c3 := t[0], t[1], t[2], t[3]
		if c0-'1' > 8 {
			break
		}
		if isSep(c1) {
			if c2-'1' <= 8 && c3-'0' <= 9 {
				return int(c0 - '0'), c1, 10*int(c2-'0') + int(c3-'0'), true
			}
		} else if c1-'0' <= 9 && isSep(c2) && c3-'1' <= 8 {
			return 10*int(c0-'0') + int(c1-'0'), c2, int(c3 - '0'), true
		}
	case 5: // 32-28
		c0, c1, c2, c3, c4 := t[0], t[1], t[2], t[3], t[4]
		if c0-'1' <= 8 && c1-'0' <= 9 && isSep(c2) && c3-'1' <= 8 && c4-'0' <= 9 {
			return 10*int(c0-'0') + int(c1-'0'), c2, 10*int(c3-'0') + int(c4-'0'), true
		}
	}
	return 0, 0, 0, false
}

// plainMoveAt reads a plain move (see plainMove) at s[j], whatever
// follows it: its squares, its separator and where it ends (0: none).
func plainMoveAt(s string, j int) (a int, sep byte, b, end int) {
	a, i := smallSquare(s, j)
	if a == 0 || i >= len(s) || !isSep(s[i]) {
		return 0, 0, 0, 0
	}
	b, end = smallSquare(s, i+1)
	if b == 0 {
		return 0, 0, 0, 0
	}
	return a, s[i], b, end
}

// smallSquare reads a square of one or two digits at t[i], not starting
// with 0; it returns 0 when there is none.
func smallSquare(t string, i int) (int, int) {
	if i >= len(t) || t[i]-'1' > 8 {
		return 0, i
	}
	n := int(t[i] - '0')
	i++
	if i < len(t) && t[i]-'0' <= 9 {
		n = 10*n + int(t[i]-'0')
		i++
		if i < len(t) && t[i]-'0' <= 9 {
			return 0, i // three digits: the general path
		}
	}
	return n, i
}

// moveScan is what the lexer needs to know about a scanned move.
type moveScan struct {
	leadingZero, padded, upper bool
}

// scanMove returns the end of the move token starting at s[i] (0 if there
// is none) without allocating.
func scanMove(s string, i int) (int, moveScan) { return scanMoveSquares(s, i, nil) }

func isSep(c byte) bool { return c == '-' || c == 'x' || c == ':' }

// square scans one square at s[j]: 1 to 3 digits, or a file letter (in
// either case) and 1 or 2 digits. It returns its end, or 0.
func square(s string, j int) int {
	if j >= len(s) {
		return 0
	}
	k := j
	if isFile(s[j]) {
		k++
		if k >= len(s) || !isDigit(s[k]) {
			return 0
		}
	} else if !isDigit(s[j]) {
		return 0
	}
	d := k
	for k < len(s) && isDigit(s[k]) && k-d < 3 {
		k++
	}
	if k < len(s) && isDigit(s[k]) {
		return 0 // too many digits: not a square
	}
	if isFile(s[j]) && k-d > 2 {
		return 0
	}
	return k
}

func scanMoveSquares(s string, i int, mt *MoveText) (int, moveScan) {
	var info moveScan
	e := square(s, i)
	if e == 0 {
		return 0, info
	}
	add := func(a, b int) {
		if s[a] == '0' && b-a > 1 {
			info.leadingZero = true
		}
		if s[a] < 'a' && isFile(s[a]) {
			info.upper = true
		}
		if mt == nil {
			return
		}
		if isFile(s[a]) {
			mt.Squares = append(mt.Squares, Square{Alpha: s[a:b]})
		} else {
			n, _ := strconv.Atoi(s[a:b])
			mt.Squares = append(mt.Squares, Square{Num: n})
		}
	}
	add(i, e)
	n := 1
	alpha := isFile(s[i])
	var sep byte
	for e < len(s) {
		c := s[e]
		if isSep(c) {
			k := e + 1
			for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
				k++
			}
			padded := k > e+1
			e2 := square(s, k)
			if e2 == 0 || (padded && (isFile(s[k]) || (e2 < len(s) && s[e2] == '.'))) {
				break
			}
			if padded && !(e2 == k+1 && s[k] != '0' && (e2 == len(s) || isDelim(s[e2]) || s[e2] == '!' || s[e2] == '?' ||
				paddedPathGoesOn(s, c, e2))) {
				// Padding right-aligns a one-digit square, the last one
				// ("1- 6", "35x 4") or one inside a capture path
				// ("29x18x 7x16", "13x 2x16"); nothing else is read as
				// padding.
				break
			}
			if padded {
				if end, _, _ := scanResult(s, k); end > 0 || (k+3 <= len(s) && normResult(s[k:k+3]) != "") {
					// The result is no padded square, nor is one with
					// text glued to it ("1:0-"): written back with a
					// space after the move, it would read as the result.
					break
				}
			}
			if padded {
				info.padded = true
			}
			if sep == 0 || (sep == '-' && c != '-') {
				sep = c
			}
			add(k, e2)
			e = e2
			n++
			continue
		}
		if alpha && sep == 0 && isFile(c) {
			// a3b4: alphanumeric squares written without a separator.
			if e2 := square(s, e); e2 > 0 {
				add(e, e2)
				e = e2
				n++
				continue
			}
		}
		break
	}
	if n < 2 {
		if mt != nil {
			mt.Squares = nil
		}
		return 0, info
	}
	if mt != nil {
		mt.Sep = sep
		mt.Capture = sep == 'x' || sep == ':'
	}
	return e, info
}

// shortStarts reports whether a move in short notation may start at s[i]:
// at the start of the text, or after a delimiter or a move number's dot
// ("1.cd4"), never inside a word or glued to another move.
func shortStarts(s string, i int) bool {
	return i == 0 || isDelim(s[i-1]) || s[i-1] == '.'
}

// scanShort returns the end of the move in short notation at s[i] (0 if
// there is none); see scanShortSquares.
func scanShort(s string, i int) (int, moveScan) { return scanShortSquares(s, i, nil) }

// scanShortSquares scans a move in the short notation of Russian books at
// s[i]: the file the piece comes from, then the alphanumeric square it
// goes to, glued to it ("cd4") or after a capture mark ("c:e5", "cxe5"),
// then maybe more landing squares of a capture path, each after a capture
// mark ("c:e5:g3"). The move must end its word (at a delimiter, a move
// strength, a dot ending the word, or the end): "cd4" is never read out
// of a longer word. When mt is not nil, the file (as Squares[0], Alpha
// alone) and the squares are appended to mt.Squares and the separator set.
func scanShortSquares(s string, i int, mt *MoveText) (int, moveScan) {
	var info moveScan
	if i+2 >= len(s) || !isFile(s[i]) {
		return 0, info
	}
	k, sep := i+1, byte(0)
	if s[k] == ':' || s[k] == 'x' {
		sep = s[k]
		k++
	}
	e := square(s, k)
	if e == 0 || !isFile(s[k]) {
		return 0, info
	}
	// The rest of the capture path: a capture mark and a square, each.
	for e+1 < len(s) && (s[e] == ':' || s[e] == 'x') {
		e2 := square(s, e+1)
		if e2 == 0 || !isFile(s[e+1]) {
			break
		}
		e = e2
	}
	if e < len(s) && !isDelim(s[e]) && s[e] != '!' && s[e] != '?' && !(s[e] == '.' && (e+1 == len(s) || isDelim(s[e+1]))) {
		return 0, info // (a dot ending a sentence is a stray dot, as after 32-28.)
	}
	info.upper = s[i] < 'a'
	for j := i + 1; j < e; j++ {
		if c := s[j]; c < 'a' && isFile(c) {
			info.upper = true
		}
	}
	if mt == nil {
		return e, info
	}
	mt.Squares = append(mt.Squares, Square{Alpha: s[i : i+1]})
	for j := i + 1; j < e; {
		if s[j] == ':' || s[j] == 'x' {
			if sep == 0 {
				sep = s[j]
			}
			j++
			continue
		}
		e2 := square(s, j)
		mt.Squares = append(mt.Squares, Square{Alpha: s[j:e2]})
		j = e2
	}
	mt.Sep, mt.Capture = sep, sep != 0
	return e, info
}

// String writes the move back in PDN with the separator it was written with
// (no padding, no leading zeros).
func (m MoveText) String() string {
	var b strings.Builder
	sep := "-"
	if m.Capture {
		sep = string(m.Sep)
	} else if m.Sep == 0 {
		sep = ""
	}
	for i, sq := range m.Squares {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(sq.String())
	}
	return b.String()
}

// paddedPathGoesOn reports whether a capture path goes on at s[e] after a
// padded one-digit square: the same capture separator as before it, then a
// square, itself maybe padded ("13x 2x16", "28: 7: 9"). A quiet move ("1- 6") never goes on, so "1- 6-11"
// stays two tokens as before.
func paddedPathGoesOn(s string, sep byte, e int) bool {
	if sep == '-' || e >= len(s) || s[e] != sep {
		return false
	}
	e++
	for e < len(s) && (s[e] == ' ' || s[e] == '\t') {
		e++
	}
	return square(s, e) > 0
}
