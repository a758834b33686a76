//go:build !(js && wasm)

package main

import (
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"

	"arbiter/referee/report"
)

var update = flag.Bool("update", false, "write web/index.html's policy with the report's hashes")

// The page's Content-Security-Policy allows no connection and runs only
// its own files and the report's script and style, named by their hashes:
// those of the report arbiter writes now (go test ./cmd/arbiter-wasm
// -update writes them when the report's script or style changed).
func TestPagePolicy(t *testing.T) {
	const page = "../../web/index.html"
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	script := regexp.MustCompile(`(script-src 'self' 'wasm-unsafe-eval') [^;"]*;`)
	style := regexp.MustCompile(`(style-src 'self') [^;"]*;`)
	want := script.ReplaceAllString(text, "$1 '"+report.HTMLScriptHash()+"';")
	want = style.ReplaceAllString(want, "$1 '"+report.HTMLStyleHash()+"';")
	if *update {
		if err := os.WriteFile(page, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		text = want
	}
	if text != want {
		t.Errorf("web/index.html's policy does not name the report's script and style as they are now: go test ./cmd/arbiter-wasm -update")
	}
	csp := regexp.MustCompile(`http-equiv="Content-Security-Policy" content="([^"]*)"`).FindStringSubmatch(text)
	if csp == nil {
		t.Fatal("web/index.html has no Content-Security-Policy")
	}
	for _, d := range []string{"default-src 'none'", "connect-src 'none'", "form-action 'none'", "base-uri 'none'"} {
		if !strings.Contains(csp[1], d) {
			t.Errorf("the policy has no %s: %s", d, csp[1])
		}
	}
}
