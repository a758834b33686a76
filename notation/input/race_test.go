//go:build race

package input

// raceEnabled: the race detector drops pooled objects at random, so
// allocation counts are not exact under it.
const raceEnabled = true
