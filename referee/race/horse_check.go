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

// horseGame is one replay of a horse-race record.
type horseGame struct {
	replay
	r       *Horse
	players []string
	s       *HorseState
}

// checkHorse replays a horse-race record: players from the Players tag,
// each running Horses horses (tag, default 1); the first throw's player
// starts; then the finishing order.
func checkHorse(rec *notation.Record, v *variants.Variant, rep *referee.Report, noFixes bool) {
	r, rp, ok := newRules(rec, v, rep, NewHorse)
	if !ok {
		return
	}
	rp.noFixes = noFixes
	players, ok := countedPlayers(rec, v, rep)
	if !ok {
		return
	}
	g := &horseGame{replay: rp, r: r, players: players}
	horses := 1
	if t, ok := rec.TagPos("Horses"); ok {
		var err error
		if horses, err = strconv.Atoi(strings.TrimSpace(t.Value)); err != nil || horses < 1 || horses > 6 {
			rep.ErrorAt(t.Pos, "players", "Horses tag: the number of horses each player runs, 1 to 6")
			return
		}
	}
	g.s = r.Start(len(g.players), horses, max(g.player(firstMover(rec)), 0))
	if !setupTag(rec, rep, func(fen string) error { return g.setup(fen, horses) }) {
		return
	}
	g.run()
}

// setup reads a position in the form FinalFEN writes: every horse as its
// player and square, then "waiting", "misses N", "half", "out" or
// "finished N": "Anna 12, Bram 34 waiting, Bram 81 finished 1".
func (g *horseGame) setup(fen string, horses int) error {
	next := make([]int, len(g.players))
	var hs []Runner
	for p := range g.players {
		for i := 0; i < horses; i++ {
			hs = append(hs, Runner{Owner: p})
		}
	}
	placed, winner := 0, -1
	for _, part := range strings.Split(fen, ",") {
		name, r, err := parseRunner(part)
		if err != nil {
			return err
		}
		p := g.player(name)
		if p < 0 || next[p] >= horses {
			return fmt.Errorf("%q: not a player with a horse left and a square", part)
		}
		r.Owner = p
		hs[p*horses+next[p]] = r
		next[p]++
		if r.Place > 0 {
			placed = max(placed, r.Place)
			if r.Place == 1 {
				winner = p
			}
		}
	}
	for p, n := range next {
		if n != horses {
			return fmt.Errorf("%s has %d horses, not %d", g.players[p], horses, n)
		}
	}
	g.s.Horses, g.s.Placed, g.s.Winner = hs, placed, winner
	return nil
}

func (g *horseGame) player(name string) int {
	for i, p := range g.players {
		if sameName(p, name) {
			return i
		}
	}
	return -1
}

func (g *horseGame) position() string {
	var parts []string
	for _, h := range g.s.Horses {
		st := ""
		switch {
		case h.Place > 0:
			st = fmt.Sprintf(" finished %d", h.Place)
		case h.Out:
			st = " out"
		case h.Wait:
			st = " waiting"
		case h.Miss > 0:
			st = fmt.Sprintf(" misses %d", h.Miss)
		case h.Half:
			st = " half"
		}
		parts = append(parts, fmt.Sprintf("%s %d%s", g.players[h.Owner], h.Square, st))
	}
	return strings.Join(parts, ", ")
}

func horseMoveText(dice []int, m HorseMove) string {
	mt := racenot.MoveText{Dice: dice, From: m.From, Path: m.Path, Pays: -1}
	if m.Horse < 0 {
		mt = racenot.MoveText{Dice: dice, Pass: true, Pays: -1}
	}
	return mt.String()
}

func (g *horseGame) run() {
	g.filmStart()
	replayThrows(g, g.rec.Moves, g.rep, g.noFixes)
	g.rep.Plies = g.s.Throws
	g.rep.FinalFEN = g.position()
	g.judge()
}

// throw replays one written throw: played, or wrong (said, unless quiet),
// or after the end of the race.
func (g *horseGame) throw(m *notation.Move, quiet bool) throwResult {
	if m.Number > 0 {
		g.round = m.Number
	}
	fail := func(code, msg string, legal []string) {
		if !quiet {
			raceDiag(g.rep, m, g.round, notation.Error, code, msg, legal, g.position(), strings.ReplaceAll(g.position(), ", ", "\n"))
		}
	}
	if g.s.Over {
		fail("after-end", "throw written after the race was over", nil)
		return throwAfterEnd
	}
	mt, err := racenot.ParseMove(m.Text)
	if err != nil {
		return throwAfterEnd // (reported by the reader)
	}
	me := g.s.Turn
	if p := g.player(mt.Player); mt.Player != "" && p != me {
		fail("turn", fmt.Sprintf("%s is not to throw: it is %s's turn (%s)", mt.Player, g.players[me], g.turnWhy(p, me)), nil)
		return throwWrong
	}
	if why := notAThrow(SectionOf(g.v), mt.Dice); why != "" {
		fail("roll", fmt.Sprintf("%v ", mt.Dice)+why, nil)
		return throwWrong
	}
	d := mt.Sum()
	opts := g.r.Options(g.s, d)
	var legal []string
	for _, o := range opts {
		legal = append(legal, horseMoveText(mt.Dice, o))
	}
	pass := HorseMove{Horse: -1}
	if mt.Pass {
		if slices.ContainsFunc(opts, func(o HorseMove) bool { return o.Steps > 0 }) {
			fail("must-move", fmt.Sprintf("a %d moves a horse here: a move is compulsory", d), legal)
			return throwWrong
		}
		if len(opts) > 0 {
			// A halved 1 moves the horse in the mud nowhere ("-"), and
			// spends its penalty all the same.
			pass = opts[0]
		}
		g.last = lastThrow{player: me, d: d, extra: g.s.Extra}
		g.r.Play(g.s, d, pass)
		if !quiet {
			g.frame(m, pass)
		}
		return throwPlayed
	}
	if mt.Capture || mt.Pays >= 0 || mt.FromBase {
		fail("illegal", "nothing is captured or paid in the horse race; horses start on 0", legal)
		return throwWrong
	}
	k := slices.IndexFunc(opts, func(o HorseMove) bool { return o.From == mt.From })
	if k < 0 {
		why := fmt.Sprintf("no horse of %s can move from %d", g.players[me], mt.From)
		for i, h := range g.s.Horses {
			if h.Owner == me && h.Square == mt.From && h.Racing() {
				switch {
				case h.Resting || h.Miss > 0:
					why = fmt.Sprintf("%s's horse on %d misses this turn", g.players[me], mt.From)
				case h.Wait:
					why = fmt.Sprintf("%s's horse on %d waits until every other horse has passed it", g.players[me], mt.From)
				default:
					_ = i
					why = fmt.Sprintf("%s's horse on %d would go past the finish: an exact throw is needed", g.players[me], mt.From)
				}
			}
		}
		fail("illegal", why, legal)
		return throwWrong
	}
	o := opts[k]
	if len(mt.Path) > 0 && !slices.Equal(mt.Path, o.Path) {
		fail("consequence", fmt.Sprintf("with a %d the horse goes %s, not %s", d, horsePath(o.From, o.Path), horsePath(mt.From, mt.Path)), legal)
		return throwWrong
	}
	g.last = lastThrow{player: me, d: d, extra: g.s.Extra}
	g.r.Play(g.s, d, o)
	if !quiet {
		g.frame(m, o)
	}
	return throwPlayed
}

// turnWhy says why player p (-1: no player of the race) is not to throw
// when it is me's turn.
func (g *horseGame) turnWhy(p, me int) string {
	if why := g.last.passedOn(SectionOf(g.v), p); why != "" {
		return why
	}
	if g.last.player == me && g.s.Extra > 0 {
		return fmt.Sprintf("%s's %d gives another throw", g.players[me], g.last.d)
	}
	if p >= 0 {
		for _, h := range g.s.Horses {
			if h.Owner == p && h.Racing() && (h.Miss > 0 || h.Resting) {
				return fmt.Sprintf("%s's horse on %d misses a turn", g.players[p], h.Square)
			}
		}
	}
	return "horses that miss a turn or wait are passed over; a 3 throws again"
}

func horsePath(from int, path []int) string {
	var s []string
	for _, p := range path {
		s = append(s, strconv.Itoa(p))
	}
	return fmt.Sprintf("%d/%s", from, strings.Join(s, ">"))
}

// order is the finishing order: places, then the horses still racing by
// square, then the horses out.
func (g *horseGame) order() string {
	idx := make([]int, len(g.s.Horses))
	for i := range idx {
		idx[i] = i
	}
	rank := func(h Runner) int {
		switch {
		case h.Place > 0:
			return h.Place
		case h.Out:
			return 1 << 20
		}
		return 1<<10 - h.Square
	}
	slices.SortStableFunc(idx, func(a, b int) int { return rank(g.s.Horses[a]) - rank(g.s.Horses[b]) })
	var out []string
	for n, i := range idx {
		h := g.s.Horses[i]
		st := ""
		switch {
		case h.Out:
			st = " (out at " + strconv.Itoa(h.Square) + ")"
		case h.Place == 0:
			st = " (racing, on " + strconv.Itoa(h.Square) + ")"
		}
		out = append(out, fmt.Sprintf("%d. %s%s", n+1, g.players[h.Owner], st))
	}
	return strings.Join(out, ", ")
}

func (g *horseGame) judge() {
	res := &g.rep.Result
	switch {
	case g.s.Winner >= 0:
		res.Derived = g.players[g.s.Winner]
		res.Reason = fmt.Sprintf("%s's horse passed %d first; finishing order: %s", res.Derived, g.r.H.Finish, g.order())
	default:
		res.Reason = "race not finished; order: " + g.order()
	}
	judgeWinner(g.rec, g.rep, g.s.Winner, g.player, func(i int) string { return g.players[i] })
}

// simulateHorse plays one random race, one horse each (two each for two
// players).
func simulateHorse(w io.Writer, v *variants.Variant, players int, rng *rand.Rand) error {
	r, err := NewHorse(v)
	if err != nil {
		return err
	}
	names := []string{"Anna", "Bram", "Cees", "Dirk", "Eva", "Fien"}
	for len(names) < players {
		names = append(names, fmt.Sprintf("P%d", len(names)+1))
	}
	names = names[:players]
	horses := 1
	if players == 2 {
		horses = 2
	}
	s := r.Start(players, horses, rng.IntN(players))
	var b, body strings.Builder
	raceTag(&b, "Game", v.Game)
	raceTag(&b, "Variant", v.Name)
	raceTag(&b, "Players", strings.Join(names, ", "))
	if horses > 1 {
		raceTag(&b, "Horses", strconv.Itoa(horses))
	}
	round, last, newTurn := 0, players, true
	for !s.Over && s.Throws < 5000 {
		if newTurn {
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
			fmt.Fprintf(&body, " %s", names[s.Turn])
		}
		turn := s.Turn
		dice := roll(rng, SectionOf(v))
		opts := r.Options(s, dice[0])
		m := HorseMove{Horse: -1}
		if len(opts) > 0 {
			m = opts[rng.IntN(len(opts))]
		}
		fmt.Fprintf(&body, " %s", horseMoveText(dice, m))
		r.Play(s, dice[0], m)
		newTurn = s.Turn != turn || s.Extra == 0
	}
	if s.Winner >= 0 {
		raceTag(&b, "Result", names[s.Winner])
	}
	b.WriteString("\n" + body.String() + " *\n\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// parseRunner reads one horse of a position: its player and square, then
// "waiting", "misses N", "half", "out" or "finished N" ("Bram 81 finished
// 1"). The Owner is left for the caller, who knows the players.
func parseRunner(part string) (player string, h Runner, err error) {
	f := strings.Fields(part)
	if len(f) < 2 {
		return "", h, fmt.Errorf("%q: want a player and a square", part)
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 0 {
		return "", h, fmt.Errorf("%q: not a player and a square", part)
	}
	h.Square = n
	k := 0
	if len(f) == 4 {
		k, err = strconv.Atoi(f[3])
	}
	switch {
	case len(f) == 2:
	case len(f) == 3 && f[2] == "waiting":
		h.Wait = true
	case len(f) == 3 && f[2] == "half":
		h.Half = true
	case len(f) == 3 && f[2] == "out":
		h.Out = true
	case len(f) == 4 && f[2] == "misses" && err == nil:
		h.Miss = k
	case len(f) == 4 && f[2] == "finished" && err == nil && k > 0:
		h.Place = k
	default:
		return "", h, fmt.Errorf("%q: after the square, waiting, half, out, misses N or finished N", part)
	}
	return f[0], h, nil
}
