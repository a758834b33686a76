package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sourceCodes collects the diagnostic codes the readers and referees emit,
// from their source: the Code... constants, the first string literal of a
// call to one of the functions that take a code, and the code a move
// matcher returns ("return mv, \"taken\", ...").
func sourceCodes(t *testing.T) map[string][]string {
	t.Helper()
	patterns := []*regexp.Regexp{
		regexp.MustCompile(`Code\w*\s*=\s*"([a-z0-9-]+)"`),
		regexp.MustCompile(`\b(?:[eE]rrorf|[wW]arnf|[eE]rrorAt|[wW]arnAt|[nN]oteAt|note|diag|fail|report|raceDiag|warn)\([^"\n]*?"([a-z][a-z0-9-]*)"`),
		regexp.MustCompile(`return [^"\n]*?"([a-z][a-z0-9-]*)", `),
	}
	found := map[string][]string{}
	for _, root := range []string{"../../referee", "../../notation"} {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return err
			}
			if filepath.Base(p) == "section.go" {
				return nil // a variant file's keys, checked when the YAML loads: no diagnostics
			}
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(string(src), "\n") {
				if strings.Contains(line, "string{") { // a table of words, not a call
					continue
				}
				for _, re := range patterns {
					for _, m := range re.FindAllStringSubmatch(line, -1) {
						found[m[1]] = append(found[m[1]], p)
					}
				}
			}
			return nil
		})
	}
	return found
}

func TestEveryCodeDocumented(t *testing.T) {
	found := sourceCodes(t)
	if len(found) < 50 {
		t.Fatalf("only %d codes found in the source: the patterns no longer fit it", len(found))
	}
	for code, files := range found {
		if _, ok := findCode(code); !ok {
			t.Errorf("code %q (emitted in %v) has no entry in codeDocs (cmd/arbiter/codes.go)", code, files)
		}
	}
	seen := map[string]bool{}
	for _, d := range codeDocs {
		if seen[d.Code] {
			t.Errorf("code %q documented twice", d.Code)
		}
		seen[d.Code] = true
		if _, ok := found[d.Code]; !ok {
			t.Errorf("code %q is documented but nothing emits it", d.Code)
		}
		if d.Summary == "" || d.Example == "" || d.Fix == "" || familyTitle[d.Family] == "" {
			t.Errorf("code %q: summary, example, fix and family are all needed: %+v", d.Code, d)
		}
		switch d.Severity {
		case "error", "warning", "note", "error or warning", "note or warning", "warning or note", "error, warning or note":
		default:
			t.Errorf("code %q: severity %q", d.Code, d.Severity)
		}
	}
}

// docs/codes.md is generated from codeDocs; it must not go stale.
func TestCodesMarkdownUpToDate(t *testing.T) {
	var b bytes.Buffer
	writeCodesMarkdown(&b)
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
	if len(listed) != len(codeDocs) {
		t.Errorf("explain lists %d codes, want %d", len(listed), len(codeDocs))
	}
}
