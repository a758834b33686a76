package referee

import (
	"fmt"
	"strings"

	"arbiter/notation"
	"arbiter/referee/picture"
	"arbiter/variants"
)

// Drawer is a family that draws its games (an optional part of Family):
// its boards, positions written in its own FEN form, and, when a check
// asks for it (Options.Film), the main line as pictures.
type Drawer interface {
	Scene(v *variants.Variant, fen string) (*Scene, error)
}

// Scene is a variant's board for pictures and how to read its positions
// and moves as its records write them.
type Scene struct {
	Board *picture.Board
	// Position reads a FEN in the game's own form ("" is the start, where
	// the game has one without players' names).
	Position func(fen string) (picture.Position, error)
	// Play plays a move written as records write it on a FEN's position:
	// the position after it and the move's marks. It takes only a move
	// that is exactly one legal move's text (it is for drawing, not
	// judging); a game whose moves need a throw has none.
	Play func(fen, move string) (picture.Position, picture.Marks, error)
	// Cells reads the squares a move's text names, as far as it can (for
	// moves the referee rejected): its path and what it takes.
	Cells func(move string) (path, captured []int)
}

// Film is a game's main line as pictures: the board, the start, and one
// frame per ply the referee accepted.
type Film struct {
	Board  *picture.Board
	Start  picture.Position
	Frames []Frame
	// Cells reads the squares a move's text names on Board (as
	// Scene.Cells), for the move the referee stopped at.
	Cells func(move string) (path, captured []int)
}

// Frame is one ply: its text as written, where it is, the position after
// it, and what it moved and took.
type Frame struct {
	Move  string
	Pos   notation.Pos
	After picture.Position
	Marks picture.Marks
}

// Add appends a ply (no-op on a nil film, so families call it
// unconditionally; they build its picture only when f is not nil).
func (f *Film) Add(move string, pos notation.Pos, after picture.Position, marks picture.Marks) {
	if f == nil {
		return
	}
	f.Frames = append(f.Frames, Frame{Move: move, Pos: pos, After: after, Marks: marks})
}

// SceneOf returns the scene of a variant from the family that owns it.
func SceneOf(v *variants.Variant, fen string) (*Scene, error) {
	f := FamilyNamed(v.Family)
	d, ok := f.(Drawer)
	if !ok {
		return nil, fmt.Errorf("arbiter cannot draw %s games", v.Game)
	}
	return d.Scene(v, fen)
}

// NamedCells reads the square names in a move's text, split at the
// separators given, by the names the board gives its cells (case aside);
// a name it does not know ends the reading.
func NamedCells(b *picture.Board, text, seps string) []int {
	var out []int
	split := func(r rune) bool {
		for _, s := range seps {
			if r == s {
				return true
			}
		}
		return r == ' '
	}
	for _, f := range strings.FieldsFunc(text, split) {
		c := -1
		for i, cell := range b.Cells {
			if cell.Name != "" && strings.EqualFold(cell.Name, f) {
				c = i
				break
			}
		}
		if c < 0 {
			return out
		}
		out = append(out, c)
	}
	return out
}
