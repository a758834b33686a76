package referee

import (
	"fmt"
	"strings"

	"arbiter/notation"
	"arbiter/variants"
)

// Options choose the variant of the games checked.
type Options struct {
	// Variant, when set, is used for every game whatever its tags say.
	Variant *variants.Variant
	// Default, when set, is used for a record that names no rules: no
	// GameType tag and no Variant tag, and no Game tag naming another game
	// than Default's (--default-variant: an English archive without
	// GameType tags, where Variant would also override the tagged records).
	Default *variants.Variant
	// Rewrite makes Check normalise the record in place as it replays it:
	// every matched move is rewritten in its shortest unambiguous form
	// (from-to, or the full path where two captures share from and to), or
	// with its full path when FullPaths is set; moves from the first error
	// on stay as written.
	Rewrite   bool
	FullPaths bool
	// Notation, with Rewrite, also converts the squares: "numeric" or
	// "alpha" (a1-h8); the FEN tag, setups and GameType tag follow.
	Notation string
	// ShortMoves, with Rewrite, writes a move whose squares are written
	// in letters in the short notation of Russian books, the file it
	// comes from and the square it goes to ("cd4", "c:e5"), wherever no
	// other legal move has that file and square; the others as above.
	ShortMoves bool
	// Variations says how loudly what is wrong inside a variation is
	// reported: VariationsWarn (the default, also for ""), VariationsError
	// or VariationsIgnore.
	Variations string
	// Film makes families that draw (Drawer) record the main line as
	// pictures in Report.Film, for the HTML report's replay viewer.
	Film bool
	// Trace asks families that trace (Tracer) for Report.Trace: the
	// game's identity, and its positions (TraceHash, TracePrefixes,
	// TracePositions).
	Trace uint8
	// AsPlayed plays a main-line move that breaks the rules but can be
	// carried out on the board (a piece of the side to move to an empty
	// square, taking what it jumps) as written, as it stood over the board,
	// and goes on refereeing the moves after it: every later error is
	// reported too. The error stays. Families that cannot ignore it.
	AsPlayed bool
	// NoFixes skips the search for fixes of a main-line move error
	// (Diagnostic.Fixes): for a check that only asks whether the moves
	// fit, such as a family trying other rules, or a conversion.
	NoFixes bool
}

// Variations policies. A variation is an annotation (an engine's principal
// variation is often corrupt text): by default what is wrong in it is a
// warning and does not make the game invalid.
const (
	VariationsWarn   = "warn"   // reported as warnings
	VariationsError  = "error"  // reported as errors, as the main line
	VariationsIgnore = "ignore" // not replayed
)

// VariationSeverity is how loudly a finding inside a variation is
// reported under the policy: an error is a warning unless the policy is
// VariationsError.
func (o Options) VariationSeverity(sev notation.Severity) notation.Severity {
	if sev == notation.Error && o.Variations != VariationsError {
		return notation.Warning
	}
	return sev
}

// Check replays one record and reports on it. It never panics on any
// record: a record that cannot be replayed gets an error diagnostic.
//
// A record the chosen variant's family cannot read is not replayed: it gets
// a variant-family error (see ParseGameFor), which the command line makes a
// usage error. And a record with moves of which none was replayed is never
// valid without a finding that says why: if the family said nothing, Check
// adds a not-replayed error.
func Check(rec *notation.Record, opts Options) *Report {
	return Run(rec, func(rep *Report) {
		h := recordHeader(rec)
		f, game := familyOf(h)
		v, err := chooseVariant(rec, f, game, opts, rep)
		if err != nil {
			pos := rec.Pos
			if t, ok := rec.TagPos("GameType"); ok {
				pos = t.Pos
			}
			rep.ErrorAt(pos, "variant", err.Error())
			return
		}
		rep.Variant = v.Name
		vf := FamilyNamed(v.Family)
		if vf == nil {
			rep.Errorf(rec.Pos, "variant", "arbiter cannot referee %s games yet", v.Game)
			return
		}
		if _, ok := FamilyMismatch(rep); ok {
			return // found when the record was read
		}
		if tf := tagFamily(h); tf != nil && !same(tf, vf) {
			rep.ErrorAt(rec.Pos, CodeVariantFamily, fmt.Sprintf("%s is a %s variant, and this record's tags say it is a %s record (%s): %s cannot read it%s",
				v.Name, vf.Name(), tf.Name(), tagsSaying(h), vf.Name(), fitting(tf, rec, game)))
			return
		}
		vf.Check(rec, v, opts, rep)
		if t := rep.Trace; t != nil && t.Plies <= len(rec.Moves) {
			t.Finish(rec.Moves[t.Plies:])
		}
		if rep.Plies == 0 && len(rec.Moves) > 0 && !explained(rep) {
			m := rec.Moves[0]
			rep.Add(Diagnostic{Diagnostic: notation.Diagnostic{Pos: m.Pos, Severity: notation.Error, Code: CodeNotReplayed,
				Msg: fmt.Sprintf("%d %s written, and none was replayed under %s, with nothing to say why: the moves are not read as %s moves (check the rules chosen; if they are right, please report it)",
					len(rec.Moves), plural(len(rec.Moves), "move", "moves"), v.Name, vf.Name())},
				MoveNumber: max(m.Number, 1), Move: m.Text})
		}
	})
}

// Codes of the findings Check itself makes.
const (
	// CodeVariantFamily: the variant chosen for a record (--variant,
	// --default-variant, a config file) is of another game family than the
	// record, which it cannot read.
	CodeVariantFamily = "variant-family"
	// CodeNotReplayed: a record's moves were not replayed, and the family
	// that was to replay them said nothing of why.
	CodeNotReplayed = "not-replayed"
)

// FamilyMismatch returns a report's variant-family error: the variant
// chosen for the record is of a family that cannot read it.
func FamilyMismatch(rep *Report) (Diagnostic, bool) {
	for _, d := range rep.Diagnostics {
		if d.Code == CodeVariantFamily {
			return d, true
		}
	}
	return Diagnostic{}, false
}

// explained: the report has an error, or a finding about a written move,
// which says why the moves were not replayed.
func explained(rep *Report) bool {
	if rep.Errors() > 0 {
		return true
	}
	for _, d := range rep.Diagnostics {
		if d.Move != "" {
			return true
		}
	}
	return false
}

// tagsSaying names the tags of a header that say which game it is.
func tagsSaying(h Header) string {
	var out []string
	for _, t := range []struct{ name, value string }{{"Game", h.Game}, {"Variant", h.Variant}, {"GameType", h.GameType}} {
		if strings.TrimSpace(t.value) != "" {
			out = append(out, fmt.Sprintf("%s %q", t.name, strings.TrimSpace(t.value)))
		}
	}
	if len(out) == 0 {
		return fmt.Sprintf("its first move %q", h.FirstMove)
	}
	return strings.Join(out, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Run makes the report of one record: the reader's diagnostics, then what
// judge adds, sorted into file order. A panic in judge is a bug in arbiter,
// not in the record: it becomes an "internal" error and the other games go
// on. Families use it for a second replay of the same record.
func Run(rec *notation.Record, judge func(rep *Report)) (rep *Report) {
	rep = &Report{File: rec.File, Game: rec.Index, Pos: rec.Pos, Tags: rec.Tags, Record: rec}
	if n := len(rec.Diagnostics); n > 0 {
		// (Room for the reader's findings and one of the referee's: one
		// allocation, where appending them one by one grew it twice.)
		rep.Diagnostics = make([]Diagnostic, 0, n+1)
	}
	for _, d := range rec.Diagnostics {
		rep.Add(Diagnostic{Diagnostic: d})
	}
	if t, ok := rec.TagPos("Game"); ok && strings.TrimSpace(t.Value) != "" && KnownGame(t.Value) == "" {
		rep.NoteAt(t.Pos, "game-label", fmt.Sprintf("Game %q names no game arbiter has rules for: read as a label; the rules come from the other tags and the moves", strings.TrimSpace(t.Value)))
	}
	defer func() {
		if p := recover(); p != nil {
			rep.Errorf(rec.Pos, "internal", "internal error while replaying this game (please report it): %v", p)
		}
		rep.finish()
	}()
	judge(rep)
	return rep
}

// chooseVariant: the user's choice first; then the family's choice for the
// record (a draughts record's GameType tag, another game's Variant tag). A
// Game tag naming a game no family plays is an error naming the game.
func chooseVariant(rec *notation.Record, f Family, game string, opts Options, rep *Report) (*variants.Variant, error) {
	if opts.Variant != nil {
		return opts.Variant, nil
	}
	if d := opts.Default; d != nil && namesNoRules(rec) && (game == "" || game == d.Game) {
		// ParseGameFor read the record in the default's notation (or found
		// that it cannot, and said so).
		return d, nil
	}
	if f == nil || (game != "" && !gamePlayed(game)) {
		_, err := variants.ForGame(game, "")
		if err == nil {
			err = fmt.Errorf("arbiter cannot referee %s games: no game family is linked", game)
		}
		return nil, err
	}
	return f.Variant(rec, game, rep)
}

// gamePlayed says whether a linked family has builtin variants of game.
func gamePlayed(game string) bool {
	all, err := variants.Catalog()
	if err != nil {
		return false
	}
	for _, v := range all {
		if v.Game == game && FamilyNamed(v.Family) != nil {
			return true
		}
	}
	return false
}

// namesNoRules: the record has neither a GameType nor a Variant tag.
func namesNoRules(rec *notation.Record) bool {
	gt, _ := rec.Tag("GameType")
	v, _ := rec.Tag("Variant")
	return strings.TrimSpace(gt) == "" && strings.TrimSpace(v) == ""
}
