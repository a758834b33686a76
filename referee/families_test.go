package referee_test

// The tests of the core that replay real records link every game family,
// as cmd/arbiter does; the core itself imports none.
import (
	_ "arbiter/referee/draughts"
	_ "arbiter/referee/halma"
	_ "arbiter/referee/morris"
	_ "arbiter/referee/race"
)
