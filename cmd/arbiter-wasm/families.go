package main

// The game families the page checks: each registers its rules sections and
// its referee with the core when linked in, as in cmd/arbiter.
import (
	_ "arbiter/referee/draughts"
	_ "arbiter/referee/halma"
	_ "arbiter/referee/morris"
	_ "arbiter/referee/race"
)
