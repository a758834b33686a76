package morris

import (
	"bytes"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
)

func parseText(t testing.TB, text string) *notation.Record {
	return Parse(pdn.GameText{Index: 1, Pos: notation.Pos{Line: 1, Col: 1}, Text: text}, "t.pgn")
}

func TestParseMove(t *testing.T) {
	for in, want := range map[string]string{
		"d6": "d6", "d6-d5": "d6-d5", "e3xd5": "e3xd5", "d3-e3xg4": "d3-e3xg4", "xd7": "xd7",
		"D6-D5": "d6-d5", "d3-e3:g4": "d3-e3xg4", "5": "5", "3x4": "3x4", "10-1x23": "10-1x23", "x23": "x23",
		"d3-e3xg4xa1": "d3-e3xg4xa1",
	} {
		m, err := ParseMove(in)
		if err != nil || m.String() != want {
			t.Errorf("%s: %v %v", in, m, err)
		}
	}
	for _, bad := range []string{"b1", "25", "0", "d6-5", "d6-d6", "d6-", "x", "d6d5", "h1", "d4"} {
		if m, err := ParseMove(bad); err == nil {
			t.Errorf("%s: read as %v", bad, m)
		}
	}
	// The two notations name the same points.
	for n := 1; n <= 24; n++ {
		m, _ := ParseMove(Number(n - 1))
		c, _ := ParseMove(m.Format(false))
		if c.To != n-1 || Point(Coordinate(n-1)) != n-1 {
			t.Errorf("point %d: %v", n, c)
		}
	}
	if Coordinate(0) != "a7" || Coordinate(4) != "d6" || Coordinate(23) != "g1" || Coordinate(21) != "a1" {
		t.Error("PlayOK numbering")
	}
}

func TestParsePositions(t *testing.T) {
	text := "[Variant \"Nine Men's Morris\"]\n[Result \"0-1\"]\n\n1. d2 {a comment} d6 2... x\n3.f4 d3-e3xg4 xd7 junk 0-1\n"
	rec := parseText(t, text)
	var got []string
	for _, m := range rec.Moves {
		got = append(got, m.Text+"@"+m.Pos.String())
	}
	if strings.Join(got, " ") != "d2@4:4 d6@4:19 f4@5:3 d3-e3xg4@5:6 xd7@5:15" {
		t.Errorf("moves %v", got)
	}
	if len(rec.Tags) != 2 || rec.Tags[0].Value != "Nine Men's Morris" || rec.Result != "0-1" || rec.ResultPos.String() != "5:24" {
		t.Errorf("tags %v result %q at %v", rec.Tags, rec.Result, rec.ResultPos)
	}
	if len(rec.Moves[0].Comments) != 1 || rec.Moves[0].Comments[0].Text != "a comment" {
		t.Errorf("comments %v", rec.Moves[0].Comments)
	}
	var codes []string
	for _, d := range rec.Diagnostics {
		codes = append(codes, d.Code+"@"+d.Pos.String())
	}
	if strings.Join(codes, " ") != "unreadable@4:27 unreadable@5:19" {
		t.Errorf("diagnostics %v", codes)
	}
}

func TestWriteRoundTrip(t *testing.T) {
	text := "[Event \"x\"]\n\n1. 5 13 2. 20 19 3. 14 21 {c} 4. 7 8 5. 23 17 6. 10-1x23 1-0\n"
	rec := parseText(t, text)
	for _, numeric := range []bool{false, true} {
		var b bytes.Buffer
		if err := Write(&b, rec, numeric); err != nil {
			t.Fatal(err)
		}
		back := parseText(t, b.String())
		if len(back.Moves) != len(rec.Moves) || back.Result != "1-0" || len(back.Diagnostics) != 0 {
			t.Fatalf("%s\n-> %d moves, %v", b.String(), len(back.Moves), back.Diagnostics)
		}
		for i, m := range back.Moves {
			a, _ := ParseMove(m.Text)
			o, _ := ParseMove(rec.Moves[i].Text)
			if a.Format(true) != o.Format(true) || a.Numeric != numeric {
				t.Errorf("move %d: %s for %s", i, m.Text, rec.Moves[i].Text)
			}
		}
		if numeric && !strings.Contains(b.String(), "3. 14 21 {c} 3... 7") && !strings.Contains(b.String(), "3. 14 21 {c} 4. 7") {
			t.Errorf("numbering:\n%s", b.String())
		}
	}
}

// FuzzParse: the reader and the writer never panic, and every move keeps
// a position inside its game.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"[Event \"?\"]\n[GameType \"70,0\"]\n\n1. 5 13 2. 20 19 3. 10-1x23 1-0\n",
		"1. d6 d5 2. d3-e3xg4 xd7 {c} 1/2-1/2",
		"[Variant \"Custom\"\n1.d6 {unclosed",
		"] } ;x\n 1... ... 12.. x 99 a9 *",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rec := parseText(t, s)
		lines := strings.Count(s, "\n") + 1
		for _, m := range rec.Moves {
			if m.Pos.Line < 1 || m.Pos.Line > lines || m.Pos.Col < 1 {
				t.Fatalf("move %q at %v", m.Text, m.Pos)
			}
		}
		var b bytes.Buffer
		if err := Write(&b, rec, true); err != nil {
			t.Fatal(err)
		}
		ParseMove(s)
	})
}
