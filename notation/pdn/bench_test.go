package pdn

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"
)

// corpusDir is the shared corpus, beside the repository.
const corpusDir = "../../../shared/corpus/draughts"

func loadCorpus(tb testing.TB, sub string) [][]byte {
	tb.Helper()
	files, _ := filepath.Glob(filepath.Join(corpusDir, sub, "*.pdn"))
	if len(files) == 0 {
		tb.Skip("corpus not present: " + filepath.Join(corpusDir, sub))
	}
	var out [][]byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// BenchmarkParseCorpus splits and parses the international tournaments
// folder, single-threaded: MB/s from b.SetBytes, games/s reported, and
// the CPU time per game (getrusage: steadier than the wall clock on a
// shared machine). Each record's moves are released once read, as check's
// stream releases them.
func BenchmarkParseCorpus(b *testing.B) {
	files := loadCorpus(b, "international-tournaments")
	total := 0
	for _, f := range files {
		total += len(f)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	b.ResetTimer()
	games := 0
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			sp := NewSplitter(bytes.NewReader(f), Options{})
			for {
				g, err := sp.Next()
				if err == io.EOF {
					break
				}
				Parse(g, "x.pdn").ReleaseMoves()
				games++
			}
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/1e3/float64(games), "cpu-µs/game")
}

// cpuTime is the process's user+system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSplitCorpus measures the splitter alone.
func BenchmarkSplitCorpus(b *testing.B) {
	files := loadCorpus(b, "international-tournaments")
	total := 0
	for _, f := range files {
		total += len(f)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			sp := NewSplitter(bytes.NewReader(f), Options{})
			for {
				if _, err := sp.Next(); err == io.EOF {
					break
				}
			}
		}
	}
}

// BenchmarkParseShapes reads games whose shape once cost more than their
// size: nesting (a stack overflow at 500,000 levels) and many notes in
// parentheses (20 s for 40,000). ns/op over sizes shows whether the cost
// is linear: compare n=10000 with n=40000.
func BenchmarkParseShapes(b *testing.B) {
	for _, shape := range []struct {
		name string
		game func(n int) string
	}{
		{"nested", func(n int) string {
			return "1. 32-28 " + strings.Repeat("(19-23 ", n) + strings.Repeat(")", n) + " *\n"
		}},
		{"notes", func(n int) string { return "1. 32-28 " + strings.Repeat("(see } note 1.) ", n) + "*\n" }},
	} {
		for _, n := range []int{10_000, 40_000} {
			text := shape.game(n)
			b.Run(fmt.Sprintf("%s/n=%d", shape.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				for i := 0; i < b.N; i++ {
					if recs := readAll(b, text); len(recs) != 1 {
						b.Fatal(len(recs))
					}
				}
			})
		}
	}
}

// BenchmarkDecodeTextLongLine sniffs files whose first line is long (a
// whole game on one line, as some exports write): the look for the first
// line end once went over the head again for each byte more, so a 4 KB
// line cost 200 µs. ns/op over the sizes shows whether it is linear.
func BenchmarkDecodeTextLongLine(b *testing.B) {
	for _, n := range []int{500, 1000, 4000} {
		text := []byte(strings.Repeat("1. 32-28 19-23 ", n/15) + "\n*\n")
		b.Run(fmt.Sprintf("line=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				DecodeText(bytes.NewReader(text))
			}
		})
	}
}

// BenchmarkParseGames parses the international tournament games, cut
// once outside the timer: the reader alone, in CPU µs per game.
func BenchmarkParseGames(b *testing.B) {
	var games []GameText
	for _, f := range loadCorpus(b, "international-tournaments") {
		sp := NewSplitter(bytes.NewReader(f), Options{})
		for {
			g, err := sp.Next()
			if err != nil {
				break
			}
			games = append(games, g)
		}
	}
	// The collector as cmd/arbiter sets it (main.go).
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		for _, g := range games {
			Parse(g, "x.pdn").ReleaseMoves()
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/1e3/float64(b.N*len(games)), "cpu-µs/game")
}
