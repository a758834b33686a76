package race

import (
	"fmt"
	"strings"
	"testing"

	"arbiter/referee"
)

// raceShapes are race records whose shape once cost more than their
// size: one throw of n dice (the repair search wrote the throw's faces
// one string copy per die: 4 s for 20,000 dice).
var raceShapes = []struct {
	name string
	text func(n int) string
}{
	{"dice", func(n int) string {
		return "[Game \"ludo\"]\n[Variant \"petits-chevaux-papyrus\"]\n[Red \"Anna\"]\n[Yellow \"Bram\"]\n\n1. R " +
			strings.Repeat("1+", n) + "1: - *\n"
	}},
}

// BenchmarkCheckShapes reads and referees raceShapes. ns/op over the
// sizes shows whether the cost is linear: compare n=10000 with n=40000.
func BenchmarkCheckShapes(b *testing.B) {
	for _, shape := range raceShapes {
		for _, n := range []int{10_000, 40_000} {
			text := shape.text(n)
			b.Run(fmt.Sprintf("%s/n=%d", shape.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					for _, rec := range raceParse(b, text) {
						referee.Check(rec, referee.Options{})
					}
				}
			})
		}
	}
}

// TestDiceOneBuffer pins how a throw's faces are written (4+5), and that a
// throw of many dice is written into one buffer, not copied once per die.
func TestDiceOneBuffer(t *testing.T) {
	if got := dice([]int{4, 5}); got != "4+5" {
		t.Errorf("dice(4, 5) = %q, want 4+5", got)
	}
	many := make([]int, 10_000)
	for i := range many {
		many[i] = 1 + i%6
	}
	if allocs := testing.AllocsPerRun(3, func() { dice(many) }); allocs > 2 {
		t.Errorf("dice of %d faces: %.0f allocations, want at most 2", len(many), allocs)
	}
}
