package draughts

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"arbiter/variants"
)

// Section is the draughts: section of a variant file: the rule set of a
// draughts-family game. Its fields are the
// engine's parameters; every national variant is a choice of them.
type Section struct {
	// PDNGameType is the PDN GameType number that selects this variant
	// (20 international, 21 English, 25 Russian, ...); 0 for none.
	PDNGameType int `yaml:"pdn_gametype"`
	// PDNNotation is the rest of the variant's PDN GameType value: first
	// mover, board width and height, notation (A algebraic or N numeric,
	// with the corner of square 1: 0 bottom-left, 1 bottom-right, 2
	// top-left, 3 top-right, seen from the first mover's side) and whether
	// the bottom-left corner is a non-playing square: "W,10,10,N2,0".
	// Squares in the start position and in records are in this notation
	// unless a record's GameType tag says otherwise.
	PDNNotation string `yaml:"pdn_notation"`
	Board       struct {
		Width  int `yaml:"width"`
		Height int `yaml:"height"`
		// TopLeftDark says whether the top-left corner, seen from the
		// first player's side, is a playing square. Squares are numbered
		// 1.. along the playing squares row by row from that corner.
		TopLeftDark bool `yaml:"top_left_dark"`
		// AllSquares: every square is a playing square (Turkish), numbered
		// row by row from the top-left.
		AllSquares bool `yaml:"all_squares"`
		// Directions pieces move and capture along: "diagonal" (the
		// default) or "orthogonal" (ranks and files: Turkish).
		Directions string `yaml:"directions"`
	} `yaml:"board"`
	// Start is the start position as a PDN FEN.
	Start string `yaml:"start"`
	Men   struct {
		CaptureBackward bool `yaml:"capture_backward"`
		CaptureKings    bool `yaml:"capture_kings"`
	} `yaml:"men"`
	Kings struct {
		// Flying kings move and capture along a whole diagonal; others
		// one square at a time.
		Flying bool `yaml:"flying"`
		// StopBehind: a flying king lands on the square just beyond the
		// piece it captures (Thai).
		StopBehind bool `yaml:"stop_behind"`
		// MoveLimit: a side that still has men may make at most this many
		// non-capturing moves in a row with the same king (Frisian: 3); 0
		// for no limit.
		MoveLimit int `yaml:"move_limit"`
	} `yaml:"kings"`
	Capture struct {
		Compulsory bool `yaml:"compulsory"`
		// Priority: "free" (any capture), "majority" (the capture taking
		// the most pieces must be played) or "value" (the capture taking
		// the most value, men and kings counting man_value and king_value:
		// Frisian).
		Priority  string `yaml:"priority"`
		ManValue  int    `yaml:"man_value"`
		KingValue int    `yaml:"king_value"`
		// KingsDiscount: a capture that takes kings counts this much less
		// than king_value per king, once (the Frisian federation's scale:
		// man 2, king 4, discount 1, so n kings are worth 2n - 1/2 men; 0:
		// every king the same flat king_value).
		KingsDiscount int `yaml:"kings_discount"`
		// Then, in this order, among captures the priority leaves: one made
		// by a king (Italian, Frisian; Czech with free priority), the one
		// taking the most kings (Spanish, Portuguese, Italian), the one that
		// meets a king earliest (Italian).
		PreferKingCapture bool `yaml:"prefer_king_capture"`
		PreferMostKings   bool `yaml:"prefer_most_kings"`
		PreferEarlyKings  bool `yaml:"prefer_early_kings"`
		// Orthogonal: men and kings also capture along ranks and files,
		// over the next playing square (Frisian).
		Orthogonal bool `yaml:"orthogonal"`
		// RemoveAtOnce: a captured piece leaves the board as it is jumped
		// (Thai, Turkish); otherwise pieces stay until the move ends.
		RemoveAtOnce bool `yaml:"remove_at_once"`
		// NoReversal: a multiple capture may not turn back 180 degrees
		// (Turkish).
		NoReversal bool `yaml:"no_reversal"`
	} `yaml:"capture"`
	Promotion struct {
		// InPassing: a man that reaches the far row during a capture
		// becomes a king at once and continues as one.
		InPassing bool `yaml:"in_passing"`
	} `yaml:"promotion"`
	Draw DrawRules `yaml:"draw"`
	// Win says how a game is won: WinNoMoveLoses (the default, also for
	// ""), WinFirstKing or WinNoMoveWins.
	Win string `yaml:"win"`
}

// Win conditions.
const (
	// WinNoMoveLoses: a player who has no legal move (no pieces left, or
	// all blocked) loses. Every national variant.
	WinNoMoveLoses = "no_move_loses"
	// WinFirstKing: the first player to make a king wins; a player without
	// a legal move still loses (Breakthrough).
	WinFirstKing = "first_king"
	// WinNoMoveWins: a player who has no legal move wins (Antidraughts).
	WinNoMoveWins = "no_move_wins"
)

// DrawRules lists the rules that end a game drawn or let a player claim it.
// A nil rule is not in force.
type DrawRules struct {
	// Repetition: the same position with the same side to move occurs
	// this many times.
	Repetition *variants.CountRule `yaml:"repetition"`
	// KingMoves: this many moves by each side in which only kings moved
	// and nothing was captured.
	KingMoves *variants.CountRule `yaml:"king_moves"`
	// SameMove: a player plays the same move this many times in a row,
	// shuttling a piece back and forth (his move equals his move two turns
	// before).
	SameMove *variants.CountRule `yaml:"same_move"`
	// Endgames: material configurations that are drawn after each side
	// has made a number of moves in them.
	Endgames []Endgame `yaml:"endgames"`
}

// Endgame is a material configuration with a move limit. Material is
// written per side as K for each king and M for each man, kings first
// ("KKM" = two kings and a man); a final "+" means that many or more of
// the last letter ("KKK+": three kings or more, FMJD-64 7.2.4).
type Endgame struct {
	Name string `yaml:"name"`
	// Source is the text the rule comes from, quoted or named.
	Source string `yaml:"source"`
	// Strong lists the material the stronger side may have; Weak the
	// material of the other side. Both empty: any material (then Pieces
	// or KingsBothSides says which positions).
	Strong []string `yaml:"strong"`
	Weak   []string `yaml:"weak"`
	// Pieces, when given, lists the numbers of pieces on the board, both
	// sides together, the endgame holds for (FMJD-64 7.2.6: "4- and
	// 5-pieces endings").
	Pieces []int `yaml:"pieces"`
	// KingsBothSides: each side has a king (FMJD-64 7.2.6: "both
	// opponents having kings").
	KingsBothSides bool `yaml:"kings_both_sides"`
	// WeakOnLongDiagonal: every piece of the weak side stands on the long
	// diagonal, the one that joins two corners (FMJD-64 7.2.7: "one enemy
	// king, located on the long diagonal").
	WeakOnLongDiagonal bool `yaml:"weak_on_long_diagonal"`
	// Moves is how many moves each side may make once the configuration
	// has arisen; 0: the game is drawn as soon as it arises (Papyrus: "als
	// er geen mogelijkheid is om te winnen (bijvoorbeeld een situatie van
	// beiden één dam), is het remise").
	Moves int `yaml:"moves"`
	// Counted says whose moves Moves counts: CountedEach (the default,
	// also for ""), or CountedStrong: the game is drawn after the strong
	// side's Moves-th move (FMJD-64 7.2.4: "the game is drawn if his 15th
	// move does not capture the enemy king"). With material that fits
	// both ways round (a king against a king) each side's moves count.
	Counted string `yaml:"counted"`
	// UnlessWon: the draw waits while a side wins by force, that is when
	// the side to move, or its opponent whatever the side to move plays,
	// can leave the other without a move (take its last piece) at once or
	// with its next move (FMJD-64 7.2.7-7.2.8: "will not be able to
	// achieve a winning position"; the Frisian rule of a king against a
	// king: drawn "unless either player can capture the other king
	// immediately or will necessarily be able to do this next move").
	UnlessWon bool `yaml:"unless_won"`
	// BalanceUnchanged: the count starts again at every capture and
	// crowning (FMJD-64 7.2.6: "have not changed the balance of pieces
	// (ie, there was no capture and man did not become a king)").
	// Otherwise it runs as long as the position stays in this endgame.
	BalanceUnchanged bool   `yaml:"balance_unchanged"`
	Effect           string `yaml:"effect"`
}

// How an endgame's moves are counted.
const (
	// CountedEach: Moves moves by each side.
	CountedEach = "each"
	// CountedStrong: the strong side's Moves moves.
	CountedStrong = "strong"
)

// Matches reports whether a side with strong material against a side with
// weak material is this endgame, by its material lists alone.
func (e *Endgame) Matches(strong, weak string) bool {
	return materialIn(e.Strong, strong) && materialIn(e.Weak, weak)
}

// materialIn: the material m (kings first, as Material writes it) is one of
// list, an empty list holding any material.
func materialIn(list []string, m string) bool {
	if len(list) == 0 {
		return true
	}
	kings := len(m) - len(strings.TrimLeft(m, "K"))
	for _, x := range list {
		if p, ok := parseMaterial(x); ok && p.holds(len(m)-kings, kings) {
			return true
		}
	}
	return false
}

// material is a side's material in an endgame rule: so many kings and
// men, either count possibly "or more".
type material struct {
	kings, men         int
	moreKings, moreMen bool
}

// parseMaterial reads "KKM", "KKK+" (three kings or more), "KM+" (a king
// and one man or more).
func parseMaterial(s string) (material, bool) {
	var m material
	more := strings.HasSuffix(s, "+")
	s = strings.TrimSuffix(s, "+")
	rest := strings.TrimLeft(s, "K")
	m.kings = len(s) - len(rest)
	if strings.Trim(rest, "M") != "" || s == "" {
		return m, false
	}
	m.men = len(rest)
	if more {
		if m.men > 0 {
			m.moreMen = true
		} else {
			m.moreKings = true
		}
	}
	return m, true
}

// holds reports whether a side with men and kings has this material.
func (m material) holds(men, kings int) bool {
	return (kings == m.kings || m.moreKings && kings > m.kings) &&
		(men == m.men || m.moreMen && men > m.men)
}

// most is the most pieces the material allows (bound when it says "or
// more": the most one side of a board can hold).
func (m material) most(bound int) int {
	if m.moreKings || m.moreMen {
		return bound
	}
	return m.kings + m.men
}

// Material writes a side's material in the Endgame notation.
func Material(men, kings int) string {
	return strings.Repeat("K", kings) + strings.Repeat("M", men)
}

func init() {
	variants.RegisterSection("draughts", func() variants.Rules { return new(Section) })
}

// Clone copies the section deeply: a variant that extends another is
// decoded over the clone of its base, and the decoder writes through the
// pointers and into the slices it finds there.
func (d *Section) Clone() variants.Rules {
	c := *d
	c.Draw.Repetition = cloneRule(d.Draw.Repetition)
	c.Draw.KingMoves = cloneRule(d.Draw.KingMoves)
	c.Draw.SameMove = cloneRule(d.Draw.SameMove)
	c.Draw.Endgames = make([]Endgame, len(d.Draw.Endgames))
	for i, e := range d.Draw.Endgames {
		e.Strong = append([]string(nil), e.Strong...)
		e.Weak = append([]string(nil), e.Weak...)
		e.Pieces = append([]int(nil), e.Pieces...)
		c.Draw.Endgames[i] = e
	}
	if d.Draw.Endgames == nil {
		c.Draw.Endgames = nil
	}
	return &c
}

func cloneRule(r *variants.CountRule) *variants.CountRule {
	if r == nil {
		return nil
	}
	c := *r
	return &c
}

// Validate checks the values decoding cannot.
func (d *Section) Validate(fail variants.Fail) error {
	b := d.Board
	if b.Width < 4 || b.Height < 4 || b.Width > 16 || b.Height > 16 {
		return fail("board", "board must be between 4x4 and 16x16, not %dx%d", b.Width, b.Height)
	}
	if d.Start == "" {
		return fail("start", "missing key: start (the start position as a FEN)")
	}
	switch d.Capture.Priority {
	case "free", "majority":
	case "value":
		if d.Capture.ManValue < 1 || d.Capture.KingValue < 1 {
			return fail("priority", "capture.priority value needs capture.man_value and capture.king_value (at least 1)")
		}
		if d.Capture.KingsDiscount < 0 || d.Capture.KingsDiscount >= d.Capture.KingValue {
			return fail("kings_discount", "capture.kings_discount must be 0 or more and less than capture.king_value")
		}
	default:
		return fail("priority", "capture.priority must be free, majority or value, not %q", d.Capture.Priority)
	}
	switch d.Board.Directions {
	case "", "diagonal", "orthogonal":
	default:
		return fail("directions", "board.directions must be diagonal or orthogonal, not %q", d.Board.Directions)
	}
	switch d.Win {
	case "", WinNoMoveLoses, WinFirstKing, WinNoMoveWins:
	default:
		return fail("win", "win must be %s, %s or %s, not %q", WinNoMoveLoses, WinFirstKing, WinNoMoveWins, d.Win)
	}
	if d.Kings.MoveLimit < 0 {
		return fail("move_limit", "kings.move_limit must be 0 (none) or more")
	}
	effect := func(key, e string) error {
		if e != variants.EffectForced && e != variants.EffectClaimable {
			return fail(key, "draw.%s.effect must be %s or %s, not %q", key, variants.EffectForced, variants.EffectClaimable, e)
		}
		return nil
	}
	for key, r := range map[string]*variants.CountRule{"repetition": d.Draw.Repetition, "king_moves": d.Draw.KingMoves, "same_move": d.Draw.SameMove} {
		if r == nil {
			continue
		}
		if r.Count < 1 {
			return fail(key, "draw.%s.count must be at least 1", key)
		}
		if err := effect(key, r.Effect); err != nil {
			return err
		}
	}
	if len(d.Draw.Endgames) > maxEndgames {
		return fail("endgames", "draw.endgames: at most %d rules, not %d", maxEndgames, len(d.Draw.Endgames))
	}
	for _, e := range d.Draw.Endgames {
		if e.Moves < 0 {
			return fail("endgames", "endgame %q: moves must be 0 (drawn at once) or more", e.Name)
		}
		if err := effect("endgames", e.Effect); err != nil {
			return err
		}
		for _, m := range append(append([]string(nil), e.Strong...), e.Weak...) {
			if _, ok := parseMaterial(m); !ok {
				return fail("endgames", "endgame %q: material %q must be K's then M's, like KKM, with a final + for \"or more\" (KKK+)", e.Name, m)
			}
		}
		if (len(e.Strong) == 0) != (len(e.Weak) == 0) {
			return fail("endgames", "endgame %q: give both strong and weak material, or neither", e.Name)
		}
		if len(e.Strong) == 0 && len(e.Pieces) == 0 && !e.KingsBothSides {
			return fail("endgames", "endgame %q: say which positions it holds for: strong and weak material, pieces or kings_both_sides", e.Name)
		}
		for _, n := range e.Pieces {
			if n < 2 {
				return fail("endgames", "endgame %q: pieces must be 2 or more, not %d", e.Name, n)
			}
		}
		switch e.Counted {
		case "", CountedEach:
		case CountedStrong:
			if len(e.Strong) == 0 {
				return fail("endgames", "endgame %q: counted: strong needs the strong side's material", e.Name)
			}
		default:
			return fail("endgames", "endgame %q: counted must be %s or %s, not %q", e.Name, CountedEach, CountedStrong, e.Counted)
		}
		if e.WeakOnLongDiagonal && len(e.Weak) == 0 {
			return fail("endgames", "endgame %q: weak_on_long_diagonal needs the weak side's material", e.Name)
		}
	}
	return nil
}

// ForGameType returns the builtin draughts variant for a PDN GameType
// number, if there is one.
func ForGameType(n int) (*variants.Variant, error) {
	if v, ok := byGameType.Load(n); ok {
		return v.(*variants.Variant), nil
	}
	if name, ok := builtinOfGameType[n]; ok {
		// Decode only the variant named for n, taken only when it says
		// that number; TestBuiltinOfGameType holds the names to
		// forGameType over every builtin.
		if v, err := variants.Lookup(name); err == nil {
			if d := SectionOf(v); d != nil && d.PDNGameType == n {
				byGameType.Store(n, v)
				return v, nil
			}
		}
	}
	v, err := forGameType(n)
	if err == nil {
		// (Only numbers a builtin has, so a file of made-up ones does
		// not grow it; two runs may store one at once: the same.)
		byGameType.Store(n, v)
	}
	return v, err
}

// byGameType memoises ForGameType's variants: every record asks.
var byGameType sync.Map // int -> *variants.Variant

// builtinOfGameType names the builtin variant of each PDN GameType
// number, the one forGameType finds first, so that a run decodes that one
// (and its bases) only, not every builtin: that was most of a small
// check's start-up CPU.
var builtinOfGameType = map[int]string{
	20: "international", 21: "english", 22: "italian", 23: "pool",
	24: "spanish", 25: "russian", 26: "brazilian", 27: "canadian",
	28: "portuguese", 29: "czech", 30: "turkish", 31: "thai",
	40: "frisian", 96: "breakthrough", 97: "frysk", 98: "antidraughts",
	99: "from-position",
}

// forGameType is ForGameType from every decoded builtin.
func forGameType(n int) (*variants.Variant, error) {
	all, err := variants.Builtin()
	if err != nil {
		return nil, err
	}
	for _, v := range all {
		if d, ok := v.Rules.(*Section); ok && d.PDNGameType != 0 && d.PDNGameType == n {
			return v, nil
		}
	}
	var nums []string // only for the error: every record asks
	for _, v := range all {
		if d, ok := v.Rules.(*Section); ok && d.PDNGameType != 0 {
			nums = append(nums, fmt.Sprint(d.PDNGameType))
		}
	}
	sort.Strings(nums)
	return nil, fmt.Errorf("%w: no variant for PDN GameType %d (known: %s)", variants.ErrUnknown, n, strings.Join(nums, ", "))
}

// SectionOf returns a variant's draughts: section, or nil for another family's.
func SectionOf(v *variants.Variant) *Section {
	s, _ := v.Rules.(*Section)
	return s
}

// GameTypeNumber is the PDN GameType number of the variant (0: none), for
// listings that do not know the draughts section.
func (d *Section) GameTypeNumber() int { return d.PDNGameType }
