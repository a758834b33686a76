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

	// defaultNumbering reads squares in the variant's own notation,
	// whatever the GameType tag's fields say.
	defaultNumbering bool
}

// Check replays one record and reports on it. It never panics on any
// record: a record that cannot be replayed gets an error diagnostic.
func Check(rec *notation.Record, opts Options) (rep *Report) {
	rep = &Report{File: rec.File, Game: rec.Index, Pos: rec.Pos, Tags: rec.Tags, Record: rec}
	for _, d := range rec.Diagnostics {
		rep.add(Diagnostic{Diagnostic: d})
	}
	defer func() {
		if p := recover(); p != nil {
			// A bug in arbiter, not in the record: say so, keep the other games going.
			rep.errorf(rec.Pos, "internal", "internal error while replaying this game (please report it): %v", p)
		}
		rep.finish()
	}()
	v, err := chooseVariant(rec, opts, rep)
	if err != nil {
		pos := rec.Pos
		if t, ok := rec.TagPos("GameType"); ok {
			pos = t.Pos
		}
		rep.errorAt(pos, "variant", err.Error())
		return rep
	}
	rep.Variant = v.Name
	switch {
	case v.Draughts != nil:
		checkDraughts(rec, v, opts, rep)
	case v.Morris != nil:
		checkMorris(rec, v, opts, rep)
	case v.Race != nil:
		checkRace(rec, v, opts, rep)
	case v.Halma != nil:
		checkHalma(rec, v, opts, rep)
	default:
		rep.errorf(rec.Pos, "variant", "arbiter cannot referee %s games yet", v.Game)
	}
	return rep
}

func hasGameType(rec *notation.Record) bool {
	gt, ok := rec.Tag("GameType")
	return ok && strings.TrimSpace(gt) != ""
}

// replayErrors are the error codes that say the moves do not fit the rules
// (rather than that the text could not be read).
var replayErrors = map[string]bool{"illegal": true, "no-such-square": true, "fen": true}

// firstReplayError is the index of the first diagnostic that says the
// moves do not fit the rules, or -1.
func firstReplayError(rep *Report) int {
	for i, d := range rep.Diagnostics {
		if d.Severity == notation.Error && replayErrors[d.Code] {
			return i
		}
	}
	return -1
}

// suggestVariants: a record without a GameType tag whose moves break the
// default rules is replayed under every builtin draughts variant, and the
// report says which ones its moves fit, so the user can choose one.
func suggestVariants(rec *notation.Record, tried *variants.Variant, rep *Report) {
	first := firstReplayError(rep)
	if first < 0 {
		return
	}
	all, err := variants.Builtin()
	if err != nil {
		return
	}
	var fit []string
	for _, v := range all {
		if v == tried || v.Draughts == nil {
			continue
		}
		if other := Check(rec, Options{Variant: v}); other.Errors() == 0 {
			fit = append(fit, v.Name)
		}
	}
	if len(fit) == 0 {
		return // the record is wrong under any rules: nothing to suggest
	}
	msg := fmt.Sprintf("no GameType tag, so read as %s; its moves fit %s: choose with --variant or a GameType tag", tried.Name, strings.Join(fit, ", "))
	d := rep.Diagnostics[first]
	rep.warnAt(d.Pos, "variant-guess", msg)
}

// chooseVariant: the user's choice first; then, for a record with a Game
// tag other than draughts, its Variant tag (an unknown name falls back to
// the game's default variant, with a warning); for draughts the GameType
// tag, then international draughts, the PDN default.
func chooseVariant(rec *notation.Record, opts Options, rep *Report) (*variants.Variant, error) {
	if opts.Variant != nil {
		return opts.Variant, nil
	}
	if game := recordGame(rec); game != "" && game != "draughts" {
		name, _ := rec.Tag("Variant")
		if v := variantOf(game, name); v != nil {
			return v, nil // the name as people write it: "Nine Men's Morris"
		}
		v, err := variants.ForGame(game, strings.TrimSpace(name))
		if err != nil && v != nil {
			pos := rec.Pos
			if t, ok := rec.TagPos("Variant"); ok {
				pos = t.Pos
			}
			rep.warnf(pos, "variant", "%v; replayed as %s (choose with --variant)", err, v.Name)
			return v, nil
		}
		return v, err
	}
	gt, ok := rec.Tag("GameType")
	if !ok || strings.TrimSpace(gt) == "" {
		return variants.ForGameType(20)
	}
	num := strings.TrimSpace(gt)
	if i := strings.IndexByte(num, ','); i >= 0 {
		num = num[:i]
	}
	var n int
	if _, err := fmt.Sscanf(num, "%d", &n); err != nil {
		return nil, fmt.Errorf("GameType %q is not a PDN game type number; choose the rules with --variant", gt)
	}
	v, err := variants.ForGameType(n)
	if err != nil {
		return nil, fmt.Errorf("%v; choose the rules with --variant", err)
	}
	return v, nil
}
