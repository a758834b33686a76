package pdn

import (
	"bufio"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

// arenaInputs are the texts TestArenaSplitSameAsNext splits: the corpus's
// every record file, the test data, the splitter's test constructs, and
// games long enough to move the arena's buffers to a new region mid-game
// (more than a quarter of a buffer: copied out; less: taken along).
func arenaInputs(t *testing.T) []string {
	var ins []string
	ins = append(ins, runTexts...)
	for _, c := range constructs {
		ins = append(ins, c.in)
	}
	long := func(n int) string {
		return "[Event \"long\"]\n1. 32-28 {" + strings.Repeat("commentaire é ", n/14) + "} 19-23 2-0\n"
	}
	ins = append(ins,
		strings.Repeat(long(900), 150),         // games that cross buffers, taken along
		strings.Repeat(long(30000), 5),         // games longer than a quarter buffer
		long(200000)+long(10)+long(10),         // a game longer than a buffer
		strings.Repeat("1. 32-28 2-0 ", 30000), // many games a buffer
	)
	for _, root := range []string{"testdata", "../../../shared/corpus"} {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".pdn") || strings.HasSuffix(path, ".pgn")) {
				return nil
			}
			if b, err := os.ReadFile(path); err == nil {
				ins = append(ins, string(b))
			}
			return nil
		})
	}
	return ins
}

// TestArenaSplitSameAsNext: games cut by splitters that share an Arena,
// one file after another, their texts decoded only once every file is
// split (as a worker may decode them late), are the games Next cuts from
// each file alone: same texts, positions, diagnostics. So NextUndecoded's
// games keep their bytes whatever is read after them, and its choice to
// leave a game undecoded (ASCII or valid UTF-8) is Next's decoding. The
// files are read whole, a byte at a time and half of what is asked.
func TestArenaSplitSameAsNext(t *testing.T) {
	ins := arenaInputs(t)
	if len(ins) < 100 {
		t.Logf("only %d inputs: the corpus is not present", len(ins))
	}
	if sameArenaSplit(t, ins, Options{}) == 0 {
		t.Fatal("no game was left undecoded")
	}
	sameArenaSplit(t, ins[:len(runTexts)+len(constructs)+4], Options{MaxGameBytes: 20000})
}

// sameArenaSplit splits ins as TestArenaSplitSameAsNext says, with opts;
// it returns how many games were left undecoded.
func sameArenaSplit(t *testing.T, ins []string, opts Options) (undecoded int) {
	t.Helper()
	var want [][]GameText
	for _, in := range ins {
		want = append(want, splitAll(NewSplitter(strings.NewReader(in), opts), (*Splitter).Next))
	}
	for _, small := range []func(io.Reader) io.Reader{nil, iotest.OneByteReader, iotest.HalfReader} {
		arena := new(Arena)
		var got [][]GameText
		for _, in := range ins {
			var r io.Reader = strings.NewReader(in)
			if small != nil {
				// The head DecodeText sniffs comes whole, as from a file.
				head := min(len(in), 512)
				r = io.MultiReader(strings.NewReader(in[:head]), small(strings.NewReader(in[head:])))
			}
			got = append(got, splitAll(NewArenaSplitter(r, opts, arena), (*Splitter).NextUndecoded))
		}
		for i := range got {
			for j := range got[i] {
				if got[i][j].raw != nil {
					undecoded++
				}
				got[i][j].Decode()
			}
			if !reflect.DeepEqual(got[i], want[i]) {
				for j := range min(len(got[i]), len(want[i])) {
					if !reflect.DeepEqual(got[i][j], want[i][j]) {
						t.Fatalf("input %d (%.80q), reads %T: game %d differs:\n got %+v\nwant %+v", i, ins[i], small, j+1, got[i][j], want[i][j])
					}
				}
				t.Fatalf("input %d (%.80q), reads %T: %d games, want %d", i, ins[i], small, len(got[i]), len(want[i]))
			}
		}
	}
	return undecoded
}

// splitAll cuts every game with next (Next or NextUndecoded).
func splitAll(sp *Splitter, next func(*Splitter) (GameText, error)) []GameText {
	var out []GameText
	for {
		g, err := next(sp)
		if err != nil {
			return out
		}
		out = append(out, g)
	}
}

// FuzzArenaSplit: TestArenaSplitSameAsNext on any input, split as two
// files in a row (each read whole, then a byte at a time and halves).
func FuzzArenaSplit(f *testing.F) {
	for _, in := range runTexts {
		f.Add(in, "1. 32-28 \xe9 2-0")
	}
	for _, c := range constructs {
		f.Add(c.in, "[Event \"\xc3\xa9\"]\n1. 32-28 *")
	}
	f.Add("[Event \"\xe9\"]\n1. 32-28 *\n\n[Event \"\xc3\xa9\"] 1. 32-28 * {\xd0\xd1\xd2\xd3\xd4}", "\xef\xbb\xbf1. 32-28 *")
	f.Fuzz(func(t *testing.T, a, b string) {
		sameArenaSplit(t, []string{a, b, a}, Options{MaxGameBytes: 1 << 16})
	})
}

// TestArenaSplitterAgain: the splitter an Arena makes again for the next
// input, after one left before its end (as a stopped stream leaves it)
// and after one read to its end, cuts the games a new splitter cuts, and
// the games cut before keep their bytes.
func TestArenaSplitterAgain(t *testing.T) {
	a := strings.Repeat("[Event \"a\"]\n1. 32-28 19-23 2-0\n\n", 3000)
	b := "[Event \"b\"]\n1. 33-28 {é} 18-23 0-2\n\n[Event \"c\"]\n1. 34-29 *"
	arena := new(Arena)
	sp := NewArenaSplitter(strings.NewReader(a), Options{}, arena)
	var left []GameText
	for range 2 {
		g, err := sp.NextUndecoded()
		if err != nil {
			t.Fatal(err)
		}
		left = append(left, g)
	}
	for _, in := range []string{b, a, b} {
		again := NewArenaSplitter(strings.NewReader(in), Options{}, arena)
		if again != sp {
			t.Fatal("the arena made a new splitter")
		}
		got := splitAll(again, (*Splitter).NextUndecoded)
		for i := range got {
			got[i].Decode()
		}
		if want := splitAll(NewSplitter(strings.NewReader(in), Options{}), (*Splitter).Next); !reflect.DeepEqual(got, want) {
			t.Fatalf("%.40q: got %+v\nwant %+v", in, got, want)
		}
	}
	want := splitAll(NewSplitter(strings.NewReader(a), Options{}), (*Splitter).Next)[:2]
	for i := range left {
		left[i].Decode()
	}
	if !reflect.DeepEqual(left, want) {
		t.Fatalf("the games cut before changed: %+v\nwant %+v", left, want)
	}
}

// TestArenaSplitterAllocations: starting the arena's splitter on a file
// that DecodeText needs no buffer for (a PeekReader, as CheckInputs's
// inputs come) allocates nothing: a file of one game costs no splitter.
func TestArenaSplitterAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not exact under the race detector")
	}
	text := "[Event \"x\"]\n1. 32-28 19-23 2-0\n"
	arena := new(Arena)
	sr := strings.NewReader(text)
	br := bufio.NewReaderSize(sr, 4<<10)
	games := 0
	n := testing.AllocsPerRun(200, func() {
		sr.Reset(text)
		br.Reset(sr)
		sp := NewArenaSplitter(br, Options{}, arena)
		for {
			if _, err := sp.NextUndecoded(); err != nil {
				break
			}
			games++
			arena.Mark(games)
			arena.Reuse(games)
		}
	})
	if n != 0 {
		t.Errorf("a one-game file: %v allocations, want 0", n)
	}
}
