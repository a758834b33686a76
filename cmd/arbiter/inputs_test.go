package main

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"arbiter/notation/input"
)

func gz(t testing.TB, data []byte) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// files reports, in output order, the file of every game checked.
func files(t *testing.T, stdin string, args ...string) ([]string, string, int) {
	t.Helper()
	out, errOut, code := arbiter(t, stdin, append([]string{"check", "--format", "json"}, args...)...)
	var names []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		var rep struct{ File string }
		if err := json.Unmarshal([]byte(line), &rep); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		if len(names) == 0 || names[len(names)-1] != rep.File {
			names = append(names, rep.File)
		}
	}
	return names, errOut, code
}

func TestInputs(t *testing.T) {
	game, err := os.ReadFile(td + "draughts/avignon-2014-game39.pdn")
	if err != nil {
		t.Fatal(err)
	}
	morris, err := os.ReadFile(td + "morris/sanmill_2026-07-20_human_vs_ai.pgn")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	put := func(name string, data []byte) {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	put("b/second.pdn", game)
	put("a/first.PDN", game)
	put("a/z.pgn.gz", gz(t, morris))
	put("notes.txt", []byte("not a record"))
	put(".git/objects.pdn", game) // hidden folders are not walked
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for _, m := range []string{"y.pdn", "x/readme.md", "x.pdn.gz"} {
		w, _ := zw.Create(m)
		if strings.HasSuffix(m, ".gz") {
			w.Write(gz(t, game))
		} else {
			w.Write(game)
		}
	}
	zw.Close()
	put("c/archive.zip", zb.Bytes())
	put("empty/none.pdn", nil)

	t.Run("directory", func(t *testing.T) {
		got, errOut, code := files(t, "", dir)
		want := []string{"a/first.PDN", "a/z.pgn.gz", "b/second.pdn", "c/archive.zip:x.pdn.gz", "c/archive.zip:y.pdn"}
		for i := range want {
			want[i] = filepath.Join(dir, want[i])
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") || code != 0 {
			t.Errorf("exit %d, files\n%s\nwant\n%s\n%s", code, strings.Join(got, "\n"), strings.Join(want, "\n"), errOut)
		}
		if !strings.Contains(errOut, "warning: "+filepath.Join(dir, "empty/none.pdn")+": no game in this file") {
			t.Errorf("no warning for the file with no game: %q", errOut)
		}
	})
	t.Run("extensions", func(t *testing.T) {
		got, _, _ := files(t, "", "--ext", "pgn", dir)
		if len(got) != 1 || !strings.HasSuffix(got[0], "z.pgn.gz") {
			t.Errorf("--ext pgn read %v", got)
		}
	})
	t.Run("gzip on stdin", func(t *testing.T) {
		got, _, code := files(t, string(gz(t, game)), "-")
		if code != 0 || len(got) != 1 || got[0] != "<stdin>" {
			t.Errorf("exit %d, %v", code, got)
		}
	})
	t.Run("a named file is read whatever its extension", func(t *testing.T) {
		p := filepath.Join(dir, "game.txt")
		put("game.txt", game)
		got, _, code := files(t, "", p)
		if code != 0 || len(got) != 1 {
			t.Errorf("exit %d, %v", code, got)
		}
	})
	t.Run("no games", func(t *testing.T) {
		_, errOut, code := arbiter(t, "", "check", filepath.Join(dir, "empty"), filepath.Join(dir, "empty/none.pdn"))
		if code != 2 || !strings.Contains(errOut, "no games found in 2 inputs") {
			t.Errorf("exit %d, %q", code, errOut)
		}
	})
	t.Run("corrupt gzip", func(t *testing.T) {
		put("bad.pdn.gz", gz(t, game)[:40])
		_, errOut, code := arbiter(t, "", "check", filepath.Join(dir, "bad.pdn.gz"))
		if code != 2 || !strings.Contains(errOut, "bad.pdn.gz") {
			t.Errorf("exit %d, %q", code, errOut)
		}
	})
}

// A file whose lines end with CR alone (old Mac) is reported at the same
// lines and columns, with the same quoted lines, as the file with LF.
func TestCROnlyFileLines(t *testing.T) {
	lf := "[Event \"a\"]\n[GameType \"20\"]\n[Result \"2-0\"]\n\n1. 32-28 19-23\n2. 99-88 *\n\n[Event \"b\"]\n[GameType \"20\"]\n1. 32-28 19-23 2. 37-32 *\n"
	dir := t.TempDir()
	want, _, _ := arbiter(t, "", "check", "--no-board", writeTemp(t, dir, "lf.pdn", lf))
	got, _, _ := arbiter(t, "", "check", "--no-board", writeTemp(t, dir, "cr.pdn", strings.ReplaceAll(lf, "\n", "\r")))
	if strings.ReplaceAll(got, "cr.pdn", "lf.pdn") != want || !strings.Contains(want, "lf.pdn:6:4: error[no-such-square]") {
		t.Errorf("CR lines:\n%s\nLF lines:\n%s", got, want)
	}
}

func writeTemp(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	os.MkdirAll(filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Symbolic links in a walked folder: a linked record is read under the
// link's name, unless the file is read already; a linked folder is walked
// once, and a loop of links ends; whatever is not read is named, and
// counted with the warnings of the summary.
func TestWalkSymlinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	game, err := os.ReadFile(td + "draughts/douwes-cat-a1-game22.pdn") // no warning
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	for _, f := range []string{"dir/a.pdn", "outside/x.pdn", "folder/y.pdn"} {
		writeTemp(t, root, f, string(game))
	}
	writeTemp(t, root, "dir/empty.pdn", "")
	for link, to := range map[string]string{
		"dir/b-link.pdn": "a.pdn",            // the real file is read: named
		"dir/c-link.pdn": "../outside/x.pdn", // read as dir/c-link.pdn
		"dir/loop":       ".",                // a loop
		"dir/sub/up":     "../..",            // a loop two levels up
		"dir/sub/again":  "../../dir",        // the same, another way
		"dir/folder":     "../folder",        // walked after the real folders
		"dir/outside":    "../outside",       // its x.pdn is read already, through c-link.pdn
		"dir/broken.pdn": "nowhere.pdn",      // named
		"dir/broken":     "nowhere",          // no record's name: passed over
		"dir/.hidden":    "../outside",       // hidden: not walked, as .git
	} {
		p := filepath.Join(root, link)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.Symlink(to, p); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscallMkfifo(filepath.Join(root, "dir/fifo.pdn")); err != nil {
		t.Log("no FIFO:", err)
	}
	done := make(chan struct{})
	var got []string
	var errOut string
	var code int
	go func() {
		defer close(done)
		got, errOut, code = files(t, "", filepath.Join(root, "dir"))
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the walk does not end: a link loop")
	}
	d := func(s string) string { return filepath.Join(root, "dir", s) }
	want := []string{d("a.pdn"), d("c-link.pdn"), d("folder/y.pdn")}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || code != 0 {
		t.Errorf("exit %d, read\n%s\nwant\n%s\n%s", code, strings.Join(got, "\n"), strings.Join(want, "\n"), errOut)
	}
	warnings := []string{
		d("b-link.pdn") + ": a symbolic link to ",
		d("broken.pdn") + ": a symbolic link that leads nowhere",
		d("loop") + ": a symbolic link to ",
		d("sub/up") + ": a symbolic link to ",
		d("sub/again") + ": a symbolic link to ",
		d("outside/x.pdn") + ": the file ",
		d("empty.pdn") + ": no game in this file",
	}
	if _, err := os.Stat(d("fifo.pdn")); err == nil {
		warnings = append(warnings, d("fifo.pdn")+": not a regular file")
	}
	for _, w := range warnings {
		if !strings.Contains(errOut, "arbiter: warning: "+w) {
			t.Errorf("no warning %q in\n%s", w, errOut)
		}
	}
	summary := fmt.Sprintf("3 games: 3 valid, 0 with errors, %d warnings", len(warnings))
	if !strings.Contains(errOut, summary) {
		t.Errorf("the summary does not count the inputs' warnings: want %q in\n%s", summary, errOut)
	}
	if _, _, code := arbiter(t, "", "check", "--strict", filepath.Join(root, "dir")); code != 1 {
		t.Errorf("--strict: exit %d with warnings on the inputs", code)
	}
}

// A folder or an archive where nothing has a record's extension says so,
// names a few of its files and the --ext that reads them.
func TestNoMatchSaysWhy(t *testing.T) {
	_, errOut, code := arbiter(t, "", "check", td+"race")
	want := "arbiter: warning: " + td + "race: no record file in this folder: 9 files not read for their extension (.txt: ganzenbord-315.txt, jeu-de-courses-315.txt, jeu-de-l-oie-315.txt and 6 more); --ext pdn,pgn,txt reads them\n"
	if code != 2 || !strings.Contains(errOut, want) || !strings.Contains(errOut, "no games found in 0 inputs") {
		t.Errorf("exit %d, stderr\n%s\nwant\n%s", code, errOut, want)
	}
	dir := t.TempDir()
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for _, m := range []string{"ludo.txt", "goose.txt", "README.md", "notes"} {
		w, _ := zw.Create(m)
		w.Write([]byte("x"))
	}
	zw.Close()
	p := writeTemp(t, dir, "races.zip", zb.String())
	_, errOut, code = arbiter(t, "", "check", "--ext", "pdn", p)
	want = p + ": no record file in this archive: 4 members not read for their extension (.txt: ludo.txt, goose.txt; .md: README.md; no extension: notes); --ext pdn,txt reads them\n"
	if code != 2 || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, stderr\n%s\nwant\n%s", code, errOut, want)
	}
	os.MkdirAll(filepath.Join(dir, "empty"), 0o755)
	_, errOut, _ = arbiter(t, "", "check", filepath.Join(dir, "empty"))
	if !strings.Contains(errOut, "empty: no record file in this folder (--ext pdn,pgn)") {
		t.Errorf("an empty folder: %s", errOut)
	}
}

// board on a folder with no record says so instead of panicking.
func TestBoardOnEmptyFolder(t *testing.T) {
	_, errOut, code := arbiter(t, "", "board", t.TempDir())
	if code != 2 || !strings.Contains(errOut, "no record file in this folder") {
		t.Errorf("exit %d, %q", code, errOut)
	}
}

// "No game in this file" counts in the summary line and in GitHub's job
// summary.
func TestNoGameCounted(t *testing.T) {
	dir := t.TempDir()
	game, err := os.ReadFile(td + "draughts/douwes-cat-a1-game22.pdn") // no warning
	if err != nil {
		t.Fatal(err)
	}
	writeTemp(t, dir, "a.pdn", string(game))
	writeTemp(t, dir, "b.pdn", "\n\n")
	summary := filepath.Join(t.TempDir(), "summary.md")
	t.Setenv("GITHUB_STEP_SUMMARY", summary)
	_, errOut, code := arbiter(t, "", "check", "--format", "github", dir)
	md, _ := os.ReadFile(summary)
	if code != 0 || !strings.Contains(errOut, "b.pdn: no game in this file") || !strings.Contains(errOut, "1 game: 1 valid, 0 with errors, 1 warning") ||
		!strings.Contains(string(md), "| 1 | 1 | 0 | 0 | 1 |") {
		t.Errorf("exit %d, stderr %q, job summary:\n%s", code, errOut, md)
	}
}

// readInputs hands back the list it was given when nothing is left out
// (a folder's thousands of inputs are not copied), and the others alone,
// in order, when some are.
func TestReadInputsKeepsTheList(t *testing.T) {
	in := []input.Source{{Name: "a.pdn"}, {Name: "b.pdn"}, {Name: "c.pdn"}}
	var warned bytes.Buffer
	kept, n := readInputs(in, &warned)
	if n != 0 || len(kept) != 3 || &kept[0] != &in[0] || warned.Len() != 0 {
		t.Errorf("nothing left out: %d warnings, %d inputs, copied %v; %q", n, len(kept), &kept[0] != &in[0], warned.String())
	}
	in[1].Skip = "not a regular file"
	kept, n = readInputs(in, &warned)
	if n != 1 || len(kept) != 2 || kept[0].Name != "a.pdn" || kept[1].Name != "c.pdn" || &kept[0] == &in[0] ||
		warned.String() != "arbiter: warning: b.pdn: not a regular file\n" {
		t.Errorf("one left out: %d warnings, %v; %q", n, kept, warned.String())
	}
}
