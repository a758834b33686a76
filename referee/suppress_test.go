package referee_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"arbiter/referee"
)

// checkText checks every game of text as the stream does (suppressions
// applied), with an optional resolver of codes.
func checkText(t *testing.T, text string, opts referee.StreamOptions) []*referee.Report {
	t.Helper()
	var reps []*referee.Report
	opts.Jobs = 1
	if err := referee.CheckStream(strings.NewReader(text), "t.pdn", opts, func(r *referee.Report) error {
		reps = append(reps, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return reps
}

// findings writes a report's findings as "code" or "code (suppressed:
// reason)", in order.
func findings(rep *referee.Report) []string {
	var out []string
	for _, d := range rep.Diagnostics {
		s := d.Code
		if d.Suppressed != nil {
			s += " (" + d.Suppressed.Kind + ": " + d.Suppressed.Reason + ")"
		}
		out = append(out, s)
	}
	return out
}

// TestSuppressInline: a suppression comment before a move covers that move,
// in the tag section or before the first move the whole game, after the
// last move what follows (the result); a suppression that suppresses
// nothing is an unused-suppression warning, except for a move the replay
// never reached. The findings stay in the report, marked, and the verdict
// counts only the others. Records of every family, and JSON lines.
func TestSuppressInline(t *testing.T) {
	bruno, err := os.ReadFile("../testdata/draughts/bruno-vs-scan31-game11.pdn") // illegal 17-11 at move 32, no terminator
	if err != nil {
		t.Fatal(err)
	}
	sanmill, err := os.ReadFile("../testdata/morris/sanmill_2026-07-20_human_vs_ai.pgn")
	if err != nil {
		t.Fatal(err)
	}
	edit := func(src []byte, pairs ...string) string {
		s := string(src)
		for i := 0; i+1 < len(pairs); i += 2 {
			if !strings.Contains(s, pairs[i]) {
				t.Fatalf("no %q to edit", pairs[i])
			}
			s = strings.Replace(s, pairs[i], pairs[i+1], 1)
		}
		return s
	}
	const reason = "score sheet lost, kept as published"
	for _, tc := range []struct {
		name    string
		text    string
		verdict string
		want    []string
		unused  []string // messages of the unused-suppression warnings
	}{
		{name: "no suppression", text: string(bruno), verdict: "invalid",
			want: []string{"unknown-escape", "illegal", "no-terminator"}},
		{name: "before the move", text: edit(bruno, "43-38 17-11", "43-38 {arbiter: ignore illegal -- "+reason+"} 17-11"), verdict: "valid",
			want: []string{"unknown-escape", "illegal (inSource: " + reason + ")", "no-terminator"}},
		{name: "a line comment before the move", text: edit(bruno, "43-38 17-11", "43-38 ; arbiter: ignore illegal\n17-11"), verdict: "valid",
			want: []string{"unknown-escape", "illegal (inSource: )", "no-terminator"}},
		{name: "in the tag section: the whole game, codes by commas and spaces", text: edit(bruno, `[Round "2"]`, `[Round "2"] {arbiter: ignore illegal,no-terminator unknown-escape -- `+reason+`}`), verdict: "valid",
			want: []string{"unknown-escape (inSource: " + reason + ")", "illegal (inSource: " + reason + ")", "no-terminator (inSource: " + reason + ")"}},
		{name: "before the first move: the whole game", text: edit(bruno, " 1. 32-28", "{arbiter: ignore illegal}\n 1. 32-28"), verdict: "valid",
			want: []string{"unknown-escape", "illegal (inSource: )", "no-terminator"}},
		{name: "before another move: unused, and the error stays", text: edit(bruno, "2. 34-30", "2. {arbiter: ignore illegal} 34-30"), verdict: "invalid",
			want:   []string{"unknown-escape", "unused-suppression", "illegal", "no-terminator"},
			unused: []string{"suppression of illegal suppresses nothing: no illegal finding at the move after it (34-30)"}},
		{name: "another code before the move: unused", text: edit(bruno, "43-38 17-11", "43-38 {arbiter: ignore ambiguous} 17-11"), verdict: "invalid",
			want:   []string{"unknown-escape", "unused-suppression", "illegal", "no-terminator"},
			unused: []string{"suppression of ambiguous suppresses nothing: no ambiguous finding at the move after it (17-11)"}},
		{name: "one code of two used", text: edit(bruno, "43-38 17-11", "43-38 {arbiter: ignore illegal, result} 17-11"), verdict: "valid",
			want:   []string{"unknown-escape", "unused-suppression", "illegal (inSource: )", "no-terminator"},
			unused: []string{"suppression of result suppresses nothing: no result finding at the move after it (17-11)"}},
		{name: "a move the replay never reached says nothing", text: edit(bruno, "36. 8-13 1-6", "36. 8-13 {arbiter: ignore illegal} 1-6"), verdict: "invalid",
			want: []string{"unknown-escape", "illegal", "no-terminator"}},
		{name: "after the last move: what follows", text: edit(bruno, "17x16", "17x16 {arbiter: ignore no-terminator}"), verdict: "invalid",
			want: []string{"unknown-escape", "illegal", "no-terminator (inSource: )"}},
		{name: "no code", text: edit(bruno, "2. 34-30", "2. {arbiter: ignore -- why} 34-30"), verdict: "invalid",
			want:   []string{"unknown-escape", "unused-suppression", "illegal", "no-terminator"},
			unused: []string{"a suppression that names no code suppresses nothing: write {arbiter: ignore CODE -- why}"}},
		{name: "after the result: no game", text: edit(bruno, "17x16", "17x16 0-2 {arbiter: ignore illegal}"), verdict: "invalid",
			want:   []string{"unknown-escape", "illegal", "unused-suppression"},
			unused: []string{"a suppression after the game's result applies to no game: write it in the tag section or before the first move of the game it is for"}},
		{name: "the tournament's arbiter is no suppression", text: edit(bruno, `[Round "2"]`, `[Round "2"] {Arbiter: J. Smith} {arbiter: J. Smith}`), verdict: "invalid",
			want: []string{"unknown-escape", "illegal", "no-terminator"}},
		{name: "a pattern", text: edit(bruno, `[Round "2"]`, `[Round "2"] {arbiter: ignore no-* unknown-*}`), verdict: "invalid",
			want: []string{"unknown-escape (inSource: )", "illegal", "no-terminator (inSource: )"}},
		{name: "unused-suppression named: not said unused", text: edit(bruno, `[Round "2"]`, `[Round "2"] {arbiter: ignore unused-suppression}`), verdict: "invalid",
			want: []string{"unknown-escape", "illegal", "no-terminator"}},
		{name: "a morris record", text: edit(sanmill, `[Result "0-1"]`, `[Result "1-0"]`, "20. f6-f4 d2-d3xg1 0-1", "20. f6-f4 d2-d3xg1 {arbiter: ignore result} 1-0"), verdict: "valid",
			want: []string{"result (inSource: )"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reps := checkText(t, tc.text, referee.StreamOptions{})
			if len(reps) != 1 {
				t.Fatalf("%d reports", len(reps))
			}
			rep := reps[0]
			if got := findings(rep); strings.Join(got, "; ") != strings.Join(tc.want, "; ") {
				t.Errorf("findings\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tc.want, "\n\t"))
			}
			if rep.Verdict != tc.verdict {
				t.Errorf("verdict %s, want %s", rep.Verdict, tc.verdict)
			}
			var unused []string
			for _, d := range rep.Diagnostics {
				if d.Code == referee.CodeUnusedSuppression {
					unused = append(unused, d.Msg)
					if d.Severity.String() != "warning" {
						t.Errorf("unused-suppression is a %s", d.Severity)
					}
				}
			}
			if strings.Join(unused, "\n") != strings.Join(tc.unused, "\n") {
				t.Errorf("unused-suppression:\n\t%s\nwant\n\t%s", strings.Join(unused, "\n\t"), strings.Join(tc.unused, "\n\t"))
			}
		})
	}
}

// The front-end's resolver names the codes: an unknown one is said, with
// the resolver's words; a group resolves to many.
func TestSuppressResolver(t *testing.T) {
	bruno, _ := os.ReadFile("../testdata/draughts/bruno-vs-scan31-game11.pdn")
	text := strings.Replace(string(bruno), `[Round "2"]`, `[Round "2"] {arbiter: ignore ilegal, MOVES}`, 1)
	resolve := func(sel string) (func(string) bool, error) {
		switch sel {
		case "MOVES":
			return func(c string) bool { return c == "illegal" || c == "ambiguous" }, nil
		case "illegal", "no-terminator":
			return func(c string) bool { return c == sel }, nil
		}
		return nil, fmt.Errorf("unknown code %q (did you mean illegal?)", sel)
	}
	rep := checkText(t, text, referee.StreamOptions{Codes: resolve})[0]
	if got, want := strings.Join(findings(rep), "; "), "unknown-escape; unused-suppression; illegal (inSource: ); no-terminator"; got != want {
		t.Errorf("findings %s, want %s", got, want)
	}
	for _, d := range rep.Diagnostics {
		if d.Code == referee.CodeUnusedSuppression && d.Msg != `suppression of ilegal: unknown code "ilegal" (did you mean illegal?); it suppresses nothing` {
			t.Errorf("message %q", d.Msg)
		}
	}
}

// A suppression inside a variation covers the variation's move; under
// --variations ignore the variation is not replayed and its suppressions
// are not read. JSON lines records (convert --to json's) keep theirs.
func TestSuppressVariationsAndJSON(t *testing.T) {
	const game = "[GameType \"20\"]\n1. 32-28 (1. {arbiter: ignore illegal -- a corrupt engine line} 32-26) 19-23 2. 28x19 14x23 *\n"
	rep := checkText(t, game, referee.StreamOptions{})[0]
	if got := strings.Join(findings(rep), "; "); got != "illegal (inSource: a corrupt engine line)" {
		t.Errorf("variation: %s", got)
	}
	rep = checkText(t, game, referee.StreamOptions{Options: referee.Options{Variations: referee.VariationsIgnore}})[0]
	if got := strings.Join(findings(rep), "; "); got != "" {
		t.Errorf("--variations ignore: %s", got)
	}
	// The same game as convert --to json writes it: its comments are the
	// moves', every position its line's.
	jsonGame := `{"file":"t.pdn","game":1,"pos":{"line":1,"col":1,"offset":0},"tags":[{"name":"GameType","value":"20","pos":{"line":1,"col":1,"offset":0}}],` +
		`"moves":[{"number":1,"text":"32-28","pos":{"line":2,"col":4,"offset":0},"comments":[{"text":"arbiter: ignore illegal","pos":{"line":2,"col":10,"offset":0}}]},` +
		`{"text":"19-25","pos":{"line":2,"col":40,"offset":0}},{"number":2,"text":"28x19","pos":{"line":2,"col":49,"offset":0}}],"result":"*"}` + "\n"
	rep = checkText(t, jsonGame, referee.StreamOptions{})[0]
	if got := strings.Join(findings(rep), "; "); !strings.HasPrefix(got, "illegal (inSource: )") {
		t.Errorf("JSON lines: %s", got)
	}
}

// A game of more findings than a report keeps: the finding that counts
// those not kept is suppressed when the whole game's suppressions name
// every code among them, so the game is valid; not when one is left.
func TestSuppressTooMany(t *testing.T) {
	var b strings.Builder
	b.WriteString("[GameType \"20\"]\n%s\n1. 32-28 19-23")
	for i := 0; i < referee.MaxDiagnostics+20; i++ {
		b.WriteString(" (1... 19-19)") // an illegal variation each
	}
	b.WriteString(" *\n")
	for _, tc := range []struct{ comment string }{
		{"{arbiter: ignore illegal}"},
		{"{arbiter: ignore result}"}, // the illegal variations (errors under VariationsError) stay
	} {
		rep := checkText(t, fmt.Sprintf(b.String(), tc.comment), referee.StreamOptions{Options: referee.Options{Variations: referee.VariationsError}})[0]
		last := rep.Diagnostics[len(rep.Diagnostics)-1]
		if last.Code != referee.CodeTooMany {
			t.Fatalf("%s: last finding %s", tc.comment, last.Code)
		}
		suppressed := last.Suppressed != nil
		if want := tc.comment == "{arbiter: ignore illegal}"; suppressed != want {
			t.Errorf("%s: the count of those not kept suppressed: %v, want %v", tc.comment, suppressed, want)
		}
		if want := map[bool]string{true: "valid", false: "invalid"}[suppressed]; rep.Verdict != want {
			t.Errorf("%s: verdict %s, want %s", tc.comment, rep.Verdict, want)
		}
	}
}

// The identity of a game: the same after the file is reformatted, its tags
// reordered, comments added; another after a move or a tag value changes.
func TestIdentify(t *testing.T) {
	id := func(text string) referee.Identity {
		t.Helper()
		reps := checkText(t, text, referee.StreamOptions{Identify: true})
		if len(reps) != 1 {
			t.Fatalf("%d games in %q", len(reps), text)
		}
		return reps[0].Identity
	}
	base := id("[White \"A\"]\n[Black \"B\"]\n1. 32-28 19-23 (1... 18-23) 2. 28x19 14x23 *\n")
	for _, tc := range []struct {
		name, text string
		same, tags bool
	}{
		{"reformatted", "[White \"A\"] [Black \"B\"]\r\n\r\n 1.32-28\n19-23 ( 1... 18-23 )\t2. 28x19 14x23 *", true, true},
		{"tags reordered, a comment added", "[Black \"B\"]\n[White \"A\"]\n{arbiter: ignore illegal} 1. 32-28 19-23 {!} (1... 18-23) 2. 28x19 14x23 *", true, true},
		{"a move corrected", "[White \"A\"]\n[Black \"B\"]\n1. 32-28 19-23 (1... 18-23) 2. 28x19 14x23 3. 33-28 *", false, true},
		{"a variation dropped", "[White \"A\"]\n[Black \"B\"]\n1. 32-28 19-23 2. 28x19 14x23 *", false, true},
		{"a variation moved", "[White \"A\"]\n[Black \"B\"]\n1. 32-28 19-23 2. 28x19 (1... 18-23) 14x23 *", false, true},
		{"a tag value", "[White \"A.\"]\n[Black \"B\"]\n1. 32-28 19-23 (1... 18-23) 2. 28x19 14x23 *", false, false},
	} {
		got := id(tc.text)
		if (got.Game == base.Game) != tc.same || (got.Tags == base.Tags) != tc.tags {
			t.Errorf("%s: game %v tags %v, want %v %v", tc.name, got.Game == base.Game, got.Tags == base.Tags, tc.same, tc.tags)
		}
	}
	if len(base.Game) != 32 || len(base.Tags) != 32 {
		t.Errorf("identity %+v", base)
	}
}
