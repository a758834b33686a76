package morris

import (
	"strings"

	"arbiter/notation"
	"arbiter/notation/movetext"
	"arbiter/notation/pdn"
)

// syntax is what tells a morris record from the other notations on PDN's
// tag pairs: its moves and results (the reader is movetext's).
var syntax = &movetext.Syntax{
	Game:       "morris",
	Results:    "1-0, 0-1, 1/2-1/2 or *",
	IsResult:   isResult,
	IsMove:     looksLikeMove,
	DecodeMove: func(text string) error { _, err := ParseMove(text); return err },
	NormResult: normResult,
}

// Parse reads one game text (from pdn.Splitter) as a morris record. Tags
// are decoded by the PDN reader (same leniencies, same warnings). Every
// move keeps its file position. Parse never panics and is safe for
// concurrent use.
func Parse(g pdn.GameText, file string) *notation.Record { return syntax.Parse(g, file) }

// Grammar returns the EBNF of the grammar, for documentation.
func Grammar() string { return syntax.Grammar() }

func normResult(s string) string {
	if s == "½-½" {
		return "1/2-1/2"
	}
	return s
}

// isResult: 1-0 0-1 1/2-1/2 ½-½ *.
func isResult(w string) bool {
	switch w {
	case "1-0", "0-1", "1/2-1/2", "½-½", "*":
		return true
	}
	return false
}

// looksLikeMove: the characters of a move, with a strength mark (! ?)
// allowed at the end. Whether it decodes is the decoder's business.
func looksLikeMove(w string) bool {
	w = strings.TrimRight(w, "!?")
	if w == "" {
		return false
	}
	digit := false
	for i := 0; i < len(w); i++ {
		c := w[i] | 0x20
		switch {
		case '0' <= w[i] && w[i] <= '9':
			digit = true
		case 'a' <= c && c <= 'g', c == 'x', w[i] == '-', w[i] == ':':
		default:
			return false
		}
	}
	return digit
}
