package main

import (
	"fmt"
	"strconv"
	"strings"

	"arbiter/referee"
	"arbiter/referee/draughts"
	"arbiter/referee/halma"
	"arbiter/referee/morris"
	"arbiter/referee/picture"
	"arbiter/referee/race"
	"arbiter/variants"
)

// scene is a variant's board for pictures and how to read its positions
// and moves as records write them.
type scene struct {
	board *picture.Board
	// position reads a FEN in the game's own form.
	position func(fen string) (picture.Position, error)
	// play plays a move written in the record's notation on a FEN's
	// position: the position after it and the move's marks.
	play func(fen, move string) (picture.Position, picture.Marks, error)
	// cells finds the squares a move's text names (best effort, for moves
	// the referee rejected): its path and what it takes.
	cells func(move string) (path, captured []int)
}

// sceneFor builds the scene of a variant. Race boards depend on who plays,
// so their scenes are built from a position (fen) that names the players.
func sceneFor(v *variants.Variant, fen string) (*scene, error) {
	switch {
	case v.Draughts != nil:
		return draughtsScene(v)
	case v.Morris != nil:
		return morrisScene(v)
	case v.Halma != nil:
		return halmaScene(v)
	case v.Race != nil && v.Race.Ludo != nil:
		return ludoScene(v)
	case v.Race != nil && v.Race.Goose != nil:
		return gooseScene(v, fen)
	case v.Race != nil && v.Race.Horse != nil:
		return horseScene(v, fen)
	}
	return nil, fmt.Errorf("arbiter cannot draw %s games", v.Game)
}

// byName maps the names cells carry back to cells.
func byName(b *picture.Board) map[string]int {
	m := map[string]int{}
	for i, c := range b.Cells {
		if c.Name != "" {
			if _, dup := m[strings.ToLower(c.Name)]; !dup {
				m[strings.ToLower(c.Name)] = i
			}
		}
	}
	return m
}

// namedCells reads the square names in a move's text, split at the
// separators given; names it does not know end the reading.
func namedCells(names map[string]int, text string, seps string) []int {
	var out []int
	for _, f := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return strings.ContainsRune(seps, r) }) {
		c, ok := names[strings.TrimSpace(f)]
		if !ok {
			return out
		}
		out = append(out, c)
	}
	return out
}

func draughtsScene(v *variants.Variant) (*scene, error) {
	r, start, err := referee.DraughtsRules(v)
	if err != nil {
		return nil, err
	}
	// A square's name in the variant's notation: the start of a one-square
	// move written as the records of that variant write moves.
	name := func(sq int) string {
		s := referee.DraughtsMove(v, draughts.Move{From: sq, To: sq, Path: []int{sq}}, false)
		from, _, _ := strings.Cut(s, "-")
		return from
	}
	b := r.Diagram(name)
	names := byName(b)
	read := func(fen string) (draughts.Position, error) {
		if fen == "" {
			return start, nil
		}
		return referee.DraughtsPosition(v, fen)
	}
	s := &scene{board: b}
	s.position = func(fen string) (picture.Position, error) {
		p, err := read(fen)
		if err != nil {
			return picture.Position{}, err
		}
		return r.Picture(p), nil
	}
	s.play = func(fen, move string) (picture.Position, picture.Marks, error) {
		p, err := read(fen)
		if err != nil {
			return picture.Position{}, picture.Marks{}, err
		}
		var found []draughts.Move
		for _, m := range r.LegalPaths(&p, nil) {
			if move == referee.DraughtsMove(v, m, false) || move == referee.DraughtsMove(v, m, true) {
				found = append(found, m)
			}
		}
		if len(found) != 1 {
			return picture.Position{}, picture.Marks{}, fmt.Errorf("%q is not one legal move in this position (%d match)", move, len(found))
		}
		path, captured := draughts.MovePath(found[0])
		return r.Picture(r.Play(p, found[0])), picture.Marks{Path: path, Captured: captured}, nil
	}
	s.cells = func(move string) ([]int, []int) { return namedCells(names, move, "-x:"), nil }
	return s, nil
}

func morrisScene(v *variants.Variant) (*scene, error) {
	r, err := referee.MorrisRules(v)
	if err != nil {
		return nil, err
	}
	b := r.Diagram(false)
	names := byName(b)
	for p := 0; p < morris.NumPoints; p++ {
		names[strconv.Itoa(morris.Number(p))] = p // PlayOK's numbers read too
	}
	read := func(fen string) (morris.Position, error) {
		if fen == "" {
			return r.Start(), nil
		}
		return morris.ParseFEN(fen)
	}
	s := &scene{board: b}
	s.position = func(fen string) (picture.Position, error) {
		p, err := read(fen)
		if err != nil {
			return picture.Position{}, err
		}
		return morris.Picture(p), nil
	}
	s.play = func(fen, move string) (picture.Position, picture.Marks, error) {
		p, err := read(fen)
		if err != nil {
			return picture.Position{}, picture.Marks{}, err
		}
		var found []morris.Move
		for _, m := range r.Legal(&p, nil) {
			if strings.EqualFold(move, m.Format(morris.Coordinates)) || move == m.Format(morris.Numeric) {
				found = append(found, m)
			}
		}
		if len(found) != 1 {
			return picture.Position{}, picture.Marks{}, fmt.Errorf("%q is not one legal move in this position (%d match)", move, len(found))
		}
		path, removed := morris.MovePath(found[0])
		return morris.Picture(r.Play(p, found[0])), picture.Marks{Path: path, Captured: removed}, nil
	}
	s.cells = func(move string) ([]int, []int) {
		head, tail, _ := strings.Cut(move, "x")
		return namedCells(names, head, "-"), namedCells(names, tail, "x")
	}
	return s, nil
}

func halmaScene(v *variants.Variant) (*scene, error) {
	r, err := referee.HalmaRules(v)
	if err != nil {
		return nil, err
	}
	b := r.Diagram()
	names := byName(b)
	read := func(fen string) (halma.Position, error) {
		if fen == "" {
			return r.Start(), nil
		}
		return r.ParseFEN(fen)
	}
	s := &scene{board: b}
	s.position = func(fen string) (picture.Position, error) {
		p, err := read(fen)
		if err != nil {
			return picture.Position{}, err
		}
		return r.Picture(&p), nil
	}
	s.play = func(fen, move string) (picture.Position, picture.Marks, error) {
		p, err := read(fen)
		if err != nil {
			return picture.Position{}, picture.Marks{}, err
		}
		for _, m := range r.Legal(&p, nil) {
			if strings.EqualFold(move, r.Format(m)) {
				after := r.Play(p, m)
				return r.Picture(&after), picture.Marks{Path: halma.MovePath(m)}, nil
			}
		}
		return picture.Position{}, picture.Marks{}, fmt.Errorf("%q is not a legal move in this position", move)
	}
	s.cells = func(move string) ([]int, []int) { return namedCells(names, move, "-:"), nil }
	return s, nil
}

func noMoves(string, string) (picture.Position, picture.Marks, error) {
	return picture.Position{}, picture.Marks{}, fmt.Errorf("a race game's move needs its throw: draw a position of a record instead")
}

func noCells(string) ([]int, []int) { return nil, nil }

func ludoScene(v *variants.Variant) (*scene, error) {
	r, err := race.NewLudo(v)
	if err != nil {
		return nil, err
	}
	s := &scene{board: r.Diagram(), play: noMoves, cells: noCells}
	s.position = func(fen string) (picture.Position, error) {
		if fen == "" {
			all := make([]int, len(v.Race.Colours))
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
	return s, nil
}

func gooseScene(v *variants.Variant, fen string) (*scene, error) {
	r, err := race.NewGoose(v)
	if err != nil {
		return nil, err
	}
	if fen == "" {
		return nil, fmt.Errorf("a goose board is drawn from a position naming its players: --fen \"Anna 0, Bram 0\"")
	}
	_, players, err := r.ParsePosition(fen)
	if err != nil {
		return nil, err
	}
	s := &scene{board: r.Diagram(players), play: noMoves, cells: noCells}
	s.position = func(fen string) (picture.Position, error) {
		st, ps, err := r.ParsePosition(fen)
		if err != nil {
			return picture.Position{}, err
		}
		return r.Picture(st, ps), nil
	}
	return s, nil
}

func horseScene(v *variants.Variant, fen string) (*scene, error) {
	r, err := race.NewHorse(v)
	if err != nil {
		return nil, err
	}
	if fen == "" {
		return nil, fmt.Errorf("a horse-race board is drawn from a position naming its horses: --fen \"Anna 0, Bram 0\"")
	}
	_, players, horses, err := r.ParsePosition(fen)
	if err != nil {
		return nil, err
	}
	s := &scene{board: r.Diagram(players, horses), play: noMoves, cells: noCells}
	s.position = func(fen string) (picture.Position, error) {
		st, ps, n, err := r.ParsePosition(fen)
		if err != nil {
			return picture.Position{}, err
		}
		return r.Picture(st, ps, n), nil
	}
	return s, nil
}
