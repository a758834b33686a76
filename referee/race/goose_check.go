package race

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"arbiter/notation"
	racenot "arbiter/notation/race"
	"arbiter/referee"
	"arbiter/variants"
)

// gooseGame is one replay of a Game-of-the-Goose record.
type gooseGame struct {
	replay
	r       *Goose
	players []string
	s       *GooseState
}

// checkGoose replays a Goose record: players from the Players tag, in
// playing order; the first throw's player starts.
func checkGoose(rec *notation.Record, v *variants.Variant, rep *referee.Report, noFixes bool) {
	r, rp, ok := newRules(rec, v, rep, NewGoose)
	if !ok {
		return
	}
	rp.noFixes = noFixes
	players, ok := countedPlayers(rec, v, rep)
	if !ok {
		return
	}
	g := &gooseGame{replay: rp, r: r, players: players}
	g.s = r.Start(len(g.players))
	if !setupTag(rec, rep, g.setup) {
		return
	}
	if i := g.player(firstMover(rec)); i >= 0 {
		g.s.Turn = i
	}
	g.run()
}

// setup reads a position in the form FinalFEN writes: "Anna 12, Bram 31
// waiting, Cees 19 misses 1" (every player; a pawn off 0 has thrown).
func (g *gooseGame) setup(fen string) error {
	seen := map[int]bool{}
	for _, part := range strings.Split(fen, ",") {
		f := strings.Fields(part)
		if len(f) < 2 {
			return fmt.Errorf("%q: want a player and a square", part)
		}
		i := g.player(f[0])
		n, err := strconv.Atoi(f[1])
		if i < 0 || err != nil || n < 0 || n > g.r.G.Last {
			return fmt.Errorf("%q: not a player and a square 0-%d", part, g.r.G.Last)
		}
		g.s.Square[i], g.s.Started[i], seen[i] = n, n != 0, true
		switch {
		case len(f) == 3 && f[2] == "waiting":
			g.s.Waiting[i] = true
		case len(f) == 4 && f[2] == "misses":
			g.s.Miss[i], _ = strconv.Atoi(f[3])
		case len(f) != 2:
			return fmt.Errorf("%q: after the square, \"waiting\" or \"misses N\"", part)
		}
	}
	if len(seen) != len(g.players) {
		return fmt.Errorf("every player's square is needed")
	}
	return nil
}

func (g *gooseGame) player(name string) int {
	for i, p := range g.players {
		if sameName(p, name) {
			return i
		}
	}
	return -1
}

func (g *gooseGame) position() string {
	var parts []string
	for i, p := range g.players {
		st := ""
		switch {
		case g.s.Waiting[i]:
			st = " waiting"
		case g.s.Miss[i] > 0:
			st = fmt.Sprintf(" misses %d", g.s.Miss[i])
		}
		parts = append(parts, fmt.Sprintf("%s %d%s", p, g.s.Square[i], st))
	}
	return strings.Join(parts, ", ")
}

func gooseMoveText(dice []int, m GooseMove) string {
	mt := racenot.MoveText{Dice: dice, From: m.From, Path: m.Path, Pays: -1}
	if m.Pay > 0 {
		mt.Pays = m.Pay
	}
	return mt.String()
}

func (g *gooseGame) run() {
	g.filmStart()
	replayThrows(g, g.rec.Moves, g.rep, g.noFixes)
	g.rep.Plies = g.s.Throws
	g.rep.FinalFEN = g.position()
	g.judge()
}

// throw replays one written throw: played, or wrong (said, unless quiet),
// or after the end of the game.
func (g *gooseGame) throw(m *notation.Move, quiet bool) throwResult {
	if m.Number > 0 {
		g.round = m.Number
	}
	fail := func(code, msg string, legal []string) {
		if !quiet {
			raceDiag(g.rep, m, g.round, notation.Error, code, msg, legal, g.position(), strings.ReplaceAll(g.position(), ", ", "\n"))
		}
	}
	if g.s.Winner >= 0 {
		fail("after-end", fmt.Sprintf("throw written after the game was over (%s reached %d)", g.players[g.s.Winner], g.r.G.Last), nil)
		return throwAfterEnd
	}
	if g.s.Turn < 0 {
		fail("after-end", "throw written when every pawn waits in a well or prison: nobody can throw", nil)
		return throwAfterEnd
	}
	mt, err := racenot.ParseMove(m.Text)
	if err != nil {
		return throwAfterEnd // (reported by the reader)
	}
	me := g.s.Turn
	if mt.Player != "" && g.player(mt.Player) != me {
		why := ""
		if p := g.player(mt.Player); p >= 0 && g.s.Waiting[p] {
			why = fmt.Sprintf(" (%s waits on %d until another pawn arrives)", mt.Player, g.s.Square[p])
		} else if p >= 0 && g.s.Miss[p] > 0 {
			why = fmt.Sprintf(" (%s misses a turn)", mt.Player)
		} else if r := g.last.passedOn(SectionOf(g.v), p); r != "" {
			why = " (" + r + ")"
		}
		fail("turn", fmt.Sprintf("%s is not to throw: it is %s's turn%s", mt.Player, g.players[me], why), nil)
		return throwWrong
	}
	if why := notAThrow(SectionOf(g.v), mt.Dice); why != "" {
		fail("roll", fmt.Sprintf("%v ", mt.Dice)+why, nil)
		return throwWrong
	}
	choices := g.r.Choices(g.s, mt.Dice)
	mv := choices[0]
	var legal []string
	for _, c := range choices {
		legal = append(legal, gooseMoveText(mt.Dice, c))
	}
	if mt.Pass {
		fail("must-move", "a throw always moves the pawn here", legal)
		return throwWrong
	}
	if mt.FromBase || mt.From != mv.From {
		fail("illegal", fmt.Sprintf("%s's pawn is on %d, not %s", g.players[me], mv.From, strconv.Itoa(mt.From)), legal)
		return throwWrong
	}
	if mt.Capture {
		fail("consequence", "nothing is captured in the Game of the Goose", legal)
		return throwWrong
	}
	chosen, why, assumed := g.choose(mt, choices)
	if why != "" {
		fail("consequence", why, legal)
		return throwWrong
	}
	if assumed != "" && !quiet {
		raceDiag(g.rep, m, g.round, notation.Warning, "assumed", assumed, legal, g.position(), strings.ReplaceAll(g.position(), ", ", "\n"))
	}
	g.last = lastThrow{player: me, d: mt.Sum()}
	g.r.Play(g.s, chosen)
	if !quiet {
		g.frame(m, chosen)
	}
	return throwPlayed
}

// choose matches the written path and payment with the throw's choices
// (Choices: the common play first). A record that leaves out whether the
// pawn moved on from a goose, where that is the player's choice, is read
// as the common play, moving on: assumed says so. The bridge's choice
// must be written (by the squares or the payment).
func (g *gooseGame) choose(mt racenot.MoveText, choices []GooseMove) (chosen GooseMove, why, assumed string) {
	fits := func(c GooseMove) bool {
		return (len(mt.Path) == 0 || slices.Equal(mt.Path, c.Path)) && (mt.Pays < 0 || mt.Pays == c.Pay)
	}
	var fit []GooseMove
	for _, c := range choices {
		if fits(c) {
			fit = append(fit, c)
		}
	}
	mv := choices[0]
	if len(fit) == 0 {
		if len(mt.Path) > 0 && !slices.ContainsFunc(choices, func(c GooseMove) bool { return slices.Equal(mt.Path, c.Path) }) {
			return mv, fmt.Sprintf("the pawn goes %s, not %s", choiceList(choices), pathText(GooseMove{From: mv.From, Path: mt.Path})), ""
		}
		return mv, fmt.Sprintf("the pawn pays %d, not %d", mv.Pay, mt.Pays), ""
	}
	chosen = fit[0]
	var geese []string
	var stay GooseMove
	for _, f := range fit[1:] {
		if f.Stay == chosen.Stay {
			// The two ways of the bridge, both fitting what is written.
			return chosen, fmt.Sprintf("the %s is a choice: write which (%s, or %s)", chosen.Special, pathText(chosen), pathText(f)), ""
		}
		geese = append([]string{strconv.Itoa(f.Stay)}, geese...)
		stay = f
	}
	switch {
	case len(geese) == 1:
		assumed = fmt.Sprintf("the record does not say whether the pawn moved on from the goose on %s: read as moving on, the common play (%s); staying is written %s (goose_forward: may)",
			geese[0], pathText(chosen), pathText(stay))
	case len(geese) > 1:
		assumed = fmt.Sprintf("the record does not say whether the pawn moved on from the geese on %s: read as moving on from each, the common play (%s); staying on one is written with the squares up to it (%s stays on %d; goose_forward: may)",
			strings.Join(geese, ", "), pathText(chosen), pathText(stay), stay.Stay)
	}
	return chosen, "", assumed
}

// choiceList writes the paths of a throw's choices: "50/54>58>0 or 50/54".
func choiceList(choices []GooseMove) string {
	var out []string
	for _, c := range choices {
		if t := pathText(c); !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return strings.Join(out, " or ")
}

func pathText(m GooseMove) string {
	var s []string
	for _, p := range m.Path {
		s = append(s, strconv.Itoa(p))
	}
	return fmt.Sprintf("%d/%s", m.From, strings.Join(s, ">"))
}

func (g *gooseGame) judge() {
	res := &g.rep.Result
	stake := 0
	if t, ok := g.rec.Tag("Stake"); ok {
		stake, _ = strconv.Atoi(strings.TrimSpace(t))
	}
	// Purse: the counters each player had left after the stake; a pawn
	// that cannot pay plays on (debt: play) and its debt is reported.
	purse := -1
	if t, ok := g.rec.Tag("Purse"); ok {
		if n, err := strconv.Atoi(strings.TrimSpace(t)); err == nil && n >= 0 {
			purse = n
		}
	}
	pot := stake * len(g.players)
	var pays []string
	for i, p := range g.players {
		pot += g.s.Paid[i]
		debt := ""
		if purse >= 0 && g.s.Paid[i] > purse {
			debt = fmt.Sprintf(" (could not pay %d: a debt)", g.s.Paid[i]-purse)
		}
		pays = append(pays, fmt.Sprintf("%s on %d paid %d%s", p, g.s.Square[i], g.s.Paid[i], debt))
	}
	money := fmt.Sprintf("%s; pot %d", strings.Join(pays, ", "), pot)
	switch {
	case g.s.Winner >= 0:
		res.Derived = g.players[g.s.Winner]
		res.Reason = fmt.Sprintf("%s reached %d and takes the pot; %s", res.Derived, g.r.G.Last, money)
	case g.s.Turn < 0:
		res.Reason = "every pawn waits in a well or prison: nobody can win; " + money
	default:
		res.Reason = "game not finished; " + money
	}
	judgeWinner(g.rec, g.rep, g.s.Winner, g.player, func(i int) string { return g.players[i] })
}

// simulateGoose plays one random game (the bridge's choice at random).
func simulateGoose(w io.Writer, v *variants.Variant, players int, rng *rand.Rand) error {
	r, err := NewGoose(v)
	if err != nil {
		return err
	}
	names := []string{"Anna", "Bram", "Cees", "Dirk", "Eva", "Fien", "Gijs", "Hans"}
	for len(names) < players {
		names = append(names, fmt.Sprintf("P%d", len(names)+1))
	}
	names = names[:players]
	s := r.Start(players)
	s.Turn = rng.IntN(players)
	var b, body strings.Builder
	raceTag(&b, "Game", v.Game)
	raceTag(&b, "Variant", v.Name)
	raceTag(&b, "Players", strings.Join(names, ", "))
	raceTag(&b, "Stake", "20")
	round, last := 0, players
	for s.Winner < 0 && s.Turn >= 0 && s.Throws < 5000 {
		if s.Turn <= last {
			round++
			if round > 1 {
				body.WriteString("\n")
			}
			fmt.Fprintf(&body, "%d.", round)
		} else {
			body.WriteString(" ")
		}
		last = s.Turn
		dice := roll(rng, SectionOf(v))
		// The common play half the time, else another choice (staying on a
		// goose, the bridge's other way); rng is drawn as before when there
		// is one other choice, so the old seeds give the old games.
		choices := r.Choices(s, dice)
		mv := choices[0]
		if len(choices) > 1 && rng.IntN(2) == 0 {
			mv = choices[1]
			if len(choices) > 2 {
				mv = choices[1+rng.IntN(len(choices)-1)]
			}
		}
		fmt.Fprintf(&body, " %s %s", names[s.Turn], gooseMoveText(dice, mv))
		r.Play(s, mv)
	}
	if s.Winner >= 0 {
		raceTag(&b, "Result", names[s.Winner])
	}
	b.WriteString("\n" + body.String() + " *\n\n")
	_, err = io.WriteString(w, b.String())
	return err
}
