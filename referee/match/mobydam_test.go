package match

import (
	"context"
	"strings"
	"testing"
	"time"

	"arbiter/referee/match/enginetest"
)

// mobyDam builds Harm Jetten's Moby Dam from ../shared/engines/mobydam
// (GPL-3.0, a test fixture arbiter never copies from) into a temporary
// folder, or skips the test.
func mobyDam(t *testing.T) (bin, book string) { return enginetest.MobyDam(t) }

// Two short games between two Moby Dam instances over DamExchange, arbiter
// in the middle; the PDN passes 'arbiter check'.
func TestMobyDamMatch(t *testing.T) {
	bin, book := mobyDam(t)
	moby := func(name string) Engine {
		// -t 20: a 16 MB hash table; "time 100": 0.1 s a move, so that
		// the games are short.
		return Engine{Name: name, Proto: "dxp", Cmd: bin, Args: []string{"-p", "{port}", "-b", book, "-t", "20"}, InitStr: "time 100"}
	}
	ops := []Opening{{FEN: "W:W26,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,17,18,19,20,21", Name: "ballot"}}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	st, text := play(t, ctx, Config{Engines: [2]Engine{moby("Moby A"), moby("Moby B")}, Games: 2, Openings: ops,
		TC: TimeControl{Base: time.Minute, Margin: time.Second}, MaxMoves: 25})
	if st.Games != 2 || st.Unfinished != 0 {
		t.Fatalf("games %d, unfinished %d:\n%s", st.Games, st.Unfinished, text)
	}
	for _, term := range tag(t, text, "Termination") {
		// Neither instance may lose by the referee's hand: Moby Dam plays
		// legal moves and keeps its time.
		if strings.Contains(term, "(White) ") || strings.Contains(term, "(Black) ") {
			t.Errorf("Termination %q", term)
		}
	}
	if n := strings.Count(text, "[%clk"); n < 20 {
		t.Errorf("only %d moves with clock comments:\n%s", n, text)
	}
}
