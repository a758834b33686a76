package report

// The game families arbiter ships, linked so that the tests read every
// family's records.
import (
	_ "arbiter/referee/draughts"
	_ "arbiter/referee/halma"
	_ "arbiter/referee/morris"
	_ "arbiter/referee/race"
)

// td is the project's testdata.
const td = "../../testdata/"
