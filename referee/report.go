// Package referee replays recorded games against a rule variant and reports
// what is wrong and where: illegal or ambiguous moves, draws a rule forced or
// allowed, and results the moves do not support. It returns values; the
// writers of referee/report turn them into text, JSON or CI annotations.
package referee

import (
	"cmp"
	"fmt"
	"slices"

	"arbiter/notation"
)

// Diagnostic is a finding about a record, with the game context a reader
// needs to act on it.
type Diagnostic struct {
	notation.Diagnostic
	// MoveNumber and Move say which written move it is about (0 and "" when
	// it is about the record as a whole, e.g. its result).
	MoveNumber int    `json:"move_number,omitempty"`
	Move       string `json:"move,omitempty"`
	// Legal lists the legal moves in the position, or the candidates of an
	// ambiguous move, in full notation where it matters.
	Legal []string `json:"legal,omitempty"`
	// FEN is the position before the move; Board draws it for a person.
	FEN   string `json:"fen,omitempty"`
	Board string `json:"-"`
	// Variation is true when the move stands in a variation, not the main line.
	Variation bool `json:"variation,omitempty"`
	// Suppressed, when set, says what suppressed the finding (suppress.go):
	// it stays in the report, and fails nothing.
	Suppressed *Suppression `json:"suppressed,omitempty"`
	// Fixes are the edits that explain a main-line move error as a slip
	// of the pen, best first (repair.go).
	Fixes []Fix `json:"fixes,omitempty"`
}

// Verdict of a game.
const (
	Valid   = "valid"   // no error (warnings allowed)
	Invalid = "invalid" // at least one error
)

// Draw classifications of a written draw.
const (
	DrawForced    = "forced"    // a rule ended the game drawn
	DrawClaimable = "claimable" // a rule let a player claim it
	DrawAgreed    = "agreed"    // no rule: the players agreed
)

// Result compares what was written with what the moves support.
type Result struct {
	Tag        string `json:"tag,omitempty"`        // the Result tag, normalised
	Terminator string `json:"terminator,omitempty"` // the game terminator
	// Derived is the result the moves force ("2-0", "0-2", "1-1" in the
	// variant's notation), "" when the game was not over by rule.
	Derived string `json:"derived,omitempty"`
	Reason  string `json:"reason,omitempty"`
	// Draw says of a written draw whether a rule forced it, made it
	// claimable, or neither.
	Draw string `json:"draw,omitempty"`
	// Claimable notes draw rules that let a player claim during the game.
	Claimable []string `json:"claimable,omitempty"`
}

// Report is the referee's verdict on one game.
type Report struct {
	File        string         `json:"file"`
	Game        int            `json:"game"`
	Pos         notation.Pos   `json:"pos"`
	Tags        []notation.Tag `json:"tags"`
	Variant     string         `json:"variant,omitempty"`
	Verdict     string         `json:"verdict"`
	Plies       int            `json:"plies"`
	Result      Result         `json:"result"`
	FinalFEN    string         `json:"final_fen,omitempty"`
	Diagnostics []Diagnostic   `json:"diagnostics"`

	// Record is the game as read, for quoting source lines. In the
	// reports of CheckInputs and CheckStream its moves are released
	// (Record.ReleaseMoves): the text, tags and positions remain.
	Record *notation.Record `json:"-"`
	// Film is the main line as pictures, when Options.Film asked for it
	// and the family draws (see Drawer).
	Film *Film `json:"-"`
	// Trace is the main line's identity and positions, when
	// Options.Trace asked for them and the family traces (Tracer).
	Trace *Trace `json:"-"`
	// Identity names the game by its tags and moves, when
	// StreamOptions.Identify asked for it (identity.go).
	Identity Identity `json:"-"`

	limits diagLimits // what is not kept (limits.go)
}

// Errors, Warnings and Notes count the report's diagnostics by severity.
func (r *Report) Errors() int   { return r.count(notation.Error) }
func (r *Report) Warnings() int { return r.count(notation.Warning) }
func (r *Report) Notes() int    { return r.count(notation.Note) }

func (r *Report) count(s notation.Severity) int {
	n := r.limits.hidden(s)
	for _, d := range r.Diagnostics {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// Players returns "White - Black" from the tags, for diagnostics.
func (r *Report) Players() string {
	w, b := tagValue(r.Tags, "White"), tagValue(r.Tags, "Black")
	if w == "" && b == "" {
		return ""
	}
	if w == "" {
		w = "?"
	}
	if b == "" {
		b = "?"
	}
	return w + " - " + b
}

func tagValue(tags []notation.Tag, name string) string {
	for _, t := range tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// Add adds a diagnostic (within the bounds of limits.go).
func (r *Report) Add(d Diagnostic) {
	if r.limits.admit(r, &d) {
		r.Diagnostics = append(r.Diagnostics, d)
		r.limits.trim(r)
	}
}

// ErrorAt and WarnAt add a diagnostic about the record at pos; Errorf and
// Warnf format its message.
func (r *Report) ErrorAt(pos notation.Pos, code, msg string) {
	r.Add(Diagnostic{Diagnostic: notation.Diagnostic{Pos: pos, Severity: notation.Error, Code: code, Msg: msg}})
}

func (r *Report) WarnAt(pos notation.Pos, code, msg string) {
	r.Add(Diagnostic{Diagnostic: notation.Diagnostic{Pos: pos, Severity: notation.Warning, Code: code, Msg: msg}})
}

// NoteAt adds a note: how the record was read, never a fault.
func (r *Report) NoteAt(pos notation.Pos, code, msg string) {
	r.Add(Diagnostic{Diagnostic: notation.Diagnostic{Pos: pos, Severity: notation.Note, Code: code, Msg: msg}})
}

func (r *Report) Errorf(pos notation.Pos, code, format string, args ...any) {
	r.ErrorAt(pos, code, fmt.Sprintf(format, args...))
}

func (r *Report) Warnf(pos notation.Pos, code, format string, args ...any) {
	r.WarnAt(pos, code, fmt.Sprintf(format, args...))
}

func (r *Report) finish() {
	// In file order, like a compiler's errors; reading and replaying
	// diagnostics interleave.
	// (slices, not sort.SliceStable: that boxes the slice, an allocation
	// a game.)
	slices.SortStableFunc(r.Diagnostics, func(a, b Diagnostic) int {
		return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
	r.foldRepeats()
	r.limits.finish(r)
	r.SetVerdict()
}

// SetVerdict: a game is invalid when it has an error that nothing
// suppressed. (Errors the limits did not keep are counted by the
// too-many-diagnostics error, which is then an error itself.)
func (r *Report) SetVerdict() {
	r.Verdict = Valid
	for i := range r.Diagnostics {
		if d := &r.Diagnostics[i]; d.Severity == notation.Error && d.Suppressed == nil {
			r.Verdict = Invalid
			return
		}
	}
}

// foldedCodes are warnings some records repeat on nearly every move (an
// export that writes "x" on plain moves): said once per game, with a count,
// like the reader's own repeated leniencies.
var foldedCodes = map[string]bool{"capture-mark": true}

func (r *Report) foldRepeats() {
	first := map[string]int{}
	count := map[string]int{}
	out := r.Diagnostics[:0]
	for _, d := range r.Diagnostics {
		if foldedCodes[d.Code] {
			count[d.Code]++
			if _, seen := first[d.Code]; seen {
				continue
			}
			first[d.Code] = len(out)
		}
		out = append(out, d)
	}
	for code, i := range first {
		if n := count[code]; n > 1 {
			out[i].Msg += fmt.Sprintf(" (%d times in this game)", n)
		}
	}
	r.Diagnostics = out
}

// Ordinal writes 3 as "third", for messages about repetitions.
func Ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return fmt.Sprintf("%dth", n)
}
