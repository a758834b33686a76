package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A variant of another game family than the record's is a usage error
// (exit 2) naming the flag or config line that chose it, both families and
// the variant that fits, whatever --ignore says; it never passes. And a
// default variant of the record's own game decides the notation it is
// read in.
func TestVariantOfAnotherFamilyCLI(t *testing.T) {
	const bruno = td + "draughts/bruno-vs-scan31-game11.pdn"
	const sanmill = td + "morris/sanmill_2026-07-20_human_vs_ai.pgn"
	morris, err := os.ReadFile(sanmill)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string // the record without its tags: nothing says it is morris
	for _, line := range strings.Split(string(morris), "\n") {
		if !strings.HasPrefix(line, "[") {
			moves = append(moves, line)
		}
	}
	untaggedMorris := strings.Join(moves, "\n")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".arbiter.yaml"), []byte("# wrong game\ndefault-variant: nine-mens-morris\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(bruno)
	inConfig := filepath.Join(dir, "bruno.pdn")
	if err := os.WriteFile(inConfig, data, 0o644); err != nil {
		t.Fatal(err)
	}
	const fits = "nine-mens-morris is a morris variant, and the morris notation cannot read this record's first move (move \"32-28\": 32 is not a point (1-24)), which the draughts notation reads: it is a draughts record; international fits it"
	for _, tc := range []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stderr string // a part of it
		stdout string // a part of it; "" for nothing at all
	}{
		{"--variant of morris on draughts", "", []string{"check", "-v", "--variant", "nine-mens-morris", bruno}, exitUsage,
			"arbiter: --variant nine-mens-morris: " + bruno + ":11:5: game 1 (Crevat, Luc - Machtelinck, Kevin): " + fits, ""},
		{"--ignore does not hide it", "", []string{"check", "--ignore", "variant-family", "--variant", "nine-mens-morris", bruno}, exitUsage, fits, ""},
		{"--default-variant of morris on untagged draughts", "", []string{"check", "--default-variant", "nine-mens-morris", bruno}, exitUsage,
			"arbiter: --default-variant nine-mens-morris: " + bruno + ":11:5: game 1", ""},
		{"a config's default-variant", "", []string{"check", inConfig}, exitUsage,
			"arbiter: " + filepath.Join(dir, ".arbiter.yaml") + ":2: default-variant nine-mens-morris: " + inConfig + ":11:5: game 1", ""},
		{"--variant of draughts on morris", "", []string{"check", "--format", "json", "--variant", "international", sanmill}, exitUsage,
			`international is a draughts variant, and this record's tags say it is a morris record (Variant "Nine Men's Morris"): draughts cannot read it; nine-mens-morris fits it`, ""},
		{"--variant of draughts on a race game", "", []string{"check", "--variant", "english", td + "race/mens-erger-je-niet.txt"}, exitUsage,
			`this record's tags say it is a race record (Game "ludo", Variant "mens-erger-je-niet")`, ""},
		{"convert refuses too", "", []string{"convert", "--variant", "nine-mens-morris", bruno}, exitUsage, fits, ""},
		{"--default-variant of morris reads an untagged mill game as morris", untaggedMorris, []string{"check", "-v", "--default-variant", "nine-mens-morris", "-"}, 0,
			"1 game: 1 valid", "valid, 40 plies of nine-mens-morris, written 0-1, the moves give 0-1"},
		{"--variant of morris too", untaggedMorris, []string{"check", "-v", "--variant", "nine-mens-morris", "-"}, 0,
			"1 game: 1 valid", "valid, 40 plies of nine-mens-morris"},
		{"and convert writes it as morris", untaggedMorris, []string{"convert", "--default-variant", "nine-mens-morris", "-"}, 0,
			"", "1. d2 d6 2. f4 f2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := arbiter(t, tc.stdin, tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.stderr) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, errOut, tc.code, tc.stderr)
			}
			if tc.stdout == "" && out != "" || !strings.Contains(out, tc.stdout) {
				t.Errorf("stdout %q; want %q", out, tc.stdout)
			}
		})
	}
}
