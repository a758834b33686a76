package pdn

import (
	"bytes"
	"fmt"
	"io"
	"strings"
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

// TestBracketRunsReadAsOne: a run of '[' (with blanks between) is read as
// its first '[' is, in one step (tagStart's run): a run cuts a text into
// the games a single '[' does, and each game starts on the same line. (A
// run longer than a peek reaches, 32 KB, reads as alone on its line.)
func TestBracketRunsReadAsOne(t *testing.T) {
	for _, c := range []struct {
		name, before, after string
		games               int
	}{
		{"alone before the tags", "", "\n[Event \"x\"]\n1. 32-28 *\n", 1},
		{"alone after moves", "[Event \"a\"]\n1. 32-28 ", "\n[Event \"x\"]\n1. 32-28 *\n", 2},
		{"alone after moves, blanks", "[Event \"a\"]\n1. 32-28 ", " \t\n[Event \"x\"]\n1. 32-28 *\n", 2},
		{"before a bracket", "[Event \"a\"]\n1. 32-28 ", "]] 19-23 *\n", 1},
		{"before a command", "[Event \"a\"]\n1. 32-28 {x} ", "%clk 1] 19-23 *\n", 1},
		{"before a tag name", "[Event \"a\"]\n1. 32-28 *\n\n", "Event \"b\"]\n1. 32-28 *\n", 2},
		{"at the end", "[Event \"a\"]\n1. 32-28 ", "", 2},
	} {
		cut := func(n int) []GameText {
			in := c.before + strings.Repeat("[", n) + c.after
			var out []GameText
			sp := NewSplitter(strings.NewReader(in), Options{})
			for {
				g, err := sp.Next()
				if err != nil {
					return out
				}
				out = append(out, g)
			}
		}
		one := cut(1)
		if len(one) != c.games {
			t.Errorf("%s: one '[': %d games, want %d", c.name, len(one), c.games)
		}
		for _, n := range []int{2, 3, 100, 30_000} {
			got := cut(n)
			if len(got) != len(one) {
				t.Errorf("%s: %d '[': %d games, one '[': %d", c.name, n, len(got), len(one))
				continue
			}
			for i := range got {
				if got[i].Pos.Line != one[i].Pos.Line {
					t.Errorf("%s: %d '[': game %d starts on line %d, with one '[' on %d", c.name, n, i+1, got[i].Pos.Line, one[i].Pos.Line)
				}
			}
		}
	}
}

// BenchmarkSplitShapes cuts texts whose shape once cost the splitter more
// than their size: a line of n '[' (each '[' looked ahead over the rest
// of the run: 20 s for 200,000) and a word of glued results "1-0:1-0:..."
// (each digit stop read the word to its end again: 8 s for 200,000).
// ns/op over the sizes shows whether the cost is linear: compare n=10000
// with n=40000.
func BenchmarkSplitShapes(b *testing.B) {
	for _, shape := range []struct {
		name string
		text func(n int) string
	}{
		{"brackets", func(n int) string { return "[Event \"e\"]\n1. 32-28 " + strings.Repeat("[", n) + "\n*\n" }},
		{"glued-results", func(n int) string { return "[Event \"e\"]\n1. 32-28 " + strings.Repeat("1-0:", n) + " *\n" }},
	} {
		for _, n := range []int{10_000, 40_000} {
			text := shape.text(n)
			b.Run(fmt.Sprintf("%s/n=%d", shape.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					sp := NewSplitter(strings.NewReader(text), Options{})
					for {
						if _, err := sp.Next(); err != nil {
							break
						}
					}
				}
			})
		}
	}
}
