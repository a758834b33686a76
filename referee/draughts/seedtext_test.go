package draughts_test

import (
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/referee"
	_ "arbiter/referee/draughts"
	"arbiter/variants"
)

// replay checks text as `arbiter check` does (the tags choose the rules
// unless v is set) and returns its one report.
func replay(t *testing.T, text string, v *variants.Variant) *referee.Report {
	t.Helper()
	var reps []*referee.Report
	opts := referee.StreamOptions{Jobs: 1, Options: referee.Options{Variant: v}}
	if err := referee.CheckStream(strings.NewReader(text), "t.pdn", opts, func(r *referee.Report) error {
		reps = append(reps, r)
		return nil
	}); err != nil || len(reps) != 1 {
		t.Fatalf("%v, %d games", err, len(reps))
	}
	return reps[0]
}

func diagnostics(rep *referee.Report, sev notation.Severity) []string {
	var out []string
	for _, d := range rep.Diagnostics {
		if d.Severity == sev {
			out = append(out, d.Code+": "+d.Msg)
		}
	}
	return out
}

// A white king and man against a black king; 28-22 17x28 leaves one king
// against one king.
const kingAgainstKing = "[FEN \"W:WK45,28:BK17\"]\n[Result \"1-1\"]\n\n1. 28-22 17x28 "

// TestPapyrusKingAgainstKing: "Als er geen mogelijkheid is om te winnen
// (bijvoorbeeld een situatie van beiden één dam), is het remise" (Papyrus,
// seeds 000/003): one king against one king is drawn at once, by rule.
func TestPapyrusKingAgainstKing(t *testing.T) {
	papyrus, err := variants.Lookup("papyrus")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, text string
		v          *variants.Variant
		err, draw  string
		warn       string // a warning code the record must get
	}{
		{"papyrus: drawn at once, forced", "[Variant \"papyrus\"]\n" + kingAgainstKing + "1-1\n", nil, "", referee.DrawForced, ""},
		{"papyrus chosen by --variant", kingAgainstKing + "1-1\n", papyrus, "", referee.DrawForced, ""},
		// Moves played on after a rule drew the game, under a written draw:
		// a warning (issue 10's policy), the draw stands.
		{"papyrus: no move after it", "[Variant \"papyrus\"]\n" + kingAgainstKing + "2. 45-40 1-1\n", nil, "", referee.DrawForced, "after-end"},
		{"papyrus: a record that starts in it is drawn", "[Variant \"papyrus\"]\n[FEN \"W:WK45:BK17\"]\n[Result \"1-1\"]\n\n1-1\n", nil, "", referee.DrawForced, ""},
		{"international: a king against a king plays on (5 moves each)", kingAgainstKing + "2. 45-40 1-1\n", nil, "", referee.DrawAgreed, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := replay(t, "[Event \"e\"]\n"+c.text, c.v)
			errs := diagnostics(rep, notation.Error)
			if c.err == "" && len(errs) > 0 || c.err != "" && (len(errs) == 0 || !strings.HasPrefix(errs[0], c.err+":")) {
				t.Fatalf("errors %v, want %q", errs, c.err)
			}
			if warns := diagnostics(rep, notation.Warning); c.warn != "" && (len(warns) == 0 || !strings.HasPrefix(warns[0], c.warn+":")) {
				t.Fatalf("warnings %v, want %q", warns, c.warn)
			}
			if rep.Result.Draw != c.draw {
				t.Fatalf("draw %q, want %q (%s)", rep.Result.Draw, c.draw, rep.Result.Reason)
			}
			if c.draw == referee.DrawForced && !strings.Contains(rep.Result.Reason, "one king against one king") {
				t.Fatalf("reason %q", rep.Result.Reason)
			}
		})
	}
}

// TestVariantTagChoosesRules: a record names every builtin variant of its
// game with its Variant tag ("papyrus", "damspel-315", RULES.md 1), as
// people write it; an unknown name is a warning listing the known ones; a
// GameType and Variant that disagree are a warning saying which was used.
func TestVariantTagChoosesRules(t *testing.T) {
	// Kings shuttle: the position returns a third time at Black's 4th move;
	// the record says White won, which a forced draw contradicts (an error),
	// while a claimable one leaves the players' result standing.
	const shuttle = "[FEN \"W:WK36,K50:BK1,K15\"]\n\n1. 36-31 15-20 2. 31-36 20-15 3. 36-31 15-20 4. 31-36 20-15 5. 50-44 2-0\n"
	for _, c := range []struct {
		name, tags, moves, variant string
		err, warn, warnWords       string
	}{
		{"papyrus: the third repetition may be claimed, the game goes on", `[Variant "papyrus"]`, shuttle, "papyrus", "", "", ""},
		// (A record that names no rules is told which others its moves fit.)
		{"international: the third repetition ends the game", "", shuttle, "international", "after-end", "variant-guess", "its moves fit papyrus"},
		{"damspel-315 by name", `[Variant "damspel-315"]`, shuttle, "damspel-315", "after-end", "", ""},
		{"papyrus with GameType 20: one reading of international draughts", "[GameType \"20\"]\n[Variant \"papyrus\"]", shuttle, "papyrus", "", "", ""},
		{"names as people write them", `[Variant "Damspel 315"]`, shuttle, "damspel-315", "after-end", "", ""},
		{"Russian draughts", `[Variant "Russian draughts"]`, "\n1. c3-d4 f6-e5 *\n", "russian", "", "", ""},
		{"Standard is international", "[GameType \"20\"]\n[Variant \"Standard\"]", shuttle, "international", "after-end", "", ""},
		{"an unknown name: a warning with the known ones", `[Variant "papirus"]`, shuttle, "international", "after-end", "variant", "(known: antidraughts, brazilian, breakthrough, canadian"},
		{"GameType and Variant disagree: the Variant tag is used, and said", "[GameType \"25\"]\n[Variant \"papyrus\"]", shuttle, "papyrus", "", "variant", `GameType "25" (russian) and Variant "papyrus" disagree: replayed as papyrus`},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := "[Event \"e\"]\n"
			if c.tags != "" {
				text += c.tags + "\n"
			}
			rep := replay(t, text+c.moves, nil)
			if rep.Variant != c.variant {
				t.Fatalf("replayed as %s, want %s", rep.Variant, c.variant)
			}
			errs := diagnostics(rep, notation.Error)
			if c.err == "" && len(errs) > 0 || c.err != "" && (len(errs) == 0 || !strings.HasPrefix(errs[0], c.err+":")) {
				t.Fatalf("errors %v, want %q", errs, c.err)
			}
			var warns []string
			for _, w := range diagnostics(rep, notation.Warning) {
				if c.warn != "variant-guess" && strings.HasPrefix(w, "variant-guess:") {
					continue // (an unknown Variant tag names no rules: see the case above)
				}
				warns = append(warns, w)
			}
			if c.warn == "" && len(warns) > 0 || c.warn != "" && (len(warns) != 1 || !strings.HasPrefix(warns[0], c.warn+":") || !strings.Contains(warns[0], c.warnWords)) {
				t.Fatalf("warnings %v, want %s %q", warns, c.warn, c.warnWords)
			}
		})
	}
}
