package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const twoGames = "[Event \"a\"]\n[Result \"2-0\"]\n1. 32-28 19-23 2-0\n\n[Event \"b\"]\n1. 33-29 *\n"

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// leftovers lists the files of dir other than want: a temporary file left
// behind would show here.
func leftovers(t *testing.T, dir string, want ...string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var extra []string
outer:
	for _, e := range ents {
		for _, w := range want {
			if e.Name() == w {
				continue outer
			}
		}
		extra = append(extra, e.Name())
	}
	return extra
}

// The output may never be one of the inputs, by whatever path: refused
// with exit 2 before anything is written.
func TestConvertRefusesToOverwriteAnInput(t *testing.T) {
	dir := t.TempDir()
	g := filepath.Join(dir, "g.pdn")
	writeFile(t, g, twoGames)
	if err := os.Symlink(g, filepath.Join(dir, "link.pdn")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{g, filepath.Join(dir, "link.pdn"), filepath.Join(dir, "sub", "..", "g.pdn")} {
		_, errOut, code := arbiter(t, "", "convert", "-o", out, g)
		if code != exitUsage || !strings.Contains(errOut, "refusing to overwrite") {
			t.Errorf("-o %s: exit %d, stderr %q; want exit 2 and a refusal", out, code, errOut)
		}
		if got := readFile(t, g); got != twoGames {
			t.Errorf("-o %s: the input changed:\n%s", out, got)
		}
	}
	if extra := leftovers(t, dir, "g.pdn", "link.pdn", "sub"); len(extra) > 0 {
		t.Errorf("files left behind: %v", extra)
	}
}

// A failed conversion leaves the old output as it was and no partial file.
func TestConvertOutputUntouchedOnError(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pdn")
	writeFile(t, out, "old content\n")
	in := filepath.Join(dir, "in.pdn")
	writeFile(t, in, twoGames)
	_, errOut, code := arbiter(t, "", "convert", "-o", out, in, filepath.Join(dir, "missing.pdn"))
	if code != exitUsage {
		t.Errorf("exit %d, want 2; stderr %s", code, errOut)
	}
	if !strings.Contains(errOut, "missing.pdn") || !strings.Contains(errOut, "out.pdn not written") {
		t.Errorf("stderr does not name the failed input and the output: %q", errOut)
	}
	if got := readFile(t, out); got != "old content\n" {
		t.Errorf("old output changed: %q", got)
	}
	if extra := leftovers(t, dir, "out.pdn", "in.pdn"); len(extra) > 0 {
		t.Errorf("files left behind: %v", extra)
	}
	// And on success the output replaces the old file, keeping its mode.
	if err := os.Chmod(out, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := arbiter(t, "", "convert", "-o", out, in); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got := readFile(t, out); !strings.Contains(got, "[Event \"b\"]") {
		t.Errorf("output not written: %q", got)
	}
	if st, _ := os.Stat(out); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old file's 0600", st.Mode().Perm())
	}
}

// A write error names the output file.
func TestConvertWriteErrorNamesTheFile(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	in := filepath.Join(t.TempDir(), "in.pdn")
	writeFile(t, in, twoGames)
	_, errOut, code := run3(t, "/dev/full", "convert", in)
	if code != exitUsage || !strings.Contains(errOut, "no space left") {
		t.Errorf("exit %d, stderr %q; want 2 and the write error", code, errOut)
	}
	if os.Getuid() == 0 {
		t.Skip("root writes into read-only files and folders")
	}
	ro := filepath.Join(t.TempDir(), "ro.pdn")
	writeFile(t, ro, "old\n")
	os.Chmod(ro, 0o444)
	_, errOut, code = arbiter(t, "", "convert", "-o", ro, in)
	if code != exitUsage || !strings.Contains(errOut, "ro.pdn: permission denied") || readFile(t, ro) != "old\n" {
		t.Errorf("read-only file: exit %d, stderr %q; want 2 naming ro.pdn, the file as it was", code, errOut)
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	_, errOut, code = arbiter(t, "", "convert", "-o", filepath.Join(dir, "out.pdn"), in)
	if code != exitUsage || !strings.Contains(errOut, "out.pdn") {
		t.Errorf("read-only folder: exit %d, stderr %q; want 2 naming out.pdn", code, errOut)
	}
}

// run3 runs arbiter with its standard output going to the file path.
func run3(t *testing.T, path string, args ...string) (string, string, int) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var e strings.Builder
	code := run(append([]string{"arbiter"}, args...), strings.NewReader(""), f, &e)
	return "", e.String(), code
}

func TestConvertInPlace(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pdn"), filepath.Join(dir, "b.pdn")
	writeFile(t, a, "[Event \"a\"]\n1.32-28 19-23 2-0")
	writeFile(t, b, twoGames)
	if _, errOut, code := arbiter(t, "", "convert", "--in-place", a, b); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got, want := readFile(t, a), "[Event \"a\"]\n\n1. 32-28 19-23 2-0\n"; got != want {
		t.Errorf("a.pdn = %q, want %q", got, want)
	}
	if got := readFile(t, b); strings.Count(got, "[Event") != 2 {
		t.Errorf("b.pdn lost a game: %q", got)
	}
	if extra := leftovers(t, dir, "a.pdn", "b.pdn"); len(extra) > 0 {
		t.Errorf("files left behind: %v", extra)
	}
	// A JSON file with a record that cannot be read is left as it was.
	j := filepath.Join(dir, "c.json")
	js := `{"file":"x","game":1,"tags":[],"moves":[],"result":"2-0"}` + "\n{\"file\": broken\n"
	writeFile(t, j, js)
	if _, _, code := arbiter(t, "", "convert", "--in-place", j); code != exitUsage {
		t.Errorf("exit %d, want 2", code)
	}
	if got := readFile(t, j); got != js {
		t.Errorf("c.json changed: %q", got)
	}
	for _, args := range [][]string{{"-"}, {"--to", "json", a}, {"-o", b, a}} {
		if _, _, code := arbiter(t, "", append([]string{"convert", "--in-place"}, args...)...); code != exitUsage {
			t.Errorf("--in-place %v: exit %d, want 2", args, code)
		}
	}
}

// What the reader could not read, comments after a result and the Result
// tag all survive a conversion, and games are parted by a blank line.
func TestConvertKeepsEverything(t *testing.T) {
	in := "[Event \"a\"]\n[Result \"2-0\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 foo 4. 29-24 9- 14\n\n" +
		"[Event \"b\"]\n1. 32-28 19-23 2-0 {White resigned}\n\n[Event \"c\"]\n1. 33-29 *\n"
	out, errOut, _ := arbiter(t, in, "convert", "-")
	for _, want := range []string{
		"{unreadable, kept as written: foo}",
		"{unreadable, kept as written: 9- 14} 2-0\n", // the tag's result, not *
		"2-0 {White resigned}\n\n[Event \"c\"]",
		"1. 33-29 *\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(errOut, "kept as a comment") != 2 {
		t.Errorf("want a warning per kept text, got %q", errOut)
	}
	// The output converts to itself: nothing more is lost the second time.
	again, _, _ := arbiter(t, out, "convert", "-")
	if again != out {
		t.Errorf("second conversion differs:\n%s\n---\n%s", out, again)
	}
}

func TestConvertJSONDetection(t *testing.T) {
	// A PDN file that starts with a comment is PDN.
	out, errOut, code := arbiter(t, "{leading comment} 1. 32-28 *\n", "convert", "-")
	if code != 0 || out != "{leading comment} 1. 32-28 *\n" {
		t.Errorf("exit %d, out %q, stderr %q", code, out, errOut)
	}
	out, _, _ = arbiter(t, "{\"quoted\" comment} 1. 32-28 *\n", "convert", "-")
	if out != "{\"quoted\" comment} 1. 32-28 *\n" {
		t.Errorf("a comment starting with a quote read as JSON: %q", out)
	}
	// One bad JSON record is an error for that record only.
	js, _, _ := arbiter(t, twoGames, "convert", "--to", "json", "-")
	lines := strings.SplitAfter(js, "\n")
	bad := lines[0] + "{\"file\": nope}\n" + lines[1]
	out, errOut, code = arbiter(t, bad, "convert", "-")
	if code != exitFindings || !strings.Contains(errOut, "<stdin>:2: error: JSON record cannot be read") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if strings.Count(out, "[Event") != 2 {
		t.Errorf("the records around the bad one were not converted:\n%s", out)
	}
	// A byte-order mark before the first record is no error.
	if out, errOut, code := arbiter(t, "\ufeff"+js, "convert", "-"); code != 0 || strings.Count(out, "[Event") != 2 {
		t.Errorf("JSON after a BOM: exit %d, stderr %q", code, errOut)
	}
}

// convert --in-place on a folder rewrites the files in it, never a file a
// symbolic link in it leads to (it may be anywhere: another archive, a
// read-only copy); naming that file rewrites it.
func TestConvertInPlaceLeavesLinkedFiles(t *testing.T) {
	outside, archive := t.TempDir(), t.TempDir()
	const untidy = "[Event \"a\"]\n1.32-28 19-23 *\n"
	far := filepath.Join(outside, "far.pdn")
	writeFile(t, far, untidy)
	writeFile(t, filepath.Join(archive, "own.pdn"), untidy)
	if err := os.Symlink(far, filepath.Join(archive, "link.pdn")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink(outside, filepath.Join(archive, "linked-folder")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(outside, "also.pdn"), untidy)
	_, errOut, code := arbiter(t, "", "convert", "--in-place", archive)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if got := readFile(t, filepath.Join(archive, "own.pdn")); got == untidy {
		t.Errorf("the folder's own file was not rewritten")
	}
	for _, p := range []string{far, filepath.Join(outside, "also.pdn")} {
		if got := readFile(t, p); got != untidy {
			t.Errorf("%s, reached through a link, was rewritten:\n%s", p, got)
		}
	}
	if !strings.Contains(errOut, "link.pdn: not rewritten") {
		t.Errorf("no warning for the linked file: %q", errOut)
	}
	if _, _, code := arbiter(t, "", "convert", "--in-place", far); code != 0 || readFile(t, far) == untidy {
		t.Errorf("naming the file did not rewrite it (exit %d)", code)
	}
}
