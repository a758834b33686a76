package pdn

import (
	"reflect"
	"strings"
	"testing"

	"arbiter/notation"
)

// Issue 22: the short notation of Russian books (the file a piece comes
// from and the square it goes to: cd4, c:e5) and squares written in upper
// case (C3-D4).

// shortMoveCases: ParseMove on the new forms. squares lists the squares as
// written (the file alone first for a short move). They also seed FuzzMove.
var shortMoveCases = []struct {
	in, squares           string
	capture, short, upper bool
	sep                   byte
	err                   bool
}{
	{in: "cd4", squares: "c d4", short: true},
	{in: "c:e5", squares: "c e5", capture: true, short: true, sep: ':'},
	{in: "cxe5", squares: "c e5", capture: true, short: true, sep: 'x'},
	{in: "ce5", squares: "c e5", short: true},                           // a capture written without a mark: no claim
	{in: "b:f2", squares: "b f2", capture: true, short: true, sep: ':'}, // a two-piece capture, its end alone
	{in: "c:e5:g3", squares: "c e5 g3", capture: true, short: true, sep: ':'},
	{in: "jd10", squares: "j d10", short: true},
	{in: "CD4", squares: "C D4", short: true, upper: true},
	{in: "E:G5", squares: "E G5", capture: true, short: true, upper: true, sep: ':'},
	{in: "C3-D4", squares: "C3 D4", upper: true, sep: '-'},
	{in: "E3:G5", squares: "E3 G5", capture: true, upper: true, sep: ':'},
	{in: "c3-D4", squares: "c3 D4", upper: true, sep: '-'},
	{in: "A1-A5", squares: "A1 A5", upper: true, sep: '-'},
	{in: "C3D4", squares: "C3 D4", upper: true},
	{in: "cd", err: true},
	{in: "cd4x", err: true},
	{in: "cd4.", err: true},
	{in: "cdd4", err: true},
	{in: "c:4", err: true},
	{in: "c-d4", err: true},
	{in: "cd4e5", err: true},
	{in: "md4", err: true},
	{in: "cm4", err: true},
	{in: "c", err: true},
}

func TestParseShortAndUpperCase(t *testing.T) {
	for _, c := range shortMoveCases {
		mt, got, ok := parseMoveCase(t, c.in, c.err)
		if !ok {
			continue
		}
		if strings.Join(got, " ") != c.squares || mt.Capture != c.capture || mt.Short != c.short || mt.Upper != c.upper || mt.Sep != c.sep {
			t.Errorf("%q: %v capture %v short %v upper %v sep %q", c.in, got, mt.Capture, mt.Short, mt.Upper, mt.Sep)
		}
		if mt.String() != c.in {
			t.Errorf("%q written back as %q", c.in, mt.String())
		}
	}
}

// TestShortMovesRead: where the reader takes a short move, and where it
// never does (inside a word, glued to another move), with the diagnostics
// it gives.
func TestShortMovesRead(t *testing.T) {
	tests := []struct {
		name, in string
		moves    []string
		diags    []string // "severity code" in order
	}{
		{"a Russian book's line", "1.cd4 dc5 2.dc3 fg5 3.gh4 gf4 4.e:g5 h:f4 *",
			[]string{"cd4", "dc5", "dc3", "fg5", "gh4", "gf4", "e:g5", "h:f4"}, nil},
		{"spaced numbers, strengths, an ellipsis", "1. cd4 fg5 2. gf4 ... 5.ab2? ab6! 6.ba5 1... cd4!? *",
			[]string{"cd4", "fg5", "gf4", "ab2", "ab6", "ba5", "cd4"}, nil},
		{"in a variation and before a comment", "1. cd4 (1. ab4 ba5) fg5{good} 2. g:e5)", []string{"cd4", "fg5", "g:e5"},
			[]string{"warning unbalanced-paren", "warning no-terminator"}},
		{"a dot ending it", "1. cd4 fg5. *", []string{"cd4", "fg5"}, []string{"warning stray-dot"}},
		{"a capture path", "1. c:e5:g3 *", []string{"c:e5:g3"}, nil},
		{"mixed with full moves", "1. c3-d4 fg5 2. g3-f4 *", []string{"c3-d4", "fg5", "g3-f4"}, nil},
		{"words of prose are no moves", "1. cd4 bad4 *", []string{"cd4"}, []string{"error unreadable"}},
		{"longer words", "1. cd4 add4 *", []string{"cd4"}, []string{"error unreadable"}},
		{"a mark with nothing after it", "1. cd4 cd4x *", []string{"cd4"}, []string{"error unreadable"}},
		{"glued to a move", "1. 32-28cd4 *", []string{"32-28"}, []string{"warning glued-text"}},
		{"glued to a short move", "1. cd4fe5 *", nil, []string{"error unreadable"}},
		{"two squares glued", "1. cd4e5 *", nil, []string{"error unreadable"}},
		{"upper case", "1.E3-D4 F6-G5 2.CD4 ... 6.E3:G5 H4:F6 *", []string{"E3-D4", "F6-G5", "CD4", "E3:G5", "H4:F6"},
			[]string{"note upper-case-square"}},
		{"upper case in a game's first column", "[GameType \"25\"]\nC3-D4 F6-G5\nA1-A5 *", []string{"C3-D4", "F6-G5", "A1-A5"},
			[]string{"note upper-case-square"}},
		{"a bare tag still", "[Event \"x\"]\ncd4 \"x\"]\n1. cd4 *", []string{"cd4"}, []string{"warning unopened-tag", "warning tag-name"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := readOne(t, tc.in)
			if got := moveTexts(r.Moves); !reflect.DeepEqual(got, tc.moves) {
				t.Errorf("main line %q, want %q", got, tc.moves)
			}
			var diags []string
			for _, d := range r.Diagnostics {
				diags = append(diags, d.Severity.String()+" "+d.Code)
			}
			if !reflect.DeepEqual(diags, tc.diags) {
				t.Errorf("diagnostics %q, want %q\n%v", diags, tc.diags, r.Diagnostics)
			}
		})
	}
}

// The note on upper-case squares is said once per game, with a count, at
// the first one.
func TestUpperCaseNote(t *testing.T) {
	r := readOne(t, "1. c3-d4 f6-g5 2. G3-F4 G5:E3 3. d2xf4 *")
	var notes []notation.Diagnostic
	for _, d := range r.Diagnostics {
		if d.Code == CodeUpperCase {
			notes = append(notes, d)
		}
	}
	if len(notes) != 1 || notes[0].Severity != notation.Note || notes[0].Pos.Col != 19 ||
		!strings.HasSuffix(notes[0].Msg, "(2 times in this game)") {
		t.Errorf("notes %+v", notes)
	}
}

// Upper-case and short moves split a file into the same games as the same
// moves in lower case and full form: a line starting with C3-D4 or CD4 is
// no bare tag.
func TestUpperCaseSplitsAsLowerCase(t *testing.T) {
	lower := "[Event \"a\"]\n[GameType \"25\"]\n\nc3-d4 f6-g5\ng3-f4 *\n" +
		"[Event \"b\"]\nc3-d4 f6-g5 g3-f4 1-0\nc3-d4 f6-g5\n\n[Event \"c\"]\n1. c3-d4 *\n" +
		"a3-b4 b6-a5\ne3-d4 \"x\"]\na3b4 \"x\"]\n1. c3-d4 0-1"
	for _, text := range []string{strings.ToUpper(lower), strings.NewReplacer("c3-d4", "cd4", "f6-g5", "fg5").Replace(lower),
		strings.NewReplacer("c3-d4", "CD4", "f6-g5", "FG5").Replace(lower)} {
		a, b := readAll(t, lower), readAll(t, text)
		if len(a) != len(b) {
			t.Fatalf("%d games, then %d:\n%s", len(a), len(b), text)
		}
		for i := range a {
			if a[i].Pos.Line != b[i].Pos.Line || len(a[i].Moves) != len(b[i].Moves) || len(a[i].Tags) != len(b[i].Tags) {
				t.Errorf("game %d: at %v with %d moves and %d tags, then at %v with %d moves and %d tags", i+1,
					a[i].Pos, len(a[i].Moves), len(a[i].Tags), b[i].Pos, len(b[i].Moves), len(b[i].Tags))
			}
		}
	}
}
