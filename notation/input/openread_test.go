package input

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

// readAll reads a source whole, in reads of the sizes given in turn (the
// splitter's 64 KB, a bufio's 4 KB, a byte), and closes it.
func readAll(t *testing.T, s Source, sizes ...int) ([]byte, error) {
	t.Helper()
	rc, err := s.Open()
	if err != nil {
		return nil, err
	}
	var out []byte
	for i := 0; ; i++ {
		p := make([]byte, sizes[i%len(sizes)])
		n, err := rc.Read(p)
		out = append(out, p[:n]...)
		if err == io.EOF {
			break
		}
		if err != nil {
			rc.Close()
			return out, err
		}
	}
	if err := rc.Close(); err != nil {
		t.Errorf("%s: close: %v", s.Name, err)
	}
	if err := rc.Close(); err == nil {
		t.Errorf("%s: a second close said nothing", s.Name)
	}
	return out, nil
}

// The files of a walk and those named on the command line read byte for
// byte what is in them (gzip unpacked), whatever their size against the
// head buffer and however they are read.
func TestFileSourceReadsWhole(t *testing.T) {
	dir := t.TempDir()
	rnd := rand.New(rand.NewSource(1))
	text := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = "1234567890-x. \n[]\"abc"[rnd.Intn(21)]
		}
		return b
	}
	files := map[string][]byte{}
	for _, n := range []int{0, 1, 2, 3, 783, 4095, 4096, 4097, headSize - 1, headSize, headSize + 1, 3*headSize + 17} {
		files[filepath.Join(dir, "f"+strings.Repeat("0", 7-len(itoa(n)))+itoa(n)+".pdn")] = text(n)
	}
	big := text(5 * headSize)
	files[filepath.Join(dir, "z.pdn.gz")] = gz(t, big)
	files[filepath.Join(dir, "one.pdn.gz")] = gz(t, []byte("1"))
	for p, data := range files {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	walked := Expand(dir, DefaultExtensions, DefaultLimits())
	if len(walked) != len(files) {
		t.Fatalf("walk listed %d files, want %d", len(walked), len(files))
	}
	for _, s := range walked {
		want := files[s.Path]
		if strings.HasSuffix(s.Path, ".gz") {
			want, _ = io.ReadAll(mustGunzip(t, want))
		}
		for _, src := range []Source{s, Expand(s.Path, nil, DefaultLimits())[0]} {
			for _, sizes := range [][]int{{64 << 10}, {4 << 10}, {1}, {2, 0, 7, 64 << 10}} {
				got, err := readAll(t, src, sizes...)
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("%s read in %v: %d bytes, %v; want %d bytes", src.Name, sizes, len(got), err, len(want))
				}
			}
		}
		rc, err := s.Open()
		if err != nil {
			t.Fatal(err)
		}
		if err := iotest.TestReader(rc, want); err != nil {
			t.Errorf("%s: %v", s.Name, err)
		}
		rc.Close()
	}
}

func mustGunzip(t *testing.T, data []byte) io.Reader {
	rc, err := Decompressed(io.NopCloser(bytes.NewReader(data)), Limits{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	return rc
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// What cannot be read says so as os.Open and os.File say it, naming the
// file: a file that is not there, a folder read as a file.
func TestFileSourceErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.pdn")
	_, err := readAll(t, fileSource(missing, DefaultLimits()))
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Op != "open" || pe.Path != missing || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	_, osErr := os.Open(missing)
	if err.Error() != osErr.Error() {
		t.Errorf("missing file: %q, os.Open says %q", err, osErr)
	}
	// A folder reached as a file (a race with the walk): its read fails.
	_, err = readAll(t, fileSource(dir, DefaultLimits()), 64<<10)
	f, _ := os.Open(dir)
	_, osErr = f.Read(make([]byte, 10))
	f.Close()
	if err == nil || err.Error() != osErr.Error() {
		t.Errorf("folder read as a file: %v, os.File says %v", err, osErr)
	}
}

// joinPrefix puts before a name what filepath.Join does.
func TestJoinPrefix(t *testing.T) {
	for _, dir := range []string{"", ".", "..", "/", "//", "a", "a/", "a//", "./a", "a/./b/../", "/tmp/x", "../../c", "a/..", "/.."} {
		for _, name := range []string{"x", "game.pdn", ".hidden", "...", "a b"} {
			if got, want := joinPrefix(dir)+name, filepath.Join(dir, name); got != want {
				t.Errorf("joinPrefix(%q)+%q = %q, filepath.Join: %q", dir, name, got, want)
			}
		}
	}
}

// IsRecordFile reads an ASCII name as it reads any: lowered, then its
// extensions.
func TestIsRecordFile(t *testing.T) {
	exts := []string{"pdn", "pgn", "txt"}
	for _, name := range []string{"a.pdn", "A.PDN", "a.Pdn.GZ", "a.pdn.gz", "a.gz", ".pdn", "pdn", "a.xpdn", "a.pdnx", "a.pd", "", ".gz", "a.pdn.gz.gz",
		"a.TXT", "a..pgn", "Ä.PDN", "a.\u212Aif", "\u0130.pdn", "a.p\u0130n"} {
		want := false
		lowered := strings.TrimSuffix(strings.ToLower(name), ".gz")
		for _, e := range append(exts, "kif") {
			want = want || strings.HasSuffix(lowered, "."+e)
		}
		if got := IsRecordFile(name, append(exts, "kif")); got != want {
			t.Errorf("IsRecordFile(%q) = %v, want %v", name, got, want)
		}
	}
}
