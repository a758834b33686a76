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
				ID, Name, Uses, Run, Shell string
				WorkingDirectory           string `yaml:"working-directory"`
				Env                        map[string]string
				With                       map[string]string
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
	outputs := map[string]string{} // steps.ID.outputs.NAME
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
			if v, ok := outputs[name]; ok {
				return v
			}
			t.Fatalf("unknown expression %s", m)
			return ""
		})
	}
	// The steps twice, as two runs of a workflow: the second finds the
	// binary the first built (the cache's job), and builds nothing.
	var cacheKey string
	for round := 1; round <= 2; round++ {
		var last []byte
		var lastErr error
		for _, st := range action.Runs.Steps {
			if st.Uses != "" {
				if strings.HasPrefix(st.Uses, "actions/cache@") {
					cacheKey = subst(st.With["key"])
					if paths := subst(st.With["path"]); !strings.Contains(paths, outputs["steps.build-key.outputs.gocache"]) || outputs["steps.build-key.outputs.gocache"] == "" {
						t.Errorf("the cache holds %q, not Go's build cache", paths)
					}
				}
				continue
			}
			if st.Shell != "bash" {
				t.Errorf("step shell %q, want bash", st.Shell)
			}
			outFile := filepath.Join(tmp, "github-output")
			os.WriteFile(outFile, nil, 0o644)
			cmd := exec.Command(bash, "-e", "-c", subst(st.Run))
			cmd.Dir = root
			if st.WorkingDirectory != "" {
				cmd.Dir = subst(st.WorkingDirectory)
			}
			cmd.Env = append(os.Environ(), "RUNNER_TEMP="+tmp, "RUNNER_OS=Linux", "RUNNER_ARCH=X64", "GITHUB_OUTPUT="+outFile, "GITHUB_STEP_SUMMARY="+filepath.Join(tmp, "summary.md"))
			for k, v := range st.Env {
				cmd.Env = append(cmd.Env, k+"="+subst(v))
			}
			last, lastErr = cmd.CombinedOutput()
			if st.Name == "build arbiter" {
				if lastErr != nil {
					t.Fatalf("build step: %v\n%s", lastErr, last)
				}
				if cached := strings.Contains(string(last), "from the cache"); cached != (round == 2) {
					t.Errorf("run %d: the binary from the cache: %v\n%s", round, cached, last)
				}
			}
			b, _ := os.ReadFile(outFile)
			for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
				if k, v, ok := strings.Cut(line, "="); ok && st.ID != "" {
					outputs["steps."+st.ID+".outputs."+k] = v
				}
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
	if !regexp.MustCompile(`^arbiter-Linux-X64-go1\.\d+[^-]*-[0-9a-f]{20}$`).MatchString(cacheKey) {
		t.Errorf("cache key %q", cacheKey)
	}
}

// The pre-commit hooks name a command arbiter has, on the files it reads:
// one built by pre-commit (once per rev), one that uses the arbiter on PATH.
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
	if len(hooks) != 2 || hooks[0].ID != "arbiter-check" || hooks[0].Language != "golang" || hooks[1].ID != "arbiter-check-installed" || hooks[1].Language != "system" {
		t.Fatalf("hooks: %+v", hooks)
	}
	for _, h := range hooks {
		args := strings.Fields(h.Entry)
		if args[0] != "arbiter" {
			t.Fatalf("entry %q", h.Entry)
		}
		files := regexp.MustCompile(h.Files)
		for name, want := range map[string]bool{"a.pdn": true, "b/c.pgn": true, "d.pdn.gz": true, "README.md": false, "x.pdnx": false} {
			if files.MatchString(name) != want {
				t.Errorf("%s: files %q on %s: %v", h.ID, h.Files, name, !want)
			}
		}
		_, errOut, code := arbiter(t, "", append(args[1:], td+"draughts/avignon-2014-game39.pdn")...)
		if code != 0 {
			t.Errorf("%s: exit %d\n%s", h.Entry, code, errOut)
		}
	}
}
