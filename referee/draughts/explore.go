package draughts

import (
	"slices"
	"strings"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/variants"
)

// Explore is referee.Explorer's: the main line replayed on a Line (the very
// bookkeeping of the check and of 'arbiter match'), each written move
// matched to the legal move that a rewrite writes the same way.
func (family) Explore(rec *notation.Record, v *variants.Variant, plies int) []referee.Stop {
	start, ok := exploreStart(rec, v)
	if !ok {
		return nil
	}
	l, err := NewLine(v, start)
	if err != nil {
		return nil
	}
	plies = min(plies, len(rec.Moves))
	stops := make([]referee.Stop, 0, plies+1)
	for i := 0; ; i++ {
		legal := slices.Clone(l.Legal()) // the line's own list: sorted apart
		SortMoves(legal)
		st := referee.Stop{FEN: l.FEN(), Legal: make([]string, 0, len(legal)), Counters: l.Counters()}
		if _, why, over := l.Over(); over {
			st.Over = why
		}
		texts := make([]string, len(legal))
		for j, m := range legal {
			texts[j] = l.MoveText(m)
			st.Legal = append(st.Legal, texts[j])
		}
		stops = append(stops, st)
		if i == plies || st.Over != "" {
			return stops
		}
		written := strings.TrimSpace(rec.Moves[i].Text)
		found := -1
		for j, m := range legal {
			if texts[j] == written || MoveText(v, m, true) == written {
				found = j
				break
			}
		}
		if found < 0 {
			return stops
		}
		l.Play(legal[found])
	}
}

// exploreStart is the record's start, as the check reads it: its FEN tag,
// else a setup before the first move, else the variant's start.
func exploreStart(rec *notation.Record, v *variants.Variant) (Position, bool) {
	fen := ""
	if t, ok := rec.TagPos("FEN"); ok && strings.TrimSpace(t.Value) != "" {
		fen = t.Value
	} else if rec.Setup != "" {
		fen = rec.Setup
	}
	if fen == "" {
		_, start, err := RulesOf(v)
		return start, err == nil
	}
	p, err := PositionOf(v, fen)
	return p, err == nil
}
