package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --notation is "as the record does" unless given: PlayOK's numbers stay
// numbers and coordinates stay coordinates, written to standard output or
// in place (issue 23).
func TestConvertKeepsNotation(t *testing.T) {
	const playok, sanmill = "morris/playok_2026-03-11_gyorgyusz_vs_nft7489g.pgn", "morris/sanmill_2026-07-20_human_vs_ai.pgn"
	for _, tc := range []struct {
		file    string
		args    []string
		want    string // the first moves as written
		inPlace bool
	}{
		{file: playok, want: "1. 5 13 2. 20 19"},
		{file: playok, want: "1. 5 13 2. 20 19", inPlace: true},
		{file: playok, args: []string{"--notation", "coordinates"}, want: "1. d6 e4 2. d2 b2", inPlace: true},
		{file: playok, args: []string{"--notation", "alpha"}, want: "1. d6 e4 2. d2 b2"},
		{file: sanmill, want: "1. d2 d6 2. f4 f2"},
		{file: sanmill, want: "1. d2 d6 2. f4 f2", inPlace: true},
		{file: sanmill, args: []string{"--notation", "numeric"}, want: "1. 20 5 2. 14 21", inPlace: true},
	} {
		name := filepath.Base(tc.file) + strings.Join(tc.args, " ")
		if tc.inPlace {
			name += " -i"
		}
		t.Run(name, func(t *testing.T) {
			var out string
			if tc.inPlace {
				dir := t.TempDir()
				path := filepath.Join(dir, filepath.Base(tc.file))
				src, err := os.ReadFile(td + tc.file)
				if err != nil {
					t.Fatal(err)
				}
				writeFile(t, path, string(src))
				if _, errOut, code := arbiter(t, "", append(append([]string{"convert", "--in-place"}, tc.args...), path)...); code != 0 {
					t.Fatalf("exit %d: %s", code, errOut)
				}
				out = readFile(t, path)
			} else {
				var code int
				var errOut string
				out, errOut, code = arbiter(t, "", append(append([]string{"convert"}, tc.args...), td+tc.file)...)
				if code != 0 {
					t.Fatalf("exit %d: %s", code, errOut)
				}
			}
			if !strings.Contains(out, tc.want) {
				t.Errorf("output lacks %q:\n%s", tc.want, out)
			}
			if _, errOut, code := arbiter(t, out, "check", "-"); code != 0 {
				t.Errorf("the converted record does not check: %s", errOut)
			}
		})
	}
}

// A race record's rounds keep their numbers: round 9 of Mens erger je
// niet has three throws of Red's (two sixes) and one of Yellow's, and no
// "10." is written inside it (issue 23).
func TestConvertKeepsRaceRounds(t *testing.T) {
	for _, tc := range []struct {
		file, want string
	}{
		{"race/mens-erger-je-niet.txt", "\n9. R 6: B/1 6: 1/7 1: 7/8 Y 1: 26/27\n10. R 3: 27 Y 5: 27\n"},
		{"race/ganzenbord-315.txt", "\n1. Cees 2+2: 0/4\n2. Anna 1+4: 0/5>10 Bram 3+5: 0 Cees 6+1: 4\n"},
		{"race/jeu-de-courses-315.txt", "\n3. Anna 4: 9/13 Bram 3: 12/15 3: 15/18 4: 18/22 Cees 2: 7/9\n"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			out, errOut, code := arbiter(t, "", "convert", td+tc.file)
			if code != 0 || !strings.Contains(out, tc.want) {
				t.Errorf("exit %d, stderr %q; output lacks %q:\n%s", code, errOut, tc.want, out)
			}
		})
	}
}

// A Halma record of four players keeps one number a round: PDN's writer
// numbered its moves in pairs, a "2." inside round 1 (issue 23).
func TestConvertKeepsHalmaRounds(t *testing.T) {
	rec, _, code := arbiter(t, "", "simulate", "--variant", "halma-4", "--players", "4", "--seed", "3")
	if code != 0 {
		t.Fatal("simulate failed")
	}
	out, errOut, code := arbiter(t, rec, "convert", "-")
	if want := "\n1. b1:d3 a14:a12 p15:n13 o1:m3 2. a2:c4:e2 a16:a14:c12 n16:l14 p2:n4 3. "; code != 0 || !strings.Contains(out, want) {
		t.Errorf("exit %d, stderr %q; output lacks %q:\n%s", code, errOut, want, out)
	}
	if strings.TrimSpace(out) != strings.TrimSpace(rec) {
		t.Errorf("the record changed:\n%s\n---\n%s", rec, out)
	}
}
