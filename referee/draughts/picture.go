package draughts

import (
	"fmt"
	"strings"

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

// frame adds a move, once played, to the game's film (marks nil: no
// film): a main-line frame, or a variation's after the frame of the
// position it was played in (first: the variation's first move). claims
// and over are the line's draw claims and end before the move.
func (g *draughtsGame) frame(st *lineState, m *notation.Move, marks *picture.Marks, claims int, over string, variation, first bool) {
	if g.film == nil || marks == nil {
		return
	}
	fr := referee.MoveFrame(m, g.r.Picture(st.pos), *marks)
	fr.Note = g.drawNote(st, claims, over)
	if !variation {
		g.film.AddFrame(fr)
		st.film = g.film.Main()
		return
	}
	st.film = g.film.AddVar(st.film, first, fr)
}

// drawNote says what the draw rules count after a move, where one
// counts: the kings' moves, an endgame's moves, a position's repetitions,
// and a draw that became claimable or forced with it.
func (g *draughtsGame) drawNote(st *lineState, claims int, over string) string {
	var parts []string
	draw := SectionOf(g.c.variant).Draw
	if r := draw.Repetition; r != nil && st.seen != nil {
		if n := st.seen.count(&st.pos); n >= 2 && n < r.Count {
			parts = append(parts, fmt.Sprintf("this position for the %s time (the %s %s)", referee.Ordinal(n), referee.Ordinal(r.Count), effectWord(r.Effect)))
		}
	}
	if r := draw.KingMoves; r != nil && st.kingOnly > 0 && st.kingOnly < 2*r.Count {
		parts = append(parts, fmt.Sprintf("kings only, no capture: %d of %d plies", st.kingOnly, 2*r.Count))
	}
	if st.endgame > 0 {
		i := st.endgame - 1
		if e := &g.c.endgames.rules[i]; e.Moves > 0 {
			if played := st.plies - int(st.endSince[i]); played < 2*e.Moves {
				parts = append(parts, fmt.Sprintf("%s: %d of %d plies", e.Name, played, 2*e.Moves))
			}
		}
	}
	if claims < len(st.claims) {
		parts = append(parts, st.claims[claims:]...)
	}
	if over == "" && st.over != "" {
		parts = append(parts, "game over: "+st.over)
	}
	return strings.Join(parts, "; ")
}

func effectWord(effect string) string {
	if effect == variants.EffectForced {
		return "draws"
	}
	return "may be claimed a draw"
}
