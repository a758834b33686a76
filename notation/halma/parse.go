package halma

import (
	"strings"

	"arbiter/notation"
	"arbiter/notation/movetext"
	"arbiter/notation/pdn"
)

// syntax is what tells a Halma record from the other notations on PDN's
// tag pairs: its moves and results (the reader is movetext's).
var syntax = &movetext.Syntax{
	Game:       "Halma",
	Results:    "1-0, 0-1, 1-0-0-0, ... or *",
	IsResult:   isResult,
	IsMove:     looksLikeMove,
	DecodeMove: func(text string) error { _, err := ParseMove(text); return err },
}

// Parse reads one game text (from pdn.Splitter) as a Halma record. Tags
// are decoded by the PDN reader (same leniencies, same warnings). Every
// move keeps its file position. Parse never panics and is safe for
// concurrent use.
func Parse(g pdn.GameText, file string) *notation.Record { return syntax.Parse(g, file) }

// Grammar returns the EBNF of the grammar, for documentation.
func Grammar() string { return syntax.Grammar() }

// isResult: "*", or one score per player (0 or 1) joined by "-": 1-0,
// 0-1, 1-0-0-0, 0-1-0-1.
func isResult(w string) bool {
	if w == "*" {
		return true
	}
	parts := strings.Split(w, "-")
	if len(parts) < 2 || len(parts) > 4 {
		return false
	}
	for _, p := range parts {
		if p != "0" && p != "1" {
			return false
		}
	}
	return true
}

// looksLikeMove: "pass", or letters, digits, "-" and ":" with a digit,
// a strength mark (! ?) allowed at the end. Whether it decodes is the
// decoder's business.
func looksLikeMove(w string) bool {
	w = strings.TrimRight(w, "!?")
	if strings.EqualFold(w, "pass") || w == "--" {
		return true
	}
	digit, letter := false, false
	for i := 0; i < len(w); i++ {
		c := w[i] | 0x20
		switch {
		case '0' <= w[i] && w[i] <= '9':
			digit = true
		case 'a' <= c && c <= 'z':
			letter = true
		case w[i] == '-', w[i] == ':':
		default:
			return false
		}
	}
	return digit && letter
}
