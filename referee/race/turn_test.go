package race

import (
	"testing"

	"arbiter/variants"
)

// TestNoExtraThrow: "Wie 3 ogen werpt, mag nogmaals gooien en zetten"
// (Wedrenspel), "Celui qui jette 6 ... jeter encore une fois le dé" (Ne
// t'en fais pas): only those throws give another.
func TestNoExtraThrow(t *testing.T) {
	for _, c := range []struct {
		variant  string
		d, extra int
		want     string
	}{
		{"wedrenspel-315", 5, 0, "a 5 gives no extra throw: only a 3 does"},
		{"wedrenspel-315", 3, 0, ""},
		{"ne-t-en-fais-pas", 5, 0, "a 5 gives no extra throw: only a 6 does"},
		{"ne-t-en-fais-pas", 6, 2, ""},
		{"ganzenbord-315", 7, 0, "a 7 gives no extra throw: no throw does in this game"},
	} {
		v, err := variants.Lookup(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		if got := NoExtraThrow(SectionOf(v), c.d, c.extra); got != c.want {
			t.Errorf("%s, a %d: %q, want %q", c.variant, c.d, got, c.want)
		}
	}
	capped := &Section{ExtraRollOn: []int{6}, MaxExtraRolls: 2}
	if got := NoExtraThrow(capped, 6, 2); got != "a 6 gives an extra throw at most 2 times in a row" {
		t.Errorf("capped: %q", got)
	}
}
