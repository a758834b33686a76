package tournament

import (
	"fmt"
	"reflect"
	"testing"
)

// A round robin: every pair meets rounds x games times, an engine plays at
// most one encounter a round (one sits out when their number is odd),
// every opening is played by each pair with both colours, and the Round
// tags are distinct.
func TestRoundRobinSchedule(t *testing.T) {
	for _, c := range []struct{ n, rounds, games, openings int }{
		{2, 1, 2, 1}, {3, 2, 2, 3}, {4, 1, 2, 2}, {5, 2, 4, 3}, {6, 3, 1, 2}, {12, 1, 2, 5},
	} {
		name := fmt.Sprintf("%d engines, %d rounds of %d games, %d openings", c.n, c.rounds, c.games, c.openings)
		s := roundRobinSchedule(c.n, c.rounds, c.games, c.openings)
		if want := c.n * (c.n - 1) / 2 * c.rounds * c.games; len(s) != want {
			t.Errorf("%s: %d games, want %d", name, len(s), want)
		}
		tags := map[string]bool{}
		meets := map[[2]int]int{}
		white := map[[2]int]int{}
		inRound := map[int]map[int][2]int{} // round -> engine -> its pairing
		colours := map[[3]int]int{}         // pair, opening -> White's index sum
		for _, g := range s {
			if tags[g.Round] {
				t.Fatalf("%s: Round %s twice", name, g.Round)
			}
			tags[g.Round] = true
			p := [2]int{min(g.White, g.Black), max(g.White, g.Black)}
			meets[p]++
			if g.White == p[0] {
				white[p]++
			}
			if inRound[g.RoundNo] == nil {
				inRound[g.RoundNo] = map[int][2]int{}
			}
			for _, e := range []int{g.White, g.Black} {
				if q, ok := inRound[g.RoundNo][e]; ok && q != p {
					t.Errorf("%s: engine %d plays %v and %v in round %d", name, e, q, p, g.RoundNo)
				}
				inRound[g.RoundNo][e] = p
			}
			if g.Pair != (pairKey{p[0], p[1], g.Pair.n}) || g.Opening != g.Pair.n%c.openings {
				t.Errorf("%s: game %s: pair %v, opening %d", name, g.Round, g.Pair, g.Opening)
			}
			colours[[3]int{p[0], p[1], g.Pair.n}] += 1 << (2 * boolInt(g.White == p[0]))
		}
		for p, n := range meets {
			if n != c.rounds*c.games {
				t.Errorf("%s: %v meet %d times", name, p, n)
			}
			if d := 2*white[p] - n; d < -1 || d > 1 {
				t.Errorf("%s: %v: the first has White %d times of %d", name, p, white[p], n)
			}
		}
		// A full pair is one game with each colour.
		for k, v := range colours {
			if v != 1+4 && (v == 2 || v == 8) {
				t.Errorf("%s: pair %v played with the same colours twice", name, k)
			}
		}
		if len(meets) != c.n*(c.n-1)/2 {
			t.Errorf("%s: %d pairings", name, len(meets))
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestGauntletSchedule(t *testing.T) {
	s := gauntletSchedule(4, 2, 2, 3)
	if len(s) != 3*2*2 {
		t.Fatalf("%d games", len(s))
	}
	var got []string
	for _, g := range s {
		if g.White != 0 && g.Black != 0 {
			t.Errorf("game %s without the first engine", g.Round)
		}
		got = append(got, fmt.Sprintf("%s:%d-%d/%d", g.Round, g.White, g.Black, g.Opening))
	}
	want := []string{"1.1:0-1/0", "1.2:1-0/0", "1.3:0-2/0", "1.4:2-0/0", "1.5:0-3/0", "1.6:3-0/0",
		"2.1:0-1/1", "2.2:1-0/1", "2.3:0-2/1", "2.4:2-0/1", "2.5:0-3/1", "2.6:3-0/1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("gauntlet\n got %v\nwant %v", got, want)
	}
}

func TestSeedOrder(t *testing.T) {
	if got := seedOrder(8); !reflect.DeepEqual(got, []int{1, 8, 4, 5, 2, 7, 3, 6}) {
		t.Errorf("seedOrder(8) = %v", got)
	}
	if got := seedOrder(4); !reflect.DeepEqual(got, []int{1, 4, 2, 3}) {
		t.Errorf("seedOrder(4) = %v", got)
	}
}

// A knockout of five: seeds 1, 2 and 3 have byes, 4 meets 5; the bracket
// grows as results come in; a tie adds pairs of games; a tie that lasts
// goes to the higher seed.
func TestKnockoutBracket(t *testing.T) {
	k := knockoutSchedule{n: 5, games: 2, openings: 2}
	res := results{}
	matches, slots := k.bracket(res)
	var rounds []string
	for _, s := range slots {
		rounds = append(rounds, fmt.Sprintf("%s:%d-%d", s.Round, s.White, s.Black))
	}
	// Seeds 2 and 3 both had byes: their match of round 2 can start.
	if want := []string{"1.2.1:3-4", "1.2.2:4-3", "2.2.1:1-2", "2.2.2:2-1"}; !reflect.DeepEqual(rounds, want) {
		t.Fatalf("first slots %v, want %v", rounds, want)
	}
	byes := 0
	for _, m := range matches {
		if m.Why == "bye" {
			byes++
		}
	}
	if byes != 3 {
		t.Errorf("%d byes: %+v", byes, matches)
	}
	// 4 and 5 draw both games: a tie-break pair; 5 (index 4) wins it.
	res["1.2.1"], res["1.2.2"] = 1, 1
	_, slots = k.bracket(res)
	if len(slots) != 6 || slots[2].Round != "1.2.3" || slots[3].Round != "1.2.4" {
		t.Fatalf("tie-break slots %+v", slots)
	}
	res["1.2.3"], res["1.2.4"] = 1, 2 // game 4: index 4 has White and wins
	matches, slots = k.bracket(res)
	var m12 KnockoutMatch
	for _, m := range matches {
		if m.Round == 1 && m.Index == 2 {
			m12 = m
		}
	}
	if m12.Winner != 4 || m12.Why != "tie-break" || m12.PointsA != 3 || m12.PointsB != 5 {
		t.Errorf("match 1.2: %+v", m12)
	}
	// Round 2: seed 1 against the winner (5), and 2 against 3.
	var r2 []string
	for _, s := range slots {
		if s.RoundNo == 2 {
			r2 = append(r2, fmt.Sprintf("%s:%d-%d", s.Round, s.White, s.Black))
		}
	}
	if want := []string{"2.1.1:0-4", "2.1.2:4-0", "2.2.1:1-2", "2.2.2:2-1"}; !reflect.DeepEqual(r2, want) {
		t.Errorf("round 2 %v, want %v", r2, want)
	}
	// 2.1: seed 1 wins; 2.2 tied throughout: seed 2 (index 1) goes through.
	res["2.1.1"], res["2.1.2"] = 2, 0
	for g := 1; g <= 2+2*maxTiebreakPairs; g++ {
		res[fmt.Sprintf("2.2.%d", g)] = 1
	}
	matches, slots = k.bracket(res)
	var final []string
	for _, s := range slots {
		if s.RoundNo == 3 {
			final = append(final, fmt.Sprintf("%s:%d-%d", s.Round, s.White, s.Black))
		}
	}
	if want := []string{"3.1.1:0-1", "3.1.2:1-0"}; !reflect.DeepEqual(final, want) {
		t.Errorf("final %v, want %v", final, want)
	}
	for _, m := range matches {
		if m.Round == 2 && m.Index == 2 && (m.Winner != 1 || m.Why != "seed" || m.Games != 12) {
			t.Errorf("match 2.2: %+v", m)
		}
	}
	res["3.1.1"], res["3.1.2"] = 0, 1 // index 1 wins the first, draws the second
	matches, _ = k.bracket(res)
	last := matches[len(matches)-1]
	if last.Round != 3 || last.Winner != 1 {
		t.Errorf("final %+v", last)
	}
	if len(k.slots(res)) != 2+2+2+12+2 {
		t.Errorf("%d slots at the end", len(k.slots(res)))
	}
}

// Two engines: one match; a power of two: no byes.
func TestKnockoutSizes(t *testing.T) {
	for n := 2; n <= 9; n++ {
		k := knockoutSchedule{n: n, games: 2, openings: 1}
		matches, slots := k.bracket(results{})
		size := 1
		for size < n {
			size *= 2
		}
		byes := 0
		for _, m := range matches {
			if m.Why == "bye" {
				byes++
			}
		}
		first := 0
		for _, s := range slots {
			if s.RoundNo == 1 {
				first++
			}
		}
		if byes != size-n || first != 2*(n-byes)/2 {
			t.Errorf("%d engines: %d byes, %d slots", n, byes, len(slots))
		}
	}
}
