package pdn

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"arbiter/notation"
)

// Issue 22: how national archives write their records. Each case is read
// as its writer meant it, with the findings listed and no other.
func TestArchiveHabits(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string // severity:code of every diagnostic, in order
		moves    []string // the main line
		comments []string // comments of the main line's moves, in order
	}{
		// PDN 3.0: a move number is a token of its own; "1.33-28" needs
		// no space and is no finding at all.
		{name: "glued move number", in: "1.33-28 19-23 2.28x19 14x23 *",
			moves: []string{"33-28", "19-23", "28x19", "14x23"}},
		// A move number before text that is no move is that text's
		// number, not a number "without a move".
		{name: "number before unreadable text", in: "1. 32-28 19-23 2. zz yy 3. 37-32 *",
			want:     []string{"error:unreadable"},
			moves:    []string{"32-28", "19-23", "37-32"},
			comments: []string{KeptPrefix + "2. zz yy"}},
		{name: "number without a move", in: "1. 32-28 19-23 2. 3. 37-32 *",
			want:  []string{"warning:dangling-move-number"},
			moves: []string{"32-28", "19-23", "37-32"}},
		// Annotators write notes in round brackets: a comment, kept.
		{name: "prose in parentheses", in: "1. 9-13 22-18 2. 11-16 (Roberto's first choice, the Wilderness 1.) 18-14 *",
			want:     []string{"note:prose-in-parentheses"},
			moves:    []string{"9-13", "22-18", "11-16", "18-14"},
			comments: []string{"Roberto's first choice, the Wilderness 1."}},
		{name: "prose before the first move", in: "(Notes by the editor) 1. 32-28 19-23 *",
			want:  []string{"note:prose-in-parentheses"},
			moves: []string{"32-28", "19-23"}},
		{name: "prose with parentheses inside", in: "1. 32-28 (see game (a) above) 19-23 *",
			want:     []string{"note:prose-in-parentheses"},
			moves:    []string{"32-28", "19-23"},
			comments: []string{"see game (a) above"}},
		// A real variation with a note in brackets inside it stays a
		// variation.
		{name: "prose inside a variation", in: "1. 32-28 (1. 33-28 (the Ouverture) 18-23) 19-23 *",
			want:  []string{"note:prose-in-parentheses"},
			moves: []string{"32-28", "19-23"}},
		// Moves and words mixed: not moves, and not silently so.
		{name: "moves and words", in: "1. 32-28 (19-23 is better here) 18-23 *",
			want:     []string{"warning:prose-in-parentheses"},
			moves:    []string{"32-28", "18-23"},
			comments: []string{"19-23 is better here"}},
		{name: "leading zero inside prose is not counted", in: "1. 32-28 (about 05-10 see p. 3) 18-23 *",
			want:  []string{"note:prose-in-parentheses"},
			moves: []string{"32-28", "18-23"}},
		// What the scanner said inside each note goes with it; what it
		// said between them stays.
		{name: "several notes", in: "1. 32-28 (see } here) 19-23 } 2. 33-29 (and } there (and } here)) 14-19 *",
			want:  []string{"note:prose-in-parentheses", "warning:stray-bracket", "note:prose-in-parentheses"},
			moves: []string{"32-28", "19-23", "33-29", "14-19"}},
		{name: "an empty variation is still one", in: "1. 32-28 ( ) 18-23 *",
			want:  []string{"warning:empty-variation"},
			moves: []string{"32-28", "18-23"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := readOne(t, tc.in)
			var got []string
			for _, d := range r.Diagnostics {
				got = append(got, d.Severity.String()+":"+d.Code)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("diagnostics %v, want %v (%v)", got, tc.want, r.Diagnostics)
			}
			if m := moveTexts(r.Moves); !reflect.DeepEqual(m, tc.moves) {
				t.Errorf("moves %v, want %v", m, tc.moves)
			}
			if tc.comments != nil {
				var cs []string
				for _, m := range r.Moves {
					for _, c := range m.Comments {
						cs = append(cs, c.Text)
					}
				}
				if !reflect.DeepEqual(cs, tc.comments) {
					t.Errorf("comments %q, want %q", cs, tc.comments)
				}
			}
		})
	}
}

// Prose in parentheses survives a conversion, and what is written reads
// back to the same record.
func TestProseKeptByWriter(t *testing.T) {
	in := "[Event \"x\"]\n1. 9-13 22-18 2. 11-16 (Roberto's first choice, the Wilderness 1.) 18-14 (a {b} c) *\n"
	r := readOne(t, in)
	var b bytes.Buffer
	if err := Write(&b, r); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "{Roberto's first choice, the Wilderness 1.}") {
		t.Errorf("prose lost:\n%s", out)
	}
	back := readOne(t, out)
	if canon(back) != canon(r) {
		t.Errorf("round trip:\n%s\n%s", canon(r), canon(back))
	}
	for _, d := range back.Diagnostics {
		if d.Severity != notation.Note {
			t.Errorf("written text reads with %v", d)
		}
	}
}
