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
			games = splitArena(f, arena, games)
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(games), "cpu-ns/game")
}

// BenchmarkTagSection measures the splitter's tag section alone: the
// international tournament corpus's tag sections, each a game of its
// own ended by "*", split as CheckInputs's serial stage splits (an
// Arena, NextUndecoded); CPU ns per tag pair.
func BenchmarkTagSection(b *testing.B) {
	var text []byte
	pairs := 0
	for _, f := range loadCorpus(b, "international-tournaments") {
		inTags := false
		for _, line := range bytes.SplitAfter(f, []byte("\n")) {
			if t := bytes.TrimLeft(line, " \t"); len(t) > 0 && t[0] == '[' {
				text = append(text, line...)
				pairs += bytes.Count(t, []byte("]"))
				inTags = true
			} else if inTags {
				text = append(text, "*\n\n"...)
				inTags = false
			}
		}
	}
	b.SetBytes(int64(len(text)))
	arena := new(Arena)
	games := 0
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		games = splitArena(text, arena, games)
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N*pairs), "cpu-ns/pair")
	b.ReportMetric(float64(games)/float64(b.N), "games/op")
}

// splitArena cuts every game of text as CheckInputs's serial stage does
// (NextUndecoded, each game marked in arena and its room reused), games
// counting on from games; it returns the new count.
func splitArena(text []byte, arena *Arena, games int) int {
	sp := NewArenaSplitter(bytes.NewReader(text), Options{}, arena)
	for {
		if _, err := sp.NextUndecoded(); err == io.EOF {
			return games
		}
		games++
		arena.Mark(games)
		arena.Reuse(games)
	}
}
