package notation

import "testing"

// TestReleaseMoves: released moves come back zeroed, whatever the game
// that used them wrote in them, and the record keeps no moves.
func TestReleaseMoves(t *testing.T) {
	for round := 0; round < 50; round++ {
		r := &Record{}
		moves, line := r.AllocMoves(10 + round%3)
		for i := range moves {
			if moves[i].Text != "" || moves[i].Comments != nil || moves[i].Variations != nil || moves[i].Number != 0 {
				t.Fatalf("round %d: move %d handed out dirty: %+v", round, i, moves[i])
			}
			moves[i] = Move{Number: i, Text: "32-28", Comments: []Comment{{Text: "c"}}, Variations: []Line{{&moves[0]}}, Setup: "W:W1:B2"}
			line = append(line, &moves[i])
		}
		if len(line) > 0 && cap(line) < len(moves)+1 {
			t.Fatalf("main line room %d for %d moves", cap(line), len(moves))
		}
		r.Moves = line
		r.ReleaseMoves()
		if r.Moves != nil || r.storage != nil {
			t.Fatalf("round %d: record keeps its moves after release", round)
		}
		r.ReleaseMoves() // twice is harmless
	}
	var r Record
	if m, l := r.AllocMoves(0); m != nil || l != nil || r.storage != nil {
		t.Error("no moves: storage taken")
	}
	// A long game's storage is not kept for the next.
	big := &Record{}
	big.AllocMoves(maxKeptMoves + 1)
	big.ReleaseMoves()
	next := &Record{}
	next.AllocMoves(1)
	if cap(next.storage.moves) > maxKeptMoves {
		t.Errorf("storage of %d moves kept", cap(next.storage.moves))
	}
}

// TestMoveSlab: a slab hands out zeroed moves however the storage was
// used before, keeps what was written as it grows, and gives a record the
// main line AllocMoves would; dropped or taken, it is empty.
func TestMoveSlab(t *testing.T) {
	for round := 0; round < 50; round++ {
		var sl MoveSlab
		n := round % 7 * 300 // (past maxKeptMoves, and past any pooled storage's room)
		for i := 0; i < n; i++ {
			m := sl.Append()
			if m.Text != "" || m.Comments != nil || m.Number != 0 || m.Setup != "" {
				t.Fatalf("round %d: move %d handed out dirty: %+v", round, i, *m)
			}
			*m = Move{Number: i, Text: "32-28", Comments: []Comment{{Text: "c"}}, Setup: "W:W1:B2"}
		}
		if got := len(sl.Moves()); got != n {
			t.Fatalf("round %d: %d moves, want %d", round, got, n)
		}
		if round%2 == 0 {
			sl.Drop()
			if sl.Moves() != nil {
				t.Fatalf("round %d: moves kept after Drop", round)
			}
			continue
		}
		r := &Record{}
		r.TakeMoves(&sl)
		if sl.Moves() != nil || len(r.Moves) != n || (n == 0) != (r.Moves == nil) {
			t.Fatalf("round %d: record has %d moves (nil %v), slab %d", round, len(r.Moves), r.Moves == nil, len(sl.Moves()))
		}
		for i, m := range r.Moves {
			if m.Number != i || m.Text != "32-28" {
				t.Fatalf("round %d: move %d is %+v", round, i, *m)
			}
		}
		if n > 0 && cap(r.Moves) < n+1 {
			t.Fatalf("main line room %d for %d moves", cap(r.Moves), n)
		}
		r.ReleaseMoves()
	}
}

// TestTagIndex: the tag index answers as the tags do, and is not used
// once the tags are another slice or appended to.
func TestTagIndex(t *testing.T) {
	r := &Record{Tags: []Tag{{Name: "Event", Value: "e"}, {Name: "Result", Value: "2-0"}}}
	r.IndexTags()
	if _, ok := r.Tag("GameType"); ok {
		t.Fatal("GameType found")
	}
	if v, ok := r.Tag("result"); !ok || v != "2-0" {
		t.Fatalf("result: %q %v", v, ok)
	}
	r.Tags = append(r.Tags, Tag{Name: "GameType", Value: "20"})
	if v, ok := r.Tag("GameType"); !ok || v != "20" {
		t.Fatalf("GameType appended: %q %v", v, ok)
	}
	r.IndexTags()
	r.Tags = []Tag{{Name: "FEN", Value: "W:W1:B2"}, {Name: "Event"}, {Name: "Result"}}
	if v, ok := r.Tag("FEN"); !ok || v != "W:W1:B2" {
		t.Fatalf("FEN in other tags: %q %v", v, ok)
	}
	c := *r
	c.IndexTags()
	c.Tags = c.Tags[:1]
	if _, ok := c.TagPos("Event"); ok {
		t.Fatal("Event found in tags cut short")
	}
}
