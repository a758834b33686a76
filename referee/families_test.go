package referee_test

// The tests of the core that replay real records link every game family,
// as cmd/arbiter does; the core itself imports none.
import (
	"encoding/json"
	"testing"

	_ "arbiter/referee/draughts"
	_ "arbiter/referee/halma"
	_ "arbiter/referee/morris"
	_ "arbiter/referee/race"
	"arbiter/variants"
)

// Every builtin variant, once all are loaded, has the rules its own file
// gives when parsed again: loading a variant that extends another (decoded
// over a clone of the base's rules) changed no base, in any family. The
// rules are compared as JSON taken before any parse again, which follows
// pointers (a parse again writes through a pointer its clone shares).
func TestBuiltinsUnchangedByTheirExtensions(t *testing.T) {
	all, err := variants.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var loaded []string
	for _, v := range all {
		loaded = append(loaded, rulesJSON(t, v.Rules))
	}
	extended := 0
	for i, v := range all {
		again, err := variants.Parse(v.File, v.YAML)
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		if got := rulesJSON(t, again.Rules); got != loaded[i] {
			t.Errorf("%s: its rules as loaded are not those of its file:\n%s\nwant\n%s", v.Name, loaded[i], got)
		}
		if v.Extends != "" {
			extended++
		}
	}
	if extended == 0 {
		t.Error("no builtin variant extends another: the test tests nothing")
	}
}

func rulesJSON(t *testing.T, r variants.Rules) string {
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
