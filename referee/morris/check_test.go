package morris

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/notation/pdn"
	"arbiter/referee"
	_ "arbiter/referee/draughts" // the fallback family: records that are not morris
	"arbiter/variants"
)

// fen builds a morris position: the points of each side, the side to move
// and the pieces in hand.
func fen(t *testing.T, white, black string, turn Color, handW, handB int) string {
	t.Helper()
	p := Position{Turn: turn, Hand: [2]int8{int8(handW), int8(handB)}}
	for c, pts := range []string{white, black} {
		for _, s := range strings.Fields(pts) {
			pt := ParsePoint(s)
			if pt < 0 {
				t.Fatalf("bad point %q", s)
			}
			p.Board[c] |= 1 << uint(pt)
		}
	}
	return FEN(p)
}

// checkMorrisText referees one morris game text under a variant.
func checkMorrisText(t *testing.T, text, variant string) *referee.Report {
	t.Helper()
	sp := pdn.NewSplitter(strings.NewReader(text), pdn.Options{})
	g, err := sp.Next()
	if err != nil {
		t.Fatal(err)
	}
	var v *variants.Variant
	if variant != "" {
		if v, err = variants.Lookup(variant); err != nil {
			t.Fatal(err)
		}
	}
	return referee.Check(referee.ParseGame(g, "t.pgn"), referee.Options{Variant: v})
}

func morrisRecord(fenTag, result, moves string) string {
	s := "[Game \"morris\"]\n[Result \"" + result + "\"]\n"
	if fenTag != "" {
		s += "[FEN \"" + fenTag + "\"]\n"
	}
	return s + "\n" + moves + " " + result + "\n"
}

// errorCodes lists a report's error diagnostics as "code: message".
func errorCodes(rep *referee.Report) []string {
	var out []string
	for _, d := range rep.Diagnostics {
		if d.Severity.String() == "error" {
			out = append(out, d.Code+": "+d.Msg)
		}
	}
	return out
}

// TestMorrisRules: one case per rule of RULES.md section 2, each with a
// record that breaks it and one that obeys it.
func TestMorrisRules(t *testing.T) {
	W := White
	moving := fen(t, "a1 d2 f4 c5", "g7 b4 e3 c3", W, 0, 0)
	three := fen(t, "a1 d2 f4", "g7 b4 e3 c3", W, 0, 0)
	millOpen := fen(t, "a1 d1", "b6 f6", W, 7, 7)
	protected := fen(t, "a1 d1", "a7 d7 g7 b6", W, 7, 5)
	allInMills := fen(t, "a1 d1", "a7 d7 g7", W, 7, 6)
	reopen := fen(t, "a1 d1 g1 d3", "a7 d7 b6 f6", W, 0, 0)
	twoLeft := fen(t, "a1 d1 g4 c4", "a7 g7 f6", W, 0, 0)
	inHand := fen(t, "a1 d1", "b6 f6", W, 5, 1)
	inHand2 := fen(t, "a1 d1", "b6 f6", W, 5, 2)
	blocked := fen(t, "a4 d1 g4 d7 c5", "a1 g1 g7 a7", W, 0, 0)
	lastPiece := fen(t, "a1 e4", "g1 f6", W, 1, 1)
	threes := fen(t, "a7 c3 f2", "g1 d5 b6", W, 0, 0)
	shuttle := "1. a7-a4 g1-g4 2. a4-a7 g4-g1 3. a7-a4 g1-g4 4. a4-a7 g4-g1 5. a7-a4 g1-g4 6. a4-a7 g4-g1 7. a7-a4 g1-g4 8. a4-a7 g4-g1 9. a7-a4 g1-g4 10. a4-a7 g4-g1"
	type rec struct {
		fen, result, moves string
		variant            string
		want               string // "" valid; else an error code and words of its message
		derived            string // the result the moves give, when the case says
	}
	cases := []struct {
		rule          string
		obeys, breaks rec
	}{
		{"points a1-g7 and PlayOK's 1-24",
			rec{"", "*", "1. d6 d5 2. 2 3 3. 4 7 4. 6x3", "", "", ""}, // read move by move: d6 is 5, d7 is 2
			rec{"", "*", "1. d6 b1", "", `bad-move: move "b1": b1 is not a point of the board`, ""}},
		{"White places first, nine pieces each, then moves",
			rec{lastPiece, "*", "1. a4 g4 2. a4-b4", "", "", ""},
			rec{lastPiece, "*", "1. a4 g4 2. b4", "", "illegal: white has no pieces left to place", ""}},
		{"a placement goes on an empty point",
			rec{"", "*", "1. d6 d5", "", "", ""},
			rec{"", "*", "1. d6 d6", "", "illegal: cannot place on d6: it is occupied by a white piece", ""}},
		{"a move slides along a line to an adjacent empty point",
			rec{moving, "*", "1. a1-a4", "", "", ""},
			rec{moving, "*", "1. d2-d3", "", "", ""}},
		{"a move goes along a line",
			rec{moving, "*", "1. f4-f6", "", "", ""},
			rec{moving, "*", "1. a1-g1", "", "illegal: a1-g1 is not to an adjacent point (a1's neighbours are a4, d1): white has 4 pieces and may fly only with 3", ""}},
		{"a move goes to an empty point",
			rec{moving, "*", "1. f4-g4", "", "", ""},
			rec{moving, "*", "1. f4-e4 b4-c4", "", "", ""}},
		{"a player moves his own pieces",
			rec{moving, "*", "1. c5-d5 g7-d7", "", "", ""},
			rec{moving, "*", "1. g7-d7", "", "illegal: the piece on g7 is black's, but white is to move", ""}},
		{"flying with three pieces",
			rec{three, "*", "1. a1-e5", "", "", ""},
			rec{moving, "*", "1. a1-e5", "", "may fly only with 3", ""}},
		{"a mill removes an opponent piece",
			rec{millOpen, "*", "1. g1xb6", "", "", ""},
			rec{millOpen, "*", "1. g1 a7", "", "missing-removal: g1 closes a mill: it must remove a black piece", ""}},
		{"a removal written as its own item",
			rec{millOpen, "*", "1. g1 xb6 b6", "", "", ""},
			rec{millOpen, "*", "1. g4 xb6", "", "illegal: a removal without a mill", ""}},
		{"no removal without a mill",
			rec{millOpen, "*", "1. g4 b2", "", "", ""},
			rec{millOpen, "*", "1. g4xb6", "", "no-mill: g4 closes no mill, so it may not remove a piece", ""}},
		{"pieces in a mill are safe while others are not",
			rec{protected, "*", "1. g1xb6", "", "", ""},
			rec{protected, "*", "1. g1xa7", "", "illegal: the black piece on a7 stands in a mill, and black has pieces outside mills (b6)", ""}},
		{"when all are in mills, any piece may be removed",
			rec{allInMills, "*", "1. g1xd7", "", "", ""},
			rec{allInMills, "*", "1. g1xa1", "", "illegal: a1 is white's own piece", ""}},
		{"opening a mill and closing it again forms a new mill",
			rec{reopen, "*", "1. g1-g4 d7-g7 2. g4-g1xb6", "", "", ""},
			rec{reopen, "*", "1. g1-g4 d7-g7 2. g4-g1 a7-d7", "", "missing-removal", ""}},
		{"a player reduced to two pieces loses",
			rec{twoLeft, "1-0", "1. g4-g1xa7", "", "", "1-0"},
			rec{twoLeft, "0-1", "1. g4-g1xa7", "", "result: result 0-1 (black wins) contradicts the moves: black has 2 pieces left", "1-0"}},
		{"pieces in hand count",
			rec{inHand2, "*", "1. g1xb6 b2", "", "", ""},
			rec{inHand, "*", "1. g1xb6 b2", "", "after-end: move written after the game was over (black has 2 pieces left at move 1)", "1-0"}},
		{"a player who cannot move loses",
			rec{blocked, "1-0", "1. c5-d5", "", "", "1-0"},
			rec{blocked, "*", "1. c5-d5 a1-b2", "", "after-end: move written after the game was over (black cannot move", "1-0"}},
		{"both at three pieces: ten moves each, else drawn (molenspel)",
			rec{threes, "1/2-1/2", shuttle, "molenspel", "", "1/2-1/2"},
			rec{threes, "1/2-1/2", shuttle + " 11. a7-a4", "molenspel", "after-end: move written after the game was over (draw: 10 moves by each player with three pieces each", "1/2-1/2"}},
		{"third repetition is a draw (nine-mens-morris)",
			rec{threes, "1/2-1/2", "1. a7-a4 g1-g4 2. a4-a7 g4-g1 3. a7-a4 g1-g4 4. a4-a7 g4-g1", "", "", "1/2-1/2"},
			rec{threes, "1/2-1/2", "1. a7-a4 g1-g4 2. a4-a7 g4-g1 3. a7-a4 g1-g4 4. a4-a7 g4-g1 5. a7-a4", "", "after-end: move written after the game was over (draw: the same position for the third time", "1/2-1/2"}},
		{"twelve men's morris moves along diagonals",
			rec{moving, "*", "1. a1-b2", "twelve-mens-morris", "", ""},
			rec{moving, "*", "1. a1-b2", "", "illegal: a1-b2 is not to an adjacent point", ""}},
	}
	for _, c := range cases {
		for _, r := range []struct {
			name string
			rec
		}{{"obeys", c.obeys}, {"breaks", c.breaks}} {
			t.Run(c.rule+"/"+r.name, func(t *testing.T) {
				text := morrisRecord(r.fen, r.result, r.moves)
				rep := checkMorrisText(t, text, r.variant)
				errs := errorCodes(rep)
				if r.want == "" {
					if len(errs) > 0 {
						t.Fatalf("%s\nwant valid, got %q", text, errs)
					}
				} else if len(errs) == 0 || !strings.Contains(strings.Join(errs, "\n"), r.want) {
					t.Fatalf("%s\nwant an error with %q, got %q", text, r.want, errs)
				}
				if r.derived != "" && rep.Result.Derived != r.derived {
					t.Errorf("derived %q (%s), want %q", rep.Result.Derived, rep.Result.Reason, r.derived)
				}
			})
		}
	}
}

// TestMorrisDiagnostics: an error carries its position, move number, the
// legal moves, the board and the position.
func TestMorrisDiagnostics(t *testing.T) {
	text := "[Game \"morris\"]\n\n1. d6 d5 2. f6 d5\n"
	rep := checkMorrisText(t, text, "")
	var d *referee.Diagnostic
	for i := range rep.Diagnostics {
		if rep.Diagnostics[i].Code == "illegal" {
			d = &rep.Diagnostics[i]
		}
	}
	if d == nil {
		t.Fatalf("no illegal-move error: %+v", rep.Diagnostics)
	}
	if d.Pos.Line != 3 || d.Pos.Col != 16 || d.MoveNumber != 2 || d.Move != "d5" || len(d.Legal) != 21 {
		t.Errorf("got %v move %d %q, %d legal", d.Pos, d.MoveNumber, d.Move, len(d.Legal))
	}
	if !strings.Contains(d.Board, "6 | .---w---w |") || d.FEN != "---/-WW/-B-/------/---/---/--- b 7 8" {
		t.Errorf("board:\n%s\nfen %s", d.Board, d.FEN)
	}
	if rep.FinalFEN != d.FEN {
		t.Errorf("final %s", rep.FinalFEN)
	}
}

// TestMorrisNoRemovalLimit: a variant of one's own with a short limit.
func TestMorrisNoRemovalLimit(t *testing.T) {
	v, err := variants.Parse("t.yaml", []byte("name: t\ngame: morris\nextends: nine-mens-morris\nmorris:\n  repetition: null\n  no_removal_moves: 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	threes := fen(t, "a7 c3 f2", "g1 d5 b6", White, 0, 0)
	for moves, wantErr := range map[string]bool{"1. a7-a4 g1-g4 2. a4-a7 g4-g1": false, "1. a7-a4 g1-g4 2. a4-a7 g4-g1 3. a7-a4": true} {
		sp := pdn.NewSplitter(strings.NewReader(morrisRecord(threes, "1/2-1/2", moves)), pdn.Options{})
		g, _ := sp.Next()
		rep := referee.Check(referee.ParseGame(g, "t"), referee.Options{Variant: v})
		if (rep.Errors() > 0) != wantErr || rep.Result.Draw != referee.DrawForced {
			t.Errorf("%s: errors %q, draw %q", moves, errorCodes(rep), rep.Result.Draw)
		}
	}
}

// TestMorrisRealGames replays the three real records (testdata/morris,
// see SOURCES.md): all three are legal; the moves of two end the game as
// written, the third ends 1-0 with Black still able to move (a
// resignation, or Sanmill's custom rules: the record does not say).
func TestMorrisRealGames(t *testing.T) {
	want := map[string]struct {
		plies            int
		derived, reason  string
		variant, warning string
	}{
		"playok_2026-03-11_gyorgyusz_vs_nft7489g.pgn": {39, "1-0", "black cannot move", "nine-mens-morris", ""},
		"sanmill_2026-07-20_human_vs_ai.pgn":          {40, "0-1", "white has 2 pieces left", "nine-mens-morris", ""},
		"sanmill_2026-08-03_ai_vs_human_custom.pgn":   {37, "", "", "nine-mens-morris", `unknown variant "Custom" for morris`},
	}
	for name, w := range want {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "morris", name))
		if err != nil {
			t.Fatal(err)
		}
		sp := pdn.NewSplitter(strings.NewReader(string(data)), pdn.Options{})
		g, err := sp.Next()
		if err != nil {
			t.Fatal(err)
		}
		if f := referee.FamilyOf(referee.ParseGame(g, name)); f.Name() != "morris" {
			t.Errorf("%s: not detected as morris", name)
		}
		rep := referee.Check(referee.ParseGame(g, name), referee.Options{})
		var warns []string
		for _, d := range rep.Diagnostics {
			if d.Severity.String() == "warning" {
				warns = append(warns, d.Msg)
			}
		}
		got := fmt.Sprintf("%s %d %q %q %s", rep.Verdict, rep.Plies, rep.Result.Derived, rep.Result.Reason, rep.Variant)
		exp := fmt.Sprintf("%s %d %q %q %s", referee.Valid, w.plies, w.derived, w.reason, w.variant)
		if got != exp {
			t.Errorf("%s: got %s, want %s (%v)", name, got, exp, errorCodes(rep))
		}
		if (w.warning == "") != (len(warns) == 0) || w.warning != "" && !strings.Contains(warns[0], w.warning) {
			t.Errorf("%s: warnings %q", name, warns)
		}
	}
}

func TestMorrisDetection(t *testing.T) {
	for _, c := range []struct{ game, variant, gameType, first, want string }{
		{"Morris", "", "", "", "morris"},
		{"", "Nine Men's Morris", "", "d6", "morris"},
		{"", "nine mens morris", "", "", "morris"},
		{"", "TWELVE-MENS-MORRIS", "", "", "morris"},
		{"", "", "70,0", "5", "morris"},
		{"", "Custom", "", "d5", "morris"},
		{"", "Custom", "", "32-28", ""},
		{"", "", "20", "32-28", ""},
		{"", "", "", "d5", ""},
	} {
		var text strings.Builder
		for _, tag := range [][2]string{{"Game", c.game}, {"Variant", c.variant}, {"GameType", c.gameType}} {
			if tag[1] != "" {
				fmt.Fprintf(&text, "[%s %q]\n", tag[0], tag[1])
			}
		}
		text.WriteString("1. " + c.first + " *\n")
		g, err := pdn.NewSplitter(strings.NewReader(text.String()), pdn.Options{}).Next()
		if err != nil {
			t.Fatal(err)
		}
		want := c.want
		if want == "" {
			want = "draughts"
		}
		if got := referee.FamilyOf(referee.ParseGame(g, "f")).Name(); got != want {
			t.Errorf("%+v: got %q", c, got)
		}
	}
}
