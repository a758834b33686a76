package race

import (
	"fmt"
	"strings"
	"testing"

	"arbiter/notation"
)

// lexAll is every token of a text, as "type:value".
func lexAll(t testing.TB, text string) []string {
	t.Helper()
	names := map[int]string{}
	for name, typ := range tokenNames {
		names[int(typ)] = name
	}
	l := newScanner(text, "t.txt", notation.Pos{Line: 1, Col: 1})
	var out []string
	for {
		tok, err := l.Next()
		if err != nil {
			t.Fatal(err)
		}
		if tok.EOF() {
			return out
		}
		out = append(out, names[int(tok.Type)]+":"+tok.Value)
	}
}

// A '(' is a payment when a ')' closes it on its line, else an unreadable
// word; a run of '(' without one is read once, not to the line's end for
// each (40,000 of them took 2.6 s).
func TestLexParentheses(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"R 1: - (pays 5) ( (x\n(pays 2)", "Player:R Roll:1: Action:- Pay:(pays 5) Unreadable:( Unreadable:(x Pay:(pays 2)"},
		{"((( (a)", "Pay:((( (a)"},
		{"((( \n(a) ((", "Unreadable:( Unreadable:( Unreadable:( Pay:(a) Unreadable:( Unreadable:("},
		{"(( {c} (\n)", "Unreadable:( Unreadable:( Comment:{c} Unreadable:( Unreadable:)"},
	} {
		if got := strings.Join(lexAll(t, tc.text), " "); got != tc.want {
			t.Errorf("%q: %s, want %s", tc.text, got, tc.want)
		}
	}
}

// BenchmarkLexShapes cuts texts whose shape once cost the lexer more than
// their size: a run of n '(' on one line. ns/op over the sizes shows
// whether the cost is linear: compare n=10000 with n=40000.
func BenchmarkLexShapes(b *testing.B) {
	for _, n := range []int{10_000, 40_000} {
		text := "1. R 1: - " + strings.Repeat("(", n) + " *\n"
		b.Run(fmt.Sprintf("open-parentheses/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				lexAll(b, text)
			}
		})
	}
}
