package halma

import (
	"arbiter/notation/movetext"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
)

func parseText(text string) *notation.Record {
	return Parse(pdn.GameText{Index: 1, Pos: notation.Pos{Line: 1, Col: 1}, Text: text}, "t.pdn")
}

func TestParseMove(t *testing.T) {
	for in, want := range map[string]string{
		"a1-b2": "a1-b2", "A1:C3:E5": "a1:c3:e5", "p16-o15": "p16-o15", "pass": "pass", "--": "pass",
		"a3:c5-d6": "a3:c5-d6", "e1-f1-g1": "e1-f1-g1",
	} {
		m, err := ParseMove(in)
		if err != nil || m.String() != want {
			t.Errorf("%s: %v %v", in, m, err)
		}
	}
	if m, _ := ParseMove("a3:c5-d6"); !m.Mixed() || m.IsJump() || m.IsStep() {
		t.Error("a3:c5-d6 is mixed")
	}
	if m, _ := ParseMove("a1:c3:e5"); !m.IsJump() || m.From().String() != "a1" || m.To().String() != "e5" {
		t.Error("a1:c3:e5 is a chain")
	}
	for _, bad := range []string{"a1", "q1-a2", "a0-a1", "a17-a1", "a1-", "a1xb2", "a01-b2", ":a1"} {
		if m, err := ParseMove(bad); err == nil {
			t.Errorf("%s: read as %v", bad, m)
		}
	}
}

func TestParsePositions(t *testing.T) {
	text := "[Game \"halma\"]\n[Result \"0-0-1-0\"]\n\n1. a1-b2 {c} p16:n14 a16-b15 p1-o2\n2. pass junk 0-0-1-0\n"
	rec := parseText(text)
	var got []string
	for _, m := range rec.Moves {
		got = append(got, m.Text+"@"+m.Pos.String())
	}
	if strings.Join(got, " ") != "a1-b2@4:4 p16:n14@4:14 a16-b15@4:22 p1-o2@4:30 pass@5:4" {
		t.Errorf("moves %v", got)
	}
	if rec.Result != "0-0-1-0" || rec.ResultPos.String() != "5:14" || rec.Moves[0].Number != 1 || rec.Moves[4].Number != 2 {
		t.Errorf("result %q at %v", rec.Result, rec.ResultPos)
	}
	if len(rec.Diagnostics) != 1 || rec.Diagnostics[0].Code != movetext.CodeUnreadable {
		t.Errorf("diagnostics %v", rec.Diagnostics)
	}
}

// FuzzParse: the reader and the writer never panic, and every move keeps
// a position inside its game.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"[Game \"halma\"]\n\n1. a1-b2 p16:n14:l12 2. pass -- 1-0\n",
		"1. a1:c3-d4 {x} 0-1-0-1",
		"[Variant \"x\"\n1.a1 {unclosed",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rec := parseText(s)
		lines := strings.Count(s, "\n") + 1
		for _, m := range rec.Moves {
			if m.Pos.Line < 1 || m.Pos.Line > lines || m.Pos.Col < 1 {
				t.Fatalf("move %q at %v", m.Text, m.Pos)
			}
		}
		var b strings.Builder
		if err := Write(&b, rec, 4); err != nil {
			t.Fatal(err)
		}
		ParseMove(s)
	})
}
