package race

import (
	"fmt"
	"slices"
	"strconv"

	"arbiter/notation"
	racenot "arbiter/notation/race"
	"arbiter/referee"
)

// The repair search (referee.SuggestFixes) at a throw of a race record
// that cannot stand: the throw written wrong (a 4 for a 3), the piece or
// pawn (its square), its landing square, the player or colour, a throw
// left out or written twice. The throws after it tell which: with the
// right one the rest of the game replays. Each race game gives its replay
// as a raceGame; the site is the same for all.

// raceGame is a race game's replay, as the repair search drives it.
type raceGame interface {
	// save and load take and give back the replay's state.
	save() any
	load(any)
	// advance plays a written throw silently, as the replay would.
	advance(m *notation.Move) bool
	// alternatives are the throws that could stand in the state loaded,
	// as the record writes them (with the player when written has one).
	alternatives(written string) []referee.Alternative
	// roundNow is the round of the state loaded.
	roundNow() int
}

// thrower is a race game's replay, throw by throw.
type thrower interface {
	raceGame
	// throw replays one written throw: played, or wrong (said, unless
	// quiet), or after the end of the game.
	throw(m *notation.Move, quiet bool) throwResult
}

// replayThrows replays the throws of line until one cannot stand, and
// gives that one its fixes (unless noFixes).
func replayThrows(g thrower, line notation.Line, rep *referee.Report, noFixes bool) {
	start, failed := g.save(), -1
	for i, m := range line {
		if r := g.throw(m, false); r != throwPlayed {
			if r == throwWrong {
				failed = i
			}
			break
		}
	}
	if failed >= 0 && !noFixes {
		repairRace(g, rep, line, start, failed)
	}
}

// raceSite is a race game's replay stopped at the main line's throw
// failed.
type raceSite struct {
	*referee.Walk[any]
	g raceGame
}

// repairRace gives the throw a replay stopped at its fixes; start is the
// state before the first throw.
func repairRace(g raceGame, rep *referee.Report, line notation.Line, start any, failed int) {
	end := g.save()
	defer g.load(end)
	advance := func(j int) int {
		if g.advance(line[j]) {
			return 1
		}
		return 0
	}
	walk, ok := referee.NewWalk(line, g.save, g.load, advance, start, failed)
	if !ok {
		return // cannot be: the replay got past it
	}
	s := &raceSite{Walk: walk, g: g}
	rep.AttachFixes(line[failed].Pos, referee.SuggestFixes(s))
}

// stateAt loads the state before line[k].
func (s *raceSite) stateAt(k int) bool {
	_, ok := s.At(k)
	return ok
}

func (s *raceSite) Number(k int) int {
	if s.stateAt(k) {
		return s.g.roundNow()
	}
	return 0
}

func (s *raceSite) Alternatives(k, _ int) []referee.Alternative {
	if !s.stateAt(k) {
		return nil
	}
	return s.g.alternatives(s.Line()[k].Text)
}

// Replay plays first, then the written throws from next on, from the
// state before line[k].
func (s *raceSite) Replay(k int, first []string, next, limit int) int {
	if !s.stateAt(k) {
		return -1
	}
	for _, text := range first {
		if !s.g.advance(&notation.Move{Text: text}) {
			return -1
		}
	}
	n := 0
	for j := next; j < len(s.Line()) && n < limit && s.g.advance(s.Line()[j]); j++ {
		n++
	}
	return n
}

// throwResult is what a race replay made of a written throw.
type throwResult int

const (
	throwPlayed   throwResult = iota
	throwWrong                // it cannot stand: the repair search looks at it
	throwAfterEnd             // written after the end, or unreadable
)

// allThrows lists every throw of n dice of faces faces, in order.
func allThrows(n, faces int) [][]int {
	if n <= 0 || n > 3 || faces <= 0 || faces > 20 {
		return nil
	}
	out := [][]int{{}}
	for i := 0; i < n; i++ {
		var next [][]int
		for _, t := range out {
			for f := 1; f <= faces; f++ {
				next = append(next, append(slices.Clone(t), f))
			}
		}
		out = next
	}
	return out
}

// throwLikeness says how like a written throw another is, as a slip of
// the pen: one of its parts written wrong (the colour letter, the dice,
// the piece's square, its landing square).
func throwLikeness(written, other string) (int, string) {
	w, errW := racenot.ParseMove(written)
	o, errO := racenot.ParseMove(other)
	if errW != nil || errO != nil {
		return referee.Likeness(written, other, nil)
	}
	samePiece := w.Pass == o.Pass && w.FromBase == o.FromBase && (w.FromBase || w.Pass || w.From == o.From)
	sameDice := slices.Equal(w.Dice, o.Dice)
	landing := func(m racenot.MoveText) int {
		if len(m.Path) == 0 {
			return -1
		}
		return m.Path[0]
	}
	sameTo := len(w.Path) == 0 || landing(w) == landing(o)
	var diff []string
	if !sameDice {
		diff = append(diff, fmt.Sprintf("the throw %s for %s", dice(w.Dice), dice(o.Dice)))
	}
	if !samePiece {
		diff = append(diff, "the piece")
	}
	if !sameTo {
		diff = append(diff, fmt.Sprintf("its landing square %d for %d", landing(w), landing(o)))
	}
	if w.Player != "" && o.Player != "" && !sameName(w.Player, o.Player) {
		if len(diff) == 0 {
			return referee.CostTransposed, fmt.Sprintf("%s for %s, who is to throw", w.Player, o.Player)
		}
		diff = append(diff, "who throws")
	}
	switch len(diff) {
	case 0:
		return referee.CostTransposed, "the same throw"
	case 1:
		return referee.CostNear, diff[0]
	case 2:
		if !sameDice && !sameTo && samePiece {
			return referee.CostOneSquare, diff[0] + ", " + diff[1] // the dice and where they take the piece
		}
	}
	return referee.CostOther, "another throw"
}

// dice writes a throw's faces as records do, 4+5. Into one buffer: a
// throw written with thousands of dice (a hostile record; each is read)
// would cost a copy of the string per die.
func dice(d []int) string {
	b := make([]byte, 0, 2*len(d))
	for i, x := range d {
		if i > 0 {
			b = append(b, '+')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return string(b)
}
