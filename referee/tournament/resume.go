package tournament

import (
	"fmt"
	"io"
	"strings"

	"arbiter/notation/pdn"
)

// PlayedGame is a game read from a tournament's PDN: what resuming needs.
type PlayedGame struct {
	Line        int // where its text starts
	Settings    string
	Round       string
	White       string
	Black       string
	FEN         string
	Result      string // the Result tag, else the terminator
	Termination string
}

// ReadPlayed reads the games of a PDN file, one at a time.
func ReadPlayed(r io.Reader, file string) ([]PlayedGame, error) {
	var out []PlayedGame
	err := pdn.Each(r, pdn.Options{}, func(g pdn.GameText) error {
		rec := pdn.Parse(g, file)
		tag := func(name string) string { v, _ := rec.Tag(name); return v }
		p := PlayedGame{Line: rec.Pos.Line, Settings: tag(SettingsTag), Round: tag("Round"), White: tag("White"),
			Black: tag("Black"), FEN: tag("FEN"), Result: tag("Result"), Termination: tag("Termination")}
		if p.Result == "" {
			p.Result = rec.Result
		}
		rec.ReleaseMoves()
		out = append(out, p)
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("%s: %v", file, err)
	}
	return out, nil
}

// Resume takes the games a PDN holds of this tournament: those of the
// last tournament the file holds, when its settings are these (else the
// error names each difference). Their games are not played again and
// count in the standings; a game without a result is played again. A
// game that has no place in the schedule, or a place another game took,
// is refused: the file is not this tournament's as arbiter wrote it.
// It returns the games taken.
func (t *Tournament) Resume(games []PlayedGame, file string) (int, error) {
	var last Settings
	found := false
	for i := len(games) - 1; i >= 0 && !found; i-- {
		last, found = ParseSettings(games[i].Settings)
	}
	if !found {
		return 0, nil
	}
	if diff := t.settings.Diff(last); len(diff) > 0 {
		return 0, &MismatchError{File: file, Diff: diff}
	}
	id, _ := last.Get("id")
	var mine []PlayedGame
	for _, g := range games {
		if s, ok := ParseSettings(g.Settings); ok {
			if sid, _ := s.Get("id"); sid == id {
				mine = append(mine, g)
			}
		}
	}
	// Take the games as the schedule reaches them: a knockout's later
	// rounds exist once the earlier ones are decided.
	res := results{}
	taken := map[string]int{} // Round -> line
	names := t.arena.Engines()
	pending := mine
	for {
		bySlot := map[string]Slot{}
		for _, s := range t.sched.slots(res) {
			bySlot[s.Round] = s
		}
		var rest []PlayedGame
		progress := false
		for _, g := range pending {
			s, ok := bySlot[g.Round]
			if !ok {
				rest = append(rest, g)
				continue
			}
			o, ok := outcomeOfResult(g.Result)
			if !ok {
				continue // no result: played again
			}
			if g.White != names[s.White] || g.Black != names[s.Black] || g.FEN != t.arena.OpeningFEN(s.Opening) {
				return 0, fmt.Errorf("%s:%d: game %s is %s - %s from %s, where this tournament plays %s - %s from %s: the file was changed",
					file, g.Line, g.Round, g.White, g.Black, fenText(g.FEN), names[s.White], names[s.Black], fenText(t.arena.OpeningFEN(s.Opening)))
			}
			if line, dup := taken[g.Round]; dup {
				return 0, fmt.Errorf("%s:%d: game %s is in the file twice (line %d too)", file, g.Line, g.Round, line)
			}
			taken[g.Round] = g.Line
			res[g.Round] = o
			t.done = append(t.done, doneGame{slot: s, o: o})
			progress = true
		}
		pending = rest
		if len(pending) == 0 || !progress {
			break
		}
	}
	for _, g := range pending {
		if _, ok := outcomeOfResult(g.Result); ok {
			return 0, fmt.Errorf("%s:%d: game %s (%s - %s) has no place in this tournament's schedule: the file was changed", file, g.Line, g.Round, g.White, g.Black)
		}
	}
	// Later games carry the tournament's id.
	for i, e := range t.settings.Entries {
		if e[0] == "id" {
			t.settings.Entries[i][1] = id
		}
	}
	return len(t.done), nil
}

func fenText(fen string) string {
	if fen == "" {
		return "the start position"
	}
	return "FEN " + fen
}

// outcomeOfResult reads a result as written (both scales); false for none.
func outcomeOfResult(r string) (outcome, bool) {
	switch strings.TrimSpace(r) {
	case "2-0", "1-0":
		return 2, true
	case "1-1", "1/2-1/2":
		return 1, true
	case "0-2", "0-1":
		return 0, true
	}
	return -1, false
}

// MismatchError is a PDN whose last tournament was played under other
// settings.
type MismatchError struct {
	File string
	Diff []string
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("%s holds a tournament played under other settings: %s",
		e.File, strings.Join(e.Diff, "; "))
}
