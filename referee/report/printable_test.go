package report

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPrintable(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"Sijbrands, Ton", "Sijbrands, Ton"},
		{"Жук\tÉlodie 王", "Жук\tÉlodie 王"}, // tabs and any printable character stay
		{"\x1b]0;PWNED\x07", `\x1b]0;PWNED\x07`},
		{"a\x00b\x7fc", `a\x00b\x7fc`},
		{"line\r\nnext", `line\r\nnext`},
		{"\u009b31m\u0085", `\u009b31m\u0085`}, // C1: U+009B is a CSI of its own
		{"caf\xe9 \xff", `caf\xe9 \xff`},       // not UTF-8
		{"\u00a0\u00e9\ufffd", "\u00a0\u00e9\ufffd"},
	}
	for _, tc := range tests {
		if got := Printable(tc.in); got != tc.want {
			t.Errorf("Printable(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := PrintableLines("a\x1b\nb\x07\n"); got != "a\\x1b\nb\\x07\n" {
		t.Errorf("PrintableLines kept %q", got)
	}
}

// unsafeForTerminal names the first byte of out a terminal would act on:
// a control character but \n and \t, DEL, a C1 character, or bytes that
// are not UTF-8.
func unsafeForTerminal(out string) string {
	if !utf8.ValidString(out) {
		return "bytes that are not UTF-8"
	}
	for i, r := range out {
		if r < ' ' && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r <= 0x9f {
			return fmt.Sprintf("%U on line %d", r, strings.Count(out[:i], "\n")+1)
		}
	}
	return ""
}

// FuzzPrintable: whatever the text, nothing a terminal acts on comes out
// (a tab at most), escaping twice changes nothing more, and a caret can be
// put under any column.
func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"", "\x1b]0;x\x07", "\u009b\xff\t王", "a\r\nb"} {
		f.Add(s, 3)
	}
	f.Fuzz(func(t *testing.T, s string, col int) {
		p := Printable(s)
		if where := unsafeForTerminal(strings.ReplaceAll(p, "\t", " ")); where != "" || strings.Contains(p, "\n") {
			t.Fatalf("Printable(%q) = %q holds %s", s, p, where)
		}
		if Printable(p) != p {
			t.Fatalf("Printable is not idempotent on %q", s)
		}
		if c := Caret(s, col%200); !strings.HasSuffix(c, "^") || unsafeForTerminal(c) != "" {
			t.Fatalf("Caret(%q, %d) = %q", s, col, c)
		}
	})
}
