package race

import (
	"io"

	"arbiter/notation"
	racenot "arbiter/notation/race"
	"arbiter/referee"
	"arbiter/variants"
)

// family is the dice race games (the Ludo family, the Game of the Goose,
// the horse race) as the referee core sees them. Their records always name
// their game in the Game tag ("ludo", "goose", "horse-race"), the game of
// a race: variant, and are read by notation/race whatever the game.
type family struct{ referee.TaggedFamily }

func init() {
	referee.Register(family{referee.TaggedFamily{Key: "race", ParseFn: racenot.Parse}})
}

func (family) Check(rec *notation.Record, v *variants.Variant, opts referee.Options, rep *referee.Report) {
	check(rec, v, opts, rep)
}

// Write writes a record in the race notation, its rounds numbered as the
// record numbers them (PDN's writer would number its throws in pairs).
func (family) Write(w io.Writer, rec *notation.Record, _ string) error {
	return racenot.Write(w, rec)
}

func (family) Simulate(w io.Writer, v *variants.Variant, players int, seed int64) error {
	return simulate(w, v, players, seed)
}
