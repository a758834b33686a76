package referee

import (
	"fmt"
	"sort"
	"strings"

	"arbiter/notation"
)

// Nearly every move error in a real archive is a slip of the pen: two
// digits swapped, from and to written the wrong way round, a neighbouring
// square, a move left out or written twice, two moves of one side in the
// wrong order. The moves after the slip tell which correction is right:
// the true move is the one after which the rest of the game replays. The
// search here is the same for every family: a family that can replay a
// line from a ply (RepairSite) gets it by calling SuggestFixes when its
// main line stops at a move error, and only then, so a record without an
// error costs nothing.

// Edits a Fix makes.
const (
	EditReplace = "replace" // write Text in place of the move
	EditDelete  = "delete"  // the move was written by mistake (twice, most often)
	EditInsert  = "insert"  // Text was left out before the move
	EditSwap    = "swap"    // the move and Text (the same side's next move) change places
)

// Fix is an edit of a record's main line that explains a move error, with
// how far the game replays after it. The fixes of a diagnostic come best
// first.
type Fix struct {
	Edit string `json:"edit"`
	// Text is the move to write: in place of Move (replace), before it
	// (insert), or, for a swap, the move written later that goes first.
	Text string `json:"text,omitempty"`
	// Replays is how many plies after the edit then replay, up to the end
	// of the game (Whole) or to the next error.
	Replays int    `json:"replays"`
	Whole   bool   `json:"whole,omitempty"`
	Why     string `json:"why"`
	// Move is the written move the edit is at (the first of a swap), with
	// its move number and where it is written; for a swap OtherPos is
	// where Text is written.
	Move       string       `json:"move"`
	MoveNumber int          `json:"move_number,omitempty"`
	Pos        notation.Pos `json:"pos"`
	OtherPos   notation.Pos `json:"other_pos,omitzero"`
	// Certain: the one best edit, after which the whole rest of the game
	// replays, and no other edit does as well ('arbiter fix' applies it).
	Certain bool `json:"certain,omitempty"`
	// Ply is the index of Move in the main line.
	Ply int `json:"-"`
}

// Describe says the fix in a sentence, for a person: "did you mean 11-17
// (from and to swapped)? the remaining 44 plies then replay". at is where
// the finding is: a fix of another move says which.
func (f Fix) Describe(at notation.Pos) string {
	var s string
	switch f.Edit {
	case EditReplace:
		s = fmt.Sprintf("did you mean %s (%s)?", f.Text, f.Why)
		if f.Pos != at {
			s = fmt.Sprintf("did you mean %s at move %d, written %s (%s)?", f.Text, f.MoveNumber, f.Move, f.Why)
		}
	case EditDelete:
		s = fmt.Sprintf("delete %s (%s)?", f.Move, f.Why)
	case EditInsert:
		s = fmt.Sprintf("was %s left out before %s (%s)?", f.Text, f.Move, f.Why)
	case EditSwap:
		s = fmt.Sprintf("swap %s and %s (%s)?", f.Move, f.Text, f.Why)
	default:
		s = f.Edit + " " + f.Text + "?"
	}
	return s + " " + f.Outcome()
}

// Outcome says how far the game replays after the fix.
func (f Fix) Outcome() string {
	n := fmt.Sprintf("%d %s", f.Replays, plural(f.Replays, "ply", "plies"))
	switch {
	case f.Whole && f.Replays == 0:
		return "it is the last move"
	case f.Whole:
		return "the remaining " + n + " then replay"
	}
	return "the next " + n + " then replay, up to another error"
}

// Alternative is a move that may stand at a ply in place of the written
// one: how it would be written, and how like the written move it is.
type Alternative struct {
	Text string
	Cost int    // how unlikely a slip it is (the Cost* constants)
	Why  string // what slip it would be ("from and to swapped")
}

// Costs of slips, from the likeliest. A family may give its own reasons
// (a neighbouring square on its board) a cost of this scale.
const (
	CostTransposed = 1 // two characters swapped, from and to swapped, a path's squares
	CostNear       = 2 // one square a neighbour, or one character wrong
	CostOneSquare  = 3 // one square right, the other wrong
	CostOther      = 6 // another legal move
)

// RepairSite is a family's replay stopped at a main-line move error: what
// the search needs to try edits of the line and judge them by how far the
// rest of the game then replays.
type RepairSite interface {
	// Line is the main line as written, and Failed the index in it of the
	// move that stopped the replay. Start is the first index an edit may
	// touch (the first move after the last setup).
	Line() notation.Line
	Failed() int
	Start() int
	// Number is the move number the record gives ply k.
	Number(k int) int
	// Alternatives lists the legal moves at ply k (in the position the
	// written moves before it reach), each with how like the written move
	// at k it is (see Likeness), in a fixed order: every one, or when
	// maxCost is less than CostOther, at least those that cost no more.
	// It and Replay may be asked of any ply from Start to Failed: those
	// of the last RepairWindow plies most, those before in ascending order
	// (a site may walk to them once).
	Alternatives(k, maxCost int) []Alternative
	// Replay plays, from the position before ply k as the written moves
	// reach it, the moves first (as written in a record), then the written
	// moves from index next on, at most limit of them. It returns how many
	// of those written moves replay, or -1 when a move of first does not.
	// It reports nothing.
	Replay(k int, first []string, next, limit int) int
}

// RepairWindow is how many plies before the failed move an edit may
// touch: a family keeps (or walks again) the positions of those plies.
const RepairWindow = max(backPlies, backSwaps)

// Bounds of the search.
const (
	// FewPlies is how many plies after a move error a suggestion must make
	// replay (or all there are): a fix the moves after it do not confirm is
	// a guess.
	FewPlies = 3
	// backPlies is how far before the failed move a slip is looked for: a
	// slip that wrote another legal move shows only when a later move needs
	// the square it got wrong.
	backPlies = 24
	// backSwaps is how far before the failed move two swapped moves are
	// looked for.
	backSwaps = 6
	// repairBudget bounds the plies one search replays in all, so that a
	// game with an error costs at most a few milliseconds more.
	repairBudget = 4000
	// maxRepairMoveBytes is the longest move a search reads as a move:
	// the longest real ones (a capture of a dozen pieces) have about 40
	// bytes. Each ply replayed costs the budget one more per this many
	// bytes of its move.
	maxRepairMoveBytes = 256
	// MaxFixes is how many fixes a diagnostic keeps.
	MaxFixes = 3
)

type trial struct {
	Fix
	cost, order int
	reach       int // the index in the line the replay reaches
}

// SuggestFixes searches the edits that explain the move error the site
// stopped at and returns the best, best first: at most MaxFixes, none that
// fails to make the next few plies replay (FewPlies). Edits: replace the
// move (or one of the few before it) by a legal move like it, delete it,
// insert a legal move before it, swap it with the same side's next or
// previous move. They are ranked by how far the game then replays, then by
// how likely the slip is.
func SuggestFixes(s RepairSite) []Fix {
	line := s.Line()
	n, i, start := len(line), s.Failed(), max(s.Start(), 0)
	if i < start || i >= n {
		return nil
	}
	if len(line[i].Text) > maxRepairMoveBytes {
		// No slip of the pen writes hundreds of bytes: no edit explains
		// such a move, and each trial would read it again (a hostile
		// record's megabyte-long "move", some twenty times).
		return nil
	}
	budget := repairBudget
	var found []trial
	try := func(t trial, k int, first []string, next int) {
		if budget <= 0 {
			return
		}
		got := s.Replay(k, first, next, min(n-next, budget))
		budget -= len(first) + max(got, 0) + 1
		// A long move costs its length: the budget bounds the bytes
		// read again too, whatever the moves after the error hold.
		for _, m := range line[next:min(n, next+max(got, 0)+1)] {
			budget -= len(m.Text) / maxRepairMoveBytes
		}
		if got < 0 || next+got <= i {
			return // (it does not get past the failed move)
		}
		t.Replays, t.reach = got, next+got
		t.Whole = t.reach == n
		if kept(t, i, n) {
			found = append(found, t)
		}
	}
	at := func(k int) Fix {
		return Fix{Move: line[k].Text, MoveNumber: s.Number(k), Pos: line[k].Pos, Ply: k}
	}
	alts := s.Alternatives(i, CostOther)
	for _, a := range alts {
		f := at(i)
		f.Edit, f.Text, f.Why = EditReplace, a.Text, a.Why
		try(trial{Fix: f, cost: a.Cost, order: 0}, i, []string{a.Text}, i+1)
	}
	if i+1 < n {
		f := at(i)
		f.Edit, f.Why = EditDelete, "a move written by mistake"
		cost := 4
		switch {
		case i-1 >= start && sameMove(line[i-1].Text, line[i].Text):
			f.Why, cost = "written twice", 1
		case i-2 >= start && sameMove(line[i-2].Text, line[i].Text):
			f.Why, cost = "written twice", 2
		}
		try(trial{Fix: f, cost: cost, order: 1}, i, nil, i+1)
	}
	for _, a := range alts {
		f := at(i)
		f.Edit, f.Text, f.Why = EditInsert, a.Text, "a move left out"
		try(trial{Fix: f, cost: 3, order: 2}, i, []string{a.Text}, i)
	}
	// Two moves of one side written in the wrong order: the error shows at
	// the first of them, at the other side's move between, at the second,
	// or later, at the first move that needs the order they were played in.
	for k := i; k >= max(start, i-backSwaps); k-- {
		if k+2 >= n {
			continue
		}
		f := at(k)
		f.Edit, f.Text, f.Why, f.OtherPos = EditSwap, line[k+2].Text, "two moves of one side in the wrong order", line[k+2].Pos
		try(trial{Fix: f, cost: 2, order: 3}, k, []string{line[k+2].Text, line[k+1].Text, line[k].Text}, k+3)
	}
	earlier := func(k int) {
		if budget <= 0 {
			return // (no trial would run: the alternatives are not worked out)
		}
		for _, a := range s.Alternatives(k, CostNear) {
			if a.Cost > CostNear || sameMove(a.Text, line[k].Text) {
				continue
			}
			f := at(k)
			f.Edit, f.Text, f.Why = EditReplace, a.Text, a.Why
			try(trial{Fix: f, cost: a.Cost + 1, order: 4}, k, []string{a.Text}, k+1)
		}
	}
	lo := max(start, i-backPlies)
	for k := i - 1; k >= lo; k-- {
		earlier(k)
	}
	order(found)
	if certain(found, i) {
		// Before a fix is called certain: the same piece's moves further
		// back. A slip that wrote a legal move long before may be mended
		// as well where it shows (3-9 for 4-9 at move 20, and the 3-9 of
		// move 34 then fails: 4-9 at move 34 replays as well as 4-9 at
		// move 20). The moves before the window that touch a square of
		// the fix are tried too: one that replays as far is a tie.
		touched := map[string]bool{}
		for _, t := range []string{found[0].Move, found[0].Text} {
			for _, sq := range squaresOf(t) {
				touched[sq] = true
			}
		}
		for k := start; k < lo; k++ { // (in order: a site walks to them once)
			for _, sq := range squaresOf(line[k].Text) {
				if touched[sq] {
					earlier(k)
					break
				}
			}
		}
		order(found)
	}
	return rank(found, i)
}

// kept says whether a trial makes the plies after the failed move replay:
// FewPlies of them, or all there are.
func kept(t trial, failed, n int) bool {
	after := n - failed - 1        // plies written after the failed move
	beyond := t.reach - failed - 1 // plies after the failed move that replay
	need := min(FewPlies, after)
	if t.cost >= CostOther {
		need = FewPlies // a move unlike the one written needs the evidence
	}
	switch {
	case t.reach <= failed || beyond < need:
		return false
	case after == 0 && t.cost > CostTransposed:
		return false // the last move: nothing after it confirms anything but a clear slip
	}
	return true
}

// order sorts the trials kept, best first: the furthest the game then
// replays, then the likeliest slip.
func order(kept []trial) {
	sort.SliceStable(kept, func(a, b int) bool {
		x, y := kept[a], kept[b]
		if x.reach != y.reach {
			return x.reach > y.reach
		}
		if x.cost != y.cost {
			return x.cost < y.cost
		}
		if x.order != y.order {
			return x.order < y.order
		}
		if x.Ply != y.Ply {
			return x.Ply > y.Ply
		}
		return x.Text < y.Text
	})
}

// certain says whether the best of the trials ordered is the one edit
// after which the whole rest of the game replays, with FewPlies at least
// after the failed move to say so, and no other does as well.
func certain(kept []trial, failed int) bool {
	if len(kept) == 0 {
		return false
	}
	best := kept[0]
	alone := len(kept) == 1 || kept[1].reach < best.reach
	return best.Whole && alone && best.reach-failed-1 >= FewPlies
}

// rank gives the best of the trials ordered, the first marked certain
// when it is.
func rank(kept []trial, failed int) []Fix {
	if len(kept) == 0 {
		return nil
	}
	kept[0].Certain = certain(kept, failed)
	out := make([]Fix, 0, min(len(kept), MaxFixes))
	for _, t := range kept[:min(len(kept), MaxFixes)] {
		out = append(out, t.Fix)
	}
	return out
}

// sameMove says whether two written moves are the same text, case and
// capture marks aside.
func sameMove(a, b string) bool {
	return strings.EqualFold(normalMove(a), normalMove(b))
}

func normalMove(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ':', 'x', 'X':
			return '-'
		case ' ', '\t':
			return -1
		}
		return r
	}, s)
}

// Likeness says how like a written move a legal move is, as a slip of the
// pen: the cost of the slip and what it would be. Moves are compared as
// their squares (the words between -, x and :), so that it serves every
// notation that writes squares; neighbours, when not nil, says whether two
// squares (as written) are neighbours on the board.
func Likeness(written, legal string, neighbours func(a, b string) bool) (cost int, why string) {
	w, l := squaresOf(written), squaresOf(legal)
	switch {
	case len(w) < 2:
		return stringLikeness(written, legal)
	case equalSquares(w, l):
		return CostTransposed, "the capture mark"
	case len(w) == 2 && len(l) == 2 && w[0] == l[1] && w[1] == l[0]:
		return CostTransposed, "from and to swapped"
	case len(l) >= 2 && w[0] == l[0] && w[len(w)-1] == l[len(l)-1]:
		if strayed(w[1:len(w)-1], l[1:len(l)-1]) > 1 {
			return CostNear, "the squares of the path"
		}
		return CostTransposed, "the squares of the path"
	}
	var ws, ls string // the square that differs, written and legal
	switch {
	case len(w) == len(l) && differing(w, l) == 1:
		for i := range w {
			if w[i] != l[i] {
				ws, ls = w[i], l[i]
			}
		}
	case len(w) == 2 && len(l) > 2 && w[0] == l[0]:
		ws, ls = w[1], l[len(l)-1] // a capture written short, to the wrong square
	case len(w) == 2 && len(l) > 2 && w[1] == l[len(l)-1]:
		ws, ls = w[0], l[0]
	case transposedMove(written, legal):
		return CostTransposed, "two characters swapped"
	default:
		return CostOther, "another legal move"
	}
	switch {
	case transposed(ws, ls):
		return CostTransposed, fmt.Sprintf("the digits of %s swapped", ls)
	case neighbours != nil && neighbours(ws, ls):
		return CostNear, fmt.Sprintf("%s for %s, a neighbouring square", ws, ls)
	case nearNumber(ws, ls):
		return CostNear, fmt.Sprintf("%s for %s, a near number", ws, ls)
	case oneCharOff(ws, ls):
		return CostNear, fmt.Sprintf("%s for %s, one character wrong", ws, ls)
	}
	return CostOneSquare, fmt.Sprintf("%s for %s", ws, ls)
}

// squaresOf splits a written move into its squares, lower case, without
// spaces; nil when it is no move of squares.
func squaresOf(move string) []string {
	move = strings.ToLower(strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, move))
	parts := strings.FieldsFunc(move, func(r rune) bool { return r == '-' || r == 'x' || r == ':' })
	for _, p := range parts {
		if p == "" {
			return nil
		}
	}
	return parts
}

// strayed counts the squares of a written path (mid) that are not, in
// order, on the legal path's.
func strayed(mid, legal []string) int {
	n, j := 0, 0
	for _, m := range mid {
		k := j
		for k < len(legal) && legal[k] != m {
			k++
		}
		if k == len(legal) {
			n++
			continue
		}
		j = k + 1
	}
	return n
}

// differing counts the squares of two moves of as many squares that differ.
func differing(a, b []string) int {
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

func equalSquares(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// transposed: b is a with two neighbouring characters swapped.
func transposed(a, b string) bool {
	if len(a) != len(b) || a == b {
		return false
	}
	d := -1
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] {
			d = i
			break
		}
	}
	if d < 0 || d+1 >= len(a) || a[d] != b[d+1] || a[d+1] != b[d] {
		return false
	}
	return a[d+2:] == b[d+2:]
}

// transposedMove: the whole moves differ by two neighbouring characters
// swapped ("32-82" for "23-82" is caught by the squares; "3-228" here).
func transposedMove(a, b string) bool {
	return transposed(normalMove(strings.ToLower(a)), normalMove(strings.ToLower(b)))
}

// nearNumber: two numbers one apart.
func nearNumber(a, b string) bool {
	x, okA := atoi(a)
	y, okB := atoi(b)
	return okA && okB && (x-y == 1 || y-x == 1)
}

func atoi(s string) (int, bool) {
	if s == "" || len(s) > 6 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = 10*n + int(s[i]-'0')
	}
	return n, true
}

// oneCharOff: one character changed, added or dropped.
func oneCharOff(a, b string) bool {
	return editDistance(a, b, 1) <= 1
}

// stringLikeness compares a move that cannot be read as squares with a
// legal move as text.
func stringLikeness(written, legal string) (int, string) {
	w, l := normalMove(strings.ToLower(written)), normalMove(strings.ToLower(legal))
	switch d := editDistance(w, l, 3); {
	case w == l:
		return CostTransposed, "the same squares"
	case transposed(w, l):
		return CostTransposed, "two characters swapped"
	case d == 1:
		return CostNear, "one character wrong"
	case d == 2:
		return CostOneSquare, "two characters wrong"
	}
	return CostOther, "another legal move"
}

// editDistance is the Levenshtein distance of a and b, or bound+1 when it
// is more than bound (short strings: moves).
func editDistance(a, b string, bound int) int {
	if len(a) > 64 || len(b) > 64 {
		return bound + 1
	}
	if d := len(a) - len(b); d > bound || -d > bound {
		return bound + 1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], bound+1)
}

// AttachFixes gives the main-line move diagnostic written at pos its fixes
// (the search's, best first).
func (r *Report) AttachFixes(pos notation.Pos, fixes []Fix) {
	if len(fixes) == 0 {
		return
	}
	for i := range r.Diagnostics {
		d := &r.Diagnostics[i]
		if d.Pos == pos && !d.Variation && d.Severity == notation.Error && d.Move != "" {
			d.Fixes = fixes
			return
		}
	}
}

// TextEdit is a change of a record's text: Old, written at Pos, replaced
// by New (an insertion when Old is "").
type TextEdit struct {
	Pos      notation.Pos
	Old, New string
}

// Edits are the changes of the record's text that make the fix, each
// keeping what was written beside it as a comment ({was: 17-11}), in
// the order they stand in the text. They touch nothing but the moves
// ('arbiter fix' also moves a move number with a move it inserts or
// deletes, where the numbering asks for it: referee/fixer).
func (f Fix) Edits() []TextEdit {
	switch f.Edit {
	case EditReplace:
		return []TextEdit{{Pos: f.Pos, Old: f.Move, New: f.Text + " {was: " + f.Move + "}"}}
	case EditDelete:
		return []TextEdit{{Pos: f.Pos, Old: f.Move, New: "{was: " + f.Move + "}"}}
	case EditInsert:
		return []TextEdit{{Pos: f.Pos, New: f.Text + " {was: left out} "}}
	case EditSwap:
		return []TextEdit{
			{Pos: f.Pos, Old: f.Move, New: f.Text + " {was: " + f.Move + "}"},
			{Pos: f.OtherPos, Old: f.Text, New: f.Move + " {was: " + f.Text + "}"},
		}
	}
	return nil
}
