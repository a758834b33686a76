package tournament

import (
	"fmt"
	"strconv"
)

// Kind is a tournament's form.
type Kind string

// The forms a tournament takes.
const (
	RoundRobin Kind = "round-robin" // every engine against every other
	Gauntlet   Kind = "gauntlet"    // the first engine against each of the others
	Knockout   Kind = "knockout"    // matches between pairs, the winners go on
)

// ParseKind reads a tournament form.
func ParseKind(s string) (Kind, error) {
	switch k := Kind(s); k {
	case RoundRobin, Gauntlet, Knockout:
		return k, nil
	}
	return "", fmt.Errorf("%q: round-robin, gauntlet or knockout", s)
}

// Slot is one game of the schedule.
type Slot struct {
	// Round is the game's Round tag: "R.G", the Gth game of round R;
	// in a knockout "R.M.G", the Gth game of the Mth match of round R.
	Round        string
	RoundNo      int
	White, Black int // engine indices
	Opening      int
	// Pair names the pair of games this one belongs to: the two games of
	// one opening with colours swapped between the same engines.
	Pair pairKey
}

// pairKey is a pair of games: two engines (lo < hi) and the pair's index
// among their games.
type pairKey struct{ lo, hi, n int }

// outcome is a finished game's points for White, doubled (2, 1, 0), or
// -1 when it has no result.
type outcome int

// results are the finished games by Round tag.
type results map[string]outcome

// pairing plays the games between two engines: game idx (0, 1, ...) is
// played from opening idx/2, home with White when idx is even, so that
// each opening is played twice with colours swapped.
func pairingSlot(home, away, idx, openings int) (white, black, opening int, pair pairKey) {
	white, black = home, away
	if idx%2 == 1 {
		white, black = away, home
	}
	lo, hi := min(home, away), max(home, away)
	return white, black, (idx / 2) % openings, pairKey{lo, hi, idx / 2}
}

// scheduler lists the games that can be played now.
type scheduler interface {
	// slots lists, in the order to play them, every game that can be
	// played given the results so far (those played or under way too: the
	// runner skips them). It lists no more once the tournament is over.
	slots(res results) []Slot
}

// staticSchedule is a schedule that results do not change.
type staticSchedule []Slot

func (s staticSchedule) slots(results) []Slot { return s }

// roundRobinSchedule is every engine against every other, rounds times:
// Berger rounds by the circle method (an engine sits one out each round
// when their number is odd), each encounter games games long.
func roundRobinSchedule(n, rounds, games, openings int) staticSchedule {
	m := n + n%2 // with a dummy: its opponent sits the round out
	var out staticSchedule
	for c := range rounds {
		for b := range m - 1 {
			roundNo := c*(m-1) + b + 1
			g := 0
			add := func(home, away int) {
				if home >= n || away >= n {
					return
				}
				for k := range games {
					w, bl, o, p := pairingSlot(home, away, c*games+k, openings)
					g++
					out = append(out, Slot{Round: strconv.Itoa(roundNo) + "." + strconv.Itoa(g), RoundNo: roundNo,
						White: w, Black: bl, Opening: o, Pair: p})
				}
			}
			// The fixed engine (m-1) alternates colours round by round.
			if b%2 == 0 {
				add(b, m-1)
			} else {
				add(m-1, b)
			}
			for k := 1; k < m/2; k++ {
				add((b+k)%(m-1), (b-k+m-1)%(m-1))
			}
		}
	}
	return out
}

// gauntletSchedule is engine 0 against each other engine, rounds times;
// one round holds an encounter with each.
func gauntletSchedule(n, rounds, games, openings int) staticSchedule {
	var out staticSchedule
	for c := range rounds {
		g := 0
		for j := 1; j < n; j++ {
			for k := range games {
				w, b, o, p := pairingSlot(0, j, c*games+k, openings)
				g++
				out = append(out, Slot{Round: strconv.Itoa(c+1) + "." + strconv.Itoa(g), RoundNo: c + 1,
					White: w, Black: b, Opening: o, Pair: p})
			}
		}
	}
	return out
}

// maxTiebreakPairs bounds the pairs of games a tied knockout match adds;
// a match still tied after them goes to the higher seed.
const maxTiebreakPairs = 5

// knockoutSchedule is a single-elimination bracket seeded in the
// engines' order (the first seed meets the second in the final at the
// earliest; the top seeds have byes when the engines are not a power of
// two). A match is games games long; a tie adds pairs of games until a
// pair leaves one engine ahead, at most maxTiebreakPairs.
type knockoutSchedule struct {
	n, games, openings int
}

// KnockoutMatch is a match of the bracket as the results have it.
type KnockoutMatch struct {
	Round, Index int // from 1
	// A and B are the engines (A the higher seed), -1 while unknown.
	A, B int
	// Points, doubled, of A and B in the games played.
	PointsA, PointsB int
	Games            int
	// Winner is A or B once decided, -1 before; Why says how when it is
	// not the score of the planned games ("bye", "tie-break", "seed").
	Winner int
	Why    string
}

// seedOrder lists the seeds (from 1) in bracket order: 1, 8, 4, 5, 2, 7,
// 3, 6 for eight, so that seeds 1 and 2 can meet only in the final.
func seedOrder(size int) []int {
	order := []int{1}
	for len(order) < size {
		next := make([]int, 0, 2*len(order))
		for _, s := range order {
			next = append(next, s, 2*len(order)+1-s)
		}
		order = next
	}
	return order
}

// bracket plays the bracket through with the results so far: every match
// whose engines are known, with the slots it needs now.
func (k knockoutSchedule) bracket(res results) ([]KnockoutMatch, []Slot) {
	size := 1
	for size < k.n {
		size *= 2
	}
	// prev holds the engine each bracket position sends on: -1 unknown,
	// -2 nobody (a bye's empty seat).
	prev := make([]int, size)
	for i, s := range seedOrder(size) {
		prev[i] = s - 1
		if s > k.n {
			prev[i] = -2
		}
	}
	var matches []KnockoutMatch
	var slots []Slot
	for round := 1; len(prev) > 1; round++ {
		next := make([]int, len(prev)/2)
		for m := range next {
			a, b := prev[2*m], prev[2*m+1]
			if b >= 0 && a >= 0 && b < a || a == -2 {
				a, b = b, a // A is the higher seed, or the one present
			}
			km := KnockoutMatch{Round: round, Index: m + 1, A: a, B: b, Winner: -1}
			switch {
			case a < 0 && a != -2 || b == -1:
				next[m] = -1 // waiting for a match before
				if a >= 0 || b >= 0 {
					matches = append(matches, km)
				}
				continue
			case b == -2:
				next[m] = a // a bye (a is -2 too when both seats are empty)
				if a >= 0 {
					km.B, km.Winner, km.Why = -1, a, "bye"
					matches = append(matches, km)
				}
				continue
			}
			s := k.match(&km, res)
			slots = append(slots, s...)
			matches = append(matches, km)
			next[m] = km.Winner // -1 while undecided
		}
		prev = next
	}
	return matches, slots
}

// match fills in a match from the results, and returns the slots it
// needs: the planned games, and the tie-break pairs the score calls for.
func (k knockoutSchedule) match(km *KnockoutMatch, res results) []Slot {
	var slots []Slot
	slot := func(idx int) Slot {
		w, b, o, p := pairingSlot(km.A, km.B, idx, k.openings)
		return Slot{Round: fmt.Sprintf("%d.%d.%d", km.Round, km.Index, idx+1), RoundNo: km.Round,
			White: w, Black: b, Opening: o, Pair: p}
	}
	// played adds the games [from, to): whether all have results.
	played := func(from, to int) bool {
		all := true
		for idx := from; idx < to; idx++ {
			s := slot(idx)
			slots = append(slots, s)
			o, ok := res[s.Round]
			if !ok {
				all = false
				continue
			}
			km.Games++
			if o < 0 {
				continue // no result: no points
			}
			if s.White == km.A {
				km.PointsA, km.PointsB = km.PointsA+int(o), km.PointsB+2-int(o)
			} else {
				km.PointsA, km.PointsB = km.PointsA+2-int(o), km.PointsB+int(o)
			}
		}
		return all
	}
	decided := func(why string) bool {
		switch {
		case km.PointsA > km.PointsB:
			km.Winner, km.Why = km.A, why
		case km.PointsB > km.PointsA:
			km.Winner, km.Why = km.B, why
		default:
			return false
		}
		return true
	}
	if !played(0, k.games) || decided("") {
		return slots
	}
	for t := range maxTiebreakPairs {
		from := k.games + 2*t
		if !played(from, from+2) || decided("tie-break") {
			return slots
		}
	}
	km.Winner, km.Why = km.A, "seed"
	return slots
}

func (k knockoutSchedule) slots(res results) []Slot {
	_, s := k.bracket(res)
	return s
}
