package draughts

import (
	"strings"

	"arbiter/notation"
	"arbiter/notation/pdn"
)

// Over the board an illegal move nobody noticed stands, and the game goes
// on from the position it made. With Options.AsPlayed the replay does the
// same (the error is still reported): the piece goes from its square to
// the square written, the opponent's pieces it jumps are taken, a man on
// the far row is crowned, and the other side is to move.

// asWritten is the move a main-line written move makes when played as
// written: ok is false when it cannot be carried out (no piece of the side
// to move on its square, its square to go to taken, a square off the
// board, a move that cannot be read).
func (g *draughtsGame) asWritten(st *lineState, m *notation.Move) (Move, bool) {
	mt, err := pdn.ParseMove(m.Text)
	if err != nil || mt.Short || len(mt.Squares) < 2 {
		return Move{}, false
	}
	sq := make([]int, len(mt.Squares))
	for i, s := range mt.Squares {
		n, ok := g.num.square(s.Num, s.Alpha)
		if !ok {
			return Move{}, false
		}
		sq[i] = n
	}
	p := &st.pos
	from, to := sq[0], sq[len(sq)-1]
	pc := p.At(from)
	if pc == Empty || pc.Color() != p.Turn() || (p.At(to) != Empty && to != from) {
		return Move{}, false
	}
	mv := Move{From: from, To: to, Path: sq[1:]}
	taken := map[int]bool{}
	for i := 1; i < len(sq); i++ {
		for _, s := range g.between(sq[i-1], sq[i]) {
			if q := p.At(s); q != Empty && q.Color() != pc.Color() && !taken[s] {
				taken[s] = true
				mv.Captured = append(mv.Captured, s)
			}
		}
	}
	mv.Promotes = pc.IsMan() && g.r.far[p.Turn()&1].has(g.r.sqIdx[to])
	return mv, true
}

// between lists the playing squares strictly between a and b when they
// stand on one line (a diagonal, a rank or a file), none otherwise.
func (g *draughtsGame) between(a, b int) []int {
	ar, ac := g.r.RowCol(a)
	br, bc := g.r.RowCol(b)
	if a == b || br != ar && bc != ac && abs(br-ar) != abs(bc-ac) {
		return nil
	}
	dr, dc := sign(br-ar), sign(bc-ac)
	var out []int
	for r, c := ar+dr, ac+dc; r != br || c != bc; r, c = r+dr, c+dc {
		if s, ok := g.r.SquareAt(c, r); ok {
			out = append(out, s)
		}
	}
	return out
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// playedAsWritten says in the finding about m that the move was played as
// written.
func (g *draughtsGame) playedAsWritten(m *notation.Move) {
	for i := len(g.rep.Diagnostics) - 1; i >= 0; i-- {
		d := &g.rep.Diagnostics[i]
		if d.Pos == m.Pos && d.Move == m.Text {
			if !strings.HasSuffix(d.Msg, asPlayedNote) {
				d.Msg += asPlayedNote
			}
			return
		}
	}
}

const asPlayedNote = "; played as written (--as-played), and the replay goes on"
