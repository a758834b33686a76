package main

import (
	"os"
	"strings"
	"testing"
)

func TestCaretDisplayWidth(t *testing.T) {
	tests := []struct {
		line string
		col  int
		want string
	}{
		{"1. 32-28 19-23", 10, "         ^"},
		{"{好棋} 19-23", 6, "       ^"},         // two wide characters: 4 cells for 2 characters
		{"{cafe\u0301} 19-23", 9, "       ^"}, // e + combining acute: one cell for 2 characters
		{"\t{王}\t19-23", 6, "\t    \t^"},      // tabs kept, widths between them
		{"Ｆｕｌｌ 32-28", 6, "         ^"},       // fullwidth Latin
		{"a", 1, "^"},
	}
	for _, tc := range tests {
		if got := caret(tc.line, tc.col); got != tc.want {
			t.Errorf("caret(%q, %d) = %q, want %q", tc.line, tc.col, got, tc.want)
		}
	}
}

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
