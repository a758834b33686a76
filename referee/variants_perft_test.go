package referee

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
	}
	all, err := variants.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range all {
		if v.Draughts == nil {
			continue
		}
		t.Run(v.Name, func(t *testing.T) {
			want, ok := counts[v.Name]
			if !ok {
				t.Skipf("no published perft for %s", v.Name)
			}
			r, start, err := DraughtsRules(v)
			if err != nil {
				t.Fatal(err)
			}
			for d, n := range want {
				if got := r.Perft(start, d+1, false); got != n {
					t.Fatalf("perft(%d) = %d, want %d", d+1, got, n)
				}
			}
		})
	}
}
