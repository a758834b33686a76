package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The composite action's shell steps, run as a GitHub runner would run them
// (the setup-go step is the toolchain this test already has): it builds
// arbiter, annotates, writes the SARIF log and fails on an error.
func TestActionYAML(t *testing.T) {
	if testing.Short() {
		t.Skip("builds arbiter")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	raw, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Inputs map[string]struct{ Default string }
		Runs   struct {
			Using string
			Steps []struct {
				Uses, Run, Shell string
				WorkingDirectory string `yaml:"working-directory"`
				Env              map[string]string
			}
		}
	}
	if err := yaml.Unmarshal(raw, &action); err != nil {
		t.Fatal(err)
	}
	if action.Runs.Using != "composite" {
		t.Fatalf("runs.using %q", action.Runs.Using)
	}
	root, _ := filepath.Abs("../..")
	tmp := t.TempDir()
	sarifPath := filepath.Join(tmp, "out.sarif")
	inputs := map[string]string{}
	for k, v := range action.Inputs {
		inputs[k] = v.Default
	}
	inputs["paths"] = filepath.Join(root, "testdata/draughts")
	inputs["sarif"] = sarifPath
	expr := regexp.MustCompile(`\$\{\{\s*([a-z._-]+)\s*\}\}`)
	subst := func(s string) string {
		return expr.ReplaceAllStringFunc(s, func(m string) string {
			name := expr.FindStringSubmatch(m)[1]
			if name == "github.action_path" {
				return root
			}
			if v, ok := strings.CutPrefix(name, "inputs."); ok {
				return inputs[v]
			}
			t.Fatalf("unknown expression %s", m)
			return ""
		})
	}
	var last []byte
	var lastErr error
	for _, st := range action.Runs.Steps {
		if st.Run == "" {
			continue
		}
		if st.Shell != "bash" {
			t.Errorf("step shell %q, want bash", st.Shell)
		}
		cmd := exec.Command(bash, "-e", "-c", subst(st.Run))
		cmd.Dir = root
		if st.WorkingDirectory != "" {
			cmd.Dir = subst(st.WorkingDirectory)
		}
		cmd.Env = append(os.Environ(), "RUNNER_TEMP="+tmp, "GITHUB_STEP_SUMMARY="+filepath.Join(tmp, "summary.md"))
		for k, v := range st.Env {
			cmd.Env = append(cmd.Env, k+"="+subst(v))
		}
		last, lastErr = cmd.CombinedOutput()
		if strings.Contains(st.Run, "go build") && lastErr != nil {
			t.Fatalf("build step: %v\n%s", lastErr, last)
		}
	}
	if ee, ok := lastErr.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Errorf("check step: %v (want exit 1: bruno-vs-scan31 has an illegal move)\n%s", lastErr, last)
	}
	if !strings.Contains(string(last), "::error file=") {
		t.Errorf("no annotation:\n%s", last)
	}
	if b, err := os.ReadFile(sarifPath); err != nil || !strings.Contains(string(b), `"ruleId": "illegal"`) {
		t.Errorf("SARIF log: %v\n%.300s", err, b)
	}
	if b, err := os.ReadFile(filepath.Join(tmp, "summary.md")); err != nil || !strings.Contains(string(b), "### arbiter check") {
		t.Errorf("job summary: %v\n%s", err, b)
	}
}

// The pre-commit hook names a command arbiter has, on the files it reads.
func TestPreCommitHook(t *testing.T) {
	raw, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID, Entry, Language, Files string
	}
	if err := yaml.Unmarshal(raw, &hooks); err != nil {
		t.Fatal(err)
	}
	if len(hooks) != 1 || hooks[0].Language != "golang" {
		t.Fatalf("hooks: %+v", hooks)
	}
	h := hooks[0]
	args := strings.Fields(h.Entry)
	if args[0] != "arbiter" {
		t.Fatalf("entry %q", h.Entry)
	}
	files := regexp.MustCompile(h.Files)
	for name, want := range map[string]bool{"a.pdn": true, "b/c.pgn": true, "d.pdn.gz": true, "README.md": false, "x.pdnx": false} {
		if files.MatchString(name) != want {
			t.Errorf("files %q on %s: %v", h.Files, name, !want)
		}
	}
	_, errOut, code := arbiter(t, "", append(args[1:], td+"draughts/avignon-2014-game39.pdn")...)
	if code != 0 {
		t.Errorf("%s: exit %d\n%s", h.Entry, code, errOut)
	}
}
