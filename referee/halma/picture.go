package halma

import (
	"fmt"
	"strings"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/referee/picture"
	"arbiter/variants"
)

var diagrams referee.Memo[*Rules, *picture.Board]

// diagram is the board of r, built once so every game of a report shares it.
func diagram(r *Rules) *picture.Board {
	b, _ := diagrams.Get(r, func() (*picture.Board, error) { return r.Diagram(), nil })
	return b
}

// Scene draws the board with the camps; FENs are the form FEN writes,
// moves are steps (e1-f2) or jump chains (a3:c5:e5).
func (family) Scene(v *variants.Variant, _ string) (*referee.Scene, error) {
	r, err := RulesOf(v)
	if err != nil {
		return nil, err
	}
	b := diagram(r)
	read := func(fen string) (Position, error) {
		if fen == "" {
			return r.Start(), nil
		}
		return r.ParseFEN(fen)
	}
	s := &referee.Scene{Board: b}
	s.Position = func(fen string) (picture.Position, error) {
		p, err := read(fen)
		if err != nil {
			return picture.Position{}, err
		}
		return r.Picture(&p), nil
	}
	s.Play = func(fen, move string) (picture.Position, picture.Marks, error) {
		p, err := read(fen)
		if err != nil {
			return picture.Position{}, picture.Marks{}, err
		}
		for _, m := range r.Legal(&p, nil) {
			if strings.EqualFold(move, r.Format(m)) {
				after := r.Play(p, m)
				return r.Picture(&after), picture.Marks{Path: MovePath(m)}, nil
			}
		}
		return picture.Position{}, picture.Marks{}, fmt.Errorf("%q is not a legal move in this position", move)
	}
	s.Cells = func(move string) ([]int, []int) { return referee.NamedCells(b, move, "-:"), nil }
	return s, nil
}

// frame adds a played move to the game's film.
func (g *halmaGame) frame(m *notation.Move, mv Move) {
	if g.film == nil {
		return
	}
	g.film.AddFrame(referee.MoveFrame(m, g.r.Picture(&g.pos), picture.Marks{Path: MovePath(mv)}))
}
