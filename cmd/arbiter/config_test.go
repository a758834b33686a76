package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestConfigFile(t *testing.T) {
	tinsley, _ := os.ReadFile(td + "pdn/tinsley-glued-text.pdn") // English moves, no GameType tag
	bruno, _ := os.ReadFile(td + "draughts/bruno-vs-scan31-game11.pdn")
	belarus, _ := os.ReadFile(td + "draughts/belarus-2015-round3-games1-2.pdn") // GameType 25, [Setup] warnings
	dir := t.TempDir()
	put := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	put(".arbiter.yaml", []byte("# the club's archive\nvariants:\n  \"english/**\": english\nignore: [tag-name-case]\n"))
	eng := put("english/old/tinsley.pdn", tinsley)
	other := put("intl/tinsley.pdn", tinsley)
	rus := put("english/belarus.pdn", belarus)
	put("sub/.arbiter.yaml", []byte("select: no-terminator\n"))
	sub := put("sub/bruno.pdn", bruno)

	check := func(args ...string) (string, string, int) {
		return arbiter(t, "", append([]string{"check", "--no-board", "-v"}, args...)...)
	}
	out, errOut, code := check(eng, other, rus, sub)
	for _, want := range []string{
		"english/old/tinsley.pdn:1:1: note: game 1 (MF Tinsley - DM Lafferty): valid, 31 plies of english",                      // the glob
		"intl/tinsley.pdn:1:1: note[variant-inferred]: game 1 (MF Tinsley - DM Lafferty): no GameType tag: replayed as english", // outside it, the moves choose
		"english/belarus.pdn:1:1: note: game 1 (Куница А. - Кадесников Н.): valid, 36 plies of russian",                         // its GameType tag wins
		"sub/bruno.pdn:18:42: warning[no-terminator]",                                                                           // the nearer config
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	for _, not := range []string{"tag-name-case", "sub/bruno.pdn:17:28: error[illegal]", "english/old/tinsley.pdn:1:1: note[variant-inferred]"} {
		if strings.Contains(out, not) {
			t.Errorf("%q in\n%s", not, out)
		}
	}
	if code != 0 {
		t.Errorf("exit %d\n%s", code, errOut)
	}

	// A flag the user typed wins over the file.
	out, _, _ = check("--default-variant", "international", "--select", "illegal", eng, sub)
	if !strings.Contains(out, "invalid, 0 plies of international") || strings.Contains(out, "no-terminator") || !strings.Contains(out, "sub/bruno.pdn:17:28: error[illegal]") {
		t.Errorf("flags did not win over the config:\n%s", out)
	}

	// Strict decoding, with the line of the mistake.
	for _, tc := range []struct{ yaml, want string }{
		{"variants:\n  \"a/**\": english\nignor: [leading-zero]\n", ".arbiter.yaml:3: unknown key ignor"},
		{"variants:\n  \"a/**\": englsh\n", ".arbiter.yaml:2: unknown variant \"englsh\""},
		{"select:\n  - illegal\n  - ilegal\n", ".arbiter.yaml:3: select: unknown code \"ilegal\" (did you mean illegal?)"},
		{"variations: maybe\n", ".arbiter.yaml:1: variations: \"maybe\" is not warn, error or ignore"},
		{"default-variant: [english]\n", ".arbiter.yaml:1: default-variant: a single value is needed"},
		{"format: xml\n", ".arbiter.yaml:1: format: unknown \"xml\""},
	} {
		p := put("bad/.arbiter.yaml", []byte(tc.yaml))
		g := put("bad/g.pdn", bruno)
		_, errOut, code := check(g)
		if code != 2 || !strings.Contains(errOut, filepath.Dir(p)+"/"+tc.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", tc.yaml, code, errOut, tc.want)
		}
	}
}

// The output format comes from the working directory's config.
func TestConfigFormat(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, ".arbiter.yaml"), []byte("format: json\n"), 0o644)
	game, _ := filepath.Abs(td + "draughts/avignon-2014-game39.pdn")
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	out, _, _ := arbiter(t, "", "check", game)
	if !strings.HasPrefix(out, `{"version":1,`) {
		t.Errorf("not JSON: %.200s", out)
	}
	out, _, _ = arbiter(t, "", "check", "--format", "text", game)
	if strings.HasPrefix(out, "{") {
		t.Errorf("--format text did not win: %.200s", out)
	}
}
