package race

import (
	"math/rand/v2"
	"slices"

	"arbiter/notation"
	racenot "arbiter/notation/race"
	"arbiter/variants"
)

type raceOption = Option

var racePass = Pass

func raceLudoRules(v *variants.Variant) (*Ludo, error) { return NewLudo(v) }

// corruptGoose changes a Goose or horse-race throw: its dice, its player, its squares
// or its payment (the Ludo corruptions that make sense for the Goose have
// been applied before; this adds the Goose's own).
func corruptGoose(rng *rand.Rand, mt racenot.MoveText, rec *notation.Record) racenot.MoveText {
	switch rng.IntN(5) {
	case 0:
		if len(mt.Dice) > 0 {
			i := rng.IntN(len(mt.Dice))
			mt.Dice[i] = 1 + (mt.Dice[i]+rng.IntN(5))%6
		}
	case 1:
		names := goosePlayers(rec)
		mt.Player = names[rng.IntN(len(names))]
	case 2:
		if len(mt.Path) > 0 {
			mt.Path[len(mt.Path)-1] += 1 + rng.IntN(3)
		}
	case 3:
		mt.Pays += 5
	case 4:
		mt.Pass, mt.FromBase, mt.Capture = false, false, false
		mt.From = rng.IntN(64)
		mt.Path = nil
	}
	return mt
}

// gooseOracle replays a Goose record with the engine's Move and Play
// alone: each throw by the player whose turn it is, two die faces, from
// the pawn's square, with the squares and payment the move (or its
// alternative at the bridge) gives when they are written.
func gooseOracle(rec *notation.Record, v *variants.Variant) bool {
	r, _ := NewGoose(v)
	names := goosePlayers(rec)
	s := r.Start(len(names))
	for i, m := range rec.Moves {
		mt, err := racenot.ParseMove(m.Text)
		if err != nil || mt.Pass || mt.FromBase || mt.Capture {
			return false
		}
		who := slices.Index(names, mt.Player)
		if i == 0 && who >= 0 {
			s.Turn = who
		}
		if s.Winner >= 0 || s.Turn < 0 || who != s.Turn || len(mt.Dice) != 2 || slices.ContainsFunc(mt.Dice, func(d int) bool { return d < 1 || d > 6 }) {
			return false
		}
		var fit []GooseMove
		for _, c := range r.Choices(s, mt.Dice) {
			if mt.From == c.From && (len(mt.Path) == 0 || slices.Equal(mt.Path, c.Path)) && (mt.Pays < 0 || mt.Pays == c.Pay) {
				fit = append(fit, c)
			}
		}
		// What is written must say the bridge's way; whether the pawn moved
		// on from a goose it may leave out (moving on, the common play).
		same := 0
		for _, f := range fit {
			if len(fit) > 0 && f.Stay == fit[0].Stay {
				same++
			}
		}
		if len(fit) == 0 || same != 1 {
			return false
		}
		r.Play(s, fit[0])
	}
	res, _ := rec.Tag("Result")
	if s.Winner < 0 {
		return res == ""
	}
	return res == names[s.Winner]
}

// horseOracle replays a horse-race record with the engine's referee.Options and
// Play alone: each throw by the player whose turn it is, a die face, a
// move from a square one of the options starts from, with that option's
// squares when written; - only when there is no option.
func horseOracle(rec *notation.Record, v *variants.Variant) bool {
	r, _ := NewHorse(v)
	names := goosePlayers(rec)
	horses := 1
	if h, ok := rec.Tag("Horses"); ok {
		horses = int(h[0] - '0')
	}
	var s *HorseState
	for i, m := range rec.Moves {
		mt, err := racenot.ParseMove(m.Text)
		if err != nil || mt.FromBase || mt.Capture || mt.Pays >= 0 {
			return false
		}
		who := slices.Index(names, mt.Player)
		if i == 0 {
			s = r.Start(len(names), horses, max(who, 0))
		}
		if s.Over || mt.Player != "" && who != s.Turn || len(mt.Dice) != 1 || mt.Dice[0] < 1 || mt.Dice[0] > 6 {
			return false
		}
		opts := r.Options(s, mt.Dice[0])
		k := slices.IndexFunc(opts, func(o HorseMove) bool {
			return !mt.Pass && o.From == mt.From && (len(mt.Path) == 0 || slices.Equal(mt.Path, o.Path))
		})
		still := !slices.ContainsFunc(opts, func(o HorseMove) bool { return o.Steps > 0 })
		switch {
		case mt.Pass && len(opts) == 0:
			r.Play(s, mt.Dice[0], HorseMove{Horse: -1})
		case mt.Pass && still:
			r.Play(s, mt.Dice[0], opts[0]) // a halved 1: nothing moves
		case k < 0:
			return false
		default:
			r.Play(s, mt.Dice[0], opts[k])
		}
	}
	res, _ := rec.Tag("Result")
	if s == nil || s.Winner < 0 {
		return res == ""
	}
	return res == names[s.Winner]
}
