//go:build !race

package pdn

const raceEnabled = false
