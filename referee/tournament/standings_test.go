package tournament

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// The relay histogram's quantiles are the exact ones to within 3.2% (half
// a bucket), its maximum exact, on times from nanoseconds to hours.
func TestRelayHistogram(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	var h relayHistogram
	var all []time.Duration
	for range 20000 {
		d := time.Duration(math.Exp(rnd.Float64() * 30)) // 1 ns to 10^13 ns
		h.add(d)
		all = append(all, d)
	}
	h.add(math.MaxInt64)
	all = append(all, math.MaxInt64)
	slices.Sort(all)
	for _, q := range []float64{0.01, 0.5, 0.9, 0.99} {
		exact, got := all[int(q*float64(len(all)))], h.quantile(q)
		if math.Abs(float64(got-exact)) > 0.032*float64(exact)+1 {
			t.Errorf("quantile %v: %v, exact %v", q, got, exact)
		}
	}
	if h.max != math.MaxInt64 || h.n != len(all) {
		t.Errorf("max %v, n %d", h.max, h.n)
	}
	for i := 1; i < len(h.counts); i++ {
		if relayMiddle(i) <= relayMiddle(i-1) || relayBucket(relayMiddle(i)) != i {
			t.Fatalf("bucket %d: middle %v, back to %d", i, relayMiddle(i), relayBucket(relayMiddle(i)))
		}
	}
	if (&relayHistogram{}).stats() != nil {
		t.Error("stats of no move")
	}
}

// Points, Sonneborn-Berger, ranks, the crosstable, by hand: A beat B twice
// and drew C twice; B beat C once and lost once; so A 3, B 1, C 2.
// SB: A = 2 x 1 (B) + 1 x 2 (C) = 4; B = 1 x 2 = 2; C = 1 x 3 + 1 x 1 = 4;
// C and A tie on SB, C ranked below on points. Rows and columns in rank
// order.
func TestStandingsByHand(t *testing.T) {
	s := newStandings(RoundRobin, "international", []string{"A", "B", "C"})
	s.add(0, 1, 2)
	s.add(1, 0, 0)
	s.add(0, 2, 1)
	s.add(2, 0, 1)
	s.add(1, 2, 2)
	s.add(2, 1, 2)
	s.add(1, 2, -1) // no result: not counted
	s.rank()
	var got []string
	for _, e := range s.Engines {
		got = append(got, e.Name+" "+trim(e.Points)+" "+trim(e.SB)+" #"+trim(float64(e.Rank)))
	}
	if want := "A 3 4 #1|C 2 4 #2|B 1 2 #3"; strings.Join(got, "|") != want {
		t.Errorf("standings %q, want %q", strings.Join(got, "|"), want)
	}
	a := s.Engines[0]
	if a.Wins != 2 || a.Draws != 2 || a.Losses != 0 || a.Games != 4 || a.Against["B"] != (Cell{2, 2}) || a.Against["C"] != (Cell{1, 2}) {
		t.Errorf("A: %+v", a)
	}
	if s.Unfinished != 1 || s.Games != 6 {
		t.Errorf("games %d, unfinished %d", s.Games, s.Unfinished)
	}
	var text bytes.Buffer
	s.WriteText(&text)
	for _, want := range []string{"   1  A            3     4    2    2    0   +190.8   458.0        4",
		"   3  B            1     4    1    0    3   -190.8     inf        2",
		"   1  A            - 1/2 2/2", "   3  B          0/2 1/2   -", "Games without a result (not counted): 1"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text has no %q:\n%s", want, text.String())
		}
	}
	var js bytes.Buffer
	if err := s.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Engines []struct {
			Name    string
			Points  float64
			SB      float64 `json:"sonneborn_berger"`
			Elo     *float64
			Margin  *float64 `json:"elo_margin"`
			Against map[string]Cell
		}
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Engines) != 3 || back.Engines[0].Elo == nil ||
		back.Engines[2].Elo == nil || back.Engines[2].Margin != nil || back.Engines[2].Against["A"] != (Cell{0, 2}) || back.Engines[1].SB != 4 {
		t.Errorf("JSON %v:\n%s", err, js.String())
	}
}
