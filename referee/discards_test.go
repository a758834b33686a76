package referee

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"arbiter/notation"
)

// TestDiscardsAsAdd: Report.Discards says of a diagnostic exactly whether
// Add only counts it (a folded code's repeat after the one held, or after
// the limits dropped it), so that the replay may skip its position and
// drawing (the bound on a report may still drop one it does not
// discard). Random runs of folded and other diagnostics at random places,
// past that bound, are added one by one, each asked first.
func TestDiscardsAsAdd(t *testing.T) {
	rnd := rand.New(rand.NewSource(1))
	discarded, kept, cuts := 0, 0, 0
	for run := range 300 {
		r := &Report{}
		n := 1 + rnd.Intn(3*MaxDiagnostics)
		folded := rnd.Intn(4) // in four: the share of folded codes
		for i := range n {
			code := "capture-mark"
			if rnd.Intn(4) >= folded {
				code = "illegal"
			}
			pos := notation.Pos{Line: 1 + rnd.Intn(n), Col: 1 + rnd.Intn(3)}
			msg := fmt.Sprintf("run %d, diagnostic %d", run, i)
			discards := r.Discards(code, pos)
			dropped := len(r.Diagnostics) + 1
			r.Add(Diagnostic{Diagnostic: notation.Diagnostic{Pos: pos, Severity: notation.Warning, Code: code, Msg: msg}})
			cut := len(r.Diagnostics) < dropped-1 // (the bound dropped some, maybe this one)
			held := slices.ContainsFunc(r.Diagnostics, func(d Diagnostic) bool { return d.Msg == msg })
			if discards && held || !discards && !held && !cut {
				t.Fatalf("run %d, %s at %s: Discards says %v, and Add held it: %v", run, code, pos, discards, held)
			}
			if cut {
				cuts++
			}
			if discards {
				discarded++
			} else {
				kept++
			}
		}
	}
	// A folded code whose one held diagnostic the bound dropped: the
	// others are counted with it, wherever they are.
	r := &Report{}
	r.Add(Diagnostic{Diagnostic: notation.Diagnostic{Pos: notation.Pos{Line: 1000}, Severity: notation.Warning, Code: "capture-mark"}})
	for i := range 2 * MaxDiagnostics {
		r.Add(Diagnostic{Diagnostic: notation.Diagnostic{Pos: notation.Pos{Line: 1 + i}, Severity: notation.Error, Code: "illegal"}})
	}
	for _, line := range []int{1, 2000} {
		pos := notation.Pos{Line: line}
		if !r.Discards("capture-mark", pos) {
			t.Errorf("capture-mark at line %d after the held one was dropped: not discarded", line)
		}
		n := len(r.Diagnostics)
		r.Add(Diagnostic{Diagnostic: notation.Diagnostic{Pos: pos, Severity: notation.Warning, Code: "capture-mark"}})
		if len(r.Diagnostics) != n {
			t.Errorf("capture-mark at line %d after the held one was dropped: held", line)
		}
	}
	if discarded == 0 || kept == 0 || cuts == 0 {
		t.Fatalf("%d discarded, %d kept, %d cuts: the test holds too little", discarded, kept, cuts)
	}
	t.Logf("%d discarded, %d kept, %d cuts", discarded, kept, cuts)
}
