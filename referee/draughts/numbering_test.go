package draughts

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func rulesOfBoard(t *testing.T, w, h int, topLeftDark bool) *Rules {
	t.Helper()
	r := &Rules{Width: w, Height: h, TopLeftDark: topLeftDark, CaptureCompulsory: true, ManCapturesBackward: true}
	if err := r.Init(); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestNumbering(t *testing.T) {
	tests := []struct {
		name        string
		rules       *Rules
		notation    string
		identity    bool
		squares     map[string]int // written square -> engine square
		names       map[int]string // engine square -> written name
		errContains string
	}{
		{name: "international", rules: rulesOfBoard(t, 10, 10, false), notation: "W,10,10,N2,0", identity: true,
			squares: map[string]int{"1": 1, "46": 46, "50": 50}, names: map[int]string{46: "46"}},
		{name: "English: black first, from the bottom right", rules: rulesOfBoard(t, 8, 8, false), notation: "B,8,8,N1,0", identity: true,
			squares: map[string]int{"1": 1, "32": 32}},
		{name: "Russian algebraic, a1 bottom-left", rules: rulesOfBoard(t, 8, 8, false), notation: "W,8,8,A0,0", identity: true,
			squares: map[string]int{"a1": 29, "b8": 1, "h2": 28, "g1": 32, "1": 1},
			names:   map[int]string{29: "a1", 1: "b8", 32: "g1"}},
		{name: "Spanish: square 1 bottom right, bottom-left light", rules: rulesOfBoard(t, 8, 8, true), notation: "W,8,8,N1,1",
			squares: map[string]int{"1": 32, "4": 29, "5": 28, "32": 1}, names: map[int]string{32: "1", 1: "32"}},
		{name: "Italian: square 1 top left, bottom-left light", rules: rulesOfBoard(t, 8, 8, true), notation: "W,8,8,N2,1", identity: true,
			squares: map[string]int{"1": 1, "32": 32}},
		{name: "invert flag that does not fit", rules: rulesOfBoard(t, 8, 8, false), notation: "W,8,8,N1,1", errContains: "invert flag 1 does not fit"},
		{name: "board size that does not fit", rules: rulesOfBoard(t, 10, 10, false), notation: "W,8,8,A0,0", errContains: "8x8 board, but the rules are for 10x10"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gn, err := parseGameNotation(tc.notation)
			if err != nil {
				t.Fatal(err)
			}
			num, err := newNumbering(tc.rules, gn)
			if tc.errContains != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errContains) {
					t.Fatalf("error %v, want %q", err, tc.errContains)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if num.identity != tc.identity {
				t.Errorf("identity = %v", num.identity)
			}
			for text, want := range tc.squares {
				n, alpha := 0, ""
				if text[0] >= 'a' {
					alpha = text
				} else {
					n = atoi(text)
				}
				if got, ok := num.square(n, alpha); !ok || got != want {
					t.Errorf("square %s = %d, %v; want %d", text, got, ok, want)
				}
			}
			for sq, want := range tc.names {
				if got := num.name(sq); got != want {
					t.Errorf("name(%d) = %q, want %q", sq, got, want)
				}
			}
			// Every square round-trips.
			for sq := 1; sq <= tc.rules.NumSquares(); sq++ {
				if back, ok := num.square(atoi(num.name(sq)), alphaOf(num.name(sq))); !ok || back != sq {
					t.Fatalf("square %d named %q reads back as %d", sq, num.name(sq), back)
				}
			}
		})
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}

func alphaOf(s string) string {
	if s != "" && s[0] >= 'a' {
		return s
	}
	return ""
}

func TestParseGameNotationErrors(t *testing.T) {
	for _, s := range []string{"X,8,8,N1,0", "W,8", "W,x,8,N1", "W,8,8,Q1", "W,8,8,N5", "W,8,8,N1,2"} {
		if _, err := parseGameNotation(s); err == nil {
			t.Errorf("%q: no error", s)
		}
	}
	if n, err := parseGameNotation("B, 8, 8, N1"); err != nil || !n.firstBlack || n.invert || n.String() != "B,8,8,N1,0" {
		t.Errorf("short form: %+v %v", n, err)
	}
}

func TestNumberingFEN(t *testing.T) {
	gn, _ := parseGameNotation("W,8,8,N1,1")
	num, err := newNumbering(rulesOfBoard(t, 8, 8, true), gn)
	if err != nil {
		t.Fatal(err)
	}
	if got := num.fen(`"W:W1-3,K5:B32."`); got != "W:W32,31,30,K28:B1" {
		t.Errorf("fen = %q", got)
	}
	// The online platform's counters stay as written: H4 is no square 4.
	if got := num.fen("W:W1-3:B32:H4:F12"); got != "W:W32,31,30:B1:H4:F12" {
		t.Errorf("fen with counters = %q", got)
	}
	gn, _ = parseGameNotation("W,8,8,A0,0")
	num, _ = newNumbering(rulesOfBoard(t, 8, 8, false), gn)
	if got := num.fen("B:Wa1,Kc3:B12,h8x"); got != "B:W29,K22:B12,h8x" {
		t.Errorf("fen = %q", got)
	}
	// The last FEN is kept (lastFEN): asked again, and after another,
	// each is its own translation.
	for _, s := range []string{"W:W1-3:B32", "W:W1-3:B32", "B:Wa1,Kc3:B12", "W:W1-3:B32", "W:W1-3:B31", "W:W1-3:B31."} {
		if got, want := num.fen(s), num.translateFEN(s); got != want {
			t.Errorf("fen(%q) = %q, translated %q", s, got, want)
		}
	}
}

// TestFormatFENFromBits: formatFEN lists a side's pieces from its set's
// bits when the record's numbers run with the internal indices or against
// them; the lists are those of the square-by-square walk, on random
// positions of every builtin variant under every GameType numbering that
// fits its board (and both ways are seen).
func TestFormatFENFromBits(t *testing.T) {
	defer func() { fenBitsOff = false }()
	var ways [3]int // ascending, descending, neither
	rng := rand.New(rand.NewPCG(3, 5))
	pieces := []Piece{WhiteMan, BlackMan, WhiteKing, BlackKing}
	for _, d := range builtinDraughts(t) {
		v, r := d.v, d.r
		for _, first := range []string{"W", "B"} {
			for _, kind := range []string{"N", "A"} {
				for corner := 0; corner < 4; corner++ {
					for invert := 0; invert < 2; invert++ {
						gn, err := parseGameNotation(fmt.Sprintf("%s,%d,%d,%s%d,%d", first, r.Width, r.Height, kind, corner, invert))
						if err != nil {
							continue
						}
						num, err := newNumbering(r, gn)
						if err != nil {
							continue
						}
						switch {
						case num.fenAscending:
							ways[0]++
						case num.fenDescending:
							ways[1]++
						default:
							ways[2]++
						}
						for k := 0; k < 20; k++ {
							p := r.EmptyPosition()
							for sq := 1; sq <= r.n; sq++ {
								if rng.IntN(3) == 0 {
									p.Set(sq, pieces[rng.IntN(len(pieces))])
								}
							}
							p.SetTurn(Color(rng.IntN(2)))
							fenBitsOff = false
							got := num.formatFEN(p)
							fenBitsOff = true
							want := num.formatFEN(p)
							if got != want {
								t.Fatalf("%s, GameType %v: formatFEN %q, square by square %q", v.Name, gn, got, want)
							}
						}
					}
				}
			}
		}
	}
	if ways[0] == 0 || ways[1] == 0 {
		t.Errorf("numberings ascending, descending, neither: %v", ways)
	}
	t.Logf("numberings ascending, descending, neither: %v", ways)
}

// TestAlphaSquareTable: numbering.square reads a name of a letter and a
// digit from its table (alphaSmall) as alphaIndex reads it, lower or
// upper case: every two ASCII bytes, under every builtin variant and every
// GameType numbering that fits its board.
func TestAlphaSquareTable(t *testing.T) {
	numberings, found := 0, 0
	for _, d := range builtinDraughts(t) {
		v, r := d.v, d.r
		for _, kind := range []string{"N", "A"} {
			for corner := 0; corner < 4; corner++ {
				for invert := 0; invert < 2; invert++ {
					gn, err := parseGameNotation(fmt.Sprintf("W,%d,%d,%s%d,%d", r.Width, r.Height, kind, corner, invert))
					if err != nil {
						continue
					}
					num, err := newNumbering(r, gn)
					if err != nil {
						continue
					}
					numberings++
					for c := range 128 * 128 {
						name := string([]byte{byte(c >> 7), byte(c & 127)})
						sq, ok := num.square(0, name)
						wantSq, wantOK := num.alphaIndex[strings.ToLower(name)]
						if sq != wantSq || ok != wantOK {
							t.Fatalf("%s, GameType %v: square %q = %d, %v; alphaIndex %d, %v", v.Name, gn, name, sq, ok, wantSq, wantOK)
						}
						if ok {
							found++
						}
					}
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no square found: the test holds nothing")
	}
	t.Logf("%d numberings, %d names found", numberings, found)
}
