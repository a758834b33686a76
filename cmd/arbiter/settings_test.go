package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/referee/config"
)

// A config two folders up that ignores illegal makes an illegal game
// valid: never silently. Standard error counts the errors it kept out; -v
// names it; the JSON report names it per game and the SARIF log in its
// run's properties; --show-settings says where each setting comes from;
// --isolated reads no config and --config FILE reads that one instead.
func TestConfigVisible(t *testing.T) {
	root := t.TempDir()
	put := func(name, data string) string {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bruno, _ := os.ReadFile(td + "draughts/bruno-vs-scan31-game11.pdn")
	cfgFile := put(".arbiter.yaml", "# the club's\nignore: [illegal]\nvariations: error\n")
	game := put("a/b/bruno.pdn", string(bruno))
	other := put("elsewhere/strict.yaml", "select: [no-terminator, illegal]\n")
	shown := config.DisplayPath(cfgFile)
	const illegal = "error[illegal]: game 1 (Crevat, Luc - Machtelinck, Kevin), move 32 (17-11): no piece on 17"
	hiddenLine := "arbiter: 1 error not reported: " + shown + ":2 ignores illegal (--show-settings FILE says what applies to a file; --isolated reads no config)\n"

	for _, tc := range []struct {
		name                string
		args                []string
		code                int
		stdout, stderr, not []string
		jsonConfig          string // the config field of every JSON object ("-" when not JSON)
		sarifConfigs        string // the run's configFiles, as JSON ("" when not SARIF)
	}{
		{name: "the config applies, and standard error says what it hid", args: []string{game}, code: 0,
			stderr: []string{hiddenLine}, not: []string{illegal}, jsonConfig: "-"},
		{name: "-v names it", args: []string{"-v", game}, code: 0,
			stderr: []string{"arbiter: settings from " + shown + " for 1 input of 1: ignore illegal; variations error\n", hiddenLine}, jsonConfig: "-"},
		{name: "-q says nothing", args: []string{"-q", game}, code: 0, not: []string{"not reported"}, jsonConfig: "-"},
		{name: "--isolated reads none", args: []string{"--isolated", "-v", game}, code: 1,
			stdout: []string{illegal}, stderr: []string{"arbiter: --isolated: no config file read\n"}, not: []string{"not reported"}, jsonConfig: "-"},
		{name: "a flag wins, and nothing was hidden by the file", args: []string{"--ignore", "illegal", game}, code: 0,
			not: []string{"not reported", illegal}, jsonConfig: "-"},
		{name: "--config reads that file instead", args: []string{"--config", other, "-v", game}, code: 1,
			stdout: []string{illegal}, stderr: []string{"arbiter: settings from " + config.DisplayPath(other) + " for 1 input of 1: select no-terminator,illegal\n"}, not: []string{"not reported"}, jsonConfig: "-"},
		{name: "JSON names each game's config", args: []string{"--format", "json", game}, code: 0, jsonConfig: shown},
		{name: "JSON without one has no config field", args: []string{"--format", "json", "--isolated", game}, code: 1, jsonConfig: ""},
		{name: "SARIF lists the config files", args: []string{"--format", "sarif", game}, code: 0, jsonConfig: "-", sarifConfigs: `["` + shown + `"]`},
		{name: "SARIF under --isolated lists none", args: []string{"--format", "sarif", "--isolated", game}, code: 1, jsonConfig: "-", sarifConfigs: `[]`},
		{name: "--config and --isolated", args: []string{"--config", other, "--isolated", game}, code: exitUsage,
			stderr: []string{"arbiter: give --config FILE or --isolated, not both"}, jsonConfig: "-"},
		{name: "--config of no file", args: []string{"--config", filepath.Join(root, "nope.yaml"), game}, code: exitUsage,
			stderr: []string{"arbiter: --config " + filepath.Join(root, "nope.yaml") + ": no such file or directory"}, jsonConfig: "-"},
		{name: "--config of a bad file", args: []string{"--config", put("bad.yaml", "ignor: [x]\n"), game}, code: exitUsage,
			stderr: []string{filepath.Join(root, "bad.yaml") + ":1: unknown key ignor"}, jsonConfig: "-"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := arbiter(t, "", append([]string{"check", "--no-board"}, tc.args...)...)
			if code != tc.code {
				t.Errorf("exit %d, want %d\n%s%s", code, tc.code, out, errOut)
			}
			for _, want := range tc.stdout {
				if !strings.Contains(out, want) {
					t.Errorf("no %q in stdout:\n%s", want, out)
				}
			}
			for _, want := range tc.stderr {
				if !strings.Contains(errOut, want) {
					t.Errorf("no %q in stderr:\n%s", want, errOut)
				}
			}
			for _, not := range tc.not {
				if strings.Contains(out+errOut, not) {
					t.Errorf("%q in\n%s%s", not, out, errOut)
				}
			}
			if tc.jsonConfig != "-" {
				var obj struct {
					Config *string `json:"config"`
				}
				if err := json.Unmarshal([]byte(out), &obj); err != nil {
					t.Fatal(err)
				}
				if got := ""; obj.Config != nil && *obj.Config != tc.jsonConfig || obj.Config == nil && tc.jsonConfig != got {
					t.Errorf("config %v, want %q", obj.Config, tc.jsonConfig)
				}
				validateJSON(t, compileSchema(t, "../../docs/report.schema.json"), strings.TrimSpace(out))
			}
			if tc.sarifConfigs != "" {
				var log struct {
					Runs []struct {
						Properties map[string]json.RawMessage `json:"properties"`
					} `json:"runs"`
				}
				if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
					t.Fatalf("%v: %.300s", err, out)
				}
				var compact bytes.Buffer
				json.Compact(&compact, log.Runs[0].Properties["configFiles"])
				if got := compact.String(); got != tc.sarifConfigs {
					t.Errorf("configFiles %s, want %s", got, tc.sarifConfigs)
				}
			}
		})
	}
}

// --show-settings PATH: each setting, its value and where it comes from
// (a flag, a config file's line, the default); it checks nothing.
func TestShowSettings(t *testing.T) {
	root := t.TempDir()
	put := func(name, data string) string {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cfg := put(".arbiter.yaml", "variants:\n  \"english/**\": english\nignore: [illegal]\n")
	eng := put("english/old/a.pdn", "1. 11-15 23-19 *\n")
	intl := put("intl/b.pdn", "1. 32-28 *\n")
	shown := config.DisplayPath(cfg)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{eng}, []string{
			"arbiter check settings for " + eng + ":\n",
			"  config           " + shown + "  the nearest .arbiter.yaml (the file's folder, then each folder above)\n",
			"  default-variant  english  " + shown + `:2 (variants "english/**")` + "\n",
			"  ignore           illegal  " + shown + ":3\n",
			"  select           every code  default\n",
			"  variations       warn  default\n",
			"  variant          none  default: each record's Variant or GameType tag, else its squares and moves\n",
		}},
		{[]string{intl, "--ignore", "leading-zero", "--variations", "error"}, []string{
			"  default-variant  none  default\n",
			"  ignore           leading-zero  --ignore (command line)\n",
			"  variations       error  --variations (command line)\n",
		}},
		{[]string{eng, "--variant", "russian"}, []string{
			"  variant          russian  --variant (command line)\n",
			"  default-variant  none  not used: --variant chooses for every record\n",
		}},
		{[]string{eng, "--isolated"}, []string{
			"  config           none  --isolated (command line)\n",
			"  default-variant  none  default\n",
			"  ignore           none  default\n",
		}},
	} {
		out, errOut, code := arbiter(t, "", append([]string{"check", "--show-settings"}, tc.args...)...)
		if code != 0 || errOut != "" {
			t.Errorf("%v: exit %d, %s", tc.args, code, errOut)
		}
		squeezed := squeezeSpaces(out)
		for _, w := range tc.want {
			if !strings.Contains(squeezed, squeezeSpaces(w)) {
				t.Errorf("%v: no %q in\n%s", tc.args, w, out)
			}
		}
	}
	_, errOut, code := arbiter(t, "", "check", "--show-settings", filepath.Join(root, "nope.pdn"))
	if code != exitUsage || !strings.Contains(errOut, "--show-settings "+filepath.Join(root, "nope.pdn")+": no such file or directory") {
		t.Errorf("a missing path: exit %d, %s", code, errOut)
	}
}

func squeezeSpaces(s string) string {
	for strings.Contains(s, "   ") {
		s = strings.ReplaceAll(s, "   ", "  ")
	}
	return s
}

// The config flags are whole: help (with the config file's lookup),
// completion, man page and README.
func TestConfigFlagsDocumented(t *testing.T) {
	help, _, _ := arbiter(t, "", "check", "--help")
	words, _, _ := arbiter(t, "", "check", "--", completeFlag)
	man, _ := os.ReadFile("../../arbiter.1")
	readme, _ := os.ReadFile("../../README.md")
	for _, want := range []string{".arbiter.yaml nearest to each input (its folder, then each folder above)", "--config FILE reads that file for every input instead; --isolated reads none."} {
		if !strings.Contains(help, want) {
			t.Errorf("check --help does not say %q", want)
		}
	}
	for _, flag := range []string{"--config", "--isolated", "--show-settings"} {
		if !strings.Contains(help, flag) {
			t.Errorf("check --help has no %s", flag)
		}
		if !strings.Contains(words, flag+"\n") {
			t.Errorf("completion does not offer %s", flag)
		}
		if !strings.Contains(string(man), `\fB`+flag+`\fP`) {
			t.Errorf("arbiter.1 has no %s", flag)
		}
		if !strings.Contains(string(readme), "`"+flag) {
			t.Errorf("README has no row for %s", flag)
		}
	}
}
