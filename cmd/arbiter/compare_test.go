package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Two real records of one game that disagree: the French championship's
// round 2, Crevat - Machtelinck, as BrunoGUI's file and the federation's
// file give it. They part at the first reply; BrunoGUI's stops at move 32.
func TestCompareGolden(t *testing.T) {
	out, errOut, code := arbiter(t, "", "compare", td+"draughts/bruno-vs-scan31-game11.pdn", td+"draughts/championnat-de-france-2021.pdn", "--games", "1,8")
	if code != exitFindings || errOut != "" {
		t.Errorf("exit %d, stderr %q; want 1 and nothing", code, errOut)
	}
	golden(t, "compare-two-sources.txt", out)
}

func TestCompare(t *testing.T) {
	dir := t.TempDir()
	src := readFile(t, td+tinsley)
	short := filepath.Join(dir, "short.pdn")
	writeFile(t, short, strings.Replace(src, "62. 32-28 27-24 63. 16-20 24-27 0-1", "62. 32-28 *", 1))
	same := filepath.Join(dir, "same.pdn")
	writeFile(t, same, strings.ReplaceAll(src, "x", "-")) // capture marks aside, the same moves
	for _, tc := range []struct {
		args []string
		code int
		out  string // a line of standard output, or of standard error for a usage error
	}{
		{[]string{td + tinsley, same}, 0, "the main lines are the same: 126 plies"},
		{[]string{td + tinsley, short}, 1, "the same 123 plies; A goes on at ply 124 (move 62) with 27-24"},
		{[]string{short, td + tinsley}, 1, "the same 123 plies; B goes on at ply 124 (move 62) with 27-24"},
		{[]string{td + "draughts/championnat-de-france-2021.pdn", "--games", "1,2", "--no-board"}, 1, "first difference: ply 1 (move 1): A writes 33-28"},
		{[]string{td + tinsley}, 2, "compare: give two files, or one file and --games N,M"},
		{[]string{td + tinsley, "--games", "1,1"}, 2, "--games 1,1: name two different games"},
		{[]string{td + tinsley, "--games", "1"}, 2, `--games "1": give two game numbers`},
		{[]string{td + tinsley, td + tinsley, "--games", "1,2"}, 2, "has 1 game: there is no game 2"},
	} {
		out, errOut, code := arbiter(t, "", append([]string{"compare"}, tc.args...)...)
		if code != tc.code || !strings.Contains(out+errOut, tc.out) {
			t.Errorf("%v: exit %d, output:\n%s%s\nwant %d and %q", tc.args, code, out, errOut, tc.code, tc.out)
		}
	}
	readme := readFile(t, "../../README.md")
	if !strings.Contains(readme, "| `arbiter compare ") {
		t.Errorf("README has no row for arbiter compare")
	}
}
