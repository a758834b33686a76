package halma

import (
	"fmt"
	"strings"
)

// ParseFEN reads what FEN writes: the ranks from the top separated by "/",
// a run of empty squares as its length, a piece as its seat's letter (A for
// seat 1), then the seat to move.
func (r *Rules) ParseFEN(s string) (Position, error) {
	p := Position{Board: make([]int8, r.Size*r.Size)}
	f := strings.Fields(s)
	if len(f) != 2 {
		return p, fmt.Errorf("a Halma position has 2 fields (the ranks, the seat to move), not %d", len(f))
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != r.Size {
		return p, fmt.Errorf("%d ranks, want %d", len(ranks), r.Size)
	}
	for i, rank := range ranks {
		k := r.Size - 1 - i
		file := 0
		for j := 0; j < len(rank); j++ {
			c := rank[j]
			switch {
			case c >= '0' && c <= '9':
				n := 0
				for ; j < len(rank) && rank[j] >= '0' && rank[j] <= '9'; j++ {
					n = n*10 + int(rank[j]-'0')
					if n > r.Size {
						break
					}
				}
				j--
				if n == 0 {
					return p, fmt.Errorf("rank %d: a run of 0 empty squares", k+1)
				}
				file += n
			case c >= 'A' && int(c-'A') < len(r.Players):
				if file >= r.Size {
					return p, fmt.Errorf("rank %d has more than %d squares", k+1, r.Size)
				}
				p.Board[file+k*r.Size] = int8(c-'A') + 1
				file++
			default:
				return p, fmt.Errorf("rank %d: %q is not a seat (A-%c) or a count of empty squares", k+1, c, 'A'+len(r.Players)-1)
			}
			if file > r.Size {
				return p, fmt.Errorf("rank %d has more than %d squares", k+1, r.Size)
			}
		}
		if file != r.Size {
			return p, fmt.Errorf("rank %d has %d squares, want %d", k+1, file, r.Size)
		}
	}
	if len(f[1]) != 1 || f[1][0] < 'A' || int(f[1][0]-'A') >= len(r.Players) {
		return p, fmt.Errorf("seat to move %q: A-%c", f[1], 'A'+len(r.Players)-1)
	}
	p.Turn = int(f[1][0] - 'A')
	return p, nil
}
