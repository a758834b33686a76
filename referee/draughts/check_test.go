package draughts

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

func checkText(t *testing.T, variant *variants.Variant, text string) []*referee.Report {
	t.Helper()
	recs, err := pdn.ReadAll(strings.NewReader(text), "t.pdn", pdn.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var reps []*referee.Report
	for _, r := range recs {
		reps = append(reps, referee.Check(r, referee.Options{Variant: variant}))
	}
	return reps
}

func mustVariant(t *testing.T, name string) *variants.Variant {
	t.Helper()
	v, err := variants.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// customVariant makes a small variant file, to test a rule's mechanics with
// small counts.
func customVariant(t *testing.T, yaml string) *variants.Variant {
	t.Helper()
	v, err := variants.Parse("test.yaml", []byte(yaml))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// diagnosticsOf lists "severity code: message" for each diagnostic that is
// not a reading leniency, for comparing with a test's expectation.
func diagnosticsOf(r *referee.Report) []string {
	var out []string
	for _, d := range r.Diagnostics {
		s := fmt.Sprintf("%s %s", d.Severity, d.Code)
		if d.Move != "" {
			s += fmt.Sprintf(" %d %s", d.MoveNumber, d.Move)
		}
		if len(d.Legal) > 0 {
			s += " [" + strings.Join(d.Legal, ",") + "]"
		}
		out = append(out, s+": "+d.Msg)
	}
	return out
}

// Each case: a record, and substrings that must appear, in order, one per
// diagnostic (no more diagnostics than listed).
var refereeCases = []struct {
	name    string
	variant string
	pdn     string
	want    []string
	verdict string
	derived string
	draw    string
}{
	{name: "valid opening", pdn: `[Result "*"] 1. 32-28 19-23 2. 28x19 14x23 *`, verdict: referee.Valid},
	{name: "no piece", pdn: `1. 33-29 19-23 2. 28x19 *`,
		want: []string{"error illegal 2 28x19 [29-24,31-26,31-27,32-27,32-28,34-30,35-30,38-33,39-33]: no piece on 28"}, verdict: referee.Invalid},
	{name: "not your piece", pdn: `1. 19-23 *`,
		want: []string{"error illegal 1 19-23 [31-26,31-27,32-27,32-28,33-28,33-29,34-29,34-30,35-30]: not your piece: 19 holds a black man, and white is to move"}, verdict: referee.Invalid},
	{name: "men do not move backwards", pdn: `[FEN "W:W28:B1"] 1. 28-33 *`,
		want: []string{"error illegal 1 28-33 [28-22,28-23]: men do not move backwards"}, verdict: referee.Invalid},
	{name: "occupied", pdn: `1. 32-28 18-22 2. 33-28 *`,
		want: []string{"error illegal 2 33-28 [28-23,31-26,31-27,33-29,34-29,34-30,35-30,37-32,38-32]: 28 is occupied"}, verdict: referee.Invalid},
	{name: "capture is compulsory", pdn: `1. 32-28 19-23 2. 31-27 *`,
		want: []string{"error illegal 2 31-27 [28x19]: capture is compulsory: a capture of 1 piece is available: 28x19"}, verdict: referee.Invalid},
	{name: "majority rule", pdn: `[FEN "W:W38:B33,32,22,12"] 1. 38x29 *`,
		want: []string{"error illegal 1 38x29 [38x7]: the capture must take the most pieces: a capture of 3 pieces is available: 38x27x18x7"}, verdict: referee.Invalid},
	{name: "flying king capture", pdn: `[FEN "W:WK46:B23,5"] 1. 46x19 *`, verdict: referee.Valid},
	{name: "flying king lands anywhere behind", pdn: `[FEN "W:WK46:B23,5"] 1. 46x14 *`, verdict: referee.Valid},
	{name: "ambiguous capture", pdn: `[FEN "W:WK25:B7,13,19,20,34"] 1. 25x1 *`,
		want: []string{"error ambiguous 1 25x1 [25x9x18x1,25x14x23x1]: ambiguous: 2 captures go from 25 to 1; write the path"}, verdict: referee.Invalid},
	{name: "full path picks one", pdn: `[FEN "W:WK25:B7,13,19,20,34"] 1. 25x14x23x1 *`, verdict: referee.Valid},
	{name: "partial path picks one", pdn: `[FEN "W:WK25:B7,13,19,20,34"] 1. 25x9x1 *`,
		want: []string{"warning partial-path 1 25x9x1: capture written with part of its path; it can only be 25x9x18x1"}, verdict: referee.Valid},
	{name: "capture written with dash", pdn: `1. 32-28 19-23 2. 28-19 *`,
		want: []string{"warning capture-mark 2 28-19: a capture written with '-'"}, verdict: referee.Valid},
	// Squares with no separator between them (c3e5) make no claim either
	// way: no capture-mark warning on a capture (its message would say '-').
	{name: "a capture written with no separator", variant: "russian", pdn: `[FEN "W:Wc3:Bd4,h8"] 1. c3e5 h8g7 *`,
		want: []string{}, verdict: referee.Valid},
	{name: "no such square", pdn: `1. 32-51 *`,
		want: []string{"error no-such-square 1 32-51: 51 is not a playing square of the 10x10 board"}, verdict: referee.Invalid},
	{name: "win for the loser", pdn: `[FEN "W:W28:B23"] [Result "0-2"] 1. 28x19 0-2`,
		want:    []string{"error result: result 0-2 (black wins) contradicts the moves: black has no legal move"},
		verdict: referee.Invalid, derived: "2-0"},
	{name: "win for the winner", pdn: `[FEN "W:W28:B23"] [Result "2-0"] 1. 28x19 2-0`, verdict: referee.Valid, derived: "2-0"},
	{name: "play goes on while both can move", pdn: `[FEN "W:W28:B23,1"] 1. 28x19 1-6 2. 19-14 *`, verdict: referee.Valid},
	{name: "moves after no legal move", pdn: `[FEN "W:W28:B23"] 1. 28x19 1-7 *`,
		want: []string{"error after-end 1 1-7: move written after the game was over (black has no legal move at move 1)",
			"warning result: the result is written *, but the moves give 2-0: black has no legal move"}, verdict: referee.Invalid, derived: "2-0"},
	// Issue 10: a written 0-0 or * where the moves end the game is a
	// warning that says what the moves give.
	{name: "0-0 against a won game", pdn: `[FEN "W:W28:B23"] [Result "0-0"] 1. 28x19 0-0`,
		want: []string{"warning result: the result is written 0-0, but the moves give 2-0: black has no legal move"}, verdict: referee.Valid, derived: "2-0"},
	{name: "no result against a won game", pdn: `[FEN "W:W28:B23"] 1. 28x19`,
		want: []string{"warning result: no result is written, but the moves give 2-0", "warning no-terminator"}, verdict: referee.Valid, derived: "2-0"},
	{name: "tag and terminator disagree", pdn: `[Result "2-0"] 1. 32-28 0-2`,
		want: []string{"error result-mismatch: the game ends with 0-2 but its Result tag says 2-0"}, verdict: referee.Invalid},
	// Issue 22: "*" ends every game of many exporters (PDN's game
	// separator), the result kept in the tag: a note.
	{name: "tag decided, terminator unknown", pdn: `[Result "2-0"] 1. 32-28 *`,
		want: []string{"note result-mismatch: the game ends with * and its Result tag says 2-0 (read as the result)"}, verdict: referee.Valid},
	{name: "tag unknown, terminator decided", pdn: `[Result "*"] 1. 32-28 2-0`,
		want: []string{"warning result-mismatch: the game ends with 2-0 but its Result tag says *"}, verdict: referee.Valid},
	// Issue 22: results written with a colon are results, the Result
	// tag's too, said and compared in PDN's form: the messages never set
	// 0-1 against 0:1.
	{name: "colon result tag, dash terminator", pdn: `[Result "0:1"] 1. 32-28 0-1`,
		want: []string{"warning colon-result: Result tag written 0:1 (PDN: 0-1)"}, verdict: referee.Valid},
	{name: "colon result tag and terminator", pdn: `[Result "1/2:1/2"] 1. 32-28 1/2:1/2`,
		want: []string{"warning colon-result: Result tag written 1/2:1/2 (PDN: 1/2-1/2)", "warning colon-result: result written 1/2:1/2 (PDN: 1/2-1/2)"}, verdict: referee.Valid, draw: referee.DrawAgreed},
	{name: "colon result tag, no terminator", pdn: `[Result "2:0"] 1. 32-28`,
		want: []string{"warning colon-result: Result tag written 2:0 (PDN: 2-0)", "warning no-terminator"}, verdict: referee.Valid},
	{name: "colon result tag, * terminator", pdn: `[Result "1:1"] 1. 32-28 *`,
		want: []string{"warning colon-result: Result tag written 1:1 (PDN: 1-1)", "note result-mismatch: the game ends with * and its Result tag says 1-1"}, verdict: referee.Valid, draw: referee.DrawAgreed},
	{name: "colon result tag disagrees", pdn: `[Result "2:0"] 1. 32-28 0:2`,
		want: []string{"warning colon-result: Result tag written 2:0", "warning colon-result: result written 0:2", "error result-mismatch: the game ends with 0-2 but its Result tag says 2-0"}, verdict: referee.Invalid},
	{name: "colon result against the moves", pdn: `[FEN "W:W28:B23"] [Result "0:2"] 1. 28x19 0:2`,
		want:    []string{"warning colon-result: Result tag", "warning colon-result: result written 0:2", "error result: result 0-2 (black wins) contradicts the moves"},
		verdict: referee.Invalid, derived: "2-0"},
	{name: "colon result after a comment", pdn: `[Result "0:2"] 1. 32-28 19-23 {Black wins on time} 0:2`,
		want: []string{"warning colon-result: Result tag", "warning colon-result: result written 0:2"}, verdict: referee.Valid},
	// A variation is an annotation: what is wrong in it is a warning (see
	// TestVariationsPolicy for --variations).
	{name: "variation checked from its branch", pdn: `1. 32-28 (1. 33-28 18-22 2. 39-33) (1. 31-26 19-23 2. 26-31) 19-23 *`,
		want: []string{"warning illegal 2 26-31"}, verdict: referee.Valid},
	{name: "setup in movetext", pdn: `/FEN "W:W28:B23,1"/ 1. 28x19 *`, verdict: referee.Valid},
	{name: "black to move from FEN", pdn: `[FEN "B:W28,32:B19,1"] 1... 19-23 2. 28x19 *`, verdict: referee.Valid},
	{name: "bad FEN", pdn: `[FEN "W:W28:B99"] 1. 28-22 *`, want: []string{"error fen: FEN tag"}, verdict: referee.Invalid},
	{name: "move number slip warned once", pdn: `1. 32-28 19-23 3. 28x19 14x23 4. 37-32 *`,
		want: []string{"warning move-number 2 28x19: move number 3 written where 2 was expected"}, verdict: referee.Valid},
	{name: "a man passing the far row in a capture stays a man", pdn: `[FEN "W:W13:B9,10,36"] 1. 13x4x15 36-41 2. 15-20 *`,
		want: []string{"error illegal 2 15-20 [15-10]: men do not move backwards"}, verdict: referee.Invalid},
	{name: "a man ending on the far row is a king", pdn: `[FEN "W:W13:B9,36"] 1. 13x4 36-41 2. 4-15 *`,
		want: []string{}, verdict: referee.Valid},
	// The three draw readings.
	{name: "international: third repetition ends the game", variant: "international",
		pdn:  `[FEN "W:WK46,31,32,33:BK5,18,19,20"] [Result "1-1"] 1. 46-41 5-10 2. 41-46 10-5 3. 46-41 5-10 4. 41-46 10-5 1-1`,
		want: []string{}, verdict: referee.Valid, derived: "1-1", draw: referee.DrawForced},
	// Issue 10: moves played on after a draw rule fired are a warning
	// naming the rule and the move under a written draw or no result, an
	// error under a written win; they are still checked, and the derived
	// result is the draw.
	{name: "international: moves after the repetition", variant: "international",
		pdn:  `[FEN "W:WK46,31,32,33:BK5,18,19,20"] [Result "1-1"] 1. 46-41 5-10 2. 41-46 10-5 3. 46-41 5-10 4. 41-46 10-5 5. 46-41 1-1`,
		want: []string{"warning after-end 5 46-41: moves played on after the game was drawn at move 4 (the same position for the third time)"}, verdict: referee.Valid, derived: "1-1"},
	{name: "international: moves after the repetition, no result", variant: "international",
		pdn: `[FEN "W:WK46,31,32,33:BK5,18,19,20"] 1. 46-41 5-10 2. 41-46 10-5 3. 46-41 5-10 4. 41-46 10-5 5. 46-41 *`,
		want: []string{"warning after-end 5 46-41: moves played on after the game was drawn at move 4",
			"warning result: the result is written *, but the moves give 1-1: draw: the same position for the third time"}, verdict: referee.Valid, derived: "1-1"},
	{name: "international: moves after the repetition, a win written", variant: "international",
		pdn: `[FEN "W:WK46,31,32,33:BK5,18,19,20"] [Result "2-0"] 1. 46-41 5-10 2. 41-46 10-5 3. 46-41 5-10 4. 41-46 10-5 5. 46-41 2-0`,
		want: []string{"error after-end 5 46-41: the game was drawn at move 4 (the same position for the third time), so the written 2-0 cannot stand",
			"error result: result 2-0 (white wins) contradicts the moves"}, verdict: referee.Invalid, derived: "1-1"},
	{name: "international: an impossible move after the repetition", variant: "international",
		pdn:  `[FEN "W:WK46,31,32,33:BK5,18,19,20"] [Result "1-1"] 1. 46-41 5-10 2. 41-46 10-5 3. 46-41 5-10 4. 41-46 10-5 5. 46-41 5-50 1-1`,
		want: []string{"warning after-end 5 46-41", "error illegal 5 5-50"}, verdict: referee.Invalid, derived: "1-1"},
	{name: "papyrus: repetition is only claimable", variant: "papyrus",
		pdn:     `[FEN "W:WK46,31,32,33:BK5,18,19,20"] [Result "1-1"] 1. 46-41 5-10 2. 41-46 10-5 3. 46-41 5-10 4. 41-46 10-5 5. 46-41 1-1`,
		verdict: referee.Valid, draw: referee.DrawClaimable},
	{name: "damspel-315: the same move three times", variant: "damspel-315",
		pdn:  `[FEN "W:WK47,31,32,33:BK4,18,19,20"] [Result "1-1"] 1. 47-41 18-22 2. 41-47 19-24 3. 47-41 20-25 4. 41-47 25-30 5. 47-41 30-35 1-1`,
		want: []string{"warning after-end 5 30-35: moves played on after the game was drawn at move 5 (white played the same move 3 times in a row)"}, verdict: referee.Valid, derived: "1-1"},
	{name: "damspel-315: back to the same position twice ends the game", variant: "damspel-315",
		pdn:  `[FEN "W:WK46,31,32,33:BK5,18,19,20"] [Result "1-1"] 1. 46-41 5-10 2. 41-46 10-5 3. 46-41 5-10 4. 41-46 10-5 5. 46-41 1-1`,
		want: []string{"warning after-end 5 46-41: moves played on after the game was drawn at move 4 (the same position for the third time)"}, verdict: referee.Valid, derived: "1-1"},
	{name: "international: agreed draw", variant: "international",
		pdn: `[Result "1-1"] 1. 32-28 19-23 1-1`, verdict: referee.Valid, draw: referee.DrawAgreed},
}

func TestReferee(t *testing.T) {
	for _, tc := range refereeCases {
		t.Run(tc.name, func(t *testing.T) {
			var v *variants.Variant
			if tc.variant != "" {
				v = mustVariant(t, tc.variant)
			}
			reps := checkText(t, v, tc.pdn)
			if len(reps) != 1 {
				t.Fatalf("%d games read, want 1", len(reps))
			}
			r := reps[0]
			got := diagnosticsOf(r)
			if tc.want != nil {
				if len(got) != len(tc.want) {
					t.Fatalf("diagnostics:\n  %s\nwant %d:\n  %s", strings.Join(got, "\n  "), len(tc.want), strings.Join(tc.want, "\n  "))
				}
				for i := range got {
					if !strings.Contains(got[i], tc.want[i]) {
						t.Errorf("diagnostic %d = %q, want it to contain %q", i, got[i], tc.want[i])
					}
				}
			}
			if r.Verdict != tc.verdict {
				t.Errorf("verdict %s, want %s; diagnostics:\n  %s", r.Verdict, tc.verdict, strings.Join(got, "\n  "))
			}
			if tc.derived != "" && r.Result.Derived != tc.derived {
				t.Errorf("derived result %q (%s), want %q", r.Result.Derived, r.Result.Reason, tc.derived)
			}
			if tc.draw != "" && r.Result.Draw != tc.draw {
				t.Errorf("draw %q, want %q (claims %v, derived %q)", r.Result.Draw, tc.draw, r.Result.Claimable, r.Result.Derived)
			}
		})
	}
}

// kingWalk writes n plies of quiet king moves from fen that repeat no
// position and leave the opponent no capture, so that only the rule under
// test can end the game.
func kingWalk(t *testing.T, fen string, n int) string {
	t.Helper()
	r := International()
	p, err := r.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[Position]bool{p: true}
	var b strings.Builder
	for ply := 0; ply < n; ply++ {
		found := false
		for _, mv := range r.LegalMoves(&p, false, nil) {
			if mv.IsCapture() || !p.At(mv.From).IsKing() {
				continue
			}
			q := r.Play(p, mv)
			next := r.LegalMoves(&q, false, nil)
			if seen[q] || len(next) == 0 || next[0].IsCapture() {
				continue
			}
			b.WriteString(mv.String() + " ")
			p, seen[q], found = q, true, true
			break
		}
		if !found {
			t.Fatalf("no quiet king move at ply %d from %s", ply, r.FEN(p))
		}
	}
	return b.String()
}

func TestFiveMoveEndgame(t *testing.T) {
	fen := "W:WK46,K47:BK4"
	intl := mustVariant(t, "international")
	// Two kings against one: drawn after 5 moves each, so the 11th ply is
	// after the end.
	text := fmt.Sprintf(`[FEN %q] [Result "1-1"] %s 1-1`, fen, kingWalk(t, fen, 10))
	r := checkText(t, intl, text)[0]
	if r.Verdict != referee.Valid || r.Result.Derived != "1-1" || r.Result.Draw != referee.DrawForced {
		t.Errorf("10 plies: %s derived %q draw %q %v", r.Verdict, r.Result.Derived, r.Result.Draw, diagnosticsOf(r))
	}
	text = fmt.Sprintf(`[FEN %q] [Result "1-1"] %s 1-1`, fen, kingWalk(t, fen, 11))
	r = checkText(t, intl, text)[0]
	if got := diagnosticsOf(r); len(got) != 1 || !strings.Contains(got[0], "after-end 6") || !strings.Contains(got[0], "two pieces or a king against a lone king: 5 moves by each side") {
		t.Errorf("11 plies: %v", got)
	}
	// The papyrus reading has no 5-move rule for a king and a man.
	fen = "W:WK46,45:BK4"
	text = fmt.Sprintf(`[FEN %q] %s *`, fen, kingWalk(t, fen, 12))
	if r := checkText(t, mustVariant(t, "papyrus"), text)[0]; r.Result.Derived != "" {
		t.Errorf("papyrus, king and man against a king: derived %q", r.Result.Derived)
	}
	if r := checkText(t, intl, text)[0]; r.Result.Derived != "1-1" || !strings.Contains(r.Result.Reason, "5 moves by each side") {
		t.Errorf("international, king and man against a king: derived %q (%s), want the 5-move rule to end it", r.Result.Derived, r.Result.Reason)
	}
}

// Rule mechanics with small counts, through user variant files.
func TestDrawRuleMechanics(t *testing.T) {
	kingMoves := customVariant(t, `name: km
extends: international
draughts:
  draw:
    repetition: null
    endgames: []
    king_moves: {count: 2, effect: forced}
`)
	fen := "W:WK46,45:BK4,6"
	// Two king moves each, no capture: drawn after black's second move.
	reps := checkText(t, kingMoves, fmt.Sprintf(`[FEN %q] [Result "1-1"] %s 45-40 1-1`, fen, kingWalk(t, fen, 4)))
	if got := diagnosticsOf(reps[0]); len(got) != 1 || !strings.Contains(got[0], "2 moves by each side with kings only") {
		t.Errorf("king_moves: %v", got)
	}
	// A man move resets the count.
	reps = checkText(t, kingMoves, fmt.Sprintf(`[FEN %q] 45-40 %s *`, fen, kingWalk(t, "B:WK46,40:BK4,6", 3)))
	if got := diagnosticsOf(reps[0]); len(got) != 0 {
		t.Errorf("king_moves after a man move: %v", got)
	}

	endgame := customVariant(t, `name: eg
extends: international
draughts:
  draw:
    repetition: null
    endgames:
      - {name: two kings against one, strong: [KK], weak: [K], moves: 2, effect: claimable}
`)
	fen = "W:WK46,K47:BK4"
	reps = checkText(t, endgame, fmt.Sprintf(`[FEN %q] [Result "1-1"] %s 1-1`, fen, kingWalk(t, fen, 4)))
	r := reps[0]
	if r.Result.Draw != referee.DrawClaimable || len(r.Result.Claimable) != 1 || !strings.Contains(r.Result.Claimable[0], "two kings against one: 2 moves by each side") {
		t.Errorf("claimable endgame: draw %q claims %v %v", r.Result.Draw, r.Result.Claimable, diagnosticsOf(r))
	}
}

func TestGameTypeChoosesVariant(t *testing.T) {
	reps := checkText(t, nil, `[GameType "20,W,10,10,N2,0"] 1. 32-28 *

[GameType "95"] 1. 32-28 *

[GameType "x"] 1. 32-28 *
`)
	if reps[0].Variant != "international" || reps[0].Verdict != referee.Valid {
		t.Errorf("GameType 20: %s %s", reps[0].Variant, reps[0].Verdict)
	}
	for _, r := range reps[1:] {
		if got := diagnosticsOf(r); len(got) != 1 || !strings.Contains(got[0], "error variant") || !strings.Contains(got[0], "--variant") {
			t.Errorf("GameType not known: %v", got)
		}
	}
}

// FMJD 6.4 (and the Papyrus sheet): three pieces, one a king, against a
// lone king are drawn after 16 moves each; the 33rd ply comes after the end.
func TestSixteenMoveEndgame(t *testing.T) {
	for _, name := range []string{"international", "papyrus"} {
		v := mustVariant(t, name)
		fen := "W:WK46,K47,28:BK4"
		text := fmt.Sprintf(`[FEN %q] [Result "1-1"] %s 1-1`, fen, kingWalk(t, fen, 32))
		if r := checkText(t, v, text)[0]; r.Verdict != referee.Valid || r.Result.Derived != "1-1" || r.Result.Draw != referee.DrawForced {
			t.Errorf("%s, 32 plies: %s derived %q draw %q %v", name, r.Verdict, r.Result.Derived, r.Result.Draw, diagnosticsOf(r))
		}
		text = fmt.Sprintf(`[FEN %q] [Result "1-1"] %s 1-1`, fen, kingWalk(t, fen, 33))
		r := checkText(t, v, text)[0]
		if got := diagnosticsOf(r); len(got) != 1 || !strings.Contains(got[0], "after-end 17") || !strings.Contains(got[0], "16 moves by each side") {
			t.Errorf("%s, 33 plies: %v", name, got)
		}
	}
}

// FMJD 6.3: 25 moves by each side with only kings moved and no capture
// end the game drawn; the 51st such ply comes after the end.
func TestTwentyFiveKingMoves(t *testing.T) {
	intl := mustVariant(t, "international")
	fen := "W:WK46,K47,45:BK4,K3,6"
	text := fmt.Sprintf(`[FEN %q] [Result "1-1"] %s 1-1`, fen, kingWalk(t, fen, 50))
	if r := checkText(t, intl, text)[0]; r.Verdict != referee.Valid || r.Result.Draw != referee.DrawForced || !strings.Contains(r.Result.Reason, "25 moves by each side with kings only") {
		t.Errorf("50 plies: %s %+v %v", r.Verdict, r.Result, diagnosticsOf(r))
	}
	text = fmt.Sprintf(`[FEN %q] [Result "1-1"] %s 1-1`, fen, kingWalk(t, fen, 51))
	if got := diagnosticsOf(checkText(t, intl, text)[0]); len(got) != 1 || !strings.Contains(got[0], "after-end 26") {
		t.Errorf("51 plies: %v", got)
	}
}

// A record given otherwise than by a reader (a JSON record) may nest
// variations deeper than notation.MaxDepth: the replay stops there, with
// one too-deep warning, so its depth and cost stay bounded; a rewrite
// still reaches every level.
func TestReplayStopsAtMaxDepth(t *testing.T) {
	// Every level is another legal first move, so that nothing else is
	// said; the deepest starts from a setup, which a rewrite converts.
	first := []string{"31-26", "31-27", "32-27", "33-28", "33-29", "34-29", "34-30", "35-30"}
	nested := func(depth int) (*notation.Record, *notation.Move) {
		rec := &notation.Record{File: "t.pdn", Index: 1, Pos: notation.Pos{Line: 1, Col: 1}, Result: "*",
			Tags: []notation.Tag{{Name: "GameType", Value: "20"}}}
		m := &notation.Move{Number: 1, Text: "32-28", Pos: notation.Pos{Line: 1, Col: 4}}
		rec.Moves = notation.Line{m}
		for d := 1; d <= depth; d++ {
			v := &notation.Move{Number: 1, Text: first[d%len(first)], Pos: notation.Pos{Line: 1 + d, Col: 4}}
			m.Variations = []notation.Line{{v}}
			m = v
		}
		m.Setup = "W:W31,32:B1"
		m.Text = "32-28"
		return rec, m
	}
	for _, tc := range []struct {
		depth int
		want  []string
	}{
		{notation.MaxDepth, nil},
		{notation.MaxDepth + 1, []string{fmt.Sprintf("warning too-deep: variation inside %d others: not replayed", notation.MaxDepth)}},
		{5000, []string{fmt.Sprintf("warning too-deep: variation inside %d others: not replayed", notation.MaxDepth)}},
	} {
		rec, deepest := nested(tc.depth)
		rep := referee.Check(rec, referee.Options{Variant: mustVariant(t, "international"), Rewrite: true, Notation: "alpha"})
		if got := diagnosticsOf(rep); !slices.Equal(got, tc.want) {
			t.Errorf("depth %d: %q, want %q", tc.depth, got, tc.want)
		}
		if deepest.Setup == "W:W31,32:B1" {
			t.Errorf("depth %d: the deepest setup was not rewritten", tc.depth)
		}
	}
}
