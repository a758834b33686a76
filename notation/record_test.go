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
