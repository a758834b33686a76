package pdn

import (
	"strconv"
	"strings"
	"testing"
)

// TestLookupLower: the allocation-free lookup finds what a lookup by
// strings.ToLower finds, for ASCII, non-ASCII and long names.
func TestLookupLower(t *testing.T) {
	names := []string{"Event", "EVENT", "event", "Setup", "SetUp", "GameType", "gametype", "Dati", "TURNO",
		"Résultat", "RÉSULTAT", "Событие", "СОБЫТИЕ", "Type de jeu", "TYPE DE JEU", "White ", "",
		"Whitexxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", strings.Repeat("a", 32), strings.Repeat("A", 33), "[Event"}
	for _, m := range []map[string]string{canonicalTags, localTagNames} {
		for _, name := range names {
			want, wantOK := m[strings.ToLower(name)]
			got, ok := lookupLower(m, name)
			if got != want || ok != wantOK {
				t.Errorf("%q: %q %v, want %q %v", name, got, ok, want, wantOK)
			}
		}
	}
}

// TestParseAllocations holds the allocations of reading a tournament game
// (9 tags, 80 moves, no comments): the record, its tags, its moves and
// their main line, and participle's lexer, token slice and parse, nothing
// per token. (Counted, not timed: the count is exact.)
func TestParseAllocations(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"2-0\"]\n[GameType \"20\"]\n[Opening \"o\"]\n\n")
	for i := 1; i <= 40; i++ {
		b.WriteString(strconv.Itoa(i) + ". 32-28 19-23 ")
		if i%6 == 0 {
			b.WriteString("\n")
		}
	}
	b.WriteString("2-0\n")
	g, err := NewSplitter(strings.NewReader(b.String()), Options{}).Next()
	if err != nil {
		t.Fatal(err)
	}
	if r := Parse(g, "f"); len(r.Moves) != 80 || len(r.Tags) != 9 || len(r.Diagnostics) != 0 {
		t.Fatalf("%d moves, %d tags, %v", len(r.Moves), len(r.Tags), r.Diagnostics)
	}
	if raceEnabled {
		t.Skip("allocation counts are not exact under the race detector")
	}
	// Kept: the record, its moves and their main line (with the holder
	// ReleaseMoves would give back), its tags; participle: lexer, its
	// elide map, 3 growths of the token slice, the parse's AST and
	// context.
	if n := testing.AllocsPerRun(100, func() { Parse(g, "f") }); n > 12 {
		t.Errorf("Parse: %v allocations, want at most 12", n)
	}
	// Released, as a stream of checks does: the moves' memory serves the
	// next game.
	if n := testing.AllocsPerRun(100, func() { Parse(g, "f").ReleaseMoves() }); n > 9 {
		t.Errorf("Parse, moves released: %v allocations, want at most 9", n)
	}
	// The fast path (which reads this game): the record, with its tags
	// in the same allocation (newRecord), and nothing else.
	if n := testing.AllocsPerRun(100, func() { fastParse(g, "f").ReleaseMoves() }); n > 1 {
		t.Errorf("fastParse, moves released: %v allocations, want 1", n)
	}
}
