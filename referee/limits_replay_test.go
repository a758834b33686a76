package referee_test

import (
	"fmt"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

func checkOne(t *testing.T, variant, text string) *referee.Report {
	t.Helper()
	v, err := variants.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := pdn.ReadAll(strings.NewReader(text), "t.pdn", pdn.Options{})
	if err != nil || len(recs) != 1 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	return referee.Check(recs[0], referee.Options{Variant: v})
}

func posBefore(a, b notation.Pos) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
}

// A game with thousands of findings keeps the first referee.MaxDiagnostics in file
// order and one more that counts the rest by code; the counts, the verdict
// and the summary line's numbers stay those of every finding.
func TestDiagnosticsCapped(t *testing.T) {
	const n = 5000
	text := "[Event \"many\"]\n1. 32-28 " + strings.Repeat("(1. 11-15) ", n) + "19-23 *\n"
	rep := checkOne(t, "international", text)
	if len(rep.Diagnostics) != referee.MaxDiagnostics+1 {
		t.Fatalf("%d diagnostics kept, want %d", len(rep.Diagnostics), referee.MaxDiagnostics+1)
	}
	for i := 1; i < len(rep.Diagnostics); i++ {
		if posBefore(rep.Diagnostics[i].Pos, rep.Diagnostics[i-1].Pos) {
			t.Fatalf("diagnostic %d is out of file order", i)
		}
	}
	for i, d := range rep.Diagnostics[:referee.MaxDiagnostics] {
		if want := 14 + 11*i; d.Pos.Col != want || d.Code != "illegal" {
			t.Fatalf("diagnostic %d at %v (%s), want the variation at column %d", i, d.Pos, d.Code, want)
		}
	}
	last := rep.Diagnostics[referee.MaxDiagnostics]
	want := fmt.Sprintf("and %d more diagnostics in this game, not shown: %d illegal", n-referee.MaxDiagnostics, n-referee.MaxDiagnostics)
	// (An illegal move in a variation is a warning: the main line decides.)
	if last.Code != referee.CodeTooMany || last.Msg != want || last.Severity != notation.Warning {
		t.Errorf("last diagnostic %s %s %q, want a warning %q", last.Severity, last.Code, last.Msg, want)
	}
	if rep.Warnings() != n || rep.Errors() != 0 || rep.Verdict != referee.Valid {
		t.Errorf("Warnings() = %d, Errors() = %d, verdict %s; want %d, 0, valid", rep.Warnings(), rep.Errors(), rep.Verdict, n)
	}
	// An error among those not shown makes the count line an error: the
	// verdict is the same whatever is shown.
	mainErr := checkOne(t, "international", "1. 32-28 "+strings.Repeat("(1. 11-15) ", n)+"19-23 2. 11-15 *\n")
	if last := mainErr.Diagnostics[len(mainErr.Diagnostics)-1]; last.Code != referee.CodeTooMany || last.Severity != notation.Error ||
		mainErr.Verdict != referee.Invalid || mainErr.Errors() != 1 {
		t.Errorf("an error past the bound: last %s %s, verdict %s, %d errors", last.Severity, last.Code, mainErr.Verdict, mainErr.Errors())
	}
	// Below the bound nothing changes.
	small := checkOne(t, "international", "1. 32-28 "+strings.Repeat("(1. 11-15) ", referee.MaxDiagnostics)+"*\n")
	if len(small.Diagnostics) != referee.MaxDiagnostics || small.Warnings() != referee.MaxDiagnostics {
		t.Errorf("%d diagnostics, %d warnings; want %d of each", len(small.Diagnostics), small.Warnings(), referee.MaxDiagnostics)
	}
}

// A warning repeated on every move is said once with its count, also past
// the bound and among other findings.
func TestFoldedCodesPastTheBound(t *testing.T) {
	// 32-28 written 32x28 (a plain move written as a capture), then
	// 300 illegal variations, then another such move.
	text := "1. 32x28 19x23 " + strings.Repeat("(1... 11-16) ", 300) + "2. 28x19 14x23 *\n"
	rep := checkOne(t, "international", text)
	var folded []referee.Diagnostic
	for _, d := range rep.Diagnostics {
		if d.Code == "capture-mark" {
			folded = append(folded, d)
		}
	}
	if len(folded) != 1 || !strings.HasSuffix(folded[0].Msg, "(2 times in this game)") || folded[0].Pos.Col != 4 {
		t.Errorf("capture-mark diagnostics: %+v; want one, at 1:4, saying 2 times", folded)
	}
	if w := rep.Warnings(); w != 302 { // 2 capture marks, 300 illegal variation moves
		t.Errorf("Warnings() = %d, want 302", w)
	}
}
