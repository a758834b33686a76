package halma

import (
	"io"

	"arbiter/notation"
	halmanot "arbiter/notation/halma"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

// family is Halma and the two games of Twee in een, as the referee core
// sees them. Their records name their game in the Game tag ("halma",
// "twee-in-een"), the game of a halma: variant.
type family struct{}

func init() { referee.Register(family{}) }

func (family) Name() string { return "halma" }

// Recognise: Halma records are known by their Game tag alone.
func (family) Recognise(referee.Header) bool { return false }

func (family) Parse(g pdn.GameText, file string) *notation.Record { return halmanot.Parse(g, file) }

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
