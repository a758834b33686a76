package draughts

import (
	"strconv"
	"strings"
	"testing"

	"arbiter/notation/pdn"
	"arbiter/referee"
)

// --as-played: a move that breaks the rules but can be carried out on the
// board is played as written and the replay goes on; one that cannot
// (no piece of the side to move there, its square taken) stops it as
// without the option. Without it nothing changes.
func TestAsPlayed(t *testing.T) {
	const game = "[GameType \"20\"]\n1. 32-28 19-23 2. 31-26 23x32 3. 37x28 18-23 4. 28x19 14x23 5. 26-21 16x27 6. 38-32 27x38 7. 43x32 10-14 8. 32-38 *\n"
	for _, tc := range []struct {
		name, text string
		asPlayed   bool
		want       []string // errors: move number, move, played as written
		plies      int
	}{
		{"off", game, false, []string{"2 31-26 stops"}, 2},
		// 2. 31-26 leaves 28x19 (compulsory); 6... 27x38 writes a
		// capture's path wrong (it takes 32 on the way, as written);
		// 8. 32-38 moves a man backwards.
		{"on", game, true, []string{"2 31-26 played", "6 27x38 played", "8 32-38 played"}, 15},
		{"no piece", "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 30-25 *\n", true, []string{"3 30-25 stops"}, 4},
		{"taken square", "[GameType \"20\"]\n1. 32-28 19-23 2. 33-28 18-22 *\n", true, []string{"2 33-28 stops"}, 2},
		{"opponent's piece", "[GameType \"20\"]\n1. 32-28 19-23 2. 19-24 18-22 *\n", true, []string{"2 19-24 stops"}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reps := checkTextOpts(t, tc.text, referee.Options{AsPlayed: tc.asPlayed})
			var got []string
			for _, d := range reps[0].Diagnostics {
				if d.Severity.String() != "error" {
					continue
				}
				how := "stops"
				if strings.Contains(d.Msg, asPlayedNote) {
					how = "played"
				}
				got = append(got, strings.Join([]string{strconv.Itoa(d.MoveNumber), d.Move, how}, " "))
			}
			if strings.Join(got, "; ") != strings.Join(tc.want, "; ") || reps[0].Plies != tc.plies {
				t.Errorf("errors %q, %d plies; want %q, %d", got, reps[0].Plies, tc.want, tc.plies)
			}
		})
	}
}

func checkTextOpts(t *testing.T, text string, opts referee.Options) []*referee.Report {
	t.Helper()
	recs, err := pdn.ReadAll(strings.NewReader(text), "t.pdn", pdn.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var reps []*referee.Report
	for _, r := range recs {
		reps = append(reps, referee.Check(r, opts))
	}
	return reps
}
