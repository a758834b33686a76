package draughts

import (
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
)

// numbering translates between the squares a record writes and the
// engine's squares. The engine numbers playing squares row by row from the
// top-left as White sees the board; records number them as their PDN
// GameType says: the board seen from the first mover's side, square 1 in one
// of the four corners, numbers or algebraic names (a1 in a corner).
type numbering struct {
	notation   gameNotation
	toEngine   []int // record number -> engine square (index 0 unused)
	fromEngine []int // engine square -> record number
	alpha      []string
	alphaIndex map[string]int
	// alphaSmall is alphaIndex's engine square+1 of each name of a letter
	// and one digit ("c3": alphaSmall['c'-'a'][3-1]), 0 for none: what an
	// algebraic record's every move looks up.
	alphaSmall [26][9]uint16
	// alphaLean is the rules' internal index of each name in alphaSmall
	// (noSq for none): leanIdx for algebraic records (leanAlpha).
	alphaLean [26][9]uint8
	// lastFEN is the last FEN fen translated, and its translation.
	lastFEN  atomic.Pointer[[2]string]
	identity bool // record numbers are engine numbers
	// files holds the engine squares of each file as alpha names them
	// (files[0]: the a file), for moves in short notation ("cd4").
	files [][]int
	// leanIdx is the rules' internal index of each record number of one
	// or two digits (noSq for none): the lean ply's two lookups of a
	// written square, square then Rules.sqIdx, as one.
	leanIdx [100]uint8
	// For formatFEN: the rules the numbering is for, the name of each
	// internal index, and how record numbers run over the internal
	// indices (fenAscending, fenDescending: in their order, or against it,
	// so that a side's pieces are listed straight from its set's bits).
	rules                       *Rules
	idxName                     [maxIdx]string
	fenAscending, fenDescending bool
}

// gameNotation is the optional part of a PDN GameType tag:
// "W,10,10,N2,0" = first mover, width, height, notation type (A
// algebraic, N numeric, S short) with the corner of square 1 (0 bottom-left,
// 1 bottom-right, 2 top-left, 3 top-right), and whether the bottom-left
// corner is a non-playing square (1) or a playing one (0).
type gameNotation struct {
	firstBlack    bool
	width, height int
	alpha         bool
	corner        int
	invert        bool
}

func (n gameNotation) String() string {
	first, kind, inv := "W", "N", 0
	if n.firstBlack {
		first = "B"
	}
	if n.alpha {
		kind = "A"
	}
	if n.invert {
		inv = 1
	}
	return fmt.Sprintf("%s,%d,%d,%s%d,%d", first, n.width, n.height, kind, n.corner, inv)
}

// parseGameNotation reads the optional fields of a GameType value (after
// the type number), e.g. "W,8,8,A0,0"; the invert flag may be left out.
func parseGameNotation(s string) (gameNotation, error) {
	var n gameNotation
	f := strings.Split(strings.ReplaceAll(s, " ", ""), ",")
	if len(f) != 4 && len(f) != 5 {
		return n, fmt.Errorf("GameType fields %q: want first mover, width, height, notation[, invert flag] (like W,10,10,N2,0)", s)
	}
	switch strings.ToUpper(f[0]) {
	case "W":
	case "B":
		n.firstBlack = true
	default:
		return n, fmt.Errorf("GameType first mover %q: want W or B", f[0])
	}
	var err error
	if n.width, err = strconv.Atoi(f[1]); err != nil || n.width < 4 || n.width > 26 {
		return n, fmt.Errorf("GameType board width %q: want a number from 4 to 26", f[1])
	}
	if n.height, err = strconv.Atoi(f[2]); err != nil || n.height < 4 || n.height > 26 {
		return n, fmt.Errorf("GameType board height %q: want a number from 4 to 26", f[2])
	}
	nt := strings.ToUpper(f[3])
	if len(nt) != 2 || !strings.ContainsRune("ANS", rune(nt[0])) || nt[1] < '0' || nt[1] > '3' {
		return n, fmt.Errorf("GameType notation %q: want A, N or S and a corner 0-3 (like N2)", f[3])
	}
	n.alpha = nt[0] != 'N'
	n.corner = int(nt[1] - '0')
	if len(f) == 5 {
		switch f[4] {
		case "0":
		case "1":
			n.invert = true
		default:
			return n, fmt.Errorf("GameType invert flag %q: want 0 or 1", f[4])
		}
	}
	return n, nil
}

// newNumbering builds the translation for a record notation on the
// engine's board, or says why the two do not fit.
func newNumbering(r *Rules, n gameNotation) (*numbering, error) {
	if n.width != r.Width || n.height != r.Height {
		return nil, fmt.Errorf("GameType says a %dx%d board, but the rules are for %dx%d", n.width, n.height, r.Width, r.Height)
	}
	// atView finds the engine square at a row and column of the board as
	// the record shows it: seen from the first mover's side.
	atView := func(vrow, vcol int) (int, bool) {
		if n.firstBlack {
			return r.SquareAt(r.Width-1-vcol, r.Height-1-vrow)
		}
		return r.SquareAt(vcol, vrow)
	}
	if _, bottomLeftPlays := atView(r.Height-1, 0); bottomLeftPlays == n.invert && r.NumSquares() < r.Width*r.Height {
		return nil, fmt.Errorf("GameType invert flag %v does not fit the rules' board (its bottom-left corner %s a playing square)",
			map[bool]int{false: 0, true: 1}[n.invert], map[bool]string{true: "is", false: "is not"}[bottomLeftPlays])
	}
	num := &numbering{notation: n, toEngine: []int{0}, fromEngine: make([]int, r.NumSquares()+1),
		alpha: make([]string, r.NumSquares()+1), alphaIndex: map[string]int{}}
	// scan visits the playing squares row by row from a corner, counting
	// rows and columns from that corner.
	scan := func(corner int, visit func(sq, i, j int)) {
		bottom, left := corner <= 1, corner == 0 || corner == 2
		for i := 0; i < r.Height; i++ {
			vrow := i
			if bottom {
				vrow = r.Height - 1 - i
			}
			for j := 0; j < r.Width; j++ {
				vcol := j
				if !left {
					vcol = r.Width - 1 - j
				}
				if sq, ok := atView(vrow, vcol); ok {
					visit(sq, i, j)
				}
			}
		}
	}
	// Numbers start in the notation's corner; records in algebraic notation
	// that also write numbers (FEN ballots) number from the top-left.
	numCorner := n.corner
	if n.alpha {
		numCorner = 2
	}
	scan(numCorner, func(sq, _, _ int) {
		num.fromEngine[sq] = len(num.toEngine)
		num.toEngine = append(num.toEngine, sq)
	})
	// Algebraic names: a1 is the notation's corner.
	num.files = make([][]int, r.Width)
	scan(n.corner, func(sq, i, j int) {
		name := string(rune('a'+j)) + strconv.Itoa(i+1)
		num.alpha[sq] = name
		num.alphaIndex[name] = sq
		if len(name) == 2 && name[0]-'a' < 26 {
			num.alphaSmall[name[0]-'a'][name[1]-'1'] = uint16(sq + 1)
		}
		num.files[j] = append(num.files[j], sq)
	})
	num.identity = true
	for i, sq := range num.toEngine {
		if i != sq {
			num.identity = false
		}
	}
	for f := range num.alphaLean {
		for k := range num.alphaLean[f] {
			num.alphaLean[f][k] = noSq
			if sq := num.alphaSmall[f][k]; sq != 0 {
				num.alphaLean[f][k] = r.sqIdx[sq-1]
			}
		}
	}
	for i := range num.leanIdx {
		num.leanIdx[i] = noSq
		if i >= 1 && i < len(num.toEngine) {
			num.leanIdx[i] = r.sqIdx[num.toEngine[i]]
		}
	}
	num.rules = r
	num.fenAscending, num.fenDescending = true, true
	for n := 1; n < len(num.toEngine); n++ {
		i := r.sqIdx[num.toEngine[n]]
		num.idxName[i] = num.name(num.toEngine[n])
		if n > 1 {
			prev := r.sqIdx[num.toEngine[n-1]]
			num.fenAscending = num.fenAscending && prev < i
			num.fenDescending = num.fenDescending && prev > i
		}
	}
	return num, nil
}

// square reads a written square: a number in the record's numbering or an
// algebraic name.
func (num *numbering) square(numeric int, alpha string) (int, bool) {
	if alpha != "" {
		if len(alpha) == 2 && alpha[1] >= '1' && alpha[1] <= '9' {
			if f := alpha[0] | 0x20; f >= 'a' && f <= 'z' {
				if sq := int(num.alphaSmall[f-'a'][alpha[1]-'1']); sq != 0 {
					return sq - 1, true
				}
				return 0, false
			}
		}
		sq, ok := num.alphaIndex[strings.ToLower(alpha)]
		return sq, ok
	}
	if numeric < 1 || numeric >= len(num.toEngine) {
		return 0, false
	}
	return num.toEngine[numeric], true
}

// name writes an engine square the way the record writes squares.
func (num *numbering) name(sq int) string {
	if num.notation.alpha {
		return num.alpha[sq]
	}
	return strconv.Itoa(num.fromEngine[sq])
}

// appendName is name appended to b.
func (num *numbering) appendName(b []byte, sq int) []byte {
	if num.notation.alpha {
		return append(b, num.alpha[sq]...)
	}
	return strconv.AppendInt(b, int64(num.fromEngine[sq]), 10)
}

// move writes a move in the record's notation: from and to, or with
// every landing square when full is set.
func (num *numbering) move(m Move, full bool) string {
	sep := "-"
	if m.IsCapture() {
		sep = "x"
	}
	var b strings.Builder
	b.WriteString(num.name(m.From))
	if full && m.IsCapture() {
		for _, s := range m.Path {
			b.WriteString(sep + num.name(s))
		}
		return b.String()
	}
	b.WriteString(sep + num.name(m.To))
	return b.String()
}

// leanAlpha reads a plain algebraic move as the lean ply does a numeric
// one (pdn.PlainMove): two squares of a lower-case letter and a digit
// with '-', 'x' or ':' between them ("c3-d4", "c3:e5"), as the rules'
// internal indices, and sep '-' or 'x' (a capture mark). ok is false for
// anything else, and for a name the board does not have: the general
// path reads it.
func (num *numbering) leanAlpha(text string) (fi, ti uint8, sep byte, ok bool) {
	if len(text) != 5 {
		return 0, 0, 0, false
	}
	f0, r0, f1, r1 := text[0]-'a', text[1]-'1', text[3]-'a', text[4]-'1'
	if f0 >= 26 || r0 >= 9 || f1 >= 26 || r1 >= 9 {
		return 0, 0, 0, false
	}
	switch sep = text[2]; sep {
	case '-':
	case 'x', ':':
		sep = 'x'
	default:
		return 0, 0, 0, false
	}
	fi, ti = num.alphaLean[f0][r0], num.alphaLean[f1][r1]
	return fi, ti, sep, fi != noSq && ti != noSq
}

// fen translates a FEN written in the record's numbering (numbers, ranges,
// algebraic squares, K for kings) into the engine's numbering, for the
// engine's FEN reader, which then says what is wrong with it if anything.
func (num *numbering) fen(s string) string {
	if num.identity && !num.notation.alpha {
		return s
	}
	// The records of an event often all write the same FEN (the start,
	// from an exporter that always writes one): the last one is kept.
	if last := num.lastFEN.Load(); last != nil && last[0] == s {
		return last[1]
	}
	out := num.translateFEN(s)
	num.lastFEN.Store(&[2]string{s, out})
	return out
}

func (num *numbering) translateFEN(s string) string {
	t := strings.TrimSpace(strings.Trim(strings.TrimSpace(s), `"`))
	t = strings.TrimSuffix(t, ".")
	fields := strings.Split(t, ":")
	for i := 1; i < len(fields); i++ {
		f := strings.TrimSpace(fields[i])
		if f == "" || f[0] == 'H' || f[0] == 'F' {
			continue // the online platform's counters (H0, F1) are no squares
		}
		colour, rest := f[:1], f[1:]
		var out []string
		for _, item := range strings.Split(rest, ",") {
			item = strings.TrimSpace(item)
			king := ""
			if strings.HasPrefix(strings.ToUpper(item), "K") {
				king, item = "K", strings.TrimSpace(item[1:])
			}
			lo, hi, isRange := strings.Cut(item, "-")
			a, errA := strconv.Atoi(strings.TrimSpace(lo))
			var b int
			var errB error
			if isRange {
				b, errB = strconv.Atoi(strings.TrimSpace(hi))
			}
			switch {
			case isRange && errA == nil && errB == nil && a <= b && b-a < 1000:
				for n := a; n <= b; n++ {
					out = append(out, king+num.engineText(strconv.Itoa(n), n, ""))
				}
			case errA == nil && !isRange:
				out = append(out, king+num.engineText(item, a, ""))
			default:
				out = append(out, king+num.engineText(item, 0, item))
			}
		}
		fields[i] = colour + strings.Join(out, ",")
	}
	return strings.Join(fields, ":")
}

// engineText is the engine's number for a written square, or the text as
// written when it names no square (so the engine reports it).
func (num *numbering) engineText(text string, n int, alpha string) string {
	if sq, ok := num.square(n, alpha); ok {
		return strconv.Itoa(sq)
	}
	return text
}

// formatFEN writes a position as a PDN FEN in the record's numbering,
// squares in the numbering's order.
func (num *numbering) formatFEN(p Position) string {
	// Once per game and per diagnostic: one buffer on the stack, no map
	// or builder; a side's pieces listed from its set's bits when the
	// record's numbers run with the internal indices or against them.
	var room [320]byte
	b := append(room[:0], fenSide[p.Turn()])
	bits := p.r != nil && p.r == num.rules && (num.fenAscending || num.fenDescending) && !fenBitsOff
	var sqIdx []uint8
	if p.r != nil {
		sqIdx = p.r.sqIdx[:]
	}
	for _, c := range []Color{White, Black} {
		b = append(b, ':', fenSide[c])
		own := p.pc[c]
		if own.zero() {
			continue
		}
		if bits {
			b = num.appendPieces(b, own, p.kings)
			continue
		}
		first := true
		for n := 1; n < len(num.toEngine); n++ {
			sq := num.toEngine[n]
			if sq < 1 || sq >= len(sqIdx) { // (p.index)
				continue
			}
			i := sqIdx[sq]
			if !own.has(i) {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			if p.kings.has(i) {
				b = append(b, 'K')
			}
			b = num.appendName(b, sq)
		}
	}
	return string(b)
}

// fenBitsOff makes formatFEN list pieces square by square, for the test
// that its lists from the bits are the same.
var fenBitsOff bool

// appendPieces appends a FEN's list of the pieces own (kings: the kings),
// in the order of the record's numbers (fenAscending or fenDescending).
func (num *numbering) appendPieces(b []byte, own, kings bb) []byte {
	first := true
	for !own.zero() {
		var i uint8
		if num.fenAscending {
			i = own.pop()
		} else {
			i = own.popHigh()
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		if kings.has(i) {
			b = append(b, 'K')
		}
		b = append(b, num.idxName[i&(maxIdx-1)]...)
	}
	return b
}

// fenSide is a side's letter in a FEN.
var fenSide = [2]byte{White: 'W', Black: 'B'}
