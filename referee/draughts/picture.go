package draughts

import (
	"fmt"

	"arbiter/notation"

	"arbiter/referee"
	"arbiter/referee/picture"
	"arbiter/variants"
)

// Scene draws a variant's board with its squares named in the variant's
// own notation, reading FENs and moves in that notation.
func (family) Scene(v *variants.Variant, _ string) (*referee.Scene, error) {
	c, err := compileDraughts(v)
	if err != nil {
		return nil, err
	}
	return c.scene(c.num), nil
}

// diagram is the board with the squares named as a numbering writes them,
// built once per numbering so every game of a report shares it.
func (c *compiled) diagram(num *numbering) *picture.Board {
	c.numMu.Lock()
	defer c.numMu.Unlock()
	if b, ok := c.diagrams[num]; ok {
		return b
	}
	if c.diagrams == nil {
		c.diagrams = map[*numbering]*picture.Board{}
	}
	b := c.rules.Diagram(num.name, num.notation.alpha)
	c.diagrams[num] = b
	return b
}

func (c *compiled) scene(num *numbering) *referee.Scene {
	r := c.rules
	b := c.diagram(num)
	read := func(fen string) (Position, error) {
		if fen == "" {
			return c.start, nil
		}
		return r.ParseFEN(num.fen(fen))
	}
	s := &referee.Scene{Board: b}
	s.Position = func(fen string) (picture.Position, error) {
		p, err := read(fen)
		if err != nil {
			return picture.Position{}, err
		}
		return r.Picture(p), nil
	}
	s.Play = func(fen, move string) (picture.Position, picture.Marks, error) {
		p, err := read(fen)
		if err != nil {
			return picture.Position{}, picture.Marks{}, err
		}
		var found []Move
		for _, m := range r.LegalPaths(&p, nil) {
			if move == num.move(m, false) || move == num.move(m, true) {
				found = append(found, m)
			}
		}
		if len(found) != 1 {
			return picture.Position{}, picture.Marks{}, fmt.Errorf("%q is not one legal move in this position (%d match)", move, len(found))
		}
		path, captured := MovePath(found[0])
		return r.Picture(r.Play(p, found[0])), picture.Marks{Path: path, Captured: captured}, nil
	}
	s.Cells = func(move string) ([]int, []int) { return referee.NamedCells(b, move, "-x:"), nil }
	return s
}

// marks are a move's marks for the film (nil when there is no film).
func (g *draughtsGame) marks(mv Move) *picture.Marks {
	if g.film == nil {
		return nil
	}
	path, captured := MovePath(mv)
	return &picture.Marks{Path: path, Captured: captured}
}

// frame adds a main-line move, once played, to the game's film (marks
// nil: a variation's move, or no film).
func (g *draughtsGame) frame(m *notation.Move, marks *picture.Marks, after Position) {
	if g.film == nil || marks == nil {
		return
	}
	g.film.Add(m.Text, m.Pos, g.r.Picture(after), *marks)
}
