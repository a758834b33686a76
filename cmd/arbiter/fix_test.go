package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"arbiter/notation/safefile"
)

// tinsley is a real record with a certain fix: 62. 32-28 is 28-32.
const (
	tinsley      = "draughts/tinsley-petal-1981-game18.pdn"
	tinsleyWas   = "62. 32-28 27-24"
	tinsleyFixed = "62. 28-32 {was: 32-28} 27-24"
)

// arbiter fix on real records: the diff of the fixes made (standard
// output), what was fixed and what was left alone (standard error).
func TestFixGolden(t *testing.T) {
	out, errOut, code := arbiter(t, "", "fix", td+tinsley, td+"draughts/schildpad-game3.pdn", td+"draughts/bruno-vs-scan31-game11.pdn", td+"draughts/championnat-de-france-2021.pdn")
	if code != exitFindings {
		t.Errorf("exit %d, want 1 (bruno's error is left)", code)
	}
	golden(t, "fix-diff.txt", out+"--- standard error\n"+errOut)
}

func TestFixWrites(t *testing.T) {
	src := readFile(t, td+tinsley)
	want := strings.Replace(src, tinsleyWas, tinsleyFixed, 1)
	dir := t.TempDir()

	// -o: the fixed text, and no diff unless asked.
	out := filepath.Join(dir, "fixed.pdn")
	stdout, errOut, code := arbiter(t, "", "fix", "-o", out, td+tinsley)
	if code != 0 || stdout != "" || readFile(t, out) != want {
		t.Errorf("-o: exit %d, stdout %q, stderr %q, file:\n%s", code, stdout, errOut, readFile(t, out))
	}
	if !strings.Contains(errOut, "fixed: game 1 (M Tinsley - AA Long), move 62 (32-28): did you mean 28-32 (from and to swapped)? the remaining 3 plies then replay") {
		t.Errorf("-o: stderr %q", errOut)
	}

	// --in-place, with --diff: rewritten, and the diff shown.
	file := filepath.Join(dir, "game.pdn")
	writeFile(t, file, src)
	stdout, _, code = arbiter(t, "", "fix", "--in-place", "--diff", file)
	if code != 0 || readFile(t, file) != want || !strings.Contains(stdout, "+"+tinsleyFixed) {
		t.Errorf("--in-place: exit %d, file:\n%s\ndiff:\n%s", code, readFile(t, file), stdout)
	}
	if extra := leftovers(t, dir, "fixed.pdn", "game.pdn"); len(extra) > 0 {
		t.Errorf("files left behind: %v", extra)
	}

	// Fixed once, nothing more to fix: the file is not written again.
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(file, old, old); err != nil {
		t.Fatal(err)
	}
	stdout, errOut, code = arbiter(t, "", "fix", "--in-place", file)
	st, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || stdout != "" || !st.ModTime().Equal(old) || readFile(t, file) != want {
		t.Errorf("again: exit %d, stdout %q, stderr %q, modified %v (was %v)", code, stdout, errOut, st.ModTime(), old)
	}
	if !strings.HasPrefix(errOut, "0 fixes made, 0 move errors left alone (1 game, 1 file)") {
		t.Errorf("again: stderr %q", errOut)
	}
}

// A program that writes the file while arbiter fixes it wins: nothing is
// replaced, exit 2.
func TestFixChangedMeanwhile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "match.pdn")
	src := readFile(t, td+tinsley)
	writeFile(t, file, src)
	safefile.BeforeRename = func(final string) {
		f, err := os.OpenFile(final, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Error(err)
			return
		}
		f.WriteString(oneGame)
		f.Close()
	}
	defer func() { safefile.BeforeRename = nil }()
	_, errOut, code := arbiter(t, "", "fix", "--in-place", file)
	if code != exitUsage || !strings.Contains(errOut, "match.pdn: changed while arbiter was writing its replacement") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if got := readFile(t, file); got != src+oneGame {
		t.Errorf("the file is %q", got)
	}
	if extra := leftovers(t, dir, "match.pdn"); len(extra) > 0 {
		t.Errorf("files left behind: %v", extra)
	}
}

func TestFixUsage(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.pdn")
	writeFile(t, file, readFile(t, td+tinsley))
	for _, tc := range []struct {
		args   []string
		stdin  string
		stderr string
	}{
		{[]string{"fix", "-o", filepath.Join(dir, "x.pdn"), file, td + tinsley}, "", "--output writes the fixed text of one input"},
		{[]string{"fix", "-o", filepath.Join(dir, "x.pdn"), "--in-place", file}, "", "give --output or --in-place, not both"},
		{[]string{"fix", "-o", file, file}, "", "is the input"},
		{[]string{"fix", "--in-place", "-"}, "1. 32-28 *\n", "--in-place cannot rewrite standard input"},
		{[]string{"fix"}, "", "fix: name a file or directory to read"},
	} {
		_, errOut, code := arbiter(t, tc.stdin, tc.args...)
		if code != exitUsage || !strings.Contains(errOut, tc.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut, tc.stderr)
		}
	}
	if got := readFile(t, file); got != readFile(t, td+tinsley) {
		t.Errorf("a refused command changed the file")
	}
	// Standard input: the diff is shown.
	out, _, code := arbiter(t, readFile(t, td+tinsley), "fix", "-")
	if code != 0 || !strings.Contains(out, "+"+tinsleyFixed) {
		t.Errorf("fix -: exit %d, stdout %q", code, out)
	}
}

// The fix command is whole: its README row, its completion.
func TestFixDocumented(t *testing.T) {
	readme := readFile(t, "../../README.md")
	if !strings.Contains(readme, "| `arbiter fix ") {
		t.Errorf("README has no row for arbiter fix")
	}
	// (The shell keeps the words that fit what is typed.)
	if got := complete(newApp(nil, nil, nil), []string{"fi"}); !slices.Contains(got, "fix") {
		t.Errorf("arbiter fi<TAB>: %q", got)
	}
	got := complete(newApp(nil, nil, nil), []string{"fix", "--in"})
	for _, flag := range []string{"--diff", "--output", "--in-place", "--variant"} {
		if !slices.Contains(got, flag) {
			t.Errorf("arbiter fix --<TAB>: %q, no %s", got, flag)
		}
	}
}
