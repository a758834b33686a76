package referee_test

import (
	"strings"
	"testing"

	"arbiter/referee"
)

// TestCommentBeforeTags: a comment before the tags ("{exported by ...}" on
// the first line, or "; note") keeps a race or morris record a race or
// morris record, as it does a draughts or Halma one.
func TestCommentBeforeTags(t *testing.T) {
	for _, c := range []struct{ name, text, variant string }{
		{"race, { } comment", "{exported by Spellendoos 2.1}\n[Game \"horse-race\"]\n[Players \"Anna, Bram\"]\n\n1. Anna 6: 0/6  Bram 1: 0/1 *\n", "wedrenspel-315"},
		{"race, ; comment", "; note\n[Game \"goose\"]\n[Players \"Anna, Bram\"]\n\n1. Anna 1+2: 0/3  Bram 4+5: 0/26 *\n", "ganzenbord-315"},
		{"ludo, comment between the tags", "[Game \"ludo\"]\n{colours as on the box}\n[Variant \"mens-erger-je-niet\"]\n[Red \"Anna\"]\n[Yellow \"Bram\"]\n\n1. R 3: 1/4  Y 3: 1/4 *\n", "mens-erger-je-niet"},
		{"morris without a Game tag", "; note\n[Event \"club\"]\n[Variant \"Nine Men's Morris\"]\n\n1. d6 e4 2. d2 b2 *\n", "nine-mens-morris"},
		{"morris, { } comment", "{exported by Sanmill}\n[Game \"morris\"]\n\n1. d6 e4 2. d2 b2 *\n", "nine-mens-morris"},
		{"halma", "{x}\n[Game \"halma\"]\n\n1. c3-d4 n14-m13 *\n", "halma-2"},
		{"draughts", "{x}\n[Event \"e\"]\n\n1. 32-28 19-23 *\n", "international"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var reps []*referee.Report
			err := referee.CheckStream(strings.NewReader(c.text), "t.txt", referee.StreamOptions{Jobs: 1}, func(r *referee.Report) error {
				reps = append(reps, r)
				return nil
			})
			if err != nil || len(reps) != 1 {
				t.Fatalf("%v, %d games", err, len(reps))
			}
			if r := reps[0]; r.Variant != c.variant || r.Errors()+r.Warnings() > 0 || r.Plies == 0 {
				t.Fatalf("replayed as %s, %d plies: %v", r.Variant, r.Plies, r.Diagnostics)
			}
		})
	}
}
