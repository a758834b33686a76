package race

import "arbiter/variants"

// Section is the race: section of a variant file: the rule set of a dice race game (the Ludo family, the Game of
// the Goose, the horse race): RULES.md sections 3, 4 and 7. Every open
// point of those sections is a field here, with the default RULES.md
// gives; the engine (referee/race) reads only these fields.
type Section struct {
	// MinPlayers and MaxPlayers are the range of players (colours, pawns or
	// horses in play) the game is for.
	MinPlayers int `yaml:"min_players"`
	MaxPlayers int `yaml:"max_players"`
	// Dice is how many dice are thrown at once (1 or 2), Faces how many
	// faces each has (6).
	Dice  int `yaml:"dice"`
	Faces int `yaml:"faces"`
	// Colours are the board's colours in playing (clockwise) order: the
	// letter records write and the name tags use ([Red "Anna"]). In the
	// Ludo family a colour's start square A is track_per_colour squares
	// after the previous colour's.
	Colours []RaceColour `yaml:"colours"`
	// ExtraRollOn lists the throws that give the same player another throw
	// (a 6 in the Ludo family). MaxExtraRolls bounds them in a row (0: no
	// bound).
	ExtraRollOn   []int `yaml:"extra_roll_on,omitempty"`
	MaxExtraRolls int   `yaml:"max_extra_rolls,omitempty"`

	// Ludo is the Ludo family's board and rules; Goose the Game of the
	// Goose's. Exactly one is set.
	Ludo  *LudoParams  `yaml:"ludo,omitempty"`
	Goose *GooseParams `yaml:"goose,omitempty"`
	Horse *HorseParams `yaml:"horse,omitempty"`
}

// HorseParams: the horse race (Wedrenspel / Jeu de courses, RULES.md 7). Each
// player runs one or more horses (the Horses tag, default 1) from 0; a
// horse that passes Finish is home.
type HorseParams struct {
	// Finish is the last square of the race (80: two laps of 40); a horse
	// finishes when it goes past it.
	Finish int `yaml:"finish"`
	// ExactFinish: the horse must land exactly on Finish (RULES.md 7
	// default false: passing it is enough).
	ExactFinish bool `yaml:"exact_finish"`
	// PlayToEnd: play on after the first horse finishes, for the full
	// finishing order (default true).
	PlayToEnd bool `yaml:"play_to_end"`
	// Obstacles are the squares with a rule.
	Obstacles []HorseObstacle `yaml:"obstacles"`
}

// HorseObstacle says what landing on Square does. One effect each.
type HorseObstacle struct {
	Square int `yaml:"square"`
	// Back: go back this many squares (4).
	Back int `yaml:"back,omitempty"`
	// BackThrow: go back as many squares as the throw that brought it.
	BackThrow bool `yaml:"back_throw,omitempty"`
	// To: go back to this square (14 to 9).
	To *int `yaml:"to,omitempty"`
	// Miss: miss this many turns.
	Miss int `yaml:"miss,omitempty"`
	// Half: on the next turn move only half the throw, rounded down.
	Half bool `yaml:"half,omitempty"`
	// WaitPassed: wait until every other horse still racing has passed.
	WaitPassed bool `yaml:"wait_passed,omitempty"`
	// Out: the horse is out of the race.
	Out bool `yaml:"out,omitempty"`
}

// GooseParams: one pawn each on squares 0 (start) to Last, two dice, a pot.
type GooseParams struct {
	// Last is the final square (63), which must be reached exactly:
	// excess pips are counted back from it.
	Last int `yaml:"last"`
	// Geese: landing on one moves the pawn again by the same throw, in the
	// direction it was going (chains possible; counting back too).
	Geese []int `yaml:"geese"`
	// Forward: moving on from a goose reached going forwards is the
	// player's choice ("may": the 315-games box, "mag nogmaals ...
	// vooruitgaan", "est permis d'avancer") or the rule ("must", also when
	// left out). Counting back from Last it is always a must ("moet", "on
	// doit reculer"). A record says the choice by the squares it writes
	// (0/5 stays on the goose, 0/5>10 moves on); when it leaves them out
	// the referee reads the common play, moving on, and warns.
	Forward string `yaml:"goose_forward,omitempty"`
	// FirstThrow: on a pawn's first throw, these dice (in either order) go
	// straight to a square (4+5 to 26, 6+3 to 53).
	FirstThrow []GooseFirstThrow `yaml:"first_throw"`
	// Occupied: ending on a square another pawn holds sends the pawn back
	// to the square it came from ("back"), or the pawns share it ("share").
	// The start square is always shared.
	Occupied string `yaml:"occupied"`
	// Squares are the special squares.
	Squares []GooseSquare `yaml:"squares"`
	// Rescue: arriving on a well or prison where a pawn waits: "release"
	// (RULES.md 4 default: the waiting pawn is freed, the newcomer stays
	// and waits) or "back" (the occupied-square rule applies).
	Rescue string `yaml:"rescue"`
	// Debt: a pawn that cannot pay "plays" on and its debt is reported
	// (RULES.md 4 default; purses are not recorded, so every payment is
	// reported and the pot is the stakes plus the payments).
	Debt string `yaml:"debt"`
}

// Values of GooseParams.Forward.
const (
	GooseMay  = "may"
	GooseMust = "must"
)

// GooseFirstThrow sends a first throw of Dice straight to To.
type GooseFirstThrow struct {
	Dice []int `yaml:"dice"`
	To   int   `yaml:"to"`
}

// GooseSquare is a special square: what landing on it costs and does.
type GooseSquare struct {
	Square int    `yaml:"square"`
	Name   string `yaml:"name"`
	// Pay is the fine paid into the pot.
	Pay int `yaml:"pay"`
	// To sends the pawn on to another square (maze 37, death 0 or 1).
	To *int `yaml:"to,omitempty"`
	// Choice: instead of Pay, the player may pay ChoicePay and go on to
	// ChoiceTo (the bridge: pay 10 and go on to 12). The record says which.
	ChoicePay int  `yaml:"choice_pay,omitempty"`
	ChoiceTo  *int `yaml:"choice_to,omitempty"`
	// Miss is the number of turns the pawn misses (the inn: 1).
	Miss int `yaml:"miss,omitempty"`
	// Wait: the pawn waits until another pawn arrives there (well, prison).
	Wait bool `yaml:"wait,omitempty"`
}

// RaceColour is one colour of the board.
type RaceColour struct {
	Letter string `yaml:"letter"`
	Name   string `yaml:"name"`
}

// LudoParams: a circular track, a base (B), a start square (A, square 1 counted
// from the colour's own start) and a home column or staircase.
type LudoParams struct {
	// Pieces per colour.
	Pieces int `yaml:"pieces"`
	// TrackPerColour is the number of track squares per colour of the
	// board: the track has len(colours) x track_per_colour squares (10 on
	// the 4-colour Mens erger je niet board; RULES.md 3 leaves the 6-colour
	// board open: default 10).
	TrackPerColour int `yaml:"track_per_colour"`
	// Entry: how pieces leave the base.
	Entry LudoEntry `yaml:"entry"`
	// Capture: what ending a move on an occupied square does.
	Capture LudoCapture `yaml:"capture"`
	// Overtake: a piece may pass over other pieces. When false (French
	// petits chevaux) a piece that would pass another moves up to it and
	// walks back the pips left.
	Overtake bool `yaml:"overtake"`
	// Home: the home column or staircase.
	Home LudoHome `yaml:"home"`
}

// LudoEntry says how a piece is brought from B onto A.
type LudoEntry struct {
	// Rolls that bring a piece out (6).
	Rolls []int `yaml:"rolls"`
	// Forced: such a roll must bring a piece out while any is in B
	// (Mens erger je niet: "is hij verplicht"); otherwise the player may
	// move another piece with it.
	Forced bool `yaml:"forced"`
	// MoveEnteredPiece: the extra roll after bringing a piece out must move
	// that piece (Mens erger je niet: "met deze pion verder te spelen").
	MoveEnteredPiece bool `yaml:"move_entered_piece"`
	// StartOnTrack pieces of each colour stand on A when the game starts
	// (Mens erger je niet puts one there without a 6).
	StartOnTrack int `yaml:"start_on_track"`
}

// LudoCapture says which pieces a move ending on them sends back to B.
type LudoCapture struct {
	// Own and Opponent: ending on an own / another colour's piece captures
	// it. When false, such a move is not allowed (German house rule).
	Own      bool `yaml:"own"`
	Opponent bool `yaml:"opponent"`
	// Compulsory: when a move that captures exists, the player must make
	// one (a house rule; no seed text has it: default false).
	Compulsory bool `yaml:"compulsory"`
}

// Home kinds.
const (
	HomeColumn    = "column"    // home squares a-b-c-d entered from the square before A
	HomeStaircase = "staircase" // stop exactly on the foot, then 1, 2, ... to climb, then stable_roll
)

// Overshoot rules for a throw that goes past the last home square.
const (
	OvershootNone   = "none"   // the piece may not move (Papyrus default: exact roll)
	OvershootBounce = "bounce" // count back from the end; it must land on a free home square (Dutch)
	// OvershootBounceTrack counts back and may leave the piece on the
	// general track (French "Ne t'en fais pas"; petits chevaux's foot).
	OvershootBounceTrack = "bounce-to-track"
)

// LudoHome describes the home squares.
type LudoHome struct {
	// Kind is column or staircase.
	Kind string `yaml:"kind"`
	// Size is the number of home squares (4: a-d) or stair steps (6).
	Size int `yaml:"size"`
	// Overshoot: none, bounce or bounce-to-track (for a staircase: how a
	// throw past its foot is counted back).
	Overshoot string `yaml:"overshoot"`
	// Locked: a piece in a home square never moves again (Papyrus).
	Locked bool `yaml:"locked"`
	// StableRoll is the throw that takes a piece from the last step into
	// the stable (staircase only; 6).
	StableRoll int `yaml:"stable_roll,omitempty"`
}

func init() {
	variants.RegisterSection("race", func() variants.Rules { return new(Section) })
}

// Clone copies the section, its lists included.
func (r *Section) Clone() variants.Rules { return r.clone() }

func (r *Section) clone() *Section {
	c := *r
	c.Colours = append([]RaceColour(nil), r.Colours...)
	c.ExtraRollOn = append([]int(nil), r.ExtraRollOn...)
	if r.Ludo != nil {
		l := *r.Ludo
		l.Entry.Rolls = append([]int(nil), r.Ludo.Entry.Rolls...)
		c.Ludo = &l
	}
	if r.Horse != nil {
		h := *r.Horse
		h.Obstacles = append([]HorseObstacle(nil), r.Horse.Obstacles...)
		c.Horse = &h
	}
	if r.Goose != nil {
		g := *r.Goose
		g.Geese = append([]int(nil), r.Goose.Geese...)
		g.FirstThrow = append([]GooseFirstThrow(nil), r.Goose.FirstThrow...)
		g.Squares = append([]GooseSquare(nil), r.Goose.Squares...)
		c.Goose = &g
	}
	return &c
}

// Validate checks the values decoding cannot.
func (r *Section) Validate(fail variants.Fail) error {
	if r.MinPlayers < 1 || r.MaxPlayers < r.MinPlayers {
		return fail("min_players", "race.min_players and max_players must give a range of at least one player")
	}
	if r.Dice < 1 || r.Dice > 3 || r.Faces < 2 {
		return fail("dice", "race.dice must be 1 to 3 and race.faces at least 2")
	}
	for _, n := range r.ExtraRollOn {
		if n < 1 || n > r.Dice*r.Faces {
			return fail("extra_roll_on", "race.extra_roll_on: %d is not a possible throw", n)
		}
	}
	seen := map[string]bool{}
	for _, c := range r.Colours {
		if c.Letter == "" || c.Name == "" || seen[c.Letter] || seen[c.Name] {
			return fail("colours", "race.colours: each colour needs its own letter and name")
		}
		seen[c.Letter], seen[c.Name] = true, true
	}
	if n := btoi(r.Ludo != nil) + btoi(r.Goose != nil) + btoi(r.Horse != nil); n != 1 {
		return fail("race", "race: exactly one rules section is needed (ludo:, goose: or horse:)")
	}
	if h := r.Horse; h != nil {
		if h.Finish < 2 {
			return fail("finish", "race.horse.finish must be the last square (80)")
		}
		for _, o := range h.Obstacles {
			n := btoi(o.Back > 0) + btoi(o.BackThrow) + btoi(o.To != nil) + btoi(o.Miss > 0) + btoi(o.Half) + btoi(o.WaitPassed) + btoi(o.Out)
			if o.Square < 1 || o.Square > h.Finish || n != 1 || o.To != nil && (*o.To < 0 || *o.To >= o.Square) {
				return fail("obstacles", "race.horse.obstacles: square %d needs exactly one effect (back, back_throw, to an earlier square, miss, half, wait_passed, out)", o.Square)
			}
		}
		return nil
	}
	if r.Goose != nil {
		return r.Goose.validate(r, fail)
	}
	l := r.Ludo
	if len(r.Colours) < r.MaxPlayers {
		return fail("colours", "race.colours: %d colours for up to %d players", len(r.Colours), r.MaxPlayers)
	}
	if l.Pieces < 1 || l.TrackPerColour < 2 || l.Home.Size < 1 {
		return fail("ludo", "race.ludo: pieces, track_per_colour and home.size must be positive")
	}
	if l.Entry.StartOnTrack > 1 || l.Entry.StartOnTrack < 0 {
		return fail("start_on_track", "race.ludo.entry.start_on_track must be 0 or 1 (one piece on A)")
	}
	switch l.Home.Kind {
	case HomeColumn:
	case HomeStaircase:
		if l.Home.StableRoll < 1 || l.Home.StableRoll > r.Faces {
			return fail("stable_roll", "race.ludo.home.stable_roll must be a face of the die")
		}
	default:
		return fail("kind", "race.ludo.home.kind must be %s or %s", HomeColumn, HomeStaircase)
	}
	switch l.Home.Overshoot {
	case OvershootNone, OvershootBounce, OvershootBounceTrack:
	default:
		return fail("overshoot", "race.ludo.home.overshoot must be %s, %s or %s", OvershootNone, OvershootBounce, OvershootBounceTrack)
	}
	for _, n := range l.Entry.Rolls {
		if n < 1 || n > r.Dice*r.Faces {
			return fail("rolls", "race.ludo.entry.rolls: %d is not a possible throw", n)
		}
	}
	return nil
}

func (g *GooseParams) validate(r *Section, fail variants.Fail) error {
	if g.Last < 2 {
		return fail("last", "race.goose.last must be the final square (63)")
	}
	if g.Occupied != "back" && g.Occupied != "share" {
		return fail("occupied", "race.goose.occupied must be back or share")
	}
	if g.Rescue != "release" && g.Rescue != "back" {
		return fail("rescue", "race.goose.rescue must be release or back")
	}
	if g.Forward != "" && g.Forward != GooseMay && g.Forward != GooseMust {
		return fail("goose_forward", "race.goose.goose_forward must be may or must")
	}
	if g.Debt != "play" {
		return fail("debt", "race.goose.debt must be play (a pawn that cannot pay plays on)")
	}
	on := func(n int) bool { return n >= 0 && n <= g.Last }
	for _, n := range g.Geese {
		if !on(n) || n == g.Last {
			return fail("geese", "race.goose.geese: no square %d", n)
		}
	}
	for _, f := range g.FirstThrow {
		if len(f.Dice) != r.Dice || !on(f.To) {
			return fail("first_throw", "race.goose.first_throw: %d dice to a square of the board", r.Dice)
		}
	}
	for _, s := range g.Squares {
		if !on(s.Square) || s.Pay < 0 || s.To != nil && !on(*s.To) || s.ChoiceTo != nil && !on(*s.ChoiceTo) || s.Miss < 0 {
			return fail("squares", "race.goose.squares: square %d is not on the board or has a bad field", s.Square)
		}
	}
	return nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// SectionOf returns a variant's race: section, or nil for another family's.
func SectionOf(v *variants.Variant) *Section {
	s, _ := v.Rules.(*Section)
	return s
}
