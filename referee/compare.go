package referee

import (
	"strings"

	"arbiter/notation"
	"arbiter/referee/picture"
	"arbiter/variants"
)

// Comparison is what two records of one game (the two players' score
// sheets) say alike and where they part: arbiters compare them after
// every round.
type Comparison struct {
	// A and B are the two records' reports (their moves kept).
	A, B *Report
	// Same is how many plies of their main lines are the same moves; Ply
	// (0-based) is the first that is not, when Differ. When the lines do
	// not differ, one may still go on where the other ends (LenA, LenB).
	Same       int
	Differ     bool
	LenA, LenB int
	// MoveA and MoveB are the moves each writes at Ply (as written, ""
	// past the end of its line).
	MoveA, MoveB *notation.Move
	NumberA      int // the move number at Ply, as A's replay counts it
	// FEN is the position before Ply, as the moves both write reach it
	// (in the family's form), and Board a drawing of it for a terminal
	// ("" when the family draws none). Reached is false when the replay
	// stopped before Ply: FEN is then where it stopped.
	FEN     string
	Board   string
	Reached bool
}

// Compare compares the main lines of two records under opts. Moves are
// the same when they are the same move, however each record writes it
// (a capture's path in full or not, a capture mark): the records are read
// as convert would write them.
func Compare(a, b *notation.Record, opts Options) *Comparison {
	written := func(rec *notation.Record) []*notation.Move {
		out := make([]*notation.Move, len(rec.Moves))
		for i, m := range rec.Moves {
			c := *m
			out[i] = &c
		}
		return out
	}
	wa, wb := written(a), written(b)
	o := opts
	o.Rewrite, o.FullPaths, o.Notation, o.ShortMoves, o.NoFixes = true, false, "", false, true
	canonA, canonB := *a, *b
	canonA.Moves, canonB.Moves = written(a), written(b)
	Check(&canonA, o)
	Check(&canonB, o)
	c := &Comparison{A: Check(a, opts), B: Check(b, opts), LenA: len(a.Moves), LenB: len(b.Moves)}
	for c.Same < min(c.LenA, c.LenB) && sameMove(canonA.Moves[c.Same].Text, canonB.Moves[c.Same].Text) {
		c.Same++
	}
	if c.Same < c.LenA {
		c.MoveA = wa[c.Same]
	}
	if c.Same < c.LenB {
		c.MoveB = wb[c.Same]
	}
	c.Differ = c.MoveA != nil && c.MoveB != nil
	// The position before the first difference: A's line cut there.
	cut := *a
	cut.Moves = wa[:c.Same]
	cut.Result = ""
	pre := Check(&cut, Options{Variant: opts.Variant, Default: opts.Default, NoFixes: true, Variations: VariationsIgnore})
	c.FEN, c.Reached = pre.FinalFEN, pre.Plies == c.Same
	c.NumberA = numberAt(a, c.Same)
	if v := variantOf(pre, opts); v != nil && c.FEN != "" {
		if s, err := SceneOf(v, c.FEN); err == nil {
			if p, err := s.Position(c.FEN); err == nil {
				c.Board = picture.Text(s.Board, p)
			}
		}
	}
	return c
}

// numberAt is the move number of ply k of a record as written: the
// number written before it, or counted from the last one written.
func numberAt(rec *notation.Record, k int) int {
	if k >= len(rec.Moves) {
		k = len(rec.Moves) - 1
	}
	for j := k; j >= 0; j-- {
		if n := rec.Moves[j].Number; n > 0 {
			// Plies after a numbered move: the same number for the
			// other side's reply, the next for the numbered side again.
			return n + (k-j+boolInt(rec.Moves[j].Ellipsis))/2
		}
	}
	return 1 + k/2
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// variantOf is the variant a report was replayed under.
func variantOf(rep *Report, opts Options) *variants.Variant {
	if opts.Variant != nil {
		return opts.Variant
	}
	if opts.Default != nil && strings.EqualFold(opts.Default.Name, rep.Variant) {
		return opts.Default
	}
	return VariantNamed("", rep.Variant)
}
