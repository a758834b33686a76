package referee_test

import (
	"strings"
	"testing"

	"arbiter/referee"
)

// A Game tag that names no game arbiter has rules for is a game number or
// a label ([Game "612"], [Game # 612]): never an error, never what decides
// the rules (issue 22). A Game tag that names a game still decides them.
func TestGameTagLabel(t *testing.T) {
	for _, c := range []struct{ name, text, variant string }{
		{"a number, international", "[Game \"612\"]\n[Event \"e\"]\n\n1. 32-28 19-23 *\n", "international"},
		{"a number before GameType 25", "[Game \"612\"]\n[GameType \"25\"]\n\n1. c3-d4 f6-g5 *\n", "russian"},
		{"unquoted", "[Game # 612]\n[GameType \"21\"]\n\n1. 11-15 23-19 *\n", "english"},
		{"a label, morris moves", "[Game \"club night\"]\n[Variant \"Nine Men's Morris\"]\n\n1. d6 e4 2. d2 b2 *\n", "nine-mens-morris"},
		{"a game name decides", "[Game \"Morris\"]\n\n1. d6 e4 2. d2 b2 *\n", "nine-mens-morris"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var reps []*referee.Report
			err := referee.CheckStream(strings.NewReader(c.text), "t.pdn", referee.StreamOptions{Jobs: 1}, func(r *referee.Report) error {
				reps = append(reps, r)
				return nil
			})
			if err != nil || len(reps) != 1 {
				t.Fatalf("%v, %d games", err, len(reps))
			}
			r := reps[0]
			if r.Variant != c.variant || r.Errors() > 0 || r.Plies == 0 {
				t.Fatalf("replayed as %s, %d plies: %v", r.Variant, r.Plies, r.Diagnostics)
			}
			label := strings.Contains(c.name, "a number") || strings.Contains(c.name, "label") || c.name == "unquoted"
			noted := false
			for _, d := range r.Diagnostics {
				noted = noted || d.Code == "game-label" && d.Severity.String() == "note"
			}
			if noted != label {
				t.Errorf("game-label note %v, want %v: %v", noted, label, r.Diagnostics)
			}
		})
	}
}
