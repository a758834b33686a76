package referee

import (
	"arbiter/notation"
	"arbiter/variants"
)

// checkMorris replays a morris record.
func checkMorris(rec *notation.Record, v *variants.Variant, opts Options, rep *Report) {
	rep.add(Diagnostic{Diagnostic: notation.Diagnostic{Pos: rec.Pos, Severity: notation.Error, Code: "variant",
		Msg: "arbiter cannot referee morris games yet"}})
}
