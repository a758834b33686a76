package pdn

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestClassify: the masks classify makes (with AVX2 or AVX-512, the
// assembly) are classifyGo's, on random bytes and on bytes of movetext.
func TestClassify(t *testing.T) {
	sameClassify(t)
}

// fillBlock fills b with random bytes, any byte or (not anyByte) those of
// alphabet.
func fillBlock(rng *rand.Rand, b []byte, alphabet string, anyByte bool) {
	for j := range b {
		if anyByte {
			b[j] = byte(rng.IntN(256))
		} else {
			b[j] = alphabet[rng.IntN(len(alphabet))]
		}
	}
}

// sameClassify fails when classify's masks are not classifyGo's.
func sameClassify(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 3))
	alphabet := "0123456789-.x \n/:*{}[]()\r\t\x80\xff\xbd"
	b := make([]byte, 64)
	for i := range 20000 {
		fillBlock(rng, b, alphabet, i%2 == 0)
		var got, want [nMasks]uint64
		classify(b, &got)
		classifyGo(b, &want)
		if got != want {
			t.Fatalf("%q: masks %x, want %x", b, got, want)
		}
	}
}

// splitBoth cuts in with plainWords reading blocks (plainBlocks) and a
// word at a time, and fails when the games differ.
func splitBoth(t *testing.T, in string) {
	t.Helper()
	defer func(ok bool) { blocksOK = ok }(blocksOK)
	split := func(blocks bool) []GameText {
		blocksOK = blocks
		return splitAll(NewSplitter(strings.NewReader(in), Options{MaxGameBytes: 1 << 20}), (*Splitter).Next)
	}
	want := split(false)
	if got := split(true); !reflect.DeepEqual(got, want) {
		for i := range min(len(got), len(want)) {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Fatalf("%.300q: game %d cut differently a block at a time:\n got %+v\nwant %+v", in, i+1, got[i], want[i])
			}
		}
		t.Fatalf("%.300q: %d games a block at a time, %d a word at a time", in, len(got), len(want))
	}
}

// TestPlainBlocksAsWords: movetext of random words (moves, move numbers,
// results, glued and long words, words without a byte no result has,
// bytes that stop the blocks, runs of spaces and line breaks), and every
// corpus and testdata record, are cut the same a block at a time as a
// word at a time.
func TestPlainBlocksAsWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 4))
	words := []string{"12.", "32-28", "19x30", "1-7", "2-8", "0-2", "1-0", "2-0", "1-1", "1/2-1/2", "0", "-", "2", "1-10",
		"2:11", "1:0", "28x17x39x48x50x4", "28x17x39x48x50x", "123456789012345", "1234567890123456", "9.", "x", ".", "3",
		"12-21", "5-14", "1-101.", "\xbd-\xbd", "a", "*", "{c}", "1.", "45-40", ":", "1/2", "2-11", "0-1x", "10-15", "x3",
		"21-12", "1.2", "..", "0-", "-0", "22", "111", "2-", "1x1", "0x2"}
	seps := []string{" ", " ", " ", "\n", "  ", "\r\n", "\t", "\n\n", " \n", "\n\t\t\t", "\r", " \r\n\t", "\r\r\n", "\n\r\n", "\n\n \n", "\t\n", "\f", "\n%c\n"}
	for range 5000 {
		var b strings.Builder
		b.WriteString("[Event \"x\"]\n\n1. ")
		for range 10 + rng.IntN(200) {
			if rng.IntN(8) == 0 {
				b.WriteString(words[rng.IntN(len(words))])
			} else {
				b.WriteString(words[rng.IntN(3)])
			}
			if rng.IntN(12) == 0 {
				b.WriteString(seps[rng.IntN(len(seps))])
			} else {
				b.WriteString(" ")
			}
		}
		b.WriteString("1-0\n")
		splitBoth(t, b.String())
	}
	for _, in := range arenaInputs(t) {
		splitBoth(t, in)
	}
}

// FuzzPlainBlocks: TestPlainBlocksAsWords on any input.
func FuzzPlainBlocks(f *testing.F) {
	for _, in := range runTexts {
		f.Add(in)
	}
	f.Add("1. 32-28 19-23 2. 28x19 14x23 3. 39-33 10-14 4. 34-30 14-19 5. 30-25 17-21 6. 25x14 9x20 2-0 1-10 1-101. 32-28\n")
	f.Add("1. 32-28 19-23 2. 28x19 14x23\n3. 39-33 10-14 4. 34-30 14-19 5. 30-25 17-21 6. 25x14 9x20 0 - 2 1234567890123456 3. 1-1")
	// Moves one a line, indented with tabs; "\r\n" line breaks, and a lone '\r'.
	f.Add("\t\t\t1. 31-26 17-21\n\t\t\t2. 26x17 12x21\n\t\t\t3. 34-30 20-25\n\t\t\t4. 36-31 25x34\n\t\t\t5. 39x30 7-12\n\t\t\t6. 44-39 1-7\n\t\t\t1-1\n")
	f.Add("1. 32-28 19-23 2. 28x19 14x23\r\n3. 39-33 10-14  4. 34-30 14-19 \r\n\r\n5. 30-25 17-21\r6. 25x14 9x20 0 - 2\r\n")
	f.Fuzz(func(t *testing.T, in string) {
		splitBoth(t, in)
	})
}

// TestTagPairAsBytes: tag pairs whose values hold what ends tagPair's
// 8-byte loop (an escaped quote followed by ']', a backslash, line
// breaks, bytes from 0x80 up, at every place in the 8 bytes), read
// whole (tagPair) and a byte at a time (scanGame's tag states), are cut
// the same.
func TestTagPairAsBytes(t *testing.T) {
	first := "{" + strings.Repeat("x", 600) + "} *\n"
	values := []string{`ab\"] x`, `a\\`, `\"]`, "é\"]x", "a\rb", "a\nb", "\xe9\xe9\"] y", `a\`, "ab\"]\n[Event \"x", "½\\\"]"}
	for _, v := range values {
		for _, pad := range []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 24, 31, 32, 33, 40, 70} { // (a value read 32 bytes, then 8, at a time)
			p := strings.Repeat("v", pad)
			for _, tail := range []string{"\"]\n1. 32-28 *\n", "\"]\n\n[Event \"z\"]\n1. 32-28 2-0", "\n[Site \"s\"]\n1. 1-0"} {
				sameSplitThroughSmallReads(t, first+"[Event \""+p+v+p+tail)
				sameSplitThroughSmallReads(t, first+"[Event \""+p+v+tail)
			}
		}
	}
}

// TestTagLinesAsBytes: tag sections whose pairs are parted by blanks and
// line breaks of every kind (what tagLines reads on, and what stops it),
// read whole (tagLines, pair after pair) and a byte at a time (scanGame's
// cases), are cut the same: the next game's position (where the line and
// column counts show), a repeated name after a blank line opening the
// next game, an empty value's name not kept, a value not UTF-8 decoded.
func TestTagLinesAsBytes(t *testing.T) {
	// Line breaks early: DecodeText's sniffing reads on to the first one,
	// and a head read whole would not be read a byte at a time.
	first := "{" + strings.Repeat("xxxxxxx\n", 80) + "} *\n"
	seps := []string{"", " ", "\t", "  \t", "\n", "\r\n", "\r", "\n\n", "\r\r\n", " \n\t\t", "\t\r\n  ", "\n ", "\f", "\n\v", "\n%c\n", "\n;c\n"}
	pairs := []string{`[Event "x"]`, `[Site ""]`, `[White "é"]`, "[Black \"\xe9\"]", `[Event "y"]`, `[Site "s"]`, `[Event ""]`, `[ Black "b"]`, `[Round 1]`, `[Black "b\"c"]`}
	ends := []string{" 2-0 [Event \"n\"] *", "\n1. 32-28 0 - 2\n", "\n\n" + `[Site "z"]` + "\n1-0", "\n\n" + `[Event "z"]` + " *"}
	rng := rand.New(rand.NewPCG(32, 7))
	var ins []string
	for range 4000 {
		var b strings.Builder
		b.WriteString(first)
		for range 1 + rng.IntN(6) {
			b.WriteString(seps[rng.IntN(len(seps))])
			b.WriteString(pairs[rng.IntN(len(pairs))])
		}
		b.WriteString(ends[rng.IntN(len(ends))])
		sameSplitThroughSmallReads(t, b.String())
		ins = append(ins, b.String())
	}
	// And as CheckInputs splits them: a game left undecoded only when
	// every byte read says it may be (a value's byte from 0x80 up).
	sameArenaSplit(t, ins, Options{})
}

// TestValueStops: valueStops (with AVX2, the assembly) marks exactly the
// bytes that end tagPair's word-at-a-time reading of a value: '"', '\\',
// '\n', '\r' and those from 0x80 up.
func TestValueStops(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 11))
	const alphabet = "ab \"\\\n\r\t]\x80\xbf\xc3\xff\x7f\x00"
	b := make([]byte, 32)
	for i := range 20000 {
		fillBlock(rng, b, alphabet, i%2 == 0)
		got, ok := valueStops(b)
		if !ok {
			t.Skip("no assembly on this CPU")
		}
		var want uint32
		for j, c := range b {
			if c == '"' || c == '\\' || c == '\n' || c == '\r' || c >= 0x80 {
				want |= 1 << j
			}
		}
		if got != want {
			t.Fatalf("%q: stops %032b, want %032b", b, got, want)
		}
	}
}
