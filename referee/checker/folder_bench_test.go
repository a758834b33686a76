package checker

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"syscall"
	"testing"
	"time"

	"arbiter/notation/input"
	"arbiter/notation/pdn"
	"arbiter/referee"
)

// BenchmarkCheckFolder checks the international tournament games as
// check does a folder of one-game files (each game a file on disk, the
// folder walked, every file opened and read) and as one file of them
// all: per-file-µs is what a file costs beyond its game, in CPU time
// (getrusage: the kernel's opens and reads too), the difference of the
// two per game.
func BenchmarkCheckFolder(b *testing.B) {
	paths, _ := filepath.Glob("../../../shared/corpus/draughts/international-tournaments/*.pdn")
	if len(paths) == 0 {
		b.Skip("corpus not present")
	}
	var games [][]byte
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		sp := pdn.NewSplitter(bytes.NewReader(data), pdn.Options{})
		for {
			g, err := sp.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			games = append(games, []byte(g.Text+"\n"))
		}
	}
	folder, one := b.TempDir(), filepath.Join(b.TempDir(), "all.pdn")
	for i, g := range games {
		if err := os.WriteFile(filepath.Join(folder, fmt.Sprintf("%05d.pdn", i)), g, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	if err := os.WriteFile(one, bytes.Join(games, []byte("\n")), 0o644); err != nil {
		b.Fatal(err)
	}
	// The collector as cmd/arbiter sets it (main.go).
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(32 << 20))
	var perGameOne float64
	for _, c := range []struct{ name, path string }{{"one-file", one}, {"file-per-game", folder}} {
		b.Run(c.name, func(b *testing.B) {
			n := 0
			runtime.GC()
			var ms0, ms1 runtime.MemStats
			runtime.ReadMemStats(&ms0)
			cpu0 := cpuTime()
			for b.Loop() {
				run := &Run{Inputs: input.Expand(c.path, input.DefaultExtensions, input.DefaultLimits()), Options: referee.StreamOptions{Jobs: 1},
					Unreadable: func(name string, err error) { b.Fatal(name, err) }}
				res, err := run.Check()
				if err != nil {
					b.Fatal(err)
				}
				n += res.Summary.Games
			}
			cpu := float64((cpuTime() - cpu0).Nanoseconds()) / 1e3 / float64(n)
			runtime.ReadMemStats(&ms1)
			b.ReportMetric(cpu, "cpu-µs/game")
			b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/float64(n), "B/game")
			if c.name == "one-file" {
				perGameOne = cpu
			} else if perGameOne > 0 {
				b.ReportMetric(cpu-perGameOne, "per-file-µs")
			}
		})
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
