package morris

import "arbiter/variants"

// Section is the morris: section of a variant file: the rule set of a mill game (nine men's morris and its family).
// Its fields are the morris engine's parameters (RULES.md section 2); the
// keys are documented in variants/README.md.
type Section struct {
	// Pieces each player has (9 for nine men's morris, 6, 10, 12).
	Pieces int `yaml:"pieces"`
	// Diagonals adds the four diagonal lines (corner to corner of the
	// rings): more adjacencies and four more mills (twelve men's morris).
	Diagonals bool `yaml:"diagonals"`
	// Flying lets a player with FlyAt pieces (or fewer) on the board and
	// none in hand move a piece to any empty point.
	Flying bool `yaml:"flying"`
	FlyAt  int  `yaml:"fly_at"`
	// RemoveFromMill: "only_if_all_in_mills" (a piece standing in a mill
	// may be removed only when every opponent piece stands in one) or
	// "always".
	RemoveFromMill string `yaml:"remove_from_mill"`
	// RemovalsPerDoubleMill: "1" (a move closing two mills at once removes
	// one piece) or "per_mill" (one piece per mill closed).
	RemovalsPerDoubleMill string `yaml:"removals_per_double_mill"`
	// BlockedPlayer: a player who cannot move "lose"s, or "pass"es.
	BlockedPlayer string `yaml:"blocked_player"`
	// MovingDuringPlacement lets a player with pieces in hand move a piece
	// on the board instead of placing one (Lasker morris).
	MovingDuringPlacement bool `yaml:"moving_during_placement"`
	// ThreeVsThreeMoves: once both players are down to three pieces (none
	// in hand), the game is drawn after this many moves by each player
	// without a result. 0: no such rule.
	ThreeVsThreeMoves int `yaml:"three_vs_three_moves"`
	// Repetition: the same position (same pieces, same pieces in hand, same
	// side to move) for the Count-th time; nil: no such rule.
	Repetition *variants.CountRule `yaml:"repetition"`
	// NoRemovalMoves: the game is drawn after this many moves (slides or
	// flights) by each player without a removal; placements do not count.
	// 0: no such rule.
	NoRemovalMoves int `yaml:"no_removal_moves"`
}

// Values of the morris string parameters.
const (
	RemoveOnlyIfAllInMills = "only_if_all_in_mills"
	RemoveAlways           = "always"
	RemovalsOne            = "1"
	RemovalsPerMill        = "per_mill"
	BlockedLose            = "lose"
	BlockedPass            = "pass"
)

func init() {
	variants.RegisterSection("morris", func() variants.Rules { return new(Section) })
}

// Clone copies the section.
func (m *Section) Clone() variants.Rules {
	c := *m
	if m.Repetition != nil {
		r := *m.Repetition
		c.Repetition = &r
	}
	return &c
}

// Validate checks the values decoding cannot.
func (m *Section) Validate(fail variants.Fail) error {
	if m.Pieces < 3 || m.Pieces > 12 {
		return fail("pieces", "morris.pieces must be between 3 and 12, not %d", m.Pieces)
	}
	if m.Flying && m.FlyAt < 3 {
		return fail("fly_at", "morris.fly_at must be at least 3 when flying is on")
	}
	oneOf := func(key, v string, ok ...string) error {
		for _, o := range ok {
			if v == o {
				return nil
			}
		}
		return fail(key, "morris.%s must be %s or %s, not %q", key, ok[0], ok[1], v)
	}
	if err := oneOf("remove_from_mill", m.RemoveFromMill, RemoveOnlyIfAllInMills, RemoveAlways); err != nil {
		return err
	}
	if err := oneOf("removals_per_double_mill", m.RemovalsPerDoubleMill, RemovalsOne, RemovalsPerMill); err != nil {
		return err
	}
	if err := oneOf("blocked_player", m.BlockedPlayer, BlockedLose, BlockedPass); err != nil {
		return err
	}
	if m.ThreeVsThreeMoves < 0 || m.NoRemovalMoves < 0 {
		return fail("moves", "morris move limits must not be negative")
	}
	if r := m.Repetition; r != nil {
		if r.Count < 2 {
			return fail("repetition", "morris.repetition.count must be at least 2")
		}
		if r.Effect != variants.EffectForced && r.Effect != variants.EffectClaimable {
			return fail("repetition", "morris.repetition.effect must be %s or %s, not %q", variants.EffectForced, variants.EffectClaimable, r.Effect)
		}
	}
	return nil
}

// SectionOf returns a variant's morris: section, or nil for another family's.
func SectionOf(v *variants.Variant) *Section {
	s, _ := v.Rules.(*Section)
	return s
}
