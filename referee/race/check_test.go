package race

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"arbiter/notation"
	"arbiter/notation/pdn"
	racenot "arbiter/notation/race"
	"arbiter/referee"
	"arbiter/variants"
)

// raceParse splits and parses a text of race records.
func raceParse(t testing.TB, text string) []*notation.Record {
	t.Helper()
	sp := pdn.NewSplitter(strings.NewReader(text), pdn.Options{})
	var out []*notation.Record
	for {
		g, err := sp.Next()
		if err != nil {
			break
		}
		out = append(out, referee.ParseGame(g, "t.txt"))
	}
	return out
}

func raceVariants(t *testing.T) []*variants.Variant {
	t.Helper()
	var out []*variants.Variant
	for _, name := range []string{"petits-chevaux-papyrus", "petits-chevaux", "mens-erger-je-niet", "mens-erger-je-niet-6", "ne-t-en-fais-pas", "ganzenbord-315", "jeu-de-l-oie-315", "wedrenspel-315", "jeu-de-courses-315"} {
		v, err := variants.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

func simulated(t *testing.T, v *variants.Variant, seed int64) string {
	t.Helper()
	var b strings.Builder
	players := SectionOf(v).MinPlayers + int(seed)%(SectionOf(v).MaxPlayers-SectionOf(v).MinPlayers+1)
	if err := referee.Simulate(&b, v, players, seed); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func firstError(rep *referee.Report) string {
	for _, d := range rep.Diagnostics {
		if d.Severity == notation.Error {
			return fmt.Sprintf("%s %s: %s", d.Pos, d.Code, d.Msg)
		}
	}
	return ""
}

// TestRaceSimulatedReplay: simulated games of every variant replay valid,
// with the result the moves give; the same seed gives the same record.
func TestRaceSimulatedReplay(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 20
	}
	for _, v := range raceVariants(t) {
		t.Run(v.Name, func(t *testing.T) {
			start := time.Now()
			won := 0
			for seed := int64(1); seed <= int64(games); seed++ {
				text := simulated(t, v, seed)
				if seed == 1 && simulated(t, v, seed) != text {
					t.Fatal("same seed, different record")
				}
				recs := raceParse(t, text)
				if len(recs) != 1 {
					t.Fatalf("seed %d: %d games read", seed, len(recs))
				}
				rep := referee.Check(recs[0], referee.Options{})
				if rep.Variant != v.Name || rep.Errors()+rep.Warnings() > 0 {
					t.Fatalf("seed %d (%s): %s %s\n%s", seed, rep.Variant, firstError(rep), rep.Diagnostics, text)
				}
				if rep.Result.Derived != "" {
					won++
				}
			}
			t.Logf("%s: %d simulated games replayed valid (%d won) in %v", v.Name, games, won, time.Since(start).Round(time.Millisecond))
		})
	}
}

// ludoOracle replays a record with the move generator alone (referee.Options and
// Play), independently of the referee's matching and diagnostics: the
// record is right when every throw is a die face, is thrown by the colour
// whose turn it is, and writes an option of the generator (same from, same
// landing square, a capture mark only on a capture, - only when there is
// no option).
func ludoOracle(t *testing.T, rec *notation.Record, v *variants.Variant) bool {
	r, _ := raceLudoRules(v)
	var playing []int
	for c, col := range SectionOf(v).Colours {
		if _, ok := rec.Tag(col.Name); ok {
			playing = append(playing, c)
		}
	}
	s := r.Start(playing)
	for i, m := range rec.Moves {
		mt, err := racenot.ParseMove(m.Text)
		if err != nil {
			return false
		}
		if i == 0 {
			for j, c := range playing {
				if SectionOf(v).Colours[c].Letter == mt.Player {
					s.Turn = j
				}
			}
		}
		if s.Winner >= 0 || mt.Player != "" && mt.Player != SectionOf(v).Colours[s.Colour()].Letter || len(mt.Dice) != 1 || mt.Dice[0] < 1 || mt.Dice[0] > 6 {
			return false
		}
		opts := r.Options(s, mt.Dice[0])
		from := mt.From
		if mt.FromBase {
			from = 0
		}
		k := slices.IndexFunc(opts, func(o raceOption) bool {
			return o.From == from && (len(mt.Path) == 0 || len(mt.Path) == 1 && mt.Path[0] == o.To) && (!mt.Capture || len(o.Captured) > 0)
		})
		switch {
		case mt.Pass && len(opts) == 0:
			r.Play(s, mt.Dice[0], racePass)
		case mt.Pass || k < 0:
			return false
		default:
			r.Play(s, mt.Dice[0], opts[k])
		}
	}
	// The Result tag names the winner, or no one when the game goes on.
	res, _ := rec.Tag("Result")
	if s.Winner < 0 {
		return res == ""
	}
	return res == SectionOf(v).Colours[s.Winner].Name
}

// TestRaceCorruptions changes one throw of simulated games (its die, its
// player, its from square, its landing square, its capture mark, or a
// move for a pass) and checks that the referee reports an error exactly
// when the generator-only replay (ludoOracle) says the record is wrong.
func TestRaceCorruptions(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 10
	}
	for _, v := range raceVariants(t) {
		t.Run(v.Name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 7))
			wrong, caught, stillLegal := 0, 0, 0
			for seed := int64(1); seed <= int64(games); seed++ {
				text := simulated(t, v, seed)
				for try := 0; try < 5; try++ {
					rec := raceParse(t, text)[0]
					k := rng.IntN(len(rec.Moves))
					m := rec.Moves[k]
					mt, _ := racenot.ParseMove(m.Text)
					kind := rng.IntN(6)
					if SectionOf(v).Ludo == nil {
						kind = -1
					}
					switch kind {
					case 0: // another die
						mt.Dice[0] = 1 + (mt.Dice[0]+rng.IntN(5))%6
					case 1: // an impossible die
						mt.Dice[0] = 7 + rng.IntN(3)
					case 2: // another player
						mt.Player = SectionOf(v).Colours[rng.IntN(len(SectionOf(v).Colours))].Letter
					case 3: // another piece
						mt.Pass, mt.FromBase, mt.From, mt.Path = false, false, 1+rng.IntN(44), nil
					case 4: // another landing square
						if len(mt.Path) == 0 {
							mt.Path = []int{0}
						}
						mt.Path[0] += 1 + rng.IntN(5)
					case 5: // a capture mark, or a pass
						if mt.Pass || mt.Capture {
							mt.Pass, mt.Capture = !mt.Pass, false
							mt.FromBase = true
						} else {
							mt.Capture = true
						}
					}
					if SectionOf(v).Ludo == nil {
						mt = corruptGoose(rng, mt, rec)
					}
					m.Text = mt.String()
					var right bool
					switch {
					case SectionOf(v).Goose != nil:
						right = gooseOracle(rec, v)
					case SectionOf(v).Horse != nil:
						right = horseOracle(rec, v)
					default:
						right = ludoOracle(t, rec, v)
					}
					rep := referee.Check(rec, referee.Options{})
					switch {
					case right && rep.Errors() > 0:
						t.Fatalf("seed %d throw %d %q: legal by the generator, but: %s", seed, k, m.Text, firstError(rep))
					case right:
						stillLegal++
					case rep.Errors() == 0:
						t.Fatalf("seed %d throw %d %q: wrong by the generator, not caught\n%s", seed, k, m.Text, text)
					default:
						wrong++
						caught++
					}
				}
			}
			t.Logf("%s: %d corruptions made the record wrong, %d caught; %d were still legal", v.Name, wrong, caught, stillLegal)
		})
	}
}
