package draughts

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

// The repair search is judged the way the issue asks: take real games
// that replay, put one slip of the pen of each kind into each at a random
// ply, and see whether the first fix suggested (or one of the first
// three) gives back the game as it was.

var (
	slipGames     = flag.Int("repair.games", 300, "games of the shared corpus TestSlipsRepaired injects slips into (0: every valid game)")
	slipCorpusDir = flag.String("repair.corpus", "../../../shared/corpus", "the shared corpus TestSlipsRepaired reads besides testdata (\"\": testdata alone)")
)

// slipKinds are the slips injected, as a person makes them copying a
// score sheet.
var slipKinds = []string{"digits", "reversed", "neighbour", "near", "landing", "path", "omitted", "twice", "order"}

// slipGame is a game that replays, with what the injection needs.
type slipGame struct {
	name string
	rec  *notation.Record
	v    *variants.Variant
	c    *compiled
	num  *numbering
}

// slipCorpus reads the games that replay without error from the record
// files given, main line only, at least 16 plies long.
func slipCorpus(t testing.TB, files []string) []slipGame {
	var out []slipGame
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sp := pdn.NewSplitter(bytes.NewReader(data), pdn.Options{})
		for {
			g, err := sp.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			rec := referee.ParseGame(g, f)
			if len(rec.Moves) < 16 || hasSetupAfterStart(rec) {
				continue
			}
			rep := referee.Check(rec, referee.Options{})
			if rep.Verdict != referee.Valid || rep.Plies != len(rec.Moves) {
				continue
			}
			v := referee.VariantNamed("draughts", rep.Variant)
			if v == nil {
				continue
			}
			c, err := compileDraughts(v)
			if err != nil {
				continue
			}
			num, err := recordNumbering(c, rec)
			if err != nil {
				continue
			}
			out = append(out, slipGame{name: fmt.Sprintf("%s game %d", filepath.Base(f), rec.Index), rec: rec, v: v, c: c, num: num})
		}
	}
	return out
}

func hasSetupAfterStart(rec *notation.Record) bool {
	for _, m := range rec.Moves {
		if m.Setup != "" {
			return true
		}
	}
	return false
}

// slipTally counts, for one kind of slip, what the search made of it.
type slipTally struct {
	injected, undetected, noFix, first, top3, certain, certainWrong int
}

func TestSlipsRepaired(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/draughts/*.pdn")
	if *slipCorpusDir != "" {
		more, _ := filepath.Glob(filepath.Join(*slipCorpusDir, "draughts/*/*.pdn"))
		more2, _ := filepath.Glob(filepath.Join(*slipCorpusDir, "draughts/*/*/*.pdn"))
		files = append(files, append(more, more2...)...)
	}
	games := slipCorpus(t, files)
	if len(games) == 0 {
		t.Skip("no games")
	}
	rng := rand.New(rand.NewSource(26))
	if n := *slipGames; n > 0 && len(games) > n {
		rng.Shuffle(len(games), func(i, j int) { games[i], games[j] = games[j], games[i] })
		games = games[:n]
	}
	tallies := map[string]*slipTally{}
	for _, k := range slipKinds {
		tallies[k] = &slipTally{}
	}
	var wrongs []string
	for _, g := range games {
		orig := texts(g.rec.Moves)
		want := canonical(g, orig)
		for _, kind := range slipKinds {
			slipped, ply, ok := injectSlip(g, orig, kind, rng)
			if !ok {
				continue
			}
			tl := tallies[kind]
			tl.injected++
			// Under the rules the game replays by (as --default-variant
			// english reads the English archives): a square off the 8x8
			// board would otherwise make an untagged record a 10x10 one.
			rep := referee.Check(withMoves(g.rec, slipped), referee.Options{Variant: g.v})
			d := firstMoveError(rep)
			if d == nil {
				tl.undetected++
				continue
			}
			if len(d.Fixes) == 0 {
				tl.noFix++
				wrongs = append(wrongs, fmt.Sprintf("%s (%d plies): %s at ply %d (%s for %s): no fix for %s %q at move %d", g.name, len(orig), kind, ply, describeSlip(orig, slipped, ply), orig[min(ply, len(orig)-1)], d.Code, d.Move, d.MoveNumber))
				continue
			}
			right := -1
			for i, f := range d.Fixes {
				if slices.Equal(canonical(g, applyFix(slipped, f)), want) {
					right = i
					break
				}
			}
			if right == 0 {
				tl.first++
			}
			if right >= 0 {
				tl.top3++
			}
			if d.Fixes[0].Certain {
				tl.certain++
				if right != 0 {
					tl.certainWrong++
				}
			}
			if right != 0 {
				f := d.Fixes[0]
				wrongs = append(wrongs, fmt.Sprintf("%s (%d plies): %s at ply %d (%s for %s): error at %s; first fix %s at ply %d %s %q (%s, %d plies, certain %v), right one %d",
					g.name, len(orig), kind, ply, describeSlip(orig, slipped, ply), orig[min(ply, len(orig)-1)], d.Move, f.Edit, f.Ply, f.Move, f.Text, f.Why, f.Replays, f.Certain, right))
			}
		}
	}
	var all slipTally
	t.Logf("%d games; per kind of slip: injected, not detected (the slip wrote legal moves), detected: first fix right, right in the first three, no fix; certain fixes (wrong)", len(games))
	for _, k := range slipKinds {
		tl := tallies[k]
		det := tl.injected - tl.undetected
		t.Logf("  %-9s %4d injected, %3d undetected; of %4d detected: first %5.1f%%, top 3 %5.1f%%, no fix %4.1f%%; certain %4d (%d wrong)",
			k, tl.injected, tl.undetected, det, pct(tl.first, det), pct(tl.top3, det), pct(tl.noFix, det), tl.certain, tl.certainWrong)
		all.injected += tl.injected
		all.undetected += tl.undetected
		all.noFix += tl.noFix
		all.first += tl.first
		all.top3 += tl.top3
		all.certain += tl.certain
		all.certainWrong += tl.certainWrong
	}
	det := all.injected - all.undetected
	t.Logf("  %-9s %4d injected, %3d undetected; of %4d detected: first %5.1f%%, top 3 %5.1f%%, no fix %4.1f%%; certain %4d (%d wrong)",
		"all", all.injected, all.undetected, det, pct(all.first, det), pct(all.top3, det), pct(all.noFix, det), all.certain, all.certainWrong)
	if testing.Verbose() {
		for _, w := range wrongs {
			t.Log(w)
		}
	}
	if det == 0 {
		t.Fatal("no slip detected")
	}
	// The goals: the first fix right for 90% of the slips, one of
	// the first three for 98%. The search does better on the corpus (see
	// the log; on testdata alone, 60-odd games, a few misses weigh more):
	// the floor of the first is what it does, less a little, so that a
	// change that makes it worse fails here.
	if p := pct(all.first, det); p < 95 {
		t.Errorf("first fix right for %.1f%% of the slips, want at least 95%%", p)
	}
	if p := pct(all.top3, det); p < 97 {
		t.Errorf("right fix in the first three for %.1f%% of the slips, want at least 97%%", p)
	}
	if all.certainWrong > 0 {
		t.Errorf("%d certain fixes are wrong: 'arbiter fix' would apply them", all.certainWrong)
	}
}

func pct(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

func describeSlip(orig, slipped []string, ply int) string {
	if ply < len(slipped) {
		return strconv.Quote(slipped[ply])
	}
	return "end"
}

func texts(line notation.Line) []string {
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = m.Text
	}
	return out
}

// withMoves is rec with its main line written as moves (no variations, no
// comments, no numbers).
func withMoves(rec *notation.Record, moves []string) *notation.Record {
	r := *rec
	r.Diagnostics = nil
	r.Moves = make(notation.Line, len(moves))
	for i, m := range moves {
		r.Moves[i] = &notation.Move{Text: m, Pos: notation.Pos{Line: 1, Col: i + 1, Offset: int64(i)}}
	}
	return &r
}

// canonical is the main line as convert writes it: the same moves compare
// equal however they were written.
func canonical(g slipGame, moves []string) []string {
	r := withMoves(g.rec, moves)
	referee.Check(r, referee.Options{Variant: g.v, Rewrite: true})
	return texts(r.Moves)
}

func firstMoveError(rep *referee.Report) *referee.Diagnostic {
	for i := range rep.Diagnostics {
		d := &rep.Diagnostics[i]
		if d.Severity == notation.Error && d.Move != "" && !d.Variation {
			return d
		}
	}
	return nil
}

// applyFix applies a fix to a main line written as moves.
func applyFix(moves []string, f referee.Fix) []string {
	out := slices.Clone(moves)
	switch f.Edit {
	case referee.EditReplace:
		out[f.Ply] = f.Text
	case referee.EditDelete:
		out = slices.Delete(out, f.Ply, f.Ply+1)
	case referee.EditInsert:
		out = slices.Insert(out, f.Ply, f.Text)
	case referee.EditSwap:
		out[f.Ply], out[f.Ply+2] = out[f.Ply+2], out[f.Ply]
	}
	return out
}

// injectSlip makes one slip of the kind at a random ply where it changes
// the record; ok is false when the game has no such ply.
func injectSlip(g slipGame, moves []string, kind string, rng *rand.Rand) (slipped []string, ply int, ok bool) {
	for try := 0; try < 20; try++ {
		ply = rng.Intn(len(moves))
		out := slices.Clone(moves)
		m := moves[ply]
		sq := squaresOf(m)
		changed := ""
		switch kind {
		case "digits":
			if len(sq) != 2 {
				continue
			}
			k := rng.Intn(2)
			s := sq[k]
			if len(s) < 2 || s[0] == s[1] || !isDigits(s) {
				continue
			}
			sq[k] = string([]byte{s[1], s[0]}) + s[2:]
			changed = joinMove(m, sq)
		case "reversed":
			if len(sq) != 2 {
				continue
			}
			sq[0], sq[1] = sq[1], sq[0]
			changed = joinMove(m, sq)
		case "neighbour", "landing":
			if len(sq) != 2 || kind == "landing" && !isCapture(m) {
				continue
			}
			k := 1
			if kind == "neighbour" {
				k = rng.Intn(2)
			}
			nb := g.neighbour(sq[k], rng)
			if nb == "" {
				continue
			}
			sq[k] = nb
			changed = joinMove(m, sq)
		case "near":
			if len(sq) != 2 {
				continue
			}
			k := rng.Intn(2)
			n, err := strconv.Atoi(sq[k])
			if err != nil {
				continue
			}
			n += 2*rng.Intn(2) - 1
			if n < 1 {
				continue
			}
			sq[k] = strconv.Itoa(n)
			changed = joinMove(m, sq)
		case "path":
			// A capture of two or more pieces written with its path, one
			// landing square of it wrong.
			full, ok := g.fullPath(moves, ply)
			if !ok {
				continue
			}
			fs := squaresOf(full)
			k := 1 + rng.Intn(len(fs)-2)
			nb := g.neighbour(fs[k], rng)
			if nb == "" {
				continue
			}
			fs[k] = nb
			changed = joinMove(full, fs)
		case "omitted":
			out = slices.Delete(out, ply, ply+1)
		case "twice":
			out = slices.Insert(out, ply+1, m)
			ply++
		case "order":
			if ply+2 >= len(moves) {
				continue
			}
			out[ply], out[ply+2] = out[ply+2], out[ply]
		}
		if changed != "" {
			out[ply] = changed
		}
		if !slices.Equal(canonical(g, out), canonical(g, moves)) {
			return out, ply, true
		}
	}
	return nil, 0, false
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func isCapture(m string) bool { return strings.ContainsAny(m, "x:") }

func squaresOf(m string) []string {
	return strings.FieldsFunc(m, func(r rune) bool { return r == '-' || r == 'x' || r == ':' })
}

// joinMove writes squares with the separator the move m uses.
func joinMove(m string, sq []string) string {
	sep := "-"
	switch {
	case strings.Contains(m, "x"):
		sep = "x"
	case strings.Contains(m, ":"):
		sep = ":"
	}
	return strings.Join(sq, sep)
}

// neighbour is a random playing square touching the square named, as the
// record names squares, "" when there is none.
func (g slipGame) neighbour(name string, rng *rand.Rand) string {
	var sq int
	var ok bool
	if n, err := strconv.Atoi(name); err == nil {
		sq, ok = g.num.square(n, "")
	} else {
		sq, ok = g.num.square(0, name)
	}
	if !ok {
		return ""
	}
	r := g.c.rules
	row, col := r.RowCol(sq)
	var near []int
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if s, ok := r.SquareAt(col+dc, row+dr); ok && s != sq {
				near = append(near, s)
			}
		}
	}
	if len(near) == 0 {
		return ""
	}
	sort.Ints(near)
	return g.num.name(near[rng.Intn(len(near))])
}

// fullPath is the move at ply written with its full path when it is a
// capture of two or more pieces.
func (g slipGame) fullPath(moves []string, ply int) (string, bool) {
	r := withMoves(g.rec, moves)
	referee.Check(r, referee.Options{Variant: g.v, Rewrite: true, FullPaths: true})
	full := r.Moves[ply].Text
	return full, len(squaresOf(full)) > 2
}

// BenchmarkRepair measures the check of games with one slip each, with
// the search of its fixes and without: the difference is the search's
// cost per game with an error.
func BenchmarkRepair(b *testing.B) {
	files, _ := filepath.Glob("../../testdata/draughts/*.pdn")
	games := slipCorpus(b, files)
	rng := rand.New(rand.NewSource(26))
	type slipped struct {
		g     slipGame
		moves []string
	}
	var cases []slipped
	for _, g := range games {
		for _, kind := range slipKinds {
			if m, _, ok := injectSlip(g, texts(g.rec.Moves), kind, rng); ok {
				cases = append(cases, slipped{g, m})
			}
		}
	}
	if len(cases) == 0 {
		b.Skip("no games")
	}
	for _, search := range []bool{false, true} {
		b.Run(fmt.Sprintf("search=%v", search), func(b *testing.B) {
			repairOff = !search
			defer func() { repairOff = false }()
			recs := make([]*notation.Record, len(cases))
			for i, c := range cases {
				recs[i] = withMoves(c.g.rec, c.moves)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j, r := range recs {
					referee.Check(r, referee.Options{Variant: cases[j].g.v})
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(cases)), "µs/game")
		})
	}
}
