package live

import (
	"reflect"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// FuzzApply holds incremental edits to a reference: the text as UTF-16
// code units, each line's units counted and edited as the protocol
// describes, never a panic. And a document edited keeps the findings of
// a document opened on the text the edit left (the cache of games by
// text never keeps a stale finding).
func FuzzApply(f *testing.F) {
	f.Add("[GameType \"20\"]\n1. 32-28 19-23 *\n", 1, 3, 1, 8, "33-29")
	f.Add("a\r\nb\rc\n", 1, 0, 2, 1, "x")
	f.Add("𝄞 1-6 é", 0, 1, 0, 4, "")
	f.Add("\xff\xfe1-6", 0, 0, 0, 1, "\n")
	f.Fuzz(func(t *testing.T, text string, l1, c1, l2, c2 int, insert string) {
		if len(text) > 4096 || len(insert) > 256 {
			return
		}
		r := &Range{Position{l1 % 64, c1 % 256}, Position{l2 % 64, c2 % 256}}
		got := Apply(text, []Change{{Range: r, Text: insert}})
		if want := applyUTF16(text, *r, insert); utf8.ValidString(text) && got != want {
			t.Fatalf("Apply(%q, %+v, %q) = %q, want %q", text, *r, insert, got, want)
		}
		d := NewDocument("f.pdn", text, nil)
		d.Edit([]Change{{Range: r, Text: insert}})
		if d.Text() != got {
			t.Fatalf("the document's text %q, Apply's %q", d.Text(), got)
		}
		fresh := NewDocument("f.pdn", got, nil)
		if !reflect.DeepEqual(d.Findings(), fresh.Findings()) {
			t.Fatalf("the findings after the edit differ from a fresh check of %q", got)
		}
	})
}

// applyUTF16 is the protocol's edit, written the slow and obvious way.
func applyUTF16(text string, r Range, insert string) string {
	var lines [][]uint16 // each line's units, its break apart
	var breaks []string
	cur := []rune{}
	rs := []rune(text)
	for i := 0; i < len(rs); i++ {
		switch {
		case rs[i] == '\r' && i+1 < len(rs) && rs[i+1] == '\n':
			lines, breaks, cur = append(lines, utf16.Encode(cur)), append(breaks, "\r\n"), []rune{}
			i++
		case rs[i] == '\r' || rs[i] == '\n':
			lines, breaks, cur = append(lines, utf16.Encode(cur)), append(breaks, string(rs[i])), []rune{}
		default:
			cur = append(cur, rs[i])
		}
	}
	lines, breaks = append(lines, utf16.Encode(cur)), append(breaks, "")
	// offset in units of the whole text, a position clamped as Offset does
	at := func(p Position) int {
		if p.Line < 0 {
			return 0
		}
		n := 0
		for i := range lines {
			if i == p.Line {
				c := min(max(p.Character, 0), len(lines[i]))
				if c > 0 && c < len(lines[i]) && utf16.IsSurrogate(rune(lines[i][c])) && lines[i][c] >= 0xdc00 {
					c-- // inside a pair: its start
				}
				return n + c
			}
			n += len(lines[i]) + len(utf16.Encode([]rune(breaks[i])))
		}
		return n - len(utf16.Encode([]rune(breaks[len(breaks)-1])))
	}
	var all []uint16
	for i := range lines {
		all = append(all, lines[i]...)
		all = append(all, utf16.Encode([]rune(breaks[i]))...)
	}
	a, b := at(r.Start), at(r.End)
	if b < a {
		a, b = b, a
	}
	return string(utf16.Decode(all[:a])) + insert + string(utf16.Decode(all[b:]))
}
