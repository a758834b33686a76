package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// frames writes messages as a language client frames them; a message
// with an id is a request.
func frames(msgs ...map[string]any) string {
	var b strings.Builder
	for _, m := range msgs {
		m["jsonrpc"] = "2.0"
		body, _ := json.Marshal(m)
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	return b.String()
}

func TestLSPCommand(t *testing.T) {
	initialize := map[string]any{"id": 1, "method": "initialize", "params": map[string]any{"capabilities": map[string]any{}}}
	shutdown := map[string]any{"id": 2, "method": "shutdown"}
	exit := map[string]any{"method": "exit"}
	for _, tc := range []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout string // a substring
		stderr string
	}{
		{"a whole session", nil, frames(initialize, shutdown, exit), 0, `"serverInfo":{"name":"arbiter"`, ""},
		{"exit without shutdown", nil, frames(initialize, exit), 1, `"capabilities"`, ""},
		{"the stream ends", nil, frames(initialize), 1, `"capabilities"`, ""},
		{"not framed", nil, "hello\r\n\r\n", 2, "", "lsp: bad message framing"},
		{"an argument", []string{"x.pdn"}, "", 2, "", "lsp takes no arguments"},
		{"a bad variant", []string{"--variant", "nonsense"}, "", 2, "", "nonsense"},
	} {
		stdout, stderr, code := arbiter(t, tc.stdin, append([]string{"lsp"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stdout, tc.stdout) || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%s: exit %d, want %d\nstdout: %s\nstderr: %s", tc.name, code, tc.code, stdout, stderr)
		}
	}
}

// TestLSPCollector: the language server collects at twice its live heap,
// without check's soft limit (see serverCollector).
func TestLSPCollector(t *testing.T) {
	if os.Getenv("GOMEMLIMIT") != "" || os.Getenv("GOGC") != "" {
		t.Skip("GOMEMLIMIT or GOGC set: they win")
	}
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	initialize := map[string]any{"id": 1, "method": "initialize", "params": map[string]any{"capabilities": map[string]any{}}}
	if _, stderr, code := arbiter(t, frames(initialize, map[string]any{"id": 2, "method": "shutdown"}, map[string]any{"method": "exit"}), "lsp"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if limit := debug.SetMemoryLimit(-1); limit != math.MaxInt64 {
		t.Errorf("memory limit %d during lsp, want none", limit)
	}
	percent := debug.SetGCPercent(100)
	if percent != 100 {
		t.Errorf("GC percent %d during lsp, want 100", percent)
	}
}

// TestLSPCompletion: the shell completes the command and its flags.
func TestLSPCompletion(t *testing.T) {
	app := newApp(strings.NewReader(""), &strings.Builder{}, &strings.Builder{})
	for _, tc := range []struct {
		words []string
		want  string
	}{
		{[]string{""}, "lsp"},
		{[]string{"lsp", "--"}, "--default-variant"},
		{[]string{"lsp", "--"}, "--isolated"},
		{[]string{"lsp", "--variant", ""}, "international"},
		{[]string{"lsp", "--ignore", ""}, "no-terminator"},
	} {
		got := complete(app, tc.words)
		found := false
		for _, w := range got {
			found = found || w == tc.want
		}
		if !found {
			t.Errorf("completing %q: %q lacks %q", tc.words, got, tc.want)
		}
	}
}

// TestLSPConfig: a document is checked under the .arbiter.yaml nearest
// to it, as check would check the file, and the command line's flags over
// it.
func TestLSPConfig(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".arbiter.yaml"), []byte("ignore: [no-terminator]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(td + "draughts/bruno-vs-scan31-game11.pdn")
	if err != nil {
		t.Fatal(err)
	}
	open := func(name string) map[string]any {
		return map[string]any{"method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{
			"uri": "file://" + filepath.Join(dir, name), "languageId": "pdn", "version": 1, "text": string(text)}}}
	}
	session := frames(map[string]any{"id": 1, "method": "initialize", "params": map[string]any{}}, open("game.pdn"),
		map[string]any{"id": 2, "method": "shutdown"}, map[string]any{"method": "exit"})
	for _, tc := range []struct {
		args          []string
		terminator    bool
		illegal       bool
		unknownEscape bool
	}{
		{nil, false, true, true},
		{[]string{"--isolated"}, true, true, true},
		{[]string{"--ignore", "illegal"}, true, false, true}, // the flag replaces the file's ignore, as check's does
	} {
		stdout, stderr, code := arbiter(t, session, append([]string{"lsp"}, tc.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, stderr)
		}
		for _, c := range []struct {
			code string
			want bool
		}{{"no-terminator", tc.terminator}, {"illegal", tc.illegal}, {"unknown-escape", tc.unknownEscape}} {
			if got := strings.Contains(stdout, `"code":"`+c.code+`"`); got != c.want {
				t.Errorf("%v: a %s diagnostic: %v, want %v", tc.args, c.code, got, c.want)
			}
		}
	}
}

// TestNeovim: Neovim's own LSP client, headless, against the program
// (Debian's package: apt-get install neovim): diagnostics, hover, a quick
// fix applied, completion, symbols, the first error.
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim is not installed (apt-get install neovim): the Neovim end-to-end test is skipped")
	}
	if testing.Short() {
		t.Skip("builds the program")
	}
	bin := buildArbiter(t)
	dir := t.TempDir()
	pdn := filepath.Join(dir, "bruno.pdn")
	text, err := os.ReadFile(td + "draughts/bruno-vs-scan31-game11.pdn")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pdn, text, 0o644); err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs("testdata/nvim-lsp.lua")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	cmd := exec.Command(nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile "+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ARBITER="+bin, "PDN="+pdn, "OUT="+out, "XDG_STATE_HOME="+dir, "XDG_CACHE_HOME="+dir)
	msgs, err := cmd.CombinedOutput()
	got, _ := os.ReadFile(out)
	if err != nil {
		t.Fatalf("nvim: %v\n%s\n%s", err, msgs, got)
	}
	golden(t, "lsp-neovim.txt", string(got))
}

// TestScreenshots takes the README's picture of the language server in an
// editor: Neovim in an xterm on a virtual X display (Debian's neovim,
// xvfb, xterm and imagemagick), with the README's set-up
// (editors/neovim/arbiter.lua), a record's diagnostics and a move's
// hover. It runs when ARBITER_SCREENSHOTS names the folder to write to:
// ARBITER_SCREENSHOTS=$PWD/docs/images go test ./cmd/arbiter -run Screenshots
func TestScreenshots(t *testing.T) {
	outDir := os.Getenv("ARBITER_SCREENSHOTS")
	if outDir == "" {
		t.Skip("ARBITER_SCREENSHOTS is not set")
	}
	tools := map[string]string{}
	for _, name := range []string{"nvim", "Xvfb", "xterm", "import"} {
		p, err := exec.LookPath(name)
		if err != nil {
			t.Skipf("%s is not installed (apt-get install neovim xvfb xterm imagemagick)", name)
		}
		tools[name] = p
	}
	bin := buildArbiter(t)
	dir := t.TempDir()
	pdnFile := filepath.Join(dir, "bruno-vs-scan31-game11.pdn")
	text, err := os.ReadFile(td + "draughts/bruno-vs-scan31-game11.pdn")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pdnFile, text, 0o644); err != nil {
		t.Fatal(err)
	}
	// Xvfb says its display number on a pipe when it is ready.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	xvfb := exec.Command(tools["Xvfb"], "-displayfd", "3", "-screen", "0", "1400x860x24", "-nolisten", "tcp")
	xvfb.ExtraFiles = []*os.File{w}
	if err := xvfb.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	defer func() { xvfb.Process.Kill(); xvfb.Wait() }()
	buf := make([]byte, 16)
	n, _ := r.Read(buf)
	display := ":" + strings.TrimSpace(string(buf[:n]))
	if display == ":" {
		t.Fatal("Xvfb gave no display")
	}
	config, _ := filepath.Abs("../../editors/neovim/arbiter.lua")
	script, _ := filepath.Abs("testdata/nvim-screenshot.lua")
	ready := filepath.Join(dir, "ready")
	term := exec.Command(tools["xterm"], "-geometry", "150x40+0+0", "-fa", "Monospace", "-fs", "11", "-bg", "#1e1e1e", "-fg", "#d4d4d4",
		"-e", tools["nvim"], "-u", script, "-i", "NONE", "-n", pdnFile)
	term.Dir = dir
	term.Env = append(os.Environ(), "DISPLAY="+display, "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"CONFIG="+config, "READY="+ready, "XDG_STATE_HOME="+dir, "XDG_CACHE_HOME="+dir, "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir)
	if err := term.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { term.Process.Kill(); term.Wait() }()
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if _, err := os.Stat(ready); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("Neovim did not show the diagnostics and the hover within a minute")
		}
	}
	time.Sleep(500 * time.Millisecond)
	shot := filepath.Join(outDir, "lsp-neovim.png")
	if out, err := exec.Command(tools["import"], "-display", display, "-window", "root", "-crop", "1350x730+0+0", shot).CombinedOutput(); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	t.Logf("wrote %s", shot)
}
