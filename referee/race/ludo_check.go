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

// ludoGame is one replay of a Ludo-family record.
type ludoGame struct {
	replay
	r     *Ludo
	names []string // player name per board colour ("" when not in play)
	s     *State
}

// checkLudo replays a Ludo-family record: the players are the colour tags
// ([Red "Anna"]); each throw is checked for its turn, its dice, the move
// written and its consequences; then the result.
func checkLudo(rec *notation.Record, v *variants.Variant, rep *referee.Report, noFixes bool) {
	r, rp, ok := newRules(rec, v, rep, NewLudo)
	if !ok {
		return
	}
	rp.noFixes = noFixes
	g := &ludoGame{replay: rp, r: r, names: make([]string, len(SectionOf(v).Colours))}
	var playing []int
	for c, col := range SectionOf(v).Colours {
		if name, ok := rec.Tag(col.Name); ok {
			g.names[c] = strings.TrimSpace(name)
			playing = append(playing, c)
		}
	}
	if len(playing) < 2 || len(playing) > SectionOf(v).MaxPlayers {
		var cols []string
		for _, c := range SectionOf(v).Colours {
			cols = append(cols, c.Name)
		}
		rep.Errorf(rec.Pos, "players", "%s needs 2 to %d colours in play, each named by a tag (%s): this record has %d",
			v.Name, SectionOf(v).MaxPlayers, strings.Join(cols, ", "), len(playing))
		return
	}
	g.s = r.Start(playing)
	if !setupTag(rec, rep, g.setup) {
		return
	}
	// The first throw's player starts (the roll for the start is not recorded).
	if _, fen := rec.TagPos("FEN"); !fen {
		if first := firstMover(rec); first != "" {
			for i, c := range playing {
				if g.is(c, first) {
					g.s.Turn = i
					break
				}
			}
		}
	}
	g.run()
}

// setup reads a position in the form FinalFEN writes: for each colour in
// play its letter and its pieces' squares (B for the base), then the
// letter of the colour to throw: "R:B,B,7,41 Y:B,B,B,12 R".
func (g *ludoGame) setup(fen string) error {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return fmt.Errorf("%q: want the colours' pieces then the colour to throw", fen)
	}
	set := map[int]bool{}
	for _, part := range f[:len(f)-1] {
		letter, list, ok := strings.Cut(part, ":")
		c := g.letter(letter)
		if !ok || c < 0 || g.names[c] == "" {
			return fmt.Errorf("%q: not a colour in play", part)
		}
		sq := strings.Split(list, ",")
		if len(sq) != g.r.L.Pieces {
			return fmt.Errorf("%q: %d pieces, not %d", part, len(sq), g.r.L.Pieces)
		}
		for i, x := range sq {
			if x == "B" {
				g.s.Pieces[c][i] = Base
				continue
			}
			n, err := strconv.Atoi(x)
			if err != nil || n < 1 || n > g.r.Stable {
				return fmt.Errorf("%q: no square %q (1 to %d, or B)", part, x, g.r.Stable)
			}
			g.s.Pieces[c][i] = n
		}
		set[c] = true
	}
	for i, c := range g.s.Playing {
		if !set[c] {
			return fmt.Errorf("no pieces given for %s", SectionOf(g.v).Colours[c].Name)
		}
		if SectionOf(g.v).Colours[c].Letter == f[len(f)-1] {
			g.s.Turn = i
			return nil
		}
	}
	return fmt.Errorf("%q is not a colour in play", f[len(f)-1])
}

func (g *ludoGame) letter(l string) int {
	for c, col := range SectionOf(g.v).Colours {
		if col.Letter == l {
			return c
		}
	}
	return -1
}

// is says whether a written player names board colour c: its letter, its
// name or its player's name.
func (g *ludoGame) is(c int, who string) bool {
	col := SectionOf(g.v).Colours[c]
	return who == col.Letter || sameName(who, col.Name) || g.names[c] != "" && sameName(who, g.names[c])
}

func (g *ludoGame) colour(c int) string {
	col := SectionOf(g.v).Colours[c]
	if g.names[c] != "" && g.names[c] != "?" {
		return fmt.Sprintf("%s (%s)", col.Name, g.names[c])
	}
	return col.Name
}

// square writes a position as records do: B for the base.
func square(p int) string {
	if p == Base {
		return "B"
	}
	return strconv.Itoa(p)
}

func ludoOptionText(dice []int, o Option) string {
	mt := racenot.MoveText{Dice: dice, Pays: -1}
	if o.Piece < 0 {
		mt.Pass = true
	} else {
		mt.FromBase, mt.From, mt.Path, mt.Capture = o.From == Base, o.From, []int{o.To}, len(o.Captured) > 0
	}
	return strings.TrimPrefix(mt.String(), " ")
}

// FEN-like position: each colour in play, its pieces' squares.
func (g *ludoGame) position() string {
	var parts []string
	for _, c := range g.s.Playing {
		var sq []string
		ps := slices.Clone(g.s.Pieces[c])
		slices.Sort(ps)
		for _, p := range ps {
			sq = append(sq, square(p))
		}
		parts = append(parts, SectionOf(g.v).Colours[c].Letter+":"+strings.Join(sq, ","))
	}
	return strings.Join(parts, " ") + " " + SectionOf(g.v).Colours[g.s.Colour()].Letter
}

func (g *ludoGame) board() string {
	var b strings.Builder
	for _, c := range g.s.Playing {
		var sq []string
		for _, p := range g.s.Pieces[c] {
			sq = append(sq, square(p))
		}
		fmt.Fprintf(&b, "%-8s %s\n", SectionOf(g.v).Colours[c].Name, strings.Join(sq, " "))
	}
	fmt.Fprintf(&b, "%s to throw", SectionOf(g.v).Colours[g.s.Colour()].Name)
	return b.String()
}

func (g *ludoGame) run() {
	g.filmStart()
	replayThrows(g, g.rec.Moves, g.rep, g.noFixes)
	g.rep.Plies = g.s.Throws
	g.rep.FinalFEN = g.position()
	g.judge()
}

// throw replays one written throw: played, or wrong (said, unless quiet),
// or after the end of the game.
func (g *ludoGame) throw(m *notation.Move, quiet bool) throwResult {
	if m.Number > 0 {
		g.round = m.Number
	}
	fail := func(code, msg string, legal []string) {
		if !quiet {
			raceDiag(g.rep, m, g.round, notation.Error, code, msg, legal, g.position(), g.board())
		}
	}
	if g.s.Winner >= 0 {
		fail("after-end", fmt.Sprintf("throw written after the game was over (%s has all pieces home)", g.colour(g.s.Winner)), nil)
		return throwAfterEnd
	}
	mt, err := racenot.ParseMove(m.Text)
	if err != nil {
		return throwAfterEnd // (reported by the reader)
	}
	c := g.s.Colour()
	if mt.Player != "" && !g.is(c, mt.Player) {
		why := "throws again"
		if g.s.Extra == 0 {
			why = "is to throw"
		}
		if g.last.player == c && g.s.Extra > 0 {
			why += fmt.Sprintf(" (a %d gives another throw)", g.last.d)
		}
		for _, w := range g.s.Playing {
			if r := g.last.passedOn(SectionOf(g.v), w); r != "" && g.is(w, mt.Player) {
				why += " (" + r + ")"
			}
		}
		fail("turn", fmt.Sprintf("%s is not to throw: %s %s", mt.Player, g.colour(c), why), nil)
		return throwWrong
	}
	if why := notAThrow(SectionOf(g.v), mt.Dice); why != "" {
		fail("roll", strings.TrimSpace(m.Text[:strings.IndexByte(m.Text, ':')])+" "+why, nil)
		return throwWrong
	}
	if mt.Pays >= 0 {
		fail("illegal", "nothing is paid in this game", nil)
		return throwWrong
	}
	d := mt.Sum()
	opts := g.r.Options(g.s, d)
	var legal []string
	if !quiet {
		legal = make([]string, len(opts))
		for i, o := range opts {
			legal[i] = ludoOptionText(mt.Dice, o)
		}
	}
	o, code, why := g.match(mt, d, opts)
	if why != "" {
		fail(code, why, legal)
		return throwWrong
	}
	g.last = lastThrow{player: c, d: d, extra: g.s.Extra}
	g.r.Play(g.s, d, o)
	if !quiet {
		g.frame(m, c, o)
	}
	return throwPlayed
}

// match finds the option a written throw means, or says why none fits.
func (g *ludoGame) match(mt racenot.MoveText, d int, opts []Option) (Option, string, string) {
	if mt.Pass {
		if len(opts) > 0 {
			return Pass, "must-move", fmt.Sprintf("a %d moves a piece here: a move is compulsory", d)
		}
		return Pass, "", ""
	}
	from := mt.From
	if mt.FromBase {
		from = Base
	}
	for _, o := range opts {
		if o.From != from {
			continue
		}
		if len(mt.Path) > 1 {
			return o, "consequence", "one square after / in this game: where the piece lands"
		}
		if len(mt.Path) == 1 && mt.Path[0] != o.To {
			return o, "consequence", fmt.Sprintf("with a %d the piece on %s lands on %d, not %d", d, square(from), o.To, mt.Path[0])
		}
		if mt.Capture && len(o.Captured) == 0 {
			return o, "consequence", fmt.Sprintf("%s captures nothing (square %d is free)", square(from), o.To)
		}
		return o, "", ""
	}
	if len(opts) == 0 {
		return Pass, "illegal", fmt.Sprintf("%s cannot move: %s; no piece can move with a %d (write -)", square(from), g.r.WhyNot(g.s, d, from), d)
	}
	return Pass, "illegal", fmt.Sprintf("%s cannot move with a %d: %s", square(from), d, g.r.WhyNot(g.s, d, from))
}

// judge derives the result and compares the Result tag with it.
func (g *ludoGame) judge() {
	res := &g.rep.Result
	var stand []string
	order := slices.Clone(g.s.Playing)
	slices.SortStableFunc(order, func(a, b int) int {
		if ha, hb := g.r.Home(g.s, a), g.r.Home(g.s, b); ha != hb {
			return hb - ha
		}
		return g.r.Progress(g.s, b) - g.r.Progress(g.s, a)
	})
	for _, c := range order {
		stand = append(stand, fmt.Sprintf("%s %d home", g.colour(c), g.r.Home(g.s, c)))
	}
	if g.s.Winner >= 0 {
		res.Derived = SectionOf(g.v).Colours[g.s.Winner].Name
		res.Reason = fmt.Sprintf("%s has all %d pieces home; standings: %s", g.colour(g.s.Winner), g.r.L.Pieces, strings.Join(stand, ", "))
	} else {
		res.Reason = "game not finished; standings: " + strings.Join(stand, ", ")
	}
	who := func(text string) int {
		for _, c := range g.s.Playing {
			if g.is(c, text) {
				return c
			}
		}
		return -1
	}
	judgeWinner(g.rec, g.rep, g.s.Winner, who, g.colour)
}

// simulateLudo plays one random game; players colours spread round the board.
func simulateLudo(w io.Writer, v *variants.Variant, players int, rng *rand.Rand) error {
	r, err := NewLudo(v)
	if err != nil {
		return err
	}
	n := len(SectionOf(v).Colours)
	var playing []int
	for i := 0; i < players; i++ {
		playing = append(playing, i*n/players)
	}
	s := r.Start(playing)
	s.Turn = rng.IntN(players)
	var b strings.Builder
	raceTag(&b, "Game", v.Game)
	raceTag(&b, "Variant", v.Name)
	for i, c := range playing {
		raceTag(&b, SectionOf(v).Colours[c].Name, fmt.Sprintf("Player %d", i+1))
	}
	var body strings.Builder
	round, first := 0, s.Turn
	newTurn := true
	const maxThrows = 20000
	for s.Winner < 0 && s.Throws < maxThrows {
		c := s.Colour()
		if newTurn {
			if s.Turn == first {
				round++
				if round > 1 {
					body.WriteString("\n")
				}
				fmt.Fprintf(&body, "%d.", round)
			} else {
				body.WriteString(" ")
			}
			fmt.Fprintf(&body, " %s", SectionOf(v).Colours[c].Letter)
		}
		dice := roll(rng, SectionOf(v))
		d := 0
		for _, x := range dice {
			d += x
		}
		opts := r.Options(s, d)
		o := Pass
		// A random player, but not one that counts its own pieces back
		// out of their home when it has another move (ne-t-en-fais-pas
		// allows it; games would last thousands of throws).
		if k := slices.DeleteFunc(slices.Clone(opts), func(o Option) bool { return o.From > r.Track && o.To <= r.Track }); len(k) > 0 {
			opts = k
		}
		if len(opts) > 0 {
			o = opts[rng.IntN(len(opts))]
		}
		fmt.Fprintf(&body, " %s", ludoOptionText(dice, o))
		newTurn = !r.Play(s, d, o)
	}
	if s.Winner >= 0 {
		raceTag(&b, "Result", SectionOf(v).Colours[s.Winner].Name)
	}
	b.WriteString("\n")
	b.WriteString(body.String())
	b.WriteString(" *\n\n")
	_, err = io.WriteString(w, b.String())
	return err
}
