package pdn

import (
	"reflect"
	"strconv"
	"testing"
)

// TestPlainMoveAgrees: the short path for plain moves ("32-28") decodes
// exactly what the general scanner decodes, and leaves it everything else
// (leading zeros, three digits, squares 0, text after the move).
func TestPlainMoveAgrees(t *testing.T) {
	var texts []string
	squares := []string{"0", "1", "9", "10", "45", "50", "99", "05", "100", "123", "a1"}
	for _, a := range squares {
		for _, sep := range []string{"-", "x", ":", "/", ""} {
			for _, b := range squares {
				for _, tail := range []string{"", "x1", "-7", "!", " ", "x 4"} {
					texts = append(texts, a+sep+b+tail)
				}
			}
		}
	}
	for i := 1; i <= 99; i++ {
		texts = append(texts, strconv.Itoa(i)+"-"+strconv.Itoa(100-i))
	}
	plain := 0
	for _, text := range texts {
		got, gotErr := ParseMoveInto(text, nil)
		var want MoveText
		var wantErr error
		want.Squares = nil
		end, info := scanMoveSquares(text, 0, &want)
		switch {
		case end == 0:
			want, wantErr = MoveText{}, &MoveError{text, "not a move"}
		case end != len(text):
			want, wantErr = MoveText{}, &MoveError{}
		default:
			for _, sq := range want.Squares {
				if sq.Alpha == "" && sq.Num == 0 {
					want, wantErr = MoveText{}, &MoveError{}
				}
			}
			if wantErr == nil {
				want.LeadingZero, want.Padded = info.leadingZero, info.padded
			}
		}
		if (gotErr != nil) != (wantErr != nil) {
			t.Errorf("%q: error %v, want %v", text, gotErr, wantErr)
			continue
		}
		if gotErr == nil && !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %+v, want %+v", text, got, want)
		}
		if _, _, _, ok := plainMove(text); ok {
			plain++
		}
	}
	if plain < 99 {
		t.Errorf("the short path took only %d texts", plain)
	}
}

// TestPlainMove: plainMove's branches on fixed places read every short
// text (of the bytes that matter to it) as plainMoveAt's scan does.
func TestPlainMove(t *testing.T) {
	eachWord("01259-x: a", 6, func(buf []byte) {
		a1, s1, b1, ok1 := plainMove(string(buf))
		a2, s2, b2, ok2 := plainMoveLoop(string(buf))
		if ok1 != ok2 || ok1 && (a1 != a2 || s1 != s2 || b1 != b2) {
			t.Fatalf("%q: plainMove %d %c %d %v, the scan %d %c %d %v", buf, a1, s1, b1, ok1, a2, s2, b2, ok2)
		}
	})
}

// eachWord calls f with every word of at most depth bytes of alphabet,
// the empty word first, each word before its extensions. f must not
// keep buf: it is reused.
func eachWord(alphabet string, depth int, f func(buf []byte)) {
	buf := make([]byte, 0, depth)
	var walk func(depth int)
	walk = func(depth int) {
		f(buf)
		if depth == 0 {
			return
		}
		for k := 0; k < len(alphabet); k++ {
			buf = append(buf, alphabet[k])
			walk(depth - 1)
			buf = buf[:len(buf)-1]
		}
	}
	walk(depth)
}

// plainMoveLoop is plainMove by plainMoveAt's scan: the reference.
func plainMoveLoop(t string) (a int, sep byte, b int, ok bool) {
	a, sep, b, end := plainMoveAt(t, 0)
	return a, sep, b, end > 0 && end == len(t)
}
