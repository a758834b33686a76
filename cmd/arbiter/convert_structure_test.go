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
		name := strings.TrimSpace(filepath.Base(tc.file) + " " + strings.Join(tc.args, " "))
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

// check reads convert's JSON as the records it holds: the same games, the
// same verdicts and findings as the PDN they came from, each at its
// record's line; told by content on standard input, by content or name in
// a file; a line that is not a record is one game with an error (issue 23).
func TestCheckReadsJSON(t *testing.T) {
	const src = "pdn/engine-log-policies.pdn"
	js, _, code := arbiter(t, "", "convert", "--to", "json", td+src)
	if code != 0 {
		t.Fatal("convert failed")
	}
	_, pdnSummary, _ := arbiter(t, "", "check", td+src)
	dir := t.TempDir()
	for _, tc := range []struct {
		name, file, stdin, summary, stdout string
	}{
		{name: "standard input", stdin: js, summary: summaryOf(pdnSummary), stdout: "<stdin>:2:1: warning[ambiguous]: game 2 (Kingsrow 1.62 - Scan 3.1), move 1 (35x2)"},
		{name: "a .jsonl file", file: "x.jsonl", stdin: js, summary: summaryOf(pdnSummary), stdout: "x.jsonl:4:1: warning[result]: game 4"},
		{name: "named otherwise", file: "x.txt", stdin: js, summary: summaryOf(pdnSummary)},
		{name: "after a byte-order mark", stdin: "\ufeff" + js, summary: summaryOf(pdnSummary)},
		{name: "a line that is not a record", stdin: js + "{\"file\": broken\n\n" + `{"file":"x","moves":[null]}` + "\n",
			summary: "6 games: 4 valid, 2 with errors, 5 warnings", stdout: "<stdin>:7:1: error[json-record]: game 6: JSON record cannot be read: a move is null (skipped)"},
		{name: "a PDN comment that starts with a quote", stdin: "{\"Nice\" game} 1. 32-28 *\n", summary: "1 game: 1 valid, 0 with errors, 0 warnings"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{"check", "--no-board", "-"}
			stdin := tc.stdin
			if tc.file != "" {
				path := filepath.Join(dir, tc.file)
				writeFile(t, path, tc.stdin)
				args[len(args)-1], stdin = path, ""
			}
			out, errOut, _ := arbiter(t, stdin, args...)
			if got := summaryOf(errOut); got != tc.summary {
				t.Errorf("summary %q, want %q\n%s", got, tc.summary, out)
			}
			if tc.file != "" {
				out = strings.ReplaceAll(out, dir+string(filepath.Separator), "")
			}
			if !strings.Contains(out, tc.stdout) {
				t.Errorf("report lacks %q:\n%s", tc.stdout, out)
			}
		})
	}
}

// summaryOf is a run's summary line without its time.
func summaryOf(stderr string) string {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	last := lines[len(lines)-1]
	if i := strings.LastIndex(last, " ("); i >= 0 {
		last = last[:i]
	}
	return last
}

// --in-place refuses a JSON file before it writes anything: as PDN under
// its name no JSON reader could read it, and as JSON again it would lose
// what its lines hold beyond a record (issue 23).
func TestConvertInPlaceRefusesJSON(t *testing.T) {
	dir := t.TempDir()
	js, _, _ := arbiter(t, twoGames, "convert", "--to", "json", "-")
	for _, name := range []string{"games.jsonl", "games.txt"} {
		t.Run(name, func(t *testing.T) {
			p, j := filepath.Join(dir, "a.pdn"), filepath.Join(dir, name)
			writeFile(t, p, twoGames)
			writeFile(t, j, js)
			_, errOut, code := arbiter(t, "", "convert", "--in-place", p, j)
			if code != exitUsage || !strings.Contains(errOut, "holds JSON records") || !strings.Contains(errOut, "-o") {
				t.Errorf("exit %d, stderr %q", code, errOut)
			}
			if readFile(t, j) != js || readFile(t, p) != twoGames {
				t.Error("a file was written")
			}
		})
	}
}

// A draughts record whose rules write squares with letters (Russian) but
// that writes numbers keeps its numbers, unless --notation or --moves
// short asks for letters (issue 23: --notation's default is "as the
// record does").
func TestConvertKeepsDraughtsNumbers(t *testing.T) {
	src, err := os.ReadFile(td + "golden/convert-russian-numeric.pdn")
	if err != nil {
		t.Fatal(err)
	}
	numeric := strings.ReplaceAll(string(src), `[GameType "25,W,8,8,N2,0"]`, `[GameType "25"]`)
	if !strings.Contains(numeric, `[GameType "25"]`) {
		t.Fatal("the golden file has changed: no GameType to replace")
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "\n1. 21-17 9-13 2. 25-21 13x22"},
		{[]string{"--notation", "alpha"}, "\n1. a3-b4 b6-a5 2. b2-a3 a5xc3"},
		{[]string{"--moves", "short"}, "\n1. ab4 ba5 2. ba3 a:c3"},
	} {
		out, errOut, code := arbiter(t, numeric, append(append([]string{"convert"}, tc.args...), "-")...)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; output lacks %q:\n%.400s", tc.args, code, errOut, tc.want, out)
		}
	}
}
