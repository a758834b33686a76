package draughts

import (
	"fmt"
	"strconv"
	"strings"
)

// FENError is a syntax or content error in a FEN; Col is the 1-based byte
// column in the string where the problem was found.
type FENError struct {
	Col int
	Msg string
}

func (e *FENError) Error() string {
	return fmt.Sprintf("FEN column %d: %s", e.Col, e.Msg)
}

type fenScanner struct {
	s string
	i int
}

func (f *fenScanner) errf(at int, format string, args ...any) error {
	return &FENError{Col: at + 1, Msg: fmt.Sprintf(format, args...)}
}

func (f *fenScanner) skipSpace() {
	for f.i < len(f.s) && (f.s[f.i] == ' ' || f.s[f.i] == '\t' || f.s[f.i] == '\n' || f.s[f.i] == '\r') {
		f.i++
	}
}

func (f *fenScanner) peek() byte {
	if f.i < len(f.s) {
		return f.s[f.i]
	}
	return 0
}

func (f *fenScanner) describe() string {
	if f.i >= len(f.s) {
		return "end of FEN"
	}
	return strconv.QuoteRune(rune(f.s[f.i]))
}

// number reads a decimal number of at most 4 digits.
func (f *fenScanner) number() (int, error) {
	start := f.i
	n := 0
	for f.i < len(f.s) && f.s[f.i] >= '0' && f.s[f.i] <= '9' {
		if f.i-start >= 4 {
			return 0, f.errf(start, "square number too long")
		}
		n = n*10 + int(f.s[f.i]-'0')
		f.i++
	}
	if f.i == start {
		return 0, f.errf(start, "expected a square, found %s", f.describe())
	}
	return n, nil
}

func colorLetter(b byte) (Color, bool) {
	switch b {
	case 'W', 'w':
		return White, true
	case 'B', 'b':
		return Black, true
	}
	return 0, false
}

// FENCounters are the two fields the largest online platform appends to a
// FEN, "W:W31,...:B1,...:H0:F1". Each is -1 when the FEN does not have it.
type FENCounters struct {
	// HalfMoves (H) counts the half-moves played since a material balance
	// that a drawing rule counts appeared (the endgame draw counters).
	HalfMoves int
	// FullMove (F) is the number of the next full move.
	FullMove int
}

// ParseFEN parses a PDN FEN such as "W:W31-50,K3:B1-20": the side to move
// (W or B), then a ":W" list and a ":B" list in either order (either may be
// missing or empty). A list is comma-separated items, each a square number,
// a range a-b of square numbers or an algebraic square (c3, lowercase file),
// optionally preceded by K for kings. Spaces between tokens and a trailing
// '.' are tolerated, and so are double quotes around the whole FEN (as in a
// PDN [FEN "..."] tag), and the online platform's ":H<n>:F<n>" fields
// (see ParseFENCounters). Errors are *FENError.
func (r *Rules) ParseFEN(s string) (Position, error) {
	p, _, err := r.ParseFENCounters(s)
	return p, err
}

// ParseFENCounters is ParseFEN that also returns the ":H<n>" and ":F<n>"
// fields, each allowed once, after the side to move in any order among
// the piece lists.
func (r *Rules) ParseFENCounters(s string) (Position, FENCounters, error) {
	cnt := FENCounters{HalfMoves: -1, FullMove: -1}
	if !r.inited {
		return Position{}, cnt, &FENError{Col: 1, Msg: "rules not initialised (call Rules.Init)"}
	}
	p, err := r.parseFEN(s, &cnt)
	return p, cnt, err
}

func (r *Rules) parseFEN(s string, cnt *FENCounters) (Position, error) {
	p := r.EmptyPosition()
	f := &fenScanner{s: s}
	f.skipSpace()
	quoted := f.peek() == '"'
	if quoted {
		f.i++
		f.skipSpace()
	}
	c, ok := colorLetter(f.peek())
	if !ok {
		return Position{}, f.errf(f.i, "expected side to move W or B, found %s", f.describe())
	}
	f.i++
	p.turn = c
	var seen [2]bool
	var taken bb
	for {
		f.skipSpace()
		if f.i >= len(f.s) {
			if quoted {
				return Position{}, f.errf(f.i, "missing closing '\"'")
			}
			break
		}
		if b := f.peek(); b == '.' || (b == '"' && quoted) {
			if b == '.' {
				f.i++
				f.skipSpace()
			}
			if quoted {
				if f.peek() != '"' {
					return Position{}, f.errf(f.i, "expected closing '\"', found %s", f.describe())
				}
				f.i++
				f.skipSpace()
			}
			if f.i < len(f.s) {
				return Position{}, f.errf(f.i, "unexpected %s at the end", f.describe())
			}
			break
		}
		if f.peek() != ':' {
			return Position{}, f.errf(f.i, "expected ':', found %s", f.describe())
		}
		f.i++
		f.skipSpace()
		if b := f.peek(); b == 'H' || b == 'F' {
			if err := f.counter(cnt); err != nil {
				return Position{}, err
			}
			continue
		}
		col, ok := colorLetter(f.peek())
		if !ok {
			return Position{}, f.errf(f.i, "expected piece list colour W or B, found %s", f.describe())
		}
		if seen[col] {
			return Position{}, f.errf(f.i, "second %s piece list", col)
		}
		seen[col] = true
		f.i++
		if err := r.parseList(f, &p, col, &taken); err != nil {
			return Position{}, err
		}
	}
	return p, nil
}

// counter reads an ":H<n>" or ":F<n>" field at f.i.
func (f *fenScanner) counter(cnt *FENCounters) error {
	at, name := f.i, f.s[f.i]
	field := &cnt.HalfMoves
	if name == 'F' {
		field = &cnt.FullMove
	}
	if *field >= 0 {
		return f.errf(at, "second %c field", name)
	}
	f.i++
	f.skipSpace()
	start := f.i
	n := 0
	for f.i < len(f.s) && f.s[f.i] >= '0' && f.s[f.i] <= '9' {
		if f.i-start >= 6 {
			return f.errf(start, "%c field too long", name)
		}
		n = n*10 + int(f.s[f.i]-'0')
		f.i++
	}
	if f.i == start {
		return f.errf(start, "expected the number of the %c field, found %s", name, f.describe())
	}
	*field = n
	return nil
}

func (r *Rules) parseList(f *fenScanner, p *Position, col Color, taken *bb) error {
	f.skipSpace()
	if b := f.peek(); b == ':' || b == '.' || b == '"' || b == 0 {
		return nil // empty list
	}
	for {
		f.skipSpace()
		king := false
		if f.peek() == 'K' {
			king = true
			f.i++
			f.skipSpace()
		}
		start := f.i
		var lo, hi int
		if b := f.peek(); b >= 'a' && b <= 'z' {
			j := f.i + 1
			for j < len(f.s) && f.s[j] >= '0' && f.s[j] <= '9' && j-f.i <= 3 {
				j++
			}
			sq, ok := r.ParseAlpha(f.s[f.i:j])
			if !ok {
				return f.errf(start, "%q is not a playing square of the %dx%d board", f.s[f.i:j], r.Width, r.Height)
			}
			f.i = j
			lo, hi = sq, sq
		} else {
			n, err := f.number()
			if err != nil {
				return err
			}
			lo, hi = n, n
			hiStart := start
			f.skipSpace()
			if f.peek() == '-' {
				f.i++
				f.skipSpace()
				hiStart = f.i
				if hi, err = f.number(); err != nil {
					return err
				}
			}
			if lo < 1 || lo > r.n {
				return f.errf(start, "square %d out of range 1-%d", lo, r.n)
			}
			if hi < 1 || hi > r.n {
				return f.errf(hiStart, "square %d out of range 1-%d", hi, r.n)
			}
			if hi < lo {
				return f.errf(start, "empty range %d-%d", lo, hi)
			}
		}
		for sq := lo; sq <= hi; sq++ {
			i := r.sqIdx[sq]
			if taken.has(i) {
				return f.errf(start, "square %d given twice", sq)
			}
			taken.set(i)
			p.Set(sq, makePiece(col, king))
		}
		f.skipSpace()
		if f.peek() != ',' {
			return nil
		}
		f.i++
	}
}

// FEN returns the canonical FEN of p: "W:W31,32,K40:B1,2" (side to move,
// then White's and Black's squares ascending, kings prefixed with K).
func (r *Rules) FEN(p Position) string {
	var b strings.Builder
	if p.turn == Black {
		b.WriteByte('B')
	} else {
		b.WriteByte('W')
	}
	for _, c := range [2]Color{White, Black} {
		b.WriteByte(':')
		if c == White {
			b.WriteByte('W')
		} else {
			b.WriteByte('B')
		}
		first := true
		for sq := 1; sq <= r.n; sq++ {
			i := r.sqIdx[sq]
			if !p.pc[c].has(i) {
				continue
			}
			if !first {
				b.WriteByte(',')
			}
			first = false
			if p.kings.has(i) {
				b.WriteByte('K')
			}
			b.WriteString(strconv.Itoa(sq))
		}
	}
	return b.String()
}
