package referee_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"arbiter/referee"
)

// corpusDir is ../shared/corpus beside the repository; tests that need it
// skip when it is absent.
const corpusDir = "../../shared/corpus"

// readCorpus reads the .pdn files of a corpus folder, or the one file
// sub.pdn when sub names a file without its extension.
func readCorpus(tb testing.TB, sub string) map[string][]byte {
	files, _ := filepath.Glob(filepath.Join(corpusDir, sub, "*.pdn"))
	if len(files) == 0 {
		files, _ = filepath.Glob(filepath.Join(corpusDir, sub+".pdn"))
	}
	if len(files) == 0 {
		tb.Skipf("corpus %s not present", sub)
	}
	out := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		out[f] = data
	}
	return out
}

// BenchmarkCheckCorpus measures the whole check path (split, parse,
// replay) over the international tournament files: games/s and MB/s.
func BenchmarkCheckCorpus(b *testing.B) {
	files := readCorpus(b, "draughts/international-tournaments")
	var size int64
	for _, d := range files {
		size += int64(len(d))
	}
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			b.SetBytes(size)
			games := 0
			for i := 0; i < b.N; i++ {
				for name, data := range files {
					err := referee.CheckStream(bytes.NewReader(data), name, referee.StreamOptions{Jobs: jobs}, func(*referee.Report) error {
						games++
						return nil
					})
					if err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
