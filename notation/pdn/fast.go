package pdn

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"arbiter/notation"
)

// The fast path reads the games most files are made of (tag pairs, then
// move numbers, numeric moves and comments, then a result or none) in one
// pass over the text, straight into the record (its moves written in
// place, in the pooled storage notation.MoveSlab hands out), without the
// lexer's tokens, participle or the builder: the lexer read such a game
// twice (a run's elements as it made the run, then again as the builder
// cut it) and handed it through participle's token slice. The move
// numbers and plain moves most of a game is made of are read in a loop
// of their own (plainRun).
//
// The grammar of record stays participle's (parse.go). The fast path
// accepts only text that the full reader reads without a word to say
// (the splitter's diagnostics are kept as they are), besides a few
// leniencies it says in the full reader's words (a leading zero, upper
// case, a literal \r or \n, "-" for a move not known, a missing result,
// a last move the Result tag names as the result), and gives up at the
// first byte it is not sure of, however late in the game;
// the full reader then reads the game from the start. What it accepts it
// reads exactly as the full reader does: TestFastParseAgrees holds it to
// the full reader on every corpus record and test text, and FuzzFastParse
// on any input. Every rule below names the full reader's code it mirrors.

// fastComment is a comment and where it goes: after the move of that
// index, or before the first move (toRecord), or after the result
// (toAfter).
type fastComment struct {
	c    notation.Comment
	move int
}

const (
	toRecord = -1
	toAfter  = -2
)

// fastState is the fast path's storage, pooled from game to game.
type fastState struct {
	sc scanner // for its positions alone (init, advTo, pos), as the full reader counts them
	d  diags   // decodeTag's: the fast path gives up at the first
	// moves are the game's moves, written in place as they are read
	// (the record takes them; a game the full reader reads drops them).
	moves    notation.MoveSlab
	tags     []notation.Tag
	names    []tagName // the tag names read, by their place in the game (tagName)
	comments []fastComment

	result       string // the result, normalised
	resultPos    notation.Pos
	resultAsMove bool // the result is the last move read (not on the main line)
}

var fastStates = sync.Pool{New: func() any { return new(fastState) }}

// release drops every reference to the game and pools the storage
// (unless a game made it large).
//
// It clears only what a game wrote, field by field, not the whole state
// anew (hundreds of bytes with pointers in them: a write barrier for each
// while the collector marks): the tags and comments up to their length
// (past it they are still zero), and what read starts from (the scanner
// is set anew by its init).
func (fs *fastState) release() {
	fs.moves.Drop() // (the record took them, unless the full reader reads the game)
	clear(fs.tags)
	clear(fs.comments)
	if cap(fs.tags) > 256 || cap(fs.comments) > 1024 {
		return
	}
	fs.tags, fs.comments = fs.tags[:0], fs.comments[:0]
	fs.result, fs.resultPos, fs.resultAsMove = "", notation.Pos{}, false
	fs.sc.s, fs.sc.filename, fs.sc.repl, fs.sc.d = "", "", nil, nil
	fs.d.list, fs.d.agg = nil, [numAgg]struct{ idx, n int }{}
	fastStates.Put(fs)
}

// fastParse reads g as Parse does when it can (see above), or returns nil.
func fastParse(g GameText, file string) *notation.Record {
	if g.skipped {
		return nil
	}
	fs := fastStates.Get().(*fastState)
	defer fs.release()
	if !fs.read(g, file) {
		return nil
	}
	return fs.record(g, file)
}

// read reads the game's tags, moves, comments and result into fs; false
// when the full reader must read it.
func (fs *fastState) read(g GameText, file string) bool {
	sc := &fs.sc
	d := &fs.d
	sc.init(g, file, d)
	d.list = append(d.list, g.Diagnostics...)
	s := sc.s
	var (
		body   bool // something other than a tag pair was read
		hasNum bool // a move number waits for its move (the builder's frame.hasNum)
		ell    bool // ... written with an ellipsis (frame.ell)
		num    int
		result bool
	)
	for sc.i < len(s) {
		c := s[sc.i]
		// White space, as scanner.next skips it.
		switch c {
		case ' ', '\t', '\f', '\v':
			sc.i++
			sc.runeIdx++
			continue
		case '\n':
			sc.i++
			sc.runeIdx++
			sc.line++
			sc.lineStartRune = sc.runeIdx
			continue
		case '\r':
			if sc.i+1 >= len(s) || s[sc.i+1] != '\n' {
				return false // (a stray CR: a warning)
			}
			sc.i++
			sc.runeIdx++
			continue
		}
		start := sc.i
		if isDigit(c) && !result {
			// The move numbers and moves most of a game is made of, first.
			var read bool
			if hasNum, ell, num, read = fs.plainRun(hasNum, ell, num); read {
				body = true
				continue
			}
		}
		p := sc.pos()
		switch {
		case c == '[':
			// A tag pair (scanTag, tagElem), only before anything else:
			// a tag after the movetext is the builder's to judge.
			if body || tagStray(s, start) {
				return false
			}
			if end, name, value, chars := fs.plainTag(s, start); end > 0 {
				// (The tag decodeTag reads without a word to say.)
				fs.tags = append(fs.tags, notation.Tag{Name: name, Value: value, Pos: p})
				sc.i, sc.runeIdx = end, sc.runeIdx+chars // (advTo: no line break in it)
				continue
			}
			end := tagEnd(s, start)
			if end-start >= 2 && s[start+1] == '%' {
				return false // (a bare command, read as a comment with a warning)
			}
			t, ok := decodeTag(s[start:end], p, d)
			if !ok {
				return false // (kept as a comment by the builder)
			}
			fs.tags = append(fs.tags, t)
			sc.advTo(end)
		case c == '{':
			// A comment (scanComment) without inner braces, attached as
			// builder.comment attaches it.
			body = true
			first := strings.IndexByte(s[start+1:], '}')
			if first < 0 {
				return false
			}
			end := start + 1 + first + 1
			if strings.IndexByte(s[start+1:end], '{') >= 0 {
				return false
			}
			sc.advTo(end)
			to := toRecord
			switch {
			case result:
				// Comments after the result stay with the game (round: the
				// next round holds nothing but comments, else it is an
				// error, which the full reader reports).
				to = toAfter
			case fs.nMoves() > 0:
				to = fs.nMoves() - 1
			}
			fs.comments = append(fs.comments, fastComment{c: notation.Comment{Text: s[start+1 : end-1], Pos: p}, move: to})
		case c == '*':
			if result {
				return false
			}
			body, result = true, true
			fs.result, fs.resultPos = "*", p
			sc.advASCII(start + 1)
		case isDigit(c):
			// scanNumeric, as runElem orders it: a result, a move number,
			// a move.
			body = true
			if result {
				return false // (movetext after the result: an error)
			}
			mayResult := mayBeResult(s, start)
			if mayResult {
				if end, norm, spaced := scanResult(s, start); end > 0 {
					if spaced || strings.IndexByte(s[start:end], ':') >= 0 {
						return false // (warnings)
					}
					result = true
					fs.result, fs.resultPos = norm, p
					sc.advASCII(end)
					continue
				}
				if resultGluedToNumber(s, start) > 0 {
					return false
				}
			}
			if k := moveNumberEnd(s, start); k > 0 {
				// builder.item's tokMoveNumber.
				if hasNum && !ell {
					return false // (a number without a move: a warning)
				}
				if c == '0' {
					d.aggregate(aggLeadingZero, p) // (numberDiags)
				}
				digits := strings.TrimRight(s[start:k], ".")
				n, err := strconv.Atoi(digits)
				if err != nil || n > 1_000_000 {
					return false
				}
				hasNum, num, ell = true, n, k-start-len(digits) > 1
				sc.advASCII(k)
				continue
			}
			end := 0
			if !mayResult {
				end = plainMoveEnd(s, start)
			}
			if end == 0 {
				var info moveScan
				end, info = scanMove(s, start)
				if end == 0 || (mayResult && normResult(s[start:end]) != "") {
					return false
				}
				moveDiags(d, info, p)
			}
			fs.move(start, end, p, &hasNum, &ell, num)
		case isFile(c):
			// scanner.next's moves that start with a letter: a bare tag
			// at the start of a line is the full reader's.
			if result || (isLetter(c) && sc.atLineStart() && bareTagEnd(s[start:]) > 0) {
				return false
			}
			body = true
			end, info := scanMove(s, start)
			if end == 0 && shortStarts(s, start) {
				end, info = scanShort(s, start)
			}
			if end == 0 {
				return false
			}
			moveDiags(d, info, p)
			fs.move(start, end, p, &hasNum, &ell, num)
		case c == '-':
			// "-" or "--" written for a move not known (scanner.next): a
			// move, with a warning said once. Before a move strength or
			// any other byte, the full reader's.
			j := start + 1
			if j < len(s) && s[j] == '-' {
				j++
			}
			if result || j < len(s) && !isDelim(s[j]) {
				return false
			}
			body = true
			d.aggregate(aggUnknownMove, p)
			fs.move(start, j, p, &hasNum, &ell, num)
		case c == '\\':
			// The two characters \r or \n, read as a line break with a
			// warning said once (scanner.next).
			if sc.i+1 >= len(s) || (s[sc.i+1] != 'r' && s[sc.i+1] != 'n') {
				return false
			}
			d.aggregate(aggLiteralEscape, p)
			sc.advASCII(sc.i + 2)
		default:
			return false
		}
	}
	// builder.finish: a move number left without its move is a warning
	// (the full reader's).
	if hasNum && !ell && (fs.nMoves() > 0 || !result) {
		return false
	}
	if !result {
		// No result: a game cut short (an export of games in progress,
		// or of the moves alone), said at the end of the text; or one
		// whose last move, without a number or a comment, repeats the
		// Result tag ("4-6" in a mini-match export, "-"), read as its
		// result. A game without moves is the full reader's.
		if fs.nMoves() == 0 {
			return false
		}
		last := &fs.moves.Moves()[fs.nMoves()-1]
		tag, ok := (&notation.Record{Tags: fs.tags}).Tag("Result") // (as the builder asks)
		if ok && tag == last.Text && last.Number == 0 && !fs.commented(fs.nMoves()-1) {
			fs.result, fs.resultPos, fs.resultAsMove = last.Text, last.Pos, true
			d.warn(last.Pos, CodeResultAsMove, resultAsMoveMsg(last.Text))
		} else {
			d.warn(sc.pos(), CodeNoTerminator, noTerminatorMsg)
		}
	}
	return true
}

// nMoves is the number of moves read.
func (fs *fastState) nMoves() int { return len(fs.moves.Moves()) }

// commented reports whether a comment follows the move of index i.
func (fs *fastState) commented(i int) bool {
	for k := range fs.comments {
		if fs.comments[k].move == i {
			return true
		}
	}
	return false
}

// plainRun reads from s[sc.i] (a digit) the move numbers, plain moves
// (plainNumeric's) and blanks most of a game is made of, as read's loop
// would read them one by one, but in a loop of its own that keeps the
// scanner's counters in registers. It stops at the first byte read's loop
// must look at (any other, or a move number without a move before it),
// and returns the move number waiting for its move, and whether it read
// anything.
func (fs *fastState) plainRun(hasNum, ell bool, num int) (bool, bool, int, bool) {
	sc := &fs.sc
	s := sc.s
	// Every byte read here is ASCII, so the character count runs with the
	// byte index (delta apart), and the line's start is kept as a byte
	// index: fewer counters in the loop, and so in registers.
	first, delta := sc.i, sc.runeIdx-sc.i
	i, line, lineStart := sc.i, sc.line, sc.lineStartRune-delta
	// posAt, for the usual text whose bytes are the file's, off the first
	// line of a game that starts a line (its columns need no shift).
	plainPos := sc.mode == offIdentity && sc.startCol == 1
	for i < len(s) {
		c := s[i]
		if c == ' ' {
			i++
			continue
		}
		if c == '\n' {
			i++
			line++
			lineStart = i
			continue
		}
		if !isDigit(c) {
			break
		}
		var end, n, dots int
		if j := i + 1; i+2 < len(s) && c-'1' <= 8 {
			// plainNumeric's usual words, read here as it reads them (a
			// call would put every counter of this loop on the stack and
			// back, twice a move): one or two digits, then a dot or a
			// separator; any other word is its.
			n = int(c - '0')
			if d := s[j] - '0'; d <= 9 {
				n, j = 10*n+int(d), j+1
			}
			switch c2 := s[j]; c2 {
			case '.':
				k := j + 1
				for k < len(s) && s[k] == '.' {
					k++
				}
				end, dots = k, k-j
			case '-', ':', 'x':
				if j == i+1 && c <= '2' && c2 != 'x' {
					break // (1-0, 2:0: maybe a result; end 0)
				}
				if b, e := smallSquare(s, j+1); b != 0 && (e >= len(s) || !isSep(s[e])) {
					end, n = e, 0
				}
			default:
				end, n, dots = plainNumeric(s, i)
			}
		} else {
			end, n, dots = plainNumeric(s, i)
		}
		if end == 0 {
			break
		}
		if dots == 0 {
			m := fs.moves.Room() // (inlined: Append's call when the storage is full)
			if m == nil {
				m = fs.moves.Append()
			}
			m.Text = s[i:end]
			if plainPos {
				m.Pos = notation.Pos{Line: line, Col: i - lineStart + 1, Offset: sc.base + int64(i)}
			} else {
				m.Pos = sc.posAt(i, i+delta, line, lineStart+delta)
			}
			if hasNum {
				m.Number, m.Ellipsis = num, ell
			}
			hasNum, ell = false, false
		} else {
			// (A move number: its position is said of nothing here.)
			if hasNum && !ell {
				break // (a number without a move: a warning, read's)
			}
			hasNum, num, ell = true, n, dots > 1
		}
		// (A move or a move number is ASCII without line breaks.)
		i = end
	}
	sc.i, sc.runeIdx, sc.line, sc.lineStartRune = i, i+delta, line, lineStart+delta
	// (What was read starts with a word: blanks are read only after one.)
	return hasNum, ell, num, i != first
}

// plainTag reads at s[i] a tag pair that decodeTag reads without a word
// to say and leaves as written: [Name "value"], the name an identifier
// decodeTag says nothing of, the value without an escape or a line break (nor,
// for a tag whose value is trimmed, a space at either end), blanks only
// between the name and the value and before the ]. It returns the end
// (after the ]), the name, the value, and how many characters the tag
// pair is (its bytes less the UTF-8 continuation bytes of its value: it
// holds no line break); end is 0 for any other text.
func (fs *fastState) plainTag(s string, i int) (end int, name, value string, chars int) {
	j := i + 1
	for j < len(s) && tagByte[s[j]] == tagIdent {
		j++
	}
	if j == i+1 || !isLetter(s[i+1]) {
		return 0, "", "", 0
	}
	name = s[i+1 : j]
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j >= len(s) || s[j] != '"' {
		return 0, "", "", 0
	}
	v := j + 1
	k := v
	cont := 0 // UTF-8 continuation bytes
	for ; k < len(s); k++ {
		if c := tagByte[s[k]]; c != 0 && c != tagIdent {
			if c == tagQuote {
				break
			}
			if c != tagCont {
				return 0, "", "", 0 // (an escape or a line break)
			}
			cont++
		}
	}
	if k >= len(s) {
		return 0, "", "", 0
	}
	value = s[v:k]
	for k++; k < len(s) && (s[k] == ' ' || s[k] == '\t'); k++ {
	}
	if k >= len(s) || s[k] != ']' {
		return 0, "", "", 0
	}
	tn := fs.tagName(name)
	if !tn.plain {
		return 0, "", "", 0
	}
	if tn.trimmed && value != "" && (spaceEdge(value[0]) || spaceEdge(value[len(value)-1])) {
		return 0, "", "", 0 // (trimmed with a warning)
	}
	return k + 1, tn.name, value, k + 1 - i - cont
}

// tagByte classes the bytes of a tag pair for plainTag.
var tagByte = func() (t [256]uint8) {
	for c := range 256 {
		switch b := byte(c); {
		case isLetter(b) || isDigit(b) || b == '_':
			t[c] = tagIdent
		case b == '"':
			t[c] = tagQuote
		case b == '\\' || b == '\n' || b == '\r':
			t[c] = tagStop
		case b&0xC0 == 0x80:
			t[c] = tagCont
		}
	}
	return t
}()

const (
	tagIdent = 1 + iota // a byte of a name
	tagQuote            // the end of the value
	tagStop             // an escape or a line break: decodeTag's to read
	tagCont             // a UTF-8 continuation byte (of no character of its own)
)

// tagName is how plainTag reads a tag name as written.
type tagName struct {
	written string
	name    string // the name read (a national one as the standard one)
	plain   bool   // decodeTag reads it without a word to say
	trimmed bool   // trimmedTags[name]
}

// tagName reads a tag name as decodeTag does. The games of a file mostly
// repeat the same few tag names, in the same order, so the names read
// are remembered (fs.names, in the order first seen): finding a name
// there (first at the place it had in the last game) costs less than the
// look-ups by name (a map, or two with a lower-case copy).
func (fs *fastState) tagName(written string) tagName {
	if k := len(fs.tags); k < len(fs.names) && fs.names[k].written == written {
		return fs.names[k]
	}
	for i := range fs.names {
		if fs.names[i].written == written {
			return fs.names[i]
		}
	}
	tn := tagName{written: strings.Clone(written), name: written, plain: true}
	if !standardSpelling[written] {
		// decodeTag's reading of the other names: a national one is read
		// as the standard one; one that differs from a standard name in
		// case only, or starts with a small letter, is said.
		if std, ok := lookupLower(localTagNames, written); ok {
			tn.name = std
		} else if c, known := lookupLower(canonicalTags, written); known && c != written || !('A' <= written[0] && written[0] <= 'Z') {
			tn.plain = false
		}
	}
	if tn.name == written {
		tn.name = tn.written // (not the game's text: the memory outlives the game)
	}
	tn.trimmed = trimmedTags[tn.name]
	if len(fs.names) < maxTagNames {
		fs.names = append(fs.names, tn)
	}
	return tn
}

// maxTagNames bounds the tag names remembered (tagName).
const maxTagNames = 64

// spaceEdge: strings.TrimSpace may trim a value that starts or ends with
// the byte c.
func spaceEdge(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || c >= 0x80
}

// plainNumeric reads at s[i] (a digit) the move numbers and moves most
// movetext is made of, as scanNumeric reads them: a move number without a
// leading zero (dots: how many dots end it, n: its value), or a plain move
// of two squares of one or two digits without a leading zero (dots 0)
// that is no result ("1-0") and goes on as no capture path ("28x19x10").
// end is 0 for anything else, which the general reading reads.
func plainNumeric(s string, i int) (end, n, dots int) {
	if i+2 >= len(s) || s[i]-'1' > 8 {
		return plainNumericLoop(s, i)
	}
	// The usual words: one or two digits, then a dot or a separator
	// (branches on fixed places, not a loop over the digits).
	c0 := s[i]
	n, j := int(c0-'0'), i+1
	if d := s[j] - '0'; d <= 9 {
		n, j = 10*n+int(d), j+1
	}
	switch c := s[j]; c {
	case '.':
		k := j + 1
		for k < len(s) && s[k] == '.' {
			k++
		}
		return k, n, k - j
	case '-', ':', 'x':
		if j == i+1 && c0 <= '2' && c != 'x' {
			return 0, 0, 0 // (1-0, 2:0: maybe a result; mayBeResult)
		}
		b, e := smallSquare(s, j+1)
		if b == 0 || e < len(s) && isSep(s[e]) {
			return 0, 0, 0
		}
		return e, 0, 0
	case '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return plainNumericLoop(s, i) // (three digits or more)
	}
	return 0, 0, 0
}

// plainNumericLoop is plainNumeric for any word: the reference its
// branches on fixed places are held to (TestPlainNumeric).
func plainNumericLoop(s string, i int) (end, n, dots int) {
	j := i
	for j < len(s) && isDigit(s[j]) {
		n = 10*n + int(s[j]-'0')
		j++
		if j-i > 7 {
			return 0, 0, 0
		}
	}
	if s[i] == '0' || j >= len(s) {
		return 0, 0, 0
	}
	switch c := s[j]; {
	case c == '.':
		// moveNumberEnd: the digits and every dot after them. (A result
		// has no dot after its first half.)
		k := j
		for k < len(s) && s[k] == '.' {
			k++
		}
		if n > 1_000_000 {
			return 0, 0, 0
		}
		return k, n, k - j
	case isSep(c) && j-i <= 2:
		if j-i == 1 && s[i] <= '2' && c != 'x' {
			return 0, 0, 0 // (1-0, 2:0: maybe a result; mayBeResult)
		}
		// plainMoveEnd.
		b, e := smallSquare(s, j+1)
		if b == 0 || e < len(s) && isSep(s[e]) {
			return 0, 0, 0
		}
		return e, 0, 0
	}
	return 0, 0, 0
}

// move reads the move s[start:end] at p (builder.item's tokMove), with
// the move number waiting for it.
func (fs *fastState) move(start, end int, p notation.Pos, hasNum, ell *bool, num int) {
	m := fs.moves.Append()
	m.Text, m.Pos = fs.sc.s[start:end], p
	if *hasNum {
		m.Number, m.Ellipsis = num, *ell
	}
	*hasNum, *ell = false, false
	fs.sc.advASCII(end) // (a move is ASCII without line breaks: digits, file letters, separators, blanks)
}

// moveDiags says what scanner.moveTok says of a move.
func moveDiags(d *diags, info moveScan, p notation.Pos) {
	if info.leadingZero {
		d.aggregate(aggLeadingZero, p)
	}
	if info.padded {
		d.aggregate(aggPadded, p)
	}
	if info.upper {
		d.aggregate(aggUpperCase, p)
	}
}

// record builds the record of what read read, as the full reader builds
// it.
func (fs *fastState) record(g GameText, file string) *notation.Record {
	rec := newRecord(fs.tags)
	rec.File, rec.Index, rec.Pos, rec.Text = file, g.Index, g.Pos, g.Text
	rec.Result, rec.ResultPos = fs.result, fs.resultPos
	slab := fs.moves.Moves()
	for i := range fs.comments {
		fc := &fs.comments[i]
		switch fc.move {
		case toRecord:
			rec.Comments = append(rec.Comments, fc.c)
		case toAfter:
			rec.After = append(rec.After, fc.c)
		default:
			slab[fc.move].Comments = append(slab[fc.move].Comments, fc.c)
		}
	}
	rec.TakeMoves(&fs.moves)
	if fs.resultAsMove {
		rec.Moves = rec.Moves[:len(rec.Moves)-1]
	}
	// The splitter's diagnostics and the reader's, as parse orders them.
	fs.d.finish()
	slices.SortStableFunc(fs.d.list, byLineCol)
	rec.Diagnostics, fs.d.list = fs.d.list, nil
	return rec
}

// newRecord returns a new record with a copy of tags, both in one
// allocation for the usual number of tags (they live as long as each
// other: a report keeps a game's tags with its record).
func newRecord(tags []notation.Tag) *notation.Record {
	switch n := len(tags); {
	case n == 0:
		return new(notation.Record)
	case n <= 8:
		return recordWith(tags, func(a *[8]notation.Tag) []notation.Tag { return a[:] })
	case n <= 12:
		return recordWith(tags, func(a *[12]notation.Tag) []notation.Tag { return a[:] })
	case n <= 20:
		return recordWith(tags, func(a *[20]notation.Tag) []notation.Tag { return a[:] })
	default:
		return &notation.Record{Tags: slices.Clone(tags)}
	}
}

// recordWith is newRecord for an array A of at least len(tags) tags
// (whole reads A as a slice): the record and A in one allocation.
func recordWith[A any](tags []notation.Tag, whole func(*A) []notation.Tag) *notation.Record {
	r := new(struct {
		rec  notation.Record
		tags A
	})
	n := len(tags)
	r.rec.Tags = whole(&r.tags)[:n:n]
	copy(r.rec.Tags, tags)
	return &r.rec
}
