package referee

import "strings"

// Outcome is what a result says, whatever notation wrote it.
type Outcome uint8

const (
	Unknown   Outcome = iota // "*" or nothing
	WhiteWins                // 2-0, 1-0
	BlackWins                // 0-2, 0-1
	Drawn                    // 1-1, 1/2-1/2
	BothLose                 // 0-0 (double forfeit)
)

// ParseOutcome reads a result token. ok is false for text that is no
// result at all.
func ParseOutcome(s string) (o Outcome, ok bool) {
	switch strings.ReplaceAll(strings.TrimSpace(s), " ", "") {
	case "2-0", "1-0":
		return WhiteWins, true
	case "0-2", "0-1":
		return BlackWins, true
	case "1-1", "1/2-1/2", "½-½":
		return Drawn, true
	case "0-0":
		return BothLose, true
	case "*", "":
		return Unknown, true
	}
	return Unknown, false
}

func (o Outcome) String() string {
	return [...]string{"unknown", "white wins", "black wins", "draw", "both lose"}[o]
}

// Notation writes the outcome the way a variant's records write results:
// draughts on 10x10 counts 2 points a game, most others 1.
func (o Outcome) Notation(twoPoint bool) string {
	if twoPoint {
		return [...]string{"*", "2-0", "0-2", "1-1", "0-0"}[o]
	}
	return [...]string{"*", "1-0", "0-1", "1/2-1/2", "0-0"}[o]
}
