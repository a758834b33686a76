package match

import (
	"context"
	"strings"
	"testing"
	"time"

	"arbiter/referee/match/hub"
	"arbiter/variants"
)

// Adjudication by score: both engines score White ahead by 5 men (the
// test engine's -score, from its own side): a win for White once each has
// done so for 3 moves; both score 0: a draw from move 4 on. A game with a
// DXP engine (no scores) is never adjudicated by score.
func TestAdjudication(t *testing.T) {
	resign := Adjudication{ResignMoves: 3, ResignScore: 4}
	st, text := play(t, context.Background(), Config{Engines: [2]Engine{hubEngine("A", "-score", "5"), hubEngine("B", "-score", "-5")},
		Adjudication: resign})
	if term := tag(t, text, "Termination")[0]; st.Engines[0].Wins != 1 ||
		term != "adjudication: White wins: both engines scored 4 men or more for White over their last 3 moves" {
		t.Errorf("resign: Termination %q, standings %+v", term, st.Engines)
	}
	if n := strings.Count(text, "[%eval "); n != 6 {
		t.Errorf("%d moves with a score, want 6:\n%s", n, text)
	}
	if !strings.Contains(text, "[%eval 5.00]") || !strings.Contains(text, "[%eval -5.00]") {
		t.Errorf("scores:\n%s", text)
	}
	draw := Adjudication{DrawAfter: 4, DrawMoves: 2, DrawScore: 0.1}
	_, text = play(t, context.Background(), Config{Engines: [2]Engine{hubEngine("A", "-score", "0"), hubEngine("B", "-score", "0.05")},
		Adjudication: draw})
	if term := tag(t, text, "Termination")[0]; term != "adjudication: draw: both engines scored within 0.1 men of 0 over their last 2 moves" ||
		strings.Count(text, "[%eval ") != 8 || tag(t, text, "Result")[0] != "1-1" {
		t.Errorf("draw: Termination %q\n%s", term, text)
	}
	// One engine sends no score: neither rule applies.
	_, text = play(t, context.Background(), Config{Engines: [2]Engine{hubEngine("A", "-score", "5"), dxpEngine("B")},
		Adjudication: Adjudication{ResignMoves: 1, ResignScore: 1, DrawMoves: 1, DrawScore: 10}})
	if term := tag(t, text, "Termination")[0]; strings.HasPrefix(term, "adjudication") {
		t.Errorf("adjudicated without the DXP engine's score: %q", term)
	}
}

func TestAdjudicationCheck(t *testing.T) {
	for _, a := range []Adjudication{{ResignMoves: -1}, {ResignMoves: 2}, {DrawScore: -1}, {DrawMoves: 1, DrawAfter: -2}} {
		if err := a.check(); err == nil {
			t.Errorf("%+v accepted", a)
		}
	}
}

// An engine's own clock: its flag, its clock comments and its own
// TimeControl tag; a DXP engine is told its own time.
func TestTimeOdds(t *testing.T) {
	fast := hubEngine("Fast")
	fast.TC = TimeControl{PerMove: time.Second}
	_, text := play(t, context.Background(), Config{Engines: [2]Engine{fast, hubEngine("Slow")}, Games: 2,
		TC: TimeControl{Base: time.Minute, Inc: time.Second}})
	if w, b := tag(t, text, "WhiteTimeControl"), tag(t, text, "BlackTimeControl"); w[0] != "1/1" || b[0] != "60+1" || w[1] != "60+1" || b[1] != "1/1" {
		t.Errorf("time controls %v %v", w, b)
	}
	if tc := tag(t, text, "TimeControl"); tc[0] != "" {
		t.Errorf("TimeControl %q beside the colours' own", tc)
	}
	// Fast's moves have no clock left to write, Slow's have.
	game := strings.SplitN(text, "\n\n", 3)[1]
	if !strings.Contains(game, "1. ") || strings.Count(game, "[%clk") == 0 || strings.Count(game, "[%clk") >= strings.Count(game, "[%emt") {
		t.Errorf("clock comments:\n%s", game)
	}
	a, err := NewArena(ArenaConfig{Engines: []Engine{fast, dxpEngine("D")}, Variant: international(t), TC: TimeControl{Base: 2 * time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	if a.setups[1].minutes != "002" || a.TC(0).PerMove != time.Second || a.TC(1).Base != 2*time.Minute {
		t.Errorf("setups %+v", a.setups)
	}
	if e, err := ParseEngine("name=X cmd=x proto=hub tc=1+0.5"); err != nil || e.TC.Base != time.Minute || e.TC.Inc != 500*time.Millisecond {
		t.Errorf("tc=: %+v %v", e.TC, err)
	}
	if e, err := ParseEngine("name=X cmd=x proto=hub st=0.25"); err != nil || e.TC.PerMove != 250*time.Millisecond {
		t.Errorf("st=: %+v %v", e.TC, err)
	}
	if _, err := ParseEngine("name=X cmd=x proto=hub tc=0"); err == nil {
		t.Error("tc=0 accepted")
	}
}

// The variant a Hub engine is asked for is its own name for it, chosen
// from the values it declares; an engine that declares none plays
// international draughts only.
func TestHubVariantFor(t *testing.T) {
	param := func(value, values string) hub.Line {
		return hub.New("param", "name", "variant", "value", value, "type", "enum", "values", values)
	}
	scan := param("normal", "normal killer bt frisian losing")
	for _, c := range []struct {
		v        string
		declared hub.Line
		name     string
		set      bool
		err      string
	}{
		{"international", scan, "normal", false, ""},
		{"frisian", scan, "frisian", true, ""},
		{"breakthrough", scan, "bt", true, ""},
		{"antidraughts", scan, "losing", true, ""},
		{"breakthrough", param("breakthrough", "breakthrough normal"), "breakthrough", false, ""},
		{"breakthrough", param("breakthrough", "normal bt breakthrough"), "breakthrough", false, ""},
		{"international", hub.Line{}, "normal", false, ""},
		{"frisian", hub.Line{}, "", false, "declares no variant parameter"},
		{"frisian", param("normal", "normal bt"), "", false, "does not play frisian (frisian in Hub's words); its variants: normal, bt"},
		{"international", param("frisian", "frisian"), "", false, "does not play international"},
	} {
		name, set, err := hubVariantFor(c.v, c.declared)
		if name != c.name || set != c.set || (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s with %q: %q %v %v, want %q %v %q", c.v, c.declared.String(), name, set, err, c.name, c.set, c.err)
		}
	}
}

// Hub engines play breakthrough and antidraughts under Scan's names: the
// referee judges by arbiter's rules of the same name, and the records
// pass 'arbiter check'. An engine that does not declare the variant is
// refused by Probe, before any game.
func TestHubVariants(t *testing.T) {
	for _, c := range []struct{ variant, hubName string }{{"breakthrough", "bt"}, {"antidraughts", "losing"}, {"frisian", "frisian"}} {
		v, err := variants.Lookup(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		names := "normal " + c.hubName
		a, b := hubEngine("A", "-variants", names, "-seed", "5"), hubEngine("B", "-variants", names, "-seed", "6")
		m, err := New(Config{Engines: [2]Engine{a, b}, Variant: v, Games: 2, TC: TimeControl{Base: time.Minute}})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Arena().Probe(context.Background()); err != nil {
			t.Errorf("%s: %v", c.variant, err)
		}
		st, text := play(t, context.Background(), Config{Engines: [2]Engine{a, b}, Variant: v, Games: 2})
		for _, term := range tag(t, text, "Termination") {
			if strings.Contains(term, "(White) ") || strings.Contains(term, "(Black) ") {
				t.Errorf("%s: Termination %q", c.variant, term)
			}
		}
		if st.Games != 2 || st.Unfinished != 0 {
			t.Errorf("%s: %+v", c.variant, st)
		}
		if gt := tag(t, text, "GameType")[0]; !strings.HasPrefix(gt, map[string]string{"breakthrough": "96", "antidraughts": "98", "frisian": "40"}[c.variant]) {
			t.Errorf("%s: GameType %q", c.variant, gt)
		}
		plain := hubEngine("Plain")
		m, err = New(Config{Engines: [2]Engine{a, plain}, Variant: v, Games: 2, TC: TimeControl{Base: time.Minute}})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Arena().Probe(context.Background()); err == nil || !strings.Contains(err.Error(), "engine Plain: does not play "+c.variant) {
			t.Errorf("%s: Probe of an engine without it: %v", c.variant, err)
		}
	}
}

// A game asked of engines or an opening the arena does not have is
// unfinished, not a panic.
func TestArenaBadSpec(t *testing.T) {
	a, err := NewArena(ArenaConfig{Engines: []Engine{hubEngine("A"), hubEngine("B")}, Variant: international(t), TC: TimeControl{Base: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	for _, gs := range []GameSpec{{White: 0, Black: 0}, {White: 2, Black: 0}, {White: -1, Black: 1}, {White: 0, Black: 1, Opening: 1}} {
		if g := a.Play(context.Background(), gs); g.Result != "*" || g.Started() {
			t.Errorf("%+v: %+v", gs, g)
		}
	}
}
