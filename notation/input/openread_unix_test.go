//go:build unix

package input

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// A pipe named as a file is read to its end, however its writer cuts
// what it writes: its short reads are not its end.
func TestFileSourceFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "fifo.pdn")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip(err)
	}
	want := bytes.Repeat([]byte("1. 32-28 19-23 "), 400)
	go func() {
		f, err := os.OpenFile(p, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		rest := want
		for _, n := range []int{1, 2, 100, 5000} {
			f.Write(rest[:n])
			rest = rest[n:]
			time.Sleep(5 * time.Millisecond)
		}
		f.Write(rest)
	}()
	ins := Expand(p, DefaultExtensions, DefaultLimits())
	if len(ins) != 1 {
		t.Fatalf("%d inputs", len(ins))
	}
	got, err := readAll(t, ins[0], 64<<10)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("read %d bytes, %v; want %d", len(got), err, len(want))
	}
}

// BenchmarkOpenFiles: what opening, reading and closing a one-game file
// costs, in CPU (getrusage: the kernel's share too), beside os.Open with
// a bufio buffer, as files were read before, and beside the bare system
// calls (the floor on this machine). A folder of one-game files
// pays it once per game. Each pass reads a fresh walk's sources (a file
// is opened relative to its folder the first time only), the walk's own
// CPU left out.
func BenchmarkOpenFiles(b *testing.B) {
	game, err := os.ReadFile("../../testdata/draughts/avignon-2014-game39.pdn")
	if err != nil {
		b.Fatal(err)
	}
	const files = 1000
	dir := b.TempDir()
	for i := range files {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%04d.pdn", i)), game, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	buf := make([]byte, 64<<10)
	drain := func(rc io.ReadCloser) {
		for {
			if _, err := rc.Read(buf); err != nil {
				break
			}
		}
		rc.Close()
	}
	for _, c := range []struct {
		name string
		open func(Source) (io.ReadCloser, error)
	}{
		{"source", func(s Source) (io.ReadCloser, error) { return s.Open() }},
		// The floor: the same four system calls (open, the read of the
		// file, the read that finds its end, close) and nothing else.
		{"bare-syscalls", func(s Source) (io.ReadCloser, error) {
			fd, err := syscall.Open(s.Path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
			if err != nil {
				return nil, err
			}
			return bareFile(fd), nil
		}},
		{"os.Open+bufio", func(s Source) (io.ReadCloser, error) {
			f, err := os.Open(s.Path)
			if err != nil {
				return nil, err
			}
			return decompressedSized(f, DefaultLimits(), func() int64 { return 0 })
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				in := Expand(dir, DefaultExtensions, DefaultLimits())
				cpu0 := cpuTime()
				for _, s := range in {
					rc, err := c.open(s)
					if err != nil {
						b.Fatal(err)
					}
					drain(rc)
				}
				cpu += cpuTime() - cpu0
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/1e3/float64(b.N*files), "cpu-µs/file")
		})
	}
}

// bareFile reads a descriptor with nothing around the system calls.
type bareFile int

func (f bareFile) Read(p []byte) (int, error) {
	n, err := syscall.Read(int(f), p)
	if n == 0 && err == nil {
		return 0, io.EOF
	}
	return n, err
}

func (f bareFile) Close() error { return syscall.Close(int(f)) }

// BenchmarkWalk: listing a folder of one-game files, in CPU µs a file
// (getrusage: the kernel's getdents too).
func BenchmarkWalk(b *testing.B) {
	dir := b.TempDir()
	for i := range 2000 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%04d.pdn", i)), nil, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		if in := Expand(dir, DefaultExtensions, DefaultLimits()); len(in) != 2000 {
			b.Fatal(len(in))
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/1e3/float64(b.N*2000), "cpu-µs/file")
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// A file's reader answers Peek, Read and Buffered as a *bufio.Reader of
// the same size over the file does (pdn.DecodeText and jsonl.Sniff read
// its head as they read a bufio.Reader's), whatever the calls and sizes.
func TestFileReaderAsBufio(t *testing.T) {
	dir := t.TempDir()
	rnd := rand.New(rand.NewSource(2))
	for _, size := range []int{0, 1, 2, 15, 16, 17, 511, 512, 4095, 4096, 4097, headSize - 1, headSize, headSize + 1, 3*headSize + 5} {
		data := make([]byte, size)
		rnd.Read(data)
		p := filepath.Join(dir, fmt.Sprintf("%d.pdn", size))
		for range 30 {
			calls := make([]byte, 80)
			rnd.Read(calls)
			sameAsBufio(t, p, data, calls)
		}
	}
}

// FuzzFileReader: any file, any calls, read as bufio.Reader reads it.
func FuzzFileReader(f *testing.F) {
	f.Add([]byte("[Event \"x\"]\n1. 32-28 *\n"), []byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add(bytes.Repeat([]byte("1. 32-28 "), 10000), []byte{255, 254, 3, 2, 200, 100})
	f.Add([]byte{}, []byte{9, 9})
	f.Fuzz(func(t *testing.T, data, calls []byte) {
		sameAsBufio(t, filepath.Join(t.TempDir(), "f.pdn"), data, calls)
	})
}

// sameAsBufio writes data to path and reads it through openFile and
// through a bufio.Reader, making the same call of each pair of bytes of
// calls to both: Peek or Read, of a size about the head buffer's.
func sameAsBufio(t *testing.T, path string, data, calls []byte) {
	t.Helper()
	if IsGzip(data) {
		data = append([]byte{'x'}, data...) // (a gzip file is read through gzip's reader)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	rc, err := fileSource(path, DefaultLimits()).Open()
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	fr := rc.(*fileReader)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, headSize)
	br.Peek(2) // as openFile does
	var log []string
	for i := 0; i+1 < len(calls); i += 2 {
		op, x := calls[i], int(calls[i+1])
		var n int
		switch op / 2 % 4 {
		case 0:
			n = x % 20
		case 1:
			n = x * 20
		case 2:
			n = headSize - 2 + x%5
		default:
			n = x * 3 * headSize / 256
		}
		if op%2 == 0 {
			got, gerr := fr.Peek(n)
			want, werr := br.Peek(n)
			log = append(log, fmt.Sprintf("Peek(%d)", n))
			if !bytes.Equal(got, want) || gerr != werr {
				t.Fatalf("%d bytes, %v: %d bytes, %v; bufio: %d bytes, %v", len(data), log, len(got), gerr, len(want), werr)
			}
		} else {
			// (Not Read(0): bufio says its error once and forgets it,
			// where this reader keeps it.)
			n = max(n, 1)
			gp, wp := make([]byte, n), make([]byte, n)
			gn, gerr := fr.Read(gp)
			wn, werr := br.Read(wp)
			log = append(log, fmt.Sprintf("Read(%d)", n))
			if gn != wn || !bytes.Equal(gp[:gn], wp[:wn]) || gerr != werr {
				t.Fatalf("%d bytes, %v: %d, %v; bufio: %d, %v", len(data), log, gn, gerr, wn, werr)
			}
		}
		if fr.Buffered() != br.Buffered() {
			t.Fatalf("%d bytes, %v: %d buffered; bufio: %d", len(data), log, fr.Buffered(), br.Buffered())
		}
	}
}

// A file's reader is one allocation of 64 bytes (a folder of one-game
// files makes one a game).
func TestFileReaderSize(t *testing.T) {
	if size := unsafe.Sizeof(fileReader{}); size > 64 {
		t.Errorf("fileReader is %d bytes", size)
	}
}
