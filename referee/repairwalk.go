package referee

import "arbiter/notation"

// Walk stands a family's replay before any ply of the main line up to
// the one it stopped at, for a repair site (Site.Number, Alternatives,
// Replays ask about plies in order, mostly within RepairWindow of the
// failed one). The states of the window are kept; a ply before it is
// walked to again from the nearest state walked to before. A site embeds
// it for its Line, Failed and Start.
type Walk[S any] struct {
	line    notation.Line
	save    func() S
	load    func(S)
	advance func(j int) int
	start   S
	failed  int
	states  map[int]S
	walked  int // the last ply before the window walked to
}

// NewWalk walks the replay from start up to line item failed, keeping the
// states of the items within RepairWindow of it. advance plays line item
// j silently, as the replay did, and says how many items it took (a move
// and the removal written as its own item: 2), 0 when it cannot be
// played. ok is false when the walk cannot get to failed (it cannot be:
// the replay got there). The replay is left at failed's state: the
// caller restores its own.
func NewWalk[S any](line notation.Line, save func() S, load func(S), advance func(j int) int, start S, failed int) (w *Walk[S], ok bool) {
	w = &Walk[S]{line: line, save: save, load: load, advance: advance, start: start, failed: failed, states: map[int]S{}}
	load(start)
	for j := 0; j < failed; {
		if j >= failed-RepairWindow {
			w.states[j] = save()
		}
		n := advance(j)
		if n == 0 {
			return nil, false
		}
		j += n
	}
	w.states[failed] = save()
	return w, true
}

// At loads the state before line item k and gives it; ok is false when
// none stands there (k past the failed item, a move that cannot be played
// on the way, or an item that is part of the move before it).
func (w *Walk[S]) At(k int) (st S, ok bool) {
	if st, ok := w.states[k]; ok {
		w.load(st)
		return st, true
	}
	if k < 0 || k > w.failed {
		return st, false
	}
	j := 0
	w.load(w.start)
	if w.walked > 0 && w.walked <= k {
		j = w.walked // on from the last item walked to (asked in order)
		w.load(w.states[j])
	}
	for j < k {
		n := w.advance(j)
		if n == 0 {
			return st, false
		}
		if j += n; j > k {
			return st, false
		}
	}
	st = w.save()
	if w.walked > 0 {
		// One state before the window is kept (the search asks in order):
		// one for every ply asked, each with its copy of the positions
		// seen, would grow with the square of the game's length.
		delete(w.states, w.walked)
	}
	w.states[k], w.walked = st, k
	return st, true
}

func (w *Walk[S]) Line() notation.Line { return w.line }
func (w *Walk[S]) Failed() int         { return w.failed }
func (w *Walk[S]) Start() int          { return 0 }
