package pdn

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"arbiter/notation"
)

// fastTexts are games the fast path should read (and some it should leave
// to the full reader), beside runTexts, constructs and leniencies: every
// token it takes, in every place it takes it.
var fastTexts = []string{
	"[Event \"x\"]\n[Site \"y\"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n",
	"[Event \"x\"] [Site \"y\"] 1.32-28 19-23 2.28x19 14x23 *",
	"[Event \"x\"]\r\n[Site \"y\"]\r\n\r\n1. 32-28 19-23\r\n2. 28x19 14x23 1-1\r\n",
	"1. 32-28 19-23 2. 28x19x10 14x23 0-2",
	"12... 19-23 13. 32-28 1/2-1/2",
	"12.. 19-23 13. 32-28 1-0",
	"12. 32-28 12... 19-23 0-1",
	"1. 32-28 2. 33-29 19-23 0-1",
	"1. 2-0",
	"1. *",
	"2-0",
	"{before} [Event \"x\"] 1. 32-28 2-0",
	"[Event \"x\"] {before} 1. {between} 32-28 {after} 19-23 {last} 2-0 {after the result} {and more}",
	"[Event \"x\"] 1. 32-28 2-0 {after} 19-23",
	"[Event \"x\"] 1. 32-28 2-0 2-0",
	"[Event \"x\"] 1. 32-28 {unclosed",
	"[Event \"x\"] 1. 32-28 {a {nested} b} 2-0",
	"[Event \"x\"] 1. 32-28{glued}19-23 2-0",
	"[Event \"x\"] 1. 32-28 19-23",
	"[Event \"x\"] 1. 32-28 19-23 2.",
	"[Event \"x\"] 1. 32-28 19-23 2. 3. 33-29 *",
	"[Event \"x\"] 01. 32-28 *",
	"[Event \"x\"] 1. 32-28 05-10 *",
	"[Event \"x\"] 1. 1-1x *",
	"[Event \"x\"] 1. 1-7 1-1 *",
	"[Event \"x\"] 1. 32-28 19-23 2. 28-22x17 *",
	"[Event \"x\"] 1. 32-28 19-23 2. 28x17x 6 *",
	"[Event \"x\"] 1. 32-28 19-23 2. 28x17x.6 *",
	"[Event \"x\"] 1. 45-50 3-100 *",
	"[Event \"x\"] 1. 32-c3 *",
	"[Event \"x\"] 1. 32-28 1-0 [Event \"y\"] 1. 33-29 0-1",
	"[Event \"x\"] [%clk 1] 1. 32-28 *",
	"[Event \"x\" junk] 1. 32-28 *",
	"[Setup \"1\"] 1. 32-28 *",
	"[Event \"a \\\"quoted\\\" b\"] 1. 32-28 *",
	"[Event \"Léman\"]\n[White \"Ren\xe9\"]\n1. 32-28 *",
	"[Event \"x\"] 1. 32-28 \r19-23 *",
	"[Event \"x\"] 1. 32-28 1000001. 19-23 *",
	"[Event \"x\"] 1. 32-28 0 - 1",
	"[Event \"x\"] 1. 32-28 1:0",
	"[Event \"x\"] 1. 32-28 1-01. 33-29 *",
	"\n\n  [Event \"x\"]  \n\t1.\t32-28\f19-23\v*  \n\n",
	"[Event \"x\"] 1. 32-28 \u00a019-23 *",
	// Tags plainTag reads, and those it leaves to decodeTag.
	"[Event\"x\"][Site \t\"y\" ]\n[Date  \"d\"\t]\n[Result \"1-0\"] [GameType \"20\"] *",
	"[Result \" 1-0\"] [GameType \"20 \"] [FEN \"\u00a0W:W31:B1\"] [White \" a \"] *",
	"[White \"a\\\"b\"] [Black \"c\\d\"] [Annotator \"x\"] [event \"x\"] [Result \"1-0\"x] *",
	"[Event \"x\"\n] [Site \"y\n\"] [Date \"\"] [Round \"\"]] [White] [Black \"b\"\n1. 32-28 *",
	"[Event \"a [b] {c}\"] [Site \"é\"] [Date \"2024\u00e9\"] *",
	// Numbers and moves plainNumeric reads, and those it leaves.
	"1.32-28 2-7 2. 1-6 2x7 3. 1:6 12... 50x45 013. 28-23 1234567. 9-14 12345678. 1-2 *",
	"1. 32-28 19-23 2. 28x19x10 14x23 3. 32-028 4. 1-1 *",
	"1. 32-28 19-23 1-0 2. 2-0",
	"1. 32-28 19-23 1000000. 33-29 1000001. 34-30 *",
	// Games without a result: the fast path says so at the end of the
	// text, and leaves to the full reader a game without moves, or whose
	// last move repeats the Result tag.
	"[Event \"x\"] 1. 32-28 19-23\n\n  \n",
	"[Event \"x\"] 1. 32-28 19-23 {the end}\n",
	"[Event \"x\"] 1. 32-28 19-23 2.\n",
	"[Event \"x\"] 1. 32-28 19-23 2... \n",
	"[Event \"x\"] 1. 32-28 19-23 \\r\\n",
	"[Event \"x\"] {only a comment}\n",
	"[Event \"x\"]\n",
	"[Result \"4-6\"] 1. 32-28 19-23 4-6",
	"[result \"19-23\"] 1. 32-28 19-23\n",
	"[Result \"19-23\"] 1. 32-28 19-23 {c}\n",
	"[Result \"19-23\"] 1. 32-28 1... 19-23\n",
	"[Result \"1-0\"] 1. 32-28 19-23\n[Event \"y\"] 1. 33-29\n",
	"[Result \"4-6\"] 1. 32-28 19-23 4-6 {c}",
	"[RESULT \"19-23\"] [Result \"x\"] 1. 32-28 19-23",
	"[Result \"x\"] [RESULT \"19-23\"] 1. 32-28 19-23",
	// "-" for a move not known, and as the result the Result tag says.
	"[Result \"-\"] 1. 32-28 19-23 2. 33-29 -\n\n",
	"[Result \"-\"] 1. 32-28 19-23 2. -\n",
	"[Result \"--\"] 1. 32-28 19-23 --",
	"1. - - 2. -- 19-23 3. -{c}- *",
	"1. 32-28 -! *",
	"1. 32-28 --- *",
	"1. 32-28 2-0 -",
}

// TestFastParseAgrees: every game the fast path reads, it reads exactly as
// the full reader does (tags, moves, comments, result, positions,
// diagnostics), on every test text (as the splitter cuts it and whole, in
// every offset mode) and on every record of the corpus and of testdata;
// and it reads nearly every game of the tournament corpus (else it would
// be no faster).
func TestFastParseAgrees(t *testing.T) {
	var ins []string
	ins = append(ins, fastTexts...)
	ins = append(ins, runTexts...)
	for _, c := range constructs {
		ins = append(ins, c.in)
	}
	for _, c := range leniencies {
		ins = append(ins, c.in)
	}
	taken := 0
	for _, in := range ins {
		for _, variant := range []string{in, "\xe9 " + in, "\u00e9\xff " + in, "1-0 " + in, strings.ReplaceAll(in, "\n", "\r\n")} {
			taken += sameFast(t, variant, Options{})
			taken += sameFast(t, variant, Options{Encoding: charmap.Windows1251})
		}
	}
	if taken == 0 {
		t.Error("the fast path read none of the test texts")
	}
	for _, root := range []string{filepath.Dir(corpusDir), "../../testdata"} {
		err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			if ext := filepath.Ext(path); ext != ".pdn" && ext != ".pgn" && ext != ".txt" {
				return nil
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			sameFast(t, string(b), Options{})
			return nil
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	files, ok := corpusFilesOpt("international-tournaments")
	if !ok {
		return
	}
	games, fast := 0, 0
	for _, f := range files {
		sp := NewSplitter(strings.NewReader(string(f.data)), Options{})
		for {
			g, err := sp.Next()
			if err != nil {
				break
			}
			games++
			if fastParse(g, "f") != nil {
				fast++
			}
		}
	}
	if fast*100 < games*95 {
		t.Errorf("the fast path reads %d of the %d tournament games: the full reader reads the rest, slower", fast, games)
	}
}

// sameFast compares the games of in as the fast path reads them (those
// it reads) with the full reader's, each game as the splitter cuts it and
// the whole text as one game; it returns how many the fast path read.
func sameFast(t *testing.T, in string, opts Options) int {
	t.Helper()
	taken := 0
	check := func(g GameText, what string) {
		sameTagLookups(t, Parse(g, "f"), in)
		fast := fastParse(g, "f")
		if fast == nil {
			return
		}
		taken++
		if full := parse(g, "f", true); !reflect.DeepEqual(fast, full) {
			t.Fatalf("%q (%s): the fast path read\n%s%+v\nthe full reader\n%s%+v", in, what, dumpRecord(fast), *fast, dumpRecord(full), *full)
		}
	}
	check(GameText{Text: in, Pos: notation.Pos{Line: 1, Col: 1}}, "whole")
	sp := NewSplitter(strings.NewReader(in), opts)
	for {
		g, err := sp.Next()
		if errors.Is(err, io.EOF) || errors.Is(err, ErrNotText) {
			return taken
		}
		if err != nil {
			t.Fatal(err)
		}
		check(g, "game "+string(rune('0'+g.Index%10)))
	}
}

// sameTagLookups: the record's tag index (IndexTags) answers every look-up
// as the tags looked through do: the names of its tags, in other cases,
// and the names a referee asks for.
func sameTagLookups(t *testing.T, rec *notation.Record, in string) {
	t.Helper()
	plain := &notation.Record{Tags: rec.Tags[:len(rec.Tags):len(rec.Tags)]}
	plain.Tags = append([]notation.Tag(nil), plain.Tags...) // (no index)
	names := []string{"", "Game", "Variant", "GameType", "FEN", "SetUp", "Setup", "Result", "Event", "White", "Black", "gametype", "x"}
	for _, tg := range rec.Tags {
		names = append(names, tg.Name, strings.ToLower(tg.Name), strings.ToUpper(tg.Name))
	}
	for _, name := range names {
		got, ok := rec.TagPos(name)
		want, wantOK := plain.TagPos(name)
		v, vok := rec.Tag(name)
		if got != want || ok != wantOK || v != want.Value || vok != wantOK {
			t.Fatalf("%q: tag %q: the index gives %+v %v (Tag %q %v), the tags %+v %v", in, name, got, ok, v, vok, want, wantOK)
		}
	}
}

// FuzzFastParse: on any input, a game the fast path reads is the game the
// full reader reads.
func FuzzFastParse(f *testing.F) {
	for _, in := range fastTexts {
		f.Add(in)
	}
	for _, in := range runTexts {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		sameFast(t, in, Options{MaxGameBytes: 1 << 16})
	})
}

// TestPlainNumeric: plainNumeric's branches on fixed places read every
// short word (of the bytes that matter to it, after any prefix) as its
// loop over the digits does.
func TestPlainNumeric(t *testing.T) {
	eachWord("0129.-x: a", 6, func(buf []byte) {
		for _, prefix := range []string{"", "1. "} {
			s := prefix + string(buf)
			if len(buf) > 0 {
				e1, n1, d1 := plainNumeric(s, len(prefix))
				e2, n2, d2 := plainNumericLoop(s, len(prefix))
				if e1 != e2 || n1 != n2 || d1 != d2 {
					t.Fatalf("%q at %d: plainNumeric %d %d %d, the loop %d %d %d", s, len(prefix), e1, n1, d1, e2, n2, d2)
				}
			}
		}
	})
}

// TestFastStateRelease: a fast state given back to the pool keeps no
// reference to its game (its text, diagnostics, tags, comments, moves),
// and reads the next game as a new state does.
func TestFastStateRelease(t *testing.T) {
	games := []string{
		"[Event \"x\"] [Site \"y\"] {c} 01. 32-28 {d} 19-23 05-10 2-0 {e}",
		"[Event \"z\"] 1. 33-29 *",
	}
	fs := new(fastState)
	for round, in := range games {
		g := GameText{Text: in, Pos: notation.Pos{Line: 1, Col: 1}}
		if !fs.read(g, "f") {
			t.Fatalf("%q: not read by the fast path", in)
		}
		got := fs.record(g, "f")
		if want := parse(g, "f", true); !reflect.DeepEqual(got, want) {
			t.Fatalf("round %d: the fast path read\n%s\nthe full reader\n%s", round, dumpRecord(got), dumpRecord(want))
		}
		fs.release()
		if fs.sc.s != "" || fs.sc.repl != nil || fs.d.list != nil || fs.d.agg != ([numAgg]struct{ idx, n int }{}) ||
			fs.result != "" || fs.moves.Moves() != nil || len(fs.tags) != 0 || len(fs.comments) != 0 {
			t.Fatalf("round %d: released state keeps its game: %+v", round, fs)
		}
		for _, tag := range fs.tags[:cap(fs.tags)] {
			if tag != (notation.Tag{}) {
				t.Fatalf("round %d: released state keeps tag %+v", round, tag)
			}
		}
		for _, c := range fs.comments[:cap(fs.comments)] {
			if c != (fastComment{}) {
				t.Fatalf("round %d: released state keeps comment %+v", round, c)
			}
		}
	}
}
