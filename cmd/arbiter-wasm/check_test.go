//go:build !(js && wasm)

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"arbiter/referee/report"
)

// The page shows the report 'arbiter check --format html' writes, byte for
// byte: the same files, beside an .arbiter.yaml holding the form's fields.
func TestSameReportAsTheCommandLine(t *testing.T) {
	if _, ok := report.Lookup("html"); !ok {
		t.Skip("the html format is not in referee/report yet (it moves there once the html-diagrams branch lands)")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build arbiter with")
	}
	bin := filepath.Join(t.TempDir(), "arbiter")
	if out, err := exec.Command(goBin, "build", "-o", bin, "../arbiter").CombinedOutput(); err != nil {
		t.Fatalf("building arbiter: %v\n%s", err, out)
	}
	names := []string{"draughts/bruno-vs-scan31-game11.pdn", "draughts/championnat-de-france-2021.pdn", "morris/sanmill_2026-07-20_human_vs_ai.pgn"}
	for _, tc := range []struct {
		name   string
		fields map[string]string
		yaml   string
	}{
		{"no settings", nil, ""},
		{"settings", map[string]string{"ignore": "no-terminator, unknown-escape", "severity": "illegal: warning", "per-file": `"*.pgn": {variations: error}`},
			"ignore: [no-terminator, unknown-escape]\nseverity:\n  illegal: warning\nper-file:\n  \"*.pgn\": {variations: error}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var files []file
			args := []string{"check", "--format", "html"}
			for _, n := range names {
				data, err := os.ReadFile(td + n)
				if err != nil {
					t.Fatal(err)
				}
				base := filepath.Base(n)
				os.WriteFile(filepath.Join(dir, base), data, 0o644)
				files = append(files, file{base, data})
				args = append(args, base)
			}
			if tc.yaml != "" {
				os.WriteFile(filepath.Join(dir, ".arbiter.yaml"), []byte(tc.yaml), 0o644)
			}
			cmd := exec.Command(bin, args...)
			cmd.Dir = dir
			var want bytes.Buffer
			cmd.Stdout = &want
			cmd.Run() // exit 1: the records have errors
			got := checkFiles(files, tc.fields)
			if got.err != "" || got.fieldErrors != nil {
				t.Fatalf("%s %v", got.err, got.fieldErrors)
			}
			if want.Len() < 1000 || got.html != want.String() {
				t.Errorf("the page's report (%d bytes) is not the command line's (%d bytes)", len(got.html), want.Len())
			}
		})
	}
}
