package match

import (
	"errors"
	"fmt"
	"math"

	"arbiter/referee"
	"arbiter/referee/draughts"
)

// Adjudication ends a game early on the engines' own scores (Hub's info
// score, in men from the mover's side; DamExchange sends none, so a game
// with a DXP engine is never adjudicated by score). The zero value
// adjudicates nothing.
type Adjudication struct {
	// ResignMoves > 0: the game is won for a side once both engines'
	// scores of their last ResignMoves moves each gave that side
	// ResignScore or more.
	ResignMoves int
	ResignScore float64
	// DrawMoves > 0: the game is drawn once, both sides having made
	// DrawAfter moves or more, both engines' scores of their last DrawMoves moves each were within
	// DrawScore of zero.
	DrawMoves int
	DrawAfter int
	DrawScore float64
}

func (a Adjudication) check() error {
	bad := func(f float64) bool { return math.IsNaN(f) || math.IsInf(f, 0) || f < 0 }
	switch {
	case a.ResignMoves < 0 || a.DrawMoves < 0 || a.DrawAfter < 0:
		return errors.New("adjudication: move counts must not be negative")
	case bad(a.ResignScore) || bad(a.DrawScore):
		return errors.New("adjudication: scores must be numbers of men, 0 or more")
	case a.ResignMoves > 0 && a.ResignScore <= 0:
		return errors.New("adjudication: a resignation needs a score above 0 (score=3 is three men)")
	}
	return nil
}

// On says whether any adjudication by score is set.
func (a Adjudication) On() bool { return a.ResignMoves > 0 || a.DrawMoves > 0 }

// adjudicator keeps each side's scores, turned to White's side (NaN for a
// move sent without a score).
type adjudicator struct {
	cfg    Adjudication
	scores [2][]float64
}

func newAdjudicator(cfg Adjudication) *adjudicator { return &adjudicator{cfg: cfg} }

func (a *adjudicator) add(col draughts.Color, score float64, scored bool) {
	if !a.cfg.On() {
		return
	}
	w := math.NaN()
	if scored {
		w = score
		if col == draughts.Black {
			w = -score
		}
	}
	a.scores[col] = append(a.scores[col], w)
}

// last returns each side's last n scores, or false when a side has made
// fewer moves.
func (a *adjudicator) last(n int) ([2][]float64, bool) {
	var out [2][]float64
	for col := range a.scores {
		s := a.scores[col]
		if len(s) < n {
			return out, false
		}
		out[col] = s[len(s)-n:]
	}
	return out, true
}

// verdict says whether the scores so far end the game.
func (a *adjudicator) verdict() (referee.Outcome, string, bool) {
	if n := a.cfg.ResignMoves; n > 0 {
		if last, ok := a.last(n); ok {
			for _, side := range []float64{1, -1} {
				all := true
				for _, s := range last {
					for _, w := range s {
						if !(w*side >= a.cfg.ResignScore) { // NaN: no
							all = false
						}
					}
				}
				if all {
					o, who := referee.WhiteWins, "White"
					if side < 0 {
						o, who = referee.BlackWins, "Black"
					}
					return o, fmt.Sprintf("adjudication: %s wins: both engines scored %s men or more for %s over their last %d moves",
						who, trimFloat(a.cfg.ResignScore), who, n), true
				}
			}
		}
	}
	if n := a.cfg.DrawMoves; n > 0 && min(len(a.scores[0]), len(a.scores[1])) >= a.cfg.DrawAfter {
		if last, ok := a.last(n); ok {
			all := true
			for _, s := range last {
				for _, w := range s {
					if !(math.Abs(w) <= a.cfg.DrawScore) {
						all = false
					}
				}
			}
			if all {
				return referee.Drawn, fmt.Sprintf("adjudication: draw: both engines scored within %s men of 0 over their last %d moves",
					trimFloat(a.cfg.DrawScore), n), true
			}
		}
	}
	return referee.Unknown, "", false
}
