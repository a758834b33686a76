package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

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

// A record full of control characters, in a file whose name holds some
// too: nothing of them reaches the terminal raw, in any human-readable
// output or message.
func TestNoControlCharacterReachesTheTerminal(t *testing.T) {
	var ctl strings.Builder
	for c := rune(0); c < 0x20; c++ {
		if c != '\n' && c != '\r' {
			ctl.WriteRune(c)
		}
	}
	ctl.WriteString("\x7f\u0080\u009b\u009d\u009f")
	bad := ctl.String()
	record := "[Event \"ev" + bad + "\"]\n" +
		"[White \"\x1b]0;PWNED\x07" + bad + "\"]\n" +
		"[Black \"\x1b[2J\x1bc\"]\n" +
		"[Result \"2-0\x1b[5m\"]\n" +
		"[GameType \"20\"]\n" +
		"[Foo\x1b \"x\"]\n" +
		"{" + bad + "}\n" +
		"1. 32-28 \x1b[1m 19-23 " + bad + " 2. 28x19 14x23\r3. 99-88 \u009b 2-0\n" +
		"[Event \"" + bad + "\"]\n[GameType \"20\"]\n1. 32-28 \x1b 99-88 *\n"
	dir := t.TempDir()
	name := filepath.Join(dir, "games\x1b]0;file\x07\u009b.pdn")
	if err := os.WriteFile(name, []byte(record), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty\x1b[2J.pdn")
	if err := os.WriteFile(empty, []byte("{ \x1b[2J }"), 0o644); err != nil {
		t.Fatal(err)
	}
	runs := [][]string{
		{"check", name},
		{"check", "-v", "--statistics", name, empty},
		{"check", "--format", "github", name},
		{"check", "--format", "junit", name},
		{"check", name, filepath.Join(dir, "missing\x1b[2J.pdn")},
		{"check", "--variant-file", filepath.Join(dir, "missing\x1b[2J.yaml"), name},
		{"convert", "--to", "pdn", name},
		{"board", name, "--ply", "99"},
	}
	for _, args := range runs {
		out, errOut, code := arbiter(t, "", args...)
		if code == 0 && args[0] == "check" {
			t.Errorf("%q: exit 0", args)
		}
		what := map[string]string{"stderr": errOut}
		if args[0] == "check" {
			what["stdout"] = out // convert's and board's are data, written as read
		}
		for stream, s := range what {
			if where := unsafeForTerminal(s); where != "" {
				t.Errorf("%q: %s holds %s:\n%q", args, stream, where, s)
			}
		}
		if args[0] != "board" && args[1] == name && !strings.Contains(out+errOut, `games\x1b]0;file\x07\u009b.pdn`) {
			t.Errorf("%q: the file's name is not written with escapes:\n%s%s", args, out, errOut)
		}
	}
}

// The caret still points at the move when the quoted line shows escapes,
// tabs or wide characters before it.
func TestCaretAfterEscapes(t *testing.T) {
	tests := []string{
		"{\x1b[2J} 1. 32-28 99-88 *",
		"{\x1b\x07\u009b}\t1. 32-28 99-88 *",
		"{王\x1b} 1. 32-28\t99-88 *",
		"1. 32-28 {\x00\x01\x02\x7f} 99-88 *",
	}
	for _, line := range tests {
		record := "[GameType \"20\"]\n" + line + "\n"
		out, _, _ := arbiter(t, record, "check", "--no-board", "--select", "no-such-square", "-")
		lines := strings.Split(out, "\n")
		if len(lines) < 3 {
			t.Errorf("%q: no quote:\n%s", line, out)
			continue
		}
		quoted, mark := lines[1], lines[2]
		move := strings.Index(quoted, "99-88")
		if move < 0 {
			t.Errorf("%q: the move is not quoted:\n%s", line, out)
			continue
		}
		if got, want := columnOf(mark, strings.IndexByte(mark, '^')), columnOf(quoted, move); got != want {
			t.Errorf("%q: caret at cell %d, the move at %d:\n%s\n%s", line, got, want, quoted, mark)
		}
	}
}

// columnOf is the terminal cell (0-based, tab stops every 8) where the
// byte at off of s is shown.
func columnOf(s string, off int) int {
	col := 0
	gr := uniseg.NewGraphemes(s[:off])
	for gr.Next() {
		if gr.Str() == "\t" {
			col += 8 - col%8
			continue
		}
		col += gr.Width()
	}
	return col
}
