package input

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// readDir lists what os.ReadDir lists, in its order, with its types,
// and fails as it fails: over folders of every kind of entry, of odd
// names, and of more names than one read of the folder brings.
func TestReadDirAsOS(t *testing.T) {
	root := t.TempDir()
	mixed := filepath.Join(root, "mixed")
	os.Mkdir(mixed, 0o755)
	for _, name := range []string{"b.pdn", "a.PDN", "Z.pgn", ".hidden.pdn", "é.pdn", "a b.pdn", "x\x01y.pdn", "...", "a.pdn.gz", "noext"} {
		if err := os.WriteFile(filepath.Join(mixed, name), []byte("1. 32-28 *"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(mixed, "sub"), 0o755)
	os.Mkdir(filepath.Join(mixed, ".git"), 0o755)
	os.Symlink("b.pdn", filepath.Join(mixed, "link.pdn"))
	os.Symlink("nowhere", filepath.Join(mixed, "broken.pdn"))
	os.Symlink("sub", filepath.Join(mixed, "linkdir"))
	syscall.Mkfifo(filepath.Join(mixed, "fifo.pdn"), 0o644)
	if l, err := net.Listen("unix", filepath.Join(mixed, "sock.pdn")); err == nil {
		defer l.Close()
	}
	many := filepath.Join(root, "many")
	os.Mkdir(many, 0o755)
	for i := range 2200 { // (a thousand names a read: three reads)
		name := fmt.Sprintf("%05d-%s.pdn", (i*7919)%2200, string(rune('a'+i%26)))
		if err := os.WriteFile(filepath.Join(many, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	empty := filepath.Join(root, "empty")
	os.Mkdir(empty, 0o755)
	file := filepath.Join(mixed, "b.pdn")
	for _, dir := range []string{mixed, many, empty, filepath.Join(root, "missing"), file, filepath.Join(mixed, "linkdir")} {
		got, err := readDir(dir)
		want, werr := os.ReadDir(dir)
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
			t.Errorf("%s: error %v, os.ReadDir: %v", dir, err, werr)
			continue
		}
		var pe *os.PathError
		if err != nil && !errors.As(err, &pe) {
			t.Errorf("%s: %T, not a *os.PathError", dir, err)
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d entries, os.ReadDir: %d", dir, len(got), len(want))
			continue
		}
		for i, e := range want {
			if got[i].name != e.Name() || got[i].typ != e.Type() {
				t.Errorf("%s: entry %d is %q %v, os.ReadDir: %q %v", dir, i, got[i].name, got[i].typ, e.Name(), e.Type())
			}
		}
	}
}

// An entry whose type the folder does not say is typed from lstat, as
// os types it.
func TestStatModeAsOS(t *testing.T) {
	dir := t.TempDir()
	paths := map[string]bool{dir: true}
	f := filepath.Join(dir, "f")
	os.WriteFile(f, nil, 0o644)
	l := filepath.Join(dir, "l")
	os.Symlink("f", l)
	p := filepath.Join(dir, "p")
	syscall.Mkfifo(p, 0o644)
	for _, x := range []string{f, l, p, "/dev/null"} {
		paths[x] = true
	}
	for path := range paths {
		var st syscall.Stat_t
		if err := syscall.Lstat(path, &st); err != nil {
			continue
		}
		fi, err := os.Lstat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := statMode(uint32(st.Mode)); got != fi.Mode().Type() {
			t.Errorf("%s: %v, os: %v", path, got, fi.Mode().Type())
		}
	}
}

// nextDirent reads whatever bytes it is given without a panic, each
// record's name within the record, and comes to an end.
func FuzzNextDirent(f *testing.F) {
	f.Add([]byte{})
	f.Add(append(make([]byte, 16), 24, 0, 8, 'a', '.', 'p', 'd', 'n', 0))
	f.Fuzz(func(t *testing.T, rec []byte) {
		for n := 0; ; n++ {
			name, _, rest, ok := nextDirent(rec)
			if !ok {
				break
			}
			if len(rest) >= len(rec) || len(name) > len(rec)-direntNameOff || bytes.IndexByte(name, 0) >= 0 {
				t.Fatalf("record %d: name %q, %d bytes left of %d", n, name, len(rest), len(rec))
			}
			rec = rest
		}
	})
}
