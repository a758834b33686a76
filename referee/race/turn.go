package race

import (
	"fmt"
	"slices"
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
