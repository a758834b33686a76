package referee_test

import (
	"bytes"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
)

// BenchmarkReplayUntagged measures the referee alone on the corpora whose
// records BenchmarkReplayTournaments does not reach: the English games,
// which name no rules (no GameType tag, so their rules are inferred: a
// replay under international rules fails, then 8x8 rules are tried), and
// the Russian ones, written with algebraic squares ("c3-d4"). As there,
// the games are split and parsed once outside the timer, and CPU µs,
// allocations and bytes are reported per game.
func BenchmarkReplayUntagged(b *testing.B) {
	for _, sub := range []string{"english", "russian-belarus"} {
		b.Run(sub, func(b *testing.B) {
			files, names := sortedCorpus(b, "draughts/"+sub)
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
		})
	}
}
