package pdn

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
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
// folder, single-threaded: MB/s from b.SetBytes, games/s reported.
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
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			sp := NewSplitter(bytes.NewReader(f), Options{})
			for {
				g, err := sp.Next()
				if err == io.EOF {
					break
				}
				Parse(g, "x.pdn")
				games++
			}
		}
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
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
