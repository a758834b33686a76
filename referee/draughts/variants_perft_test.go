package draughts

import (
	"testing"

	"arbiter/variants"
)

// Each builtin variant file, compiled as the referee compiles it, plays
// the published perft counts from its start position
// (../shared/perft/PERFT.md, duplicates dropped): this checks the YAML files,
// not just the engine.
func TestVariantFilesPerft(t *testing.T) {
	counts := map[string][]uint64{
		"international": {9, 81, 658, 4265, 27117, 167140},
		"papyrus":       {9, 81, 658, 4265, 27117},
		"damspel-315":   {9, 81, 658, 4265, 27117},
		"english":       {7, 49, 302, 1469, 7361, 36768, 179740},
		"russian":       {7, 49, 302, 1469, 7482, 37986, 190146},
		"brazilian":     {7, 49, 302, 1469, 7473, 37628, 187302},
		"pool":          {7, 49, 302, 1469, 7482, 37986, 190146},
		"canadian":      {11, 121, 1222, 10053, 79049},
		"spanish":       {7, 49, 302, 1469, 7361, 36473, 177532},
		"portuguese":    {7, 49, 302, 1469, 7361, 36473, 177532},
		"italian":       {7, 49, 302, 1469, 7361, 36473, 177532},
		"czech":         {7, 49, 302, 1469, 7361, 36768, 179740},
		// Frisian on the association's scale (n kings 2n - 1/2 men); the
		// flat scale (frisian-flat) and lidraughts' 100/199 give the same
		// figures: all three were run to depth 11 (491186430), where the
		// published figures end.
		"frisian":      {9, 81, 658, 3874, 21265, 102431},
		"frisian-flat": {9, 81, 658, 3874, 21265, 102431},
		// No published figures: counted by the engine's own tests, the
		// first three worked out by hand there (see referee/draughts).
		"turkish": {8, 64, 708},
		// Frysk! has no published figures: from five men each on the back
		// rows, white's men on 46-50 have 1+2+2+2+2 = 9 steps forward, and
		// black's on 1-5, out of reach, as many replies to each.
		// Further on the two sides stay apart until white's 4th and black's
		// 3rd move (a Frisian man captures along a file over the next
		// square, so men two rows apart touch): up to depth 7, perft(d) is
		// S(ceil(d/2)) * S(floor(d/2)), S(k) being the sequences of k forward
		// steps of one side's five men alone: S = 1, 9, 73, 573, 4489
		// (counted by walking the steps on paper: 46 has one forward
		// square, 47-50 two, and a step is blocked only by an own man).
		"frysk": {9, 81, 657, 5329, 41829, 328329, 2572197},
		// The online platform's international-rules variants share
		// international moves; only the win condition (or the start from a
		// FEN) differs, which perft does not see.
		"breakthrough":  {9, 81, 658, 4265, 27117},
		"antidraughts":  {9, 81, 658, 4265, 27117},
		"from-position": {9, 81, 658, 4265, 27117},
		// The published Thai figures start from three rows of men each.
		"thai": {7, 49, 302, 1469, 7361, 36768, 179740},
	}
	// Positions other than the variant's start, in its own notation.
	fens := map[string]string{"thai": "B:W1-12:B21-32"}
	all, err := variants.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range all {
		if SectionOf(v) == nil {
			continue
		}
		t.Run(v.Name, func(t *testing.T) {
			want, ok := counts[v.Name]
			if !ok {
				t.Skipf("no published perft for %s", v.Name)
			}
			r, start, err := RulesOf(v)
			if err != nil {
				t.Fatal(err)
			}
			if fen, ok := fens[v.Name]; ok {
				if start, err = PositionOf(v, fen); err != nil {
					t.Fatal(err)
				}
			}
			for d, n := range want {
				if got := r.Perft(start, d+1, false); got != n {
					t.Fatalf("perft(%d) = %d, want %d", d+1, got, n)
				}
			}
		})
	}
}
