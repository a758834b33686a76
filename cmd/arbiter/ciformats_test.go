package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

const ciSchemas = td + "schemas/"

// jsonFindings counts the findings --format json gives (suppressed ones
// apart), the measure of the other formats.
func jsonFindings(t *testing.T, args ...string) (counted int, codes map[string]int) {
	t.Helper()
	out, _, _ := arbiter(t, "", append([]string{"check", "--format", "json"}, args...)...)
	codes = map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rep struct {
			Diagnostics []struct {
				Code       string          `json:"code"`
				Suppressed json.RawMessage `json:"suppressed"`
			} `json:"diagnostics"`
		}
		if err := json.Unmarshal([]byte(line), &rep); err != nil {
			t.Fatal(err)
		}
		for _, d := range rep.Diagnostics {
			if d.Suppressed == nil {
				counted++
				codes[d.Code]++
			}
		}
	}
	return counted, codes
}

// --format gitlab: every issue of every record of testdata validates
// against the schema GitLab validates code quality issues with, and has
// what GitLab's documentation asks beside it (check_name, one of its
// severities); the fingerprints are unique, and name a finding by its game
// and move, not its line, so that reordering a file's games changes none.
func TestGitLabCodeQuality(t *testing.T) {
	s := compileSchema(t, ciSchemas+"gitlab-codeclimate.json")
	out, _, code := arbiter(t, "", append([]string{"check", "--format", "gitlab"}, allTestdata...)...)
	if code != 1 {
		t.Errorf("exit %d", code)
	}
	var issues []map[string]any
	if err := json.Unmarshal([]byte(out), &issues); err != nil {
		t.Fatalf("not a JSON array: %v\n%.300s", err, out)
	}
	want, _ := jsonFindings(t, allTestdata...)
	if len(issues) != want || want < 50 {
		t.Errorf("%d issues, --format json has %d findings", len(issues), want)
	}
	fingerprints := map[string]bool{}
	for _, is := range issues {
		b, _ := json.Marshal(is)
		v, _ := jsonschema.UnmarshalJSON(strings.NewReader(string(b)))
		if err := s.Validate(v); err != nil {
			t.Fatalf("%v\n%s", err, b)
		}
		if c, _ := is["check_name"].(string); c == "" {
			t.Errorf("no check_name: %s", b)
		}
		switch is["severity"] {
		case "info", "minor", "major", "critical", "blocker":
		default:
			t.Errorf("severity %v: %s", is["severity"], b)
		}
		fp := is["fingerprint"].(string)
		if fingerprints[fp] {
			t.Errorf("fingerprint %s twice", fp)
		}
		fingerprints[fp] = true
		path := is["location"].(map[string]any)["path"].(string)
		if filepath.IsAbs(path) {
			t.Errorf("absolute path %s", path)
		}
		if _, err := os.Stat(strings.SplitN(path, ":", 2)[0]); err != nil {
			t.Errorf("path %s: %v", path, err)
		}
	}
	// The same games in another order, on other lines: the same fingerprints.
	data, err := os.ReadFile(td + "draughts/championnat-de-france-2021.pdn")
	if err != nil {
		t.Fatal(err)
	}
	games := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n\n[")
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pdn"), filepath.Join(dir, "b.pdn")
	os.WriteFile(a, data, 0o644)
	rev := games[len(games)-1]
	for i := len(games) - 2; i >= 0; i-- {
		rev += "\n\n\n[" + strings.TrimPrefix(games[i], "[")
	}
	os.WriteFile(b, []byte("["+strings.TrimPrefix(rev, "[")), 0o644)
	prints := func(file string) map[string]bool {
		wd, _ := os.Getwd()
		os.Chdir(dir)
		defer os.Chdir(wd)
		out, _, _ := arbiter(t, "", "check", "--format", "gitlab", filepath.Base(file))
		var issues []struct{ Fingerprint string }
		json.Unmarshal([]byte(out), &issues)
		set := map[string]bool{}
		for _, is := range issues {
			set[is.Fingerprint] = true
		}
		return set
	}
	pa := prints(a)
	if len(pa) < 10 {
		t.Fatalf("only %d issues", len(pa))
	}
	os.Rename(b, a) // the same name: the path is in the fingerprint
	pb := prints(a)
	for fp := range pa {
		if !pb[fp] {
			t.Errorf("fingerprint %s gone when the games were reordered", fp)
			break
		}
	}
	if out, _, _ := arbiter(t, "", "check", "--format", "gitlab", td+"draughts/championnat-de-france-2021.pdn", "--select", "illegal"); out != "[]\n" {
		t.Errorf("no finding: %q", out)
	}
}

// --format rdjson validates against reviewdog's published schema, counts
// columns in UTF-8 bytes as the format does, and has a diagnostic for
// each finding of --format json.
func TestRDJSON(t *testing.T) {
	s := compileSchema(t, ciSchemas+"reviewdog-rdjson.json")
	out, _, code := arbiter(t, "", append([]string{"check", "--format", "rdjson"}, allTestdata...)...)
	if code != 1 {
		t.Errorf("exit %d", code)
	}
	validateJSON(t, s, out)
	var res struct {
		Source      struct{ Name string }
		Diagnostics []struct {
			Message  string
			Severity string
			Code     struct{ Value string }
			Location struct {
				Path  string
				Range struct{ Start struct{ Line, Column int } }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	want, _ := jsonFindings(t, allTestdata...)
	if len(res.Diagnostics) != want || res.Source.Name != "arbiter" {
		t.Errorf("%d diagnostics from %q, --format json has %d findings", len(res.Diagnostics), res.Source.Name, want)
	}
	for _, d := range res.Diagnostics {
		if d.Code.Value == "" || d.Message == "" || d.Location.Range.Start.Line < 1 || d.Location.Range.Start.Column < 1 {
			t.Fatalf("incomplete: %+v", d)
		}
	}
	// A finding after Cyrillic letters on its line: its column in bytes
	// (rdjson) and in characters (the other formats).
	game := filepath.Join(t.TempDir(), "ru.pdn")
	line := `[White "Блиндер Б."] [Result "x"]`
	os.WriteFile(game, []byte(line+"\n1. c3-d4 f6-g5 *\n"), 0o644)
	chars := utf8.RuneCountInString(line[:strings.Index(line, `[Result`)]) + 1
	bytesCol := strings.Index(line, `[Result`) + 1
	out, _, _ = arbiter(t, "", "check", "--format", "rdjson", game)
	if !strings.Contains(out, `"range":{"start":{"line":1,"column":`+itoa(bytesCol)+`}}`) {
		t.Errorf("no finding at byte column %d:\n%s", bytesCol, out)
	}
	validateJSON(t, s, out)
	concise, _, _ := arbiter(t, "", "check", "--format", "concise", game)
	if !strings.Contains(concise, game+":1:"+itoa(chars)+": result-tag [") {
		t.Errorf("no finding at column %d:\n%s", chars, concise)
	}
	out, _, _ = arbiter(t, "", "check", "--format", "rdjson", td+"draughts/avignon-2014-game39.pdn", "--select", "illegal")
	validateJSON(t, s, out)
	if out != `{"source":{"name":"arbiter"},"diagnostics":[]}`+"\n" {
		t.Errorf("no finding: %q", out)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// --format concise: one line per finding, file:line:col: code [severity]
// message, as many as --format json has.
func TestConcise(t *testing.T) {
	out, _, code := arbiter(t, "", append([]string{"check", "--format", "concise"}, allTestdata...)...)
	if code != 1 {
		t.Errorf("exit %d", code)
	}
	form := regexp.MustCompile(`^[^\n]+:\d+:\d+: ([a-z][a-z0-9-]*) \[(error|warning|note)\] game \d+[^\n]*: [^\n]+$`)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	got := map[string]int{}
	for _, l := range lines {
		m := form.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("not concise: %q", l)
		}
		got[m[1]]++
	}
	want, codes := jsonFindings(t, allTestdata...)
	if len(lines) != want {
		t.Errorf("%d lines, --format json has %d findings", len(lines), want)
	}
	for c, n := range codes {
		if got[c] != n {
			t.Errorf("%s: %d lines, %d findings", c, got[c], n)
		}
	}
	if !strings.Contains(out, "bruno-vs-scan31-game11.pdn:17:28: illegal [error] game 1 (Crevat, Luc - Machtelinck, Kevin), move 32 (17-11): no piece on 17; legal: 32x43\n") {
		t.Errorf("no illegal line:\n%.500s", out)
	}
}
