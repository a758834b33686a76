package live

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// longLines is a text of lines longer than unitStep, of the characters
// that count otherwise in UTF-16: ASCII, two- and three-byte characters,
// one that UTF-16 writes as two units, bytes that are no UTF-8, and each
// line break.
func longLines(seed uint64, n int) string {
	rng := rand.New(rand.NewPCG(seed, 2))
	parts := []string{"1. 32-28 ", "é", "—", "𝄞", "\xff", "\xe2\x80", "\n", "\r\n", "\r", "x"}
	var b strings.Builder
	for b.Len() < n {
		k := rng.IntN(len(parts))
		if k >= 6 && k <= 8 && rng.IntN(200) > 0 {
			k = 0 // line breaks are rare: lines are long
		}
		b.WriteString(parts[k])
	}
	return b.String()
}

// A long line's positions counted from its marks are those counted from
// its start, both ways, at every byte (inside a character too) and at
// every character of a line.
func TestUnitMarksAgree(t *testing.T) {
	for seed := range uint64(4) {
		text := longLines(seed, 6*unitStep+int(seed)*517)
		idx := indexLines(text)
		var marks unitMarks
		for off := 0; off <= len(text); off++ {
			want := idx.position(text, off)
			if got := idx.positionIn(text, off, &marks); got != want {
				t.Fatalf("seed %d, offset %d: %+v from the marks, %+v from the line's start", seed, off, got, want)
			}
		}
		for line := range idx {
			for char := 0; char < 8*unitStep; char += 1 + char%7 {
				p := Position{line, char}
				if got, want := idx.offsetIn(text, p, &marks), idx.offset(text, p); got != want {
					t.Fatalf("seed %d, %+v: offset %d from the marks, %d from the line's start", seed, p, got, want)
				}
			}
		}
	}
}

// FuzzUnitMarks holds the marks' counts to the count from a line's start
// on any text, long lines made of it.
func FuzzUnitMarks(f *testing.F) {
	f.Add("1. 32-28 é𝄞\xff\r\n", 700, 3, 1500)
	f.Add("\xe2\x80—", 1200, 0, 2049)
	f.Fuzz(func(t *testing.T, unit string, times, line, char int) {
		if len(unit) == 0 || len(unit) > 64 || times < 0 || times > 4000 {
			return
		}
		text := strings.Repeat(unit, times)
		idx := indexLines(text)
		var marks unitMarks
		for off := 0; off <= len(text); off += 1 + off%13 {
			if got, want := idx.positionIn(text, off, &marks), idx.position(text, off); got != want {
				t.Fatalf("offset %d: %+v from the marks, %+v from the line's start", off, got, want)
			}
		}
		p := Position{line % (len(idx) + 1), char}
		if got, want := idx.offsetIn(text, p, &marks), idx.offset(text, p); got != want {
			t.Fatalf("%+v: offset %d from the marks, %d from the line's start", p, got, want)
		}
	})
}

// BenchmarkFindingsShapes lists the findings of documents whose shape
// once cost more than their size: n games on one line, each with an
// error. ns/op over the sizes shows whether the cost is linear: compare
// n=4000 with n=16000.
func BenchmarkFindingsShapes(b *testing.B) {
	for _, shape := range []struct {
		name string
		text func(n int) string
	}{
		{"games-on-one-line", func(n int) string { return strings.Repeat("1. 32-28 19-23 2. 28x19 14x23 3. 19-14 * ", n) }},
	} {
		for _, n := range []int{4000, 16000} {
			d := NewDocument("f.pdn", shape.text(n), nil)
			b.Run(fmt.Sprintf("%s/n=%d", shape.name, n), func(b *testing.B) {
				for b.Loop() {
					d.marks = unitMarks{} // counted again, as after an edit
					d.Findings()
				}
			})
		}
	}
}

// BenchmarkActionsShapes lists the code actions of a whole document whose
// shape once cost more than its size: n games with their tags on one
// line, each with an error (each action's suppression comment goes after
// its game's last tag, whose line end was found counting the line from
// its start: 6.5 s for the actions of 4,000 games through 'arbiter lsp').
// ns/op over the sizes shows whether the cost is linear: compare n=1000
// with n=4000.
func BenchmarkActionsShapes(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		text := strings.Repeat(`[Event "e"] [White "w"] 1. 32-28 19-23 2. 28x19 14x23 3. 19-14 * `, n)
		d := NewDocument("f.pdn", text, nil)
		b.Run(fmt.Sprintf("tags-on-one-line/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				d.marks = unitMarks{} // counted again, as after an edit
				if got := len(d.Actions(0, len(text))); got < n {
					b.Fatalf("%d actions for %d games with an error", got, n)
				}
			}
		})
	}
}

// BenchmarkApplyShapes applies edits whose shape once cost more than their
// size: a replace-all of every move number's "1." in n games on one line,
// sent as one notification (each change's place was counted from the
// line's start). ns/op over the sizes shows whether the cost is linear:
// compare n=1000 with n=4000.
func BenchmarkApplyShapes(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		text := strings.Repeat("1. 32-28 19-23 2. 28x19 14x23 * ", n)
		changes := replaceAll(text, "1.", "1 .")
		b.Run(fmt.Sprintf("replace-all-on-one-line/n=%d", n), func(b *testing.B) {
			for b.Loop() {
				apply(text, indexLines(text), &unitMarks{}, changes)
			}
		})
	}
}
