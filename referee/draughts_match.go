package referee

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee/draughts"
)

// maxListed bounds the legal moves quoted in one diagnostic.
const maxListed = 24

type diagFunc func(sev notation.Severity, code, msg string, legal []string)

// match finds the one legal move a written move means. It reports through
// diag and returns ok=false when there is none or more than one.
func (g *draughtsGame) match(pos draughts.Position, all []draughts.Move, m *notation.Move, diag diagFunc) (draughts.Move, bool) {
	mt, err := pdn.ParseMove(m.Text)
	if err != nil {
		diag(notation.Error, "unreadable-move", fmt.Sprintf("cannot read move %q: %v", m.Text, err), nil)
		return draughts.Move{}, false
	}
	sq := make([]int, len(mt.Squares))
	for i, s := range mt.Squares {
		n, ok := g.square(s)
		if !ok {
			diag(notation.Error, "no-such-square", fmt.Sprintf("%s is not a square of the %dx%d board", squareText(s), g.r.Width, g.r.Height), nil)
			return draughts.Move{}, false
		}
		sq[i] = n
	}
	if len(sq) < 2 {
		diag(notation.Error, "unreadable-move", fmt.Sprintf("move %q needs a from and a to square", m.Text), nil)
		return draughts.Move{}, false
	}
	var cands []draughts.Move
	for _, mv := range all {
		if fits(mv, sq) {
			cands = append(cands, mv)
		}
	}
	groups := cands
	if len(cands) > 1 {
		draughts.SortMoves(cands)
		groups = distinct(cands)
	}
	switch {
	case len(groups) == 1:
		mv := groups[0]
		if len(sq) > 2 && len(sq) < len(mv.Path)+1 {
			diag(notation.Warning, "partial-path", fmt.Sprintf("capture written with part of its path; it can only be %s", mv.FullString()), nil)
		}
		if mt.Capture != mv.IsCapture() {
			if mv.IsCapture() {
				diag(notation.Warning, "capture-mark", fmt.Sprintf("a capture written with '-'; it is %s", short(mv)), nil)
			} else {
				diag(notation.Warning, "capture-mark", "a plain move written as a capture", nil)
			}
		}
		return mv, true
	case len(groups) > 1:
		var full []string
		for _, mv := range groups {
			full = append(full, mv.FullString())
		}
		diag(notation.Error, "ambiguous", fmt.Sprintf("ambiguous: %d captures go from %d to %d; write the path", len(groups), sq[0], sq[len(sq)-1]), full)
		return draughts.Move{}, false
	}
	sorted := distinct(all)
	draughts.SortMoves(sorted)
	diag(notation.Error, "illegal", g.explain(pos, sq, mt.Capture, sorted), listMoves(sorted))
	return draughts.Move{}, false
}

// fits: same from and to, and every intermediate written square is a
// landing square of the move, in order (a partial path still picks one).
func fits(mv draughts.Move, sq []int) bool {
	if mv.From != sq[0] || mv.To != sq[len(sq)-1] {
		return false
	}
	mid := sq[1 : len(sq)-1]
	j := 0
	for _, p := range mv.Path[:len(mv.Path)-1] {
		if j < len(mid) && p == mid[j] {
			j++
		}
	}
	return j == len(mid)
}

// distinct keeps one move per (from, to, captured set): paths that take the
// same pieces to the same square are the same move.
func distinct(moves []draughts.Move) []draughts.Move {
	var out []draughts.Move
	var keys [][]int
next:
	for _, mv := range moves {
		k := append([]int{mv.From, mv.To}, mv.Captured...)
		sort.Ints(k[2:])
		for _, seen := range keys {
			if slices.Equal(seen, k) {
				continue next
			}
		}
		keys = append(keys, k)
		out = append(out, mv)
	}
	return out
}

// short writes a move in short form unless another legal move shares its
// from and to squares.
func short(mv draughts.Move) string { return mv.String() }

// unambiguous is the short form of mv unless another distinct legal move
// shares its from and to squares; then the full path.
func unambiguous(mv draughts.Move, legal []draughts.Move) string {
	var same []draughts.Move
	for _, o := range legal {
		if o.From == mv.From && o.To == mv.To {
			same = append(same, o)
		}
	}
	if len(same) > 1 && len(distinct(same)) > 1 {
		return mv.FullString()
	}
	return mv.String()
}

func listMoves(moves []draughts.Move) []string {
	count := map[[2]int]int{}
	for _, mv := range moves {
		count[[2]int{mv.From, mv.To}]++
	}
	var out []string
	for _, mv := range moves {
		s := mv.String()
		if count[[2]int{mv.From, mv.To}] > 1 {
			s = mv.FullString()
		}
		out = append(out, s)
	}
	if len(out) > maxListed {
		out = append(out[:maxListed], fmt.Sprintf("... %d more", len(out)-maxListed))
	}
	return out
}

func (g *draughtsGame) square(s pdn.Square) (int, bool) {
	if s.Alpha != "" {
		return g.r.ParseAlpha(s.Alpha)
	}
	return s.Num, s.Num >= 1 && s.Num <= g.r.NumSquares()
}

func squareText(s pdn.Square) string {
	if s.Alpha != "" {
		return s.Alpha
	}
	return fmt.Sprint(s.Num)
}

// explain says, in the words of the rules, why no legal move fits.
func (g *draughtsGame) explain(pos draughts.Position, sq []int, writtenCapture bool, legal []draughts.Move) string {
	from, to := sq[0], sq[len(sq)-1]
	pc := pos.At(from)
	turn := pos.Turn()
	switch {
	case len(legal) == 0:
		return fmt.Sprintf("%s has no legal move", turn)
	case pc == draughts.Empty:
		return fmt.Sprintf("no piece on %d", from)
	case pc.Color() != turn:
		return fmt.Sprintf("not your piece: %d holds a %s, and %s is to move", from, pieceName(pc), turn)
	}
	if legal[0].IsCapture() {
		most := 0
		for _, mv := range legal {
			most = max(most, len(mv.Captured))
		}
		best := ""
		for _, mv := range legal {
			if len(mv.Captured) == most {
				best = mv.FullString()
				break
			}
		}
		if g.r.Priority == draughts.PriorityMajority && writtenCapture {
			return fmt.Sprintf("the capture must take the most pieces: a capture of %d %s is available: %s", most, plural(most, "piece"), best)
		}
		if writtenCapture {
			return fmt.Sprintf("no capture goes from %d to %d; capture is compulsory: %s", from, to, best)
		}
		return fmt.Sprintf("capture is compulsory: a capture of %d %s is available: %s", most, plural(most, "piece"), best)
	}
	if writtenCapture && len(sq) >= 2 {
		return fmt.Sprintf("there is no capture for %s here", turn)
	}
	if pos.At(to) != draughts.Empty {
		return fmt.Sprintf("%d is occupied", to)
	}
	fr, fc := g.r.RowCol(from)
	tr, tc := g.r.RowCol(to)
	dr, dc := tr-fr, tc-fc
	if dr == 0 || abs(dr) != abs(dc) {
		return fmt.Sprintf("%d and %d are not on one diagonal", from, to)
	}
	if pc.IsMan() {
		forward := -1 // white men move towards row 0
		if turn == draughts.Black {
			forward = 1
		}
		if dr*forward < 0 {
			return "men do not move backwards"
		}
		if abs(dr) > 1 {
			return "a man moves one square at a time"
		}
	}
	if pc.IsKing() && !g.r.FlyingKings && abs(dr) > 1 {
		return "a king moves one square at a time in this variant"
	}
	return fmt.Sprintf("the way from %d to %d is blocked", from, to)
}

func pieceName(p draughts.Piece) string {
	kind := "man"
	if p.IsKing() {
		kind = "king"
	}
	return p.Color().String() + " " + kind
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// board draws a position for a person: dark squares only, men w/b,
// kings W/B, with the square numbers of each row at its side.
func (g *draughtsGame) board(p draughts.Position) string {
	var b strings.Builder
	for row := 0; row < g.r.Height; row++ {
		b.WriteString("    ")
		lo, hi := 0, 0
		for col := 0; col < g.r.Width; col++ {
			sq, ok := g.r.SquareAt(col, row)
			if !ok {
				b.WriteString("  ")
				continue
			}
			if lo == 0 {
				lo = sq
			}
			hi = sq
			c := "."
			switch p.At(sq) {
			case draughts.WhiteMan:
				c = "w"
			case draughts.WhiteKing:
				c = "W"
			case draughts.BlackMan:
				c = "b"
			case draughts.BlackKing:
				c = "B"
			}
			b.WriteString(" " + c)
		}
		fmt.Fprintf(&b, "   %2d-%d\n", lo, hi)
	}
	fmt.Fprintf(&b, "    %s to move", p.Turn())
	return b.String()
}
