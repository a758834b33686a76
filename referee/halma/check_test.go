package halma

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"arbiter/notation"
	halmanot "arbiter/notation/halma"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

func halmaRecord(game, variant, moves, result string) string {
	return fmt.Sprintf("[Game %q]\n[Variant %q]\n[Result %q]\n\n%s %s\n", game, variant, result, moves, result)
}

func checkHalmaText(t testing.TB, text string) []*referee.Report {
	t.Helper()
	var reps []*referee.Report
	sp := pdn.NewSplitter(strings.NewReader(text), pdn.Options{})
	for {
		g, err := sp.Next()
		if err != nil {
			break
		}
		reps = append(reps, referee.Check(referee.ParseGame(g, "t.pdn"), referee.Options{}))
	}
	return reps
}

func halmaCodes(rep *referee.Report) string {
	var out []string
	for _, d := range rep.Diagnostics {
		out = append(out, d.Severity.String()+":"+d.Code+"@"+d.Pos.String())
	}
	return strings.Join(out, " ")
}

// gendarmesBlock: the gendarmes shut the thief in on h8: g8, g7 and h7,
// the thief (who steps in 8 directions) going to and fro between h8 and
// h7 meanwhile. a1-b1 is a waiting move, so that the thief stands on h8
// when h7 is taken.
func halmaGendarmesBlock() string {
	g := strings.Fields("b2-c2 c2-d2 d2-e2 e2-f2 f2-g2 g2-g3 g3-g4 g4-g5 g5-g6 g6-g7 g7-g8 " +
		"a2-b2 b2-c2 c2-d2 d2-e2 e2-f2 f2-g2 g2-g3 g3-g4 g4-g5 g5-g6 g6-g7 " +
		"b1-c1 c1-d1 d1-e1 e1-f1 f1-g1 g1-h1 h1-h2 h2-h3 h3-h4 h4-h5 h5-h6 a1-b1 h6-h7")
	var b strings.Builder
	for i, m := range g {
		fmt.Fprintf(&b, "%d. %s ", i+1, m)
		if i < len(g)-1 {
			b.WriteString([]string{"h8-h7", "h7-h8"}[i%2] + " ")
		}
	}
	return strings.TrimSpace(b.String())
}

const halmaThiefThrough = "1. a2-a3 h8-h7 2. a3-a4 h7-h6 3. a4-a5 h6-h5 4. a5-a6 h5-h4 5. a6-a7 h4-h3 6. a7-a8 h3-h2 7. b2-b3 h2-h1"

// TestHalmaRules: one record that obeys each rule and one that breaks it.
// want is the code of the first error and the line:col it points at ("" for
// a valid record).
func TestHalmaRules(t *testing.T) {
	const h2, tw, ge = "halma-2", "twee-in-een-halma", "gendarmes-en-voleur"
	tests := []struct {
		rule, game, variant, moves, result, want string
	}{
		{"step", "halma", h2, "1. e1-f1 l15-k14", "*", ""},
		{"step to a taken square", "halma", h2, "1. a1-b1", "*", "taken@5:4"},
		{"step to a neighbour", "halma", h2, "1. e2-f3", "*", ""},
		{"a step goes to a neighbour", "halma", h2, "1. e1-g1", "*", "not-adjacent@5:4"},
		{"jump over a piece", "halma", h2, "1. c3:e3", "*", ""},
		{"the square jumped over is empty", "halma", h2, "1. e1:g1", "*", "empty-jumped@5:4"},
		{"the landing square is taken", "halma", h2, "1. a1:c1", "*", "taken@5:4"},
		{"a chain of jumps", "halma", h2, "1. a3:c5 o15:m13 2. c2:e4 n15:l13 3. b4:d4:f4", "*", ""},
		{"a chain over an empty square", "halma", h2, "1. a3:c5 o15:m13 2. c2:e4 n15:l13 3. b4:d4:f6", "*", "empty-jumped@5:38"},
		{"a chain never revisits a square", "halma", h2, "1. c3:e3:c3", "*", "revisit@5:4"},
		{"a step and a jump mixed", "halma", h2, "1. a3:c5-d6", "*", "mixed@5:4"},
		{"one step per move", "halma", h2, "1. e1-f1-g1", "*", "illegal@5:4"},
		{"players move in turn", "halma", h2, "1. l15-k14", "*", "turn@5:4"},
		{"a pass while a move exists", "halma", h2, "1. pass", "*", "pass@5:4"},
		{"twee in een: a jump", "twee-in-een", tw, "1. a1:c3 h8:f6", "*", ""},
		{"twee in een: squares of the 8x8 board", "twee-in-een", tw, "1. b2-c3 h8-i9", "*", "no-such-square@5:10"},
		{"gendarmes step forward or sideways", "twee-in-een", ge, "1. b2-c2 h8-h7 2. c2-d2", "*", ""},
		{"a gendarme never moves back", "twee-in-een", ge, "1. b2-c2 h8-h7 2. c2-c1", "*", "direction@5:19"},
		{"nobody jumps in gendarmes", "twee-in-een", ge, "1. a1:a3", "*", "no-jumps@5:4"},
		// "Son adversaire par contre peut se déplacer dans toutes les
		// directions": the thief steps diagonally too, one square.
		{"the thief steps in 8 directions", "twee-in-een", ge, "1. b2-c2 h8-g7 2. c2-d2 g7-h6", "*", ""},
		{"the thief steps one square", "twee-in-een", ge, "1. b2-c2 h8-f6", "*", "not-adjacent@5:10"},
		{"the thief wins through the line", "twee-in-een", ge, halmaThiefThrough, "0-1", ""},
		{"no move after the end", "twee-in-een", ge, halmaThiefThrough + " 8. b3-b4", "0-1", "after-end@5:109"},
		{"the result the moves give", "twee-in-een", ge, halmaThiefThrough, "1-0", "result@5:106"},
		{"the gendarmes win when the thief cannot move", "twee-in-een", ge, halmaGendarmesBlock(), "1-0", ""},
		{"a win the moves do not give", "halma", h2, "1. e1-f1 l15-k14", "1-0", "result@5:18"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			text := halmaRecord(tt.game, tt.variant, tt.moves, tt.result)
			rep := checkHalmaText(t, text)[0]
			if rep.Variant != tt.variant {
				t.Fatalf("replayed as %q", rep.Variant)
			}
			got := ""
			for _, d := range rep.Diagnostics {
				if d.Severity == notation.Error {
					got = d.Code + "@" + d.Pos.String()
					break
				}
			}
			if got != tt.want {
				t.Errorf("first error %q, want %q; all: %s\n%s", got, tt.want, halmaCodes(rep), text)
			}
			for _, d := range rep.Diagnostics {
				if d.Severity == notation.Error && d.Move != "" && d.Board == "" {
					t.Errorf("%s: no board drawn", d.Code)
				}
			}
		})
	}
}

var halmaVariants = []struct {
	name           string
	players        int
	games, corrupt int
}{
	{"halma-2", 2, 40, 40},
	{"halma-4", 4, 12, 12},
	{"halma-4-teams-opposite", 4, 12, 12},
	{"halma-4-teams-adjacent", 4, 12, 12},
	{"twee-in-een-halma", 2, 300, 300},
	{"gendarmes-en-voleur", 2, 300, 300},
}

func simulatedHalma(t testing.TB, name string, players, games int, seed int64) (*variants.Variant, []*notation.Record) {
	t.Helper()
	v, err := variants.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	for i := 0; i < games; i++ {
		if err := referee.Simulate(&buf, v, players, seed+int64(i)); err != nil {
			t.Fatal(err)
		}
	}
	var recs []*notation.Record
	sp := pdn.NewSplitter(&buf, pdn.Options{})
	for {
		g, err := sp.Next()
		if err != nil {
			break
		}
		recs = append(recs, referee.ParseGame(g, name+".pdn"))
	}
	if len(recs) != games {
		t.Fatalf("%d records for %d games", len(recs), games)
	}
	return v, recs
}

// TestHalmaSimulatedReplay: every simulated game replays valid, with the
// result written the one the moves give.
func TestHalmaSimulatedReplay(t *testing.T) {
	for _, hv := range halmaVariants {
		games := hv.games
		if testing.Short() {
			games = max(games/4, 2)
		}
		_, recs := simulatedHalma(t, hv.name, hv.players, games, 1)
		results := map[string]int{}
		for _, rec := range recs {
			rep := referee.Check(rec, referee.Options{})
			if rep.Errors() > 0 || rep.Warnings() > 0 || rep.Variant != hv.name {
				t.Fatalf("%s game %d (%s): %s", hv.name, rec.Index, rep.Variant, halmaCodes(rep))
			}
			if rep.Result.Terminator != "*" && rep.Result.Derived != rep.Result.Terminator {
				t.Fatalf("%s: written %s, derived %s", hv.name, rep.Result.Terminator, rep.Result.Derived)
			}
			results[rep.Result.Terminator]++
		}
		t.Logf("%s: %d simulated games replayed valid; results %v", hv.name, len(recs), results)
	}
}

// halmaOracle decides whether a record obeys the rules by replaying it on the
// engine's moves alone (not the referee's explanations): every move is a
// legal (from, to) whose written path is a valid step or jump chain, no
// move follows the end, and the result is the one the moves give (or *).
func halmaOracle(r *Rules, moves []string, written string) bool {
	pos := r.Start()
	for _, text := range moves {
		legal := r.Legal(&pos, nil)
		if r.Over(&pos, len(legal) > 0).Over {
			return false
		}
		mt, err := halmanot.ParseMove(text)
		if err != nil {
			return false
		}
		if mt.Pass {
			if len(legal) > 0 {
				return false
			}
			pos = r.Play(pos, Move{Pass: true})
			continue
		}
		var sq []int
		for _, s := range mt.Squares {
			if s.File >= r.Size || s.Rank >= r.Size {
				return false
			}
			sq = append(sq, s.File+s.Rank*r.Size)
		}
		var found *Move
		for i, l := range legal {
			if l.From == sq[0] && l.To == sq[len(sq)-1] {
				found = &legal[i]
			}
		}
		switch {
		case found == nil:
			return false
		case mt.IsStep() && found.IsJump(), !mt.IsStep() && !mt.IsJump(), mt.IsJump() && !found.IsJump():
			return false
		case mt.IsJump():
			seen := map[int]bool{sq[0]: true}
			for i := 1; i < len(sq); i++ {
				a, b := sq[i-1], sq[i]
				df, dk := b%r.Size-a%r.Size, b/r.Size-a/r.Size
				if df%2 != 0 || dk%2 != 0 || df < -2 || df > 2 || dk < -2 || dk > 2 || seen[b] {
					return false
				}
				over := a + df/2 + dk/2*r.Size
				if over == sq[0] || pos.Board[over] == 0 || pos.Board[b] != 0 {
					return false
				}
				seen[b] = true
			}
		}
		pos = r.Play(pos, *found)
	}
	o := r.Over(&pos, len(r.Legal(&pos, nil)) > 0)
	if o.Over {
		return written == "*" || written == r.Result(o)
	}
	return written == "*"
}

// TestHalmaCorruption: a simulated record with one move changed (its
// destination or origin moved, two moves swapped, a pass, a move dropped)
// is invalid exactly when the oracle says the changed record breaks the
// rules; a change that is still legal is no error.
func TestHalmaCorruption(t *testing.T) {
	for _, hv := range halmaVariants {
		n := hv.corrupt
		if testing.Short() {
			n = max(n/4, 2)
		}
		v, recs := simulatedHalma(t, hv.name, hv.players, n, 1000)
		r, _ := RulesOf(v)
		rng := rand.New(rand.NewPCG(7, 7))
		caught, legal := 0, 0
		for _, rec := range recs {
			moves := make([]string, len(rec.Moves))
			for i, m := range rec.Moves {
				moves[i] = m.Text
			}
			i := rng.IntN(len(moves))
			sq := func() string { return fmt.Sprintf("%c%d", 'a'+rng.IntN(r.Size), 1+rng.IntN(r.Size)) }
			kind := rng.IntN(5)
			switch kind {
			case 0: // another destination
				j := strings.LastIndexAny(moves[i], "-:")
				if j < 0 {
					moves[i] = sq() + "-" + sq()
				} else {
					moves[i] = moves[i][:j+1] + sq()
				}
			case 1: // another origin
				j := strings.IndexAny(moves[i], "-:")
				if j < 0 {
					moves[i] = sq() + "-" + sq()
				} else {
					moves[i] = sq() + moves[i][j:]
				}
			case 2:
				if i+1 < len(moves) {
					moves[i], moves[i+1] = moves[i+1], moves[i]
				} else {
					moves[i] = "pass"
				}
			case 3:
				moves[i] = "pass"
			case 4:
				moves = append(moves[:i], moves[i+1:]...)
			}
			c := &notation.Record{Tags: rec.Tags, Result: rec.Result}
			for _, m := range moves {
				c.Moves = append(c.Moves, &notation.Move{Text: m})
			}
			var buf bytes.Buffer
			halmanot.Write(&buf, c, hv.players)
			reps := checkHalmaText(t, buf.String())
			if len(reps) != 1 {
				t.Fatalf("%d games in\n%s", len(reps), buf.String())
			}
			ok := halmaOracle(r, moves, rec.Result)
			switch errs := reps[0].Errors(); {
			case ok && errs > 0:
				t.Errorf("%s: a legal change (kind %d, move %d) reported: %s\n%s", hv.name, kind, i+1, halmaCodes(reps[0]), buf.String())
			case !ok && errs == 0:
				t.Errorf("%s: an illegal change (kind %d, move %d) not caught\n%s", hv.name, kind, i+1, buf.String())
			case ok:
				legal++
			default:
				caught++
			}
		}
		t.Logf("%s: %d corrupted copies, %d caught, %d still legal", hv.name, len(recs), caught, legal)
	}
}

// BenchmarkCheckHalma1000: the time referee.Check takes for 1,000 simulated
// halma-2 games (read once before timing):
//
//	go test ./referee -run '^$' -bench CheckHalma1000 -benchtime 3x
func BenchmarkCheckHalma1000(b *testing.B) {
	_, recs := simulatedHalma(b, "halma-2", 2, benchHalmaGames, 1)
	plies := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		plies = 0
		for _, rec := range recs {
			rep := referee.Check(rec, referee.Options{})
			if rep.Errors() > 0 {
				b.Fatal(halmaCodes(rep))
			}
			plies += rep.Plies
		}
	}
	b.ReportMetric(float64(plies), "plies/1000games")
}

const benchHalmaGames = 1000
