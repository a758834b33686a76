package referee

import (
	"arbiter/notation"
	"arbiter/variants"
)

// Explorer is a family that walks a record's main line move by move (an
// optional part of Family, asked with a type assertion), for a front-end
// that shows a person where the game stands at a move: the language
// server's completion of legal moves and its hover. Check says what is
// wrong with a record; exploring says what could be written next.
type Explorer interface {
	// Explore replays the first plies moves of rec's main line under v, as
	// a check with Options.Rewrite left them (each move in the form the
	// family writes it), and returns the stops: the position before each
	// move replayed, and the one after the last. It stops early at a move
	// it cannot replay (so a record with an error in its first plies has
	// fewer stops than plies+1) and returns nil when the record's start
	// cannot be read.
	Explore(rec *notation.Record, v *variants.Variant, plies int) []Stop
}

// Stop is one position of a main line explored.
type Stop struct {
	// FEN is the position in the family's own FEN form.
	FEN string
	// Legal lists the legal moves, as records write them (the form a
	// conversion writes), in a fixed order.
	Legal []string
	// Counters are the draw rules' counts in this position, for a person
	// ("king moves: 7 of 25 by each side"); none before a rule starts
	// counting.
	Counters []string
	// Over says why the game is over here ("" while it goes on).
	Over string
}
