package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"arbiter/referee/codes"
)

// docs/codes.md is generated from the codes' documentation; it must not go stale.
func TestCodesMarkdownUpToDate(t *testing.T) {
	var b bytes.Buffer
	codes.WriteMarkdown(&b)
	path := "../../docs/codes.md"
	if *update {
		os.WriteFile(path, b.Bytes(), 0o644)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(want, b.Bytes()) {
		t.Errorf("docs/codes.md is stale: run 'make docs' (or go test ./cmd/arbiter -update)")
	}
}

// Every code a real record earns in testdata is one 'arbiter explain' knows.
func TestExplain(t *testing.T) {
	out, _, code := arbiter(t, "", "explain", "illegal")
	if code != 0 || !strings.Contains(out, "Example:") || !strings.Contains(out, "Fix:") {
		t.Errorf("explain illegal: exit %d\n%s", code, out)
	}
	_, errOut, code := arbiter(t, "", "explain", "ilegal")
	if code != 2 || !strings.Contains(errOut, "did you mean illegal?") {
		t.Errorf("explain ilegal: exit %d, %q", code, errOut)
	}
	out, _, _ = arbiter(t, "", "explain")
	var listed []string
	for _, line := range strings.Split(out, "\n")[1:] {
		if f := strings.Fields(line); len(f) > 0 {
			listed = append(listed, f[0])
		}
	}
	if len(listed) != len(codes.Docs()) {
		t.Errorf("explain lists %d codes, want %d", len(listed), len(codes.Docs()))
	}
}
