package race

import (
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
)

// TestThrowSpacing: a throw written with other spacing is read as a person
// reads it, with a warning at the roll, and nothing after it is lost.
func TestThrowSpacing(t *testing.T) {
	for _, c := range []struct {
		written, read, shown string
		col                  int // of the roll
	}{
		{"Anna 1+2:0/3", "Anna 1+2: 0/3", `"1+2:0/3", read as "1+2: 0/3"`, 9},
		{"Anna 4 + 5: 0", "Anna 4+5: 0", `"4 + 5: 0", read as "4+5: 0"`, 9},
		{"Anna 4+5 : 0", "Anna 4+5: 0", `"4+5 : 0", read as "4+5: 0"`, 9},
		{"Anna 4 +5 :0/9", "Anna 4+5: 0/9", `"4 +5 :0/9", read as "4+5: 0/9"`, 9},
		{"6:B/1", "6: B/1", `"6:B/1", read as "6: B/1"`, 4},
		{"R 6 : B/1", "R 6: B/1", `"6 : B/1", read as "6: B/1"`, 6},
	} {
		t.Run(c.written, func(t *testing.T) {
			rec := parseOne(t, "[Game \"goose\"]\n\n1. "+c.written+"  Bram 3+3: 0/6 (pays 5) *\n")
			if len(rec.Moves) != 2 || rec.Moves[0].Text != c.read || rec.Moves[1].Text != "Bram 3+3: 0/6 (pays 5)" || rec.Result != "*" {
				t.Fatalf("moves %v, result %q", moveTexts(rec), rec.Result)
			}
			if len(rec.Diagnostics) != 1 {
				t.Fatalf("want one warning, got %v", rec.Diagnostics)
			}
			d := rec.Diagnostics[0]
			if d.Severity != notation.Warning || d.Code != CodeSpacing || d.Pos.Line != 3 || d.Pos.Col != c.col || !strings.Contains(d.Msg, c.shown) {
				t.Fatalf("want a %s warning at 3:%d saying how it was read, got %v", CodeSpacing, c.col, d)
			}
		})
	}
	// A move number and a lone number are not rolls.
	rec := parseOne(t, "[Game \"goose\"]\n\n12. Anna 4+5: 0 7 *\n")
	if len(rec.Moves) != 1 || rec.Moves[0].Number != 12 || len(rec.Diagnostics) != 1 || rec.Diagnostics[0].Code != CodeUnreadable {
		t.Fatalf("%v %v", moveTexts(rec), rec.Diagnostics)
	}
}

// TestUnreadableThrow: a throw that cannot be read is one error at its own
// position, kept as a move as written; the throws after it are read.
func TestUnreadableThrow(t *testing.T) {
	for _, c := range []struct{ bad, why string }{
		{"Anna 1+x: 0/3", "the dice are numbers"},
		{"Anna 4-5: 0", "the dice are numbers"},
		{"Anna ??", "the dice and a colon"},
		{"Anna (pays 5)", "the dice and a colon"},
	} {
		t.Run(c.bad, func(t *testing.T) {
			rec := parseOne(t, "[Game \"goose\"]\n\n1. "+c.bad+"  Bram 4+5: 0\n2. Anna 3+3: 0/6 (pays 5) *\n")
			if got := moveTexts(rec); len(got) != 3 || got[0] != c.bad || got[1] != "Bram 4+5: 0" || rec.Moves[2].Number != 2 || rec.Result != "*" {
				t.Fatalf("moves %q, result %q", got, rec.Result)
			}
			if len(rec.Diagnostics) != 1 {
				t.Fatalf("want one error, got %v", rec.Diagnostics)
			}
			d := rec.Diagnostics[0]
			if d.Severity != notation.Error || d.Code != CodeBadMove || d.Pos.Line != 3 || d.Pos.Col != 4 || !strings.Contains(d.Msg, c.why) {
				t.Fatalf("want a %s error at 3:4 (%s), got %v", CodeBadMove, c.why, d)
			}
		})
	}
}

// TestCommentBeforeTags: an exporter's comment before the tags, or one
// between them, is a game comment; the tags are all read.
func TestCommentBeforeTags(t *testing.T) {
	for _, head := range []string{"{exported by Spellendoos 1.0}\n", "; note\n", "{a}\n; b\n"} {
		rec := parseOne(t, head+"[Game \"horse-race\"]\n{between}\n[Players \"Anna, Bram\"]\n\n1. Anna 2: 0/2 *\n")
		if len(rec.Tags) != 2 || len(rec.Moves) != 1 || len(rec.Diagnostics) != 0 {
			t.Fatalf("%q: tags %v, moves %v, %v", head, rec.Tags, moveTexts(rec), rec.Diagnostics)
		}
		if n := strings.Count(head, "\n") + 1; len(rec.Comments) != n || rec.Comments[n-1].Text != "between" {
			t.Fatalf("%q: comments %v", head, rec.Comments)
		}
	}
}

func moveTexts(rec *notation.Record) []string {
	var out []string
	for _, m := range rec.Moves {
		out = append(out, m.Text)
	}
	return out
}

// FuzzParse: no input makes the reader panic, and every move it keeps was
// written at its position.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"[Game \"ludo\"]\n\n1. R 6: B/1 6: 1/7 3: 7/10x  B 4: -\n2. R 5: 10/15x  B 2: - *\n",
		"{x}\n[Game \"goose\"]\n; y\n1. Anna 1+2:0/3  Bram 4 + 5: 0\n2. Anna 4+5 : 3 Bram 1+x: 26 *\n",
		"1. Anna ?? (pays 5) 4 +\n5: 0 [Tag \"v\"] *",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp := pdn.NewSplitter(strings.NewReader(s), pdn.Options{})
		lines := textLines(s)
		for {
			g, err := sp.Next()
			if err != nil {
				return
			}
			for _, m := range Parse(g, "f.txt").Moves {
				if m.Pos.Line < 1 || m.Pos.Line > lines || m.Pos.Col < 1 || m.Text == "" {
					t.Fatalf("move %q at %v: outside the text", m.Text, m.Pos)
				}
			}
		}
	})
}

// TestThrowWithoutActionAtTheEnd: a throw left without its action just
// before the terminator does not swallow the terminator.
func TestThrowWithoutActionAtTheEnd(t *testing.T) {
	rec := parseOne(t, "[Game \"goose\"]\n\n1. Anna 4+5: *\n")
	if rec.Result != "*" || len(rec.Moves) != 1 || len(rec.Diagnostics) != 1 || rec.Diagnostics[0].Code != CodeBadMove {
		t.Fatalf("result %q, moves %v, %v", rec.Result, moveTexts(rec), rec.Diagnostics)
	}
}
