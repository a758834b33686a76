package referee

import (
	"fmt"
	"io"

	"arbiter/variants"
)

// Simulate plays one game of a variant with random legal choices drawn from
// seed and writes its record in the game's notation: the same seed gives
// the same record. Games with dice roll them from the same source.
func Simulate(w io.Writer, v *variants.Variant, players int, seed int64) error {
	if s, ok := FamilyNamed(v.Family).(Simulator); ok {
		return s.Simulate(w, v, players, seed)
	}
	return fmt.Errorf("arbiter cannot simulate %s games", v.Game)
}
