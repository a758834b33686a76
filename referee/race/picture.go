package race

import (
	"fmt"

	"arbiter/notation"
	racenot "arbiter/notation/race"
	"arbiter/referee"
	"arbiter/referee/picture"
	"arbiter/variants"
)

// Scene draws a race board. Goose and horse-race boards carry their
// players' pawns, so they are drawn from a position naming them (fen);
// Ludo's from the colours of the variant. A race move needs its throw, so
// a scene plays none: pictures of a game come from its film.
func (family) Scene(v *variants.Variant, fen string) (*referee.Scene, error) {
	noPlay := func(string, string) (picture.Position, picture.Marks, error) {
		return picture.Position{}, picture.Marks{}, fmt.Errorf("a race game's move needs its throw: draw a position of a record instead")
	}
	noCells := func(string) ([]int, []int) { return nil, nil }
	switch s := SectionOf(v); {
	case s != nil && s.Ludo != nil:
		r, err := NewLudo(v)
		if err != nil {
			return nil, err
		}
		sc := &referee.Scene{Board: r.Diagram(nil), Play: noPlay, Cells: noCells}
		sc.Position = func(fen string) (picture.Position, error) {
			if fen == "" {
				all := make([]int, len(s.Colours))
				for i := range all {
					all[i] = i
				}
				return r.Picture(r.Start(all)), nil
			}
			st, err := r.ParsePosition(fen)
			if err != nil {
				return picture.Position{}, err
			}
			return r.Picture(st), nil
		}
		return sc, nil
	case s != nil && s.Goose != nil:
		r, err := NewGoose(v)
		if err != nil {
			return nil, err
		}
		if fen == "" {
			return nil, fmt.Errorf("a goose board is drawn from a position naming its players, e.g. \"Anna 0, Bram 0\"")
		}
		_, players, err := r.ParsePosition(fen)
		if err != nil {
			return nil, err
		}
		sc := &referee.Scene{Board: r.Diagram(players), Play: noPlay, Cells: noCells}
		sc.Position = func(fen string) (picture.Position, error) {
			st, ps, err := r.ParsePosition(fen)
			if err != nil {
				return picture.Position{}, err
			}
			return r.Picture(st, ps), nil
		}
		return sc, nil
	case s != nil && s.Horse != nil:
		r, err := NewHorse(v)
		if err != nil {
			return nil, err
		}
		if fen == "" {
			return nil, fmt.Errorf("a horse-race board is drawn from a position naming its horses, e.g. \"Anna 0, Bram 0\"")
		}
		_, players, horses, err := r.ParsePosition(fen)
		if err != nil {
			return nil, err
		}
		sc := &referee.Scene{Board: r.Diagram(players, horses), Play: noPlay, Cells: noCells}
		sc.Position = func(fen string) (picture.Position, error) {
			st, ps, n, err := r.ParsePosition(fen)
			if err != nil {
				return picture.Position{}, err
			}
			return r.Picture(st, ps, n), nil
		}
		return sc, nil
	}
	return nil, fmt.Errorf("variant %s has no race rules arbiter can draw", v.Name)
}

// The films: check sets rep.Film to an empty film when asked for one;
// each game gives it its board and start, then a frame per throw.

func (g *ludoGame) filmStart() {
	if f := g.rep.Film; f != nil {
		f.Board, f.Start = g.r.Diagram(g.names), g.r.Picture(g.s)
		f.Cells = g.cells()
	}
}

// cells reads a throw's text for the error board: its squares are counted
// from the start of the colour it names. A legal move as the diagnostics
// list it names no colour: it is the written move's, which the error
// board reads first, so the colour last named is kept.
func (g *ludoGame) cells() func(string) ([]int, []int) {
	colour := -1
	return func(text string) ([]int, []int) {
		mt, err := racenot.ParseMove(text)
		if err != nil || mt.Pass {
			return nil, nil
		}
		if mt.Player != "" {
			colour = -1
			for c := range SectionOf(g.v).Colours {
				if g.is(c, mt.Player) {
					colour = c
					break
				}
			}
		}
		if colour < 0 {
			return nil, nil
		}
		from, to := mt.From, 1
		if mt.FromBase {
			from = Base
		} else {
			to = from + mt.Sum()
		}
		if len(mt.Path) > 0 {
			to = mt.Path[0]
		}
		if from != Base && (from < 1 || from > g.r.Stable) || to < 1 || to > g.r.Stable {
			return nil, nil
		}
		path := []int{g.r.cellOf(colour, 0, from)}
		for p := from + 1; from != Base && p < to; p++ {
			path = append(path, g.r.cellOf(colour, 0, p))
		}
		return append(path, g.r.cellOf(colour, 0, to)), nil
	}
}

func (g *ludoGame) frame(m *notation.Move, colour int, o Option) {
	if g.rep.Film == nil {
		return
	}
	path, captured := g.r.MovePath(g.s, colour, o)
	g.rep.Film.AddFrame(referee.MoveFrame(m, g.r.Picture(g.s), picture.Marks{Path: path, Captured: captured}))
}

func (g *gooseGame) filmStart() {
	if f := g.rep.Film; f != nil {
		f.Board, f.Start = g.r.Diagram(g.players), g.r.Picture(g.s, g.players)
		f.Cells = trackCells(g.r.G.Last)
	}
}

func (g *gooseGame) frame(m *notation.Move, mv GooseMove) {
	if g.rep.Film == nil {
		return
	}
	last := g.r.G.Last
	path := alongTrack(min(max(mv.From, 0), last), mv.Path, last)
	g.rep.Film.AddFrame(referee.MoveFrame(m, g.r.Picture(g.s, g.players), picture.Marks{Path: path}))
}

func (g *horseGame) horses() int { return max(1, len(g.s.Horses)/max(1, len(g.players))) }

func (g *horseGame) filmStart() {
	if f := g.rep.Film; f != nil {
		f.Board, f.Start = g.r.Diagram(g.players, g.horses()), g.r.Picture(g.s, g.players, g.horses())
		f.Cells = trackCells(g.r.H.Finish)
	}
}

func (g *horseGame) frame(m *notation.Move, mv HorseMove) {
	if g.rep.Film == nil {
		return
	}
	var path []int
	if mv.Horse >= 0 {
		path = alongTrack(min(max(mv.From, 0), g.r.H.Finish), mv.Path, g.r.H.Finish)
	}
	g.rep.Film.AddFrame(referee.MoveFrame(m, g.r.Picture(g.s, g.players, g.horses()), picture.Marks{Path: path}))
}

// trackCells reads a throw's text on a track numbered 0 to last (the
// Goose's, the horse race's), for the error board: the square left, the
// squares walked, those the consequences written jump to; a landing
// square left out is the square the dice reach.
func trackCells(last int) func(string) ([]int, []int) {
	return func(text string) ([]int, []int) {
		mt, err := racenot.ParseMove(text)
		if err != nil || mt.Pass || mt.From < 0 || mt.From > last {
			return nil, nil
		}
		to := mt.Path
		if len(to) == 0 {
			to = []int{mt.From + mt.Sum()}
		}
		return alongTrack(mt.From, to, last), nil
	}
}

// alongTrack is a move's path on a numbered track: every square the throw
// walks (from, the first square reached, and those between), then the
// squares its consequences jump to (a goose, a bridge, an obstacle).
func alongTrack(from int, to []int, last int) []int {
	path := []int{from}
	for i, sq := range to {
		sq = min(max(sq, 0), last)
		// The squares walked are drawn only for a throw's length (two dice
		// at most); a move that stays put or jumps further is drawn as is.
		if i == 0 && sq != from && abs(sq-from) <= 2*12 {
			step := 1
			if sq < from {
				step = -1
			}
			for k := from + step; k != sq; k += step {
				path = append(path, k)
			}
		}
		path = append(path, sq)
	}
	return path
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
