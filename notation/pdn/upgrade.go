package pdn

import (
	"reflect"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
)

// upgrade turns the scanner's tokens into participle's PeekingLexer.
//
// lexer.Upgrade appends the tokens one by one to a slice that starts empty;
// with 64-byte tokens that reallocation is the largest single cost of a
// parse (measured on the international-tournaments corpus: 12 MB/s with
// lexer.Upgrade, 18 MB/s with a presized slice). PeekingLexer has no
// constructor that takes a slice, so when its layout is the one this was
// written for (participle v2.1: a tokens []Token field and a zero
// Checkpoint meaning "at the first token"), the presized slice is set in
// place; otherwise, or if the self-check at start-up fails, lexer.Upgrade
// is used. Either way nothing is elided, so both give the same lexer.
func upgrade(sc *scanner, estimate int) (*lexer.PeekingLexer, error) {
	if !fastUpgrade {
		return lexer.Upgrade(sc)
	}
	toks := make([]lexer.Token, 0, estimate)
	for {
		t, err := sc.Next()
		if err != nil {
			return nil, err
		}
		toks = append(toks, t)
		if t.EOF() {
			break
		}
	}
	return peekingLexer(toks), nil
}

var tokensField = func() int {
	f, ok := reflect.TypeOf(lexer.PeekingLexer{}).FieldByName("tokens")
	if !ok || f.Type != reflect.TypeOf([]lexer.Token(nil)) || len(f.Index) != 1 {
		return -1
	}
	return f.Index[0]
}()

func peekingLexer(toks []lexer.Token) *lexer.PeekingLexer {
	pl := &lexer.PeekingLexer{}
	f := reflect.ValueOf(pl).Elem().Field(tokensField)
	*(*[]lexer.Token)(unsafe.Pointer(f.UnsafeAddr())) = toks
	return pl
}

// fastUpgrade is true when the presized PeekingLexer behaves like
// lexer.Upgrade's on a small token stream.
var fastUpgrade = func() bool {
	if tokensField < 0 {
		return false
	}
	toks := []lexer.Token{{Type: tokTag, Value: "a"}, {Type: tokMove, Value: "b"}, {Type: lexer.EOF}}
	pl := peekingLexer(toks)
	if pl.Cursor() != 0 || pl.RawCursor() != 0 || pl.Peek().Value != "a" {
		return false
	}
	if t := pl.Next(); t.Value != "a" || pl.Peek().Value != "b" || pl.Cursor() != 1 {
		return false
	}
	pl.Next()
	return pl.Peek().EOF() && len(pl.Range(0, pl.RawCursor())) == 2
}()
