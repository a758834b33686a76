package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestColor(t *testing.T) {
	bruno := td + "draughts/bruno-vs-scan31-game11.pdn"
	out, _, _ := arbiter(t, "", "check", "--no-board", bruno)
	if strings.Contains(out, "\x1b[") {
		t.Errorf("colour in a pipe (auto):\n%q", out)
	}
	out, _, _ = arbiter(t, "", "check", "--no-board", "--color", "always", bruno)
	if !strings.Contains(out, "\x1b[31;1merror[illegal]\x1b[0;22m") {
		t.Errorf("--color always: no red error:\n%q", out)
	}
	t.Setenv("NO_COLOR", "1")
	out, _, _ = arbiter(t, "", "check", "--no-board", "--color", "never", bruno)
	if strings.Contains(out, "\x1b[") {
		t.Errorf("--color never:\n%q", out)
	}
	if on, _ := useColor("auto", os.Stdout); on {
		t.Errorf("auto with NO_COLOR set is on")
	}
	_, errOut, code := arbiter(t, "", "check", "--color", "sometimes", bruno)
	if code != 2 || !strings.Contains(errOut, `unknown --color "sometimes"`) {
		t.Errorf("exit %d, %q", code, errOut)
	}
}

// No progress bar where standard error is not a terminal (tests, pipes, CI).
func TestNoProgressInPipes(t *testing.T) {
	if p := newProgress(os.Stderr, false); p.enabled && os.Getenv("CI") != "" {
		t.Errorf("progress enabled under CI")
	}
	_, errOut, _ := arbiter(t, "", "check", td+"draughts")
	if !summaryLine.MatchString(errOut) {
		t.Errorf("stderr is not only the summary: %q", errOut)
	}
}

// The man page names every visible command, and man(1) renders it without
// a complaint.
func TestManPage(t *testing.T) {
	page, _, code := arbiter(t, "", "man")
	if code != 0 || !strings.Contains(page, `.TH arbiter 1`) {
		t.Fatalf("exit %d:\n%.300s", code, page)
	}
	for _, c := range commands() {
		if !c.Hidden && !strings.Contains(page, "\n# "+c.Name+"\n") && !strings.Contains(page, ".SH "+c.Name) && !strings.Contains(page, "\n"+c.Name+"\n") {
			t.Errorf("no section for %s", c.Name)
		}
	}
	man, err := exec.LookPath("man")
	if err != nil {
		t.Skip("no man(1): the page is not rendered")
	}
	p := filepath.Join(t.TempDir(), "arbiter.1")
	os.WriteFile(p, []byte(page), 0o644)
	cmd := exec.Command(man, "-l", p)
	cmd.Env = append(os.Environ(), "MANWIDTH=80", "MANPAGER=cat", "PAGER=cat")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || stderr.Len() > 0 || !strings.Contains(string(out), "a referee for recorded board games") {
		t.Errorf("man -l: %v\n%s\n%.500s", err, stderr.String(), out)
	}
}

// The bash completion script, loaded in bash, completes commands and a
// command's flags by asking arbiter.
func TestBashCompletion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds arbiter")
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	if b, err := exec.Command("go", "build", "-o", filepath.Join(dir, "arbiter"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	script, _, _ := arbiter(t, "", "completion", "bash")
	complete := func(words ...string) string {
		t.Helper()
		line := `eval "$(arbiter completion bash)"; COMP_WORDS=(` + strings.Join(words, " ") + `); COMP_CWORD=$((${#COMP_WORDS[@]}-1)); _arbiter_complete; echo "${COMPREPLY[*]}"`
		cmd := exec.Command(bash, "--norc", "-c", line)
		cmd.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return strings.TrimSpace(string(out))
	}
	if !strings.Contains(script, "complete -o default") {
		t.Fatalf("script:\n%s", script)
	}
	if got := complete("arbiter", "ch"); got != "check" {
		t.Errorf("arbiter ch<TAB>: %q", got)
	}
	if got := complete("arbiter", "check", "--for"); got != "--format" {
		t.Errorf("arbiter check --for<TAB>: %q", got)
	}
	if got := complete("arbiter", "check", "games.pdn", "--format", "sa"); got != "sarif" {
		t.Errorf("arbiter check games.pdn --format sa<TAB>: %q", got)
	}
	if got := complete("arbiter", "explain", "partial"); got != "partial-path" {
		t.Errorf("arbiter explain partial<TAB>: %q", got)
	}
	if got := complete("arbiter", "check", "--default-variant", "eng"); got != "english" {
		t.Errorf("arbiter check --default-variant eng<TAB>: %q", got)
	}
}
