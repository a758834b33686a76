package referee

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"arbiter/notation"
	racenot "arbiter/notation/race"
	"arbiter/variants"
)

// The race games' records are read by notation/race whatever their game's
// name: a record says [Game "ludo"], "goose" or "horse-race".
func init() {
	for _, g := range []string{"ludo", "goose", "horse-race"} {
		parsers[g] = racenot.Parse
	}
}

// checkRace replays a dice race game record: the engine is chosen by the
// rules section the variant's race: has, never by its name.
func checkRace(rec *notation.Record, v *variants.Variant, opts Options, rep *Report) {
	switch {
	case v.Race.Ludo != nil:
		checkLudo(rec, v, rep)
	case v.Race.Goose != nil:
		checkGoose(rec, v, rep)
	case v.Race.Horse != nil:
		checkHorse(rec, v, rep)
	default:
		rep.errorf(rec.Pos, "variant", "variant %s has no race rules arbiter can play", v.Name)
	}
}

func simulateRace(w io.Writer, v *variants.Variant, players int, seed int64) error {
	if players < v.Race.MinPlayers || players > v.Race.MaxPlayers {
		return fmt.Errorf("%s is for %d to %d players, not %d", v.Name, v.Race.MinPlayers, v.Race.MaxPlayers, players)
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
	switch {
	case v.Race.Ludo != nil:
		return simulateLudo(w, v, players, rng)
	case v.Race.Goose != nil:
		return simulateGoose(w, v, players, rng)
	case v.Race.Horse != nil:
		return simulateHorse(w, v, players, rng)
	}
	return errors.New("arbiter cannot simulate this race variant")
}

// roll throws the variant's dice.
func roll(rng *rand.Rand, r *variants.Race) []int {
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
func raceDiag(rep *Report, m *notation.Move, round int, sev notation.Severity, code, msg string, legal []string, fen, board string) {
	rep.add(Diagnostic{
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
func judgeWinner(rec *notation.Record, rep *Report, winner int, who func(string) int, name func(int) string) {
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
		rep.errorf(tag.Pos, "result", format, args...)
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
func countedPlayers(rec *notation.Record, v *variants.Variant, rep *Report) ([]string, bool) {
	players := goosePlayers(rec)
	if n := len(players); n < v.Race.MinPlayers || n > v.Race.MaxPlayers {
		rep.errorf(rec.Pos, "players", "%s is for %d to %d players, named in a Players tag (\"Anna, Bram\"): this record has %d", v.Name, v.Race.MinPlayers, v.Race.MaxPlayers, n)
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
func setupTag(rec *notation.Record, rep *Report, setup func(string) error) bool {
	t, ok := rec.TagPos("FEN")
	if !ok || strings.TrimSpace(t.Value) == "" {
		return true
	}
	if err := setup(t.Value); err != nil {
		rep.errorAt(t.Pos, "fen", "FEN tag: "+err.Error())
		return false
	}
	return true
}
