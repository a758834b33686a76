package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func read(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The target holds the old text until Commit, the new one after; Abort
// leaves it as it was; nothing is left beside it either way.
func TestCommitAndAbort(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "games.pdn")
	os.WriteFile(p, []byte("old"), 0o600)
	for _, commit := range []bool{false, true} {
		f, err := Create(p)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte("new"))
		if got := read(t, p); got != "old" {
			t.Fatalf("before the end: %q", got)
		}
		want := "old"
		if commit {
			want = "new"
			if err := f.Commit(); err != nil {
				t.Fatal(err)
			}
		} else {
			f.Abort()
		}
		if got := read(t, p); got != want {
			t.Errorf("commit %v: %q, want %q", commit, got, want)
		}
		if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
			t.Errorf("commit %v: mode %v, want the file's own 0600", commit, st.Mode().Perm())
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("commit %v: %d files in the folder", commit, len(entries))
		}
	}
}

// A target another program wrote meanwhile is left as it is; a target
// another arbiter holds is refused at once, naming the process.
func TestChangedOrLockedTarget(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "games.pdn")
	os.WriteFile(p, []byte("old"), 0o644)
	f, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("new"))
	BeforeRename = func(string) { os.WriteFile(p, []byte("theirs, longer"), 0o644) }
	defer func() { BeforeRename = nil }()
	if err := f.Commit(); !errors.Is(err, errChanged) {
		t.Errorf("commit over a changed target: %v", err)
	}
	if got := read(t, p); got != "theirs, longer" {
		t.Errorf("the other program's text is lost: %q", got)
	}
	BeforeRename = nil

	held, _, err := OpenLocked(p, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	var locked *LockedError
	if _, err := Create(p); !errors.As(err, &locked) {
		t.Errorf("create while locked: %v", err)
	}
}

// LinkTemp never replaces a file: a name taken is an error, and the
// temporary file stays for RemoveTemp.
func TestLinkTempNeverOverwrites(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "game-1.pdn")
	f, err := CreateTemp(p)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("1. 32-28 *"))
	f.Close()
	os.WriteFile(p, []byte("mine"), 0o644)
	if err := LinkTemp(f.Name(), p); err == nil {
		t.Fatal("linked over an existing file")
	}
	if got := read(t, p); got != "mine" {
		t.Errorf("the existing file changed: %q", got)
	}
	RemoveTemp(f.Name())
	os.Remove(p)
	g, _ := CreateTemp(p)
	g.Close()
	if err := LinkTemp(g.Name(), p); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the folder, want the one linked", len(entries))
	}
}

// WriteCommit puts the whole text in place; a write that fails (the file
// closed under it) leaves the target as it was and nothing beside it.
func TestWriteCommit(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "games.pdn")
	os.WriteFile(p, []byte("old"), 0o600)
	f, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.WriteCommit([]byte("new")); err != nil || read(t, p) != "new" {
		t.Fatalf("WriteCommit: %v, %q", err, read(t, p))
	}
	f, err = Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.File.Close()
	if err := f.WriteCommit([]byte("lost")); err == nil || read(t, p) != "new" {
		t.Errorf("a failed write: %v, %q", err, read(t, p))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the folder", len(entries))
	}
}
