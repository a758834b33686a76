package race

import (
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
)

func parseOne(t *testing.T, text string) *notation.Record {
	t.Helper()
	sp := pdn.NewSplitter(strings.NewReader(text), pdn.Options{})
	g, err := sp.Next()
	if err != nil {
		t.Fatal(err)
	}
	return Parse(g, "t.txt")
}

func TestParseKeepsPositions(t *testing.T) {
	rec := parseOne(t, "[Game \"ludo\"]\n[Red \"Anna\"]\n\n1. R 6: B/1 6: 1/7 3: 7/10x  B 4: -\n2. Anna 4+5: 0/26 {c}  Bram 3+3: 0/6>12 (pays 10) *\n")
	if len(rec.Diagnostics) > 0 {
		t.Fatal(rec.Diagnostics)
	}
	want := []struct {
		text      string
		line, col int
	}{
		{"R 6: B/1", 4, 4}, {"6: 1/7", 4, 13}, {"3: 7/10x", 4, 20}, {"B 4: -", 4, 30},
		{"Anna 4+5: 0/26", 5, 4}, {"Bram 3+3: 0/6>12 (pays 10)", 5, 24},
	}
	if len(rec.Moves) != len(want) {
		t.Fatalf("%d moves", len(rec.Moves))
	}
	for i, w := range want {
		m := rec.Moves[i]
		if m.Text != w.text || m.Pos.Line != w.line || m.Pos.Col != w.col {
			t.Errorf("move %d: %q at %v, want %q at %d:%d", i, m.Text, m.Pos, w.text, w.line, w.col)
		}
	}
	if rec.Moves[4].Number != 2 || len(rec.Moves[4].Comments) != 1 || rec.Result != "*" {
		t.Errorf("number, comment or result lost: %+v", rec.Moves[4])
	}
}

func TestParseMoveRoundTrip(t *testing.T) {
	for _, s := range []string{"R 6: B/1", "6: 1/7", "3: 7/10x", "B 4: -", "Anna 4+5: 0/26", "Bram 3+3: 0/6>12 (pays 10)", "5: 12", "2: 9x"} {
		m, err := ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if m.String() != s {
			t.Errorf("%q written back as %q", s, m.String())
		}
	}
	for _, s := range []string{"6 B/1", "x: 1/2", "6:", "6: 1/a", "6: 1/2 (pays)"} {
		if _, err := ParseMove(s); err == nil {
			t.Errorf("%q read without error", s)
		}
	}
}

func TestUnreadable(t *testing.T) {
	rec := parseOne(t, "[Game \"ludo\"]\n\n1. R 6: B/1 ?? *\n")
	if len(rec.Diagnostics) != 1 || rec.Diagnostics[0].Code != CodeUnreadable || rec.Diagnostics[0].Pos.Col != 13 {
		t.Fatalf("%v", rec.Diagnostics)
	}
}

func TestGrammar(t *testing.T) {
	if !strings.Contains(Grammar(), "<roll>") {
		t.Fatal(Grammar())
	}
}
