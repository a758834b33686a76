package halma

import (
	"fmt"
	"strings"

	"arbiter/variants"
)

// Section is the halma: section of a variant file: the rule set of a Halma-like game (Halma for 2 and 4, the two
// games of Twee in een): RULES.md sections 5 and 6. Every rule is a field;
// the engine (referee/halma) never looks at a variant's name.
type Section struct {
	// Size of the square board (squares a1 up to, on 16x16, p16).
	Size int `yaml:"size"`
	// Players in turn order (seat 1 moves first). A record's moves are
	// numbered per round of len(Players) moves.
	Players []SeatRules `yaml:"players"`
	// RevisitSquares lets a jump chain land again on a square it has
	// already visited (its starting square included). RULES.md: no.
	RevisitSquares bool `yaml:"revisit_squares"`
	// LeaveTarget lets a piece standing in its target camp move out of it
	// again. RULES.md: yes, as in the seed.
	LeaveTarget bool `yaml:"leave_target"`
	// AntiSpoiling: "none" (the seed has no such rule: a player whose
	// target camp an opponent keeps occupied cannot finish), or
	// "occupied_counts" (a player whose target camp is full, with at least
	// one of his own pieces in it, has finished, whoever fills the rest).
	AntiSpoiling string `yaml:"anti_spoiling"`
	// TeamWin: "all" (a team wins when every partner has finished) or
	// "any" (when one partner has). Players of team 0 play alone.
	TeamWin string `yaml:"team_win"`
	// MaxPlies bounds the games `arbiter simulate` plays: a game still
	// going after this many moves (passes included) ends with "*".
	MaxPlies int `yaml:"max_plies"`
}

// SeatRules is one seat: its pieces, where they go and how they move.
type SeatRules struct {
	// Colour names the player's pieces in records (the ColourN tags) and
	// diagnostics.
	Colour string `yaml:"colour"`
	// Team: players with the same non-zero team are partners.
	Team int `yaml:"team"`
	// Camp holds the player's pieces at the start, one on every square.
	Camp Region `yaml:"camp"`
	// Target is where the player's pieces go (see Goal).
	Target Region `yaml:"target"`
	// Steps are the directions a piece steps (and, with Jumps, jumps) in,
	// seen from seat 1's side of the board: up (towards the higher ranks),
	// down, left, right, up-left, up-right, down-left, down-right.
	Steps []string `yaml:"steps"`
	// Jumps lets a piece jump over an adjacent piece (any player's) to the
	// empty square behind it, in a step direction, and go on jumping.
	Jumps bool `yaml:"jumps"`
	// Goal: "all_in_target" (the player has finished when every one of
	// his pieces stands in Target) or "any_in_target" (when one does).
	Goal string `yaml:"goal"`
	// Blocked: a player to move who has no move "pass"es (his turn is
	// skipped until he is freed) or "lose"s (the game ends and every other
	// team wins).
	Blocked string `yaml:"blocked"`
}

// Region is a set of squares: the Squares listed, plus a staircase
// camp in a Corner whose Rows give the length of each row, starting with
// the row along the corner's edge (Halma's 2-player camp: 5,5,4,3,2).
type Region struct {
	Corner  string   `yaml:"corner"`
	Rows    []int    `yaml:"rows"`
	Squares []string `yaml:"squares"`
}

// Values of the halma string parameters.
const (
	GoalAll       = "all_in_target"
	GoalAny       = "any_in_target"
	BlockedPass   = "pass"
	BlockedLose   = "lose"
	SpoilNone     = "none"
	SpoilOccupied = "occupied_counts"
	TeamWinAll    = "all"
	TeamWinAny    = "any"
	halmaMaxSize  = 16
	halmaMinSize  = 4
)

// Directions maps the direction names of Steps to (file, rank) offsets.
var Directions = map[string][2]int{
	"up": {0, 1}, "down": {0, -1}, "left": {-1, 0}, "right": {1, 0},
	"up-left": {-1, 1}, "up-right": {1, 1}, "down-left": {-1, -1}, "down-right": {1, -1},
}

// ParseSquare reads a square name (a1 .. p16) on a board of the given
// size: file and rank from 0, ok false when it is no square of the board.
func ParseSquare(s string, size int) (file, rank int, ok bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		return 0, 0, false
	}
	file = int(s[0] - 'a')
	n := 0
	for _, c := range s[1:] {
		if c < '0' || c > '9' || n > 100 {
			return 0, 0, false
		}
		n = n*10 + int(c-'0')
	}
	if s[1] == '0' || n < 1 || n > size || file >= size {
		return 0, 0, false
	}
	return file, n - 1, true
}

// Cells returns the region's squares as (file, rank) pairs on a board of
// the given size, without duplicates, in the order written.
func (r Region) Cells(size int) ([][2]int, error) {
	var out [][2]int
	seen := map[[2]int]bool{}
	add := func(c [2]int) {
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	if len(r.Rows) > 0 || r.Corner != "" {
		cf, cr, ok := ParseSquare(r.Corner, size)
		if !ok || (cf != 0 && cf != size-1) || (cr != 0 && cr != size-1) {
			return nil, fmt.Errorf("corner %q is not a corner of the %dx%d board", r.Corner, size, size)
		}
		df, dr := 1, 1
		if cf != 0 {
			df = -1
		}
		if cr != 0 {
			dr = -1
		}
		if len(r.Rows) == 0 || len(r.Rows) > size {
			return nil, fmt.Errorf("a corner camp needs from 1 to %d rows", size)
		}
		for i, n := range r.Rows {
			if n < 1 || n > size {
				return nil, fmt.Errorf("row %d of the camp has %d squares (1 to %d)", i+1, n, size)
			}
			for j := 0; j < n; j++ {
				add([2]int{cf + df*j, cr + dr*i})
			}
		}
	}
	for _, s := range r.Squares {
		f, k, ok := ParseSquare(s, size)
		if !ok {
			return nil, fmt.Errorf("%q is not a square of the %dx%d board", s, size, size)
		}
		add([2]int{f, k})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the region has no squares (corner and rows, or squares)")
	}
	return out, nil
}

func init() {
	variants.RegisterSection("halma", func() variants.Rules { return new(Section) })
}

// Clone copies the section, its players included.
func (h *Section) Clone() variants.Rules { return h.clone() }

func (h *Section) clone() *Section {
	c := *h
	c.Players = make([]SeatRules, len(h.Players))
	for i, p := range h.Players {
		p.Steps = append([]string(nil), p.Steps...)
		p.Camp.Rows = append([]int(nil), p.Camp.Rows...)
		p.Camp.Squares = append([]string(nil), p.Camp.Squares...)
		p.Target.Rows = append([]int(nil), p.Target.Rows...)
		p.Target.Squares = append([]string(nil), p.Target.Squares...)
		c.Players[i] = p
	}
	return &c
}

// Validate checks the values decoding cannot.
func (h *Section) Validate(fail variants.Fail) error {
	if h.Size < halmaMinSize || h.Size > halmaMaxSize {
		return fail("size", "halma.size must be from %d to %d", halmaMinSize, halmaMaxSize)
	}
	if len(h.Players) < 2 || len(h.Players) > 4 {
		return fail("players", "halma.players must list 2 to 4 players")
	}
	switch h.AntiSpoiling {
	case SpoilNone, SpoilOccupied:
	default:
		return fail("anti_spoiling", "halma.anti_spoiling must be %s or %s, not %q", SpoilNone, SpoilOccupied, h.AntiSpoiling)
	}
	switch h.TeamWin {
	case TeamWinAll, TeamWinAny:
	default:
		return fail("team_win", "halma.team_win must be %s or %s, not %q", TeamWinAll, TeamWinAny, h.TeamWin)
	}
	if h.MaxPlies < 1 {
		return fail("max_plies", "halma.max_plies must be at least 1")
	}
	occupied := map[[2]int]int{}
	colours := map[string]bool{}
	for i, p := range h.Players {
		n := i + 1
		if p.Colour == "" || colours[strings.ToLower(p.Colour)] {
			return fail("colour", "player %d needs a colour of its own", n)
		}
		colours[strings.ToLower(p.Colour)] = true
		camp, err := p.Camp.Cells(h.Size)
		if err != nil {
			return fail("camp", "player %d's camp: %v", n, err)
		}
		for _, c := range camp {
			if o, ok := occupied[c]; ok {
				return fail("camp", "the camps of players %d and %d overlap", o, n)
			}
			occupied[c] = n
		}
		if _, err := p.Target.Cells(h.Size); err != nil {
			return fail("target", "player %d's target: %v", n, err)
		}
		if len(p.Steps) == 0 {
			return fail("steps", "player %d needs at least one step direction", n)
		}
		for _, s := range p.Steps {
			if _, ok := Directions[s]; !ok {
				return fail("steps", "player %d: %q is no direction (up, down, left, right, up-left, up-right, down-left, down-right)", n, s)
			}
		}
		if p.Goal != GoalAll && p.Goal != GoalAny {
			return fail("goal", "player %d: goal must be %s or %s, not %q", n, GoalAll, GoalAny, p.Goal)
		}
		if p.Blocked != BlockedPass && p.Blocked != BlockedLose {
			return fail("blocked", "player %d: blocked must be %s or %s, not %q", n, BlockedPass, BlockedLose, p.Blocked)
		}
		if p.Team < 0 {
			return fail("team", "player %d: team must not be negative", n)
		}
	}
	return nil
}

// SectionOf returns a variant's halma: section, or nil for another family's.
func SectionOf(v *variants.Variant) *Section {
	s, _ := v.Rules.(*Section)
	return s
}
