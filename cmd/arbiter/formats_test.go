package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"arbiter/referee/codes"
	"arbiter/referee/report"
)

const sharedSchemas = "../../../shared/schemas/"

// Every record of testdata, with every game family and most codes.
var allTestdata = []string{"--ext", "pdn,pgn,txt", td + "draughts", td + "pdn", td + "morris", td + "race", td + "halma"}

func compileSchema(t *testing.T, path string) *jsonschema.Schema {
	t.Helper()
	s, err := jsonschema.NewCompiler().Compile(path)
	if err != nil {
		t.Fatalf("compiling %s: %v", path, err)
	}
	return s
}

func validateJSON(t *testing.T, s *jsonschema.Schema, doc string) {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
	if err != nil {
		t.Fatalf("not JSON: %v\n%.500s", err, doc)
	}
	if err := s.Validate(v); err != nil {
		t.Errorf("does not validate: %v\n%.500s", err, doc)
	}
}

// Every line of --format json validates against docs/report.schema.json,
// and the schema is strict enough to reject a mistyped field.
func TestJSONSchema(t *testing.T) {
	s := compileSchema(t, "../../docs/report.schema.json")
	out, _, _ := arbiter(t, "", append([]string{"check", "--format", "json"}, allTestdata...)...)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 60 {
		t.Fatalf("only %d games", len(lines))
	}
	for _, line := range lines {
		validateJSON(t, s, line)
	}
	var rep map[string]any
	json.Unmarshal([]byte(lines[0]), &rep)
	if rep["version"] != float64(report.JSONVersion) {
		t.Errorf("version %v, want %d", rep["version"], report.JSONVersion)
	}
	rep["verdikt"] = "valid"
	bad, _ := json.Marshal(rep)
	v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(bad))
	if s.Validate(v) == nil {
		t.Errorf("the schema accepts an unknown field")
	}
}

// --format sarif validates against the OASIS SARIF 2.1.0 schema, with a
// rule for each code and the positions of the findings.
func TestSARIF(t *testing.T) {
	schema := sharedSchemas + "sarif-schema-2.1.0.json"
	if _, err := os.Stat(schema); err != nil {
		t.Skipf("no %s: %v", schema, err)
	}
	s := compileSchema(t, schema)
	out, _, code := arbiter(t, "", append([]string{"check", "--format", "sarif"}, allTestdata...)...)
	if code != 1 {
		t.Errorf("exit %d", code)
	}
	validateJSON(t, s, out)
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct{ ID string }
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Level     string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
				Fixes []struct {
					Description     struct{ Text string }
					ArtifactChanges []struct {
						ArtifactLocation struct{ URI string }
						Replacements     []struct {
							DeletedRegion   struct{ StartLine, StartColumn, EndLine, EndColumn int }
							InsertedContent struct{ Text string }
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs", len(log.Runs))
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != len(codes.Docs()) {
		t.Errorf("%d rules, want one per code (%d)", len(run.Tool.Driver.Rules), len(codes.Docs()))
	}
	found := false
	for _, r := range run.Results {
		if run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result of %s points at rule %s", r.RuleID, run.Tool.Driver.Rules[r.RuleIndex].ID)
		}
		l := r.Locations[0].PhysicalLocation
		if l.ArtifactLocation.URI == "../../testdata/draughts/bruno-vs-scan31-game11.pdn" && r.RuleID == "illegal" &&
			l.Region.StartLine == 17 && l.Region.StartColumn == 28 && r.Level == "error" {
			found = true
		}
	}
	if !found {
		t.Errorf("no error result for bruno-vs-scan31-game11.pdn:17:28 with a relative uri")
	}
	// Issue 26: a fix is the edit 'arbiter fix' makes (62. 32-28 is 28-32).
	fixed := false
	for _, r := range run.Results {
		for _, f := range r.Fixes {
			for _, c := range f.ArtifactChanges {
				for _, rp := range c.Replacements {
					d := rp.DeletedRegion
					if c.ArtifactLocation.URI == "../../testdata/"+tinsley && d.StartLine == 17 && d.StartColumn == 5 && d.EndLine == 17 && d.EndColumn == 10 &&
						rp.InsertedContent.Text == "28-32 {was: 32-28}" && strings.HasPrefix(f.Description.Text, "did you mean 28-32") {
						fixed = true
					}
				}
			}
		}
	}
	if !fixed {
		t.Errorf("no fix replacing 32-28 at %s:17:5-10 by 28-32 {was: 32-28}", tinsley)
	}
}

// --format junit: a testsuite per file, a testcase per game, a failure per
// error; validated with xmllint against the JUnit schema when it is
// installed.
func TestJUnit(t *testing.T) {
	out, _, _ := arbiter(t, "", append([]string{"check", "--format", "junit"}, allTestdata...)...)
	var doc struct {
		Suites []struct {
			Name     string `xml:"name,attr"`
			Tests    int    `xml:"tests,attr"`
			Failures int    `xml:"failures,attr"`
			Cases    []struct {
				Failures []struct {
					Type string `xml:"type,attr"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not XML: %v", err)
	}
	jsonOut, _, _ := arbiter(t, "", append([]string{"check", "--format", "json"}, allTestdata...)...)
	games := strings.Count(jsonOut, "\n")
	n := 0
	for _, s := range doc.Suites {
		if s.Tests != len(s.Cases) {
			t.Errorf("suite %s: tests=%d, %d testcases", s.Name, s.Tests, len(s.Cases))
		}
		if strings.HasSuffix(s.Name, "bruno-vs-scan31-game11.pdn") && (s.Failures != 1 || s.Cases[0].Failures[0].Type != "illegal") {
			t.Errorf("bruno: %+v", s)
		}
		n += len(s.Cases)
	}
	if n != games {
		t.Errorf("%d testcases, %d games", n, games)
	}
	schema := sharedSchemas + "junit.xsd"
	xmllint, err := exec.LookPath("xmllint")
	if _, serr := os.Stat(schema); err != nil || serr != nil {
		t.Skipf("xmllint (Debian libxml2-utils) or %s missing: not validated against the schema", schema)
	}
	// ../shared/schemas/junit.xsd has "--noout" inside its opening comment,
	// which XML forbids ("--" in a comment), so xmllint refuses the file:
	// the schema is validated from a copy without its comments.
	xsd, err := os.ReadFile(schema)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	clean := filepath.Join(dir, "junit.xsd")
	os.WriteFile(clean, regexp.MustCompile(`(?s)<!--.*?-->`).ReplaceAll(xsd, nil), 0o644)
	p := filepath.Join(dir, "report.xml")
	os.WriteFile(p, []byte(out), 0o644)
	if b, err := exec.Command(xmllint, "--noout", "--schema", clean, p).CombinedOutput(); err != nil {
		t.Errorf("xmllint: %v\n%s", err, b)
	}
}

// --format github caps the annotations per file and writes a job summary.
func TestGitHubFormat(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("[Event \"many\"]\n")
	for i := 0; i < 30; i++ {
		b.WriteString("[Empty]\n") // 30 warnings
	}
	b.WriteString("1. 32-28 19-23 2. 28-21 *\n") // an illegal move
	p := filepath.Join(dir, "many.pdn")
	os.WriteFile(p, []byte(b.String()), 0o644)
	summary := filepath.Join(dir, "summary.md")
	t.Setenv("GITHUB_STEP_SUMMARY", summary)
	out, _, code := arbiter(t, "", "check", "--format", "github", p)
	if code != 1 {
		t.Errorf("exit %d", code)
	}
	const perFile = 10 // the github writer's cap on each severity's annotations of a file
	if n := strings.Count(out, "::warning "); n != perFile {
		t.Errorf("%d warning annotations, want %d", n, perFile)
	}
	if n := strings.Count(out, "::error "); n != 1 {
		t.Errorf("%d error annotations, want 1", n)
	}
	if !strings.Contains(out, "::notice file="+p+",title=arbiter::20 more findings in this file") {
		t.Errorf("no notice for the 20 left out:\n%s", out)
	}
	md, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| 1 | 0 | 1 | 1 | 30 |", "| `tag-without-value` | 0 | 30 |", "| `illegal` | 1 | 0 |"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("summary has no %q:\n%s", want, md)
		}
	}
}
