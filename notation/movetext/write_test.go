package movetext

import (
	"strings"
	"testing"

	"arbiter/notation"
)

// What the writer writes reads back as it was: a comment's own braces, a
// '[' that would start a line inside a comment (read as a next game's tag),
// a comment after the result pushed onto a line of its own (read as a game
// of its own) and a line break in a tag value are all written so they
// cannot be misread.
func TestWriterKeepsComments(t *testing.T) {
	long := strings.Repeat("word ", 14)
	for _, tc := range []struct {
		name  string
		rec   notation.Record
		words []string
		after []notation.Comment
		want  string
	}{
		{
			name:  "braces in a comment",
			rec:   notation.Record{Comments: []notation.Comment{{Text: "see {this}"}}},
			words: []string{"1.", "d6"},
			want:  ";see {this}\n1. d6 *\n\n",
		},
		{
			name:  "a bracket never starts a line in a comment",
			rec:   notation.Record{Comments: []notation.Comment{{Text: long + "[Event \"x\"]"}}},
			words: []string{"1.", "d6"},
			want:  "{" + strings.TrimSpace(long) + " [Event\n\"x\"]} 1. d6 *\n\n",
		},
		{
			name:  "a comment after the result stays on its line",
			words: []string{strings.Repeat("w", 74)},
			after: []notation.Comment{{Text: "resigned"}},
			want:  strings.Repeat("w", 74) + " * {resigned}\n\n",
		},
		{
			name:  "a line break in a tag value",
			rec:   notation.Record{Tags: []notation.Tag{{Name: "Event", Value: "a\nb \"c\""}}},
			words: []string{"1.", "d6"},
			want:  "[Event \"a b \\\"c\\\"\"]\n\n1. d6 *\n\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			w := NewWriter(&b, &tc.rec)
			for _, s := range tc.words {
				w.Word(s)
			}
			if err := w.End("*", tc.after...); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("wrote\n%q\nwant\n%q", b.String(), tc.want)
			}
		})
	}
}
