package race

import (
	"fmt"
	"slices"
	"testing"

	"arbiter/variants"
)

func gooseAt(t *testing.T, variant string, may bool, squares ...int) (*Goose, *GooseState) {
	t.Helper()
	v, err := variants.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewGoose(v)
	if err != nil {
		t.Fatal(err)
	}
	r.ForwardMay = may
	s := r.Start(len(squares))
	for i, q := range squares {
		s.Square[i], s.Started[i] = q, true
	}
	return r, s
}

func choiceTexts(ms []GooseMove) []string {
	var out []string
	for _, m := range ms {
		out = append(out, fmt.Sprintf("%d/%v pays %d stay %d", m.From, m.Path, m.Pay, m.Stay))
	}
	return out
}

// TestGooseForwardMay: "wie met zijn pion op een gans terecht komt, mag
// nogmaals een zelfde aantal vakjes vooruitgaan" / "est permis d'avancer
// une fois de plus": forwards, moving on from a goose is a choice; "komt
// de pion daarbij op een gansje, dan moet nogmaals een zelfde aantal
// vakjes worden teruggeteld" / "on doit reculer": counting back from 63 it
// is not.
func TestGooseForwardMay(t *testing.T) {
	for _, c := range []struct {
		name        string
		may         bool
		from, other int
		dice        []int
		wants       []string
	}{
		{"on 50, 2+2: on to 54, 58 and death, or stay on the goose 54", true, 50, 30, []int{2, 2},
			[]string{"50/[54 58 0] pays 5 stay 0", "50/[54] pays 0 stay 54"}},
		{"staying on a goose another pawn holds sends the pawn back", true, 50, 54, []int{2, 2},
			[]string{"50/[54 58 0] pays 5 stay 0", "50/[54 50] pays 0 stay 54"}},
		{"where moving on is a must, 2+2 from 50 goes to death", false, 50, 30, []int{2, 2},
			[]string{"50/[54 58 0] pays 5 stay 0"}},
		{"two geese in a row: stay on either", true, 1, 30, []int{2, 2},
			[]string{"1/[5 9 13] pays 0 stay 0", "1/[5 9] pays 0 stay 9", "1/[5] pays 0 stay 5"}},
		{"a goose met counting back from 63 is a must: stay only on the one reached forwards", true, 51, 30, []int{4, 4},
			[]string{"51/[59 59 51] pays 0 stay 0", "51/[59] pays 0 stay 59"}},
		{"counting back onto a goose: no choice", true, 61, 30, []int{3, 3},
			[]string{"61/[59 53] pays 0 stay 0"}},
		{"a goose, then a plain square", true, 3, 30, []int{1, 1},
			[]string{"3/[5 7] pays 0 stay 0", "3/[5] pays 0 stay 5"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, s := gooseAt(t, "ganzenbord-315", c.may, c.from, c.other)
			got := choiceTexts(r.Choices(s, c.dice))
			if !slices.Equal(got, c.wants) {
				t.Fatalf("got  %q\nwant %q", got, c.wants)
			}
			if m := r.Move(s, c.dice); fmt.Sprint(m.Path) != fmt.Sprint(r.Choices(s, c.dice)[0].Path) {
				t.Fatalf("Move (the common play) %v is not the first choice", m.Path)
			}
		})
	}
	// The first throw's 4+5 goes straight to 26: no goose is met.
	r, s := gooseAt(t, "ganzenbord-315", true, 0, 0)
	s.Started[0] = false
	if got := choiceTexts(r.Choices(s, []int{4, 5})); !slices.Equal(got, []string{"0/[26] pays 0 stay 0"}) {
		t.Fatalf("first throw 4+5: %q", got)
	}
}
