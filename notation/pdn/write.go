package pdn

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"arbiter/notation"
)

// LineWidth is the width the writer wraps movetext at.
const LineWidth = 80

// standardTags are written first, in this order; the other tags follow in
// their original order.
var standardTags = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// Write writes the records as normalised PDN: tags in the standard order,
// movetext with move numbers ("12... 23x34" after an interruption), comments,
// variations, NAGs, strengths and /FEN "..."/ setups, the result (see
// terminator) and the comments after it, wrapped at 80 columns, LF line
// endings and a blank line between games. Move texts are written as they are.
func Write(w io.Writer, recs ...*notation.Record) error {
	bw := bufio.NewWriter(w)
	for i, r := range recs {
		if i > 0 {
			bw.WriteByte('\n')
		}
		writeRecord(bw, r)
	}
	return bw.Flush()
}

func writeRecord(bw *bufio.Writer, r *notation.Record) {
	written := make([]bool, len(r.Tags))
	for _, name := range standardTags {
		for i, t := range r.Tags {
			if !written[i] && t.Name == name {
				writeTag(bw, t)
				written[i] = true
			}
		}
	}
	for i, t := range r.Tags {
		if !written[i] {
			writeTag(bw, t)
		}
	}
	if len(r.Tags) > 0 {
		bw.WriteByte('\n')
	}
	lw := &lineWriter{w: bw}
	for _, c := range r.Comments {
		lw.comment(c.Text)
	}
	if r.Setup != "" {
		lw.word(setupString(r.Setup))
	}
	fen, _ := r.Tag("FEN")
	writeMoves(lw, r.Moves, (strings.TrimSpace(fen) != "" || r.Setup != "") && (len(r.Moves) == 0 || !r.Moves[0].Ellipsis))
	lw.word(terminator(r))
	for _, c := range r.After {
		// On the result's line: a comment the line width would push to
		// the next line reads back as a game of its own.
		lw.commentOpt(c.Text, true)
	}
	lw.newline()
}

// terminator is the result written at the end of the movetext: a missing
// terminator becomes the Result tag's value when that is a result, never
// "*" when the tag says 2-0; else "*", for without a terminator nothing
// would part the game from a next one without tags.
func terminator(r *notation.Record) string {
	if r.Result != "" {
		return r.Result
	}
	if v, ok := r.Tag("Result"); ok {
		if norm := normResult(strings.TrimSpace(v)); norm != "" {
			return norm
		}
	}
	return "*"
}

var tagEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ")

func writeTag(bw *bufio.Writer, t notation.Tag) {
	bw.WriteByte('[')
	bw.WriteString(t.Name)
	bw.WriteString(` "`)
	tagEscaper.WriteString(bw, t.Value)
	bw.WriteString("\"]\n")
}

func setupString(fen string) string { return `/FEN "` + fen + `"/` }

// lineWriter joins words with spaces and wraps lines at LineWidth.
type lineWriter struct {
	w      *bufio.Writer
	n      int    // characters on the current line
	prefix string // glued before the next word ("(")
	// afterLine is true right after a ; line comment: the line must end.
	afterLine bool
}

func (lw *lineWriter) newline() {
	if lw.n > 0 {
		lw.w.WriteByte('\n')
		lw.n = 0
	}
	lw.afterLine = false
}

// word writes s; nobreak keeps it on the current line.
func (lw *lineWriter) wordOpt(s string, nobreak bool) {
	if lw.afterLine {
		lw.newline()
	}
	s = lw.prefix + s
	lw.prefix = ""
	n := utf8.RuneCountInString(s)
	if lw.n > 0 {
		if lw.n+1+n > LineWidth && !nobreak {
			lw.w.WriteByte('\n')
			lw.n = 0
		} else {
			lw.w.WriteByte(' ')
			lw.n++
		}
	}
	lw.w.WriteString(s)
	lw.n += n
}

func (lw *lineWriter) word(s string) { lw.wordOpt(s, false) }

// glue appends s to the last word (")").
func (lw *lineWriter) glue(s string) {
	if lw.afterLine || lw.n == 0 {
		lw.word(s)
		return
	}
	lw.w.WriteString(s)
	lw.n += utf8.RuneCountInString(s)
}

// comment writes {text}, with its white space normalised so it can wrap. A
// text with braces of its own is written as a ; line comment: PDN comments
// do not nest, so inside braces it could not be read back as written.
func (lw *lineWriter) comment(text string) { lw.commentOpt(text, false) }

// commentOpt is comment; with onLine, the comment starts on the current
// line however long it is.
func (lw *lineWriter) commentOpt(text string, onLine bool) {
	words, lineComment := CommentWords(text)
	for i, w := range words {
		lw.wordOpt(w, (i == 0 && onLine) || (i > 0 && w[0] == '['))
	}
	lw.afterLine = lineComment
}

// CommentWords is how a comment is written in movetext, by every
// notation's writer: its words, white space made single spaces so that
// it wraps, the first opening with "{" and the last closing with "}"; or,
// for a text with braces of its own, one ";" line comment, after which
// the line must end (PDN comments do not nest: in braces it could not be
// read back as written). A writer never starts a line with a word that
// begins with '[' inside a comment: it would read as the tag of a next
// game.
func CommentWords(text string) (words []string, lineComment bool) {
	fields := strings.Fields(text)
	switch {
	case strings.ContainsAny(text, "{}"):
		return []string{";" + strings.Join(fields, " ")}, true
	case len(fields) == 0:
		return []string{"{}"}, false
	}
	fields[0] = "{" + fields[0]
	fields[len(fields)-1] += "}"
	return fields, false
}

// wframe is one line being written: the main line or a variation.
type wframe struct {
	line        notation.Line
	i           int
	num         int  // number of move i
	second      bool // move i is the second player's
	interrupted bool // something was written since the last move
	vars        []notation.Line
	vi          int
	varNum      int
	varSecond   bool
	// halvesUnknown: the line plays on from a setup, where who moves first
	// is the position's, and its first move was not written "N...". A
	// record may number its first move "1." for the second player (problem
	// books do: White to play from a setup of English draughts, where
	// Black moves first), so the writer cannot tell which half of a move
	// an unnumbered move is: it writes no "N..." the record did not, which
	// the referee, counting by the side to move, could find wrong.
	halvesUnknown bool
}

// writeMoves writes a line and its variations, iteratively; halvesUnknown
// is the main line's (see wframe).
func writeMoves(lw *lineWriter, main notation.Line, halvesUnknown bool) {
	stack := []*wframe{{line: main, num: 1, interrupted: true, halvesUnknown: halvesUnknown}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		if f.vi < len(f.vars) {
			v := f.vars[f.vi]
			f.vi++
			if len(v) == 0 {
				continue
			}
			f.interrupted = true
			lw.prefix += "("
			stack = append(stack, &wframe{line: v, num: f.varNum, second: f.varSecond, interrupted: true, halvesUnknown: f.halvesUnknown})
			continue
		}
		if f.i >= len(f.line) {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				lw.glue(")")
			}
			continue
		}
		m := f.line[f.i]
		f.i++
		if m.Number > 0 {
			if m.Number != f.num || m.Ellipsis != f.second {
				// A written number that is not the running count
				// is kept: write it even for a second-player move.
				f.interrupted = true
			}
			f.num, f.second = m.Number, m.Ellipsis
		} else if m.Ellipsis {
			// "..." alone that changes the side to move must be written.
			f.interrupted = f.interrupted || !f.second
			f.second = true
		}
		if m.Setup != "" {
			lw.word(setupString(m.Setup))
			f.interrupted, f.halvesUnknown = true, !m.Ellipsis
		}
		switch {
		case !f.second:
			lw.word(strconv.Itoa(f.num) + ".")
		case f.interrupted && (!f.halvesUnknown || m.Number > 0 || m.Ellipsis):
			lw.word(strconv.Itoa(f.num) + "...")
		}
		lw.word(m.Text + m.Strength)
		for _, n := range m.NAGs {
			lw.word("$" + strconv.Itoa(n))
		}
		for _, c := range m.Comments {
			lw.comment(c.Text)
		}
		f.vars, f.vi, f.varNum, f.varSecond = m.Variations, 0, f.num, f.second
		f.interrupted = len(m.Comments) > 0 || len(m.Variations) > 0
		if f.second {
			f.num++
		}
		f.second = !f.second
	}
}
