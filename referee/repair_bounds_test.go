package referee_test

import (
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/referee"
)

// readingSite is a repair site whose every replay succeeds, counting the
// bytes of the moves each replay reads: what a family's replay costs.
type readingSite struct {
	line    notation.Line
	failed  int
	read    int // bytes of moves replayed, over all trials
	replays int
}

func (s *readingSite) Line() notation.Line { return s.line }
func (s *readingSite) Failed() int         { return s.failed }
func (s *readingSite) Start() int          { return 0 }
func (s *readingSite) Number(k int) int    { return k/2 + 1 }
func (s *readingSite) Alternatives(k, maxCost int) []referee.Alternative {
	return []referee.Alternative{{Text: "31-27", Cost: referee.CostOther}, {Text: "32-27", Cost: referee.CostOther}}
}

func (s *readingSite) Replay(k int, first []string, next, limit int) int {
	s.replays++
	for _, m := range first {
		s.read += len(m)
	}
	got := min(limit, len(s.line)-next)
	for _, m := range s.line[next : next+got] {
		s.read += len(m.Text)
	}
	return got
}

func lineOf(texts ...string) notation.Line {
	var l notation.Line
	for _, t := range texts {
		l = append(l, &notation.Move{Text: t})
	}
	return l
}

// A search for fixes reads a hostile record's megabyte-long "moves" a
// bounded number of times, not once per trial: the failed move itself is
// no slip of the pen (no search at all), and the budget of plies counts
// long moves by their length.
func TestSuggestFixesReadsLongMovesBounded(t *testing.T) {
	huge := strings.Repeat("1-0:", 250_000) // a megabyte
	t.Run("failed move", func(t *testing.T) {
		s := &readingSite{line: lineOf("32-28", "19-23", huge, "28x19", "14x23"), failed: 2}
		if fixes := referee.SuggestFixes(s); fixes != nil || s.replays != 0 {
			t.Errorf("a %d-byte failed move: %d fixes after %d replays; want no search", len(huge), len(fixes), s.replays)
		}
	})
	t.Run("moves after it", func(t *testing.T) {
		texts := []string{"32-28", "19-23", "99-98"}
		after := 0
		for range 20 {
			texts = append(texts, huge)
			after += len(huge)
		}
		s := &readingSite{line: lineOf(texts...), failed: 2}
		referee.SuggestFixes(s)
		if s.read > 2*after {
			t.Errorf("%d replays read %d bytes of moves; the moves after the error hold %d", s.replays, s.read, after)
		}
	})
	t.Run("short moves", func(t *testing.T) {
		// Moves as long as real ones cost the budget nothing more: every
		// trial is made.
		s := &readingSite{line: lineOf("32-28", "19-23", "99-98", "28x19", "14x23", "33-29"), failed: 2}
		referee.SuggestFixes(s)
		if s.replays < 5 {
			t.Errorf("%d replays; want every trial (replace by each alternative, delete, insert each, swaps)", s.replays)
		}
	})
}
