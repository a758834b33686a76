package match

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// The engine folders of arbiter processes that are gone are removed; a
// folder that a running process may own, or that arbiter did not name,
// stays.
func TestSweepEngineDirs(t *testing.T) {
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	gone, me := strconv.Itoa(dead.Process.Pid), strconv.Itoa(os.Getpid())
	dir := t.TempDir()
	for _, c := range []struct {
		name   string
		folder bool
		stays  bool
	}{
		{"arbiter-engine-" + gone + "-123", true, false},
		{"arbiter-engine-" + gone + "-456", true, false},
		{"arbiter-engine-" + me + "-123", true, true},     // this process's
		{"arbiter-engine-1-123", true, true},              // a process that runs
		{"arbiter-engine-123456789", true, true},          // an older arbiter's name: no owner to ask
		{"arbiter-engine-" + gone + "-file", false, true}, // not a folder
		{"arbiter-engine-0" + gone + "-123", true, true},  // not a number as arbiter writes it
		{"arbiter-engine--123", true, true},
		{"other-" + gone + "-123", true, true},
	} {
		p := filepath.Join(dir, c.name)
		if c.folder {
			if err := os.MkdirAll(filepath.Join(p, "inside"), 0o755); err != nil {
				t.Fatal(err)
			}
		} else if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		defer func() {
			_, err := os.Lstat(p)
			if stays := err == nil; stays != c.stays {
				t.Errorf("%s: stays %v, want %v", c.name, stays, c.stays)
			}
		}()
	}
	sweepEngineDirs(dir)
}

// A match's engine folders carry its process id, so that the next match
// can tell they are left over from a process that is gone.
func TestEngineTempDirNamesItsOwner(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	d, err := engineTempDir()
	if err != nil {
		t.Fatal(err)
	}
	if pid, ok := ownerPID(filepath.Base(d), engineDirPrefix); !ok || pid != os.Getpid() {
		t.Errorf("%s: owner %d, %v", d, pid, ok)
	}
	if entries, _ := os.ReadDir(os.TempDir()); !slices.ContainsFunc(entries, func(e os.DirEntry) bool { return e.Name() == filepath.Base(d) }) {
		t.Errorf("%s is not in TMPDIR", d)
	}
}
