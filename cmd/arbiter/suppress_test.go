package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// suppressedBruno writes the real tournament record whose move 32 is
// illegal with a suppression of it before the move, and one that
// suppresses nothing before move 2.
func suppressedBruno(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(td + "draughts/bruno-vs-scan31-game11.pdn")
	if err != nil {
		t.Fatal(err)
	}
	s := strings.Replace(string(data), "43-38 17-11", "43-38 {arbiter: ignore illegal -- score sheet lost, kept as published} 17-11", 1)
	s = strings.Replace(s, "2. 34-30", "2. {arbiter: ignore ambiguous} 34-30", 1)
	p := filepath.Join(t.TempDir(), "bruno.pdn")
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A suppressed finding fails nothing and is not shown in text, GitHub,
// JUnit, concise, GitLab or rdjson; JSON and SARIF carry it, marked (SARIF's
// suppressions validate against the SARIF schema); the summary counts it;
// a suppression that suppresses nothing is an unused-suppression warning.
func TestSuppressedInReports(t *testing.T) {
	game := suppressedBruno(t)
	const illegal = "no piece on 17"
	out, errOut, code := arbiter(t, "", "check", "--no-board", game)
	if code != 0 || strings.Contains(out, illegal) {
		t.Errorf("text: exit %d\n%s", code, out)
	}
	if !strings.Contains(out, "warning[unused-suppression]: game 1 (Crevat, Luc - Machtelinck, Kevin): suppression of ambiguous suppresses nothing: no ambiguous finding at the move after it (34-30)") {
		t.Errorf("no unused-suppression warning:\n%s", out)
	}
	if !strings.Contains(errOut, "1 game: 1 valid, 0 with errors, 3 warnings, 1 suppressed (") || !summaryLine.MatchString(errOut[strings.LastIndex(errOut[:len(errOut)-1], "\n")+1:]) {
		t.Errorf("summary: %q", errOut)
	}
	for _, format := range []string{"github", "junit", "concise", "gitlab", "rdjson", "html"} {
		out, _, code := arbiter(t, "", "check", "--format", format, game)
		if code != 0 || strings.Contains(out, illegal) {
			t.Errorf("--format %s: exit %d, and the suppressed finding shown", format, code)
		}
	}

	out, _, code = arbiter(t, "", "check", "--format", "json", game)
	validateJSON(t, compileSchema(t, "../../docs/report.schema.json"), strings.TrimSpace(out))
	var rep struct {
		Verdict     string
		Diagnostics []struct {
			Code       string
			Suppressed *struct {
				Kind, Reason string
				Pos          struct{ Line, Col int }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range rep.Diagnostics {
		if d.Code == "illegal" {
			found = d.Suppressed != nil && d.Suppressed.Kind == "inSource" && d.Suppressed.Reason == "score sheet lost, kept as published" && d.Suppressed.Pos.Line == 17
		}
	}
	if !found || rep.Verdict != "valid" || code != 0 {
		t.Errorf("JSON: exit %d, verdict %s, illegal suppressed %v\n%s", code, rep.Verdict, found, out)
	}

	out, _, _ = arbiter(t, "", "check", "--format", "sarif", game)
	if schema := sharedSchemas + "sarif-schema-2.1.0.json"; fileExists(schema) {
		validateJSON(t, compileSchema(t, schema), out)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID       string
				Suppressions []struct {
					Kind, Status, Justification, GUID string
				}
			}
		}
	}
	json.Unmarshal([]byte(out), &log)
	found = false
	for _, r := range log.Runs[0].Results {
		if r.RuleID == "illegal" && len(r.Suppressions) == 1 {
			s := r.Suppressions[0]
			found = s.Kind == "inSource" && s.Status == "accepted" && s.Justification == "score sheet lost, kept as published" && len(s.GUID) == 36
		} else if len(r.Suppressions) > 0 {
			t.Errorf("%s suppressed", r.RuleID)
		}
	}
	if !found {
		t.Errorf("SARIF: no suppression of the illegal result:\n%.2000s", out)
	}
	// The same GUID from run to run.
	again, _, _ := arbiter(t, "", "check", "--format", "sarif", game)
	if again != out {
		t.Errorf("SARIF differs from run to run")
	}

	// --ignore unused-suppression, --statistics counts only what counts.
	_, errOut, _ = arbiter(t, "", "check", "--statistics", "--ignore", "unused-suppression", game)
	if strings.Contains(errOut, "unused-suppression") || strings.Contains(errOut, " illegal ") {
		t.Errorf("statistics:\n%s", errOut)
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
