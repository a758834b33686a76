package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/referee/config"
)

// The French championship 2021 (testdata): select by tag, by verdict and
// by number, in the games' own text.
func TestSelectCommand(t *testing.T) {
	file := "../../testdata/draughts/championnat-de-france-2021.pdn"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"select", "--count", file}, ""},
		{[]string{"select", "--count", "--where", "White~koops", file}, ""},
		{[]string{"select", "--count", "--games", "2-3", file}, "2\n"},
		{[]string{"select", "--count", "--valid", "--invalid", file}, ""},
	} {
		out, errOut, code := arbiter(t, "", c.args...)
		switch {
		case strings.Contains(strings.Join(c.args, " "), "--valid --invalid"):
			if code != exitUsage {
				t.Errorf("%v: exit %d, want a usage error", c.args, code)
			}
		case code != 0:
			t.Errorf("%v: exit %d: %s", c.args, code, errOut)
		case c.want != "" && out != c.want:
			t.Errorf("%v: %q, want %q", c.args, out, c.want)
		}
	}
	// Every game selected is written as it was read.
	src, _ := os.ReadFile(file)
	out, _, code := arbiter(t, "", "select", "--games", "1", file)
	first := strings.TrimSpace(out)
	if code != 0 || !strings.Contains(string(src), first) || first == "" {
		t.Errorf("select --games 1: exit %d, %q is not the game's own text", code, out)
	}
}

// split never overwrites: a file in its way stops it with nothing written.
func TestSplitNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	file := "../../testdata/draughts/belarus-2015-round3-games1-2.pdn"
	_, errOut, code := arbiter(t, "", "split", "--by", "game", "--dir", dir, file)
	if code != 0 {
		t.Fatalf("split: exit %d: %s", code, errOut)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*.pdn"))
	if len(names) != 2 {
		t.Fatalf("split wrote %v, want 2 files", names)
	}
	os.Remove(names[1])
	keep := []byte("mine\n")
	os.WriteFile(names[0], keep, 0o644)
	_, errOut, code = arbiter(t, "", "split", "--by", "game", "--dir", dir, file)
	if code != exitUsage || !strings.Contains(errOut, "never overwrites") {
		t.Errorf("split over an existing file: exit %d, %q", code, errOut)
	}
	if b, _ := os.ReadFile(names[0]); string(b) != string(keep) {
		t.Errorf("the existing file was changed: %q", b)
	}
	if _, err := os.Stat(names[1]); err == nil {
		t.Errorf("a file was written though the run was refused")
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// One game twice in other notations: dupes groups it, --keep best writes one.
func TestDupesCommand(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.pdn")
	b := filepath.Join(dir, "b.pdn")
	os.WriteFile(a, []byte("[GameType \"25\"]\n[White \"X\"]\n1. c3-d4 d6-c5 2. b2-c3 c7-d6 3. c3-b4 b6-a5 4. d4xb6 a7xc5 1-1\n"), 0o644)
	os.WriteFile(b, []byte("[GameType \"25\"]\n1. cd4 dc5 2. bc3 cd6 3. cb4 ba5 4. d:b6 a:c5 *\n\n[GameType \"25\"]\n1. cd4 dc5 *\n"), 0o644)
	out, errOut, code := arbiter(t, "", "dupes", a, b)
	if code != 0 || !strings.Contains(out, "2 copies") || !strings.Contains(out, "best "+a+" game 1") {
		t.Fatalf("dupes: exit %d: %s%s", code, out, errOut)
	}
	merged := filepath.Join(dir, "m.pdn")
	_, errOut, code = arbiter(t, "", "dupes", "--keep", "best", "-o", merged, a, b)
	got, _ := os.ReadFile(merged)
	if code != 0 || strings.Count(string(got), "[GameType") != 2 || !strings.Contains(string(got), "[White \"X\"]") {
		t.Errorf("dupes --keep best: exit %d: %s\n%s", code, errOut, got)
	}
}

// tinsley.pdn's games 139 and 397 (testdata/draughts/dupes-*): the same 33
// plies played at Lakeside in 1952 and in 1974. They are reported as the
// same moves of different games, and --keep best writes both.
func TestDupesKeepsGamesOfTheSameMoves(t *testing.T) {
	file := "../../testdata/draughts/dupes-tinsley-games-139-397-257-258-145.pdn"
	out, errOut, code := arbiter(t, "", "dupes", file)
	if code != 0 || strings.Contains(out, "best ") || !strings.Contains(out, "same moves, different games (not duplicates): 33 plies") ||
		!strings.Contains(out, "game 1: L Rosenfield - MF Tinsley, Lakeside 1952\n") || !strings.Contains(out, "game 2: R Martin - MF Tinsley, Lakeside 1974\n") {
		t.Errorf("dupes: exit %d:\n%s%s", code, out, errOut)
	}
	merged := filepath.Join(t.TempDir(), "m.pdn")
	_, errOut, code = arbiter(t, "", "dupes", "--keep", "best", "-o", merged, file)
	got, _ := os.ReadFile(merged)
	src, _ := os.ReadFile(file)
	if code != 0 || strings.Count(string(got), "[Event") != 5 || strings.Count(string(got), "1. 10x15 22-17") != 2 {
		t.Errorf("dupes --keep best: exit %d: %s\n%s", code, errOut, got)
	}
	if strings.ReplaceAll(string(got), "\n", "") != strings.ReplaceAll(string(src), "\n", "") {
		t.Errorf("dupes --keep best did not write the five games as they were:\n%s", got)
	}
}

// The names: map of .arbiter.yaml: a mapping of spellings to names, each
// name printable (a control character in it would be written into the
// records convert writes: FuzzNamesMap found a NUL), refused at its line.
func TestNamesMapConfig(t *testing.T) {
	for _, c := range []struct{ yaml, err string }{
		{"names:\n  \"koops, Lambert Jan\": \"Koops, Lambert Jan\"\n", ""},
		{"names:\n  a: \"\"\n", "c.yaml:2: names: \"a\": a name to write is needed"},
		{"names: [a, b]\n", "c.yaml:1: names: a mapping"},
		{"names:\n  a: b\n  c: \"x\\0y\"\n", "c.yaml:3: names: \"c\": the name to write has a control character"},
		{"names:\n  a: \"Koops,\\nLambert\"\n", "c.yaml:2: names: \"a\": the name to write has a control character"},
	} {
		cfg, err := config.Parse("c.yaml", []byte(c.yaml), formatNames())
		switch {
		case c.err == "" && (err != nil || cfg.Names["koops, Lambert Jan"] != "Koops, Lambert Jan"):
			t.Errorf("%q: %v %v", c.yaml, cfg, err)
		case c.err != "" && (err == nil || !strings.HasPrefix(err.Error(), c.err)):
			t.Errorf("%q: error %v, want %s", c.yaml, err, c.err)
		}
	}
}
