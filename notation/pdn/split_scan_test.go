package pdn

import (
	"bytes"
	"io"
	"testing"
)

// BenchmarkSplitArena measures the splitter as CheckInputs's serial stage
// runs it (an Arena, NextUndecoded) over the international tournament
// corpus, in CPU ns per game (getrusage) and bytes per second.
func BenchmarkSplitArena(b *testing.B) {
	files := loadCorpus(b, "international-tournaments")
	total := 0
	for _, f := range files {
		total += len(f)
	}
	b.SetBytes(int64(total))
	arena := new(Arena)
	games := 0
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			sp := NewArenaSplitter(bytes.NewReader(f), Options{}, arena)
			for {
				if _, err := sp.NextUndecoded(); err == io.EOF {
					break
				}
				games++
				arena.Mark(games)
				arena.Reuse(games)
			}
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(games), "cpu-ns/game")
}
