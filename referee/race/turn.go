package race

import (
	"fmt"
	"slices"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/variants"
)

// NoExtraThrow says why a throw of d gave its player no other throw
// ("a 5 gives no extra throw: only a 6 does"); extra is how many extra
// throws in a row the player had already used. "" when it gives one.
// A record that writes the same player again after such a throw most
// often has a throw misread or left out: the message says which rule
// passed the turn on.
func NoExtraThrow(r *Section, d, extra int) string {
	switch {
	case len(r.ExtraRollOn) == 0:
		return fmt.Sprintf("a %d gives no extra throw: no throw does in this game", d)
	case !slices.Contains(r.ExtraRollOn, d):
		return fmt.Sprintf("a %d gives no extra throw: only %s does", d, rollList(r.ExtraRollOn))
	case r.MaxExtraRolls > 0 && extra >= r.MaxExtraRolls:
		return fmt.Sprintf("%s gives an extra throw at most %d times in a row", rollList([]int{d}), r.MaxExtraRolls)
	}
	return ""
}

// lastThrow is the throw played before the one being checked, so that a
// throw written for the wrong player can say why the turn passed on.
type lastThrow struct {
	player int // who threw it (colour index in the Ludo family); -1: none yet
	d      int // its pips
	extra  int // the extra throws in a row its player had used before it
}

// passedOn says why player p, who threw last, does not throw again ("her
// 5 gives no extra throw: only a 6 does"); "" when p did not throw last.
func (l lastThrow) passedOn(sec *Section, p int) string {
	if l.player < 0 || l.player != p {
		return ""
	}
	return NoExtraThrow(sec, l.d, l.extra)
}

// replay is what every race-game checker keeps while it replays a record:
// the variant, the record, the report, the round being read and the throw
// played last.
type replay struct {
	v     *variants.Variant
	rec   *notation.Record
	rep   *referee.Report
	round int
	last  lastThrow
	// noFixes: no repair search at a throw that cannot stand
	// (Options.NoFixes).
	noFixes bool
}

// newRules builds a checker's rules from the variant with build and reports
// a variant it cannot build; ok is false then.
func newRules[R any](rec *notation.Record, v *variants.Variant, rep *referee.Report, build func(*variants.Variant) (R, error)) (r R, rp replay, ok bool) {
	r, err := build(v)
	if err != nil {
		rep.ErrorAt(rec.Pos, "variant", err.Error())
		return r, rp, false
	}
	return r, replay{v: v, rec: rec, rep: rep, last: lastThrow{player: -1}}, true
}

// notAThrow says why dice are not a throw of the game's dice ("is not a
// throw of 2 6-sided dice"); "" when they are.
func notAThrow(sec *Section, dice []int) string {
	if len(dice) != sec.Dice || slices.ContainsFunc(dice, func(d int) bool { return d < 1 || d > sec.Faces }) {
		return fmt.Sprintf("is not a throw of %d %d-sided dice", sec.Dice, sec.Faces)
	}
	return ""
}
