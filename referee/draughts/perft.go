package draughts

// DivideEntry is one root move and the number of leaf nodes below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Perft returns the number of leaf nodes of the legal move tree of p to the
// given depth (1 for depth 0). With keepDuplicates false, captures reaching
// the same square with the same captured set by different paths are one move
// (the standard "drop dup" convention).
//
// Leaves are counted in bulk: at the last ply the legal moves are counted
// (non-captures by bitboard population counts) without being played. Perft
// does not allocate per node.
func (r *Rules) Perft(p Position, depth int, keepDuplicates bool) uint64 {
	if depth <= 0 {
		return 1
	}
	if fitsGen10(r, keepDuplicates) {
		return newGen10(r).perft(p.to64(), depth)
	}
	if r.fast64 && !r.general {
		return newGen64(r, keepDuplicates).perft(p.to64(), depth)
	}
	g := gen{r: r, keepDup: keepDuplicates, moves: make([]cmove, 0, 1024)}
	return g.perft(p, depth)
}

// perft takes the position by value: a pointer to a per-node copy would make
// the copy escape to the heap (Position holds a pointer).
func (g *gen) perft(p Position, depth int) uint64 {
	if depth == 1 {
		return g.count(&p)
	}
	start := len(g.moves)
	g.generate(&p)
	end := len(g.moves)
	var total uint64
	for i := start; i < end; i++ {
		q := p
		q.apply(&g.moves[i])
		if g.r.KingMoveLimit > 0 {
			q.countKingMove(&g.moves[i])
		}
		total += g.perft(q, depth-1)
	}
	g.moves = g.moves[:start]
	return total
}

// Divide returns, for each legal move of p in LegalMoves order, the perft of
// the position after it at depth-1. depth must be at least 1.
func (r *Rules) Divide(p Position, depth int, keepDuplicates bool) []DivideEntry {
	moves := r.LegalMoves(&p, keepDuplicates, nil)
	out := make([]DivideEntry, len(moves))
	for i, m := range moves {
		out[i] = DivideEntry{Move: m, Nodes: r.Perft(r.Play(p, m), depth-1, keepDuplicates)}
	}
	return out
}
