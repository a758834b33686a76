package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/referee/baseline"
)

// The baseline, as issue 28 tells it: an archive with known errors, the
// baseline written, a file reformatted and its games reordered (nothing
// new), a new error introduced (caught, and only it), a known finding fixed
// (stale, reported), the baseline pruned, written again in part; and the
// files it refuses to overwrite.
func TestBaseline(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	src := filepath.Join(wd, td, "draughts")
	copyIn := func(name, as string) string {
		data, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join("archive", as)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, data, 0o644)
		return p
	}
	bruno := copyIn("bruno-vs-scan31-game11.pdn", "1950/bruno.pdn")       // illegal at move 32
	avignon := copyIn("avignon-2014-game39.pdn", "2014/avignon.pdn")      // partial-path at move 49
	france := copyIn("championnat-de-france-2021.pdn", "2021/france.pdn") // 58 games, habits
	edit := func(p, old, new string) {
		t.Helper()
		data, _ := os.ReadFile(p)
		if !strings.Contains(string(data), old) {
			t.Fatalf("%s: no %q", p, old)
		}
		os.WriteFile(p, []byte(strings.Replace(string(data), old, new, 1)), 0o644)
	}
	check := func(args ...string) (string, string, int) {
		t.Helper()
		return arbiter(t, "", append([]string{"check", "--no-board"}, args...)...)
	}

	_, _, code := check("archive")
	if code != 1 {
		t.Fatalf("the archive: exit %d, want 1 (its known errors)", code)
	}
	_, errOut, code := check("--write-baseline", "arbiter-baseline.json", "archive")
	if code != 0 || !strings.Contains(errOut, "arbiter: wrote arbiter-baseline.json: ") || !strings.Contains(errOut, "suppressed by the baseline") {
		t.Fatalf("--write-baseline: exit %d\n%s", code, errOut)
	}
	f := readBaselineFile(t, "arbiter-baseline.json")
	files := map[string]bool{}
	for _, e := range f.Findings {
		files[e.File] = true
	}
	if !files["archive/1950/bruno.pdn"] || !files["archive/2014/avignon.pdn"] || !files["archive/2021/france.pdn"] {
		t.Errorf("entries' files: %v", files)
	}
	out, errOut, code := check("--baseline", "arbiter-baseline.json", "archive")
	if code != 0 || strings.Contains(out, "error[") || strings.Contains(errOut, "stale") {
		t.Errorf("--baseline: exit %d\n%s%s", code, out, errOut)
	}

	// Reformatted (CRLF, lines broken elsewhere) and its games reordered;
	// a game without findings edited (a tag), one with findings edited
	// (a variation added): nothing new.
	data, _ := os.ReadFile(france)
	games := strings.Split(string(data), "\n\n[Event")
	for i := range games {
		games[i] = "[Event" + strings.TrimPrefix(games[i], "[Event")
	}
	for i, j := 0, len(games)-1; i < j; i, j = i+1, j-1 {
		games[i], games[j] = games[j], games[i]
	}
	re := strings.Join(games, "\n\n\n")
	re = strings.ReplaceAll(strings.ReplaceAll(re, " 2. ", "\n2. "), "\n", "\r\n")
	re = strings.Replace(re, `[White "Nimbi, Fidele"]`, `[White "Nimbi, Fidèle"]`, 1) // a game without findings
	os.WriteFile(france, []byte(re), 0o644)
	if n := strings.Count(re, "[Event \""); n != 58 {
		t.Fatalf("%d games after reordering", n)
	}
	edit(avignon, "49. 15x33x31 19-23", "49. 15x33x31 (49. 15x33x22x31) 19-23")
	out, errOut, code = check("--baseline", "arbiter-baseline.json", "archive")
	if code != 0 || strings.Contains(out, "error[") || strings.Contains(out, "warning[") || strings.Contains(errOut, "stale") {
		t.Errorf("reformatted, reordered, edited: exit %d\n%s%s", code, out, errOut)
	}
	os.WriteFile(avignon, readAll(t, filepath.Join(src, "avignon-2014-game39.pdn")), 0o644)

	// A new error in a game the baseline knows: caught, and only it.
	edit(france, "1. 33-28 19-23\r\n2. 28x19", "1. 33-28 19-23\r\n2. 28x18")
	out, errOut, code = check("--baseline", "arbiter-baseline.json", "archive")
	if code != 1 || strings.Count(out, "error[") != 1 || !strings.Contains(out, "error[illegal]") || !strings.Contains(out, "(28x18)") {
		t.Errorf("a new error: exit %d\n%s%s", code, out, errOut)
	}
	edit(france, "1. 33-28 19-23\r\n2. 28x18", "1. 33-28 19-23\r\n2. 28x19")

	// A known finding fixed: stale, and said; the others still match.
	edit(avignon, "49. 15x33x31", "49. 15x33x22x31")
	out, errOut, code = check("--baseline", "arbiter-baseline.json", "archive")
	staleLine := "  archive/2014/avignon.pdn: Gouzi, Jean - Henry, Stephane: partial-path at move 49 (15x33x31)\n"
	if code != 0 || !strings.Contains(errOut, "arbiter: arbiter-baseline.json: 1 stale finding (no longer found: fixed, or the game changed):\n"+staleLine) ||
		!strings.Contains(errOut, "arbiter: --baseline arbiter-baseline.json --write-baseline arbiter-baseline.json writes it without them") {
		t.Errorf("a fixed finding: exit %d\n%s%s", code, out, errOut)
	}
	// Stale entries are said only for the files read.
	_, errOut, _ = check("--baseline", "arbiter-baseline.json", bruno)
	if strings.Contains(errOut, "stale") {
		t.Errorf("stale entries of a file not read:\n%s", errOut)
	}

	// Pruned: the stale entry goes, a new finding is not added.
	before := len(readBaselineFile(t, "arbiter-baseline.json").Findings)
	edit(france, "1. 33-28 19-23\r\n2. 28x19", "1. 33-28 19-23\r\n2. 28x18")
	_, errOut, code = check("--baseline", "arbiter-baseline.json", "--write-baseline", "arbiter-baseline.json", "archive")
	if code != 1 || !strings.Contains(errOut, "(1 stale finding pruned; new findings are not added: --write-baseline alone records them)") {
		t.Errorf("pruning: exit %d\n%s", code, errOut)
	}
	after := readBaselineFile(t, "arbiter-baseline.json").Findings
	if len(after) != before-1 {
		t.Errorf("%d entries after pruning, %d before", len(after), before)
	}
	for _, e := range after {
		if e.Code == "partial-path" || e.Move == "28x18" {
			t.Errorf("entry %+v", e)
		}
	}

	// Written again from one file: the others' entries are kept.
	_, errOut, code = check("--write-baseline", "arbiter-baseline.json", bruno)
	if code != 0 || !strings.Contains(errOut, "of files this run did not read kept as they were") {
		t.Errorf("in part: exit %d\n%s", code, errOut)
	}
	kept := map[string]bool{}
	for _, e := range readBaselineFile(t, "arbiter-baseline.json").Findings {
		kept[e.File] = true
	}
	if !kept["archive/2021/france.pdn"] || !kept["archive/1950/bruno.pdn"] {
		t.Errorf("files after a partial write: %v", kept)
	}

	// JSON and SARIF mark the baseline's findings as external.
	out, _, _ = arbiter(t, "", "check", "--format", "json", "--baseline", "arbiter-baseline.json", bruno)
	if !strings.Contains(out, `"suppressed":{"kind":"external","reason":"in the baseline"}`) {
		t.Errorf("JSON:\n%.1000s", out)
	}
	out, _, _ = arbiter(t, "", "check", "--format", "sarif", "--baseline", "arbiter-baseline.json", bruno)
	if !strings.Contains(out, `"kind": "external"`) || !strings.Contains(out, `"uri": "arbiter-baseline.json"`) {
		t.Errorf("SARIF:\n%.3000s", out)
	}
	if schema := sharedSchemas + "sarif-schema-2.1.0.json"; fileExists(filepath.Join(wd, schema)) {
		validateJSON(t, compileSchema(t, filepath.Join(wd, schema)), out)
	}

	// Refused: a file that is no baseline, an input, a missing baseline.
	os.WriteFile("notes.txt", []byte("my notes\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--write-baseline", "notes.txt", bruno}, "--write-baseline notes.txt: the file exists and is not an arbiter baseline: not overwritten"},
		{[]string{"--write-baseline", bruno, bruno}, "--write-baseline " + bruno + " is the input " + bruno + ": refusing to overwrite it"},
		{[]string{"--baseline", "nope.json", bruno}, "--baseline nope.json: no such file (--write-baseline nope.json writes one)"},
		{[]string{"--baseline", "notes.txt", bruno}, "--baseline notes.txt: not an arbiter baseline file"},
	} {
		_, errOut, code := check(tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q", tc.args, code, errOut)
		}
	}
	if b, _ := os.ReadFile("notes.txt"); string(b) != "my notes\n" {
		t.Errorf("notes.txt: %q", b)
	}
	// An input that cannot be read: the baseline is not written.
	before = len(readBaselineFile(t, "arbiter-baseline.json").Findings)
	_, errOut, code = check("--write-baseline", "arbiter-baseline.json", bruno, "archive/missing.pdn")
	if code != 2 || len(readBaselineFile(t, "arbiter-baseline.json").Findings) != before {
		t.Errorf("an unreadable input: exit %d\n%s", code, errOut)
	}
	if entries, _ := os.ReadDir("."); len(entries) != 3 {
		t.Errorf("left in the folder: %v", entries)
	}
}

func readAll(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readBaselineFile(t *testing.T, p string) *baseline.File {
	t.Helper()
	data := readAll(t, p)
	var probe map[string]any
	if err := json.Unmarshal(data, &probe); err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	f, err := baseline.Read(strings.NewReader(string(data)))
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	return f
}
