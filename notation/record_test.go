package notation

import (
	"reflect"
	"testing"
)

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

// TestClearMovesEveryField: clearMoves zeroes a move whatever field of it
// is set, each alone (a field added to Move that clearMoves does not look
// at fails here), and a move of every field set.
func TestClearMovesEveryField(t *testing.T) {
	typ := reflect.TypeOf(Move{})
	for i := range typ.NumField() {
		var m Move
		if !typ.Field(i).IsExported() {
			continue // (the plain squares: below)
		}
		setNonZero(reflect.ValueOf(&m).Elem().Field(i))
		if reflect.ValueOf(m).IsZero() {
			t.Fatalf("field %s: not set", typ.Field(i).Name)
		}
		moves := []Move{m, m}
		clearMoves(moves)
		for k := range moves {
			if !reflect.ValueOf(moves[k]).IsZero() {
				t.Errorf("field %s set: cleared to %+v", typ.Field(i).Name, moves[k])
			}
		}
	}
	plain := Move{Text: "32-28"}
	plain.SetPlainSquares(32, '-', 28)
	if reflect.ValueOf(plain).NumField() != 12 {
		t.Fatalf("Move has %d fields: look at clearMoves, and count them here", reflect.ValueOf(plain).NumField())
	}
	moves := []Move{plain}
	clearMoves(moves)
	if !reflect.ValueOf(moves[0]).IsZero() {
		t.Errorf("plain squares set: cleared to %+v", moves[0])
	}
	var all Move
	all.SetPlainSquares(1, 'x', 2)
	setNonZero(reflect.ValueOf(&all).Elem())
	moves = []Move{all}
	clearMoves(moves)
	if !reflect.ValueOf(moves[0]).IsZero() {
		t.Errorf("every field set: cleared to %+v", moves[0])
	}
}

// setNonZero sets v to a value other than its zero (of a struct, its
// exported fields).
func setNonZero(v reflect.Value) {
	if !v.CanSet() {
		return
	}
	switch v.Kind() {
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(1)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.String:
		v.SetString("x")
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
	case reflect.Struct:
		for i := range v.NumField() {
			setNonZero(v.Field(i))
		}
	default:
		panic("setNonZero: " + v.Kind().String())
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

// TestPlainSquares: the squares noted of a move hold while its text is the
// text they were noted for, and not once it is rewritten, cut, or the
// move copied and given another text.
func TestPlainSquares(t *testing.T) {
	game := "1. 32-28 19x23"
	m := Move{Text: game[3:8]}
	m.SetPlainSquares(32, '-', 28)
	if a, sep, b, ok := m.PlainSquares(); !ok || a != 32 || sep != '-' || b != 28 {
		t.Fatalf("noted: %d %q %d %v", a, sep, b, ok)
	}
	c := m
	if _, _, _, ok := c.PlainSquares(); !ok {
		t.Fatal("a copy with the same text lost them")
	}
	for _, text := range []string{"32x28", game[3:7], game[9:14], string([]byte(game[3:8]))} {
		c := m
		c.Text = text
		if _, _, _, ok := c.PlainSquares(); ok {
			t.Errorf("text %q rewritten: the squares still given", text)
		}
	}
	if _, _, _, ok := (&Move{Text: "32-28"}).PlainSquares(); ok {
		t.Error("squares given that were never noted")
	}
}
