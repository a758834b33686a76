package referee_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"sort"
	"syscall"
	"testing"
	"time"

	"arbiter/notation/pdn"
	"arbiter/referee"
)

// cpuTime is the process's user+system CPU time (getrusage): on a machine
// shared with other work it is much steadier than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// tournamentInputs is the international tournament corpus repeated n times
// (in a fixed order), as check's inputs.
func tournamentInputs(b *testing.B, n int) []referee.Input {
	files, names := sortedCorpus(b, "draughts/international-tournaments")
	var inputs []referee.Input
	for i := range n {
		for _, name := range names {
			data := files[name]
			inputs = append(inputs, referee.Input{
				Name: fmt.Sprintf("%d/%s", i, name),
				Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil },
			})
		}
	}
	return inputs
}

// BenchmarkCheckTournamentsX20 runs the whole check path (split, parse,
// replay, reorder) over the international tournament corpus repeated 20
// times (15,480 games), with one job and with two. It reports per game the
// CPU time (getrusage, all goroutines), the allocations and bytes
// allocated (run with -benchmem for the per-pass figures too), and the
// wall-clock games/s. Timings are measured, never asserted.
func BenchmarkCheckTournamentsX20(b *testing.B) {
	inputs := tournamentInputs(b, 20)
	// The collector as cmd/arbiter sets it (main.go: collect at 4x the
	// live heap, soft limit 32 MB), so that the figures are the command's.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(32 << 20))
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			games := 0
			pass := func() {
				err := referee.CheckInputs(inputs, referee.StreamOptions{Jobs: jobs}, func(*referee.Report) error {
					games++
					return nil
				}, func(in referee.Input, err error) { b.Fatal(in.Name, err) })
				if err != nil {
					b.Fatal(err)
				}
			}
			// One pass outside the measure: the first fills the pools
			// and the caches, and with -benchtime 1x it would be charged
			// to jobs=1 alone, flattering the jobs=2 / jobs=1 ratio.
			pass()
			games = 0
			m := startPerGame(b)
			for i := 0; i < b.N; i++ {
				pass()
			}
			m.report(b, games)
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkSplitTournamentsX20 measures the stream's one serial stage on
// its own: cutting the same 15,480 games out of their files, in CPU µs per
// game, as CheckInputs's splitter goroutine does (serial: read buffers
// from a pdn.Arena, texts left for the workers to copy, NextUndecoded),
// and as pdn.Each does (decoded: each text copied, Next). With J jobs the
// stream cannot go faster than the serial figure allows, so it is the
// one to compare with the check's CPU per game.
func BenchmarkSplitTournamentsX20(b *testing.B) {
	inputs := tournamentInputs(b, 20)
	for _, serial := range []bool{true, false} {
		name := "decoded"
		if serial {
			name = "serial"
		}
		b.Run(name, func(b *testing.B) {
			games := 0
			cpu0 := cpuTime()
			arena := new(pdn.Arena)
			for i := 0; i < b.N; i++ {
				for _, in := range inputs {
					rc, _ := in.Open()
					var sp *pdn.Splitter
					next := (*pdn.Splitter).Next
					if serial {
						sp, next = pdn.NewArenaSplitter(rc, pdn.Options{}, arena), (*pdn.Splitter).NextUndecoded
					} else {
						sp = pdn.NewSplitter(rc, pdn.Options{})
					}
					for {
						_, err := next(sp)
						if errors.Is(err, io.EOF) {
							break
						}
						if err != nil {
							b.Fatal(err)
						}
						games++
						// Each game is dropped at once: the buffers it
						// lies in may be read into again.
						arena.Mark(games)
						arena.Reuse(games)
					}
				}
			}
			b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(games), "cpu-µs/game")
		})
	}
}

// sortedCorpus is readCorpus with the file names in order.
func sortedCorpus(b *testing.B, sub string) (map[string][]byte, []string) {
	files := readCorpus(b, sub)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	return files, names
}

// eachGame cuts r into games (pdn.Splitter) and hands each to fn.
func eachGame(b *testing.B, r io.Reader, fn func(pdn.GameText)) {
	sp := pdn.NewSplitter(r, pdn.Options{})
	for {
		g, err := sp.Next()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			b.Fatal(err)
		}
		fn(g)
	}
}

// perGame measures a benchmark's CPU time (all goroutines), allocations
// and bytes allocated, reported per game.
type perGame struct {
	cpu0 time.Duration
	ms0  runtime.MemStats
}

// startPerGame starts the measure (and the benchmark's timer) after a
// collection, so the figures are the games' alone.
func startPerGame(b *testing.B) *perGame {
	b.ReportAllocs()
	m := &perGame{}
	runtime.GC()
	runtime.ReadMemStats(&m.ms0)
	m.cpu0 = cpuTime()
	b.ResetTimer()
	return m
}

func (m *perGame) report(b *testing.B, games int) {
	b.StopTimer()
	cpu := cpuTime() - m.cpu0
	var ms1 runtime.MemStats
	runtime.ReadMemStats(&ms1)
	g := float64(games)
	b.ReportMetric(float64(cpu.Microseconds())/g, "cpu-µs/game")
	b.ReportMetric(float64(ms1.Mallocs-m.ms0.Mallocs)/g, "allocs/game")
	b.ReportMetric(float64(ms1.TotalAlloc-m.ms0.TotalAlloc)/g, "B/game")
}

// BenchmarkCheckSmallFiles measures what a file costs beside its games:
// the tournament games three times over (2,322 games), once as one file
// and once a file per game (the shape of most real archives), through the
// whole check path with one job. It reports CPU µs per game for each, and
// for a file a game the CPU µs each file costs more than its game did in
// the one file (per-file-µs).
func BenchmarkCheckSmallFiles(b *testing.B) {
	files, names := sortedCorpus(b, "draughts/international-tournaments")
	var games []string
	for range 3 {
		for _, name := range names {
			eachGame(b, bytes.NewReader(files[name]), func(g pdn.GameText) { games = append(games, g.Text) })
		}
	}
	open := func(data []byte) func() (io.ReadCloser, error) {
		return func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }
	}
	var whole bytes.Buffer
	var each []referee.Input
	for i, g := range games {
		whole.WriteString(g + "\n\n")
		each = append(each, referee.Input{Name: fmt.Sprintf("%d.pdn", i), Open: open([]byte(g + "\n"))})
	}
	one := []referee.Input{{Name: "all.pdn", Open: open(whole.Bytes())}}
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(32 << 20))
	var perGameOne float64
	for _, c := range []struct {
		name   string
		inputs []referee.Input
	}{{"one-file", one}, {"file-per-game", each}} {
		b.Run(c.name, func(b *testing.B) {
			n := 0
			pass := func() {
				err := referee.CheckInputs(c.inputs, referee.StreamOptions{Jobs: 1}, func(*referee.Report) error {
					n++
					return nil
				}, func(in referee.Input, err error) { b.Fatal(in.Name, err) })
				if err != nil {
					b.Fatal(err)
				}
			}
			pass()
			n = 0
			m := startPerGame(b)
			for i := 0; i < b.N; i++ {
				pass()
			}
			m.report(b, n)
			cpu := float64((cpuTime() - m.cpu0).Nanoseconds()) / 1e3 / float64(n)
			if c.name == "one-file" {
				perGameOne = cpu
			} else if perGameOne > 0 {
				b.ReportMetric(cpu-perGameOne, "per-file-µs")
			}
		})
	}
}
