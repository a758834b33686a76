package report

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"arbiter/notation/pdn"
	"arbiter/referee"
)

// FuzzHTMLReport: the HTML report of any record, with its films (every
// family's error boards read the written move's squares, the replay's
// plies and variations), is written without a panic, and holds its data.
func FuzzHTMLReport(f *testing.F) {
	fuzzSeeds(f)
	for _, r := range familyRecords {
		if b, err := os.ReadFile(r.file); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("[Game \"ludo\"]\n[Players \"Anna, Bram\"]\n1. R 6: B/1 R 5: 1/99 Y 6: 1/1x *")
	f.Add("[Game \"goose\"]\n[Players \"Anna, Bram\"]\n1. Anna 6+6: 70/200>-3 Bram 99+99: 0 *")
	f.Add("[Game \"horse-race\"]\n[Players \"Anna, Bram\"]\n1. Anna 6: 80/80 Bram 6: -1/5 *")
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 1<<14 {
			return
		}
		recs, _ := pdn.ReadAll(strings.NewReader(in), "f", pdn.Options{})
		var b bytes.Buffer
		h := newHTMLWriter(&b)
		for _, rec := range recs {
			if err := h.Write(referee.Check(rec, referee.Options{Film: true})); err != nil {
				t.Fatal(err)
			}
		}
		if err := h.Finish(nil); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), `id="arbiter-data"`) {
			t.Fatal("a page without its data")
		}
	})
}
