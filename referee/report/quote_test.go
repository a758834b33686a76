package report

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"arbiter/notation"
)

// window is the plain statement of what Quoter.Quote returns: about
// quoteWidth characters of the whole line around column col, the cuts
// marked with "...", and the caret's new column.
func window(line string, col int) (string, int) {
	r := []rune(line)
	if len(r) <= quoteWidth {
		return line, col
	}
	start := max(0, min(col-1-quoteWidth/3, len(r)-quoteWidth))
	end := min(len(r), start+quoteWidth)
	out := string(r[start:end])
	if start > 0 {
		out = "..." + out
		col = col - start + 3
	}
	if end < len(r) {
		out += "..."
	}
	return out, col
}

// The quoter gives what quoting the whole line gives, for positions in
// any order, on lines short and long, with multi-byte characters, CRLF and
// carets past the end of the line, in games that start at a line's start
// or inside it (glued to the previous game).
func TestQuoterAgreesWithWholeLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"1. ", "32-28 ", "é", "Жук ", "\t", " ", "{x}", "(", ")", "\r\n", "\n", "\n\n", "   \n"}
	for trial := range 300 {
		var b strings.Builder
		for n := rng.IntN(400); n > 0; n-- {
			if rng.IntN(30) == 0 {
				b.WriteString(strings.Repeat("12x23 ", rng.IntN(60)))
			}
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		col := 1
		if trial%3 == 1 {
			col += rng.IntN(250)
		}
		rec := &notation.Record{Pos: notation.Pos{Line: 3, Col: col}, Text: b.String()}
		lines := strings.Count(rec.Text, "\n") + 1
		var ps []notation.Pos
		for n := rng.IntN(40); n > 0; n-- {
			ps = append(ps, notation.Pos{Line: 1 + rng.IntN(lines+4), Col: rng.IntN(300)})
		}
		if trial%2 == 0 {
			sortPos(ps)
		}
		q := NewQuoter(rec)
		for _, p := range ps {
			got, gcol, gok := q.Quote(p)
			want, wcol, wok := "", 0, false
			if line, ok := rec.SourceLine(p.Line); ok && p.Col > 0 && strings.TrimSpace(line) != "" {
				want, wcol = window(line, p.Col)
				wok = true
			}
			if gok != wok || gok && (got != want || gcol != wcol) {
				t.Fatalf("trial %d, %v in %q:\ngot  %q %d %v\nwant %q %d %v", trial, p, rec.Text, got, gcol, gok, want, wcol, wok)
			}
		}
	}
}

func sortPos(ps []notation.Pos) {
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && (ps[j].Line < ps[j-1].Line || ps[j].Line == ps[j-1].Line && ps[j].Col < ps[j-1].Col); j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}

// Quoting many diagnostics on one long line reads the line about once:
// measured with a benchmark, never asserted.
func BenchmarkQuoteLongLine(b *testing.B) {
	line := strings.Repeat("(1. 11-15) ", 40000)
	rec := &notation.Record{Pos: notation.Pos{Line: 1, Col: 1}, Text: line}
	for b.Loop() {
		q := NewQuoter(rec)
		for col := 1; col < len(line); col += 11 {
			if _, _, ok := q.Quote(notation.Pos{Line: 1, Col: col}); !ok {
				b.Fatal(fmt.Sprint("no quote at ", col))
			}
		}
	}
}
