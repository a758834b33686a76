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
// frame per ply the referee accepted; and the plies of the variations it
// replayed, each after the frame it follows.
type Film struct {
	Board  *picture.Board
	Start  picture.Position
	Frames []Frame
	// Vars are the variations' plies, in the order they were replayed.
	Vars []VarFrame
	// Cells reads the squares a move's text names on Board (as
	// Scene.Cells), for the move the referee stopped at.
	Cells func(move string) (path, captured []int)
}

// Frame is one ply: its text as written (and the move number written
// before it), where it is, the position after it, what it moved and took,
// the comments written after it, and Note: what the draw rules count
// after it, where one counts (an endgame's moves, kings' moves, a
// position's repetitions; a draw become claimable or forced).
type Frame struct {
	Move     string // as written, with its mark of strength (!, ?!)
	Number   int
	Ellipsis bool
	Pos      notation.Pos
	After    picture.Position
	Marks    picture.Marks
	Comments []string
	Note     string
}

// VarFrame is a ply of a variation: the frame it follows (Parent, a
// Cursor) and whether it starts a variation (Alt: an alternative to the
// ply that follows Parent in its own line) or goes on with one.
type VarFrame struct {
	Frame
	Parent Cursor
	Alt    bool
}

// Cursor names a frame of a film: 0 the start, n > 0 the main line's frame
// n-1, n < 0 the variations' frame -n-1.
type Cursor int

// Main is the cursor of the main line's last frame (the start while it has
// none).
func (f *Film) Main() Cursor {
	if f == nil {
		return 0
	}
	return Cursor(len(f.Frames))
}

// Add appends a main-line ply (no-op on a nil film, so families call it
// unconditionally; they build its picture only when f is not nil).
func (f *Film) Add(move string, pos notation.Pos, after picture.Position, marks picture.Marks) {
	if f == nil {
		return
	}
	f.Frames = append(f.Frames, Frame{Move: move, Pos: pos, After: after, Marks: marks})
}

// MoveFrame is the frame of a written move: its text, number, place and
// comments.
func MoveFrame(m *notation.Move, after picture.Position, marks picture.Marks) Frame {
	fr := Frame{Move: m.Text + m.Strength, Number: m.Number, Ellipsis: m.Ellipsis, Pos: m.Pos, After: after, Marks: marks}
	for _, c := range m.Comments {
		if t := strings.TrimSpace(c.Text); t != "" {
			fr.Comments = append(fr.Comments, t)
		}
	}
	return fr
}

// AddFrame appends a main-line frame.
func (f *Film) AddFrame(fr Frame) {
	if f != nil {
		f.Frames = append(f.Frames, fr)
	}
}

// AddVar adds a variation's frame after parent (alt: the first of its
// variation) and returns its cursor, for the next.
func (f *Film) AddVar(parent Cursor, alt bool, fr Frame) Cursor {
	if f == nil {
		return 0
	}
	f.Vars = append(f.Vars, VarFrame{Frame: fr, Parent: parent, Alt: alt})
	return Cursor(-len(f.Vars))
}

// At is the position after a cursor's frame (ok false for no frame).
func (f *Film) At(c Cursor) (picture.Position, bool) {
	switch {
	case c == 0:
		return f.Start, true
	case c > 0 && int(c) <= len(f.Frames):
		return f.Frames[c-1].After, true
	case c < 0 && int(-c) <= len(f.Vars):
		return f.Vars[-c-1].After, true
	}
	return picture.Position{}, false
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
