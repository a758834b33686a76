package referee

import "testing"

// A toy replay: the state is the sum of the items played; item j is worth
// j+1, and an item marked 2 takes the next with it (a morris move and its
// removal written apart).
func TestWalk(t *testing.T) {
	takes := []int{1, 2, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	failed := len(takes) - 1
	sum := 0
	advance := func(j int) int {
		if takes[j] == 2 {
			sum += j + 1 + j + 2
			return 2
		}
		sum += j + 1
		return takes[j]
	}
	want := func(k int) int { // the sum before item k
		s := 0
		for j := 0; j < k; j++ {
			s += j + 1
		}
		return s
	}
	w, ok := NewWalk(nil, func() int { return sum }, func(s int) { sum = s }, advance, 0, failed)
	if !ok {
		t.Fatal("the walk did not get to the failed item")
	}
	for _, k := range []int{failed, failed - 1, failed - RepairWindow, 0, 1, 3, 4, 3} {
		st, ok := w.At(k)
		if !ok || st != want(k) || sum != st {
			t.Errorf("At(%d) = %d, %v (loaded %d), want %d", k, st, ok, sum, want(k))
		}
	}
	// Item 2 is part of item 1's move: no state stands before it.
	if _, ok := w.At(2); ok {
		t.Error("At(2): a state inside a move")
	}
	for _, k := range []int{-1, failed + 1} {
		if _, ok := w.At(k); ok {
			t.Errorf("At(%d): a state outside the line", k)
		}
	}
	// A line that cannot be walked to its failed item.
	takes[5] = 0
	if _, ok := NewWalk(nil, func() int { return sum }, func(s int) { sum = s }, advance, 0, failed); ok {
		t.Error("a walk past an item that cannot be played")
	}
}
