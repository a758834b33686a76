package morris

// Perft counts the leaf nodes of the move tree to the given depth. A move
// that closes a mill counts once per removal it may choose. A position
// where the game is over (a side below three pieces, or blocked when
// blocked players lose) has no children; a blocked player who passes
// counts the pass as a move.
func (r *Rules) Perft(p Position, depth int) int64 {
	if depth == 0 {
		return 1
	}
	legal := r.Legal(&p, make([]Move, 0, 64))
	if over, _, _, _ := r.Over(&p, legal); over {
		return 0
	}
	if len(legal) == 0 {
		legal = append(legal, Pass)
	}
	if depth == 1 {
		return int64(len(legal))
	}
	var n int64
	for _, m := range legal {
		n += r.Perft(r.Play(p, m), depth-1)
	}
	return n
}
