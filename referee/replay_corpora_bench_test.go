package referee_test

import (
	"testing"
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
		b.Run(sub, func(b *testing.B) { benchmarkReplay(b, "draughts/"+sub) })
	}
}
