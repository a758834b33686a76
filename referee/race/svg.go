package race

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"arbiter/referee/picture"
)

// palette colours the seats of games whose colours the rules do not name
// (the goose's and the horse race's players), and the Ludo colours by name.
var palette = []string{"#d32f2f", "#1565c0", "#f9c80e", "#2e7d32", "#ef6c00", "#7b1fa2", "#00838f", "#6d4c41"}

var colourNames = map[string]string{
	"red": "#d32f2f", "blue": "#1565c0", "yellow": "#f9c80e", "green": "#2e7d32",
	"orange": "#ef6c00", "purple": "#7b1fa2", "black": "#2b2b2b", "white": "#fdfdfd",
}

func tint(hex string) string {
	// Halfway to white: a camp or a base in its colour, lighter than the pieces.
	var r, g, b int
	if _, err := fmt.Sscanf(hex, "#%02x%02x%02x", &r, &g, &b); err != nil {
		return "#eeeeee"
	}
	return fmt.Sprintf("#%02x%02x%02x", (r+3*255)/4, (g+3*255)/4, (b+3*255)/4)
}

func ink(fill string) string {
	if fill == "#f9c80e" || fill == "#fdfdfd" {
		return "#222"
	}
	return "#fff"
}

const raceGap = 32.0 // centre to centre along a track

// Ludo boards: the track is a ring of Track squares, colour c's start
// square (its track square 1) at the angle of c; its home column runs from
// the square before the start towards the centre; its base sits outside
// the ring by its start.
//
// Cells: 0..Track-1 the track (board square k is colour 0's track square
// k+1); then for each colour its Pieces base slots, then its home squares
// (Track+1 .. Stable of its own count).

// cellOf is the cell of colour c's piece i at position p.
func (r *Ludo) cellOf(c, i, p int) int {
	home := r.Stable - r.Track
	first := r.Track + c*(r.L.Pieces+home)
	switch {
	case p == Base:
		return first + i
	case p <= r.Track:
		return r.abs(c, p)
	default:
		return first + r.L.Pieces + p - r.Track - 1
	}
}

// Diagram describes the Ludo board for pictures, the legend naming each
// colour's player (names[c], "" or missing: the colour alone). Four
// colours whose track and home fit it are drawn on the cross-shaped board
// players know; other boards on a ring.
func (r *Ludo) Diagram(names []string) *picture.Board {
	n := len(r.R.Colours)
	fills := make([]string, n)
	for c, col := range r.R.Colours {
		fill, ok := colourNames[strings.ToLower(col.Name)]
		if !ok {
			fill = palette[c%len(palette)]
		}
		fills[c] = fill
	}
	var b *picture.Board
	if tpc, home := r.L.TrackPerColour, r.Stable-r.Track; n == 4 && tpc%2 == 0 && tpc >= 6 && home <= (tpc-2)/2 {
		b = r.cross(fills)
	} else {
		b = r.ring(fills)
	}
	for c, col := range r.R.Colours {
		b.Kinds = append(b.Kinds, picture.Kind{Name: col.Name, Fill: fills[c], Stroke: "#333", Text: col.Letter, Ink: ink(fills[c])})
	}
	var legend []picture.LegendItem
	for c, col := range r.R.Colours {
		text := col.Name
		if c < len(names) && names[c] != "" {
			text += ": " + names[c]
		}
		legend = append(legend, picture.LegendItem{Fill: fills[c], Piece: true, Text: text})
	}
	legend = append(legend, picture.LegendItem{Fill: tint(fills[0]), Text: "a colour's start square, base, home"})
	b.AddLegend(legend)
	return b
}

// cross lays the board out as printed: a cross of arms three squares
// wide, the track round it, each colour's home column up the middle of its
// arm and its base in the corner by its start square. Colour 0 starts at
// the bottom; the track runs clockwise, as on the ring.
func (r *Ludo) cross(fills []string) *picture.Board {
	const cell = 36.0
	tpc := r.L.TrackPerColour
	a := (tpc - 2) / 2 // an arm's length
	size := 2*a + 3
	c := a + 1 // the centre square
	side := float64(size) * cell
	b := &picture.Board{W: side, H: side, Back: "#fbf8ef"}
	at := func(x, y int) (float64, float64) { return (float64(x) + 0.5) * cell, (float64(y) + 0.5) * cell }
	// rot turns a square a quarter clockwise round the centre k times.
	rot := func(x, y, k int) (int, int) {
		for ; k > 0; k-- {
			x, y = c-(y-c), c+(x-c)
		}
		return x, y
	}
	// quarter is colour 0's part of the track, from its start square.
	var quarter [][2]int
	for y := size - 1; y >= c+1; y-- {
		quarter = append(quarter, [2]int{c - 1, y})
	}
	for x := c - 2; x >= 0; x-- {
		quarter = append(quarter, [2]int{x, c + 1})
	}
	quarter = append(quarter, [2]int{0, c})
	rad := cell * 0.44
	for k := 0; k < r.Track; k++ {
		col, i := k/tpc, k%tpc
		x, y := rot(quarter[i][0], quarter[i][1], col)
		fill := "#ffffff"
		if i == 0 {
			fill = tint(fills[col])
		}
		cx, cy := at(x, y)
		b.Cells = append(b.Cells, picture.Cell{X: cx, Y: cy, R: rad, Round: true, Fill: fill, Name: strconv.Itoa(k + 1)})
	}
	home := r.Stable - r.Track
	per := int(math.Ceil(math.Sqrt(float64(r.L.Pieces))))
	for col := range fills {
		// The base: the corner square area left of the start square.
		bx, by := at(0, size-1)
		bx, by = bx+float64(a-1)*cell/2, by-float64(a-1)*cell/2
		x0, y0 := rotPoint(bx, by, side, col)
		w := float64(per) * cell
		b.Regions = append(b.Regions, picture.Region{X: x0 - w/2 - 4, Y: y0 - w/2 - 4, W: w + 8, H: w + 8, Fill: tint(fills[col]), Round: true})
		for i := 0; i < r.L.Pieces; i++ {
			x := x0 - w/2 + (float64(i%per)+0.5)*cell
			y := y0 - w/2 + (float64(i/per)+0.5)*cell
			b.Cells = append(b.Cells, picture.Cell{X: x, Y: y, R: rad, Round: true, Fill: "#ffffff", Name: "B"})
		}
		for j := 0; j < home; j++ {
			x, y := rot(c, size-2-j, col)
			cx, cy := at(x, y)
			b.Cells = append(b.Cells, picture.Cell{X: cx, Y: cy, R: rad, Round: true, Fill: tint(fills[col]), Name: strconv.Itoa(r.Track + j + 1)})
		}
	}
	for k := 0; k < r.Track; k++ {
		p, q := b.Cells[k], b.Cells[(k+1)%r.Track]
		b.Lines = append(b.Lines, picture.Line{X1: p.X, Y1: p.Y, X2: q.X, Y2: q.Y, Width: 2, Stroke: "#888"})
	}
	return b
}

// rotPoint turns a point of a square board of side side a quarter
// clockwise round its centre k times.
func rotPoint(x, y, side float64, k int) (float64, float64) {
	m := side / 2
	for ; k > 0; k-- {
		x, y = m-(y-m), m+(x-m)
	}
	return x, y
}

// ring lays a board of any number of colours on a ring.
func (r *Ludo) ring(fills []string) *picture.Board {
	n := len(fills)
	tpc := r.L.TrackPerColour
	ring := float64(r.Track) * raceGap / (2 * math.Pi)
	home := r.Stable - r.Track
	step := math.Min(raceGap, (ring-raceGap)/float64(home))
	side := 2 * (ring + 4.2*raceGap)
	c0 := side / 2
	b := &picture.Board{W: side, H: side, Back: "#fbf8ef"}
	angle := func(k float64) float64 { return math.Pi/2 + 2*math.Pi*k/float64(r.Track) }
	at := func(rad, a float64) (float64, float64) { return c0 + rad*math.Cos(a), c0 + rad*math.Sin(a) }
	for k := 0; k < r.Track; k++ {
		x, y := at(ring, angle(float64(k)))
		fill := "#ffffff"
		if k%tpc == 0 {
			fill = tint(fills[k/tpc])
		}
		b.Cells = append(b.Cells, picture.Cell{X: x, Y: y, R: raceGap * 0.46, Round: true, Fill: fill, Name: strconv.Itoa(k + 1)})
	}
	for c := 0; c < n; c++ {
		start := angle(float64(c * tpc))
		bx, by := at(ring+2.1*raceGap, start)
		per := int(math.Ceil(math.Sqrt(float64(r.L.Pieces))))
		w := float64(per) * raceGap
		b.Regions = append(b.Regions, picture.Region{X: bx - w/2 - 4, Y: by - w/2 - 4, W: w + 8, H: w + 8, Fill: tint(fills[c]), Round: true})
		for i := 0; i < r.L.Pieces; i++ {
			x := bx - w/2 + (float64(i%per)+0.5)*raceGap
			y := by - w/2 + (float64(i/per)+0.5)*raceGap
			b.Cells = append(b.Cells, picture.Cell{X: x, Y: y, R: raceGap * 0.46, Round: true, Fill: "#ffffff", Name: "B"})
		}
		entry := angle(float64(c*tpc) - 1)
		for j := 0; j < home; j++ {
			x, y := at(ring-float64(j+1)*step, entry)
			b.Cells = append(b.Cells, picture.Cell{X: x, Y: y, R: math.Min(raceGap, step) * 0.46, Round: true, Fill: tint(fills[c]), Name: strconv.Itoa(r.Track + j + 1)})
		}
	}
	for k := 0; k < r.Track; k++ {
		a := b.Cells[k]
		z := b.Cells[(k+1)%r.Track]
		b.Lines = append(b.Lines, picture.Line{X1: a.X, Y1: a.Y, X2: z.X, Y2: z.Y, Width: 2, Stroke: "#888"})
	}
	return b
}

// Picture is a position's pieces on the board of Diagram.
func (r *Ludo) Picture(s *State) picture.Position {
	home := r.Stable - r.Track
	out := picture.Position{Cells: make([][]int, r.Track+len(r.R.Colours)*(r.L.Pieces+home))}
	for c, ps := range s.Pieces {
		if !contains(s.Playing, c) {
			continue
		}
		// Pieces in the base fill its slots in order, whichever they are:
		// a position is the same picture however its pieces are numbered.
		based := 0
		for _, p := range ps {
			slot := 0
			if p == Base {
				slot = based
				based++
			}
			out.Put(r.cellOf(c, slot, p), c)
		}
	}
	if len(s.Playing) > 0 {
		out.Caption = r.R.Colours[s.Colour()].Name + " to throw"
	}
	return out
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// MovePath is an option, played and giving s, in Diagram's board: the
// square left (for a piece leaving the base, the slot after those still
// there), the square reached, the pieces sent home.
func (r *Ludo) MovePath(s *State, c int, o Option) (path, captured []int) {
	if o.Piece < 0 {
		return nil, nil
	}
	slot := 0 // the pieces still in the base, but own pieces it sent back
	for _, p := range s.Pieces[c] {
		if p == Base {
			slot++
		}
	}
	for _, x := range o.Captured {
		if x.Colour == c {
			slot--
		}
	}
	path = []int{r.cellOf(c, slot, o.From)}
	if o.From != Base && o.To > o.From {
		// Along the track and up the home column, square by square.
		for p := o.From + 1; p < o.To; p++ {
			path = append(path, r.cellOf(c, 0, p))
		}
	}
	path = append(path, r.cellOf(c, 0, o.To))
	for _, x := range o.Captured {
		captured = append(captured, r.cellOf(x.Colour, x.Piece, x.From))
	}
	return path, captured
}

// ParsePosition reads a Ludo position as records write it: for each
// colour in play its letter and its pieces' squares (B for the base), then
// the letter of the colour to throw: "R:B,B,7,41 Y:B,B,B,12 R".
func (r *Ludo) ParsePosition(fen string) (*State, error) {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return nil, fmt.Errorf("%q: want the colours' pieces then the colour to throw", fen)
	}
	letter := func(l string) int {
		for c, col := range r.R.Colours {
			if col.Letter == l {
				return c
			}
		}
		return -1
	}
	var playing []int
	lists := map[int][]int{}
	for _, part := range f[:len(f)-1] {
		l, list, ok := strings.Cut(part, ":")
		c := letter(l)
		if !ok || c < 0 || lists[c] != nil {
			return nil, fmt.Errorf("%q: not a colour's letter and its pieces", part)
		}
		sq := strings.Split(list, ",")
		if len(sq) != r.L.Pieces {
			return nil, fmt.Errorf("%q: %d pieces, not %d", part, len(sq), r.L.Pieces)
		}
		ps := make([]int, len(sq))
		for i, x := range sq {
			if x == "B" {
				continue
			}
			n, err := strconv.Atoi(x)
			if err != nil || n < 1 || n > r.Stable {
				return nil, fmt.Errorf("%q: no square %q (1 to %d, or B)", part, x, r.Stable)
			}
			ps[i] = n
		}
		playing = append(playing, c)
		lists[c] = ps
	}
	s := r.Start(playing)
	for c, ps := range lists {
		s.Pieces[c] = ps
	}
	s.Turn = -1
	for i, c := range playing {
		if r.R.Colours[c].Letter == f[len(f)-1] {
			s.Turn = i
		}
	}
	if s.Turn < 0 {
		return nil, fmt.Errorf("%q is not a colour in play", f[len(f)-1])
	}
	return s, nil
}

// spiral lays squares 0..n-1 on a square grid from the bottom-left corner,
// clockwise round the edge and inwards, as goose boards are printed.
func spiral(n int) (cols int, at [][2]int) {
	k := int(math.Ceil(math.Sqrt(float64(n))))
	top, left, bottom, right := 0, 0, k-1, k-1
	for len(at) < n {
		for x := left; x <= right && len(at) < n; x++ {
			at = append(at, [2]int{x, bottom})
		}
		bottom--
		for y := bottom; y >= top && len(at) < n; y-- {
			at = append(at, [2]int{right, y})
		}
		right--
		for x := right; x >= left && len(at) < n; x-- {
			at = append(at, [2]int{x, top})
		}
		top++
		for y := top; y <= bottom && len(at) < n; y++ {
			at = append(at, [2]int{left, y})
		}
		left++
	}
	return k, at
}

// track describes a numbered track 0..last on a spiral, the squares in
// special lists tinted, every number written in its square.
func track(last int, special map[int]string, players []string, horses int) *picture.Board {
	const cell = 46.0
	k, at := spiral(last + 1)
	side := float64(k) * cell
	b := &picture.Board{W: side, H: side, Back: "#fbf8ef"}
	for sq, p := range at {
		fill := "#ffffff"
		if sq%2 == 1 {
			fill = "#f4efe1"
		}
		if f, ok := special[sq]; ok {
			fill = f
		}
		x, y := (float64(p[0])+0.5)*cell, (float64(p[1])+0.5)*cell
		b.Cells = append(b.Cells, picture.Cell{X: x, Y: y, R: cell / 2 * 0.96, Fill: fill})
		b.Labels = append(b.Labels, picture.Label{X: x + cell*0.3, Y: y - cell*0.32, Text: strconv.Itoa(sq), Size: 11, Halo: "#fff"})
	}
	for i, p := range players {
		fill := palette[i%len(palette)]
		for h := 0; h < max(horses, 1); h++ {
			text := initial(p)
			if horses > 0 {
				text = strconv.Itoa(h + 1)
			}
			b.Kinds = append(b.Kinds, picture.Kind{Name: p, Fill: fill, Stroke: "#333", Text: text, Ink: ink(fill)})
		}
	}
	return b
}

func initial(name string) string {
	for _, r := range name {
		return strings.ToUpper(string(r))
	}
	return "?"
}

// GooseSquares tints: geese green, the squares with a rule orange, the
// last gold.
func (r *Goose) special() map[int]string {
	m := map[int]string{r.G.Last: "#ffd54f"}
	for _, g := range r.G.Geese {
		m[g] = "#c5e1a5"
	}
	for _, s := range r.G.Squares {
		m[s.Square] = "#ffcc80"
	}
	return m
}

// Diagram describes the goose board (squares 0 to Last on a spiral) with
// one kind of pawn per player.
func (r *Goose) Diagram(players []string) *picture.Board {
	b := track(r.G.Last, r.special(), players, 0)
	b.AddLegend(append(playerLegend(players), picture.LegendItem{Fill: "#c5e1a5", Text: "goose: move on by the throw"},
		picture.LegendItem{Fill: "#ffcc80", Text: "a square with a rule"}, picture.LegendItem{Fill: "#ffd54f", Text: "the last square"}))
	return b
}

// playerLegend names each player's colour.
func playerLegend(players []string) []picture.LegendItem {
	var out []picture.LegendItem
	for i, p := range players {
		out = append(out, picture.LegendItem{Fill: palette[i%len(palette)], Piece: true, Text: p})
	}
	return out
}

// Picture is a position's pawns on the board of Diagram; the caption
// names who waits or misses turns.
func (r *Goose) Picture(s *GooseState, players []string) picture.Position {
	out := picture.Position{Cells: make([][]int, r.G.Last+1)}
	var notes []string
	for i, sq := range s.Square {
		out.Put(min(max(sq, 0), r.G.Last), i)
		name := fmt.Sprint("player ", i+1)
		if i < len(players) {
			name = players[i]
		}
		switch {
		case s.Waiting[i]:
			notes = append(notes, name+" waits")
		case s.Miss[i] > 0:
			notes = append(notes, fmt.Sprintf("%s misses %d", name, s.Miss[i]))
		}
	}
	out.Caption = strings.Join(notes, "; ")
	return out
}

// ParseGoosePosition reads a goose position as records write it: "Anna
// 12, Bram 31 waiting, Cees 19 misses 1"; the players are named in order.
func (r *Goose) ParsePosition(fen string) (*GooseState, []string, error) {
	var players []string
	var sq, miss []int
	var wait []bool
	for _, part := range strings.Split(fen, ",") {
		f := strings.Fields(part)
		if len(f) < 2 {
			return nil, nil, fmt.Errorf("%q: want a player and a square", part)
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 0 || n > r.G.Last {
			return nil, nil, fmt.Errorf("%q: not a player and a square 0-%d", part, r.G.Last)
		}
		m, w := 0, false
		switch {
		case len(f) == 2:
		case len(f) == 3 && f[2] == "waiting":
			w = true
		case len(f) == 4 && f[2] == "misses":
			if m, err = strconv.Atoi(f[3]); err != nil || m < 0 {
				return nil, nil, fmt.Errorf("%q: misses a number of turns", part)
			}
		default:
			return nil, nil, fmt.Errorf("%q: after the square, \"waiting\" or \"misses N\"", part)
		}
		players, sq, miss, wait = append(players, f[0]), append(sq, n), append(miss, m), append(wait, w)
	}
	s := r.Start(len(players))
	copy(s.Square, sq)
	copy(s.Miss, miss)
	copy(s.Waiting, wait)
	for i, n := range sq {
		s.Started[i] = n != 0
	}
	return s, players, nil
}

// Diagram describes the horse-race track (squares 0 to Finish on a
// spiral, the obstacles tinted) with one kind per horse: kind
// player*horses+h.
func (r *Horse) Diagram(players []string, horses int) *picture.Board {
	m := map[int]string{r.H.Finish: "#ffd54f"}
	for _, o := range r.H.Obstacles {
		m[o.Square] = "#ffcc80"
	}
	b := track(r.H.Finish, m, players, max(horses, 1))
	b.AddLegend(append(playerLegend(players), picture.LegendItem{Fill: "#ffcc80", Text: "an obstacle"}, picture.LegendItem{Fill: "#ffd54f", Text: "the finish"}))
	return b
}

// Picture is a race's horses on the board of Diagram; a horse past the
// finish stands on it.
func (r *Horse) Picture(s *HorseState, players []string, horses int) picture.Position {
	out := picture.Position{Cells: make([][]int, r.H.Finish+1)}
	next := map[int]int{}
	var notes []string
	for _, h := range s.Horses {
		i := next[h.Owner]
		next[h.Owner]++
		if h.Out {
			continue
		}
		out.Put(min(max(h.Square, 0), r.H.Finish), h.Owner*max(horses, 1)+i)
		if h.Place > 0 {
			name := fmt.Sprint("player ", h.Owner+1)
			if h.Owner < len(players) {
				name = players[h.Owner]
			}
			notes = append(notes, fmt.Sprintf("%d. %s's horse %d", h.Place, name, i+1))
		}
	}
	out.Caption = strings.Join(notes, ", ")
	return out
}

// ParsePosition reads a horse-race position as records write it: every
// horse as its player and square, then "waiting", "misses N", "half",
// "out" or "finished N"; each player has the same number of horses.
func (r *Horse) ParsePosition(fen string) (*HorseState, []string, int, error) {
	var players []string
	index := map[string]int{}
	type entry struct {
		owner int
		h     Runner
	}
	var es []entry
	for _, part := range strings.Split(fen, ",") {
		name, h, err := parseRunner(part)
		if err != nil {
			return nil, nil, 0, err
		}
		p, ok := index[name]
		if !ok {
			p = len(players)
			index[name] = p
			players = append(players, name)
		}
		h.Owner = p
		es = append(es, entry{p, h})
	}
	count := make([]int, len(players))
	for _, e := range es {
		count[e.owner]++
	}
	for p, n := range count {
		if n != count[0] {
			return nil, nil, 0, fmt.Errorf("%s has %d horses, %s %d: every player has as many", players[p], n, players[0], count[0])
		}
	}
	s := &HorseState{Players: len(players), Winner: -1}
	for p := range players {
		for _, e := range es {
			if e.owner == p {
				s.Horses = append(s.Horses, e.h)
			}
		}
	}
	return s, players, count[0], nil
}
