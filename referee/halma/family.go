package halma

import (
	"io"

	"arbiter/notation"
	halmanot "arbiter/notation/halma"
	"arbiter/referee"
	"arbiter/variants"
)

// family is Halma and the two games of Twee in een, as the referee core
// sees them. Their records name their game in the Game tag ("halma",
// "twee-in-een"), the game of a halma: variant.
type family struct{ referee.TaggedFamily }

func init() {
	referee.Register(family{referee.TaggedFamily{Key: "halma", ParseFn: halmanot.Parse}})
}

func (family) Check(rec *notation.Record, v *variants.Variant, opts referee.Options, rep *referee.Report) {
	check(rec, v, opts, rep)
}

// Write writes a record in the Halma notation, its moves numbered as the
// record numbers them (PDN's writer would number them in pairs, whatever
// the number of players).
func (family) Write(w io.Writer, rec *notation.Record, _ string) error {
	return halmanot.Write(w, rec, 0)
}

func (family) Simulate(w io.Writer, v *variants.Variant, players int, seed int64) error {
	return simulate(w, v, players, seed)
}
