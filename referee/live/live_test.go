package live

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	_ "arbiter/referee/draughts"
)

func testdata(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestPositions(t *testing.T) {
	for _, tc := range []struct {
		text string
		off  int
		want Position
	}{
		{"abc", 2, Position{0, 2}},
		{"a\nbc", 2, Position{1, 0}},
		{"a\r\nbc", 4, Position{1, 1}},
		{"a\rbc", 2, Position{1, 0}},   // a lone CR ends a line too
		{"é1-6", 2, Position{0, 1}},    // é: two bytes, one UTF-16 unit
		{"𝄞 1-6", 5, Position{0, 3}},   // 𝄞: four bytes, two UTF-16 units
		{"\xff1-6", 1, Position{0, 1}}, // a byte that is no UTF-8: one unit
		{"ab", 9, Position{0, 2}},      // past the end: the end
	} {
		d := NewDocument("t", tc.text, nil)
		if got := d.Position(tc.off); got != tc.want {
			t.Errorf("%q: offset %d at %+v, want %+v", tc.text, tc.off, got, tc.want)
		}
		if back := d.Offset(tc.want); back != min(tc.off, len(tc.text)) {
			t.Errorf("%q: %+v at offset %d, want %d", tc.text, tc.want, back, tc.off)
		}
	}
	for _, tc := range []struct {
		text string
		p    Position
		want int
	}{
		{"ab\ncd", Position{0, 9}, 2},   // past the line's end: its end, before the break
		{"ab\r\ncd", Position{0, 3}, 2}, // not between CR and LF
		{"ab", Position{5, 0}, 2},       // past the last line: the end
		{"𝄞x", Position{0, 1}, 0},       // inside a surrogate pair: the character's start
		{"ab", Position{-1, 0}, 0},
	} {
		if got := NewDocument("t", tc.text, nil).Offset(tc.p); got != tc.want {
			t.Errorf("%q: %+v at offset %d, want %d", tc.text, tc.p, got, tc.want)
		}
	}
}

func TestApply(t *testing.T) {
	r := func(l1, c1, l2, c2 int) *Range { return &Range{Position{l1, c1}, Position{l2, c2}} }
	for _, tc := range []struct {
		text    string
		changes []Change
		want    string
	}{
		{"1. 32-28 19-23", []Change{{Range: r(0, 9, 0, 14), Text: "18-23"}}, "1. 32-28 18-23"},
		{"a\nb", []Change{{Range: r(1, 1, 1, 1), Text: " *"}}, "a\nb *"},
		{"ab", []Change{{Text: "whole"}}, "whole"},
		{"ab", []Change{{Range: r(0, 0, 0, 0), Text: "x\n"}, {Range: r(1, 2, 1, 2), Text: "y"}}, "x\naby"}, // the second on the text the first left
		{"𝄞ab", []Change{{Range: r(0, 2, 0, 3), Text: "X"}}, "𝄞Xb"},
		{"ab", []Change{{Range: r(0, 2, 0, 0), Text: "X"}}, "X"}, // start after end: the range between them
	} {
		if got := Apply(tc.text, tc.changes); got != tc.want {
			t.Errorf("Apply(%q, %+v) = %q, want %q", tc.text, tc.changes, got, tc.want)
		}
	}
}

// TestKeystrokeRechecksOneGame: a keystroke re-checks the game it is in,
// and the findings of the document are those of a document opened on the
// new text (the cached games' findings moved with their text).
func TestKeystrokeRechecksOneGame(t *testing.T) {
	text := testdata(t, "draughts/championnat-de-france-2021.pdn")
	d := NewDocument("t.pdn", text, nil)
	if n := len(d.Games()); n != 58 || d.Rechecked != 58 {
		t.Fatalf("%d games, %d checked", n, d.Rechecked)
	}
	g := d.Games()[20]
	at := d.Position(g.Start + strings.Index(d.Text()[g.Start:], "1. ") + 3)
	for _, tc := range []struct {
		name    string
		changes []Change
	}{
		{"a move typed over", []Change{{Range: &Range{at, Position{at.Line, at.Character + 5}}, Text: "35-30"}}},
		{"a line inserted (the games after move down)", []Change{{Range: &Range{at, at}, Text: "{a comment\n over two lines} "}}},
		{"a character deleted", []Change{{Range: &Range{at, Position{at.Line, at.Character + 1}}, Text: ""}}},
	} {
		d := NewDocument("t.pdn", text, nil)
		d.Edit(tc.changes)
		if d.Rechecked != 1 {
			t.Errorf("%s: %d games checked again, want 1", tc.name, d.Rechecked)
		}
		fresh := NewDocument("t.pdn", d.Text(), nil)
		if !reflect.DeepEqual(d.Findings(), fresh.Findings()) {
			t.Errorf("%s: the findings differ from a fresh check of the same text", tc.name)
		}
		if !reflect.DeepEqual(d.Symbols(), fresh.Symbols()) {
			t.Errorf("%s: the symbols differ from a fresh check of the same text", tc.name)
		}
	}
}

// TestActions: each quick fix, applied, mends what it says and adds no
// error.
func TestActions(t *testing.T) {
	for _, tc := range []struct {
		file, code, title string
	}{
		{"draughts/bruno-vs-scan31-game11.pdn", "illegal", "Fix: delete 17-11"},
		{"draughts/bruno-vs-scan31-game11.pdn", "no-terminator", "Add the terminator 0-2 (the Result tag's)"},
		{"draughts/bruno-vs-scan31-game11.pdn", "illegal", "Ignore illegal at this move"},
		{"draughts/bruno-vs-scan31-game11.pdn", "illegal", "Ignore illegal in this game"},
		{"draughts/bruno-vs-scan31-game11.pdn", "unknown-escape", "Ignore unknown-escape in this game"},
		{"pdn/engine-log-padded-paths.pdn", "padded-square", "Write 29x18x 7x16 as 29x18x7x16"},
		{"pdn/delfts.pdn", "leading-zero", "Write 01. as 1."},
		{"pdn/russian-upper-case.pdn", "upper-case-square", "Write C3-D4 as c3-d4"},
		{"pdn/ussr1947-colon-results.pdn", "colon-result", "Write 1:0 as 1-0"},
	} {
		text := testdata(t, tc.file)
		d := NewDocument("t.pdn", text, nil)
		before := d.Findings()
		var target Finding
		for _, f := range before {
			if f.Code == tc.code {
				target = f
				break
			}
		}
		if target.Code == "" {
			t.Errorf("%s: no %s finding", tc.file, tc.code)
			continue
		}
		var action *Action
		actions := d.Actions(d.Offset(target.Range.Start), d.Offset(target.Range.Start))
		for i, a := range actions {
			if strings.HasPrefix(a.Title, tc.title) && a.Finding.Code == tc.code {
				action = &actions[i]
				break
			}
		}
		if action == nil {
			var titles []string
			for _, a := range actions {
				titles = append(titles, a.Title)
			}
			t.Errorf("%s: no action %q at the %s finding; have %q", tc.file, tc.title, tc.code, titles)
			continue
		}
		var changes []Change
		for i := len(action.Edits) - 1; i >= 0; i-- { // from the end, so the ranges stay right
			e := action.Edits[i]
			changes = append(changes, Change{Range: &e.Range, Text: e.NewText})
		}
		d.Edit(changes)
		after := d.Findings()
		if count(after, tc.code, &target.Range) >= count(before, tc.code, &target.Range) && count(after, tc.code, nil) >= count(before, tc.code, nil) {
			t.Errorf("%s: %q left the %s finding", tc.file, action.Title, tc.code)
		}
		if count(after, "", nil) > count(before, "", nil) || count(after, "unused-suppression", nil) > 0 {
			t.Errorf("%s: %q made errors: %+v", tc.file, action.Title, after)
		}
	}
}

// count counts the findings of a code ("": the errors), at a range when
// one is given.
func count(fs []Finding, code string, at *Range) int {
	n := 0
	for _, f := range fs {
		if (code == "" && f.Severity == SeverityError || code != "" && f.Code == code) && (at == nil || f.Range == *at) {
			n++
		}
	}
	return n
}

func TestComplete(t *testing.T) {
	opening := []string{"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}
	for _, tc := range []struct {
		text   string
		cursor string // the text before the cursor
		want   []string
		typed  string // replaced by the completion
	}{
		{"[GameType \"20\"]\n1. ", "1. ", opening, ""},
		{"[GameType \"20\"]\n1. 32-", "1. 32-", opening, "32-"},
		{"[GameType \"20\"]\n1. 32-28 19-23 2. ", "2. ", []string{"28x19"}, ""},
		{"[GameType \"20\"]\n1. 32-28 {a comment ", "comment ", nil, ""},
		{"[GameType \"20\"]\n1. 32-28 (19-23 ", "19-23 ", nil, ""},
		{"[GameType \"20\"]\n1. 32-33 19-23 2. ", "2. ", nil, ""}, // after a move that does not replay
		{"[Event \"x", "x", nil, ""},
	} {
		d := NewDocument("t.pdn", tc.text, nil)
		off := strings.LastIndex(tc.text, tc.cursor) + len(tc.cursor)
		var got []string
		for _, c := range d.Complete(off) {
			got = append(got, c.Label)
			if e := c.Edit; d.Offset(e.Range.End) != off || d.Offset(e.Range.Start) != off-len(tc.typed) {
				t.Errorf("%q: the completion replaces %+v, want the %q typed", tc.text, e.Range, tc.typed)
			}
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: completions %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestHover(t *testing.T) {
	text := testdata(t, "draughts/bruno-vs-scan31-game11.pdn")
	d := NewDocument("t.pdn", text, nil)
	for _, tc := range []struct {
		move   string
		images bool
		want   []string
	}{
		{"43-38 17-11", false, []string{"**32. 43-38** · ply 63", "before", "after", "black to move", "FEN after: `B:"}},
		{"43-38 17-11", true, []string{"data:image/svg+xml;base64,"}},
		{"17-11 33.", false, []string{"**32... 17-11** · ply 64", "This move does not replay: illegal: no piece on 17"}},
		{"17-11 33.", true, []string{"![Written](data:image/svg+xml;base64,"}},
	} {
		off := strings.Index(text, tc.move) + 1
		h, ok := d.Hover(off, tc.images)
		if !ok {
			t.Errorf("%q: no hover", tc.move)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(h.Markdown, w) {
				t.Errorf("%q: the hover lacks %q:\n%s", tc.move, w, h.Markdown)
			}
		}
	}
	if _, ok := d.Hover(strings.Index(text, "[Event")+2, false); ok {
		t.Errorf("a hover over a tag")
	}
}

// TestDrawCounters: the hover of a move in a king endgame gives the
// count of the king-moves rule.
func TestDrawCounters(t *testing.T) {
	text := "[GameType \"20\"]\n[FEN \"W:WK50:BK1\"]\n1. 50-44 1-7 2. 44-50 7-1 3. 50-44 *\n"
	d := NewDocument("t.pdn", text, nil)
	h, ok := d.Hover(strings.Index(text, "3. 50-44")+4, false)
	if !ok {
		t.Fatal("no hover")
	}
	for _, w := range []string{"Draw rules:", "kings only, no capture: 5 plies", "repetition: this position for the second time"} {
		if !strings.Contains(h.Markdown, w) {
			t.Errorf("the hover lacks %q:\n%s", w, h.Markdown)
		}
	}
}

func TestSymbols(t *testing.T) {
	d := NewDocument("t.pdn", testdata(t, "draughts/championnat-de-france-2021.pdn")+"\n1. 32-28 *\n", nil)
	syms := d.Symbols()
	if len(syms) != 59 {
		t.Fatalf("%d symbols", len(syms))
	}
	if s := syms[0]; !strings.Contains(s.Name, " - ") || !strings.Contains(s.Detail, "Championnat de France 2021") {
		t.Errorf("first symbol: %+v", s)
	}
	if s := syms[58]; s.Name != "game 59" {
		t.Errorf("a game without players: %+v", s)
	}
	if r, ok := d.FirstError(); ok {
		t.Errorf("a first error in a clean file: %+v", r)
	}
	bad := NewDocument("t.pdn", testdata(t, "draughts/bruno-vs-scan31-game11.pdn"), nil)
	if r, ok := bad.FirstError(); !ok || r.Start != (Position{16, 27}) {
		t.Errorf("first error at %+v, %v", r, ok)
	}
}
