package main

// The game families arbiter ships: each registers its rules sections and
// its referee with the core when linked in.
import (
	_ "arbiter/referee/draughts"
	_ "arbiter/referee/halma"
	_ "arbiter/referee/morris"
	_ "arbiter/referee/race"
)
