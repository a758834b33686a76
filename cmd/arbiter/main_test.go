package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

const td = "../../testdata/"

func arbiter(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(append([]string{"arbiter"}, args...), strings.NewReader(stdin), &o, &e)
	return o.String(), e.String(), code
}

// golden compares got with testdata/golden/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(td, "golden", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run 'go test ./cmd/arbiter -update' to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (rerun with -update if the change is intended):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

var summaryLine = regexp.MustCompile(`^\d+ games?: \d+ valid, \d+ with errors, \d+ warnings?(, \d+ notes?)?(, \d+ suppressed( by the baseline| in the records, \d+ by the baseline)?)? \(\d+\.\d\d s\)\n$`)

func TestCLIGolden(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stderr string // a substring of standard error, when not the summary
	}{
		{name: "check-clean.txt", args: []string{"check", td + "draughts/championnat-de-france-2021.pdn"}, code: 0},
		{name: "check-illegal.txt", args: []string{"check", td + "draughts/bruno-vs-scan31-game11.pdn"}, code: 1},
		// An illegal move inside a variation is a warning unless
		// --variations error (issue 10); --variations ignore skips it.
		{name: "check-variation.txt", args: []string{"check", "-v", td + "draughts/world-title-match-women-2024-game2.pdn"}, code: 0},
		{name: "check-variation-error.txt", args: []string{"check", "-v", "--variations", "error", td + "draughts/world-title-match-women-2024-game2.pdn"}, code: 1},
		{name: "check-variation-ignore.txt", args: []string{"check", "-v", "--variations", "ignore", td + "draughts/world-title-match-women-2024-game2.pdn"}, code: 0},
		{name: "bad-variations.txt", args: []string{"check", "--variations", "loud", "x.pdn"}, code: 2, stderr: `unknown --variations "loud" (warn, error or ignore)`},
		{name: "check-partial-path.json", args: []string{"check", "--format", "json", td + "draughts/avignon-2014-game39.pdn"}, code: 0},
		{name: "check-illegal.github", args: []string{"check", "--format=github", td + "draughts/bruno-vs-scan31-game11.pdn"}, code: 1},
		{name: "check-stdin.txt", args: []string{"check", "--no-board", "-"}, stdin: "[White \"A\"]\n[Black \"B\"]\n1. 32-28 19-23 2. 28-22 *\n", code: 1},
		{name: "check-papyrus.txt", args: []string{"check", "-v", "--variant", "papyrus", "-"},
			stdin: "[FEN \"W:WK46,31,32,33:BK5,18,19,20\"]\n[Result \"1-1\"]\n1. 46-41 5-10 2. 41-46 10-5 3. 46-41 5-10 4. 41-46 10-5 1-1\n", code: 0},
		{name: "check-variant-file.txt", args: []string{"check", "-v", "--variant-file", td + "variants/club-30-king-moves.yaml", td + "draughts/avignon-2014-game39.pdn"}, code: 0},
		{name: "bad-variant-file.txt", args: []string{"check", "--variant-file", td + "variants/mistyped-key.yaml", td + "draughts/avignon-2014-game39.pdn"}, code: 2,
			stderr: "variants/mistyped-key.yaml:6: unknown key flyng"},
		// Only the record without a GameType tag is read as English; the Russian ones keep their tag's rules.
		{name: "check-default-variant.txt", args: []string{"check", "-v", "--no-board", td + "pdn/tinsley-glued-text.pdn", td + "draughts/belarus-2015-round3-games1-2.pdn", "--default-variant", "english"}, code: 0},
		{name: "default-and-variant.txt", args: []string{"check", "--variant", "english", "--default-variant", "english", "x.pdn"}, code: 2, stderr: "not both"},
		{name: "variants.txt", args: []string{"variants"}},
		{name: "variants-show-papyrus.txt", args: []string{"variants", "show", "papyrus"}},
		{name: "perft-divide.txt", args: []string{"perft", "--depth", "3", "--divide"}},
		{name: "no-such-file.txt", args: []string{"check", "nosuchfile.pdn"}, code: 2, stderr: "nosuchfile.pdn: open nosuchfile.pdn: no such file or directory"},
		{name: "bad-format.txt", args: []string{"check", "--format", "xml", "x.pdn"}, code: 2, stderr: `unknown --format "xml"`},
		{name: "bad-variant.txt", args: []string{"check", "--variant", "chess", "x.pdn"}, code: 2, stderr: `unknown variant "chess" (known: antidraughts, brazilian, breakthrough, canadian, czech, damspel-315`},
		{name: "no-args.txt", args: []string{"check"}, code: 2, stderr: "check: name a file or directory to read"},
		{name: "unknown-command.txt", args: []string{"chek", "x.pdn"}, code: 2, stderr: `unknown command "chek"`},
		{name: "bad-flag.txt", args: []string{"check", "--frobnicate", "x.pdn"}, code: 2, stderr: "unknown flag -frobnicate\nRun 'arbiter check --help' for usage.\n"},
		{name: "bad-flag-suggest.txt", args: []string{"check", "x.pdn", "--formt", "json"}, code: 2, stderr: "unknown flag -formt (did you mean --format?)"},
		{name: "unknown-command-suggest.txt", args: []string{"chekc", "x.pdn"}, code: 2, stderr: `unknown command "chekc" (did you mean 'check'?)`},
		{name: "required-flag.txt", args: []string{"perft", "--divide"}, code: 2, stderr: "arbiter: perft: required flag --depth not given\nRun 'arbiter perft --help' for usage.\n"},
		{name: "flags-after-files.json", args: []string{"check", td + "draughts/avignon-2014-game39.pdn", "--format", "json", "-j2"}, code: 0},
		// Issue 22: national archives as their players write them, none of
		// them with an error: Russian short notation, capitals, colon
		// results, prose in brackets and a game number in the Game tag,
		// Italian and Czech records without a GameType tag.
		{name: "check-archives.txt", args: []string{"check", "-v", "--no-board", td + "draughts/russian-short-notation.pdn", td + "pdn/russian-upper-case.pdn",
			td + "pdn/ussr1947-colon-results.pdn", td + "pdn/english-book-prose.pdn", td + "draughts/campionato-assoluto-2005-games1-2.pdn", td + "draughts/mrcd2007-game1.pdn"}, code: 0},
		{name: "double-dash.txt", args: []string{"check", "--no-board", "--", "-"}, stdin: "1. 32-28 19-23 *\n", code: 0},
		// Issue 22: an exporter's habits are said once per file in the
		// text report, with a count after the file's last game.
		{name: "check-habits.txt", args: []string{"check", "-v", "--no-board", td + "pdn/delfts.pdn", td + "pdn/engine-log-glued-results.pdn"}, code: 0},
		// Issue 26: illegal moves played as written, and the replay goes on.
		{name: "check-as-played.txt", args: []string{"check", "--no-board", "--as-played", "-"}, code: 1,
			stdin: "[GameType \"20\"]\n1. 32-28 19-23 2. 31-26 23x32 3. 37x28 18-23 4. 28x19 14x23 5. 26-21 16x27 6. 38-32 27x38 7. 43x32 10-14 8. 32-38 *\n"},
		{name: "check-colon-results.txt", args: []string{"check", "--no-board", "--variant", "russian", td + "pdn/ussr1947-colon-results.pdn"}, code: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := arbiter(t, tc.stdin, tc.args...)
			if code != tc.code {
				t.Errorf("exit code %d, want %d; stderr:\n%s", code, tc.code, errOut)
			}
			switch {
			case tc.stderr != "":
				if !strings.Contains(errOut, tc.stderr) {
					t.Errorf("stderr %q, want it to contain %q", errOut, tc.stderr)
				}
			case tc.args[0] == "check":
				if !summaryLine.MatchString(errOut) {
					t.Errorf("stderr %q is not one summary line", errOut)
				}
			}
			golden(t, tc.name, out)
		})
	}
}

// The report is the same byte for byte whatever the number of workers.
func TestCheckDeterministicAcrossJobs(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/draughts/international-tournaments/*.pdn")
	if len(files) == 0 {
		files, _ = filepath.Glob(td + "draughts/*.pdn")
	}
	var first string
	for _, jobs := range []string{"1", "2", "7"} {
		out, _, _ := arbiter(t, "", append([]string{"check", "--format", "json", "--jobs", jobs}, files...)...)
		if jobs == "1" {
			first = out
			if strings.Count(out, "\n") < 4 {
				t.Fatalf("too few games checked: %q", out)
			}
		} else if out != first {
			t.Errorf("--jobs %s output differs from --jobs 1", jobs)
		}
	}
}

func TestPermuteArgs(t *testing.T) {
	app := newApp(nil, nil, nil)
	tests := []struct{ in, want string }{
		{"check f.pdn --format json", "check --format json -- f.pdn"},
		{"check --format=json f.pdn -v g.pdn", "check --format=json -v -- f.pdn g.pdn"},
		{"check -j2 f.pdn", "check -j=2 -- f.pdn"},
		{"check f.pdn -- --format", "check -- f.pdn --format"},
		{"check - -q", "check -q -- -"},
		{"variants show papyrus", "variants show -- papyrus"},
		{"--version", "--version"},
		{"help check", "help -- check"},
		{"chek f.pdn --format json", "chek f.pdn --format json"},
		{"check --format", "check --format"},
	}
	for _, tc := range tests {
		got := strings.Join(permuteArgs(app, append([]string{"arbiter"}, strings.Fields(tc.in)...))[1:], " ")
		if got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestHelpAndVersion(t *testing.T) {
	out, _, code := arbiter(t, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "arbiter ") || !strings.Contains(out, "go1.") {
		t.Errorf("--version: exit %d, %q", code, out)
	}
	out, _, code = arbiter(t, "", "help", "check")
	if code != 0 || !strings.Contains(out, "arbiter check [command options]") {
		t.Errorf("help check: exit %d, %q", code, out)
	}
	out, _, code = arbiter(t, "", "--help")
	for _, game := range []string{"draughts", "morris", "Ludo", "Halma"} {
		if code != 0 || !strings.Contains(out, game) {
			t.Errorf("--help has no example for %s: %q", game, out)
		}
	}
	out, _, _ = arbiter(t, "", "perft", "--help")
	if !strings.Contains(out, "plies to search (1-20) (default: 0) (required)") {
		t.Errorf("perft --help does not mark --depth required:\n%s", out)
	}
}

// --select, --ignore, --variations, --quiet, --strict and --max-warnings, on
// a record with one illegal main-line move and two warnings
// (bruno-vs-scan31) and one with an illegal variation move (world-title).
func TestFindingOptions(t *testing.T) {
	bruno := td + "draughts/bruno-vs-scan31-game11.pdn"
	women := td + "draughts/world-title-match-women-2024-game2.pdn"
	clean := td + "draughts/avignon-2014-game39.pdn" // one warning (partial-path)
	tests := []struct {
		args       []string
		code       int
		has, hasnt []string // substrings of stdout
		stderr     string
	}{
		{args: []string{bruno}, code: 1, has: []string{"error[illegal]", "warning[unknown-escape]", "warning[no-terminator]"}},
		{args: []string{bruno, "--ignore", "illegal"}, code: 0, hasnt: []string{"error["}, has: []string{"warning[no-terminator]"}},
		{args: []string{bruno, "--select", "no-terminator"}, code: 0, has: []string{"warning[no-terminator]"}, hasnt: []string{"illegal", "unknown-escape"}},
		{args: []string{bruno, "--quiet"}, code: 1, has: []string{"error[illegal]"}, hasnt: []string{"warning["}},
		{args: []string{bruno, "--ignore", "ilegal"}, code: 2, stderr: `unknown code "ilegal" (did you mean illegal?)`},
		{args: []string{women}, code: 0, has: []string{"warning[illegal]"}},
		{args: []string{women, "--variations", "error"}, code: 1, has: []string{"error[illegal]"}},
		{args: []string{women, "--variations", "ignore"}, code: 0, hasnt: []string{"[illegal]"}},
		{args: []string{clean}, code: 0},
		{args: []string{clean, "--strict"}, code: 1, stderr: "1 warning, and --strict fails on any"},
		{args: []string{clean, "--max-warnings", "1"}, code: 0},
		{args: []string{clean, "--max-warnings", "0"}, code: 1, stderr: "1 warning, more than --max-warnings 0"},
		{args: []string{clean, "--statistics"}, code: 0, stderr: "      1  partial-path           warning       a capture written"},
	}
	for _, tc := range tests {
		out, errOut, code := arbiter(t, "", append([]string{"check", "--no-board"}, tc.args...)...)
		name := strings.Join(tc.args[1:], " ")
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d\n%s%s", name, code, tc.code, out, errOut)
		}
		for _, s := range tc.has {
			if !strings.Contains(out, s) {
				t.Errorf("%s: no %q in\n%s", name, s, out)
			}
		}
		for _, s := range tc.hasnt {
			if strings.Contains(out, s) {
				t.Errorf("%s: %q in\n%s", name, s, out)
			}
		}
		if !strings.Contains(errOut, tc.stderr) {
			t.Errorf("%s: stderr %q, want %q", name, errOut, tc.stderr)
		}
	}
}
