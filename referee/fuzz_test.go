package referee

import (
	"strings"
	"testing"

	"arbiter/notation/pdn"
)

// FuzzCheck: no record, however broken, makes the referee panic (Check
// turns a panic into an "internal" diagnostic, which fails here).
func FuzzCheck(f *testing.F) {
	for _, tc := range refereeCases {
		f.Add(tc.pdn)
	}
	f.Add(`[FEN "W:WK25:B7,13,19,20,34"] 1. 25x9x1 (1. 25x14 (1... 3-8)) 1-1`)
	f.Add(`[GameType "20"][FEN "B:W1-50:B"] 1... 1x50x1 2-0`)
	f.Fuzz(func(t *testing.T, text string) {
		recs, err := pdn.ReadAll(strings.NewReader(text), "f.pdn", pdn.Options{MaxGameBytes: 1 << 16})
		if err != nil {
			return
		}
		for _, rec := range recs {
			rep := Check(rec, Options{})
			for _, d := range rep.Diagnostics {
				if d.Code == "internal" {
					t.Fatalf("%s", d.Msg)
				}
			}
		}
	})
}
