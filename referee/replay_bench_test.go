package referee_test

import (
	"bytes"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
)

// BenchmarkReplayTournaments measures the referee alone: the international
// tournament games are split and parsed once, outside the timer, and each
// pass replays and judges every record (referee.Check). It reports CPU µs,
// allocations and bytes per game, so that a change to the replay is seen
// apart from the reader's share of BenchmarkCheckTournamentsX20, and per
// ply.
func BenchmarkReplayTournaments(b *testing.B) {
	benchmarkReplay(b, "draughts/international-tournaments")
}

// benchmarkReplay replays the games of a corpus folder, split and parsed
// once outside the timer, and reports CPU µs, allocations and bytes per
// game, and CPU ns per ply (to compare with BenchmarkKingEnding's long
// game).
func benchmarkReplay(b *testing.B, folder string) {
	files, names := sortedCorpus(b, folder)
	var recs []*notation.Record
	for _, name := range names {
		eachGame(b, bytes.NewReader(files[name]), func(g pdn.GameText) {
			recs = append(recs, referee.ParseGame(g, name))
		})
	}
	m := startPerGame(b)
	plies := 0
	for i := 0; i < b.N; i++ {
		for _, rec := range recs {
			plies += referee.Check(rec, referee.Options{}).Plies
		}
	}
	m.report(b, b.N*len(recs))
	b.ReportMetric(float64((cpuTime()-m.cpu0).Nanoseconds())/float64(plies), "cpu-ns/ply")
}
