package halma

import (
	"testing"

	"arbiter/variants"
)

func fenRules(t testing.TB, name string) *Rules {
	t.Helper()
	v, err := variants.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	r, err := RulesOf(v)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// ParseFEN reads what FEN writes, for every variant's start.
func TestParseFENRoundTrip(t *testing.T) {
	for _, name := range []string{"halma-2", "halma-4", "twee-in-een-halma", "gendarmes-en-voleur"} {
		r := fenRules(t, name)
		p := r.Start()
		p.Turn = len(r.Players) - 1
		fen := r.FEN(&p)
		back, err := r.ParseFEN(fen)
		if err != nil || r.FEN(&back) != fen {
			t.Errorf("%s: ParseFEN(%q) = %q, %v", name, fen, r.FEN(&back), err)
		}
	}
	r := fenRules(t, "twee-in-een-halma")
	for _, bad := range []string{"", "8/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/8 C", "9/8/8/8/8/8/8/8 A", "8/8/8/8/8/8/8/7 A", "8/8/8/8/8/8/8/7Z A", "0/8/8/8/8/8/8/8 A", "8/8/8/8/8/8/8 A"} {
		if _, err := r.ParseFEN(bad); err == nil {
			t.Errorf("ParseFEN(%q) accepted", bad)
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	r := fenRules(f, "halma-4")
	p := r.Start()
	f.Add(r.FEN(&p))
	f.Add("16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 A")
	f.Add("99999/16 A")
	f.Fuzz(func(t *testing.T, s string) {
		q, err := r.ParseFEN(s)
		if err != nil {
			return
		}
		if back, err := r.ParseFEN(r.FEN(&q)); err != nil || r.FEN(&back) != r.FEN(&q) {
			t.Errorf("%q read as %q, which does not read back", s, r.FEN(&q))
		}
	})
}
