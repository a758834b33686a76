package report

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Printable is text from a record or a file name as it may reach a
// terminal: every control character a terminal would act on (C0 but the
// tab, DEL, and the C1 range, U+009B being a CSI of its own) and every byte
// that is not UTF-8 is written as an escape (\x1b, \n, \u009b, \xff), so a
// record cannot retitle the window, clear the screen or ring the bell.
// Text without any comes back as it is, without copying. Every
// human-readable output goes through it: the text and GitHub reports,
// JUnit, the quoted source lines (whose tabs it keeps: the caret lines up
// under them), messages on standard error. Caret counts the cells of the
// escapes the same way, so it still points at the move.
func Printable(s string) string {
	i := firstUnprintable(s)
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if esc := escapeRune(r, n, s[i]); esc != "" {
			b.WriteString(esc)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// PrintableLines is Printable for text of several lines (an error
// message, a board): each line escaped, the line breaks kept.
func PrintableLines(s string) string {
	if firstUnprintable(s) == len(s) {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Printable(l)
	}
	return strings.Join(lines, "\n")
}

// firstUnprintable is the offset of the first character Printable escapes,
// len(s) when there is none.
func firstUnprintable(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < ' ' && c != '\t' || c == 0x7f {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if escapeRune(r, n, c) != "" {
			return i
		}
		i += n
	}
	return len(s)
}

// escapeRune is how Printable writes the character r (n bytes, the first
// being first), "" when it is written as it is.
func escapeRune(r rune, n int, first byte) string {
	switch {
	case r == utf8.RuneError && n == 1:
		return fmt.Sprintf(`\x%02x`, first) // not UTF-8
	case r == '\n':
		return `\n`
	case r == '\r':
		return `\r`
	case r < ' ' && r != '\t' || r == 0x7f:
		return fmt.Sprintf(`\x%02x`, r)
	case r >= 0x80 && r <= 0x9f:
		return fmt.Sprintf(`\u%04x`, r)
	}
	return ""
}
