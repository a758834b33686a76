package halma

import (
	"testing"

	"arbiter/variants"
)

func withYAML(t *testing.T, extra string) *Rules {
	t.Helper()
	v, err := variants.Parse("t.yaml", []byte("name: t\nextends: twee-in-een-halma\nhalma:\n"+extra))
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(SectionOf(v))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// place puts seat pieces on squares of an empty 8x8 board.
func place(r *Rules, turn int, pieces map[string]int) Position {
	p := Position{Board: make([]int8, r.Size*r.Size), Turn: turn}
	for s, seat := range pieces {
		p.Board[int(s[0]-'a')+int(s[1]-'1')*r.Size] = int8(seat + 1)
	}
	return p
}

// The open points of RULES.md are parameters: anti-spoiling, leaving the
// target camp, and a blocked player's pass.
func TestHalmaParameters(t *testing.T) {
	// White's target is g7 g8 h7 h8. Black sits on h8 and g8 (spoiling).
	spoiled := map[string]int{"g7": 0, "h7": 0, "a1": 0, "b1": 0, "h8": 1, "g8": 1, "a8": 1, "b8": 1}
	plain := withYAML(t, "  anti_spoiling: none\n")
	p := place(plain, 1, spoiled)
	if plain.Finished(&p, 0) {
		t.Error("anti_spoiling none: White finished with two pieces outside")
	}
	anti := withYAML(t, "  anti_spoiling: occupied_counts\n")
	if p := place(anti, 1, spoiled); !anti.Finished(&p, 0) || anti.Over(&p, true).Winners[0] != 0 {
		t.Error("anti_spoiling occupied_counts: a full target with own pieces should finish")
	}
	// leave_target: false keeps a piece in the target camp.
	stay := withYAML(t, "  leave_target: false\n")
	p = place(stay, 0, map[string]int{"g7": 0, "a1": 1})
	for _, m := range stay.Legal(&p, nil) {
		if m.From == 6+6*8 && !stay.InTarget(0, m.To) {
			t.Errorf("leave_target false: %s leaves the target", stay.Format(m))
		}
	}
	if n := len(plain.Legal(&p, nil)); n != 8 {
		t.Errorf("g7 has %d moves, want 8", n)
	}
	// A blocked player passes: White on a1 shut in by Black.
	p = place(plain, 0, map[string]int{"a1": 0, "a2": 1, "b2": 1, "b1": 1, "a3": 1, "c3": 1, "c1": 1})
	if plain.HasMove(&p) || plain.Over(&p, false).Over {
		t.Error("a blocked Halma player passes; the game goes on")
	}
	if plain.Perft(p, 1) != 1 {
		t.Error("the pass is the one move")
	}
}
