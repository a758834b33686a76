package halma

import (
	"strings"
	"testing"
)

// Write with players 0 keeps the record's move numbers (a round of four
// players is one number, not two) and the comments after the result; with
// a number of players it numbers the rounds itself.
func TestWriteNumbers(t *testing.T) {
	const four = "[Game \"halma\"]\n\n1. b1:d3 a14:a12 p15:n13 o1:m3 2. a2:c4 {mid-round} 2... a16:a14 n16:l14 p2:n4 0-0-0-1 {won}\n"
	for _, tc := range []struct {
		name    string
		in      string
		players int
		want    string
	}{
		{"as written", four, 0, "[Game \"halma\"]\n\n1. b1:d3 a14:a12 p15:n13 o1:m3 2. a2:c4 {mid-round} 2... a16:a14 n16:l14 p2:n4\n0-0-0-1 {won}\n\n"},
		{"numbers left out stay out", "1. b1:d3 a14:a12 p15:n13 o1:m3 a2:c4 *\n", 0, "1. b1:d3 a14:a12 p15:n13 o1:m3 a2:c4 *\n\n"},
		{"four players counted", four, 4, "[Game \"halma\"]\n\n1. b1:d3 a14:a12 p15:n13 o1:m3 2. a2:c4 {mid-round} 2... a16:a14 n16:l14 p2:n4\n0-0-0-1 {won}\n\n"},
		{"two players counted", four, 2, "[Game \"halma\"]\n\n1. b1:d3 a14:a12 2. p15:n13 o1:m3 3. a2:c4 {mid-round} 3... a16:a14 4. n16:l14\np2:n4 0-0-0-1 {won}\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			if err := Write(&b, parseText(tc.in), tc.players); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("wrote\n%q\nwant\n%q", b.String(), tc.want)
			}
		})
	}
}
