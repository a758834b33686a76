package draughts

import (
	"fmt"
	"testing"

	"arbiter/variants"
)

// TestBuiltinOfGameType holds the names ForGameType decodes first to the
// builtins: every GameType number a builtin has is in the table, naming
// the variant forGameType finds from every builtin, and nothing else is;
// ForGameType gives forGameType's answer for those and for others.
func TestBuiltinOfGameType(t *testing.T) {
	all, err := variants.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	numbers := map[int]bool{}
	for _, v := range all {
		if d := SectionOf(v); d != nil && d.PDNGameType != 0 {
			numbers[d.PDNGameType] = true
		}
	}
	for n := range builtinOfGameType {
		if !numbers[n] {
			t.Errorf("builtinOfGameType has %d, which no builtin has", n)
		}
	}
	for n := range numbers {
		want, err := forGameType(n)
		if err != nil {
			t.Fatal(err)
		}
		if builtinOfGameType[n] != want.Name {
			t.Errorf("builtinOfGameType[%d] = %q, the builtins give %q", n, builtinOfGameType[n], want.Name)
		}
	}
	for _, n := range []int{-1, 0, 1, 19, 20, 21, 25, 32, 40, 95, 96, 99, 100, 12345} {
		want, werr := forGameType(n)
		for range 2 { // (the second from the memo)
			got, err := ForGameType(n)
			if got != want || fmt.Sprint(err) != fmt.Sprint(werr) {
				t.Errorf("ForGameType(%d) = %v, %v; forGameType: %v, %v", n, got, err, want, werr)
			}
		}
	}
}
