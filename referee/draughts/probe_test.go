package draughts

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

// draughtsVariants are the builtin draughts variants.
func draughtsVariants(tb testing.TB) []*variants.Variant {
	all, err := variants.Builtin()
	if err != nil {
		tb.Fatal(err)
	}
	var vs []*variants.Variant
	for _, v := range all {
		if SectionOf(v) != nil {
			vs = append(vs, v)
		}
	}
	return vs
}

// sameWithoutProbe fails t when failsAtFirstMove, or inferRules' kept
// replay, changes what is found of the records of text: a trial under any
// builtin variant the probe answers for finds what the replay finds (no
// move fits, no ply), and referee.Check reports the same with them and
// without them, under the default options, with variations as errors,
// played as written, rewritten (each rewrite on a record read afresh),
// and filmed and traced. It returns the records read and the trials the
// probe answered.
func sameWithoutProbe(t *testing.T, text, name string, maxBytes int, vs []*variants.Variant) (games, probed int) {
	t.Helper()
	read := func() []*notation.Record {
		recs, _ := pdn.ReadAll(strings.NewReader(text), name, pdn.Options{MaxGameBytes: maxBytes})
		return recs
	}
	defer func() { probeOff, keepOff = false, false }()
	recs := read()
	for _, rec := range recs {
		for _, v := range vs {
			if !failsAtFirstMove(rec, v) {
				continue
			}
			probed++
			probeOff = true
			got := try(rec, v, referee.Options{})
			probeOff = false
			if want := (trial{v: v}); got != want {
				t.Fatalf("game %d (%s) under %s: the first move fails, but the trial found %+v", rec.Index, rec.Pos, v.Name, got)
			}
		}
	}
	for _, opts := range []referee.Options{{}, {Variations: referee.VariationsError}, {AsPlayed: true}, {Rewrite: true},
		{Film: true, Trace: referee.TraceHash | referee.TracePositions | referee.TracePrefixes}} {
		probeOff, keepOff = true, true
		wants := recs
		if opts.Rewrite {
			wants = read()
		}
		want := make([]*referee.Report, len(wants))
		for i, rec := range wants {
			if untagged(rec, opts) {
				want[i] = referee.Check(rec, opts)
			}
		}
		probeOff, keepOff = false, false
		gots := recs
		if opts.Rewrite {
			gots = read()
		}
		for i, rec := range gots {
			if !untagged(rec, opts) {
				continue // (check infers nothing: neither is asked)
			}
			got := referee.Check(rec, opts)
			got.Record, want[i].Record = nil, nil
			for _, r := range []*referee.Report{got, want[i]} {
				if r.Film != nil {
					r.Film.Cells = nil // (a function: the board's reading)
				}
			}
			if !reflect.DeepEqual(want[i], got) {
				t.Fatalf("game %d (%s), %+v: every trial replayed\n%+v\nwith the first move probed\n%+v", rec.Index, rec.Pos, opts, *want[i], *got)
			}
			if opts.Rewrite && !reflect.DeepEqual(wants[i].Moves, rec.Moves) {
				t.Fatalf("game %d (%s): rewritten otherwise with the first move probed", rec.Index, rec.Pos)
			}
		}
	}
	return len(recs), probed
}

// TestFirstMoveProbeSameReport: failsAtFirstMove, which spares a record
// without a GameType the replays of the rules its first move breaks, and
// the kept replay, which spares it a second replay of the rules chosen,
// change nothing found. Every draughts record of testdata and of the
// corpus is held to the replays (sameWithoutProbe).
func TestFirstMoveProbeSameReport(t *testing.T) {
	var paths []string
	for _, root := range []string{"../../testdata/draughts", "../../testdata/pdn", "../../../shared/corpus/draughts"} {
		filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && (filepath.Ext(path) == ".pdn" || filepath.Ext(path) == ".pgn") {
				paths = append(paths, path)
			}
			return nil
		})
	}
	if len(paths) == 0 {
		t.Skip("no records")
	}
	vs := draughtsVariants(t)
	games, probed := 0, 0
	for _, path := range paths {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		g, p := sameWithoutProbe(t, string(b), path, 0, vs)
		games, probed = games+g, probed+p
	}
	if probed == 0 {
		t.Fatal("no first move probed: the test holds nothing")
	}
	t.Logf("%d games, %d trials answered by the probe, the same reports", games, probed)
}

// FuzzFirstMoveProbe: on any record, failsAtFirstMove and the kept replay
// change nothing found (sameWithoutProbe).
func FuzzFirstMoveProbe(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "draughts", "*.pdn"))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(string(data))
		}
	}
	// First moves legal under some rules only, a capture mark on a
	// quiet move, a square past the 8x8 board, a setup, a FEN, a
	// variation of the first move, a GameType's own numbering.
	f.Add("1. 11-15 23-18 2. 8-11 27-23 *")
	f.Add("1. 22-17 11-15 *")
	f.Add("1. 32-28 19-23 2. 28x19 14x23 *")
	f.Add("1. 11x15 23-18 *")
	f.Add("1. 11-16 *")
	f.Add("1. 31-27 (1. 11-15) 11-15 *")
	f.Add("[FEN \"B:W21-32:B1-12\"] 1. ... 9-13 *")
	f.Add("/FEN \"W:W21-32:B1-12\"/ 1. 22-17 *")
	f.Add("[GameType \"21,B,8,8,N2,0\"] 1. 11-15 *")
	f.Add("1. c3-d4 f6-g5 *")
	f.Add("1. 33-28 *")
	vs := draughtsVariants(f)
	f.Fuzz(func(t *testing.T, text string) {
		sameWithoutProbe(t, text, "f.pdn", 1<<14, vs)
	})
}
