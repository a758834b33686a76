// Package fixer applies the fixes the referee is certain of to a record
// file's text ('arbiter fix'): one best edit of a move error, after which
// the whole rest of the game replays and no other edit does as well. It
// edits the file's bytes at the moves it fixes and nowhere else, keeps what
// was written beside each fix as a comment ({was: 17-11}), and checks the
// result: every other game's text is the same byte for byte, and each game
// fixed replays to its end. What it does not fix it says, with why.
package fixer

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"

	"arbiter/notation"
	"arbiter/notation/jsonl"
	"arbiter/notation/pdn"
	"arbiter/referee"
)

// Applied is a fix made: the game, where its move error was, the finding
// and the fix.
type Applied struct {
	Game    int
	Players string
	Finding referee.Diagnostic // (its Fixes cleared)
	Fix     referee.Fix
}

// Left is a move error left as it is, and why.
type Left struct {
	Game    int
	Players string
	Finding referee.Diagnostic
	Why     string
}

// Result is what File did to one file.
type Result struct {
	// Text is the file as fixed: the input itself when nothing was fixed.
	Text    []byte
	Applied []Applied
	Left    []Left
	// Games is the number of games in the file.
	Games int
}

// ErrNotEditable: the file's text cannot be edited in place byte for byte
// (UTF-16 or UTF-32, JSON records).
var ErrNotEditable = errors.New("cannot be fixed in place")

// File reads the records of src (a whole file), checks them under opts,
// and applies the certain fixes of their main-line move errors. name is
// the file's name, for the reports.
func File(src []byte, name string, opts referee.StreamOptions) (*Result, error) {
	if why := notEditable(src); why != "" {
		return nil, fmt.Errorf("%w: %s", ErrNotEditable, why)
	}
	bom := 0
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		bom = 3 // positions count from after it
	}
	type gameEdits struct {
		applied []Applied
		edits   []edit
	}
	res := &Result{Text: src}
	var fixed []gameEdits // by game, for the games with a fix
	byGame := map[int]int{}
	others := map[int]int{} // by game, its errors that are not move errors
	err := eachGame(src, name, opts, func(g pdn.GameText, rep *referee.Report) {
		res.Games++
		others[rep.Game] = otherErrors(rep)
		var ge gameEdits
		for _, d := range rep.Diagnostics {
			if d.Severity != notation.Error || d.Move == "" || d.Variation {
				continue
			}
			finding := d
			finding.Fixes = nil
			why := leftBecause(d.Fixes)
			if why == "" {
				edits, ok, bad := fileEdits(src, bom, d.Fixes[0])
				if ok {
					ge.applied = append(ge.applied, Applied{Game: rep.Game, Players: rep.Players(), Finding: finding, Fix: d.Fixes[0]})
					ge.edits = append(ge.edits, edits...)
					continue
				}
				why = bad
			}
			res.Left = append(res.Left, Left{Game: rep.Game, Players: rep.Players(), Finding: finding, Why: why})
		}
		if len(ge.edits) > 0 {
			byGame[rep.Game] = len(fixed)
			fixed = append(fixed, ge)
		}
	})
	if err != nil {
		return nil, err
	}
	// Apply, check, and take back the fixes of any game the check does
	// not pass, until what is left passes.
	for len(fixed) > 0 {
		var all []edit
		for _, ge := range fixed {
			all = append(all, ge.edits...)
		}
		out := apply(src, all)
		bad, err := verify(src, out, name, opts, byGame, others)
		if err != nil {
			return nil, err
		}
		if len(bad) == 0 {
			res.Text = out
			for _, ge := range fixed {
				res.Applied = append(res.Applied, ge.applied...)
			}
			break
		}
		kept := fixed[:0]
		for game, i := range byGame {
			if why, no := bad[game]; no {
				for _, a := range fixed[i].applied {
					res.Left = append(res.Left, Left{Game: a.Game, Players: a.Players, Finding: a.Finding, Why: why})
				}
				fixed[i].edits = nil
			}
		}
		for _, ge := range fixed {
			if ge.edits != nil {
				kept = append(kept, ge)
			}
		}
		fixed = kept
		byGame = map[int]int{}
		for i, ge := range fixed {
			byGame[ge.applied[0].Game] = i
		}
	}
	sort.SliceStable(res.Left, func(i, j int) bool {
		a, b := res.Left[i].Finding.Pos, res.Left[j].Finding.Pos
		return a.Offset < b.Offset
	})
	return res, nil
}

// leftBecause says why the best of a finding's fixes is not applied, ""
// when it is certain.
func leftBecause(fixes []referee.Fix) string {
	switch {
	case len(fixes) == 0:
		return "no fix makes the moves after it replay"
	case fixes[0].Certain:
		return ""
	case !fixes[0].Whole:
		return fmt.Sprintf("the best fix (%s) makes only the next %d plies replay: another error follows", short(fixes[0]), fixes[0].Replays)
	case len(fixes) > 1 && fixes[1].Whole:
		var alts []string
		for _, f := range fixes {
			if f.Whole {
				alts = append(alts, short(f))
			}
		}
		return fmt.Sprintf("%d fixes make the rest of the game replay (%s): a tie is never applied", len(alts), strings.Join(alts, "; "))
	}
	return fmt.Sprintf("only %d %s follow the best fix (%s): too few to be sure", fixes[0].Replays, plural(fixes[0].Replays, "ply", "plies"), short(fixes[0]))
}

// short names a fix in a few words: "11-17 for 17-11".
func short(f referee.Fix) string {
	switch f.Edit {
	case referee.EditReplace:
		return f.Text + " for " + f.Move
	case referee.EditDelete:
		return "without " + f.Move
	case referee.EditInsert:
		return f.Text + " before " + f.Move
	case referee.EditSwap:
		return f.Move + " and " + f.Text + " swapped"
	}
	return f.Edit
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// eachGame splits src and checks each game.
func eachGame(src []byte, name string, opts referee.StreamOptions, each func(pdn.GameText, *referee.Report)) error {
	return pdn.Each(bytes.NewReader(src), opts.PDN, func(g pdn.GameText) error {
		rec := referee.ParseGameFor(g, name, opts.Options)
		rep := referee.Check(rec, opts.Options)
		if d, ok := referee.FamilyMismatch(rep); ok {
			return fmt.Errorf("game %d, line %d: %s", rep.Game, d.Pos.Line, d.Msg)
		}
		each(g, rep)
		return nil
	})
}

// notEditable says why src cannot be edited byte for byte at the offsets
// the reader gives, "" when it can: UTF-8 and the single-byte encodings
// can; UTF-16 and UTF-32 (decoded, their offsets are the UTF-8 text's)
// and JSON records (convert's) cannot.
func notEditable(src []byte) string {
	head := src[:min(len(src), 512)]
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}), bytes.HasPrefix(head, []byte{0xfe, 0xff}),
		bytes.HasPrefix(head, []byte{0, 0, 0xfe, 0xff}):
		return "the file is UTF-16 or UTF-32; convert it to UTF-8 first ('arbiter convert')"
	case bytes.IndexByte(head, 0) >= 0:
		return "the file holds zero bytes (UTF-16 without a byte-order mark?); convert it to UTF-8 first"
	}
	if _, isJSON := jsonl.Sniff(bytes.NewReader(src), ""); isJSON {
		return "the file holds JSON records ('convert --to json'); fix their PDN, or convert them back first"
	}
	return ""
}

// edit is a change of the file's bytes: n bytes at off replaced by text.
type edit struct {
	off, n int
	text   string
}

// fileEdits are the byte edits of a fix in src; ok is false, with why,
// when the file's bytes at a move are not the move as read (an encoding
// that does not keep them), or a move cannot stand in a comment.
func fileEdits(src []byte, bom int, f referee.Fix) (edits []edit, ok bool, why string) {
	for _, e := range f.Edits() {
		off := int(e.Pos.Offset) + bom
		if off < 0 || off+len(e.Old) > len(src) {
			return nil, false, "the move is not where the reader found it (please report it)"
		}
		if was := string(src[off : off+len(e.Old)]); was != e.Old {
			return nil, false, fmt.Sprintf("the file's bytes at the move (%q) are not the move as read: its encoding is not kept byte for byte", was)
		}
		if strings.ContainsAny(e.Old, "{}") {
			return nil, false, "the move holds a brace, which a {was: ...} comment cannot keep"
		}
		n := len(e.Old)
		switch f.Edit {
		case referee.EditInsert:
			// A move left out before one written with a move number ("33.
			// 49x38"): the other side's move of the number before, so it
			// goes before the number.
			off = beforeNumber(src, off)
		case referee.EditDelete:
			// A move written by mistake with its number ("32. 43-38" twice):
			// the number goes with it, or the next move would carry it.
			if j := beforeNumber(src, off); j < off {
				n += off - j
				off = j
				e.New = "{was: " + string(src[off:off+n]) + "}"
			}
		}
		edits = append(edits, edit{off: off, n: n, text: e.New})
	}
	return edits, true, ""
}

// beforeNumber is where the move number written just before off starts
// ("33. " or "33." before a move), off when there is none or it is
// written with "..." (the move after it is the second player's, and the
// move inserted the first player's, of that number).
func beforeNumber(src []byte, off int) int {
	i := off
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\n' || src[i-1] == '\r') {
		i--
	}
	if i == 0 || src[i-1] != '.' || i >= 2 && src[i-2] == '.' {
		return off
	}
	j := i - 1
	for j > 0 && src[j-1] >= '0' && src[j-1] <= '9' {
		j--
	}
	if j == i-1 || j > 0 && !(src[j-1] == ' ' || src[j-1] == '\t' || src[j-1] == '\n' || src[j-1] == '\r' || src[j-1] == '}' || src[j-1] == ')') {
		return off // no number, or digits glued to something else
	}
	return j
}

// apply makes the edits (none overlapping) on a copy of src.
func apply(src []byte, edits []edit) []byte {
	sort.Slice(edits, func(i, j int) bool { return edits[i].off < edits[j].off })
	var out bytes.Buffer
	out.Grow(len(src) + 64*len(edits))
	at := 0
	for _, e := range edits {
		if e.off < at {
			continue // overlapping: cannot be (one fix per move error)
		}
		out.Write(src[at:e.off])
		out.WriteString(e.text)
		at = e.off + e.n
	}
	out.Write(src[at:])
	return out.Bytes()
}

// verify reads the fixed text out beside src: the same number of games;
// every game without a fix the same text; every game fixed (byGame's)
// with no main-line move error left, and no more other errors than it had
// (others). It returns the games fixed that fail, with why.
func verify(src, out []byte, name string, opts referee.StreamOptions, byGame, others map[int]int) (map[int]string, error) {
	var before []string
	err := splitEach(src, opts.PDN, func(g pdn.GameText) { before = append(before, g.Text) })
	if err != nil {
		return nil, err
	}
	bad := map[int]string{}
	n := 0
	err = eachGame(out, name, opts, func(g pdn.GameText, rep *referee.Report) {
		n++
		if _, isFixed := byGame[g.Index]; !isFixed {
			if g.Index > len(before) || before[g.Index-1] != g.Text {
				bad[g.Index] = "the fixed file would read another game here (please report it)"
			}
			return
		}
		for _, d := range rep.Diagnostics {
			if d.Severity == notation.Error && d.Move != "" && !d.Variation {
				bad[g.Index] = fmt.Sprintf("fixed, it still does not replay (%s at move %d)", d.Code, d.MoveNumber)
				return
			}
		}
		if otherErrors(rep) > others[g.Index] {
			bad[g.Index] = "fixed, the game would have another error (run 'arbiter check' on it)"
		}
	})
	if err != nil {
		return nil, err
	}
	if n != len(before) {
		// The fixes changed where games begin or end: none is made.
		for game := range byGame {
			bad[game] = "fixed, the file would read as another number of games (please report it)"
		}
	}
	return bad, nil
}

// otherErrors counts a report's errors that are not about a main-line
// move (a result, a FEN, a variation under --variations error).
func otherErrors(rep *referee.Report) int {
	n := 0
	for _, d := range rep.Diagnostics {
		if d.Severity == notation.Error && (d.Move == "" || d.Variation) {
			n++
		}
	}
	return n
}

func splitEach(src []byte, opts pdn.Options, each func(pdn.GameText)) error {
	return pdn.Each(bytes.NewReader(src), opts, func(g pdn.GameText) error { each(g); return nil })
}
