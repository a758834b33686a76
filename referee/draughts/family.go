package draughts

import (
	"fmt"
	"io"
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
	check(rec, v, opts, rep, false)
}

// Variant: the GameType tag, else international draughts, the PDN default.
func (family) Variant(rec *notation.Record, _ string, _ *referee.Report) (*variants.Variant, error) {
	gt, ok := rec.Tag("GameType")
	if !ok || strings.TrimSpace(gt) == "" {
		return ForGameType(20)
	}
	num := strings.TrimSpace(gt)
	if i := strings.IndexByte(num, ','); i >= 0 {
		num = num[:i]
	}
	var n int
	if _, err := fmt.Sscanf(num, "%d", &n); err != nil {
		return nil, fmt.Errorf("GameType %q is not a PDN game type number; choose the rules with --variant", gt)
	}
	v, err := ForGameType(n)
	if err != nil {
		return nil, fmt.Errorf("%v; choose the rules with --variant", err)
	}
	return v, nil
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
func firstReplayError(rep *referee.Report) int {
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
func suggestVariants(rec *notation.Record, tried *variants.Variant, opts referee.Options, rep *referee.Report) {
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
		if v == tried || SectionOf(v) == nil {
			continue
		}
		// Judged as the record was (a variation's fault is an error only
		// under --variations error).
		if other := referee.Check(rec, referee.Options{Variant: v, Variations: opts.Variations}); other.Errors() == 0 {
			fit = append(fit, v.Name)
		}
	}
	if len(fit) == 0 {
		return // the record is wrong under any rules: nothing to suggest
	}
	msg := fmt.Sprintf("no GameType tag, so read as %s; its moves fit %s: choose with --variant or a GameType tag", tried.Name, strings.Join(fit, ", "))
	d := rep.Diagnostics[first]
	rep.WarnAt(d.Pos, "variant-guess", msg)
}
