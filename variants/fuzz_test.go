package variants

import (
	"errors"
	"strings"
	"testing"
)

// FuzzParse: the strict YAML loader never panics; it returns a variant or
// a *variants.Error (with a line inside the file when it has one), and a
// variant it returns has exactly one rules section.
func FuzzParse(f *testing.F) {
	all, _ := builtin.ReadDir("draughts")
	for _, e := range all[:min(len(all), 4)] {
		data, _ := builtin.ReadFile("draughts/" + e.Name())
		f.Add(data)
	}
	for _, dir := range []string{"morris", "race", "halma"} {
		es, _ := builtin.ReadDir(dir)
		if len(es) > 0 {
			data, _ := builtin.ReadFile(dir + "/" + es[0].Name())
			f.Add(data)
		}
	}
	f.Add([]byte("name: x\ngame: draughts\nextends: international\ndraughts:\n  draw:\n    endgames:\n      - {strong: [\"1K\"], weak: [\"3K\"], moves: 16, effect: forced}\n"))
	f.Add([]byte("name: x\nextends: x\n"))
	f.Add([]byte("a: &a [*a, *a]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Parse("f.yaml", data)
		if err != nil {
			var ve *Error
			if errors.As(err, &ve) && ve.Line > strings.Count(string(data), "\n")+1 {
				t.Fatalf("error on line %d of a %d-line file: %v", ve.Line, strings.Count(string(data), "\n")+1, err)
			}
			return
		}
		n := 0
		for _, set := range []bool{v.Draughts != nil, v.Morris != nil, v.Race != nil, v.Halma != nil} {
			if set {
				n++
			}
		}
		if n != 1 || v.Name == "" || v.Game == "" {
			t.Fatalf("accepted a variant with %d rules sections, name %q, game %q", n, v.Name, v.Game)
		}
	})
}
