package pdn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"arbiter/notation"
)

// readAll reads every game of s.
func readAll(t testing.TB, s string) []*notation.Record {
	t.Helper()
	recs, err := ReadAll(strings.NewReader(s), "t.pdn", Options{})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// readOne reads s, which must hold one game.
func readOne(t testing.TB, s string) *notation.Record {
	t.Helper()
	recs := readAll(t, s)
	if len(recs) != 1 {
		t.Fatalf("%q: %d games, want 1", s, len(recs))
	}
	return recs[0]
}

func codes(r *notation.Record, sev notation.Severity) []string {
	var out []string
	for _, d := range r.Diagnostics {
		if d.Severity == sev {
			out = append(out, d.Code)
		}
	}
	return out
}

func hasCode(r *notation.Record, sev notation.Severity, code string) bool {
	for _, c := range codes(r, sev) {
		if c == code {
			return true
		}
	}
	return false
}

func moveTexts(l notation.Line) []string {
	var out []string
	for _, m := range l {
		out = append(out, m.Text)
	}
	return out
}

// constructs is the table of well-formed PDN constructs; it also seeds
// FuzzParse.
var constructs = []struct {
	name, in string
	check    func(t *testing.T, r *notation.Record)
}{
	{"tags and escapes", `[Event "a \"b\" \\ c"]` + "\n" + `[Site ""]` + "\n1. 32-28 *", func(t *testing.T, r *notation.Record) {
		if v, _ := r.Tag("Event"); v != `a "b" \ c` {
			t.Errorf("Event = %q", v)
		}
		if v, ok := r.Tag("site"); !ok || v != "" {
			t.Errorf("Site = %q, %v", v, ok)
		}
	}},
	{"result 2-0", "1. 32-28 2-0", result("2-0")},
	{"result 1-1", "1. 32-28 1-1", result("1-1")},
	{"result 0-2", "1. 32-28 0-2", result("0-2")},
	{"result 0-0", "1. 32-28 0-0", result("0-0")},
	{"result 1-0", "1. 32-28 1-0", result("1-0")},
	{"result 0-1", "1. 32-28 0-1", result("0-1")},
	{"result draw", "1. 32-28 1/2-1/2", result("1/2-1/2")},
	{"result half sign", "1. 32-28 ½-½", result("1/2-1/2")},
	{"result star", "1. 32-28 *", result("*")},
	{"move numbers", "1. 32-28 19-23 2. 33-29 12... 23x34 *", func(t *testing.T, r *notation.Record) {
		want := []struct {
			n   int
			ell bool
		}{{1, false}, {0, false}, {2, false}, {12, true}}
		for i, w := range want {
			if m := r.Moves[i]; m.Number != w.n || m.Ellipsis != w.ell {
				t.Errorf("move %d: number %d ellipsis %v, want %d %v", i, m.Number, m.Ellipsis, w.n, w.ell)
			}
		}
	}},
	{"ellipsis alone", "1. ... 7-12 2. 8x17 *", func(t *testing.T, r *notation.Record) {
		if m := r.Moves[0]; m.Number != 1 || !m.Ellipsis || m.Text != "7-12" {
			t.Errorf("got %+v", m)
		}
	}},
	{"move forms", "1. 32-28 19x30 2. 28x19x10 15:24 3. c3-d4 c3:e5:g3 4. c3xe5 a3b4 *", func(t *testing.T, r *notation.Record) {
		want := []string{"32-28", "19x30", "28x19x10", "15:24", "c3-d4", "c3:e5:g3", "c3xe5", "a3b4"}
		if got := moveTexts(r.Moves); !reflect.DeepEqual(got, want) {
			t.Errorf("moves %v", got)
		}
	}},
	{"strength", "1. 32-28! 19-23? 2. 33-29!? 23x34?! 3. 39x30!! 18-23?? 4. 30-25(!?) *", func(t *testing.T, r *notation.Record) {
		want := []string{"!", "?", "!?", "?!", "!!", "??", "!?"}
		for i, w := range want {
			if r.Moves[i].Strength != w {
				t.Errorf("move %d strength %q, want %q", i, r.Moves[i].Strength, w)
			}
		}
	}},
	{"NAGs", "1. 32-28 $1 $14 19-23 *", func(t *testing.T, r *notation.Record) {
		if !reflect.DeepEqual(r.Moves[0].NAGs, []int{1, 14}) {
			t.Errorf("NAGs %v", r.Moves[0].NAGs)
		}
	}},
	{"comments", "{before} 1. 32-28 {after 1} {after 2} 19-23 ; to the end\n% line start\n*", func(t *testing.T, r *notation.Record) {
		if len(r.Comments) != 1 || r.Comments[0].Text != "before" {
			t.Errorf("record comments %+v", r.Comments)
		}
		if c := r.Moves[0].Comments; len(c) != 2 || c[0].Text != "after 1" || c[1].Text != "after 2" {
			t.Errorf("move comments %+v", c)
		}
		if c := r.Moves[1].Comments; len(c) != 2 || c[0].Text != "to the end" || c[1].Text != "line start" {
			t.Errorf("line comments %+v", c)
		}
	}},
	{"comment with brackets and results", "1. 32-28 {see [Event \"x\"] and 1-0 (19-23)} 19-23 *", func(t *testing.T, r *notation.Record) {
		if len(r.Moves) != 2 || r.Result != "*" {
			t.Errorf("moves %v result %q", moveTexts(r.Moves), r.Result)
		}
	}},
	{"setup", `[FEN "W:W31-50:B1-20"]` + "\n" + `/FEN "B:W18,24:B12,16"/ 1... 12-17 22x11 /FEN "W:W1:B2"/ 2. 1-7 *`, func(t *testing.T, r *notation.Record) {
		if r.Setup != "B:W18,24:B12,16" || !r.SetupPos.IsValid() {
			t.Errorf("record setup %q at %v", r.Setup, r.SetupPos)
		}
		if m := r.Moves[2]; m.Setup != "W:W1:B2" || m.Text != "1-7" {
			t.Errorf("move setup %+v", m)
		}
	}},
	{"variations", "32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 14x23", func(t *testing.T, r *notation.Record) {
		if got := moveTexts(r.Moves); !reflect.DeepEqual(got, []string{"32-28", "19-23", "28x19", "14x23"}) {
			t.Fatalf("main line %v", got)
		}
		v := r.Moves[1].Variations
		if len(v) != 1 || !reflect.DeepEqual(moveTexts(v[0]), []string{"18-23", "38-32", "12-18"}) {
			t.Fatalf("variation %v", v)
		}
		vv := v[0][1].Variations
		if len(vv) != 1 || !reflect.DeepEqual(moveTexts(vv[0]), []string{"37-32", "23-29"}) || vv[0][1].Strength != "!" {
			t.Fatalf("inner variation %v", vv)
		}
	}},
	{"result inside variation", "1. 32-28 (1. 33-28 1-0) 19-23 *", func(t *testing.T, r *notation.Record) {
		if len(r.Moves) != 2 || r.Result != "*" || len(r.Moves[0].Variations) != 1 {
			t.Errorf("moves %v result %q", moveTexts(r.Moves), r.Result)
		}
	}},
	{"empty game", "[Event \"x\"]\n1. 2-0", func(t *testing.T, r *notation.Record) {
		if len(r.Moves) != 0 || r.Result != "2-0" || len(r.Diagnostics) != 0 {
			t.Errorf("moves %v result %q diags %v", moveTexts(r.Moves), r.Result, r.Diagnostics)
		}
	}},
}

func result(want string) func(t *testing.T, r *notation.Record) {
	return func(t *testing.T, r *notation.Record) {
		if r.Result != want || !r.ResultPos.IsValid() {
			t.Errorf("result %q at %v, want %q", r.Result, r.ResultPos, want)
		}
	}
}

func TestConstructs(t *testing.T) {
	for _, c := range constructs {
		t.Run(c.name, func(t *testing.T) {
			r := readOne(t, c.in)
			if e := codes(r, notation.Error); len(e) > 0 {
				t.Errorf("errors: %v", r.Diagnostics)
			}
			c.check(t, r)
		})
	}
}

// leniencies: input, the warning it must produce, and a check. None of
// them may produce an error.
var leniencies = []struct {
	name, in, code string
	check          func(t *testing.T, r *notation.Record)
}{
	{"leading zero", "01. 34-29 06-11 *", CodeLeadingZero, func(t *testing.T, r *notation.Record) {
		if r.Moves[0].Number != 1 || r.Moves[1].Text != "06-11" {
			t.Errorf("moves %v", moveTexts(r.Moves))
		}
	}},
	{"padded square", "12. 46-41  1- 7 13. 35x 4 *", CodePaddedSquare, func(t *testing.T, r *notation.Record) {
		if got := moveTexts(r.Moves); !reflect.DeepEqual(got, []string{"46-41", "1- 7", "35x 4"}) {
			t.Errorf("moves %v", got)
		}
	}},
	{"literal backslash r", `[Site ""]\r` + "\n" + `[Round "1"]\r` + "\n1. 32-28 *\\r\n", CodeLiteralEscape, func(t *testing.T, r *notation.Record) {
		if len(r.Tags) != 2 || r.Result != "*" {
			t.Errorf("tags %v result %q", r.Tags, r.Result)
		}
	}},
	{"stray CR", "1. 32-28\r19-23 *\n", CodeStrayCR, nil}, // a file of LF lines: a file of CR lines reads them as line ends (crLines)
	{"Setup tag", `[Setup "1"]` + "\n1. 32-28 *", CodeTagNameCase, func(t *testing.T, r *notation.Record) {
		if r.Tags[0].Name != "SetUp" {
			t.Errorf("tag %+v", r.Tags[0])
		}
	}},
	{"tag without value", "[Empty]\n[Event \"x\"]\n1. 32-28 *", CodeTagWithoutValue, func(t *testing.T, r *notation.Record) {
		if len(r.Tags) != 2 || r.Tags[0].Name != "Empty" {
			t.Errorf("tags %v", r.Tags)
		}
	}},
	{"result tag spaces", `[Result " 0-1"]` + "\n1. 32-28 0-1", CodeTagValueSpaces, func(t *testing.T, r *notation.Record) {
		if v, _ := r.Tag("Result"); v != "0-1" {
			t.Errorf("Result %q", v)
		}
	}},
	{"no terminator", "[Event \"x\"]\n1. 32-28 19-23", CodeNoTerminator, func(t *testing.T, r *notation.Record) {
		if r.Result != "" || len(r.Moves) != 2 {
			t.Errorf("result %q", r.Result)
		}
	}},
	{"spaced result", "1. 32-28 19-23 0 - 2", CodeSpacedResult, result("0-2")},
	{"double bracket", `[[Event "x"]` + "\n1. 32-28 *", CodeDoubleBracket, func(t *testing.T, r *notation.Record) {
		if v, _ := r.Tag("Event"); v != "x" {
			t.Errorf("Event %q", v)
		}
	}},
	{"escaped apostrophe", `[Black "D\'Almeida"]` + "\n1. 32-28 *", CodeUnknownEscape, func(t *testing.T, r *notation.Record) {
		if v, _ := r.Tag("Black"); v != "D'Almeida" {
			t.Errorf("Black %q", v)
		}
	}},
	{"unquoted value", "[Round 3]\n1. 32-28 *", CodeUnquotedValue, func(t *testing.T, r *notation.Record) {
		if v, _ := r.Tag("Round"); v != "3" {
			t.Errorf("Round %q", v)
		}
	}},
	{"unclosed tag", "[Event \"x\"\n1. 32-28 *", CodeUnclosedTag, nil},
	{"unopened tag", "Event \"x\"]\n[Site \"y\"]\n1. 32-28 *", CodeUnopenedTag, func(t *testing.T, r *notation.Record) {
		if v, _ := r.Tag("Event"); v != "x" || len(r.Tags) != 2 {
			t.Errorf("tags %v", r.Tags)
		}
	}},
	{"tag split over lines", "[\nEvent \"x\"]\n[Site \"y\"]\n1. 32-28 *", CodeUnopenedTag, func(t *testing.T, r *notation.Record) {
		if v, _ := r.Tag("Event"); v != "x" {
			t.Errorf("tags %v", r.Tags)
		}
	}},
	{"localised tag names", `[&#x00c9;v&#x00e9;nement "x"]` + "\n" + `[Type de jeu "20"]` + "\n1. 32-28 *", CodeTagName, func(t *testing.T, r *notation.Record) {
		// Read as the standard names they stand for.
		if len(r.Tags) != 2 || r.Tags[0].Name != "Event" || r.Tags[1].Name != "GameType" || r.Tags[1].Value != "20" {
			t.Errorf("tags %+v", r.Tags)
		}
	}},
	{"nested comment", "1. 33-29 {nested { comment } } 19-23 *", CodeNestedComment, func(t *testing.T, r *notation.Record) {
		if c := r.Moves[0].Comments; len(c) != 1 || c[0].Text != "nested { comment } " || len(r.Moves) != 2 {
			t.Errorf("comments %+v moves %v", c, moveTexts(r.Moves))
		}
	}},
	{"text glued to a move", "1. 8-11Redoverstepped. 0-1", CodeGluedText, func(t *testing.T, r *notation.Record) {
		if m := r.Moves[0]; m.Text != "8-11" || len(m.Comments) != 1 || m.Comments[0].Text != "Redoverstepped." {
			t.Errorf("move %+v", m)
		}
	}},
	{"unknown moves", "1. - - 2. - - 1/2-1/2", CodeUnknownMove, func(t *testing.T, r *notation.Record) {
		if got := moveTexts(r.Moves); !reflect.DeepEqual(got, []string{"-", "-", "-", "-"}) {
			t.Errorf("moves %v", got)
		}
	}},
	{"stray brace", "1. 32-28 } 19-23 *", CodeStrayBracket, nil},
	{"stray dot", "1. 17-12 14x45 2. 12-8 . 1-0", CodeStrayDot, nil},
	{"nonstandard strength", "1. 32-28(!?!!!) *", CodeStrength, nil},
	{"bare command", "1. 32-28 [%clock w1:29] 19-23 *", CodeBareCommand, func(t *testing.T, r *notation.Record) {
		if len(r.Moves) != 2 || len(r.Moves[0].Comments) != 1 {
			t.Errorf("moves %v", moveTexts(r.Moves))
		}
	}},
	{"orphan variation", "(18-23) 1. 32-28 *", CodeOrphanVariation, nil},
	{"empty variation", "1. 32-28 ( ) 19-23 *", CodeEmptyVariation, nil},
	{"unclosed variation", "1. 32-28 (19-23 *", CodeUnclosedVar, result("*")},
	{"unbalanced paren", "1. 32-28 ) 19-23 *", CodeUnbalancedParen, nil},
	{"dangling move number", "1. 32-28 19-23 2. *", CodeDanglingNumber, nil},
	{"dangling NAG", "$1 1. 32-28 *", CodeDanglingAnnot, nil},
	{"mini-match result", "[Result \"4-6\"]\n1. 34-29 18-22 4-6", CodeResultAsMove, func(t *testing.T, r *notation.Record) {
		if r.Result != "4-6" || len(r.Moves) != 2 {
			t.Errorf("result %q moves %v", r.Result, moveTexts(r.Moves))
		}
	}},
}

func TestLeniencies(t *testing.T) {
	for _, c := range leniencies {
		t.Run(c.name, func(t *testing.T) {
			r := readOne(t, c.in)
			if e := codes(r, notation.Error); len(e) > 0 {
				t.Errorf("errors: %v", r.Diagnostics)
			}
			if !hasCode(r, notation.Warning, c.code) {
				t.Errorf("no %s warning: %v", c.code, r.Diagnostics)
			}
			for _, d := range r.Diagnostics {
				if !d.Pos.IsValid() || d.Msg == "" {
					t.Errorf("diagnostic without position or message: %+v", d)
				}
			}
			if c.check != nil {
				c.check(t, r)
			}
		})
	}
}

func TestGluedResultSplits(t *testing.T) {
	recs := readAll(t, "[Event \"a\"]\n1. 32-28 0-1[Event \"b\"]\n1. 33-28 *")
	if len(recs) != 2 {
		t.Fatalf("%d games", len(recs))
	}
	if recs[0].Result != "0-1" || !hasCode(recs[0], notation.Warning, CodeGluedResult) {
		t.Errorf("game 1: %q %v", recs[0].Result, recs[0].Diagnostics)
	}
	if v, _ := recs[1].Tag("Event"); v != "b" || recs[1].Pos != (notation.Pos{Line: 2, Col: 13, Offset: 24}) {
		t.Errorf("game 2: %q at %+v", v, recs[1].Pos)
	}
}

func TestCRLFIsSilent(t *testing.T) {
	r := readOne(t, "[Event \"x\"]\r\n\r\n1. 32-28 19-23\r\n2. 33-29 *\r\n")
	if len(r.Diagnostics) != 0 {
		t.Errorf("diagnostics %v", r.Diagnostics)
	}
	if p := r.Moves[2].Pos; p.Line != 4 || p.Col != 4 {
		t.Errorf("position %v", p)
	}
	if line, _ := r.SourceLine(4); line != "2. 33-29 *" {
		t.Errorf("source line %q", line)
	}
}

func TestTabsAreWhiteSpace(t *testing.T) {
	r := readOne(t, "\t\t[Event \"x\"]\n\t\t1. 31-26 17-21\n\t\t0-2")
	if len(r.Diagnostics) != 0 || len(r.Moves) != 2 || r.Result != "0-2" {
		t.Errorf("%v %v", moveTexts(r.Moves), r.Diagnostics)
	}
	if p := r.Moves[0].Pos; p.Col != 6 {
		t.Errorf("column %d (a tab counts as one character)", p.Col)
	}
}

func TestErrorsRecover(t *testing.T) {
	r := readOne(t, "[Event \"x\"]\n1. 32-28 @@ 19-23 2. 33-29 18-23 *")
	if !hasCode(r, notation.Error, CodeUnreadable) {
		t.Fatalf("no unreadable error: %v", r.Diagnostics)
	}
	if got := moveTexts(r.Moves); !reflect.DeepEqual(got, []string{"32-28", "33-29", "18-23"}) {
		t.Errorf("moves after recovery %v", got)
	}
	if r.Result != "*" {
		t.Errorf("result %q", r.Result)
	}
	d := r.Diagnostics[0]
	if d.Pos.Line != 2 || d.Pos.Col != 10 || !strings.Contains(d.Msg, "@@ 19-23") {
		t.Errorf("diagnostic %v", d)
	}

	for _, c := range []struct{ in, code string }{
		{"1. 32-28 { never closed", CodeUnclosedComment},
		{`/FEN "W:W31" 1. 32-28 *`, CodeUnclosedSetup},
		{`[ "x"]` + "\n1. 32-28 *", CodeUnreadable},
		{"garbage words here", CodeUnreadable},
	} {
		r := readOne(t, c.in)
		if !hasCode(r, notation.Error, c.code) {
			t.Errorf("%q: no %s error: %v", c.in, c.code, r.Diagnostics)
		}
	}
}

func TestParseMoreThanOneGame(t *testing.T) {
	// Parse given text the splitter would have cut: it reads on, with errors.
	g := GameText{Index: 1, Pos: notation.Pos{Line: 1, Col: 1}, Text: "[Event \"a\"]\n1. 32-28 1-0 19-23 [Site \"b\"] 2-0"}
	r := Parse(g, "x")
	if !hasCode(r, notation.Error, CodeAfterResult) || !hasCode(r, notation.Error, CodeTagAfterMoves) {
		t.Errorf("diagnostics %v", r.Diagnostics)
	}
	if r.Result != "1-0" || len(r.Moves) != 2 {
		t.Errorf("result %q moves %v", r.Result, moveTexts(r.Moves))
	}
}

func TestPositions(t *testing.T) {
	text := "\n\n[Event \"x\"]\n\n{éé} 32-28 19-23\n  2. 33-29 *\n\n[Event \"y\"]\n1... 12-17 0-2\n"
	recs := readAll(t, "\uFEFF"+text) // positions are counted after the BOM
	if len(recs) != 2 {
		t.Fatalf("%d games", len(recs))
	}
	r := recs[0]
	off := func(s string) int64 { return int64(strings.Index(text, s)) }
	check := func(what string, got notation.Pos, line, col int, offset int64) {
		t.Helper()
		if got != (notation.Pos{Line: line, Col: col, Offset: offset}) {
			t.Errorf("%s at %+v, want %d:%d offset %d", what, got, line, col, offset)
		}
	}
	check("game", r.Pos, 3, 1, off("[Event"))
	check("tag", r.Tags[0].Pos, 3, 1, off("[Event"))
	check("comment", r.Comments[0].Pos, 5, 1, off("{"))
	check("move", r.Moves[0].Pos, 5, 6, off("32-28"))
	check("move 3", r.Moves[2].Pos, 6, 6, off("33-29"))
	check("result", r.ResultPos, 6, 12, off("*"))
	r2 := recs[1]
	check("game 2", r2.Pos, 8, 1, off(`[Event "y"]`))
	check("move", r2.Moves[0].Pos, 9, 6, off("12-17"))
	if line, ok := r.SourceLine(5); !ok || line != "{éé} 32-28 19-23" {
		t.Errorf("SourceLine %q", line)
	}
}

func TestSplitter(t *testing.T) {
	in := "[Event \"a\"]\n1. 32-28 {1-0 [Event \"no\"]} 19-23 (2. 33-28 0-1) 2. 33-29 1-0\n\n" +
		"[Event \"b\"]\n1. 32-28 19-23\n" + // no terminator: the next tag section ends it
		"[Event \"c\"]\n[Site \"s\"]\n\n" + // tags only, an empty line, and a tag name again
		"[Event \"d\"]\n1. 31-27 *\n \n\t\n"
	sp := NewSplitter(strings.NewReader(in), Options{})
	var events []string
	for {
		g, err := sp.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		r := Parse(g, "x")
		if g.Index != len(events)+1 || r.HasErrors() {
			t.Errorf("game %d: index %d, %v", len(events)+1, g.Index, r.Diagnostics)
		}
		v, _ := r.Tag("Event")
		events = append(events, v)
	}
	if !reflect.DeepEqual(events, []string{"a", "b", "c", "d"}) {
		t.Errorf("games %v", events)
	}
	// Garbage is a game of its own, with an error; trailing blanks are not.
	recs := readAll(t, "hello there\n\n[Event \"x\"]\n1. 32-28 *\n\n   ")
	if len(recs) != 2 || !recs[0].HasErrors() || recs[1].HasErrors() {
		t.Errorf("%d games", len(recs))
	}
	if recs := readAll(t, " \n\t\n"); len(recs) != 0 {
		t.Errorf("blank text gave %d games", len(recs))
	}
}

func TestEncodings(t *testing.T) {
	// Windows-1252 fallback, with file offsets of the original bytes.
	raw := "[White \"Ren\xe9\"]\n1. 32-28 *"
	r := readOne(t, raw)
	if v, _ := r.Tag("White"); v != "René" || !hasCode(r, notation.Warning, CodeNotUTF8) {
		t.Errorf("White %q %v", v, r.Diagnostics)
	}
	if p := r.Moves[0].Pos; p.Offset != int64(strings.Index(raw, "32-28")) || p.Col != 4 {
		t.Errorf("move at %+v", p)
	}

	dir := filepath.Join("..", "..", "testdata", "pdn")
	b, err := os.ReadFile(filepath.Join(dir, "cp1251.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := ReadAll(bytes.NewReader(b), "cp1251.pdn", Options{Encoding: charmap.Windows1251})
	if err != nil || len(recs) != 1 {
		t.Fatalf("%v, %d games", err, len(recs))
	}
	if v, _ := recs[0].Tag("White"); v != "Немец Дмитрий" {
		t.Errorf("White %q", v)
	}
	if len(recs[0].Diagnostics) != 0 {
		t.Errorf("diagnostics %v", recs[0].Diagnostics)
	}

	// UTF-8 with a truncated character: replaced, the rest kept.
	b, err = os.ReadFile(filepath.Join(dir, "russian-truncated-utf8.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	recs, _ = ReadAll(bytes.NewReader(b), "r.pdn", Options{})
	if len(recs) != 2 || !hasCode(recs[0], notation.Warning, CodeInvalidUTF8) {
		t.Fatalf("%d games", len(recs))
	}
	if v, _ := recs[0].Tag("White"); v != "Михальченко \uFFFD?." {
		t.Errorf("White %q", v)
	}
	// Offsets still count file bytes after the replacement.
	m := recs[0].Moves[0]
	if got := string(b[m.Pos.Offset : m.Pos.Offset+int64(len(m.Text))]); got != m.Text {
		t.Errorf("offset %d points at %q, want %q", m.Pos.Offset, got, m.Text)
	}
}

// Issue 22: the encoding is the file's, so not-utf8 is said at the first
// game that needs it, not at every game; a game that reads as another
// encoding says so again.
func TestNotUTF8OncePerFile(t *testing.T) {
	french := "[White \"L\xe9on M\xe9nard\"]\n1. 32-28 *\n\n"
	russian := "[White \"\xcd\xe5\xec\xe5\xf6 \xc4\xec\xe8\xf2\xf0\xe8\xe9\"]\n1. 32-28 *\n\n"
	ascii := "[White \"Leon\"]\n1. 32-28 *\n\n"
	tests := []struct {
		name string
		in   string
		said []bool // per game: a not-utf8 warning
	}{
		{"three Windows-1252 games", french + french + french, []bool{true, false, false}},
		{"an ASCII game between", french + ascii + french, []bool{true, false, false}},
		{"UTF-8 first", ascii + french + french, []bool{false, true, false}},
		{"another encoding is said again", french + russian + russian + french, []bool{true, true, false, true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs := readAll(t, tc.in)
			if len(recs) != len(tc.said) {
				t.Fatalf("%d games, want %d", len(recs), len(tc.said))
			}
			for i, r := range recs {
				if got := hasCode(r, notation.Warning, CodeNotUTF8); got != tc.said[i] {
					t.Errorf("game %d: not-utf8 %v, want %v: %v", i+1, got, tc.said[i], r.Diagnostics)
				}
				if v, _ := r.Tag("White"); strings.ContainsRune(v, '\uFFFD') || !utf8.ValidString(v) {
					t.Errorf("game %d: White %q", i+1, v)
				}
			}
		})
	}
}

func TestMaxGameBytes(t *testing.T) {
	long := "[Event \"long\"]\n1. " + strings.Repeat("32-28 ", 100) + "*\n\n"
	in := "[Event \"a\"]\n1. 32-28 *\n\n" + long + "[Event \"c\"]\n1. 32-28 *\n"
	recs, err := ReadAll(strings.NewReader(in), "x", Options{MaxGameBytes: 200})
	if err != nil || len(recs) != 3 {
		t.Fatalf("%v, %d games", err, len(recs))
	}
	if !hasCode(recs[1], notation.Error, CodeGameTooLong) || recs[1].Text != "" {
		t.Errorf("game 2: %v", recs[1].Diagnostics)
	}
	if v, _ := recs[2].Tag("Event"); v != "c" || recs[2].Pos.Line != 7 {
		t.Errorf("game 3: %q at %v", v, recs[2].Pos)
	}
}

// parseMoveCase runs ParseMove on in for a table test: ok is false when
// there is nothing more to check (an error was wanted and came, or an
// error was reported); got lists the squares as written.
func parseMoveCase(t *testing.T, in string, wantErr bool) (mt MoveText, got []string, ok bool) {
	t.Helper()
	mt, err := ParseMove(in)
	switch {
	case wantErr && err == nil:
		t.Errorf("%q: read as %+v, want no move", in, mt)
		return mt, nil, false
	case wantErr:
		return mt, nil, false
	case err != nil:
		t.Errorf("%q: %v", in, err)
		return mt, nil, false
	}
	for _, s := range mt.Squares {
		got = append(got, s.String())
	}
	return mt, got, true
}

func TestParseMove(t *testing.T) {
	for _, c := range moveCases {
		mt, got, ok := parseMoveCase(t, c.in, c.err)
		if !ok {
			continue
		}
		if strings.Join(got, " ") != c.squares || mt.Capture != c.capture || mt.LeadingZero != c.zero || mt.Padded != c.padded {
			t.Errorf("%q: %v capture %v zero %v padded %v", c.in, got, mt.Capture, mt.LeadingZero, mt.Padded)
		}
		if mt.Squares[0].Alpha == "" && mt.Squares[0].Num <= 0 {
			t.Errorf("%q: numeric square %+v", c.in, mt.Squares[0])
		}
	}
}

// moveCases also seeds FuzzMove.
var moveCases = []struct {
	in                    string
	squares               string
	capture, zero, padded bool
	err                   bool
}{
	{in: "32-28", squares: "32 28"},
	{in: "19x30", squares: "19 30", capture: true},
	{in: "28x19x10", squares: "28 19 10", capture: true},
	{in: "15:24", squares: "15 24", capture: true},
	{in: "c3-d4", squares: "c3 d4"},
	{in: "c3:e5:g3", squares: "c3 e5 g3", capture: true},
	{in: "c3xe5", squares: "c3 e5", capture: true},
	{in: "a3b4", squares: "a3 b4"},
	{in: "09-13", squares: "9 13", zero: true},
	{in: "1- 6", squares: "1 6", padded: true},
	{in: "35x 4", squares: "35 4", capture: true, padded: true},
	{in: "l12-k11", squares: "l12 k11"},
	{in: "-", err: true},
	{in: "32", err: true},
	{in: "32-", err: true},
	{in: "0-5", err: true},
	{in: "32-28!", err: true},
	{in: "z3-d4", err: true},
	{in: "", err: true},
	{in: "1234-5", err: true},
}

func TestWriteExact(t *testing.T) {
	const tags = "[Round \"2\"]\n[Black \"B\"]\n[Event \"E \\\"q\\\"\"]\n[White \"W\"]\n"
	const written = "[Event \"E \\\"q\\\"\"]\n[Round \"2\"]\n[White \"W\"]\n[Black \"B\"]\n"
	for _, tc := range []struct{ name, in, want string }{
		{"from the start", "{start} 1. 32-28 {c} 19-23! $3 (19-24 2. 28x19) 2. 28x19 14x23 *",
			"\n{start} 1. 32-28 {c} 1... 19-23! $3 (1... 19-24 2. 28x19) 2. 28x19 14x23 *\n"},
		// From a setup, "1." may be the second player's move (White to
		// play in English draughts): no "N..." is written that the record
		// did not write, as it could be the wrong number.
		{"from a setup", "{start} /FEN \"W:W31-50:B1-20\"/ 1. 32-28 {c} 19-23! $3 (19-24 2. 28x19) 2. 28x19 14x23 *",
			"\n{start} /FEN \"W:W31-50:B1-20\"/ 1. 32-28 {c} 19-23! $3 (19-24 2. 28x19) 2. 28x19\n14x23 *\n"},
		{"from a setup, halves written", "/FEN \"B:W31-50:B1-20\"/ 1... 19-23 {c} 2. 32-28 {d} 28-22 *",
			"\n/FEN \"B:W31-50:B1-20\"/ 1... 19-23 {c} 2. 32-28 {d} 2... 28-22 *\n"},
		{"a setup tag", "[FEN \"W:W31-50:B1-20\"]\n1. 32-28 {c} 19-23 *", "[FEN \"W:W31-50:B1-20\"]\n\n1. 32-28 {c} 19-23 *\n"},
	} {
		r := readOne(t, tags+tc.in)
		var b bytes.Buffer
		if err := Write(&b, r); err != nil {
			t.Fatal(err)
		}
		if want := written + tc.want; b.String() != want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, b.String(), want)
		}
	}
}

func TestWriteWraps(t *testing.T) {
	var in strings.Builder
	in.WriteString("[Event \"x\"]\n")
	for i := 1; i <= 60; i++ {
		in.WriteString("1. 32-28 28-32 {a rather long comment that has to be wrapped somewhere} ")
	}
	in.WriteString("*")
	r := readOne(t, in.String())
	var b bytes.Buffer
	if err := Write(&b, r, r); err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(b.String(), "\n") {
		if len([]rune(line)) > LineWidth {
			t.Errorf("line %d is %d characters long", i+1, len(line))
		}
	}
	if strings.Contains(b.String(), "\r") || !strings.Contains(b.String(), "*\n\n[Event") {
		t.Errorf("line endings or game separation wrong")
	}
}

func TestWriteLineComment(t *testing.T) {
	r := readOne(t, "1. 32-28 ; a } b\n19-23 (18-23 ; x } y\n) *")
	var b bytes.Buffer
	Write(&b, r)
	r2 := readOne(t, b.String())
	if !equalRecords(r, r2) {
		t.Errorf("round trip differs:\n%s", b.String())
	}
}

// Variations nest up to notation.MaxDepth; one deeper is kept whole as a
// comment on the move it is an alternative to, with one too-deep warning
// however deep it goes, and the game reads on after it. What is written
// reads back to the same record, without the warning.
func TestDeepVariations(t *testing.T) {
	const max = notation.MaxDepth
	open := func(n int) string { return strings.Repeat("(19-23 ", n) }
	closing := func(n int) string { return strings.Repeat(")", n) }
	for _, tc := range []struct {
		name     string
		in       string
		comments []string // on the deepest variation's move
		warnings []string
		unclosed string // the unclosed-variation message, if any
	}{
		{name: "at the bound", in: open(max) + closing(max) + " 19-23 *"},
		{name: "one past", in: open(max+1) + closing(max+1) + " 19-23 *",
			comments: []string{"(19-23 )"}, warnings: []string{CodeTooDeep}},
		{name: "ten thousand", in: open(10000) + closing(10000) + " 19-23 *",
			comments: []string{open(10000-max) + closing(10000-max)}, warnings: []string{CodeTooDeep}},
		{name: "siblings", in: open(max) + "(19-23) {x} (20-24 (1-5))" + closing(max) + " 19-23 *",
			comments: []string{"(19-23)", "x", "(20-24 (1-5))"}, warnings: []string{CodeTooDeep, CodeTooDeep}},
		{name: "parentheses that close nothing", in: open(max) + "(19-23 {a ) b} (!) ; c )\n 20-24 $1 (1-5))" + closing(max) + " 19-23 *",
			comments: []string{"(19-23 {a ) b} (!) ; c )\n 20-24 $1 (1-5))"}, warnings: []string{CodeTooDeep}},
		{name: "unclosed", in: open(10000) + "*",
			comments: []string{strings.TrimSpace(open(10000 - max))}, warnings: []string{CodeUnclosedVar, CodeTooDeep},
			unclosed: "10000 variations not closed with ')'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := readOne(t, "1. 32-28 "+tc.in)
			if got := codes(r, notation.Warning); !reflect.DeepEqual(got, tc.warnings) || r.HasErrors() || r.Result != "*" {
				t.Fatalf("warnings %v, want %v; result %q; %v", got, tc.warnings, r.Result, r.Diagnostics)
			}
			if tc.unclosed != "" && r.Diagnostics[0].Msg != tc.unclosed {
				t.Errorf("message %q, want %q", r.Diagnostics[0].Msg, tc.unclosed)
			}
			if tc.unclosed == "" && len(r.Moves) != 2 {
				t.Errorf("main line %v: the game does not read on after the variation", moveTexts(r.Moves))
			}
			n, deepest := 0, r.Moves[0]
			for l := r.Moves[0].Variations; len(l) > 0; l = l[0][0].Variations {
				n, deepest = n+1, l[0][0]
			}
			var comments []string
			for _, c := range deepest.Comments {
				comments = append(comments, c.Text)
			}
			if n != max || !reflect.DeepEqual(comments, tc.comments) {
				t.Errorf("depth %d, want %d; comments %.80q, want %.80q", n, max, comments, tc.comments)
			}
			var b bytes.Buffer
			if err := Write(&b, r); err != nil {
				t.Fatal(err)
			}
			back := readOne(t, b.String())
			if !equalRecords(r, back) || hasCode(back, notation.Warning, CodeTooDeep) {
				t.Errorf("written, it reads back otherwise (%v):\n%.300s", back.Diagnostics, b.String())
			}
		})
	}
}

// byteSource produces n bytes of a repeated pattern without holding them.
type byteSource struct {
	pattern []byte
	n, i    int64
}

func (s *byteSource) Read(p []byte) (int, error) {
	if s.i >= s.n {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && s.i < s.n {
		p[k] = s.pattern[s.i%int64(len(s.pattern))]
		k++
		s.i++
	}
	return k, nil
}

func TestHugeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("100 MB")
	}
	// A 100 MB single line, then a normal game.
	huge := &byteSource{pattern: []byte("32-28 19-23 {x} "), n: 100 << 20}
	r := io.MultiReader(strings.NewReader("[Event \"a\"]\n1. 32-28 *\n[Event \"huge\"]\n"), huge,
		strings.NewReader("*\n\n[Event \"c\"]\n1. 33-28 *\n"))
	var before, after runtimeMem
	before.read()
	sp := NewSplitter(r, Options{})
	var recs []*notation.Record
	peak := uint64(0)
	for {
		g, err := sp.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, Parse(g, "x"))
		after.read()
		if after.heap > peak {
			peak = after.heap
		}
	}
	if len(recs) != 3 || !hasCode(recs[1], notation.Error, CodeGameTooLong) || recs[2].HasErrors() {
		t.Fatalf("%d games", len(recs))
	}
	if !strings.Contains(recs[1].Diagnostics[0].Msg, "16 MiB") {
		t.Errorf("message %q", recs[1].Diagnostics[0].Msg)
	}
	if peak > before.heap+64<<20 {
		t.Errorf("heap grew by %d MB", (peak-before.heap)>>20)
	}
}

func TestConcurrentParse(t *testing.T) {
	var games []GameText
	sp := NewSplitter(strings.NewReader(strings.Repeat("[Event \"x\"]\n1. 32-28 (19-24) 19-23 {c} 2-0\n\n", 50)), Options{})
	for {
		g, err := sp.Next()
		if err != nil {
			break
		}
		games = append(games, g)
	}
	want := Parse(games[0], "x")
	done := make(chan *notation.Record)
	for _, g := range games {
		go func(g GameText) { done <- Parse(g, "x") }(g)
	}
	for range games {
		r := <-done
		if !equalRecords(r, want) {
			t.Errorf("concurrent parse differs")
		}
	}
}

func TestEncodingGuess(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want string
	}{
		{"French in Windows-1252", []byte("[White \"L\xe9on M\xe9nard\"]\n[Event \"Tourn\xe9e d'\xe9t\xe9\"]\n1. 32-28 *"), "Léon Ménard"},
		{"Russian in Windows-1251", []byte("[White \"\xcd\xe5\xec\xe5\xf6 \xc4\xec\xe8\xf2\xf0\xe8\xe9\"]\n1. c3-d4 *"), "Немец Дмитрий"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := ReadAll(bytes.NewReader(tc.in), "x", Options{})
			if err != nil || len(recs) != 1 {
				t.Fatal(recs, err)
			}
			if v, _ := recs[0].Tag("White"); v != tc.want {
				t.Errorf("White = %q, want %q", v, tc.want)
			}
		})
	}
}
