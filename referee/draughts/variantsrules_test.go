package draughts

import (
	"testing"

	"arbiter/variants"
)

// draughtsVariant is a builtin variant played on a draughts section, with
// its compiled rules.
type draughtsVariant struct {
	v *variants.Variant
	r *Rules
}

// builtinDraughts is every builtin variant of the draughts section with
// its rules, in the builtin order; a variant whose rules do not compile
// fails the test.
func builtinDraughts(t *testing.T) []draughtsVariant {
	t.Helper()
	all, err := variants.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var out []draughtsVariant
	for _, v := range all {
		if SectionOf(v) == nil {
			continue
		}
		r, _, err := RulesOf(v)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, draughtsVariant{v, r})
	}
	return out
}
