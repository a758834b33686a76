package draughts

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/notation/pdn"
	"arbiter/referee"
)

// Issue 22: Russian books write a move as the file it comes from and the
// square it goes to ("cd4", captures "e:g5"); the referee finds the move
// among the legal ones. Squares in upper case are the same squares.

// TestShortNotationRealRecords replays published lines written in short
// notation (testdata/draughts/SOURCES.md): clean, and each to the position
// the same moves written in full reach.
func TestShortNotationRealRecords(t *testing.T) {
	data, err := os.ReadFile("../../testdata/draughts/russian-short-notation.pdn")
	if err != nil {
		t.Fatal(err)
	}
	recs, err := pdn.ReadAll(strings.NewReader(string(data)), "russian-short-notation.pdn", pdn.Options{})
	if err != nil || len(recs) != 2 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	full := []string{
		"1. c3-d4 d6-c5 2. d2-c3 f6-g5 3. g3-h4 g5-f4 4. e3xg5 h6xf4 5. f2-g3 c5xe3 6. g3xe5 b6-c5 7. e5-d6 c7xe5 8. c3-d4 e5xc3 9. b2xd4xf2 *",
		"1. g3-h4 f6-e5 2. c3-b4 e5-f4 3. e3xg5 h6xf4 4. b2-c3 b6-c5 5. a1-b2 a7-b6 6. b4-a5 d6-e5 7. c3-b4 *",
	}
	for i, rec := range recs {
		r := referee.Check(rec, referee.Options{})
		for _, d := range r.Diagnostics { // "1.cd4", the books' way, is no finding
			t.Errorf("game %d: %s %s: %s", i+1, d.Severity, d.Code, d.Msg)
		}
		if r.Verdict != referee.Valid || r.Variant != "russian" {
			t.Errorf("game %d: %s as %s", i+1, r.Verdict, r.Variant)
		}
		want := checkWith(t, referee.Options{}, `[GameType "25"] `+full[i])
		if want.Verdict != referee.Valid || r.FinalFEN != want.FinalFEN || r.Plies != want.Plies {
			t.Errorf("game %d: %d plies to %s, written in full %d plies to %s (%s)", i+1, r.Plies, r.FinalFEN, want.Plies, want.FinalFEN, want.Verdict)
		}
	}
}

// kingsOnC: two white kings on the c file can both go to d4.
const kingsOnC = `[GameType "25"] [FEN "W:WKc3,Kc5:Bh8,f8"] `

func TestShortNotation(t *testing.T) {
	tests := []struct {
		name, variant, record string
		verdict               string
		want                  []string
	}{
		// Every 8x8 variant written in letters.
		{"russian", "", `[GameType "25"] 1. cd4 bc5 2. db6 ca5 3. ed4 *`, referee.Valid, nil},
		{"brazilian", "", `[GameType "26"] 1. cd4 bc5 2. db6 ca5 3. ed4 *`, referee.Valid, nil},
		{"czech", "", `[GameType "29"] 1. cd4 bc5 2. db6 ca5 3. ed4 *`, referee.Valid, nil},
		{"turkish (men move straight)", "", `[GameType "30"] 1. dd4 ee5 2. hh4 *`, referee.Valid, nil},
		{"mixed with full moves", "", `[GameType "25"] 1. c3-d4 fg5 2. g3-f4 *`, referee.Valid, nil},
		{"a king, when it is the only piece that fits", "", `[GameType "25"] [FEN "W:WKa1,e3:Bh8"] 1. ad4 hg7 2. d:h8 1-0`, referee.Valid, nil},
		{"a capture path", "", `[GameType "25"] [FEN "W:Wc3:Bd4,f4,b8"] 1. c:e5:g3 *`, referee.Valid, nil},
		{"a capture of two men written with its last square", "", `[GameType "25"] [FEN "W:Wc3:Bd4,f4,b8"] 1. c:g3 *`, referee.Valid, nil},
		{"a plain move written as a capture", "", `[GameType "25"] 1. c:d4 *`, referee.Valid,
			[]string{"warning capture-mark 1 c:d4: a plain move written as a capture"}},
		// Two kings fit: the continuation decides, as for captures.
		{"two kings, the continuation tells", "", kingsOnC + `1. cd4 f8-e7 2. c3-b2 *`, referee.Valid,
			[]string{"warning ambiguous 1 cd4 [c5-d4,c3-d4]: 2 moves go from the c file to d4, and only c5-d4 lets the moves after it be played: read as that (write the square it comes from)"}},
		{"two kings, nothing after", "", kingsOnC + `1. cd4 *`, referee.Invalid,
			[]string{"error ambiguous 1 cd4 [c5-d4,c3-d4]: ambiguous: 2 moves go from the c file to d4; write the square it comes from"}},
		{"two kings, the moves after do not tell", "", kingsOnC + `1. cd4 f8-g7 2. cb4 *`, referee.Invalid,
			[]string{"error ambiguous 1 cd4 [c5-d4,c3-d4]: ambiguous: 2 moves go from the c file to d4; write the square it comes from; the moves after it do not tell which"}},
		// Nothing fits.
		{"no move from that file to that square", "", `[GameType "25"] 1. cf4 *`, referee.Invalid,
			[]string{"error illegal 1 cf4 [a3-b4,c3-b4,c3-d4,e3-d4,e3-f4,g3-f4,g3-h4]: no legal move goes from the c file to f4"}},
		{"a capture is compulsory", "", `[GameType "25"] 1. cd4 fe5 2. ab4 *`, referee.Invalid,
			[]string{"error illegal 2 ab4 [d4xf6]: no legal move goes from the a file to b4; capture is compulsory"}},
		{"no such file", "", `[GameType "25"] 1. id4 *`, referee.Invalid,
			[]string{"error no-such-square 1 id4: the 8x8 board has no i file"}},
		// Upper case: the same squares, and the real diagnosis.
		{"upper case", "", `[GameType "25"] 1. C3-D4 F6-E5 2. D4:F6 G7:E5 3. GF4 *`, referee.Valid,
			[]string{"note upper-case-square: squares written in upper case, read as lower case (C3 is c3) (5 times in this game)"}},
		{"A1-A5 is an illegal move", "", `[GameType "25"] 1. A1-A5 *`, referee.Invalid,
			[]string{"note upper-case-square", "error illegal 1 A1-A5 [a3-b4,c3-b4,c3-d4,e3-d4,e3-f4,g3-f4,g3-h4]: a1 and a5 are not on one diagonal"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var opts referee.Options
			if tc.variant != "" {
				opts.Variant = mustVariant(t, tc.variant)
			}
			wantDiagnostics(t, checkWith(t, opts, tc.record), tc.verdict, tc.want...)
		})
	}
}

// The continuation's choice is the move replayed: after "cd4" read as
// c5-d4, the king left on c3 is the one that moves on.
func TestShortNotationAmbiguousReplaysTheChoice(t *testing.T) {
	r := checkWith(t, referee.Options{}, kingsOnC+`1. cd4 f8-e7 2. c3-b2 *`)
	if r.FinalFEN != "B:WKd4,Kb2:Bh8,e7" {
		t.Errorf("final position %s", r.FinalFEN)
	}
}

// convert writes the moves in full (the default), or as the books do
// (ShortMoves): where the file and square name one legal move; the
// others in full.
func TestShortNotationRewrite(t *testing.T) {
	tests := []struct {
		name, record string
		short        bool
		want         string
	}{
		{"short to full", `[GameType "25"] 1. cd4 bc5 2. db6 c:a5 3. ED4 *`, false, "c3-d4 b6-c5 d4xb6 c7xa5 e3-d4"},
		{"short kept", `[GameType "25"] 1. cd4 bc5 2. db6 c:a5 3. ED4 *`, true, "cd4 bc5 d:b6 c:a5 ed4"},
		{"full to short", `[GameType "25"] 1. c3-d4 b6-c5 2. d4xb6 c7xa5 3. e3-d4 *`, true, "cd4 bc5 d:b6 c:a5 ed4"},
		{"an ambiguous one in full", kingsOnC + `1. cd4 f8-e7 2. c3-b2 *`, true, "c5-d4 fe7 cb2"},
		{"numeric squares stay numeric", `1. 32-28 19-23 2. 28x19 14x23 *`, true, "32-28 19-23 28x19 14x23"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := pdn.ReadAll(strings.NewReader(tc.record), "t.pdn", pdn.Options{})
			if err != nil || len(recs) != 1 {
				t.Fatalf("%d records, %v", len(recs), err)
			}
			r := referee.Check(recs[0], referee.Options{Rewrite: true, ShortMoves: tc.short})
			if r.Errors() > 0 {
				t.Fatalf("errors: %v", diagnosticsOf(r))
			}
			var got []string
			for _, m := range recs[0].Moves {
				got = append(got, m.Text)
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("rewritten as %q, want %q", strings.Join(got, " "), tc.want)
			}
		})
	}
}

// Real games written in full, rewritten in short notation and read back,
// replay to the same position, ply for ply: whether a short move is
// matched without generating every legal move (no capture on the board)
// or with them. The shared corpus's Russian games too, when it is there.
func TestShortNotationRoundTrip(t *testing.T) {
	files := []string{"../../testdata/draughts/belarus-2015-round3-games1-2.pdn"}
	more, _ := filepath.Glob("../../../shared/corpus/draughts/russian-belarus/*.pdn")
	files = append(files, more...)
	games := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := pdn.ReadAll(bytes.NewReader(data), f, pdn.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range recs {
			want := referee.Check(rec, referee.Options{})
			if want.Verdict != referee.Valid {
				continue
			}
			short, _ := pdn.ReadAll(bytes.NewReader(data), f, pdn.Options{})
			one := short[rec.Index-1]
			referee.Check(one, referee.Options{Rewrite: true, ShortMoves: true})
			var b bytes.Buffer
			if err := pdn.Write(&b, one); err != nil {
				t.Fatal(err)
			}
			again, err := pdn.ReadAll(&b, f, pdn.Options{})
			if err != nil || len(again) != 1 {
				t.Fatalf("%d records, %v", len(again), err)
			}
			got := referee.Check(again[0], referee.Options{})
			if got.Verdict != referee.Valid || got.FinalFEN != want.FinalFEN || got.Plies != want.Plies {
				t.Errorf("%s game %d in short notation: %s, %d plies to %s; in full %d plies to %s\n%v",
					f, rec.Index, got.Verdict, got.Plies, got.FinalFEN, want.Plies, want.FinalFEN, diagnosticsOf(got))
			}
			games++
		}
	}
	t.Logf("%d games", games)
	if games < 2 {
		t.Errorf("only %d games", games)
	}
}
