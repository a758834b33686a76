package archive

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// randomWord is n letters from a seeded source: a word no dictionary has.
func randomWord(seed uint64, n int) string {
	rng := rand.New(rand.NewPCG(seed, 1))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + rng.IntN(26))
	}
	return string(b)
}

// Names of long words still meet a letter off on either side of longKey,
// where the block keys turn from text into hashes: a word less a letter,
// a letter changed, two letters swapped.
func TestNamesLongWordsLetterOff(t *testing.T) {
	for _, n := range []int{62, 63, 64, 65, 300} { // longKey is 64
		w := randomWord(uint64(n), n)
		for _, tc := range []struct{ what, other string }{
			{"less a letter", w[:n/2] + w[n/2+1:]},
			{"a letter more", w[:n/3] + "q" + w[n/3:]},
			{"a letter changed", w[:n-1] + string(rune('a'+(w[n-1]-'a'+1)%26))},
			{"two letters swapped", w[:5] + w[6:7] + w[5:6] + w[7:]},
		} {
			t.Run(fmt.Sprintf("%d/%s", n, tc.what), func(t *testing.T) {
				names := NewNames()
				names.Add(w + ", Piet")
				names.Add(tc.other + ", Piet")
				names.Add(randomWord(7, n) + ", Piet") // another person
				cs := names.Clusters()
				if len(cs) != 1 || len(cs[0].Spellings) != 2 || strings.Join(cs[0].Why, ",") != whyLetter {
					t.Errorf("clusters %+v, want the two spellings a letter off", cs)
				}
			})
		}
	}
}

// The block keys of one word of n letters cost about n bytes each, not
// n keys of n letters (20,000 letters once took 400 MB and seconds).
func TestBlockKeysLongWord(t *testing.T) {
	f := formOf(randomWord(1, 20_000))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	keys := f.blockKeys()
	runtime.ReadMemStats(&after)
	if len(keys) < 10_000 {
		t.Errorf("%d keys, want one for the word and one for each letter left out (a run of one letter left out gives one)", len(keys))
	}
	if bytes := after.TotalAlloc - before.TotalAlloc; bytes > 16<<20 {
		t.Errorf("the keys of a word of 20,000 letters allocated %d bytes, want under 16 MB", bytes)
	}
}

// BenchmarkNamesShapes clusters names whose shape once cost more than
// their size: one name of n letters in one word (its n block keys of n
// letters: 23 s and 2.5 GB for 50,000). ns/op over the sizes shows whether
// the cost is linear: compare n=10000 with n=40000.
func BenchmarkNamesShapes(b *testing.B) {
	for _, shape := range []struct {
		name  string
		names func(n int) []string
	}{
		{"long-word", func(n int) []string { return []string{randomWord(1, n), "Jansen, Piet"} }},
	} {
		for _, n := range []int{10_000, 40_000} {
			names := shape.names(n)
			b.Run(fmt.Sprintf("%s/n=%d", shape.name, n), func(b *testing.B) {
				for b.Loop() {
					nn := NewNames()
					for _, s := range names {
						nn.Add(s)
					}
					nn.Clusters()
				}
			})
		}
	}
}
