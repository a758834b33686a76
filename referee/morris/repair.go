package morris

import (
	"maps"
	"slices"

	"arbiter/notation"
	morrisnot "arbiter/notation/morris"
	"arbiter/referee"
)

// The repair search (referee.SuggestFixes) at a main-line move error of a
// mill game: a point's coordinate or number written wrong, from and to
// swapped, a removal on the wrong piece, a move left out or written twice.
// It runs only for a game whose replay stopped at such an error.

// state is what a replay carries from ply to ply.
type state struct {
	pos               Position
	plies             int
	legal             []Move
	seen              map[Position]int
	noRemoval, threes int
	over              string
	overAt            int
	winner            referee.Outcome
	claims            []string
}

func (g *morrisGame) save() state {
	return state{g.pos, g.plies, slices.Clone(g.legal), maps.Clone(g.seen), g.noRemoval, g.threes, g.over, g.overAt, g.winner, slices.Clone(g.claims)}
}

func (g *morrisGame) load(s state) {
	g.pos, g.plies, g.legal, g.seen = s.pos, s.plies, slices.Clone(s.legal), maps.Clone(s.seen)
	g.noRemoval, g.threes, g.over, g.overAt, g.winner, g.claims = s.noRemoval, s.threes, s.over, s.overAt, s.winner, slices.Clone(s.claims)
}

// advance plays line[j] (and the removal written after it as its own
// item, when it is one: consumed says how many items), silently, as the
// replay would.
func (g *morrisGame) advance(line notation.Line, j int) (consumed int, ok bool) {
	if g.over == "" && len(g.legal) == 0 {
		g.play(Pass)
	}
	if g.over != "" {
		return 0, false
	}
	mt, err := morrisnot.ParseMove(line[j].Text)
	if err != nil || mt.IsRemovalOnly() {
		return 0, false
	}
	removes, consumed := mt.Removes, 1
	if len(removes) == 0 && j+1 < len(line) {
		if next, err := morrisnot.ParseMove(line[j+1].Text); err == nil && next.IsRemovalOnly() {
			if _, n := g.r.Closes(&g.pos, mt.From, mt.To); n > 0 {
				removes, consumed = next.Removes, 2
			}
		}
	}
	mv, _, why, _ := g.match(mt, removes)
	if why != "" {
		return 0, false
	}
	g.play(mv)
	return consumed, true
}

// repairSite is the replay of g stopped at the main line's move failed.
type repairSite struct {
	*referee.Walk[state]
	g *morrisGame
}

// repair gives the move error the replay stopped at its fixes.
func (g *morrisGame) repair(start state, failed int) {
	end := g.save()
	defer g.load(end)
	line := g.rec.Moves
	advance := func(j int) int {
		n, _ := g.advance(line, j) // (0 when it cannot be played)
		return n
	}
	walk, ok := referee.NewWalk(line, g.save, g.load, advance, start, failed)
	if !ok {
		return // cannot be: the replay got past it
	}
	s := &repairSite{Walk: walk, g: g}
	g.rep.AttachFixes(line[failed].Pos, referee.SuggestFixes(s))
}

func (s *repairSite) Number(k int) int {
	if st, ok := s.At(k); ok {
		return st.plies/2 + 1
	}
	return 0
}

// Alternatives are the legal moves at ply k, written as the record writes
// moves, each with how like the written move it is.
func (s *repairSite) Alternatives(k, _ int) []referee.Alternative {
	st, ok := s.At(k)
	if !ok {
		return nil
	}
	g := s.g
	written := s.Line()[k].Text
	var out []referee.Alternative
	for _, mv := range st.legal {
		text := g.moveText(mv)
		cost, why := referee.Likeness(written, text, s.neighbours)
		out = append(out, referee.Alternative{Text: text, Cost: cost, Why: why})
	}
	return out
}

// neighbours: two points, as the record writes them, on one line next to
// each other.
func (s *repairSite) neighbours(a, b string) bool {
	pa, pb := s.point(a), s.point(b)
	return pa >= 0 && pb >= 0 && s.g.r.Adjacent(pa, pb)
}

func (s *repairSite) point(name string) int {
	mt, err := morrisnot.ParseMove(name)
	if err != nil || mt.From >= 0 || mt.To < 0 || len(mt.Removes) > 0 {
		return -1
	}
	return mt.To
}

// Replay plays first, then the written moves from next on, from the state
// before line[k].
func (s *repairSite) Replay(k int, first []string, next, limit int) int {
	st, ok := s.At(k)
	if !ok {
		return -1
	}
	g := s.g
	g.load(st)
	for _, text := range first {
		if _, ok := g.advance(notation.Line{{Text: text}}, 0); !ok {
			return -1
		}
	}
	n := 0
	for j := next; j < len(s.Line()) && n < limit; {
		c, ok := g.advance(s.Line(), j)
		if !ok {
			break
		}
		j += c
		n += c
	}
	return min(n, limit)
}
