package race

import (
	"slices"
	"testing"
)

func TestAlongTrack(t *testing.T) {
	for _, c := range []struct {
		name string
		from int
		to   []int
		last int
		want []int
	}{
		{"a throw forward", 3, []int{6}, 63, []int{3, 4, 5, 6}},
		{"bounced back", 62, []int{60}, 63, []int{62, 61, 60}},
		{"then a goose", 3, []int{5, 9}, 63, []int{3, 4, 5, 9}},
		// A horse that stays where it is (the finish, or a throw it cannot
		// use) walked forever from the square after its own.
		{"stays put", 80, []int{80}, 80, []int{80, 80}},
		{"a jump beyond two dice", 1, []int{40}, 63, []int{1, 40}},
		{"clamped to the track", 60, []int{70}, 63, []int{60, 61, 62, 63}},
		{"no move", 5, nil, 63, []int{5}},
	} {
		if got := alongTrack(c.from, c.to, c.last); !slices.Equal(got, c.want) {
			t.Errorf("%s: alongTrack(%d, %v, %d) = %v, want %v", c.name, c.from, c.to, c.last, got, c.want)
		}
	}
}
