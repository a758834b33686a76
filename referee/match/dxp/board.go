package dxp

import (
	"fmt"

	"arbiter/referee/draughts"
)

// letters: a GAMEREQ position is the colour to move ('W' or 'Z') and one
// character per square 1-50 ('e', 'w', 'z', 'W', 'Z').
var letters = draughts.Letters{Pieces: "ewzWZ", Turn: "WZ"}

// FormatPosition writes a position the way a GAMEREQ carries it.
func FormatPosition(p draughts.Position) string { return letters.Format(p) }

// ParsePosition reads a GAMEREQ position ("" is the standard start) on
// rules with 50 squares.
func ParsePosition(r *draughts.Rules, s string) (draughts.Position, error) {
	if s == "" {
		return r.Initial(), nil
	}
	if r.NumSquares() != 50 {
		return draughts.Position{}, fmt.Errorf("%w: position %q on a board of %d squares", ErrMalformed, s, r.NumSquares())
	}
	p, err := letters.Parse(r, s)
	if err != nil {
		return draughts.Position{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return p, nil
}
