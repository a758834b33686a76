package referee_test

import (
	"bytes"
	"hash/fnv"
	"strings"
	"testing"

	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

// traceOf checks the first game of text with the trace asked for.
func traceOf(t *testing.T, text string, want uint8) *referee.Report {
	t.Helper()
	sp := pdn.NewSplitter(strings.NewReader(text), pdn.Options{})
	g, err := sp.Next()
	if err != nil {
		t.Fatal(err)
	}
	opts := referee.Options{Trace: want}
	rec := referee.ParseGameFor(g, "t.pdn", opts)
	rep := referee.Check(rec, opts)
	if rep.Trace == nil {
		t.Fatalf("no trace: %+v", rep.Diagnostics)
	}
	return rep
}

// The same game written in other notations, capture forms, comments and
// tags has the same GameHash; another game, a cut-off copy and a copy
// whose moves break off at an illegal move do not.
func TestGameHashIsTheGame(t *testing.T) {
	base := "[GameType \"25\"]\n1. c3-d4 d6-c5 2. b2-c3 c7-d6 3. c3-b4 b6-a5 4. d4xb6 a7xc5 *"
	same := []string{
		"[GameType \"25\"]\n1. cd4 dc5 2. bc3 cd6 3. cb4 ba5 4. d:b6 a:c5 *",
		"[GameType \"25\"]\n[White \"A\"]\n1. c3-d4 {good} d6-c5 2. b2-c3 c7-d6 3. c3-b4 b6-a5 4. d4:b6 a7:c5 1-1",
		"[GameType \"25,W,8,8,N2,0\"]\n1. 22-18 10-14 2. 25-22 6-10 3. 22-17 9-13 4. 18x9 5x14 *",
	}
	differ := []string{
		"[GameType \"25\"]\n1. c3-d4 d6-c5 2. b2-c3 c7-d6 3. c3-b4 b6-a5 4. d4xb6 *",
		"[GameType \"25\"]\n1. c3-d4 d6-c5 2. b2-c3 c7-d6 3. c3-b4 b6-a5 4. d4xb6 a7xc5 5. b4xd6 *",
		"[GameType \"25\"]\n1. c3-d4 d6-c5 2. b2-c3 c7-d6 3. c3-b4 b6-a5 4. d4xb6 a7xc5 5. a1-b2 *",
		"[GameType \"20\"]\n1. 32-28 19-23 *",
	}
	want := traceOf(t, base, referee.TraceHash).Trace.HashString()
	for _, s := range same {
		if got := traceOf(t, s, referee.TraceHash).Trace.HashString(); got != want {
			t.Errorf("%q: GameHash %s, want %s (the same game)", s, got, want)
		}
	}
	for _, s := range differ {
		if got := traceOf(t, s, referee.TraceHash).Trace.HashString(); got == want {
			t.Errorf("%q: GameHash %s, the same as another game's", s, got)
		}
	}
}

// The hash is FNV-1a 128 of the text the Trace documents, so anyone can
// compute it again; the prefixes are the hashes of the line's prefixes.
func TestGameHashDefinition(t *testing.T) {
	rep := traceOf(t, "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *", referee.TraceHash|referee.TracePrefixes)
	v, _ := variants.Lookup("international")
	start := "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
	text := v.Name + "\n" + start + "\n"
	moves := []string{"32-28", "19-23", "28x19", "14x23"}
	sum := func(s string) []byte { h := fnv.New128a(); h.Write([]byte(s)); return h.Sum(nil) }
	tr := rep.Trace
	if len(tr.Prefixes) != len(moves)+1 {
		t.Fatalf("%d prefixes, want %d", len(tr.Prefixes), len(moves)+1)
	}
	for i, m := range append([]string{""}, moves...) {
		if m != "" {
			text += m + " "
		}
		if !bytes.Equal(tr.Prefixes[i][:], sum(text)) {
			t.Errorf("prefix %d: %x, want FNV-1a 128 of %q", i, tr.Prefixes[i], text)
		}
	}
	if !bytes.Equal(tr.Hash[:], sum(text)) {
		t.Errorf("hash %x, want FNV-1a 128 of %q", tr.Hash, text)
	}
}

// The positions a game goes through are keyed as a FEN of the same
// position is, whatever the moves that led there.
func TestTracePositions(t *testing.T) {
	rep := traceOf(t, "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *", referee.TracePositions)
	v, _ := variants.Lookup("international")
	key, m, err := referee.PositionKeyOf(v, "W:W31,33-50:B1-13,15-18,20,23")
	if err != nil {
		t.Fatal(err)
	}
	tr := rep.Trace
	if len(tr.Keys) != 5 || tr.Keys[4] != key {
		t.Fatalf("the position after 4 plies is not the FEN's (%d keys)", len(tr.Keys))
	}
	if m.Men != [2]int{19, 19} || tr.Material[4] != m {
		t.Errorf("material %+v / %+v, want 19 men each", m, tr.Material[4])
	}
}
