package halma

import (
	"fmt"
	"io"
	"math/rand/v2"

	"arbiter/notation"
	halmanot "arbiter/notation/halma"
	"arbiter/variants"
)

// simulateHalma plays one game with random legal moves and writes its
// record. Three moves in four go, among the legal moves, to one that
// brings its piece nearest its goal (ties drawn at random), the others
// are drawn from all legal moves: random games then sometimes finish.
// A game still going after the variant's max_plies ends with "*".
func simulate(w io.Writer, v *variants.Variant, players int, seed int64) error {
	r, err := RulesOf(v)
	if err != nil {
		return err
	}
	if players != len(r.Players) {
		return fmt.Errorf("%s is played by %d players, not %d", v.Name, len(r.Players), players)
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x4a1a))
	rec := &notation.Record{Tags: []notation.Tag{
		{Name: "Event", Value: "arbiter simulate"},
		{Name: "Game", Value: v.Game},
		{Name: "Variant", Value: v.Name},
		{Name: "Seed", Value: fmt.Sprint(seed)},
	}}
	for i, p := range r.Players {
		rec.Tags = append(rec.Tags,
			notation.Tag{Name: fmt.Sprintf("Player%d", i+1), Value: "random"},
			notation.Tag{Name: fmt.Sprintf("Colour%d", i+1), Value: p.Colour})
	}
	pos := r.Start()
	var legal []Move
	out := Outcome{}
	for ply := 0; ply < r.MaxPlies; ply++ {
		legal = r.Legal(&pos, legal[:0])
		if out = r.Over(&pos, len(legal) > 0); out.Over {
			break
		}
		mv := Move{Pass: true}
		if len(legal) > 0 {
			mv = pickHalma(r, &pos, legal, rng)
		}
		rec.Moves = append(rec.Moves, &notation.Move{Text: r.Format(mv)})
		pos = r.Play(pos, mv)
	}
	if !out.Over {
		out = r.Over(&pos, r.HasMove(&pos))
	}
	rec.Result = r.Result(out)
	rec.Tags = append(rec.Tags, notation.Tag{Name: "Result", Value: rec.Result})
	return halmanot.Write(w, rec, len(r.Players))
}

// pickHalma chooses a move: mostly one that gains the most towards the
// mover's goal, sometimes any.
func pickHalma(r *Rules, p *Position, legal []Move, rng *rand.Rand) Move {
	if rng.IntN(4) == 0 {
		return legal[rng.IntN(len(legal))]
	}
	pl := &r.Players[p.Turn]
	dist := func(s Square) int {
		best := 1 << 30
		goal := pl.Target
		if pl.GoalAll {
			goal = goal[:1] // the camp's corner: pieces go deep
		}
		for _, t := range goal {
			df, dk := s%r.Size-t%r.Size, s/r.Size-t/r.Size
			best = min(best, max(df, -df)+max(dk, -dk))
		}
		return best
	}
	var best []Move
	gain := -1 << 30
	for _, m := range legal {
		switch g := dist(m.From) - dist(m.To); {
		case g > gain:
			gain, best = g, append(best[:0], m)
		case g == gain:
			best = append(best, m)
		}
	}
	return best[rng.IntN(len(best))]
}
