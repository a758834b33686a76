package draughts

import (
	"testing"
	"time"
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
