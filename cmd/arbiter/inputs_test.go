package main

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
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

// FuzzDecompressed: any bytes, compressed or not, read without a panic.
func FuzzDecompressed(f *testing.F) {
	f.Add([]byte("[Event \"x\"]\n1. 32-28 *\n"))
	f.Add(gz(f, []byte("1. 32-28 *")))
	f.Add([]byte{0x1f, 0x8b})
	f.Fuzz(func(t *testing.T, data []byte) {
		rc, err := decompressed(readCloser{bytes.NewReader(data), func() error { return nil }}, defaultUnpackLimits(), 0)
		if err != nil {
			return
		}
		var b bytes.Buffer
		b.ReadFrom(rc)
		rc.Close()
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
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
