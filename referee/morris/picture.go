package morris

import (
	"fmt"
	"strconv"
	"strings"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/referee/picture"
	"arbiter/variants"
)

// diagramKey: the mill board of some rules, its points named by
// coordinates or by PlayOK's numbers.
type diagramKey struct {
	r       *Rules
	numeric bool
}

var diagrams referee.Memo[diagramKey, *picture.Board]

// diagram is the board of r with points named by coordinates or by
// PlayOK's numbers, built once so every game of a report shares it.
func diagram(r *Rules, numeric bool) *picture.Board {
	b, _ := diagrams.Get(diagramKey{r, numeric}, func() (*picture.Board, error) { return r.Diagram(numeric), nil })
	return b
}

// Scene draws the mill board; moves are read in coordinates or PlayOK's
// numbers.
func (family) Scene(v *variants.Variant, _ string) (*referee.Scene, error) {
	r, err := RulesOf(v)
	if err != nil {
		return nil, err
	}
	b := diagram(r, false)
	read := func(fen string) (Position, error) {
		if fen == "" {
			return r.Start(), nil
		}
		return ParseFEN(fen)
	}
	s := &referee.Scene{Board: b}
	s.Position = func(fen string) (picture.Position, error) {
		p, err := read(fen)
		if err != nil {
			return picture.Position{}, err
		}
		return Picture(p), nil
	}
	s.Play = func(fen, move string) (picture.Position, picture.Marks, error) {
		p, err := read(fen)
		if err != nil {
			return picture.Position{}, picture.Marks{}, err
		}
		var found []Move
		for _, m := range r.Legal(&p, nil) {
			if strings.EqualFold(move, m.Format(Coordinates)) || move == m.Format(Numeric) {
				found = append(found, m)
			}
		}
		if len(found) != 1 {
			return picture.Position{}, picture.Marks{}, fmt.Errorf("%q is not one legal move in this position (%d match)", move, len(found))
		}
		path, removed := MovePath(found[0])
		return Picture(r.Play(p, found[0])), picture.Marks{Path: path, Captured: removed}, nil
	}
	s.Cells = func(move string) ([]int, []int) { return moveCells(move) }
	return s, nil
}

// moveCells reads the points of a move's text, coordinates or numbers:
// before the first x the path, after it the removals.
func moveCells(move string) (path, removed []int) {
	point := func(s string) int {
		if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= NumPoints {
			return n - 1
		}
		return ParsePoint(s)
	}
	head, tail, _ := strings.Cut(strings.ToLower(move), "x")
	for _, f := range strings.Split(head, "-") {
		if p := point(strings.TrimSpace(f)); p >= 0 {
			path = append(path, p)
		}
	}
	for _, f := range strings.Split(tail, "x") {
		if p := point(strings.TrimSpace(f)); p >= 0 {
			removed = append(removed, p)
		}
	}
	return path, removed
}

// frame adds a played ply to the game's film (m nil for a blocked
// player's pass).
func (g *morrisGame) frame(m *notation.Move, mv Move) {
	if g.film == nil {
		return
	}
	path, removed := MovePath(mv)
	marks := picture.Marks{Path: path, Captured: removed}
	if m == nil {
		g.film.Add("pass", notation.Pos{}, Picture(g.pos), marks)
		return
	}
	g.film.AddFrame(referee.MoveFrame(m, Picture(g.pos), marks))
}
