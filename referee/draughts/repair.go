package draughts

import (
	"strings"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
)

// The repair search (referee.SuggestFixes) at a main-line move error:
// the draughts side of it, a referee.RepairSite. It runs only for a game
// whose main line stopped at a move error, after the replay that is kept,
// so a record without one costs nothing.

// repairOff turns the search off, for BenchmarkRepair's comparison.
var repairOff bool

// repairSite is the replay of g stopped at the main line's move failed,
// in the state stop (the position before it).
type repairSite struct {
	g      *draughtsGame
	line   notation.Line
	failed int
	start  int        // the first move after the last setup
	stop   *lineState // the state before line[failed]
	out    *numbering // how the record writes moves
	colon  bool       // the record writes captures with ':'

	// states[k-lo] is the state before line[k], for lo <= k < failed,
	// walked once when the search first asks for one.
	lo     int
	states []*lineState
	walked bool
	farTo  *lineState // the state before line[farAt], the last walked to before lo
	farAt  int
	alts   map[[2]int][]referee.Alternative // by ply and cost asked

	legal []Move        // the trials' legal moves' storage
	ints  []int         // and their paths'
	move  notation.Move // a move of an edit, as written
}

// repair searches the fixes of the main line's move error the replay
// stopped at, and gives them to its diagnostic in rep.
func (g *draughtsGame) repair(rep *referee.Report) {
	if g.stopSt == nil {
		return
	}
	defer g.release()
	line := g.rec.Moves
	s := &repairSite{g: g, line: line, failed: g.stopAt, stop: g.stopSt, out: g.num}
	for k := s.failed; k >= 0; k-- {
		if line[k].Setup != "" {
			s.start = k
			break
		}
	}
	if out, err := g.outputNumbering(""); err == nil {
		s.out = out
	}
	w := line[s.failed].Text
	s.colon = strings.ContainsRune(w, ':') && !strings.ContainsAny(w, "xX")
	rep.AttachFixes(line[s.failed].Pos, referee.SuggestFixes(s))
}

func (s *repairSite) Line() notation.Line { return s.line }
func (s *repairSite) Failed() int         { return s.failed }
func (s *repairSite) Start() int          { return s.start }

func (s *repairSite) Number(k int) int {
	if st := s.stateAt(k); st != nil {
		return st.moveNumber()
	}
	return 0
}

// stateAt is the state before line[k] as the written moves reach it, nil
// when it is not known.
func (s *repairSite) stateAt(k int) *lineState {
	if k == s.failed {
		return s.stop
	}
	if !s.walked {
		s.walked = true
		s.lo = max(s.start, s.failed-referee.RepairWindow)
		s.states = s.walk(s.lo, s.failed)
	}
	if k >= s.lo && k-s.lo < len(s.states) {
		return s.states[k-s.lo]
	}
	if k < s.start || k > s.failed {
		return nil
	}
	// Before the window (the search's last look, further back): walked
	// again for it alone, on from the last ply walked to (the search asks
	// in order). One such state is kept, stepped on in place: kept for
	// every ply asked, each with its copy of the positions seen, they
	// would grow with the square of a long king ending.
	if s.farTo != nil && k == s.farAt {
		return s.farTo
	}
	if s.farTo == nil || k < s.farAt {
		states := s.walk(k, k+1)
		if len(states) != 1 {
			return nil
		}
		s.farTo, s.farAt = states[0], k
		return s.farTo
	}
	for ; s.farAt < k; s.farAt++ {
		if !s.step(s.farTo, s.farAt) {
			return nil // (s.farTo stays the state before the move that cannot be played)
		}
	}
	return s.farTo
}

// walk replays the main line again from its start (or its last setup),
// silently, and returns the states before the plies from lo to hi
// (excluded).
func (s *repairSite) walk(lo, hi int) []*lineState {
	g := s.g
	var states []*lineState
	var st *lineState
	if m := s.line[s.start]; m.Setup != "" {
		p, err := g.r.ParseFEN(g.num.fen(m.Setup))
		if err != nil {
			return nil
		}
		st = newLineState(g, p)
		st.firstNum = 0
	} else {
		var ok bool
		if st, ok = g.initialState(); !ok {
			return nil
		}
	}
	for k := s.start; k < hi; k++ {
		s.count(st, k)
		if k >= lo {
			states = append(states, st.clone())
		}
		if k+1 < hi && !g.advance(st, s.line[k], s.line[k+1:]) {
			return nil // cannot be: the replay got past it
		}
	}
	return states
}

// count follows the record's move numbers at line[k], as the replay does.
func (s *repairSite) count(st *lineState, k int) {
	m := s.line[k]
	if st.plies == 0 && (k == 0 || st.firstNum == 0) {
		st.firstNum = max(m.Number, 1)
	}
	if num := st.moveNumber(); m.Number > 0 && m.Number != num {
		st.firstNum += m.Number - num // as the replay follows the record's count
	}
}

// step plays line[k] on st (the state before it, its number counted) and
// counts the next one's number.
func (s *repairSite) step(st *lineState, k int) bool {
	if !s.g.advance(st, s.line[k], s.line[k+1:]) {
		return false
	}
	if k+1 < len(s.line) {
		s.count(st, k+1)
	}
	return true
}

// Alternatives are the legal moves at ply k, written as the record writes
// moves, each with how like the written move it is. A slip that costs
// less than another legal move keeps one of the written squares, or swaps
// them: when maxCost asks for those only, the others are not written out.
func (s *repairSite) Alternatives(k, maxCost int) []referee.Alternative {
	key := [2]int{k, min(maxCost, referee.CostOther)}
	if a, ok := s.alts[key]; ok {
		return a
	}
	st := s.stateAt(k)
	if st == nil {
		return nil
	}
	g := s.g
	legal := g.legalFor(st, 0)
	if from, to, ok := s.writtenEnds(k); ok && maxCost < referee.CostOther {
		var near []Move
		for _, mv := range legal {
			if mv.From == from || mv.To == to || mv.From == to && mv.To == from {
				near = append(near, mv)
			}
		}
		legal = near
	}
	legal = distinct(legal)
	SortMoves(legal)
	written := s.line[k].Text
	withPath := strings.Count(written, "x")+strings.Count(written, ":")+strings.Count(written, "-") > 1
	var out []referee.Alternative
	for _, mv := range legal {
		text := s.out.unambiguous(mv, legal)
		full := s.out.move(mv, true)
		if withPath && mv.IsCapture() {
			text = full // as the record writes captures
		}
		if s.colon {
			text, full = strings.ReplaceAll(text, "x", ":"), strings.ReplaceAll(full, "x", ":")
		}
		cost, why := referee.Likeness(written, text, s.neighbours)
		if full != text {
			if c, w := referee.Likeness(written, full, s.neighbours); c < cost {
				cost, why = c, w
			}
		}
		out = append(out, referee.Alternative{Text: text, Cost: cost, Why: why})
	}
	if s.alts == nil {
		s.alts = map[[2]int][]referee.Alternative{}
	}
	s.alts[key] = out
	return out
}

// writtenEnds are the engine squares the move written at ply k goes from
// and to; ok is false when it does not name both (short notation, a move
// that cannot be read).
func (s *repairSite) writtenEnds(k int) (from, to int, ok bool) {
	text := s.line[k].Text
	if a, _, b, plain := pdn.PlainMove(text); plain {
		from, okA := s.g.num.square(a, "")
		to, okB := s.g.num.square(b, "")
		return from, to, okA && okB
	}
	mt, err := pdn.ParseMove(text)
	if err != nil || mt.Short || len(mt.Squares) < 2 {
		return 0, 0, false
	}
	f, l := mt.Squares[0], mt.Squares[len(mt.Squares)-1]
	from, okA := s.g.num.square(f.Num, f.Alpha)
	to, okB := s.g.num.square(l.Num, l.Alpha)
	return from, to, okA && okB
}

// neighbours: two squares, as the record writes them, touch on the board.
func (s *repairSite) neighbours(a, b string) bool {
	x, okA := s.squareNamed(a)
	y, okB := s.squareNamed(b)
	if !okA || !okB || x == y {
		return false
	}
	r := s.g.r
	xr, xc := r.RowCol(x)
	yr, yc := r.RowCol(y)
	return abs(xr-yr) <= 1 && abs(xc-yc) <= 1
}

func (s *repairSite) squareNamed(name string) (int, bool) {
	if name == "" {
		return 0, false
	}
	if name[0] >= '0' && name[0] <= '9' {
		n := 0
		for i := 0; i < len(name); i++ {
			if name[i] < '0' || name[i] > '9' || n > 1<<16 {
				return 0, false
			}
			n = 10*n + int(name[i]-'0')
		}
		return s.g.num.square(n, "")
	}
	return s.g.num.square(0, name)
}

// Replay plays first, then the written moves from next on, from the state
// before line[k].
func (s *repairSite) Replay(k int, first []string, next, limit int) int {
	st := s.stateAt(k)
	if st == nil {
		return -1
	}
	g := s.g
	t := st.clone()
	// The trials run one after the other: each lends its legal moves'
	// storage to the next.
	t.legal, t.ints, t.own, t.ownInts, t.legalOK = s.legal[:0], s.ints[:0], cap(s.legal), cap(s.ints), false
	defer func() { s.legal, s.ints = t.legal[:0], t.ints[:0] }()
	for _, text := range first {
		s.move.Text = text
		if !g.advance(t, &s.move, nil) {
			return -1
		}
	}
	n := 0
	for j := next; j < len(s.line) && n < limit; j++ {
		m := s.line[j]
		if m.Setup != "" {
			// What follows a setup does not depend on the edit.
			return min(limit, n+len(s.line)-j)
		}
		if !g.advance(t, m, s.line[j+1:]) {
			break
		}
		n++
	}
	return n
}

// advance plays a written move on st, silently, as the replay would: an
// ambiguous one is read by the moves after it (rest) when they tell. It
// returns false when the move cannot be played.
func (g *draughtsGame) advance(st *lineState, m *notation.Move, rest notation.Line) bool {
	if st.over != "" && st.winner != referee.Drawn {
		return false
	}
	mv, ok := g.quietMatch(st, m)
	if !ok && g.ambiguous != nil {
		mv, ok, _ = g.resolveByContinuation(st, rest)
	}
	if !ok {
		return false
	}
	g.play(st, mv)
	return true
}
