package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
)

func TestConvertGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"convert-partial-path.pdn", []string{"convert", td + "draughts/avignon-2014-game39.pdn"}, 0},
		{"convert-full-paths.pdn", []string{"convert", "--captures", "full", td + "draughts/avignon-2014-game39.pdn"}, 0},
		// Its illegal move stands in a variation: a warning (issue 10).
		{"convert-variation.pdn", []string{"convert", td + "draughts/world-title-match-women-2024-game2.pdn"}, 0},
		{"convert-russian-numeric.pdn", []string{"convert", "--notation", "numeric", td + "draughts/belarus-2015-round3-games1-2.pdn"}, 0},
		// Issue 22: short notation written in full, kept, or written.
		{"convert-russian-short.pdn", []string{"convert", td + "draughts/russian-short-notation.pdn"}, 0},
		{"convert-russian-short-kept.pdn", []string{"convert", "--moves", "short", td + "draughts/russian-short-notation.pdn"}, 0},
		{"convert-russian-to-short.pdn", []string{"convert", "--moves", "short", td + "draughts/belarus-2015-round3-games1-2.pdn"}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := arbiter(t, "", tc.args...)
			if code != tc.code {
				t.Errorf("exit code %d, want %d; stderr %s", code, tc.code, errOut)
			}
			golden(t, tc.name, out)
		})
	}
}

// PDN -> JSON -> PDN keeps tags, comments, variations and moves, and the
// PDN written converts to itself.
func TestConvertRoundTrip(t *testing.T) {
	for _, f := range []string{"championnat-de-france-2021.pdn", "world-title-match-women-2024-game2.pdn", "avignon-2014-game39.pdn", "belarus-2015-round3-games1-2.pdn"} {
		t.Run(f, func(t *testing.T) {
			js, _, _ := arbiter(t, "", "convert", "--to", "json", td+"draughts/"+f)
			if strings.Count(js, "\n") == 0 {
				t.Fatal("no JSON written")
			}
			pdn1, _, _ := arbiter(t, js, "convert", "-")
			direct, _, _ := arbiter(t, "", "convert", td+"draughts/"+f)
			if pdn1 != direct {
				t.Errorf("PDN via JSON differs from PDN written directly")
			}
			pdn2, _, _ := arbiter(t, pdn1, "convert", "-")
			if pdn2 != pdn1 {
				t.Errorf("normalised PDN does not convert to itself:\n%s\n---\n%s", pdn1, pdn2)
			}
			js2, _, _ := arbiter(t, pdn1, "convert", "--to", "json", "-")
			a, b := contentOf(t, js), contentOf(t, js2)
			if len(a) != len(b) {
				t.Fatalf("%d games, then %d", len(a), len(b))
			}
			for i := range a {
				if a[i] != b[i] {
					t.Errorf("game %d changed through PDN:\n%s\n---\n%s", i+1, a[i], b[i])
				}
			}
		})
	}
}

// contentOf reduces JSON records to what a conversion must keep: tag names
// and values, comments, moves with their numbers, variations, the result.
func contentOf(t *testing.T, js string) []string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(js), "\n") {
		var r notation.Record
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		var tags []string
		for _, tag := range r.Tags {
			tags = append(tags, tag.Name+"="+tag.Value)
		}
		sort.Strings(tags) // convert writes them in the standard order
		b.WriteString(strings.Join(tags, ";"))
		for _, c := range r.Comments {
			b.WriteString("{" + c.Text + "}")
		}
		writeLine(&b, r.Moves)
		b.WriteString(" " + r.Result)
		out = append(out, b.String())
	}
	return out
}

func writeLine(b *strings.Builder, l notation.Line) {
	for _, m := range l {
		// Normalising rewrites a move's text but never its from and to.
		key := m.Text
		if mt, err := pdn.ParseMove(m.Text); err == nil && len(mt.Squares) > 1 {
			key = mt.Squares[0].String() + ">" + mt.Squares[len(mt.Squares)-1].String()
		}
		// Move numbers are the writer's own (it renumbers after a comment).
		b.WriteString(fmt.Sprintf(" %s%s%s", key, m.Strength, m.Setup))
		for _, c := range m.Comments {
			b.WriteString("{" + strings.Join(strings.Fields(c.Text), " ") + "}")
		}
		for _, v := range m.Variations {
			b.WriteString(" (")
			writeLine(b, v)
			b.WriteString(")")
		}
	}
}

// Numeric and algebraic notation convert into each other without loss.
func TestConvertNotationRoundTrip(t *testing.T) {
	orig, _, _ := arbiter(t, "", "convert", "--notation", "alpha", td+"draughts/belarus-2015-round3-games1-2.pdn")
	numeric, _, code := arbiter(t, orig, "convert", "--notation", "numeric", "-")
	if code != 0 || !strings.Contains(numeric, "1. 21-17 9-13") || !strings.Contains(numeric, `[GameType "25,W,8,8,N2,0"]`) {
		t.Fatalf("numeric (exit %d):\n%s", code, numeric)
	}
	back, _, _ := arbiter(t, numeric, "convert", "--notation", "alpha", "-")
	if back != orig {
		t.Errorf("alpha -> numeric -> alpha changed the record:\n%s\n---\n%s", orig, back)
	}
	if _, errOut, code := arbiter(t, numeric, "check", "-"); code != 0 {
		t.Errorf("the numeric record does not check: %s", errOut)
	}
}

// convert --moves: its words, what it cannot go with, and its usage text,
// completion and README row, which follow from its definition.
func TestConvertMovesFlag(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"--moves", "books"}, `unknown --moves "books" (full or short)`},
		{[]string{"--moves", "short", "--notation", "numeric"}, "--moves short writes squares in letters: it cannot go with --notation numeric"},
		{[]string{"--moves", "short", "--captures", "full"}, "--moves short writes no capture paths: give --moves short or --captures full, not both"},
	} {
		_, errOut, code := arbiter(t, "", append(append([]string{"convert"}, tc.args...), td+"draughts/russian-short-notation.pdn")...)
		if code != exitUsage || !strings.Contains(errOut, tc.stderr) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, errOut, tc.stderr)
		}
	}
	help, _, _ := arbiter(t, "", "convert", "--help")
	words, _, _ := arbiter(t, "", "convert", "--moves", "", completeFlag)
	if got := strings.Fields(words); strings.Join(got, " ") != strings.Join(movesFlag.words(), " ") {
		t.Errorf("completion offers %q", got)
	}
	for _, w := range movesFlag.words() {
		if !strings.Contains(help, w+" (") {
			t.Errorf("convert --help does not explain --moves %s:\n%s", w, help)
		}
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(readme), "\n") {
		if strings.HasPrefix(line, "| `arbiter convert") && !strings.Contains(line, "`--moves short`") {
			t.Errorf("README's convert row does not name --moves short: %s", line)
		}
	}
}
