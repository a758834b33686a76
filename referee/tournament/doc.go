// Package tournament runs engine tournaments on top of package match: a
// round robin, a gauntlet (the first engine against each of the others)
// or a knockout between N engines, each pairing played over the openings
// with colours swapped, several games at once. Every finished game is
// appended to a PDN file whose tags say which tournament and which game
// of its schedule it is, so that a stopped tournament continues from the
// file: the games in it are not played again and count in the standings.
// A two-engine test may stop early on a sequential probability ratio test
// (SPRT) over pairs of games.
package tournament
