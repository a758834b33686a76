package pdn

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"arbiter/notation"
)

// FuzzParse: the splitter and the parser never panic, every diagnostic has
// a position inside the input, and what the writer writes of error-free
// games reads back the same.
func FuzzParse(f *testing.F) {
	for _, c := range constructs {
		f.Add(c.in)
	}
	for _, c := range leniencies {
		f.Add(c.in)
	}
	f.Add("[Event \"a\"]\n1. 32-28 0-1[Event \"b\"]\n1. 33-28 *")
	// Issue 10's forms: a padded path, a broken tag value, results glued
	// to the next game's first move number.
	f.Add("[FEN \"W:W28,31:\nB1,19\"]\n1. 29x18x 7x16 13x 2x16 *")
	f.Add("01.32-28 19-23 1-101.32-28 0-001.33-29 (0-201.31-27) *")
	f.Add("\uFEFF[White \"Ren\xe9\"] {x\n[Event \"y\"]\n1. 32-28 (19-23 (18-23 *")
	// Issue 22: short notation and upper-case squares.
	f.Add("[GameType \"25\"]\n1.cd4 dc5 2.dc3 fg5 3.gh4 gf4 4.e:g5 h:f4 5.fg3 c:e3 *")
	f.Add("1. C3-D4 F6-G5 2.CD4 e:g5! 3. cd4. bad4 32-28cd4 c:e5:g3\nCD4 \"x\"]\nE3-D4 1-0")
	// Issue 22: results with a colon.
	for _, c := range colonResultCases {
		f.Add(c.in)
	}
	f.Add("[Result \"1:0\"]\n1. 32-28 1:01.33-28 0:2[Event \"x\"]\n1. 15:24 1: 1 (1:1) 1/2:1/2 {y} 1. 1:10 ½:½")
	// Issue 24: a variation inside notation.MaxDepth others, with what
	// may end it early or not at all; one left open at the result.
	deep := "1. 32-28 " + strings.Repeat("(19-23 ", notation.MaxDepth)
	f.Add(deep + "(19-23 {a ) b} (!) ; c )\n 2-0 (1-5)) (20-24)" + strings.Repeat(")", notation.MaxDepth) + " 19-23 *")
	f.Add(deep + "(19-23 (20-24 0-2")
	f.Fuzz(func(t *testing.T, in string) {
		// Offsets count the text's bytes: those of the file, or of its
		// decoded text for UTF-16 and UTF-32 (notation.Pos).
		size := len(in)
		if decoded, err := io.ReadAll(DecodeText(strings.NewReader(in))); err == nil {
			size = max(size, len(decoded))
		}
		sp := NewSplitter(strings.NewReader(in), Options{MaxGameBytes: 1 << 16})
		var recs []*notation.Record
		for {
			g, err := sp.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if errors.Is(err, ErrNotText) {
				return // binary input: one error, no games
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) > len(in) {
				t.Fatal("more games than bytes")
			}
			r := Parse(g, "f")
			for _, d := range r.Diagnostics {
				if !d.Pos.IsValid() || d.Pos.Offset < 0 || d.Pos.Offset > int64(size) || d.Code == "" {
					t.Fatalf("bad diagnostic %+v", d)
				}
				if d.Code == CodeInternal {
					t.Fatalf("internal error: %v", d)
				}
			}
			recs = append(recs, r)
		}
		var out bytes.Buffer
		if err := Write(&out, recs...); err != nil {
			t.Fatal(err)
		}
		again, err := ReadAll(bytes.NewReader(out.Bytes()), "f", Options{})
		if errors.Is(err, ErrNotText) && strings.Contains(in, "\x00") {
			return // NUL bytes kept in comments can make the output look binary
		}
		if err != nil {
			t.Fatal(err)
		}
		// The writer's promise holds for records read without errors (a
		// record with an error may hold text that PDN cannot say).
		for _, r := range recs {
			if r.HasErrors() {
				return
			}
		}
		if len(again) != len(recs) {
			t.Fatalf("%d games written, %d read back:\n%s", len(recs), len(again), out.String())
		}
		for i, r := range recs {
			if a, b := canon(r), canon(again[i]); a != b {
				t.Fatalf("game %d differs after writing:\n%s\n%s\nwritten:\n%s", i+1, a, b, out.String())
			}
		}
	})
}

// FuzzMove: ParseMove never panics, and a move it reads is written back
// (MoveText.String) into a text that reads the same.
func FuzzMove(f *testing.F) {
	for _, c := range moveCases {
		f.Add(c.in)
	}
	for _, c := range paddedPathCases {
		f.Add(c.in)
	}
	for _, c := range shortMoveCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		mt, err := ParseMove(in)
		if err != nil {
			return
		}
		if len(mt.Squares) < 2 {
			t.Fatalf("%q: %d squares", in, len(mt.Squares))
		}
		again, err := ParseMove(mt.String())
		if err != nil {
			t.Fatalf("%q written as %q: %v", in, mt.String(), err)
		}
		if !reflect.DeepEqual(again.Squares, mt.Squares) || again.Capture != mt.Capture || again.Short != mt.Short {
			t.Fatalf("%q written as %q reads %+v", in, mt.String(), again)
		}
		// The lexer agrees on where the move ends.
		scan := scanMove
		if mt.Short {
			scan = scanShort
		}
		if end, _ := scan(in, 0); end != len(in) {
			t.Fatalf("%q: lexer ends the move at %d", in, end)
		}
	})
}
