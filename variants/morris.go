package variants

// Morris is the rule set of a mill game (nine men's morris and its family).
// Its fields are the morris engine's parameters (RULES.md section 2).
type Morris struct {
	// Pieces each player has (9 for nine men's morris).
	Pieces int `yaml:"pieces"`
}

func (m *Morris) validate(fail func(key, format string, args ...any) error) error {
	if m.Pieces < 3 {
		return fail("pieces", "morris.pieces must be at least 3")
	}
	return nil
}
