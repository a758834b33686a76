package main

import (
	"archive/zip"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"arbiter/notation/pdn"
)

const vscodeDir = "../../editors/vscode"

// TestVSCodeExtension validates editors/vscode: its manifest names files
// that exist, its grammar's expressions compile (in the subset Go and
// TextMate's Oniguruma share) and mark every move of real records as a
// move; and, where node and npm are installed, the package is built with
// the npm registry's tools (vsce), which checks the manifest as the
// marketplace does.
func TestVSCodeExtension(t *testing.T) {
	var manifest struct {
		Main        string `json:"main"`
		Contributes struct {
			Languages []struct {
				ID            string   `json:"id"`
				Extensions    []string `json:"extensions"`
				Configuration string   `json:"configuration"`
			} `json:"languages"`
			Grammars []struct {
				Language, ScopeName, Path string
			} `json:"grammars"`
			Commands []struct {
				Command string `json:"command"`
			} `json:"commands"`
		} `json:"contributes"`
	}
	readJSON(t, filepath.Join(vscodeDir, "package.json"), &manifest)
	c := manifest.Contributes
	if len(c.Languages) != 1 || c.Languages[0].ID != "pdn" || len(c.Grammars) != 1 || c.Grammars[0].Language != "pdn" {
		t.Fatalf("package.json: languages %+v, grammars %+v", c.Languages, c.Grammars)
	}
	var langConf map[string]any
	readJSON(t, filepath.Join(vscodeDir, c.Languages[0].Configuration), &langConf)
	main, err := os.ReadFile(filepath.Join(vscodeDir, manifest.Main))
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range c.Commands {
		if !strings.Contains(string(main), `"`+cmd.Command+`"`) {
			t.Errorf("the command %s is contributed and not registered in %s", cmd.Command, manifest.Main)
		}
	}
	if !strings.Contains(string(main), `"lsp"`) {
		t.Errorf("%s does not start 'arbiter lsp'", manifest.Main)
	}

	var grammar map[string]any
	readJSON(t, filepath.Join(vscodeDir, c.Grammars[0].Path), &grammar)
	if grammar["scopeName"] != c.Grammars[0].ScopeName {
		t.Errorf("the grammar's scope %v, the manifest's %s", grammar["scopeName"], c.Grammars[0].ScopeName)
	}
	var moves []*regexp.Regexp
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, key := range []string{"match", "begin", "end"} {
				s, ok := v[key].(string)
				if !ok {
					continue
				}
				_, err := regexp.Compile(s)
				if err != nil {
					t.Errorf("the grammar's %s %q: %v", key, s, err)
					continue
				}
				if key == "match" && v["name"] == "variable.other.move.pdn" {
					moves = append(moves, regexp.MustCompile(`^(?:`+s+`)$`))
				}
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(grammar)
	for _, file := range []string{"draughts/championnat-de-france-2021.pdn", "draughts/russian-short-notation.pdn", "pdn/engine-log-padded-paths.pdn", "pdn/russian-upper-case.pdn"} {
		f, err := os.Open(td + file)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := pdn.ReadAll(f, file, pdn.Options{})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range recs {
			for _, m := range rec.Moves {
				matched := false
				for _, re := range moves {
					matched = matched || re.MatchString(m.Text)
				}
				if !matched {
					t.Errorf("%s: the grammar does not mark %q as a move", file, m.Text)
				}
			}
		}
	}

	node, errNode := exec.LookPath("node")
	npm, errNpm := exec.LookPath("npm")
	if errNode != nil || errNpm != nil {
		t.Skip("node and npm are not installed: the extension is not built")
	}
	if testing.Short() {
		t.Skip("building the extension installs its packages from the npm registry")
	}
	if out, err := exec.Command(node, "--check", filepath.Join(vscodeDir, manifest.Main)).CombinedOutput(); err != nil {
		t.Fatalf("node --check %s: %v\n%s", manifest.Main, err, out)
	}
	dir := t.TempDir()
	if out, err := exec.Command("cp", "-R", vscodeDir+"/.", dir).CombinedOutput(); err != nil {
		t.Fatalf("copying the extension: %v\n%s", err, out)
	}
	install := exec.Command(npm, "install", "--no-audit", "--no-fund", "--loglevel=error")
	install.Dir = dir
	if out, err := install.CombinedOutput(); err != nil {
		t.Skipf("npm install failed (is the registry reachable?): %v\n%s", err, out)
	}
	build := exec.Command(npm, "run", "package")
	build.Dir = dir
	out, err := build.CombinedOutput()
	if err != nil {
		t.Fatalf("npm run package: %v\n%s", err, out)
	}
	z, err := zip.OpenReader(filepath.Join(dir, "arbiter-pdn.vsix"))
	if err != nil {
		t.Fatalf("the package: %v\n%s", err, out)
	}
	defer z.Close()
	want := map[string]bool{"extension/package.json": false, "extension/extension.js": false, "extension/syntaxes/pdn.tmLanguage.json": false,
		"extension/node_modules/vscode-languageclient/package.json": false}
	for _, f := range z.File {
		if _, ok := want[f.Name]; ok {
			want[f.Name] = true
		}
	}
	for name, found := range want {
		if !found {
			t.Errorf("the package lacks %s", name)
		}
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
