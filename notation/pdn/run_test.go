package pdn

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/encoding/charmap"

	"arbiter/notation"
)

// runTexts are games whose move numbers and moves a run must cut exactly
// as the scanner cuts them one by one: line breaks (LF, CRLF, a stray CR)
// inside the movetext, glued numbers and moves, padded squares, leading
// zeros, alphanumeric moves glued to each other, a bare tag at the start of
// a line, results in every form, text glued to the last move, and
// multi-byte characters and game texts starting inside a line before and
// after a run.
var runTexts = []string{
	"1. 32-28 19-23 2. 28x19 14x23\n3. 37-32 10-14 2-0",
	"1. 32-28 19-23\r\n2. 28x19 14x23\r\n3. 37-32 2-0\r\n",
	"1. 32-28 19-23\r2. 28x19 14x23 2-0",
	"01.32-28 09-13 2.- 1- 6 35x 4 29x18x 7x16 13x 2x16 1-101.32-28",
	"1.c3-d4e5-f6 a3b4 c3:e5:g3 2...h2-g3\nWhite \"x\"]\n1. a3-b4 *",
	"1. c3-d4 f6-e5\na3b4 \"x\"]\n2. d4xf6 g7xe5 *",
	"[Event \"é\"]\n1. 32-28 19-23 0 - 2",
	"{é} 1. 32-28 19-23 ½-½",
	"1. 32-28 19-23 1/2-1/2",
	"1. 32-28 19-23 2. 28x19Red overstepped 1-0",
	"1. 32-28 19-23 2. 28x19. 1-0",
	"1. 32-28 (1... 19-23 2. 33-29) 18-23 (0-2) 2-0",
	"1. 32-28 19-23 2. - - 3. 37-32 *",
	"1. 32-28 0-1A0 19-23 *",
	"1.\t32-28\t\t19-23\n\n\n2.  28x19  14x23 \n *",
	"1. 32-28 19-23 2. 1000000000. 28x19 *",
	"1. 32-28 19-23 12 13 *",
	"1. 32-28\f19-23 2. 28x19\v14x23\u00a02. 1-0",
	"1. 32-28 19-23 % not at line start\n% at line start\n2. 28x19 *",
	"1. 32-28 $1 19-23! 2. 28x19 !? 14x23 (!?) *",
	"1. 32-28 19-23 2. 28x19 14x23",
	"12... 32-28",
	"32-28",
	"1.",
	"1. 32-28 19-23 1-12. 23-28 *",
	"1. 11-15 23-19 2. 8-11 22-17 3. 4-8 1-0",
	// Short notation and upper-case squares (issue 22).
	"1.cd4 dc5 2.dc3 fg5 3.gh4 gf4 4.e:g5 h:f4 5.fg3 c:e3 6.g:e5 bc5 *",
	"1. C3-D4 F6-G5 2.CD4 e:g5! ab2? 3. cd4. cd4x bad4 32-28cd4 cd4fe5 c:e5:g3\nCD4 \"x\"]\nE3-D4 (1... cd4) 1-0",
	// Runs of tags.
	"[Event \"Léman\"]\r\n[Site \"\"]\r\n[White \"Ren\xe9\"]\r\n\r\n1. 32-28 *",
	"[Event \"x\"][Site \"y\"] [Round \"1\"]\n[Event \"x\" [Site \"y\"]\n[[Date \"z\"]\n*",
	"[FEN \"W:W28,31:\nB1,19\"]\n[Event \"a\nb\"]\n[Black \"unclosed]\n[White \"\\\"q\\\"\"]\n*",
	"[Event \"x\"]\n[\n[Site \"y\"]\n[%clock 1:00]\n[Round \"2\"]\n[Empty]\n[ Spaced \"v\"]\n*",
	"[Event \"x\"]\nBlack \"a\"]\nWhite \"b\"] [Round \"3\"]\n  Date \"d\"]\n1. 32-28 [Site \"late\"] [Round \"late\"]\n2-0",
	"[Event \"x\"]\r[Site \"y\"]\f[Round \"1\"]\u00a0[Date \"d\"] *",
	"[Event \"x\"] Black \"a\"]\n[Site \"y\"]\tWhite \"b\"]\n*",
	"[A \"1\"] [B \"2\"] 1. 32-28 2-0 [C \"3\"] [D \"4\"] 1. 33-29 2-0",
	// Results with a colon (issue 22), among Russian captures.
	"1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. c3:e5:g3 1:0",
	"1. 22-18 15:22 2. 25:18 10:1 3. 1:10 12:21 {x} 0:1\n1. 1:1 1:11.32-28 (1/2:1/2) 2:0[Event \"x\"] 1.15:24 0:2 1: 1 0:0",
	"1. Anna 1:0  Bram 2:0\n2. Anna 6: 1/7  Bram 1:1\n3. Anna 2:0/2 \xbd:\xbd 1:0 2. 32-28 *",
}

// TestRunsReadAsTokens: a game read with runs is the game read with every
// move number and move a token of its own, to the last position and
// diagnostic, on every offset mode (UTF-8, Windows-1252 by fallback,
// UTF-8 with replaced bytes) and on a game text starting inside a line.
func TestRunsReadAsTokens(t *testing.T) {
	var ins []string
	ins = append(ins, runTexts...)
	for _, c := range constructs {
		ins = append(ins, c.in)
	}
	for _, c := range leniencies {
		ins = append(ins, c.in)
	}
	for _, in := range ins {
		for _, variant := range []string{in, "\xe9 " + in, "\u00e9\xff " + in, "1-0 " + in, strings.ReplaceAll(in, "\n", "\r\n")} {
			sameWithRuns(t, variant, Options{})
			sameWithRuns(t, variant, Options{Encoding: charmap.Windows1251})
		}
	}
	for _, sub := range []string{"pdn-conformance/succeed", "pdn-conformance/fail", "international-tournaments", "english", "russian-belarus"} {
		files, _ := corpusFilesOpt(sub)
		for _, f := range files {
			sameWithRuns(t, string(f.data), Options{})
		}
	}
}

// corpusFilesOpt is corpusFiles without skipping when a folder is absent.
func corpusFilesOpt(sub string) (out []corpusFile, ok bool) {
	defer func() {
		if recover() != nil {
			out, ok = nil, false
		}
	}()
	return corpusFiles(skipPanics{}, sub), true
}

// skipPanics is a testing.TB whose Skip panics, for corpusFilesOpt.
type skipPanics struct{ testing.TB }

func (skipPanics) Helper()           {}
func (skipPanics) Skip(args ...any)  { panic("skip") }
func (skipPanics) Fatal(args ...any) { panic("fatal") }

// sameWithRuns compares the games of in read with and without runs, each
// game as the splitter cuts it, and the whole text given as one game (as
// Parse may be given it: several games' tags and moves in one text).
func sameWithRuns(t *testing.T, in string, opts Options) {
	t.Helper()
	whole := GameText{Text: in, Pos: notation.Pos{Line: 1, Col: 1}}
	if a, b := parse(whole, "f", true), parse(whole, "f", false); !reflect.DeepEqual(a, b) {
		t.Fatalf("%q (whole): read with runs\n%s\nread token by token\n%s", in, dumpRecord(a), dumpRecord(b))
	}
	sp := NewSplitter(strings.NewReader(in), opts)
	for {
		g, err := sp.Next()
		if errors.Is(err, io.EOF) || errors.Is(err, ErrNotText) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		a, b := parse(g, "f", true), parse(g, "f", false)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%q (game %d): read with runs\n%s\nread token by token\n%s", in, g.Index, dumpRecord(a), dumpRecord(b))
		}
	}
}

func dumpRecord(r *notation.Record) string {
	var b bytes.Buffer
	for _, d := range r.Diagnostics {
		b.WriteString(d.Pos.String() + " " + d.Code + " " + d.Msg + "\n")
	}
	var line func(l notation.Line, depth int)
	line = func(l notation.Line, depth int) {
		for _, m := range l {
			b.WriteString(strings.Repeat("  ", depth) + m.Text + " " + m.Pos.String() + "\n")
			for _, v := range m.Variations {
				line(v, depth+1)
			}
		}
	}
	line(r.Moves, 0)
	return b.String()
}

// FuzzRuns: on any input, runs read what single tokens read.
func FuzzRuns(f *testing.F) {
	for _, in := range runTexts {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		sameWithRuns(t, in, Options{MaxGameBytes: 1 << 16})
	})
}

// TestSplitReadSizes: the splitter cuts the same games, with the same
// positions and diagnostics, whatever its reads bring at a time (one byte,
// half of what is asked), so that its fast skips over tags, strings and
// comments stop and go on correctly at the end of what is buffered.
func TestSplitReadSizes(t *testing.T) {
	var ins []string
	ins = append(ins, runTexts...)
	for _, c := range constructs {
		ins = append(ins, c.in)
	}
	// The splitter's shortcuts (a tag pair, 8 bytes of a word at once)
	// need their bytes in the buffer: read a byte at a time (after a
	// first game of 600 bytes, which is read whole), the same text goes
	// through the byte-by-byte states they stand for.
	first := "{" + strings.Repeat("x", 600) + "} *\n"
	for _, in := range []string{
		"[Event \"Été\"] [Site \"\"] [Round \"1\"][Black \"b\"]\n\n[Site \"\"]\n[Event \"x\"]\n\n[Event \"y\"]\n1. 32-28 *",
		"[Event \"a\\\"b\"]\n[White\t \"w\"x\"]\n[Black \"b\"]  \r\n[Name12345678901234567890123456789012345678 \"n\"]\n1. 1-7 2-8 1-7\n",
		"1. 1-7 5-14 12. 28x17x39 1-17 2-13. 3-9 0-10 12-21 1-1 2. 0 - 2\n",
		"1. 32-28 1-101. 33-29 2-02. 19-23 1/2-1/21. 1-7 11-17 \xc2\xbd-\xc2\xbd1. 32-28\n1.  32-28 (1-7) 1-0",
		"1. 32-28 19-23 2. 1234567890123456. 1-0",
		"[Event \"Été\"] 1. 32-28 1-0 [Event \"b\"] 1. 32-28 2-0 1. 32-28 *",
		"1. 15:24 1:1 1:10 9:18 1:01.32-28 0:2 {x}\n;y\n1. 32-28 1/2:1/2[Event \"x\"] 2:0 Anna 1:0 2. 1: 0 ½:½ 0:0\n",
	} {
		ins = append(ins, first+in)
	}
	for _, sub := range []string{"pdn-conformance/succeed", "international-tournaments"} {
		files, _ := corpusFilesOpt(sub)
		for _, f := range files {
			ins = append(ins, string(f.data))
		}
	}
	for _, in := range ins {
		sameSplitThroughSmallReads(t, in)
	}
}

// FuzzSplitReadSizes: TestSplitReadSizes on any input. Read one byte at a
// time, the splitter's fast loops (plainWords, wordRest, skipUntil) see
// almost nothing buffered and leave the bytes to scanGame's byte-by-byte
// cases, so this holds the fast loops to those cases.
func FuzzSplitReadSizes(f *testing.F) {
	for _, in := range runTexts {
		f.Add(in)
	}
	for _, c := range constructs {
		f.Add(c.in)
	}
	f.Add("1. 32-28 19-23 2-01. 33-29 1 - 1 12. 1/2 -1/2 0-2x 3-28 1-7 9-14\n1-0 *")
	f.Add("1. 32-28 0\n- 2 1. 18-23 \xbd-\xbd 1.32-28 \xc2\xbd - \xc2\xbd1. 1-0")
	f.Add("1. 15:24 1:1 1:10 9:18 1:01.32-28 0:2 {x}\n1. 1/2:1/2[Event \"x\"] 2:0 Anna 1:0 1: 0 \xbd:\xbd 0:0\n")
	// Runs read in one step: '[' runs (tagStart) and words stopped at
	// each digit (wordRest).
	f.Add("[Event \"a\"]\n1. 32-28 [[ [\t[\n[[ [Event \"b\"]\n1. 32-28 [[[ ]] [[%clk] 1-0:1-0:1-01. 2-0/1-0 *\n")
	f.Add("[[[\n[Event \"a\"]\n1. 32-28 \xbd-\xbd-1-1:0-0-1 0-1/1-0/2 (1-0:1-0:1) [[[")
	f.Fuzz(func(t *testing.T, in string) {
		sameSplitThroughSmallReads(t, in)
	})
}

// sameSplitThroughSmallReads checks that in is cut into the same games,
// with the same positions and diagnostics, whether read whole, or after
// its first 512 bytes one byte at a time or half of what is asked at a
// time.
func sameSplitThroughSmallReads(t *testing.T, in string) {
	t.Helper()
	split := func(r io.Reader) []GameText {
		var out []GameText
		sp := NewSplitter(r, Options{MaxGameBytes: 1 << 16})
		for {
			g, err := sp.Next()
			if err != nil {
				return out
			}
			out = append(out, g)
		}
	}
	want := split(strings.NewReader(in))
	// The head that DecodeText sniffs comes whole, as it does from a
	// file: what it decides on a head cut short is not the splitter's.
	head := min(len(in), 512)
	for _, small := range []func(io.Reader) io.Reader{iotest.OneByteReader, iotest.HalfReader} {
		r := io.MultiReader(strings.NewReader(in[:head]), small(strings.NewReader(in[head:])))
		if got := split(r); !reflect.DeepEqual(got, want) {
			t.Fatalf("%.200q: split differently through %T", in, r)
		}
	}
}

// TestPlainWordsAsOneByOne: movetext of random words from the bytes that
// plainWords reads (moves, move numbers, results, glued and long words,
// a byte that stops it), read whole (plainWords, 8 bytes of a word at once) and
// a byte at a time (scanGame's cases), is cut the same.
func TestPlainWordsAsOneByOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 2))
	words := []string{"12.", "32-28", "19x30", "1-7", "2-8", "0-2", "1-0", "2-0", "1-1", "1/2-1/2", "0", "-", "2", "1-10",
		"2:11", "1:0", "28x17x39x48x50x4", "28x17x39x48x50x", "123456789012345", "1234567890123456", "9.", "x", ".", "3",
		"12-21", "5-14", "1-101.", "\xbd-\xbd", "a", "*", "{c}", "1.", "45-40", ":", "1/2"}
	seps := []string{" ", " ", " ", "\n", "  ", "\r\n", "\t"}
	for range 3000 {
		var b strings.Builder
		b.WriteString(strings.Repeat("{"+strings.Repeat("x", 600)+"} *\n", 1))
		b.WriteString("1. ")
		for range 10 + rng.IntN(60) {
			if rng.IntN(4) == 0 {
				b.WriteString(words[rng.IntN(len(words))])
			} else {
				b.WriteString(words[rng.IntN(3)])
			}
			if rng.IntN(6) == 0 {
				b.WriteString(seps[rng.IntN(len(seps))])
			} else {
				b.WriteString(" ")
			}
		}
		b.WriteString("1-0")
		sameSplitThroughSmallReads(t, b.String())
	}
}
