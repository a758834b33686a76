package main

import (
	"strings"
	"testing"

	"arbiter/referee/picture"
)

// One diagram per board of every game family, from a FEN in the game's own
// form, with the options; each is a golden file and must be a valid,
// self-contained SVG.
// boardCases are the pictures arbiter board draws for the tests: every
// family, from a FEN and from records.
var boardCases = []struct {
	name string
	args []string
}{
	{"international-start.svg", []string{"--size", "400"}},
	{"international-capture.svg", []string{"--fen", "W:W28,32,K40:B23,13,7", "--move", "28x8", "--names"}},
	{"russian-alpha-flipped.svg", []string{"--variant", "russian", "--fen", "W:Wa1,c3,Ke5:Bf6,h8", "--names", "--flip"}},
	{"canadian-start.svg", []string{"--variant", "canadian"}},
	{"turkish-start.svg", []string{"--variant", "turkish", "--names"}},
	{"english-move.svg", []string{"--variant", "english", "--move", "11-15"}},
	{"nine-mens-morris.svg", []string{"--variant", "nine-mens-morris", "--fen", "W--/-B-/---/------/---/---/--- w 7 8", "--move", "d5"}},
	{"six-mens-morris-names.svg", []string{"--variant", "six-mens-morris", "--fen", "WW-/-B-/---/---B--/---/---/--- b 4 4", "--names"}},
	{"twelve-mens-morris.svg", []string{"--variant", "twelve-mens-morris", "--fen", "W--/-B-/---/------/---/-W-/--B w 10 10", "--move", "a1"}},
	{"halma-2.svg", []string{"--variant", "halma-2"}},
	{"halma-4-move.svg", []string{"--variant", "halma-4", "--move", "d1-e2"}},
	{"twee-in-een.svg", []string{"--variant", "twee-in-een-halma", "--names"}},
	{"gendarmes-en-voleur.svg", []string{"--variant", "gendarmes-en-voleur"}},
	{"ludo-4.svg", []string{"--variant", "mens-erger-je-niet", "--fen", "R:B,B,7,41 Y:B,B,B,12 R"}},
	{"ludo-6.svg", []string{"--variant", "mens-erger-je-niet-6", "--fen", "R:B,B,3,9 B:B,B,B,B O:1,B,B,44 P:B,B,B,B B"}},
	{"petits-chevaux.svg", []string{"--variant", "petits-chevaux", "--fen", "R:B,B,B,57 G:12,B,B,B G"}},
	{"goose.svg", []string{"--variant", "ganzenbord-315", "--fen", "Anna 12, Bram 31 waiting, Cees 19 misses 1, Dirk 0"}},
	{"horse-race.svg", []string{"--variant", "wedrenspel-315", "--fen", "Anna 12, Anna 0, Bram 34 waiting, Bram 81 finished 1"}},
	// Positions of records, as the referee replayed them.
	{"record-draughts-ply30.svg", []string{"--ply", "30", td + "draughts/bruno-vs-scan31-game11.pdn"}},
	{"record-draughts-capture.svg", []string{"--ply", "27", "--flip", td + "draughts/bruno-vs-scan31-game11.pdn"}},
	{"record-morris-final.svg", []string{td + "morris/playok_2026-03-11_gyorgyusz_vs_nft7489g.pgn"}},
	{"record-halma.svg", []string{"--ply", "20", td + "halma/twee-in-een-simulated.pdn"}},
	{"record-ludo.svg", []string{"--ply", "12", td + "race/mens-erger-je-niet.txt"}},
	{"record-goose.svg", []string{"--ply", "5", td + "race/ganzenbord-315.txt"}},
	{"record-horse-race.svg", []string{td + "race/wedrenspel-315.txt"}},
	// A replay stopped by an illegal move: the last position reached,
	// the move it stopped at in red, and a caption that says so.
	{"record-draughts-stopped.svg", []string{td + "draughts/bruno-vs-scan31-game11.pdn"}},
}

func TestBoardGolden(t *testing.T) {
	for _, tc := range boardCases {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := arbiter(t, "", append([]string{"board"}, tc.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if err := picture.Validate([]byte(out)); err != nil {
				t.Fatal(err)
			}
			again, _, _ := arbiter(t, "", append([]string{"board"}, tc.args...)...)
			if again != out {
				t.Error("two runs differ")
			}
			golden(t, "board/"+tc.name, out)
		})
	}
}

func TestBoardErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--fen", "W:W99"}, "--fen"},
		{[]string{"--move", "32-26"}, "not one legal move"},
		{[]string{"--variant", "ganzenbord-315"}, "naming its players"},
		{[]string{"--variant", "halma-2", "--fen", "16/16 A"}, "ranks"},
		{[]string{"--variant", "mens-erger-je-niet", "--fen", "R:1,2 R"}, "pieces"},
		{[]string{"--size", "-3"}, "--size"},
		{[]string{"--game", "2", td + "draughts/bruno-vs-scan31-game11.pdn"}, "has no game 2"},
		{[]string{"--ply", "64", td + "draughts/bruno-vs-scan31-game11.pdn"}, "--ply 64: the replay of game 1 stopped after ply 63, at move 32 (17-11): illegal: no piece on 17; --ply 63 draws the last position reached"},
		{[]string{"--ply", "40", td + "morris/playok_2026-03-11_gyorgyusz_vs_nft7489g.pgn"}, "--ply 40: game 1 has 39 plies"},
		{[]string{"--fen", "W:W31", td + "draughts/bruno-vs-scan31-game11.pdn"}, "not both"},
		{[]string{"--variant", "halma-2", td + "draughts/bruno-vs-scan31-game11.pdn"}, "--variant halma-2: ../../testdata/draughts/bruno-vs-scan31-game11.pdn:11:5: game 1 (Crevat, Luc - Machtelinck, Kevin): halma-2 is a halma variant"},
		{[]string{td + "no-such-file.pdn"}, "no-such-file"},
	} {
		_, errOut, code := arbiter(t, "", append([]string{"board"}, tc.args...)...)
		if code != exitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// A record whose replay stopped at an error: the last position reached is
// drawn only with the picture and standard error saying so (which ply, at
// which move, why); a position before it, or a game replayed to its end,
// says nothing more.
func TestBoardStoppedReplay(t *testing.T) {
	const bruno = td + "draughts/bruno-vs-scan31-game11.pdn"
	const warning = "arbiter: warning: " + bruno + ":17:28: game 1 (Crevat, Luc - Machtelinck, Kevin): the replay stopped after ply 63, at move 32 (17-11): error[illegal]: no piece on 17; drawn: the position after ply 63, the last one reached, not the end of the game\n"
	for _, tc := range []struct {
		args    []string
		stopped bool
	}{
		{[]string{bruno}, true},
		{[]string{"--ply", "63", bruno}, true},
		{[]string{"--ply", "62", bruno}, false},
		{[]string{td + "morris/playok_2026-03-11_gyorgyusz_vs_nft7489g.pgn"}, false},
	} {
		out, errOut, code := arbiter(t, "", append([]string{"board"}, tc.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errOut)
		}
		said := strings.Contains(out, "replay stopped here: move 32 (17-11), illegal") && strings.Contains(out, "the last position reached: the replay stopped at move 32 (17-11): illegal: no piece on 17</title>")
		if tc.stopped && (errOut != warning || !said) {
			t.Errorf("%v: stderr %q, caption and title said %v; want %q", tc.args, errOut, said, warning)
		}
		if !tc.stopped && (errOut != "" || strings.Contains(out, "replay stopped")) {
			t.Errorf("%v: stderr %q: the position is no stop", tc.args, errOut)
		}
	}
}
