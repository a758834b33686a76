package race

import (
	"fmt"

	"arbiter/variants"
)

// Horse is a horse-race rule set ready to play.
type Horse struct {
	R *Section
	H *HorseParams
}

// NewHorse builds the engine rules of a horse-race variant.
func NewHorse(v *variants.Variant) (*Horse, error) {
	if SectionOf(v) == nil || SectionOf(v).Horse == nil {
		return nil, fmt.Errorf("variant %s is not a horse-race variant", v.Name)
	}
	return &Horse{R: SectionOf(v), H: SectionOf(v).Horse}, nil
}

// Runner is one horse.
type Runner struct {
	Owner   int
	Square  int
	Miss    int  // the owner's turns it still misses
	Resting bool // missing the current turn
	Half    bool // its next move is half the throw
	Wait    bool // on the wait-until-passed square
	Out     bool
	Place   int // 1-based finishing place, 0 while racing
}

// Racing: still in the race.
func (h *Runner) Racing() bool { return !h.Out && h.Place == 0 }

// HorseState is a race.
type HorseState struct {
	Horses  []Runner
	Players int
	Turn    int
	Extra   int
	Placed  int
	Winner  int // the owner of the first horse home, -1 before
	Over    bool
	Throws  int
}

// Start sets up players x horses at square 0; turn is the starting
// player.
func (r *Horse) Start(players, horses, turn int) *HorseState {
	s := &HorseState{Players: players, Winner: -1, Turn: turn}
	for p := 0; p < players; p++ {
		for i := 0; i < horses; i++ {
			s.Horses = append(s.Horses, Runner{Owner: p})
		}
	}
	r.startTurn(s)
	return s
}

func (r *Horse) obstacle(sq int) *HorseObstacle {
	for i := range r.H.Obstacles {
		if r.H.Obstacles[i].Square == sq {
			return &r.H.Obstacles[i]
		}
	}
	return nil
}

// waiting: on the wait square while another racing horse (not waiting
// itself) has not passed it.
func (r *Horse) waiting(s *HorseState, i int) bool {
	h := &s.Horses[i]
	if !h.Wait {
		return false
	}
	for j := range s.Horses {
		g := &s.Horses[j]
		if j != i && g.Racing() && !g.Wait && g.Square <= h.Square {
			return true
		}
	}
	return false
}

// available: horse i may move with the current throw.
func (r *Horse) available(s *HorseState, i int) bool {
	h := &s.Horses[i]
	return h.Owner == s.Turn && h.Racing() && !h.Resting && h.Miss == 0 && !r.waiting(s, i)
}

// HorseMove is one legal use of a throw: horse Horse from From through
// Path (the landing square, then where an obstacle sends it).
type HorseMove struct {
	Horse int
	From  int
	Path  []int
	Steps int // squares moved (half the throw after a mud square)
}

// Options lists the moves of throw d, one per square the player's
// available horses stand on. Empty: the throw moves nothing.
func (r *Horse) Options(s *HorseState, d int) []HorseMove {
	var out []HorseMove
	seen := map[int]bool{}
	for i := range s.Horses {
		h := &s.Horses[i]
		if !r.available(s, i) || seen[h.Square] {
			continue
		}
		seen[h.Square] = true
		steps := d
		if h.Half {
			steps = d / 2
		}
		to := h.Square + steps
		if to > r.H.Finish && r.H.ExactFinish {
			continue
		}
		m := HorseMove{Horse: i, From: h.Square, Path: []int{to}, Steps: steps}
		if o := r.obstacle(to); o != nil {
			switch {
			case o.Back > 0:
				m.Path = append(m.Path, max(to-o.Back, 0))
			case o.BackThrow:
				m.Path = append(m.Path, max(to-d, 0))
			case o.To != nil:
				m.Path = append(m.Path, *o.To)
			}
		}
		out = append(out, m)
	}
	return out
}

// Play uses throw d for move m (m.Horse < 0: nothing moves) and passes the
// turn on unless the throw gives another.
func (r *Horse) Play(s *HorseState, d int, m HorseMove) {
	s.Throws++
	if m.Horse >= 0 {
		h := &s.Horses[m.Horse]
		to := m.Path[len(m.Path)-1]
		h.Square, h.Half, h.Wait = to, false, false
		// A halved 1 moves the horse nowhere: it has not landed on its
		// square again, so the mud does not hold it a second time ("bij de
		// volgende beurt": the penalty is spent by that one turn).
		landed := m.Steps > 0
		if to > r.H.Finish || r.H.ExactFinish && to == r.H.Finish {
			s.Placed++
			h.Place = s.Placed
			if s.Winner < 0 {
				s.Winner = h.Owner
			}
		} else if o := r.obstacle(m.Path[0]); o != nil && landed {
			h.Miss = o.Miss
			h.Half = o.Half
			h.Wait = o.WaitPassed
			h.Out = o.Out
		}
		racing := 0
		for i := range s.Horses {
			if s.Horses[i].Racing() {
				racing++
			}
		}
		if racing == 0 || s.Winner >= 0 && !r.H.PlayToEnd {
			s.Over = true
			return
		}
	}
	for _, x := range r.R.ExtraRollOn {
		if x == d && (r.R.MaxExtraRolls == 0 || s.Extra < r.R.MaxExtraRolls) {
			s.Extra++
			return
		}
	}
	s.Extra = 0
	s.Turn = (s.Turn + 1) % s.Players
	r.startTurn(s)
}

// startTurn: horses missing turns rest this turn; a player with no horse
// able to move is passed over (no throw is written for them).
func (r *Horse) startTurn(s *HorseState) {
	for k := 0; k < 8*len(s.Horses)+8; k++ {
		any, racing := false, false
		for i := range s.Horses {
			h := &s.Horses[i]
			if h.Owner != s.Turn {
				continue
			}
			h.Resting = false
			if !h.Racing() {
				continue
			}
			racing = true
			if h.Miss > 0 {
				h.Miss--
				h.Resting = true
				continue
			}
			if !r.waiting(s, i) {
				any = true
			}
		}
		if any {
			return
		}
		_ = racing
		s.Turn = (s.Turn + 1) % s.Players
	}
	s.Over = true // nobody can move
}
