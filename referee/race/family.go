package race

import (
	"io"

	"arbiter/notation"
	"arbiter/notation/pdn"
	racenot "arbiter/notation/race"
	"arbiter/referee"
	"arbiter/variants"
)

// family is the dice race games (the Ludo family, the Game of the Goose,
// the horse race) as the referee core sees them. Their records always name
// their game in the Game tag ("ludo", "goose", "horse-race"), the game of
// a race: variant, and are read by notation/race whatever the game.
type family struct{}

func init() { referee.Register(family{}) }

func (family) Name() string { return "race" }

// Recognise: race records are known by their Game tag alone.
func (family) Recognise(referee.Header) bool { return false }

func (family) Parse(g pdn.GameText, file string) *notation.Record { return racenot.Parse(g, file) }

func (family) Write(w io.Writer, rec *notation.Record, _ string) error { return pdn.Write(w, rec) }

func (family) Variant(rec *notation.Record, game string, rep *referee.Report) (*variants.Variant, error) {
	return referee.VariantByTag(rec, game, rep)
}

func (family) Check(rec *notation.Record, v *variants.Variant, opts referee.Options, rep *referee.Report) {
	check(rec, v, opts, rep)
}

func (family) Simulate(w io.Writer, v *variants.Variant, players int, seed int64) error {
	return simulate(w, v, players, seed)
}
