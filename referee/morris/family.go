package morris

import (
	"io"
	"strings"

	"arbiter/notation"
	morrisnot "arbiter/notation/morris"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

// family is nine men's morris and its relatives, as the referee core sees
// them.
type family struct{}

func init() { referee.Register(family{}) }

func (family) Name() string { return "morris" }

// morrisGameType is PlayOK's GameType for mill games.
const morrisGameType = "70"

// Recognise: morris records rarely carry a [Game "morris"] tag. A record
// without one is read as morris when:
//   - its Variant tag names a builtin morris variant, compared without case,
//     spaces, apostrophes, hyphens or underscores ("Nine Men's Morris" is
//     nine-mens-morris);
//   - its GameType tag is 70 (PlayOK's morris type, "70,0"); or
//   - it has a Variant tag that names no builtin variant of another game
//     (Sanmill writes [Variant "Custom"]) and its first move is a lone
//     point (d6, or 5), which is never a draughts move.
//
// The variant is then the named one, or the default (nine-mens-morris)
// with a warning when the name is unknown.
func (family) Recognise(h referee.Header) bool {
	if referee.VariantNamed("morris", h.Variant) != nil {
		return true
	}
	num, _, _ := strings.Cut(strings.TrimSpace(h.GameType), ",")
	if strings.TrimSpace(num) == morrisGameType {
		return true
	}
	if strings.TrimSpace(h.GameType) == "" && strings.TrimSpace(h.Variant) != "" && referee.VariantNamed("", h.Variant) == nil {
		if m, err := morrisnot.ParseMove(h.FirstMove); err == nil && m.From < 0 && m.To >= 0 && len(m.Removes) == 0 {
			return true
		}
	}
	return false
}

func (family) Parse(g pdn.GameText, file string) *notation.Record { return morrisnot.Parse(g, file) }

// Write: in the notation asked for, else in the record's own (PlayOK's
// numbers stay numbers: convert's --notation is "as the record does"
// unless given, in place or not).
func (family) Write(w io.Writer, rec *notation.Record, nota string) error {
	numeric := nota == "numeric" || (nota == "" && recordIsNumeric(rec))
	return morrisnot.Write(w, rec, numeric)
}

// Variant: the Variant tag as people write it, else nine men's morris.
func (family) Variant(rec *notation.Record, game string, rep *referee.Report) (*variants.Variant, error) {
	if game == "" {
		game = "morris" // recognised without a Game tag
	}
	return referee.VariantByTag(rec, game, rep)
}

func (family) Check(rec *notation.Record, v *variants.Variant, opts referee.Options, rep *referee.Report) {
	check(rec, v, opts, rep)
}
