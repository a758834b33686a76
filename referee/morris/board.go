// Package morris is the rules engine of the mill games (nine men's morris
// and its family): the 24-point board, mills, the placing, moving and
// flying phases, removals, legal move generation and the end of a game.
// Every rule is a field of Rules; nothing depends on a variant's name.
package morris

import "strings"

// Points are numbered 0-23 in PlayOK's order (its numbers 1-24 minus one):
// row by row from the top, left to right.
//
//	a7(0)----------d7(1)----------g7(2)
//	|              |              |
//	|    b6(3)-----d6(4)-----f6(5)|
//	|    |         |         |    |
//	|    |   c5(6)-d5(7)-e5(8)    |
//	|    |   |           |   |    |
//	a4(9)-b4(10)-c4(11)  e4(12)-f4(13)-g4(14)
//	|    |   |           |   |    |
//	|    |   c3(15)-d3(16)-e3(17) |
//	|    |         |         |    |
//	|    b2(18)----d2(19)----f2(20)
//	|              |              |
//	a1(21)---------d1(22)---------g1(23)
const NumPoints = 24

// names are the coordinates of the points, a1 bottom-left.
var names = [NumPoints]string{
	"a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5",
	"a4", "b4", "c4", "e4", "f4", "g4",
	"c3", "d3", "e3", "b2", "d2", "f2", "a1", "d1", "g1",
}

// Name returns a point's coordinate (a1..g7).
func Name(p int) string { return names[p] }

// Number returns a point's PlayOK number (1-24).
func Number(p int) int { return p + 1 }

// ParsePoint reads a coordinate ("d6") and returns the point, or -1.
func ParsePoint(s string) int {
	s = strings.ToLower(s)
	for i, n := range names {
		if n == s {
			return i
		}
	}
	return -1
}

// Coord returns a point's file (0-6, a-g) and rank (0-6, 1-7).
func Coord(p int) (file, rank int) { return int(names[p][0] - 'a'), int(names[p][1] - '1') }

// lines are the straight lines of three points: each is a possible mill
// and joins its neighbours.
var lines = [][3]string{
	{"a7", "d7", "g7"}, {"b6", "d6", "f6"}, {"c5", "d5", "e5"}, {"a4", "b4", "c4"},
	{"e4", "f4", "g4"}, {"c3", "d3", "e3"}, {"b2", "d2", "f2"}, {"a1", "d1", "g1"},
	{"a1", "a4", "a7"}, {"b2", "b4", "b6"}, {"c3", "c4", "c5"}, {"d1", "d2", "d3"},
	{"d5", "d6", "d7"}, {"e3", "e4", "e5"}, {"f2", "f4", "f6"}, {"g1", "g4", "g7"},
}

// diagonalLines join the corners of the rings (twelve men's morris).
var diagonalLines = [][3]string{
	{"a1", "b2", "c3"}, {"g1", "f2", "e3"}, {"a7", "b6", "c5"}, {"g7", "f6", "e5"},
}

// all is the mask of every point.
const all = 1<<NumPoints - 1

func bit(p int) uint32 { return 1 << uint(p) }
