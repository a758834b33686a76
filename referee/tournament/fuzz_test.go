package tournament

import (
	"math"
	"strings"
	"testing"
)

// An engines file never panics the reader; what it accepts has names a
// tournament can write, and engines that check.
func FuzzReadEngines(f *testing.F) {
	f.Add("engines:\n  - name: Scan\n    protocol: hub\n    command: ./scan\n    args: [hub]\n    options: {book: false}\n    tc: 1+0.1\n")
	f.Add("engines:\n  - name: Moby\n    protocol: dxp\n    command: ./m\n    args: -p {port}\n    st: 0.5\n  - name: R\n    protocol: dxp\n    address: h:1\n")
	f.Add("engines:\n  - name: C\n    protocol: dxp\n    listen: 127.0.0.1:0\n    command: ./c\n")
	f.Add("engine: [")
	f.Add("- 1\n- 2\n")
	f.Fuzz(func(t *testing.T, text string) {
		es, err := ReadEngines(strings.NewReader(text), "e.yaml")
		if err != nil {
			return
		}
		for _, e := range es {
			if checkName(e.Name) != nil {
				t.Errorf("name %q accepted", e.Name)
			}
			if err := e.Check(); err != nil {
				t.Errorf("engine %+v accepted: %v", e, err)
			}
		}
	})
}

// Settings read back as they were written, whatever the text.
func FuzzParseSettings(f *testing.F) {
	f.Add("type=round-robin; engines=A, B; games=2; rounds=1; id=2025-01-01T00:00:00Z")
	f.Add("Dutch championship")
	f.Add(";;=;type=;engines=")
	f.Fuzz(func(t *testing.T, text string) {
		s, ok := ParseSettings(text)
		if !ok {
			return
		}
		back, ok := ParseSettings(s.String())
		if !ok || back.String() != s.String() || len(s.Diff(back)) != 0 {
			t.Errorf("%q: %q read back as %q", text, s.String(), back.String())
		}
	})
}

// An SPRT that parses checks, writes itself back, and gives finite
// bounds and LLRs.
func FuzzParseSPRT(f *testing.F) {
	f.Add("elo0=0 elo1=5 alpha=0.05 beta=0.05", 3, 10, 40, 12, 2)
	f.Add("elo1=1e2 elo0=-1e2", 0, 0, 0, 0, 0)
	f.Add("elo0=0 elo1=0.000001 alpha=0.999 beta=0.0001", 1000000, 0, 0, 0, 1)
	f.Fuzz(func(t *testing.T, text string, ll, ld, d, wd, ww int) {
		s, err := ParseSPRT(text)
		if err != nil {
			return
		}
		if back, err := ParseSPRT(s.String()); err != nil || back != s {
			t.Errorf("%q: %+v read back as %+v, %v", text, s, back, err)
		}
		lo, hi := s.Bounds()
		p := Pentanomial{abs(ll) % 1e7, abs(ld) % 1e7, abs(d) % 1e7, abs(wd) % 1e7, abs(ww) % 1e7}
		llr := s.LLR(p)
		if math.IsNaN(llr) || math.IsInf(llr, 0) || !(lo < 0 && hi > 0) {
			t.Errorf("%+v %v: LLR %v, bounds %v %v", s, p, llr, lo, hi)
		}
	})
}

func abs(n int) int {
	if n < 0 {
		if n == math.MinInt {
			return 0
		}
		return -n
	}
	return n
}
