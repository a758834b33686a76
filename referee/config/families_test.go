package config

// The families whose variants the configs name.
import (
	_ "arbiter/referee/draughts"
)
