// Package enginetest builds the real engines of ../shared/engines for the
// integration tests of packages match and tournament: Harm Jetten's Moby
// Dam (DamExchange, built with gcc) and Fabien Letouzey's Scan 3.1 (Hub,
// built with g++). Both are GPL-3.0 test fixtures: they are built from
// their folder by their own build.sh into a temporary folder, never copied
// into arbiter. A test that cannot build one is skipped with the reason.
package enginetest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// Each engine is built once per test binary, into a folder that Cleanup
// (from TestMain) removes.
var (
	mu      sync.Mutex
	tmp     string
	builds  = map[string]*build{}
	cleaned bool
)

type build struct {
	dir  string
	skip string // why the engine cannot be built here
}

// buildOnce builds an engine with build(dir) the first time it is asked
// for, and skips every test that asks for it when it cannot be built.
func buildOnce(t testing.TB, name string, do func(dir string) string) string {
	t.Helper()
	mu.Lock()
	defer mu.Unlock()
	b, ok := builds[name]
	if !ok {
		b = &build{}
		builds[name] = b
		if tmp == "" && !cleaned {
			var err error
			if tmp, err = os.MkdirTemp("", "arbiter-enginetest-"); err != nil {
				b.skip = err.Error()
			}
		}
		if b.skip == "" {
			b.dir = filepath.Join(tmp, name)
			if err := os.MkdirAll(b.dir, 0o755); err != nil {
				b.skip = err.Error()
			} else {
				b.skip = do(b.dir)
			}
		}
	}
	if b.skip != "" {
		t.Skip(b.skip)
	}
	return b.dir
}

// Cleanup removes what the builds left; TestMain calls it after the tests.
func Cleanup() {
	mu.Lock()
	defer mu.Unlock()
	if tmp != "" {
		os.RemoveAll(tmp)
	}
	tmp, cleaned = "", true
}

// enginesDir is ../shared/engines seen from the repository's root.
func enginesDir(t testing.TB) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Skip("cannot tell where the sources are: skipped")
	}
	// referee/match/enginetest/enginetest.go -> the repository's root.
	root := filepath.Join(filepath.Dir(file), "..", "..", "..")
	return filepath.Join(root, "..", "shared", "engines")
}

// MobyDam builds Moby Dam and returns the program and its opening book,
// or skips the test (with -short too).
func MobyDam(t testing.TB) (bin, book string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: Moby Dam is not built")
	}
	src := filepath.Join(enginesDir(t), "mobydam")
	out := buildOnce(t, "mobydam", func(out string) string {
		if _, err := os.Stat(filepath.Join(src, "build.sh")); err != nil {
			return fmt.Sprintf("no Moby Dam sources at %s: skipped", src)
		}
		if _, err := exec.LookPath("gcc"); err != nil {
			return "no gcc to build Moby Dam (apt-get install gcc): skipped"
		}
		if msg, err := exec.Command("bash", filepath.Join(src, "build.sh"), out).CombinedOutput(); err != nil {
			return fmt.Sprintf("Moby Dam does not build here (%v): %s", err, msg)
		}
		return ""
	})
	return filepath.Join(out, "mobydam"), filepath.Join(out, "book.opn")
}

// evalFiles are the evaluation weights Scan reads, one per variant, and
// their size: the public snapshot has none, and build.sh writes zeros.
var evalFiles = []string{"eval", "eval_frisian", "eval_bt", "eval_losing", "eval_killer"}

const evalSize = 8503280

// Scan builds Scan 3.1 and returns its folder (Scan runs from it: "./scan
// hub", scan.ini and data/ beside it), or skips the test (with -short
// too). Its opening book is missing from the public snapshot: play it with
// the Hub parameter book=false.
func Scan(t testing.TB) (dir string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: Scan is not built")
	}
	src := filepath.Join(enginesDir(t), "scan")
	dir = buildOnce(t, "scan", func(out string) string {
		if _, err := os.Stat(filepath.Join(src, "build.sh")); err != nil {
			return fmt.Sprintf("no Scan sources at %s: skipped", src)
		}
		if _, err := exec.LookPath("g++"); err != nil {
			return "no g++ to build Scan (apt-get install g++): skipped"
		}
		msg, err := exec.Command("bash", filepath.Join(src, "build.sh"), out).CombinedOutput()
		if err == nil {
			return ""
		}
		// build.sh copies data/book*, which the snapshot lacks, after
		// building the program and before writing the zero weights: the
		// weights are written here (sparse: they take no room).
		if _, serr := os.Stat(filepath.Join(out, "scan")); serr != nil || !strings.Contains(string(msg), "data/book") {
			return fmt.Sprintf("Scan does not build here (%v): %s", err, msg)
		}
		if err := os.MkdirAll(filepath.Join(out, "data"), 0o755); err != nil {
			return err.Error()
		}
		for _, name := range evalFiles {
			f, err := os.Create(filepath.Join(out, "data", name))
			if err == nil {
				err = f.Truncate(evalSize)
				f.Close()
			}
			if err != nil {
				return err.Error()
			}
		}
		if _, err := os.Stat(filepath.Join(out, "scan.ini")); err != nil {
			ini, err := os.ReadFile(filepath.Join(src, "scan.ini"))
			if err == nil {
				err = os.WriteFile(filepath.Join(out, "scan.ini"), ini, 0o644)
			}
			if err != nil {
				return err.Error()
			}
		}
		return ""
	})
	return dir
}
