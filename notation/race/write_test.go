package race

import (
	"strconv"
	"strings"
	"testing"

	"arbiter/notation"
)

// Write keeps the record's round numbers where it writes them, adds none,
// starts each round on a line, and keeps every comment (one with a brace
// of its own as a ; line comment); what it writes reads back the same.
func TestWriteKeepsRounds(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{
			name: "extra throws after sixes",
			in:   "[Game \"ludo\"]\n[Red \"Anna\"]\n\n9. R 6: B/1 6: 1/7 1: 7/8  Y 1: 26/27\n10. R 3: 27 *\n",
			want: "[Game \"ludo\"]\n[Red \"Anna\"]\n\n9. R 6: B/1 6: 1/7 1: 7/8 Y 1: 26/27\n10. R 3: 27 *\n\n",
		},
		{
			name: "three players, a round of one",
			in:   "[Game \"goose\"]\n\n1. Cees 2+2: 0/4\n2. Anna 1+4: 0/5>10  Bram 3+5: 0  Cees 6+1: 4 *\n",
			want: "[Game \"goose\"]\n\n1. Cees 2+2: 0/4\n2. Anna 1+4: 0/5>10 Bram 3+5: 0 Cees 6+1: 4 *\n\n",
		},
		{
			name: "no numbers written, none added",
			in:   "[Game \"ludo\"]\n\nR 3: 1/4 Y 3: 1/4 R 3: 4 Y 2: 4 *\n",
			want: "[Game \"ludo\"]\n\nR 3: 1/4 Y 3: 1/4 R 3: 4 Y 2: 4 *\n\n",
		},
		{
			name: "comments, one with braces, one after the result",
			in:   "[Game \"ludo\"]\n\n{before}\n1. R 3: 1/4 ; a {braced} remark\n Y 3: 1/4 {after Y} * {the end}\n",
			want: "[Game \"ludo\"]\n\n{before}\n1. R 3: 1/4 ;a {braced} remark\nY 3: 1/4 {after Y} * {the end}\n\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := parseOne(t, tc.in)
			var b strings.Builder
			if err := Write(&b, rec); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("wrote\n%s\nwant\n%s", b.String(), tc.want)
			}
			back := parseOne(t, b.String())
			if got, want := shape(back), shape(rec); got != want {
				t.Errorf("read back as\n%s\nwas\n%s", got, want)
			}
		})
	}
}

// shape is what a record says, without positions.
func shape(rec *notation.Record) string {
	var b strings.Builder
	for _, c := range rec.Comments {
		b.WriteString("{" + c.Text + "} ")
	}
	for _, m := range rec.Moves {
		if m.Number > 0 {
			b.WriteString(strconv.Itoa(m.Number) + ". ")
		}
		b.WriteString(m.Text + " ")
		for _, c := range m.Comments {
			b.WriteString("{" + c.Text + "} ")
		}
	}
	b.WriteString(rec.Result)
	for _, c := range rec.After {
		b.WriteString(" {" + c.Text + "}")
	}
	return b.String()
}
