//go:build unix

package input

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
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
// a bufio buffer, as files were read before. A folder of one-game files
// pays it once per game.
func BenchmarkOpenFiles(b *testing.B) {
	game, err := os.ReadFile("../../testdata/draughts/avignon-2014-game39.pdn")
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	for i := range 1000 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%04d.pdn", i)), game, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	in := Expand(dir, DefaultExtensions, DefaultLimits())
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
		{"os.Open+bufio", func(s Source) (io.ReadCloser, error) {
			f, err := os.Open(s.Path)
			if err != nil {
				return nil, err
			}
			return decompressedSized(f, DefaultLimits(), func() int64 { return 0 })
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			cpu0 := cpuTime()
			for b.Loop() {
				for _, s := range in {
					rc, err := c.open(s)
					if err != nil {
						b.Fatal(err)
					}
					drain(rc)
				}
			}
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/1e3/float64(b.N*len(in)), "cpu-µs/file")
		})
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
