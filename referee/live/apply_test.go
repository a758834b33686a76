package live

import (
	"fmt"
	"strings"
	"testing"
)

// applyOneByOne is Apply as the protocol defines it: each change on the
// text the ones before it left.
func applyOneByOne(text string, changes []Change) string {
	for _, c := range changes {
		text = apply(text, nil, nil, []Change{c})
	}
	return text
}

// replaceAll is the notification a client sends for a replace-all: every
// occurrence of old replaced, the last occurrence first.
func replaceAll(text, old, new string) []Change {
	idx := indexLines(text)
	var marks unitMarks
	var changes []Change
	for i := 0; ; {
		j := strings.Index(text[i:], old)
		if j < 0 {
			break
		}
		start := idx.positionIn(text, i+j, &marks)
		end := idx.positionIn(text, i+j+len(old), &marks)
		changes = append([]Change{{Range: &Range{start, end}, Text: new}}, changes...)
		i += j + len(old)
	}
	return changes
}

func TestApplyRuns(t *testing.T) {
	text := "[Event \"x\"]\r\n1. 32-28 19-23\r2. 28x19 14x23\n3. 37-32 *\n"
	for _, tc := range []struct {
		name    string
		changes []Change
	}{
		{"replace-all, last first", replaceAll(text, "2", "two")},
		{"replace-all of adjacent matches", replaceAll("aaaa\naaaa", "aa", "b")},
		{"line breaks replaced", replaceAll(text, "\r", "")},
		{"first first", []Change{
			{Range: &Range{Position{1, 0}, Position{1, 2}}, Text: "1.\n"},
			{Range: &Range{Position{3, 0}, Position{3, 2}}, Text: "9."},
		}},
		{"a break made before a position at its end", []Change{
			{Range: &Range{Position{2, 0}, Position{2, 0}}, Text: "\n"},
			{Range: &Range{Position{1, 3}, Position{2, 0}}, Text: "X"},
		}},
		{"whole text between", []Change{
			{Range: &Range{Position{3, 0}, Position{3, 1}}, Text: "Z"},
			{Text: "new\ntext"},
			{Range: &Range{Position{1, 0}, Position{1, 1}}, Text: "T"},
			{Range: &Range{Position{0, 0}, Position{0, 1}}, Text: "N"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := text
			if strings.HasPrefix(tc.name, "replace-all of adjacent") {
				src = "aaaa\naaaa"
			}
			if got, want := Apply(src, tc.changes), applyOneByOne(src, tc.changes); got != want {
				t.Fatalf("Apply = %q, one by one %q", got, want)
			}
		})
	}
}

// FuzzApplyRuns holds Apply of several changes to their application one
// by one, whatever their order.
func FuzzApplyRuns(f *testing.F) {
	f.Add("a\r\nb\rc\n2 2 2", []byte{0, 0, 0, 1, 1, 9, 2, 0, 2, 1, 0, 0})
	f.Add("x\ry", []byte{1, 0, 1, 0, 0, 1, 0, 1})
	f.Fuzz(func(t *testing.T, text string, spec []byte) {
		if len(text) > 4096 || len(spec) > 256 {
			return
		}
		var changes []Change
		for len(spec) >= 4 {
			r := &Range{Position{int(spec[0] % 8), int(spec[1] % 16)}, Position{int(spec[2] % 8), int(spec[3] % 16)}}
			changes = append(changes, Change{Range: r, Text: []string{"", "x", "\n", "\r", "é\r\n"}[len(changes)%5]})
			spec = spec[4:]
		}
		if got, want := Apply(text, changes), applyOneByOne(text, changes); got != want {
			t.Fatalf("Apply(%q, %d changes) = %q, one by one %q", text, len(changes), got, want)
		}
	})
}

// BenchmarkApplyReplaceAll: a replace-all of every move number in a
// document of 1,000 games, as a client sends it (one notification).
func BenchmarkApplyReplaceAll(b *testing.B) {
	var doc strings.Builder
	for g := range 1000 {
		fmt.Fprintf(&doc, "[Event \"game %d\"]\n", g)
		for m := 1; m <= 40; m++ {
			fmt.Fprintf(&doc, "%d. 32-28 19-23 ", m)
		}
		doc.WriteString("*\n\n")
	}
	text := doc.String()
	changes := replaceAll(text, "32-28", "33-28")
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for range b.N {
		Apply(text, changes)
	}
	b.ReportMetric(float64(len(changes)), "changes")
}
