package referee_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

// FuzzCheck: no record, however broken, makes the referee panic (Check
// turns a panic into an "internal" diagnostic, which fails here).
func FuzzCheck(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "draughts", "*.pdn"))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(string(data), uint8(0))
		}
	}
	f.Add(`[FEN "W:WK25:B7,13,19,20,34"] 1. 25x9x1 (1. 25x14 (1... 3-8)) 1-1`, uint8(0))
	f.Add(`[GameType "20"][FEN "B:W1-50:B"] 1... 1x50x1 2-0`, uint8(0))
	f.Add(`[GameType "25"] 1. c3-d4 f6-e5 2. d4xf6 g7xe5 *`, uint8(1))
	f.Add(`[GameType "30,W,8,8,A0,0"] 1. a3-a4 a6-a5 *`, uint8(2))
	f.Add(`[GameType "24"] 1. 9-13 22-18 *`, uint8(3))
	// Issue 10: an ambiguous capture the next move resolves, a garbled
	// path, play after a draw rule, the online platform's variants.
	f.Add(`[FEN "W:W35,48:B7,17,28,29,30,39,40:H0:F1"] 1. 35x2 29-33 (29-34 2x40) 2. 2x35 35x24x29x2 *`, uint8(0))
	f.Add(`[FEN "W:WK26,K48:BK3:H9"] [Result "2-0"] 1. 48-34 3-20 2. 34-23 20-24 3. 26-17 24-42 2-0`, uint8(0))
	f.Add(`[GameType "96"] [FEN "W:W6,30:B45"] 1. 6-1 45-50 *`, uint8(0))
	f.Add(`[GameType "98"] [FEN "W:W33:B28"] 1. 33x22 0-0`, uint8(0))
	all, err := variants.Builtin()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string, variant uint8) {
		// 0: as the tags say; otherwise one builtin variant for every game.
		var opts referee.Options
		if variant > 0 {
			opts.Variant = all[int(variant)%len(all)]
		}
		recs, err := pdn.ReadAll(strings.NewReader(text), "f.pdn", pdn.Options{MaxGameBytes: 1 << 16})
		if err != nil {
			return
		}
		for _, rec := range recs {
			rep := referee.Check(rec, opts)
			for _, d := range rep.Diagnostics {
				if d.Code == "internal" {
					t.Fatalf("%s", d.Msg)
				}
				checkFixes(t, rec, d)
			}
		}
	})
}

// checkFixes holds a finding's fixes (issue 26) to what they promise: at
// most MaxFixes, on a main-line move error, each at a move of the main
// line whose text its edits replace, the certain one first and whole.
func checkFixes(t *testing.T, rec *notation.Record, d referee.Diagnostic) {
	if len(d.Fixes) == 0 {
		return
	}
	if len(d.Fixes) > referee.MaxFixes || d.Variation || d.Move == "" {
		t.Fatalf("fixes on %+v", d)
	}
	for i, f := range d.Fixes {
		if f.Ply < 0 || f.Ply >= len(rec.Moves) || rec.Moves[f.Ply].Text != f.Move || rec.Moves[f.Ply].Pos != f.Pos {
			t.Fatalf("fix %+v is not at a move of the main line", f)
		}
		if f.Certain && (i > 0 || !f.Whole) {
			t.Fatalf("fix %d certain but not the one whole best: %+v", i, d.Fixes)
		}
		if f.Replays < 0 || f.Edit != referee.EditDelete && f.Text == "" {
			t.Fatalf("fix %+v", f)
		}
	}
}

// FuzzCompare: two records of any text compare without a panic, and the
// moves they share are shared.
func FuzzCompare(f *testing.F) {
	f.Add("1. 32-28 19-23 2. 28x19 14x23 *", "1. 32-28 19-23 2. 28x19 13x24 *")
	f.Add("[GameType \"21\"] 1. 11-15 23-19 *", "[GameType \"21\"] 1. 11-15 *")
	f.Add("[Game \"morris\"]\n1. d6 d5 2. f6 e4 *", "[Game \"morris\"]\n1. d6 d5 2. f6 *")
	f.Fuzz(func(t *testing.T, a, b string) {
		ra, err := pdn.ReadAll(strings.NewReader(a), "a.pdn", pdn.Options{MaxGameBytes: 1 << 14})
		if err != nil || len(ra) == 0 {
			return
		}
		rb, err := pdn.ReadAll(strings.NewReader(b), "b.pdn", pdn.Options{MaxGameBytes: 1 << 14})
		if err != nil || len(rb) == 0 {
			return
		}
		c := referee.Compare(ra[0], rb[0], referee.Options{})
		if c.Same > min(c.LenA, c.LenB) || c.Differ != (c.MoveA != nil && c.MoveB != nil) {
			t.Fatalf("%+v", c)
		}
	})
}

// FuzzCheckGames: records of every game arbiter knows (the Game tag picks
// the notation: race games, Halma, morris, draughts) never make a reader or
// a referee panic.
func FuzzCheckGames(f *testing.F) {
	for _, dir := range []string{"race", "halma", "morris"} {
		files, _ := filepath.Glob(filepath.Join("../testdata", dir, "*"))
		for _, name := range files {
			if data, err := os.ReadFile(name); err == nil && !strings.HasSuffix(name, ".md") {
				f.Add(string(data))
			}
		}
	}
	f.Add("[Game \"ludo\"] [Variant \"mens-erger-je-niet\"] [Red \"A\"] [Blue \"B\"]\n1. R 6: B/1x 6: 1/7 3: 7/10  B 4: 1 *")
	f.Add("[Game \"goose\"] [Players \"A, B\"] [Stake \"20\"]\n1. A 4+5: 0/26  B 3+3: 0/6>12 (pays 10) *")
	f.Add("[Game \"morris\"] {arbiter: ignore result}\n1. d6 {arbiter: ignore turn, no-mill -- x} d6 2. {arbiter: ignore} a1 1-0 {arbiter: ignore ALL}")
	// Issue 11: spacing, an unreadable throw, a comment before the tags, a
	// stay on a goose, a halved 1, a draughts Variant tag.
	f.Add("{exported}\n[Game \"goose\"] [Players \"A, B\"] [FEN \"A 50, B 30\"]\n1. A 2+2:50/54  B 4 + 5 : 30  A 1+x: 3 *")
	f.Add("; note\n[Game \"horse-race\"] [Players \"A, B\"] [FEN \"A 21 half, B 0\"]\n1. A 1: -  B 3: 0/3 2: 3/5  A 5: 21 *")
	f.Add("[Variant \"papyrus\"] [GameType \"25\"] [FEN \"W:WK45,28:BK17\"]\n1. 28-22 17x28 1-1")
	// Morris: a removal written on its own, PlayOK numbers, a set-up position.
	f.Add("[Game \"morris\"]\n1. d6 d5 2. f6 e4 3. b6 xd5 d5 1-0")
	f.Add("[GameType \"70,0\"]\n1. 5 13 2. 20 19 3. 14 21 4. 7 8 5. 23 17 6. 12 16 7. 18 11 8. 4 6 9. 10 22 10. 23-24 22-23 *")
	f.Add("[Game \"morris\"][FEN \"W-W/BBB/---/-W----/---/---/--- b 0 0\"] 1... d6-d7 2. g7-d7x6 xd5 x 0-1")
	// Issue 22: Russian short notation (two kings on a file, a capture
	// path, no such file) and upper-case squares.
	f.Add("[GameType \"25\"]\n1.cd4 dc5 2.dc3 fg5 3.gh4 gf4 4.e:g5 h:f4 5.fg3 c:e3 6.g:e5 bc5 *")
	f.Add("[GameType \"25\"] [FEN \"W:WKc3,Kc5:Bh8,f8\"] 1. cd4 f8-e7 2. cb2 (2. c:e5:g3 id4) *")
	f.Add("[GameType \"26\"]\n1. C3-D4 F6-G5 2. GF4 A1-A5 3. CD4 *")
	// Issue 22: results with a colon, in draughts and morris; a race
	// throw written without its space that looks like one.
	f.Add("[Result \"1:0\"] [GameType \"25\"]\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 {x} 1:0\n1. 22-18 15:22 1/2:1/2[Result \"0:2\"] 1. 32-28 0:2 *")
	f.Add("[Game \"morris\"] [Result \"0:1\"]\n1. d6 d5 0:1")
	f.Add("[Game \"goose\"] [Players \"A, B\"]\n1. A 1:0  B 2:0\n2. A 1:1 *")
	// Issue 25: the endgame draw rules: FMJD-64's lone king (an FEN's H
	// field, a winning position), Frisian king against king (won by force
	// or drawn at once), a Czech repetition claimed.
	f.Add("[GameType \"25\"] [FEN \"W:WKd4,Ke1:BKa1:H8:F5\"]\n5. d4-h8 a1-c3 6. h8:a1 1-0")
	f.Add("[GameType \"25\"] [FEN \"W:WKc1,Ke1,Kg1,Ka3:BKh6\"]\n1. c1-d2 h6-g5 2. d2-c1 g5-h6 1-1")
	f.Add("[GameType \"40\"] [FEN \"B:WK28,K50:BK23\"]\n1... 23x32 2. 50-44 1-1\n[GameType \"40\"] [FEN \"B:WK5:BK46\"] 1... 46-41 2. 5x46 2-0")
	f.Add("[GameType \"29\"] [FEN \"W:WKa1,Kc1,a3:BKh8,Kf8,h6\"]\n1. a1-b2 h8-g7 2. b2-a1 g7-h8 3. a1-b2 h8-g7 4. b2-a1 g7-h8 5. a3-b4 1-0")
	f.Fuzz(func(t *testing.T, text string) {
		sp := pdn.NewSplitter(strings.NewReader(text), pdn.Options{MaxGameBytes: 1 << 16})
		for {
			g, err := sp.Next()
			if err != nil {
				return
			}
			rec := referee.ParseGame(g, "f")
			rep := referee.Check(rec, referee.Options{})
			referee.Suppress(rec, rep, referee.Options{}, nil)
			for _, d := range rep.Diagnostics {
				if d.Code == "internal" {
					t.Fatalf("%s", d.Msg)
				}
				checkFixes(t, rec, d)
			}
		}
	})
}

// FuzzStreamReleasesMoves: on any text, the stream's reports (which release
// each record's moves and build the next game in their memory) are those
// of checking each game on its own with its moves kept.
func FuzzStreamReleasesMoves(f *testing.F) {
	for _, pattern := range []string{"../testdata/*/*.pdn", "../testdata/*/*.txt"} {
		files, _ := filepath.Glob(pattern)
		for _, name := range files {
			if data, err := os.ReadFile(name); err == nil && len(data) < 1<<14 {
				f.Add(string(data))
			}
		}
	}
	f.Add("[Event \"x\"] {arbiter: ignore result-mismatch} [Result \"2-0\"]\n1. 32-28 {arbiter: ignore illegal -- lost} 20-19 (1... {arbiter: ignore ALL} 19-24) {arbiter: ignore} 2-0 {arbiter: ignore illegal}")
	f.Add("1. 32-28 {a} (1. 33-29 19-23) 19-23 2. 28x19 14x23 *\n\n[FEN \"W:W28:B19\"]\n1. 28x10 *\n\n1. 32-28 /FEN \"B:W28:B19\"/ 19x37 *")
	f.Fuzz(func(t *testing.T, text string) {
		opts := pdn.Options{MaxGameBytes: 1 << 16}
		var want []string
		sp := pdn.NewSplitter(strings.NewReader(text), opts)
		for {
			g, err := sp.Next()
			if err != nil {
				break
			}
			rec := referee.ParseGame(g, "f")
			rep := referee.Check(rec, referee.Options{})
			referee.Suppress(rec, rep, referee.Options{}, nil) // as the stream does
			want = append(want, reportJSON(t, rep))
		}
		i := 0
		referee.CheckStream(strings.NewReader(text), "f", referee.StreamOptions{PDN: opts, Jobs: 1}, func(rep *referee.Report) error {
			if i >= len(want) {
				t.Fatalf("more reports than games")
			}
			if got := reportJSON(t, rep); got != want[i] {
				t.Fatalf("game %d:\n%s\nwant\n%s", i+1, got, want[i])
			}
			i++
			return nil
		})
		if i != len(want) {
			t.Fatalf("%d reports, want %d", i, len(want))
		}
	})
}
