package draughts

import (
	"fmt"
	"strconv"
)

// Explaining a capture the precedence rules refuse: the written squares
// make a capture, but a legal capture ranks above it. The message names the
// rule that decided, the first of the variant's rules, in their order, on
// which the two differ: not "the most pieces" when both take as many.

// captureRank is what the precedence rules compare of a capture.
type captureRank struct {
	amount int    // pieces taken (majority), or their value (value)
	byKing bool   // made by a king
	kings  int    // kings taken
	early  uint32 // which of the first 32 pieces taken are kings, the first in the highest bit
}

// rankOf is mv's rank in pos under r's precedence rules.
func (r *Rules) rankOf(pos *Position, mv *Move) captureRank {
	var k captureRank
	k.byKing = pos.At(mv.From).IsKing()
	for i, s := range mv.Captured {
		if pos.At(s).IsKing() {
			k.kings++
			if i < 32 {
				k.early |= 1 << (31 - i)
			}
		}
	}
	switch r.Priority {
	case PriorityMajority:
		k.amount = len(mv.Captured)
	case PriorityValue:
		k.amount = int(r.captureValue(len(mv.Captured), k.kings))
	}
	return k
}

// precedence explains why the capture written as sq, which the variant's
// moves make, is not legal; "" when the precedence rules do not tell it
// from the legal captures.
func (g *draughtsGame) precedence(pos Position, sq []int, legal []Move) string {
	r := g.r
	fr := g.c.freeRules()
	if fr == nil || !r.ranked || !legal[0].IsCapture() {
		return ""
	}
	p, err := fr.ParseFEN(r.FEN(pos))
	if err != nil {
		return ""
	}
	// The written capture: of the captures its squares fit, the one that
	// comes closest to the legal ones.
	var w captureRank
	found := false
	for _, mv := range fr.LegalPaths(&p, nil) {
		if mv.IsCapture() && fits(mv, sq) {
			if k := r.rankOf(&pos, &mv); !found || k.above(w, r) {
				w, found = k, true
			}
		}
	}
	if !found {
		return ""
	}
	best := legal[0] // (the legal captures all rank the same)
	b := r.rankOf(&pos, &best)
	text := g.num.move(best, true)
	switch {
	case b.amount > w.amount && r.Priority == PriorityMajority:
		return fmt.Sprintf("the capture must take the most pieces: a capture of %d %s is available: %s", b.amount, plural(b.amount, "piece"), text)
	case b.amount > w.amount && r.Priority == PriorityValue:
		return fmt.Sprintf("the capture must take the most value (a man counts 1, %s): %s takes %s men's worth, this one %s",
			r.kingScale(), text, r.menWorth(b.amount), r.menWorth(w.amount))
	case b.amount != w.amount:
		return ""
	case r.PreferKingCapture && b.byKing && !w.byKing:
		return fmt.Sprintf("a king can capture, so the capture must be made with a king: %s", text)
	case r.PreferKingCapture && b.byKing != w.byKing:
		return ""
	case r.PreferMostKings && b.kings > w.kings:
		return fmt.Sprintf("the capture must take the most kings: %s takes %d %s, this one %d", text, b.kings, plural(b.kings, "king"), w.kings)
	case r.PreferMostKings && b.kings != w.kings:
		return ""
	case r.PreferEarlyKings && b.early > w.early:
		return fmt.Sprintf("the capture must take a king first: %s meets a king sooner", text)
	}
	return ""
}

// above reports whether k ranks above o under r's precedence rules.
func (k captureRank) above(o captureRank, r *Rules) bool {
	switch {
	case k.amount != o.amount:
		return k.amount > o.amount
	case r.PreferKingCapture && k.byKing != o.byKing:
		return k.byKing
	case r.PreferMostKings && k.kings != o.kings:
		return k.kings > o.kings
	case r.PreferEarlyKings:
		return k.early > o.early
	}
	return false
}

// menWorth writes a capture's value in men.
func (r *Rules) menWorth(v int) string {
	return strconv.FormatFloat(float64(v)/float64(r.ManValue), 'f', -1, 64)
}

// kingScale says what kings count under PriorityValue: "a king 1.5", or
// "one king 1.5, two 3.5, three 5.5" with a discount.
func (r *Rules) kingScale() string {
	if r.KingsDiscount == 0 {
		return "a king " + r.menWorth(r.KingValue)
	}
	return fmt.Sprintf("one king %s, two %s, three %s", r.menWorth(int(r.captureValue(1, 1))),
		r.menWorth(int(r.captureValue(2, 2))), r.menWorth(int(r.captureValue(3, 3))))
}
