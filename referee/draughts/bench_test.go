package draughts

import (
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

// BenchmarkPerft runs perft(8) of the international start position (drop
// duplicates, single thread) and reports leaf nodes per second. Leaves are
// bulk-counted: at the last ply the legal moves are counted without being
// played (the usual perft convention).
func BenchmarkPerft(b *testing.B) {
	r := International()
	p := r.Initial()
	const depth = 8
	var nodes uint64
	start := time.Now()
	for i := 0; i < b.N; i++ {
		nodes += r.Perft(p, depth, false)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}

// BenchmarkLegalMoves measures the public (allocating) generator on a
// capture-rich position.
func BenchmarkLegalMoves(b *testing.B) {
	r := International()
	p, err := r.ParseFEN(fenRandom178)
	if err != nil {
		b.Fatal(err)
	}
	var buf []Move
	for i := 0; i < b.N; i++ {
		buf = r.LegalMoves(&p, false, buf[:0])
	}
}

// BenchmarkPerftPositions runs perft on the positions of Moby Dam's perft
// script and on the start positions of other board sizes, to profile one
// case at a time (scripts/bench.sh compares with Moby Dam itself).
func BenchmarkPerftPositions(b *testing.B) {
	cases := []struct {
		name, variant, fen string
		depth              int
	}{
		{"start", "international", "", 8},
		{"random178", "international", fenRandom178, 7},
		{"woldouby", "international", fenWoldouby, 13},
		{"russian", "russian", "", 9},
		{"english", "english", "", 9},
		{"canadian", "canadian", "", 6},
		{"frisian", "frisian", "", 7},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			v, err := variants.Lookup(c.variant)
			if err != nil {
				b.Fatal(err)
			}
			r, p, err := RulesOf(v)
			if err != nil {
				b.Fatal(err)
			}
			if c.fen != "" {
				if p, err = r.ParseFEN(c.fen); err != nil {
					b.Fatal(err)
				}
			}
			var nodes uint64
			start := time.Now()
			for i := 0; i < b.N; i++ {
				nodes += r.Perft(p, c.depth, false)
			}
			b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
		})
	}
}

// BenchmarkKingEnding replays a 2,000-ply king ending (two kings against
// one, shuffling: the five-move endgame rule, the 25 king moves and the
// repetition all draw it early, and the game is played on), and reports
// the cost per ply, to compare with a middle game's
// (BenchmarkReplayTournaments in package referee reports ns/ply too): once
// a draw rule is in force, a ply should cost no more.
func BenchmarkKingEnding(b *testing.B) {
	v, err := variants.Lookup("international")
	if err != nil {
		b.Fatal(err)
	}
	const plies = 2000
	var text strings.Builder
	text.WriteString(`[FEN "W:WK46,K47:BK4"] [Result "1-1"] `)
	for i := 0; i < plies/4; i++ {
		text.WriteString("46-41 4-9 41-46 9-4 ")
	}
	text.WriteString("1-1")
	recs, err := pdn.ReadAll(strings.NewReader(text.String()), "k.pdn", pdn.Options{})
	if err != nil || len(recs) != 1 {
		b.Fatal(err)
	}
	rep := referee.Check(recs[0], referee.Options{Variant: v})
	if rep.Plies != plies {
		b.Fatalf("%d plies replayed: %v", rep.Plies, rep.Diagnostics)
	}
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		referee.Check(recs[0], referee.Options{Variant: v})
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(b.N*plies), "cpu-ns/ply")
}

// cpuTime is the process's user+system CPU time (getrusage): on a machine
// shared with other work it is much steadier than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkReplayHot replays the 58 games of a national championship
// (testdata) again and again, with their records in the cache as check's
// stream has them (each game is replayed right after it is read): the
// cost of a ply of tournament play, in CPU ns per ply.
func BenchmarkReplayHot(b *testing.B) {
	text, err := os.ReadFile("../../testdata/draughts/championnat-de-france-2021.pdn")
	if err != nil {
		b.Skip(err)
	}
	recs, err := pdn.ReadAll(strings.NewReader(string(text)), "c.pdn", pdn.Options{})
	if err != nil {
		b.Fatal(err)
	}
	plies := 0
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		for _, rec := range recs {
			plies += referee.Check(rec, referee.Options{}).Plies
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(plies), "cpu-ns/ply")
}
