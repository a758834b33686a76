package draughts

import (
	"os"
	"strings"
	"testing"

	"arbiter/notation/pdn"
	"arbiter/referee"
)

// Issue 10: what an arbiter wants reported, and how loudly; the online
// platform's variants; messages for garbled capture paths.

func checkWith(t *testing.T, opts referee.Options, text string) *referee.Report {
	t.Helper()
	recs, err := pdn.ReadAll(strings.NewReader(text), "t.pdn", pdn.Options{})
	if err != nil || len(recs) != 1 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	return referee.Check(recs[0], opts)
}

// wantDiagnostics checks that the report's diagnostics contain the wanted
// substrings, one per diagnostic, in order, and nothing else.
func wantDiagnostics(t *testing.T, r *referee.Report, verdict string, want ...string) {
	t.Helper()
	got := diagnosticsOf(r)
	if len(got) != len(want) {
		t.Fatalf("diagnostics:\n  %s\nwant %d:\n  %s", strings.Join(got, "\n  "), len(want), strings.Join(want, "\n  "))
	}
	for i := range got {
		if !strings.Contains(got[i], want[i]) {
			t.Errorf("diagnostic %d = %q, want it to contain %q", i, got[i], want[i])
		}
	}
	if r.Verdict != verdict {
		t.Errorf("verdict %s, want %s", r.Verdict, verdict)
	}
}

// An engine's principal variation with an impossible move in it.
const pvRecord = `[Event "Engine match"] [Result "*"]
1. 32-28 {%eval 0.05} (1. 33-28 18-22 2. 39-33 {%eval 0.10} 2... 12-18 3. 33-38) 19-23 *`

func TestVariationsPolicy(t *testing.T) {
	for _, tc := range []struct {
		policy  string
		verdict string
		want    []string
	}{
		{"", referee.Valid, []string{"warning illegal 3 33-38"}},
		{referee.VariationsWarn, referee.Valid, []string{"warning illegal 3 33-38"}},
		{referee.VariationsError, referee.Invalid, []string{"error illegal 3 33-38"}},
		{referee.VariationsIgnore, referee.Valid, nil},
	} {
		t.Run(tc.policy, func(t *testing.T) {
			r := checkWith(t, referee.Options{Variations: tc.policy}, pvRecord)
			wantDiagnostics(t, r, tc.verdict, tc.want...)
			for _, d := range r.Diagnostics {
				if !d.Variation {
					t.Errorf("%s: not marked as in a variation", d.Msg)
				}
			}
		})
	}
	// The main line is judged as before whatever the policy.
	r := checkWith(t, referee.Options{Variations: referee.VariationsIgnore}, `1. 32-28 (1. 33-28) 19-23 2. 28-33 *`)
	wantDiagnostics(t, r, referee.Invalid, "error illegal 2 28-33")
}

// Two captures from 35 to 2 take different men; the move after the
// capture (29-33 or 39-43) can be played after only one of them.
const ambiguousFEN = "W:W35,48:B7,17,28,29,30,39,40"

func TestAmbiguousCaptureResolvedByContinuation(t *testing.T) {
	tests := []struct {
		name, moves string
		verdict     string
		want        string
	}{
		{"29-33 needs 29 left standing", "1. 35x2 29-33 2. 2x35 *", referee.Valid,
			"warning ambiguous 1 35x2 [35x24x33x22x11x2,35x44x33x22x11x2]: 2 captures go from 35 to 2, and only 35x44x33x22x11x2 lets the moves after it be played"},
		{"39-43 needs 39 left standing", "1. 35x2 39-43 *", referee.Valid,
			"warning ambiguous 1 35x2 [35x24x33x22x11x2,35x44x33x22x11x2]: 2 captures go from 35 to 2, and only 35x24x33x22x11x2 lets"},
		{"a move neither allows", "1. 35x2 7-12 *", referee.Invalid,
			"error ambiguous 1 35x2 [35x24x33x22x11x2,35x44x33x22x11x2]: ambiguous: 2 captures go from 35 to 2; write the path; the moves after it do not tell which"},
		{"nothing after it", "1. 35x2 *", referee.Invalid,
			"error ambiguous 1 35x2 [35x24x33x22x11x2,35x44x33x22x11x2]: ambiguous: 2 captures go from 35 to 2; write the path"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := checkWith(t, referee.Options{}, `[FEN "`+ambiguousFEN+`"] `+tc.moves)
			wantDiagnostics(t, r, tc.verdict, tc.want)
		})
	}
	// The proven path is the one replayed: the position after it is the
	// one the continuation needs.
	r := checkWith(t, referee.Options{}, `[FEN "`+ambiguousFEN+`"] 1. 35x2 29-33 *`)
	if r.FinalFEN != "W:WK2,48:B30,33" {
		t.Errorf("final position %s", r.FinalFEN)
	}
	// convert writes the proven path in full.
	recs, _ := pdn.ReadAll(strings.NewReader(`[FEN "`+ambiguousFEN+`"] 1. 35x2 29-33 *`), "t.pdn", pdn.Options{})
	referee.Check(recs[0], referee.Options{Rewrite: true})
	if got := recs[0].Moves[0].Text; got != "35x44x33x22x11x2" {
		t.Errorf("rewritten as %s", got)
	}
}

// Issue 10, item 6: a capture whose squares make no capture is explained by
// the legal capture with the same start and end, else the same start, else
// the same end; a real capture the precedence forbids keeps the rule's
// sentence.
func TestGarbledCapturePaths(t *testing.T) {
	tests := []struct{ name, fen, move, want string }{
		{"same start and end", ambiguousFEN, "35x24x29x2",
			"no capture goes 35x24x29x2 (the squares between do not make a capture path); the legal captures from 35 to 2 are 35x24x33x22x11x2, 35x44x33x22x11x2"},
		{"same start", ambiguousFEN, "35x44x33x22x12",
			"no capture goes 35x44x33x22x12; the legal captures from 35 are 35x24x33x22x11x2, 35x44x33x22x11x2"},
		{"a capture stopped half-way", "W:W29,45,47,48:B1,3,4,11,12,23", "29x18",
			"no capture goes 29x18; the legal capture from 29 is 29x18x7x16"},
		{"same end", "W:W29,38,47,48:B1,3,4,11,12,23", "38x16",
			"no capture goes 38x16; the legal capture landing on 16 is 29x18x7x16"},
		{"no capture of that piece", "W:W29,45,47,48:B1,3,4,11,12,23", "45x34",
			"no capture goes 45x34; capture is compulsory: the legal capture here is 29x18x7x16"},
		{"a real capture of fewer pieces", "W:W29,45,47,48:B1,3,4,11,12,23,40", "45x34",
			"the capture must take the most pieces: a capture of 3 pieces is available: 29x18x7x16"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := checkWith(t, referee.Options{Variant: mustVariant(t, "international")}, `[FEN "`+tc.fen+`"] 1. `+tc.move+` *`)
			wantDiagnostics(t, r, referee.Invalid, "error illegal 1 "+tc.move)
			if got := r.Diagnostics[0].Msg; !strings.Contains(got, tc.want) {
				t.Errorf("message %q, want %q", got, tc.want)
			}
		})
	}
}

// RULES.md section 8: GameType 96, Breakthrough: international rules; the
// first player to make a king wins.
func TestBreakthrough(t *testing.T) {
	r := checkWith(t, referee.Options{}, `[GameType "96"] [FEN "W:W6,30:B45"] [Result "2-0"] 1. 6-1 2-0`)
	wantDiagnostics(t, r, referee.Valid)
	if r.Variant != "breakthrough" || r.Result.Derived != "2-0" || !strings.Contains(r.Result.Reason, "white made a king") {
		t.Errorf("%s: derived %q (%s)", r.Variant, r.Result.Derived, r.Result.Reason)
	}
	// The game is over at once: a move after the king is an error.
	r = checkWith(t, referee.Options{}, `[GameType "96"] [FEN "W:W6,30:B45"] [Result "2-0"] 1. 6-1 45-50 2-0`)
	wantDiagnostics(t, r, referee.Invalid, "error after-end 1 45-50: move written after the game was over (white made a king at move 1)")
	// Black makes the first king: black wins, whatever else is on the board.
	r = checkWith(t, referee.Options{}, `[GameType "96"] [FEN "B:W6,7,8:B44"] [Result "2-0"] 1... 44-49 2-0`)
	wantDiagnostics(t, r, referee.Invalid, "error result: result 2-0 (white wins) contradicts the moves: black made a king, so the result is 0-2")
	// Under international rules the same game goes on.
	r = checkWith(t, referee.Options{}, `[GameType "20"] [FEN "W:W6,30:B45"] 1. 6-1 45-50 *`)
	wantDiagnostics(t, r, referee.Valid)
	// A king taken from the FEN is no new king: moving it wins nothing.
	r = checkWith(t, referee.Options{}, `[GameType "96"] [FEN "W:WK46,30:B5"] 1. 46-41 5-10 *`)
	wantDiagnostics(t, r, referee.Valid)
}

// RULES.md section 8: GameType 98, Antidraughts: international move rules;
// a player who has no legal move (no pieces left, or all blocked) wins.
func TestAntidraughts(t *testing.T) {
	// Black loses its last man: black wins.
	r := checkWith(t, referee.Options{}, `[GameType "98"] [FEN "W:W33:B28"] [Result "0-2"] 1. 33x22 0-2`)
	wantDiagnostics(t, r, referee.Valid)
	if r.Variant != "antidraughts" || r.Result.Derived != "0-2" {
		t.Errorf("%s: derived %q (%s)", r.Variant, r.Result.Derived, r.Result.Reason)
	}
	r = checkWith(t, referee.Options{}, `[GameType "98"] [FEN "W:W33:B28"] [Result "2-0"] 1. 33x22 2-0`)
	wantDiagnostics(t, r, referee.Invalid, "error result: result 2-0 (white wins) contradicts the moves: black has no legal move and so wins, so the result is 0-2")
	// Blocked, pieces still on the board: white, to move, cannot and wins.
	r = checkWith(t, referee.Options{}, `[GameType "98"] [FEN "B:W46:B37,41,19"] [Result "2-0"] 1... 19-23 2-0`)
	wantDiagnostics(t, r, referee.Valid)
	if r.Result.Derived != "2-0" {
		t.Errorf("blocked: derived %q (%s)", r.Result.Derived, r.Result.Reason)
	}
	// Captures are compulsory as in international draughts.
	r = checkWith(t, referee.Options{}, `[GameType "98"] [FEN "W:W33,45:B28"] 1. 45-40 *`)
	wantDiagnostics(t, r, referee.Invalid, "error illegal 1 45-40 [33x22]")
}

// The online platform's FEN counts, in H, the half-moves already played
// since a drawing material balance appeared: the endgame rule counts on
// from there.
func TestFENHalfMoveCounter(t *testing.T) {
	intl := mustVariant(t, "international")
	fen := "W:WK26,K48:BK3"
	walk := kingWalk(t, fen, 4)
	// Two kings against one: drawn after 5 moves each (10 plies). With 6
	// half-moves already played, the 4th ply here ends it.
	r := checkWith(t, referee.Options{Variant: intl}, `[FEN "`+fen+`:H6:F40"] [Result "1-1"] `+walk+` 1-1`)
	if r.Result.Derived != "1-1" || r.Result.Draw != referee.DrawForced {
		t.Errorf("H6: derived %q draw %q %v", r.Result.Derived, r.Result.Draw, diagnosticsOf(r))
	}
	r = checkWith(t, referee.Options{Variant: intl}, `[FEN "`+fen+`:H0:F40"] [Result "1-1"] `+walk+` 1-1`)
	if r.Result.Derived != "" || r.Result.Draw != referee.DrawAgreed {
		t.Errorf("H0: derived %q draw %q %v", r.Result.Derived, r.Result.Draw, diagnosticsOf(r))
	}
}

// A real record (schildpad - ArthurdeSwart): 35. 36x16 has two paths.
// After 36x18x7x16 the moves replay up to 43. 49x16, itself ambiguous;
// after 36x13x2x16 the whole rest replays. The record reads one way
// without a second guess: a warning naming that path, not an error.
func TestAmbiguityPrefersAContinuationWithoutAnother(t *testing.T) {
	src, err := os.ReadFile("../../testdata/draughts/schildpad-game3.pdn")
	if err != nil {
		t.Fatal(err)
	}
	r := checkWith(t, referee.Options{}, string(src))
	wantDiagnostics(t, r, referee.Valid,
		"warning padded-square",
		"warning ambiguous 35 36x16 [36x13x2x16,36x18x7x16]: 2 captures go from 36 to 16, and only 36x13x2x16 lets the moves after it be played without another ambiguous move")
	// Written with the other path, 49x16 is ambiguous and nothing after
	// it tells: that stays an error.
	other := strings.Replace(string(src), "35. 36x16", "35. 36x18x7x16", 1)
	r = checkWith(t, referee.Options{}, other)
	if r.Verdict != referee.Invalid || !strings.Contains(strings.Join(diagnosticsOf(r), "\n"), "error ambiguous 43 49x16") {
		t.Errorf("with 36x18x7x16 written: %s\n%s", r.Verdict, strings.Join(diagnosticsOf(r), "\n"))
	}
}
