package draughts

import (
	"errors"
	"strings"
	"testing"

	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

func TestBuiltinVariantsLoad(t *testing.T) {
	all, err := variants.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]*variants.Variant{}
	for _, v := range all {
		names[v.Name] = v
	}
	for _, want := range []string{"international", "papyrus", "damspel-315"} {
		if names[want] == nil {
			t.Errorf("builtin variant %q missing", want)
		}
	}
	if d := SectionOf(names["papyrus"]); d.Draw.KingMoves != nil || d.Draw.Repetition.Effect != variants.EffectClaimable || !d.Kings.Flying {
		t.Errorf("papyrus did not extend international as written: %+v", d.Draw)
	}
	if d := SectionOf(names["damspel-315"]); len(d.Draw.Endgames) != 0 || d.Draw.SameMove == nil {
		t.Errorf("damspel-315 draw rules wrong: %+v", d.Draw)
	}
	if d := SectionOf(names["international"]); len(d.Draw.Endgames) != 2 || d.Draw.KingMoves.Count != 25 {
		t.Errorf("extending must not change the base: %+v", d.Draw)
	}
}

func TestForGameType(t *testing.T) {
	v, err := ForGameType(20)
	if err != nil || v.Name != "international" {
		t.Fatalf("GameType 20 = %v, %v", v, err)
	}
	if _, err := ForGameType(12345); !errors.Is(err, variants.ErrUnknown) {
		t.Fatalf("GameType 12345: %v", err)
	}
	// A YAML-only variant: the GameType in its file is all it takes.
	if v, err := ForGameType(97); err != nil || v.Name != "frysk" {
		t.Fatalf("GameType 97 = %v, %v", v, err)
	}
	if v, err := ForGameType(99); err != nil || v.Name != "from-position" {
		t.Fatalf("GameType 99 = %v, %v", v, err)
	}
}

func TestParseErrorsHaveLines(t *testing.T) {
	tests := []struct {
		name, yaml, want string
	}{
		{"unknown key", "name: x\ngame: draughts\nextends: international\ndraughts:\n  kings:\n    flyng: true\n", "f.yaml:6: unknown key flyng"},
		{"mistyped value", "name: x\ngame: draughts\nextends: international\ndraughts:\n  board:\n    width: ten\n", "f.yaml:6: cannot unmarshal"},
		{"bad priority", "name: x\nextends: international\ndraughts:\n  capture:\n    priority: most\n", "f.yaml:5: capture.priority must be free, majority or value"},
		{"bad win", "name: x\nextends: international\ndraughts:\n  win: most_kings\n", "f.yaml:4: win must be no_move_loses, first_king or no_move_wins"},
		{"bad effect", "name: x\nextends: international\ndraughts:\n  draw:\n    repetition: {count: 3, effect: maybe}\n", "f.yaml:5: draw.repetition.effect"},
		{"unknown base", "name: x\nextends: nosuch\n", "f.yaml:2: unknown variant \"nosuch\""},
		{"no game", "name: x\n", "f.yaml:0: missing key: game"},
		{"bad material", "name: x\nextends: international\ndraughts:\n  draw:\n    endgames:\n      - {name: e, strong: [MK], weak: [K], moves: 3, effect: forced}\n", "f.yaml:5: endgame \"e\": material \"MK\""},
		{"bad more", "name: x\nextends: international\ndraughts:\n  draw:\n    endgames:\n      - {name: e, strong: [K+M], weak: [K], moves: 3, effect: forced}\n", "f.yaml:5: endgame \"e\": material \"K+M\""},
		{"strong without weak", "name: x\nextends: international\ndraughts:\n  draw:\n    endgames:\n      - {name: e, strong: [KK], moves: 3, effect: forced}\n", "f.yaml:5: endgame \"e\": give both strong and weak"},
		{"no positions", "name: x\nextends: international\ndraughts:\n  draw:\n    endgames:\n      - {name: e, moves: 3, effect: forced}\n", "f.yaml:5: endgame \"e\": say which positions"},
		{"bad pieces", "name: x\nextends: international\ndraughts:\n  draw:\n    endgames:\n      - {name: e, pieces: [1], moves: 3, effect: forced}\n", "f.yaml:5: endgame \"e\": pieces must be 2 or more"},
		{"bad counted", "name: x\nextends: international\ndraughts:\n  draw:\n    endgames:\n      - {name: e, strong: [KK], weak: [K], counted: both, moves: 3, effect: forced}\n", "f.yaml:5: endgame \"e\": counted must be each or strong"},
		{"strong count needs material", "name: x\nextends: international\ndraughts:\n  draw:\n    endgames:\n      - {name: e, pieces: [4], counted: strong, moves: 3, effect: forced}\n", "counted: strong needs the strong side's material"},
		{"diagonal needs material", "name: x\nextends: international\ndraughts:\n  draw:\n    endgames:\n      - {name: e, pieces: [4], weak_on_long_diagonal: true, moves: 3, effect: forced}\n", "weak_on_long_diagonal needs the weak side's material"},
		{"bad discount", "name: x\nextends: frisian\ndraughts:\n  capture:\n    kings_discount: 4\n", "f.yaml:5: capture.kings_discount must be 0 or more and less than capture.king_value"},
		{"not yaml", "name: [x\n", "f.yaml:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := variants.Parse("f.yaml", []byte(tt.yaml))
			if err == nil || !strings.Contains(err.Error(), strings.TrimPrefix(tt.want, "f.yaml:0: ")) {
				t.Fatalf("error = %v, want it to contain %q", err, tt.want)
			}
			var ve *variants.Error
			if !errors.As(err, &ve) {
				t.Fatalf("error %T is not a *variants.Error", err)
			}
		})
	}
}

func TestUserFileExtends(t *testing.T) {
	v, err := variants.Parse("mine.yaml", []byte("name: no-majority\nextends: international\ndescription: test\ndraughts:\n  capture:\n    priority: free\n"))
	if err != nil {
		t.Fatal(err)
	}
	if SectionOf(v).Capture.Priority != "free" || !SectionOf(v).Capture.Compulsory || SectionOf(v).Board.Width != 10 {
		t.Fatalf("override lost base fields: %+v", SectionOf(v))
	}
}

func TestForGame(t *testing.T) {
	v, err := variants.ForGame("draughts", "russian")
	if err != nil || v.Name != "russian" {
		t.Fatalf("draughts/russian: %v %v", v, err)
	}
	if v, err := variants.ForGame("draughts", ""); err != nil || v.Name != "international" {
		t.Fatalf("draughts default: %v %v", v, err)
	}
	v, err = variants.ForGame("draughts", "Custom")
	if !errors.Is(err, variants.ErrUnknown) || v == nil || v.Name != "international" {
		t.Fatalf("unknown name: %v %v", v, err)
	}
	if v, err := variants.ForGame("chess", ""); err == nil || v != nil {
		t.Fatalf("unknown game: %v %v", v, err)
	}
	if papyrus, _ := variants.Lookup("papyrus"); papyrus.Default {
		t.Error("extending a default variant made papyrus a default too")
	}
}

// TestFryskRecord: "GameType 97 Frysk!: Frisian rules, starting with 5 men
// each on the back rows" (RULES.md section 8): a record that says 97 is
// replayed from that start, and a move from the international start
// position is illegal there.
func TestFryskRecord(t *testing.T) {
	for _, c := range []struct{ text, verdict string }{
		{"[GameType \"97\"]\n1. 46-41 1-7 2. 41-37 7-12 *\n", referee.Valid},
		{"[GameType \"97\"]\n1. 32-28 *\n", referee.Invalid},
	} {
		recs, err := pdn.ReadAll(strings.NewReader(c.text), "frysk.pdn", pdn.Options{})
		if err != nil || len(recs) != 1 {
			t.Fatal(recs, err)
		}
		rep := referee.Check(recs[0], referee.Options{})
		if rep.Variant != "frysk" || rep.Verdict != c.verdict {
			t.Errorf("%q: %s %s, want frysk %s (%v)", c.text, rep.Variant, rep.Verdict, c.verdict, rep.Diagnostics)
		}
	}
}

// A variant that extends another is decoded over a clone of its base's
// section, and the base is shared by everything that loaded it: writing
// through the clone must leave the base as it was.
func TestCloneLeavesTheBaseAlone(t *testing.T) {
	base, err := variants.Lookup("international")
	if err != nil {
		t.Fatal(err)
	}
	d := SectionOf(base)
	if d.Draw.Repetition == nil || d.Draw.KingMoves == nil || len(d.Draw.Endgames) == 0 {
		t.Fatal("international has no repetition, king-move or endgame rule to test with")
	}
	rep, kings, strong := *d.Draw.Repetition, *d.Draw.KingMoves, d.Draw.Endgames[0].Strong[0]
	c := d.Clone().(*Section)
	c.Draw.Repetition.Count += 7
	c.Draw.KingMoves.Effect = "changed"
	c.Draw.Endgames[0].Strong[0] = "changed"
	c.Draw.Endgames[0].Moves += 3
	if *d.Draw.Repetition != rep || *d.Draw.KingMoves != kings || d.Draw.Endgames[0].Strong[0] != strong {
		t.Errorf("writing through the clone changed the base: %+v %+v %q", *d.Draw.Repetition, *d.Draw.KingMoves, d.Draw.Endgames[0].Strong[0])
	}
	// The variants that extend international keep their own draw rules.
	for _, name := range []string{"papyrus", "damspel-315"} {
		v, err := variants.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if SectionOf(v) == d || SectionOf(v).Draw.Repetition == d.Draw.Repetition && d.Draw.Repetition != nil {
			t.Errorf("%s shares international's rules", name)
		}
	}
}

// Materials in endgame rules: K's then M's, a final + for "that many or
// more" of the last letter.
func TestMaterialPatterns(t *testing.T) {
	for _, c := range []struct {
		pattern    string
		men, kings int
		holds      bool
	}{
		{"KKM", 1, 2, true}, {"KKM", 2, 2, false}, {"KKM", 1, 3, false},
		{"KKK+", 0, 3, true}, {"KKK+", 0, 12, true}, {"KKK+", 0, 2, false}, {"KKK+", 1, 3, false},
		{"KM+", 1, 1, true}, {"KM+", 5, 1, true}, {"KM+", 0, 1, false}, {"KM+", 1, 2, false},
		{"K", 0, 1, true}, {"K", 0, 2, false},
	} {
		m, ok := parseMaterial(c.pattern)
		if !ok || m.holds(c.men, c.kings) != c.holds {
			t.Errorf("%s with %d men and %d kings: %v, want %v", c.pattern, c.men, c.kings, m.holds(c.men, c.kings), c.holds)
		}
	}
	for _, bad := range []string{"", "+", "MK", "K+M", "KMK", "k", "KK++"} {
		if _, ok := parseMaterial(bad); ok {
			t.Errorf("%q read as a material", bad)
		}
	}
	e := Endgame{Strong: []string{"KKK+"}, Weak: []string{"K"}}
	if !e.Matches("KKKKK", "K") || e.Matches("KK", "K") || e.Matches("KKK", "KM") {
		t.Error("Matches does not read KKK+")
	}
}
