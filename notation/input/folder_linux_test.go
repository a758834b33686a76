package input

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// openFDs are the descriptors of the process open on folders under dir.
func openFDs(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip(err)
	}
	var on []string
	for _, e := range entries {
		if to, err := os.Readlink("/proc/self/fd/" + e.Name()); err == nil && strings.HasPrefix(to, dir) {
			if st, err := os.Stat(to); err == nil && st.IsDir() {
				on = append(on, to)
			}
		}
	}
	return on
}

// A walked folder's files are opened relative to it: the folder is open
// from its first file's opening to its last's, and closed then; a file
// read again is opened by its path.
func TestFolderOpenedWithItsFiles(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	for _, p := range []string{"a.pdn", "b.pdn", "sub/c.pdn", "sub/d.pdn", "z.pdn"} {
		if err := os.WriteFile(filepath.Join(dir, p), []byte(p), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in := Expand(dir, DefaultExtensions, DefaultLimits())
	want := [][]string{{dir}, {dir}, {dir, sub}, {dir}, nil} // open once each file is
	for i, s := range in {
		data, err := readAll(t, s, 64<<10)
		if err != nil || string(data) != s.Path[len(dir)+1:] {
			t.Fatalf("%s: %q, %v", s.Name, data, err)
		}
		if got := openFDs(t, dir); strings.Join(got, ",") != strings.Join(want[i], ",") {
			t.Errorf("after %s: folders open %v, want %v", s.Name, got, want[i])
		}
	}
	for _, s := range in { // read again: by path
		if data, err := readAll(t, s, 64<<10); err != nil || string(data) != s.Path[len(dir)+1:] {
			t.Fatalf("%s read again: %q, %v", s.Name, data, err)
		}
		if got := openFDs(t, dir); len(got) > 0 {
			t.Errorf("%s read again: folders open %v", s.Name, got)
		}
	}
}

// A folder whose files are not all read is closed once its sources are
// dropped.
func TestFolderClosedWhenDropped(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"a.pdn", "b.pdn"} {
		os.WriteFile(filepath.Join(dir, p), []byte("x"), 0o644)
	}
	in := Expand(dir, DefaultExtensions, DefaultLimits())
	if _, err := readAll(t, in[0], 64<<10); err != nil {
		t.Fatal(err)
	}
	if got := openFDs(t, dir); len(got) != 1 {
		t.Fatalf("folders open %v, want the one", got)
	}
	in = nil
	for range 100 {
		runtime.GC()
		if len(openFDs(t, dir)) == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("folders still open: %v", openFDs(t, dir))
}

// What cannot be opened relative to its folder says so as os.Open of
// its path says it: a file gone since the walk, a folder in its place,
// the folder itself gone.
func TestFolderFileErrorsAsOS(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"a.pdn", "b.pdn", "c.pdn", "d.pdn"} {
		os.WriteFile(filepath.Join(dir, p), []byte("x"), 0o644)
	}
	in := Expand(dir, DefaultExtensions, DefaultLimits())
	os.Remove(in[1].Path)
	os.Remove(in[2].Path)
	os.Mkdir(in[2].Path, 0o755)
	if _, err := readAll(t, in[0], 64<<10); err != nil {
		t.Fatal(err)
	}
	_, err := readAll(t, in[1], 64<<10)
	_, osErr := os.Open(in[1].Path)
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Path != in[1].Path || !errors.Is(err, fs.ErrNotExist) || err.Error() != osErr.Error() {
		t.Errorf("a file gone: %v, os.Open: %v", err, osErr)
	}
	_, err = readAll(t, in[2], 64<<10)
	f, _ := os.Open(in[2].Path)
	_, osErr = f.Read(make([]byte, 10))
	f.Close()
	if err == nil || err.Error() != osErr.Error() {
		t.Errorf("a folder in a file's place: %v, os.File: %v", err, osErr)
	}
	os.RemoveAll(dir)
	_, err = in[3].Open()
	if _, osErr := os.Open(in[3].Path); err == nil || err.Error() != osErr.Error() {
		t.Errorf("the folder gone: %v, os.Open: %v", err, osErr)
	}
}

// A folder's files cost one allocation each, listed, opened, read and
// closed (Source.Open's closure): their paths are cut from one
// allocation, their openers and readers made with the folder's. A file
// opened again while its first reader is open reads through a reader of
// its own.
func TestFolderFilesAllocations(t *testing.T) {
	dir := t.TempDir()
	const n = 200
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("g%04d.pdn", i)), []byte(fmt.Sprintf("game %d", i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	buf := make([]byte, 64<<10)
	readFile := func(s Source) string {
		rc, err := s.Open()
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		var got []byte
		for {
			m, err := rc.Read(buf)
			got = append(got, buf[:m]...)
			if err != nil {
				return string(got)
			}
		}
	}
	allocs := testing.AllocsPerRun(3, func() {
		for _, s := range Expand(dir, DefaultExtensions, DefaultLimits()) {
			rc, err := s.Open()
			if err != nil {
				t.Fatal(err)
			}
			for {
				if _, err := rc.Read(buf); err != nil {
					break
				}
			}
			rc.Close()
		}
	})
	if perFile := allocs / n; perFile > 1.5 && !raceEnabled {
		t.Errorf("%.2f allocations a file, want 1 (and the folder's own)", perFile)
	}
	in := Expand(dir, DefaultExtensions, DefaultLimits())
	first, err := in[0].Open()
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(in[0]); got != "game 0" {
		t.Errorf("opened again while open: %q", got)
	}
	data, _ := io.ReadAll(first)
	first.Close()
	if string(data) != "game 0" {
		t.Errorf("the first open: %q", data)
	}
	for i, s := range in[1:] {
		if got, want := readFile(s), fmt.Sprintf("game %d", i+1); got != want {
			t.Errorf("%s: %q, want %q", s.Name, got, want)
		}
	}
}
