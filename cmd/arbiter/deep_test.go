package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"arbiter/notation"
)

// deepStack bounds the stack of every goroutine while TestDeepNesting runs:
// above what a check needs (the deepest recursion left is the replay of
// notation.MaxDepth nested variations; the test passes at 256 KiB), far
// below what recursion in proportion to the nesting needed (a fatal stack
// overflow at Go's 1 GB for 500,000 levels).
const deepStack = 1 << 20

// Deeply nested variations, as the brief's file writes them: every check
// format and both conversions finish with bounded stack (a goroutine
// whose stack outgrows deepStack kills the test binary), exit 0 (what is
// wrong is inside variations, and the deep part is a warning), say
// too-deep, and a conversion keeps every move and parenthesis written.
// The files are made here, not committed; the time is measured, not
// asserted (see the report of issue 24).
func TestDeepNesting(t *testing.T) {
	for _, n := range []int{39_999, 40_000, 500_000} {
		in := "1. 32-28 " + strings.Repeat("(19-23 ", n) + strings.Repeat(")", n) + " *\n"
		runs := [][]string{}
		for _, f := range formats() {
			runs = append(runs, []string{"check", "--format", f.Name, "-"})
		}
		runs = append(runs, []string{"convert", "-"}, []string{"convert", "--to", "json", "-"})
		for _, args := range runs {
			out, errOut, code := boundedStack(t, func() (string, string, int) { return arbiter(t, in, args...) })
			said := strings.Contains(out+errOut, "too-deep") || strings.Contains(out+errOut, "variation inside")
			if code != 0 || !said && !slices.Contains(args, "github") { // (github shows a file's first annotations only)
				t.Errorf("%d levels, %v: exit %d, too-deep not said:\n%.500s\n%.500s", n, args, code, out, errOut)
			}
			if args[0] == "convert" {
				if got := strings.Count(out, "19-23"); got != n {
					t.Errorf("%d levels, %v: %d moves written", n, args, got)
				}
				// (JSON writes the variations read as moves as arrays.)
				want := n
				if args[1] == "--to" {
					want -= notation.MaxDepth
				}
				if got := strings.Count(out, ")"); got != want {
					t.Errorf("%d levels, %v: %d ) written, want %d", n, args, got, want)
				}
			}
		}
	}
}

// boundedStack runs f in a goroutine of its own under deepStack.
func boundedStack(t *testing.T, f func() (string, string, int)) (out, errOut string, code int) {
	t.Helper()
	old := debug.SetMaxStack(deepStack)
	defer debug.SetMaxStack(old)
	done := make(chan struct{})
	go func() {
		defer close(done)
		out, errOut, code = f()
	}()
	<-done
	return out, errOut, code
}

// The README says how deep variations nest: the bound it names is the code's.
func TestMaxDepthDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("one inside %d others", notation.MaxDepth); !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), want) {
		t.Errorf("README.md does not say %q", want)
	}
}
