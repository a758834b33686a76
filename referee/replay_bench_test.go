package referee_test

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"sort"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
)

// BenchmarkReplayTournaments measures the referee alone: the international
// tournament games are split and parsed once, outside the timer, and each
// pass replays and judges every record (referee.Check). It reports CPU µs,
// allocations and bytes per game, so that a change to the replay is seen
// apart from the reader's share of BenchmarkCheckTournamentsX20.
func BenchmarkReplayTournaments(b *testing.B) {
	files := readCorpus(b, "draughts/international-tournaments")
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	var recs []*notation.Record
	for _, name := range names {
		sp := pdn.NewSplitter(bytes.NewReader(files[name]), pdn.Options{})
		for {
			g, err := sp.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			recs = append(recs, referee.ParseGame(g, name))
		}
	}
	b.ReportAllocs()
	var ms0, ms1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms0)
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, rec := range recs {
			referee.Check(rec, referee.Options{})
		}
	}
	b.StopTimer()
	runtime.ReadMemStats(&ms1)
	g := float64(b.N * len(recs))
	b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/g, "cpu-µs/game")
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/g, "allocs/game")
	b.ReportMetric(float64(ms1.TotalAlloc-ms0.TotalAlloc)/g, "B/game")
}
