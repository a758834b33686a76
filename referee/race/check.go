package race

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"arbiter/notation"
	racenot "arbiter/notation/race"
	"arbiter/referee"
	"arbiter/variants"
)

// checkRace replays a dice race game record: the engine is chosen by the
// rules section the variant's race: has, never by its name.
func check(rec *notation.Record, v *variants.Variant, opts referee.Options, rep *referee.Report) {
	if opts.Film {
		// Each game gives it its board and its reading of a throw's
		// squares (picture.go).
		rep.Film = &referee.Film{Cells: func(string) ([]int, []int) { return nil, nil }}
	}
	switch {
	case SectionOf(v).Ludo != nil:
		checkLudo(rec, v, rep, opts.NoFixes)
	case SectionOf(v).Goose != nil:
		checkGoose(rec, v, rep, opts.NoFixes)
	case SectionOf(v).Horse != nil:
		checkHorse(rec, v, rep, opts.NoFixes)
	default:
		rep.Errorf(rec.Pos, "variant", "variant %s has no race rules arbiter can play", v.Name)
	}
}

func simulate(w io.Writer, v *variants.Variant, players int, seed int64) error {
	if players < SectionOf(v).MinPlayers || players > SectionOf(v).MaxPlayers {
		return fmt.Errorf("%s is for %d to %d players, not %d", v.Name, SectionOf(v).MinPlayers, SectionOf(v).MaxPlayers, players)
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
	switch {
	case SectionOf(v).Ludo != nil:
		return simulateLudo(w, v, players, rng)
	case SectionOf(v).Goose != nil:
		return simulateGoose(w, v, players, rng)
	case SectionOf(v).Horse != nil:
		return simulateHorse(w, v, players, rng)
	}
	return errors.New("arbiter cannot simulate this race variant")
}

// roll throws the variant's dice.
func roll(rng *rand.Rand, r *Section) []int {
	d := make([]int, r.Dice)
	for i := range d {
		d[i] = 1 + rng.IntN(r.Faces)
	}
	return d
}

// raceTag writes a tag pair.
func raceTag(b *strings.Builder, name, value string) {
	fmt.Fprintf(b, "[%s %q]\n", name, value)
}

// raceDiag adds a diagnostic about a written throw.
func raceDiag(rep *referee.Report, m *notation.Move, round int, sev notation.Severity, code, msg string, legal []string, fen, board string) {
	rep.Add(referee.Diagnostic{
		Diagnostic: notation.Diagnostic{Pos: m.Pos, Severity: sev, Code: code, Msg: msg},
		MoveNumber: round, Move: m.Text, Legal: legal, FEN: fen, Board: board,
	})
}

// sameName compares names as people write them (case, spaces).
func sameName(a, b string) bool {
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}

// judgeWinner compares a race game's Result tag, which names the winner,
// with the winner the moves give (-1: none yet). who finds the player or
// colour a result names (-1 if none); name writes it back.
func judgeWinner(rec *notation.Record, rep *referee.Report, winner int, who func(string) int, name func(int) string) {
	res := &rep.Result
	if rec.Result != "*" {
		res.Terminator = rec.Result
	}
	tag, ok := rec.TagPos("Result")
	if !ok {
		return
	}
	res.Tag = strings.TrimSpace(tag.Value)
	if res.Tag == "" || res.Tag == "*" || res.Tag == "?" {
		return
	}
	errorf := func(format string, args ...any) {
		rep.Errorf(tag.Pos, "result", format, args...)
	}
	switch w := who(res.Tag); {
	case w < 0:
		errorf("Result %q names no player of this game", res.Tag)
	case winner < 0 && rep.Errors() == 0:
		errorf("Result says %s won, but the game is not over: %s", name(w), res.Reason)
	case winner >= 0 && w != winner:
		errorf("Result says %s won, but %s", name(w), res.Reason)
	}
}

// goosePlayers reads the Players tag: names separated by commas.
func goosePlayers(rec *notation.Record) []string {
	v, _ := rec.Tag("Players")
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// countedPlayers reads the Players tag and reports a number of players the
// variant is not for.
func countedPlayers(rec *notation.Record, v *variants.Variant, rep *referee.Report) ([]string, bool) {
	players := goosePlayers(rec)
	if n := len(players); n < SectionOf(v).MinPlayers || n > SectionOf(v).MaxPlayers {
		rep.Errorf(rec.Pos, "players", "%s is for %d to %d players, named in a Players tag (\"Anna, Bram\"): this record has %d", v.Name, SectionOf(v).MinPlayers, SectionOf(v).MaxPlayers, n)
		return nil, false
	}
	return players, true
}

// firstMover is the player (or colour) the first throw names: the roll for
// who starts is not recorded, so the first throw's player starts.
func firstMover(rec *notation.Record) string {
	if len(rec.Moves) == 0 {
		return ""
	}
	if mt, err := racenot.ParseMove(rec.Moves[0].Text); err == nil {
		return mt.Player
	}
	return ""
}

// setupTag plays a FEN tag's position, if the record has one, through
// setup; false when it cannot be read (reported).
func setupTag(rec *notation.Record, rep *referee.Report, setup func(string) error) bool {
	t, ok := rec.TagPos("FEN")
	if !ok || strings.TrimSpace(t.Value) == "" {
		return true
	}
	if err := setup(t.Value); err != nil {
		rep.ErrorAt(t.Pos, "fen", "FEN tag: "+err.Error())
		return false
	}
	return true
}
