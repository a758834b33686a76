package codes

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// codeSite is one place in the source that emits a code, with the
// severity it emits it at ("" when the source does not say: a severity
// computed at run time).
type codeSite struct {
	file, severity string
}

// declared is the severity of a Code... constant's definition: it emits
// nothing itself.
const declared = "declared"

// sourceCodes collects the diagnostic codes the readers and referees emit,
// from their source: the Code... constants, the first string literal (or
// Code... constant) of a call to one of the functions that take a code,
// struct literals with a Code field, and the code a move matcher returns
// ("return mv, \"taken\", ..."). Each site's severity is read from the
// call: Errorf, ErrorAt and errorf are errors, Warnf, WarnAt, warn and
// warnf warnings, NoteAt and note notes; otherwise the notation.Error,
// Warning or Note written in the call (diag(notation.Warning, ...)), or in
// the closure a helper is (fail := func(code ...) { raceDiag(...,
// notation.Error, ...) }); a matcher's code is an error, as its callers
// report it.
func sourceCodes(t *testing.T) map[string][]codeSite {
	t.Helper()
	constDef := regexp.MustCompile(`\b(Code\w*)\s*=\s*"([a-z0-9-]+)"`)
	call := regexp.MustCompile(`\b([eE]rrorf|[wW]arnf|[eE]rrorAt|[wW]arnAt|[nN]oteAt|note|warn|diag|fail|report|raceDiag|hold)\(([^\n]*?)(?:"([a-z][a-z0-9-]*)"|\b(Code\w+)\b)`)
	literal := regexp.MustCompile(`\bCode:\s*(?:"([a-z][a-z0-9-]*)"|(?:\w+\.)?(Code\w+)\b)`)
	matcher := regexp.MustCompile(`return [^"\n]*?"([a-z][a-z0-9-]*)", `)
	sevWord := regexp.MustCompile(`notation\.(Error|Warning|Note)\b`)
	helperDef := regexp.MustCompile(`\b(\w+) := func\(`)
	sevVar := regexp.MustCompile(`\bsev\s*:?=\s*notation\.(Error|Warning|Note)\b`)
	// The PDN reader's aggregated kinds (said once per game with a count):
	// a table row "aggX: {CodeY, ...}", a warning unless aggNote marks aggX.
	aggRow := regexp.MustCompile(`^\s*(agg\w+):\s*\{(Code\w+),`)
	aggNote := regexp.MustCompile(`aggNote = \[numAgg\]bool\{([^}]*)\}`)
	byName := map[string]string{
		"Errorf": "error", "errorf": "error", "ErrorAt": "error",
		"Warnf": "warning", "warnf": "warning", "WarnAt": "warning", "warn": "warning",
		"NoteAt": "note", "note": "note",
	}
	type file struct {
		path  string
		lines []string
	}
	var files []file
	consts := map[string]string{}
	for _, root := range []string{"..", "../../notation"} {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return err
			}
			if filepath.Base(p) == "section.go" {
				return nil // a variant file's keys, checked when the YAML loads: no diagnostics
			}
			if filepath.Dir(p) == filepath.Join("..", "codes") {
				return nil // this package: the codes' documentation, which emits none
			}
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			f := file{p, strings.Split(string(src), "\n")}
			for _, line := range f.lines {
				for _, m := range constDef.FindAllStringSubmatch(line, -1) {
					consts[m[1]] = m[2]
				}
			}
			files = append(files, f)
			return nil
		})
	}
	found := map[string][]codeSite{}
	for _, f := range files {
		// The closures of this file that report at one severity.
		helpers := map[string]string{}
		for i, line := range f.lines {
			if m := helperDef.FindStringSubmatch(line); m != nil {
				for j := i; j < min(i+4, len(f.lines)); j++ {
					if s := sevWord.FindStringSubmatch(f.lines[j]); s != nil {
						helpers[m[1]] = strings.ToLower(s[1])
						break
					}
				}
			}
		}
		notes := ""
		for _, line := range f.lines {
			if m := aggNote.FindStringSubmatch(line); m != nil {
				notes = m[1]
			}
		}
		add := func(code, sev string) {
			if code != "" {
				found[code] = append(found[code], codeSite{f.path, sev})
			}
		}
		codeOf := func(lit, name string) string {
			if lit != "" {
				return lit
			}
			return consts[name]
		}
		for i, line := range f.lines {
			if strings.Contains(line, "string{") { // a table of words, not a call
				continue
			}
			for _, m := range constDef.FindAllStringSubmatch(line, -1) {
				add(m[2], declared) // a code the source names; its uses say how loud
			}
			for _, m := range call.FindAllStringSubmatch(line, -1) {
				if helperDef.MatchString(line) {
					continue // the helper's own definition
				}
				sev := byName[m[1]]
				if s := sevWord.FindStringSubmatch(m[2]); sev == "" && s != nil {
					sev = strings.ToLower(s[1])
				}
				if sev == "" {
					sev = helpers[m[1]]
				}
				add(codeOf(m[3], m[4]), sev)
			}
			if m := aggRow.FindStringSubmatch(line); m != nil {
				sev := "warning"
				if strings.Contains(notes, m[1]+": true") {
					sev = "note"
				}
				add(consts[m[2]], sev)
			}
			for _, m := range literal.FindAllStringSubmatch(line, -1) {
				var sevs []string
				for j := i; j >= max(i-2, 0) && sevs == nil; j-- {
					if s := sevWord.FindStringSubmatch(f.lines[j]); s != nil && strings.Contains(f.lines[j], "Severity:") {
						sevs = []string{strings.ToLower(s[1])}
					}
				}
				if sevs == nil && strings.Contains(line, "Severity: sev,") {
					// A severity chosen above, in the same function.
					for j := i; j >= max(i-30, 0) && !strings.HasPrefix(f.lines[j], "func "); j-- {
						if s := sevVar.FindStringSubmatch(f.lines[j]); s != nil {
							sevs = append(sevs, strings.ToLower(s[1]))
						}
					}
				}
				if sevs == nil {
					sevs = []string{""}
				}
				for _, sev := range sevs {
					add(codeOf(m[1], m[2]), sev)
				}
			}
			for _, m := range matcher.FindAllStringSubmatch(line, -1) {
				add(m[1], "error")
			}
		}
	}
	return found
}

func TestEveryCodeDocumented(t *testing.T) {
	found := sourceCodes(t)
	if len(found) < 50 {
		t.Fatalf("only %d codes found in the source: the patterns no longer fit it", len(found))
	}
	for code, files := range found {
		if _, ok := Find(code); !ok {
			t.Errorf("code %q (emitted in %v) has no entry in docs (referee/codes/codes.go)", code, files)
		}
	}
	seen := map[string]bool{}
	for _, d := range docs {
		if seen[d.Code] {
			t.Errorf("code %q documented twice", d.Code)
		}
		seen[d.Code] = true
		if _, ok := found[d.Code]; !ok {
			t.Errorf("code %q is documented but nothing emits it", d.Code)
		}
		if d.Summary == "" || d.Example == "" || d.Fix == "" || FamilyTitle(d.Family) == "" {
			t.Errorf("code %q: summary, example, fix and family are all needed: %+v", d.Code, d)
		}
		switch d.Severity {
		case "error", "warning", "note", "error or warning", "warning or note", "error or note", "error, warning or note":
		default:
			t.Errorf("code %q: severity %q", d.Code, d.Severity)
		}
	}
}

// The severity codes.go documents for each code is the one the source
// emits it at, never written from memory: every severity a call site uses
// is documented, and every documented severity has a call site that uses
// it (a finding demoted inside a variation aside: that is the policy's,
// said once in --variations). The spelling is the one sevOrder gives.
func TestCodeSeveritiesFromSource(t *testing.T) {
	sites := sourceCodes(t)
	for _, d := range docs {
		emitted := map[string][]string{}
		unknown := false
		for _, s := range sites[d.Code] {
			switch s.severity {
			case declared:
			case "":
				unknown = true
			default:
				emitted[s.severity] = append(emitted[s.severity], s.file)
			}
		}
		if len(emitted) == 0 && !unknown {
			t.Errorf("code %q: no call site says at what severity it is emitted", d.Code)
			continue
		}
		var want []string
		for _, sev := range sevOrder {
			if emitted[sev] != nil {
				want = append(want, sev)
			}
		}
		if !unknown && d.Severity != severityList(want) {
			t.Errorf("code %q is documented as %q, but the source emits it as %q (%v): correct its severity in codes.go", d.Code, d.Severity, severityList(want), emitted)
		}
	}
}

// sevOrder is the order severities are listed in, loudest first.
var sevOrder = []string{"error", "warning", "note"}

// severityList writes a set of severities as codes.go does: "error",
// "error or warning", "error, warning or note".
func severityList(sevs []string) string {
	switch n := len(sevs); n {
	case 0:
		return ""
	case 1:
		return sevs[0]
	default:
		return strings.Join(sevs[:n-1], ", ") + " or " + sevs[n-1]
	}
}

// Every habit is a documented code (uppercase-square comes with the
// reading of upper-case squares, another change: until then nothing
// emits it).
func TestHabitCodesDocumented(t *testing.T) {
	for code := range habitCodes {
		if _, ok := Find(code); !ok {
			t.Errorf("habit %q has no entry in docs", code)
		}
	}
}
