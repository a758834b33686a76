package draughts

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

// family is the draughts family as the referee core sees it. It is the
// fallback: a record that names no game and that no other family
// recognises is PDN's default, draughts.
type family struct{}

func init() { referee.RegisterFallback(family{}) }

func (family) Name() string { return "draughts" }

// Recognise is never asked of the fallback.
func (family) Recognise(referee.Header) bool { return false }

func (family) Parse(g pdn.GameText, file string) *notation.Record { return pdn.Parse(g, file) }

func (family) Write(w io.Writer, rec *notation.Record, _ string) error { return pdn.Write(w, rec) }

func (family) Check(rec *notation.Record, v *variants.Variant, opts referee.Options, rep *referee.Report) {
	check(rec, v, opts, rep)
}

// Variant: a Variant tag naming a builtin draughts variant ("papyrus",
// "damspel-315", "Frisian"), else the GameType tag, else international
// draughts, the PDN default. A Variant tag arbiter does not know, and a
// GameType and Variant that disagree, get a warning saying which rules
// were used.
func (family) Variant(rec *notation.Record, _ string, rep *referee.Report) (*variants.Variant, error) {
	t, ok := rec.TagPos("Variant")
	name := strings.TrimSpace(t.Value)
	var named *variants.Variant
	if name != "" {
		named = namedVariant(name)
	}
	var byType *variants.Variant
	var n int
	var err error
	if named == nil && !hasGameType(rec) {
		byType, n, err = untaggedVariant(rec) // the record's squares say which rules to try first
	} else {
		byType, n, err = gameTypeVariant(rec)
	}
	if !ok || name == "" || normName(name) == "standard" && n == 20 {
		return byType, err // "Standard" is the online platforms' international
	}
	if named == nil {
		used := "replayed by the GameType tag"
		if !hasGameType(rec) {
			used = "replayed"
		}
		if byType != nil {
			rep.Warnf(t.Pos, "variant", "Variant %q names no draughts variant arbiter knows (known: %s); %s as %s (choose with --variant)", name, strings.Join(draughtsNames(), ", "), used, byType.Name)
		}
		return byType, err
	}
	if hasGameType(rec) && gameTypeOf(named) != n {
		gt, _ := rec.TagPos("GameType")
		was := "no variant arbiter knows"
		if byType != nil {
			was = byType.Name
		}
		rep.Warnf(gt.Pos, "variant", "GameType %q (%s) and Variant %q disagree: replayed as %s, the rules the Variant tag names (choose with --variant)", strings.TrimSpace(gt.Value), was, name, named.Name)
	}
	return named, nil
}

// gameTypeVariant is the variant the GameType tag names, international
// draughts without one; n is the GameType number (20 without one, -1 when
// it cannot be read).
func gameTypeVariant(rec *notation.Record) (v *variants.Variant, n int, err error) {
	gt, ok := rec.Tag("GameType")
	if !ok || strings.TrimSpace(gt) == "" {
		v, err = ForGameType(20)
		return v, 20, err
	}
	num := strings.TrimSpace(gt)
	if i := strings.IndexByte(num, ','); i >= 0 {
		num = num[:i]
	}
	if d, err := strconv.Atoi(num); err == nil && len(num) < 10 && num[0] >= '0' && num[0] <= '9' {
		n = d // the common case, without fmt's scanner (every record asks)
	} else {
		var d int // (not n: its address would move it to the heap at every call)
		if _, err := fmt.Sscanf(num, "%d", &d); err != nil {
			return nil, -1, fmt.Errorf("GameType %q is not a PDN game type number; choose the rules with --variant", gt)
		}
		n = d
	}
	if v, err = ForGameType(n); err != nil {
		return nil, n, fmt.Errorf("%v; choose the rules with --variant", err)
	}
	return v, n, nil
}

// namedVariant is the builtin draughts variant a Variant tag names, as
// people write it: case, spaces and hyphens aside, with or without a
// trailing "draughts" ("Russian draughts", "Frisian"); nil when none.
func namedVariant(name string) *variants.Variant {
	if v := referee.VariantNamed("draughts", name); v != nil {
		return v
	}
	n := normName(name)
	for _, suffix := range []string{"draughts", "checkers", "dammen", "dames", "dama"} {
		if base, ok := strings.CutSuffix(n, suffix); ok && base != "" {
			if v := referee.VariantNamed("draughts", base); v != nil {
				return v
			}
		}
	}
	return nil
}

func normName(s string) string {
	return strings.NewReplacer(" ", "", "-", "", "_", "", "'", "").Replace(strings.ToLower(strings.TrimSpace(s)))
}

// gameTypeOf is the PDN GameType a variant plays under: its own number, or
// that of the variant it extends (papyrus and damspel-315 are readings of
// international draughts, GameType 20); 0 for none.
func gameTypeOf(v *variants.Variant) int {
	for i := 0; v != nil && i < 8; i++ {
		if d := SectionOf(v); d != nil && d.PDNGameType != 0 {
			return d.PDNGameType
		}
		if v.Extends == "" {
			return 0
		}
		v, _ = variants.Lookup(v.Extends)
	}
	return 0
}

// draughtsNames lists the builtin draughts variants.
func draughtsNames() []string {
	all, _ := variants.Builtin()
	var out []string
	for _, v := range all {
		if SectionOf(v) != nil {
			out = append(out, v.Name)
		}
	}
	return out
}

// namesVariant: the record's Variant tag names a builtin draughts variant.
func namesVariant(rec *notation.Record) bool {
	name, _ := rec.Tag("Variant")
	return strings.TrimSpace(name) != "" && namedVariant(name) != nil
}

func hasGameType(rec *notation.Record) bool {
	gt, ok := rec.Tag("GameType")
	return ok && strings.TrimSpace(gt) != ""
}

// replayErrors are the error codes that say the moves do not fit the rules
// (rather than that the text could not be read).
var replayErrors = map[string]bool{"illegal": true, "no-such-square": true, "fen": true, "after-end": true}

// firstReplayError is the index of the first diagnostic that says the
// moves do not fit the rules, or -1.
func firstReplayError(rep *referee.Report) int {
	for i, d := range rep.Diagnostics {
		if d.Severity == notation.Error && replayErrors[d.Code] {
			return i
		}
	}
	return -1
}
