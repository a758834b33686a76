// Package halma is the rules engine of the Halma family (Halma for 2 and
// 4, and the two games of Twee in een): a square board, camps, steps and
// jump chains, passes, and the end of a game. Every rule is a field of
// Rules, built from a variant's YAML; nothing depends on a variant's name.
package halma

import (
	"fmt"
	"strings"
)

// A square is file + rank*Size, both from 0 (a1 is 0).
type Square = int

// Player is one seat's rules.
type Player struct {
	Colour  string
	Team    int // the team index in Rules.Teams
	Dirs    [][2]int
	Jumps   bool
	GoalAll bool // all pieces in the target (else any piece)
	Lose    bool // blocked: the player loses (else passes)
	Camp    []Square
	Target  []Square
	target  []bool
}

// Rules of one variant.
type Rules struct {
	Size           int
	Players        []Player
	Teams          [][]int // the seats of each team
	RevisitSquares bool
	LeaveTarget    bool
	OccupiedCounts bool // anti-spoiling: a full target with one own piece counts
	TeamWinAny     bool
	MaxPlies       int
}

// New builds the engine's rules from a variant's halma section.
func New(h *Section) (*Rules, error) {
	r := &Rules{Size: h.Size, RevisitSquares: h.RevisitSquares, LeaveTarget: h.LeaveTarget,
		OccupiedCounts: h.AntiSpoiling == SpoilOccupied, TeamWinAny: h.TeamWin == TeamWinAny,
		MaxPlies: h.MaxPlies}
	teamOf := map[int]int{}
	for i, hp := range h.Players {
		p := Player{Colour: hp.Colour, Jumps: hp.Jumps, GoalAll: hp.Goal != GoalAny,
			Lose: hp.Blocked == BlockedLose, target: make([]bool, h.Size*h.Size)}
		for _, d := range hp.Steps {
			dir, ok := Directions[d]
			if !ok {
				return nil, fmt.Errorf("player %d: no direction %q", i+1, d)
			}
			p.Dirs = append(p.Dirs, dir)
		}
		camp, err := hp.Camp.Cells(h.Size)
		if err != nil {
			return nil, err
		}
		target, err := hp.Target.Cells(h.Size)
		if err != nil {
			return nil, err
		}
		for _, c := range camp {
			p.Camp = append(p.Camp, c[0]+c[1]*h.Size)
		}
		for _, c := range target {
			s := c[0] + c[1]*h.Size
			p.Target = append(p.Target, s)
			p.target[s] = true
		}
		if t, ok := teamOf[hp.Team]; ok && hp.Team != 0 {
			p.Team = t
			r.Teams[t] = append(r.Teams[t], i)
		} else {
			p.Team = len(r.Teams)
			teamOf[hp.Team] = p.Team
			r.Teams = append(r.Teams, []int{i})
		}
		r.Players = append(r.Players, p)
	}
	return r, nil
}

// Position is a board (0 empty, seat+1 for a piece) and the seat to move.
type Position struct {
	Board []int8
	Turn  int
}

// Clone copies a position.
func (p Position) Clone() Position {
	return Position{Board: append([]int8(nil), p.Board...), Turn: p.Turn}
}

// Start is the start position: every camp full, seat 1 to move.
func (r *Rules) Start() Position {
	p := Position{Board: make([]int8, r.Size*r.Size)}
	for i, pl := range r.Players {
		for _, s := range pl.Camp {
			p.Board[s] = int8(i + 1)
		}
	}
	return p
}

// Move is a step (Path empty), a jump chain (Path lists every landing
// square, To last), or a pass.
type Move struct {
	Pass     bool
	From, To Square
	Path     []Square
}

// IsJump reports whether the move is a jump chain.
func (m Move) IsJump() bool { return len(m.Path) > 0 }

// Name writes a square: a1 .. p16.
func Name(size int, s Square) string {
	return fmt.Sprintf("%c%d", 'a'+s%size, s/size+1)
}

// Format writes a move in the notation: a1-b2, a1:c3:e5, pass.
func (r *Rules) Format(m Move) string {
	if m.Pass {
		return "pass"
	}
	if !m.IsJump() {
		return Name(r.Size, m.From) + "-" + Name(r.Size, m.To)
	}
	var b strings.Builder
	b.WriteString(Name(r.Size, m.From))
	for _, s := range m.Path {
		b.WriteByte(':')
		b.WriteString(Name(r.Size, s))
	}
	return b.String()
}

func (r *Rules) on(f, k int) bool { return f >= 0 && k >= 0 && f < r.Size && k < r.Size }

// Legal appends the moves of the side to move: one move per (from, to),
// a jump chain with its shortest path. No pass: a side with no move
// passes (or loses), see Over.
func (r *Rules) Legal(p *Position, out []Move) []Move {
	r.gen(p, func(m Move) bool { out = append(out, m); return true }, true)
	return out
}

// HasMove reports whether the side to move has a move (not a pass).
func (r *Rules) HasMove(p *Position) bool {
	found := false
	r.gen(p, func(Move) bool { found = true; return false }, false)
	return found
}

// gen calls yield for every move of the side to move (with its path when
// paths is set) until yield returns false.
func (r *Rules) gen(p *Position, yield func(Move) bool, paths bool) {
	me := p.Turn
	pl := &r.Players[me]
	n := r.Size
	var parent []int16
	var queue []Square
	var backing []Square
	for from := range p.Board {
		if int(p.Board[from]) != me+1 {
			continue
		}
		ff, fk := from%n, from/n
		stay := !r.LeaveTarget && pl.target[from]
		for _, d := range pl.Dirs {
			f, k := ff+d[0], fk+d[1]
			if r.on(f, k) && p.Board[f+k*n] == 0 && (!stay || pl.target[f+k*n]) {
				if !yield(Move{From: from, To: f + k*n}) {
					return
				}
			}
		}
		if !pl.Jumps {
			continue
		}
		if parent == nil {
			parent = make([]int16, n*n)
		}
		for i := range parent {
			parent[i] = -2
		}
		parent[from] = -1
		queue = append(queue[:0], from)
		for qi := 0; qi < len(queue); qi++ {
			s := queue[qi]
			sf, sk := s%n, s/n
			for _, d := range pl.Dirs {
				lf, lk := sf+2*d[0], sk+2*d[1]
				if !r.on(lf, lk) {
					continue
				}
				over, land := sf+d[0]+(sk+d[1])*n, lf+lk*n
				if p.Board[over] == 0 || over == from || parent[land] != -2 || (p.Board[land] != 0 && land != from) {
					continue
				}
				parent[land] = int16(s)
				queue = append(queue, land)
			}
		}
		for _, to := range queue[1:] {
			if stay && !pl.target[to] {
				continue
			}
			m := Move{From: from, To: to}
			if paths {
				k := 0
				for s := to; s != from; s = int(parent[s]) {
					k++
				}
				if len(backing) < k {
					backing = make([]Square, 256)
				}
				path := backing[:k:k]
				backing = backing[k:]
				for s := to; s != from; s = int(parent[s]) {
					k--
					path[k] = s
				}
				m.Path = path
			} else {
				m.Path = queue[:1] // a jump; its path is not wanted
			}
			if !yield(m) {
				return
			}
		}
	}
}

// Play returns the position after a move (a pass only hands on the turn).
func (r *Rules) Play(p Position, m Move) Position {
	q := p.Clone()
	if !m.Pass {
		q.Board[m.To] = q.Board[m.From]
		q.Board[m.From] = 0
	}
	q.Turn = (p.Turn + 1) % len(r.Players)
	return q
}

// InTarget reports whether a square is in a seat's target.
func (r *Rules) InTarget(seat int, s Square) bool { return r.Players[seat].target[s] }

// Finished reports whether a seat has reached its goal.
func (r *Rules) Finished(p *Position, seat int) bool {
	pl := &r.Players[seat]
	if !pl.GoalAll {
		for _, s := range pl.Target {
			if int(p.Board[s]) == seat+1 {
				return true
			}
		}
		return false
	}
	if r.OccupiedCounts {
		own := false
		for _, s := range pl.Target {
			switch c := int(p.Board[s]); {
			case c == 0:
				return false
			case c == seat+1:
				own = true
			}
		}
		if own {
			return true
		}
	}
	for s, c := range p.Board {
		if int(c) == seat+1 && !pl.target[s] {
			return false
		}
	}
	return true
}

// Outcome is the end of a game: the winning team's seats, and why.
type Outcome struct {
	Over    bool
	Winners []int // seats; empty when the game ended without a winner
	Why     string
}

// Over says whether the game is over in a position whose side to move can
// move or not (HasMove): a team that has finished wins; a side to move
// with no move that loses when blocked loses (every other team wins); if
// no side can move at all, the game ends without a winner.
func (r *Rules) Over(p *Position, canMove bool) Outcome {
	// The team of the player who just moved first, then the others in turn order.
	k := len(r.Players)
	for i := 1; i <= k; i++ {
		seat := (p.Turn - i + k) % k
		team := r.Teams[r.Players[seat].Team]
		done := 0
		for _, s := range team {
			if r.Finished(p, s) {
				done++
			}
		}
		if done == len(team) || (r.TeamWinAny && done > 0) {
			return Outcome{Over: true, Winners: team, Why: r.teamName(team) + " reached the goal"}
		}
	}
	if canMove {
		return Outcome{}
	}
	pl := r.Players[p.Turn]
	if pl.Lose {
		var w []int
		for s := range r.Players {
			if r.Players[s].Team != pl.Team {
				w = append(w, s)
			}
		}
		return Outcome{Over: true, Winners: w, Why: pl.Colour + " cannot move and loses"}
	}
	q := *p
	for i := 1; i < k; i++ {
		q.Turn = (p.Turn + i) % k
		if r.HasMove(&q) {
			return Outcome{}
		}
	}
	return Outcome{Over: true, Why: "no player can move"}
}

func (r *Rules) teamName(team []int) string {
	var names []string
	for _, s := range team {
		names = append(names, r.Players[s].Colour)
	}
	return strings.Join(names, " and ")
}

// Result writes an outcome as the record's result: one score per seat in
// seat order, 1 for a winner, joined by "-" ("1-0", "0-1-0-1"); "*" for a
// game not over or over without a winner.
func (r *Rules) Result(o Outcome) string {
	if !o.Over || len(o.Winners) == 0 {
		return "*"
	}
	score := make([]string, len(r.Players))
	for i := range score {
		score[i] = "0"
	}
	for _, s := range o.Winners {
		score[s] = "1"
	}
	return strings.Join(score, "-")
}

// Board draws a position, rank Size at the top; pieces are the first
// letter of their colour, empty squares "." .
func (r *Rules) Board(p *Position) string {
	var b strings.Builder
	for k := r.Size - 1; k >= 0; k-- {
		fmt.Fprintf(&b, "%3d ", k+1)
		for f := 0; f < r.Size; f++ {
			c := p.Board[f+k*r.Size]
			if c == 0 {
				b.WriteString(" .")
			} else {
				b.WriteString(" " + r.letter(int(c)-1))
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("    ")
	for f := 0; f < r.Size; f++ {
		fmt.Fprintf(&b, " %c", 'a'+f)
	}
	fmt.Fprintf(&b, "\n%s to move", r.Players[p.Turn].Colour)
	return b.String()
}

func (r *Rules) letter(seat int) string {
	c := r.Players[seat].Colour
	for i, o := range r.Players {
		if i != seat && strings.EqualFold(o.Colour[:1], c[:1]) {
			return fmt.Sprint(seat + 1)
		}
	}
	return strings.ToUpper(c[:1])
}

// FEN writes a position as text: ranks from the top separated by "/",
// a run of empty squares as its length, a piece as its seat (A, B, C,
// D), then a space and the seat to move.
func (r *Rules) FEN(p *Position) string {
	var b strings.Builder
	for k := r.Size - 1; k >= 0; k-- {
		empty := 0
		for f := 0; f < r.Size; f++ {
			c := p.Board[f+k*r.Size]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteByte('A' + byte(c-1))
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if k > 0 {
			b.WriteByte('/')
		}
	}
	fmt.Fprintf(&b, " %c", 'A'+byte(p.Turn))
	return b.String()
}

// Perft counts the leaf nodes of the move tree to a depth: a blocked side's
// pass is a move; a finished game has no moves.
func (r *Rules) Perft(p Position, depth int) int64 {
	if depth == 0 {
		return 1
	}
	legal := r.Legal(&p, nil)
	if o := r.Over(&p, len(legal) > 0); o.Over {
		return 0
	}
	if len(legal) == 0 {
		legal = []Move{{Pass: true}}
	}
	if depth == 1 {
		return int64(len(legal))
	}
	var n int64
	for _, m := range legal {
		n += r.Perft(r.Play(p, m), depth-1)
	}
	return n
}
