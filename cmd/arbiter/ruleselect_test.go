package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/referee/config"
)

// Codes chosen as ruff chooses rules: by name, group (the Family column
// of codes.go, in capitals), pattern and ALL, in --select, --ignore and
// their extend- forms; an unknown one is a usage error with a suggestion.
func TestCodeSelectorFlags(t *testing.T) {
	bruno := td + "draughts/bruno-vs-scan31-game11.pdn" // illegal, unknown-escape, no-terminator
	for _, tc := range []struct {
		args      []string
		code      int
		has, not  []string
		errSubstr string
	}{
		{args: []string{"--select", "MOVES"}, code: 1, has: []string{"error[illegal]"}, not: []string{"unknown-escape", "no-terminator"}},
		{args: []string{"--ignore", "MOVES"}, code: 0, has: []string{"unknown-escape", "no-terminator"}, not: []string{"illegal"}},
		{args: []string{"--select", "ALL", "--ignore", "READING"}, code: 1, has: []string{"illegal"}, not: []string{"unknown-escape", "no-terminator"}},
		{args: []string{"--select", "*-escape"}, code: 0, has: []string{"unknown-escape"}, not: []string{"illegal"}},
		{args: []string{"--select", "illegal", "--extend-select", "no-terminator"}, code: 1, has: []string{"illegal", "no-terminator"}, not: []string{"unknown-escape"}},
		{args: []string{"--ignore", "illegal", "--extend-ignore", "no-*"}, code: 0, has: []string{"unknown-escape"}, not: []string{"illegal", "no-terminator"}},
		{args: []string{"--extend-select", "ilegal"}, code: 2, errSubstr: `--extend-select: unknown code "ilegal" (did you mean illegal?)`},
		{args: []string{"--exit-zero"}, code: 0, has: []string{"error[illegal]"}},
		{args: []string{"--exit-zero", "--strict", "--ignore", "illegal"}, code: 0, has: []string{"unknown-escape"}},
		{args: []string{"--exit-zero", td + "nope.pdn"}, code: 2},
	} {
		out, errOut, code := arbiter(t, "", append(append([]string{"check", "--no-board"}, tc.args...), bruno)...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d\n%s", tc.args, code, tc.code, errOut)
		}
		for _, h := range tc.has {
			if !strings.Contains(out, h) {
				t.Errorf("%v: no %s in\n%s", tc.args, h, out)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(out, n) {
				t.Errorf("%v: %s in\n%s", tc.args, n, out)
			}
		}
		if !strings.Contains(errOut, tc.errSubstr) {
			t.Errorf("%v: no %q in %q", tc.args, tc.errSubstr, errOut)
		}
	}
}

// A config file's extend-ignore adds to the config above it (select and
// ignore replace); severity sets a code's severity, a demoted error said
// on standard error; per-file settings apply to the files their glob
// matches, every match in order; --show-settings says each and where it
// comes from.
func TestConfigPerFileAndSeverity(t *testing.T) {
	root := t.TempDir()
	put := func(name, data string) string {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bruno, _ := os.ReadFile(td + "draughts/bruno-vs-scan31-game11.pdn")
	tinsley, _ := os.ReadFile(td + "pdn/tinsley-glued-text.pdn") // English moves, no GameType tag
	cfg := put(".arbiter.yaml", "ignore: [tag-name-case]\n"+
		"severity:\n  no-terminator: note\n"+
		"per-file:\n"+
		"  \"archive/1950-*.pdn\":\n    extend-ignore: [MOVES]\n    severity: {unknown-escape: error}\n"+
		"  \"archive/**\":\n    extend-ignore: [no-terminator]\n"+
		"  \"english/*.pdn\": {variant: english}\n")
	old := put("archive/1950-bruno.pdn", string(bruno))
	other := put("archive/1990-bruno.pdn", string(bruno))
	eng := put("english/tinsley.pdn", string(tinsley))
	shown := config.DisplayPath(cfg)

	out, errOut, code := arbiter(t, "", "check", "--no-board", "-v", old, other, eng)
	for _, want := range []string{
		"1950-bruno.pdn:3:1: error[unknown-escape]",                                                    // per-file severity
		"1990-bruno.pdn:3:1: warning[unknown-escape]",                                                  // not that glob
		"1990-bruno.pdn:17:28: error[illegal]",                                                         // MOVES ignored in 1950 only
		"english/tinsley.pdn:1:1: note: game 1 (MF Tinsley - DM Lafferty): valid, 31 plies of english", // the per-file variant
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	for _, not := range []string{"1950-bruno.pdn:17:28", "no-terminator", "tag-name-case"} {
		if strings.Contains(out, not) {
			t.Errorf("%q in\n%s", not, out)
		}
	}
	if code != 1 {
		t.Errorf("exit %d", code)
	}
	hiddenLine := "arbiter: 1 error not reported: " + shown + ":1 ignores tag-name-case, " + shown + `:6 (per-file "archive/1950-*.pdn", extend-ignore) ignores MOVES, ` + shown + `:9 (per-file "archive/**", extend-ignore) ignores no-terminator`
	if !strings.Contains(errOut, hiddenLine) {
		t.Errorf("no %q in\n%s", hiddenLine, errOut)
	}
	if !strings.Contains(errOut, `per-file "archive/1950-*.pdn"; per-file "archive/**"; per-file "english/*.pdn"`) {
		t.Errorf("-v does not name the per-file entries:\n%s", errOut)
	}

	// Demoted errors are said.
	put("demote/.arbiter.yaml", "severity: {MOVES: warning}\n")
	d := put("demote/bruno.pdn", string(bruno))
	out, errOut, code = arbiter(t, "", "check", "--no-board", d)
	if code != 0 || !strings.Contains(out, "warning[illegal]") || !strings.Contains(errOut, "arbiter: 1 error reported as a warning or a note: "+config.DisplayPath(filepath.Join(root, "demote/.arbiter.yaml"))+":1 severity MOVES: warning") {
		t.Errorf("demoted: exit %d\n%s%s", code, out, errOut)
	}

	// --show-settings: each setting and where it comes from.
	out, _, _ = arbiter(t, "", "check", "--show-settings", old)
	for _, want := range []string{
		"  per-file  \"archive/1950-*.pdn\", \"archive/**\"  " + shown + ":5, " + shown + ":8\n",
		"  ignore  tag-name-case,MOVES,no-terminator  " + shown + ":1, " + shown + `:6 (per-file "archive/1950-*.pdn", extend-ignore), ` + shown + `:9 (per-file "archive/**", extend-ignore)` + "\n",
		"  severity  no-terminator: note  " + shown + ":3\n",
		"  severity  unknown-escape: error  " + shown + `:7 (per-file "archive/1950-*.pdn")` + "\n",
		"  select  every code  default\n",
	} {
		if !strings.Contains(squeezeSpaces(out), squeezeSpaces(want)) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	out, _, _ = arbiter(t, "", "check", "--show-settings", eng, "--extend-ignore", "leading-zero")
	for _, want := range []string{
		"  variant  english  " + shown + `:10 (per-file "english/*.pdn")` + "\n",
		"  default-variant  none  not used: the per-file variant chooses for every record\n",
		"  ignore  tag-name-case,leading-zero  " + shown + ":1, --extend-ignore (command line)\n",
	} {
		if !strings.Contains(squeezeSpaces(out), squeezeSpaces(want)) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}

	// Strict decoding of the new keys, with the line of the mistake.
	for _, tc := range []struct{ yaml, want string }{
		{"extend-ignore: [ilegal]\n", ".arbiter.yaml:1: extend-ignore: unknown code \"ilegal\" (did you mean illegal?)"},
		{"severity:\n  illegal: fatal\n", ".arbiter.yaml:2: severity: illegal: \"fatal\" is not error, warning or note"},
		{"severity: [illegal]\n", ".arbiter.yaml:1: severity: a mapping from codes to error, warning or note is needed"},
		{"per-file:\n  \"a/**\":\n    ignor: [x]\n", ".arbiter.yaml:3: per-file \"a/**\": unknown key ignor (keys: select, ignore, extend-select, extend-ignore, severity, variations, variant, default-variant)"},
		{"per-file:\n  \"a/**\": {variant: englsh}\n", ".arbiter.yaml:2: per-file \"a/**\": variant: unknown variant \"englsh\""},
		{"per-file:\n  \"a/**\": {variant: english, default-variant: english}\n", ".arbiter.yaml:2: per-file \"a/**\": give variant (every record) or default-variant (records without tags), not both"},
		{"per-file:\n  \"a/[\": {ignore: [illegal]}\n", ".arbiter.yaml:2: per-file: \"a/[\" is not a valid glob"},
		{"per-file: [a]\n", ".arbiter.yaml:1: per-file: a mapping from globs to settings is needed"},
		{"extend-selct: [illegal]\n", ".arbiter.yaml:1: unknown key extend-selct (keys: default-variant, variants, select, ignore, extend-select, extend-ignore, severity, variations, format, per-file)"},
	} {
		p := put("bad/.arbiter.yaml", tc.yaml)
		g := put("bad/g.pdn", string(bruno))
		_, errOut, code := arbiter(t, "", "check", g)
		if code != 2 || !strings.Contains(errOut, filepath.Dir(p)+"/"+tc.want) {
			t.Errorf("%q: exit %d, stderr %q, want %q", tc.yaml, code, errOut, tc.want)
		}
	}
}

// --output-file: the report goes to the file, written beside it and
// renamed into place; the summary stays on standard error; an input is
// never overwritten, a device is written directly.
func TestOutputFile(t *testing.T) {
	dir := t.TempDir()
	report := filepath.Join(dir, "report.json")
	os.WriteFile(report, []byte("old\n"), 0o644)
	bruno := td + "draughts/bruno-vs-scan31-game11.pdn"
	out, errOut, code := arbiter(t, "", "check", "--format", "json", "--output-file", report, bruno)
	if code != 1 || out != "" || !summaryLine.MatchString(errOut) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	b, _ := os.ReadFile(report)
	want, _, _ := arbiter(t, "", "check", "--format", "json", bruno)
	if string(b) != want {
		t.Errorf("the file holds\n%s\nwant\n%s", b, want)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left beside it: %v", entries)
	}
	// -o, and the text report.
	_, _, code = arbiter(t, "", "check", "-o", report, "--no-board", bruno)
	if b, _ := os.ReadFile(report); code != 1 || !strings.Contains(string(b), "error[illegal]") {
		t.Errorf("-o: exit %d\n%s", code, b)
	}
	// An input is refused, and left as it was.
	copyOf := filepath.Join(dir, "g.pdn")
	data, _ := os.ReadFile(bruno)
	os.WriteFile(copyOf, data, 0o644)
	_, errOut, code = arbiter(t, "", "check", "--output-file", copyOf, copyOf)
	if b, _ := os.ReadFile(copyOf); code != 2 || string(b) != string(data) || !strings.Contains(errOut, "is the input") {
		t.Errorf("an input: exit %d, %s", code, errOut)
	}
	// A usage error leaves the old report.
	os.WriteFile(report, []byte("old\n"), 0o644)
	_, _, code = arbiter(t, "", "check", "--output-file", report, "--variant", "nine-mens-morris", bruno)
	if b, _ := os.ReadFile(report); code != 2 || string(b) != "old\n" {
		t.Errorf("usage error: exit %d, file %q", code, b)
	}
	// A device is written directly.
	_, _, code = arbiter(t, "", "check", "--output-file", os.DevNull, bruno)
	if code != 1 {
		t.Errorf("/dev/null: exit %d", code)
	}
	if st, err := os.Stat(os.DevNull); err != nil || st.Mode().IsRegular() {
		t.Errorf("/dev/null replaced")
	}
}

// The flags and formats of issue 28 are whole: help, completion, man page
// and README; the groups are offered where codes are.
func TestCIFlagsDocumented(t *testing.T) {
	help, _, _ := arbiter(t, "", "check", "--help")
	words, _, _ := arbiter(t, "", "check", "--", completeFlag)
	man, _ := os.ReadFile("../../arbiter.1")
	readme, _ := os.ReadFile("../../README.md")
	for _, flag := range []string{"--extend-select", "--extend-ignore", "--baseline", "--write-baseline", "--exit-zero", "--output-file"} {
		if !strings.Contains(help, flag) {
			t.Errorf("check --help has no %s", flag)
		}
		if !strings.Contains(words, flag+"\n") {
			t.Errorf("completion does not offer %s", flag)
		}
		if !strings.Contains(string(man), `\fB`+flag+`\fP`) && !strings.Contains(string(man), `\fB`+flag+`, `) {
			t.Errorf("arbiter.1 has no %s", flag)
		}
		if !strings.Contains(string(readme), "`"+flag) {
			t.Errorf("README has no row for %s", flag)
		}
	}
	for _, f := range []string{"concise", "gitlab", "rdjson"} {
		if !strings.Contains(help, f) || !strings.Contains(string(readme), "`--format "+f+"`") {
			t.Errorf("--format %s is not in the help or the README", f)
		}
	}
	for _, want := range []string{"{arbiter: ignore CODE -- why}", "--write-baseline FILE records the findings of today"} {
		if !strings.Contains(help, want) {
			t.Errorf("check --help does not say %q", want)
		}
	}
	values, _, _ := arbiter(t, "", "check", "--extend-ignore", "", completeFlag)
	for _, w := range []string{"MOVES\n", "ALL\n", "illegal\n"} {
		if !strings.Contains(values, w) {
			t.Errorf("--extend-ignore <TAB> does not offer %s", w)
		}
	}
}
