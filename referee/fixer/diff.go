package fixer

import (
	"bytes"
	"fmt"
	"io"
)

// diffContext is how many unchanged lines a hunk shows around a change.
const diffContext = 3

// Diff writes the unified diff of a file and its fixed text, with the
// name on both sides (patch -p0 applies it). A fix changes text within a
// line and never a line end, so line k of one is line k of the other: the
// hunks are the changed lines with their context. Lines are written as
// they are, line ends and all; line writes each (a terminal's caller may
// make control characters visible).
func Diff(w io.Writer, name string, old, new []byte, line func(w io.Writer, prefix byte, text []byte) error) error {
	a, b := lines(old), lines(new)
	if len(a) != len(b) {
		return fmt.Errorf("%s: the fixed text has %d lines, the file %d (please report it)", name, len(b), len(a))
	}
	var changed []int
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			changed = append(changed, i)
		}
	}
	if len(changed) == 0 {
		return nil
	}
	if line == nil {
		line = func(w io.Writer, prefix byte, text []byte) error {
			if _, err := w.Write([]byte{prefix}); err != nil {
				return err
			}
			_, err := w.Write(text)
			return err
		}
	}
	if _, err := fmt.Fprintf(w, "--- %s\n+++ %s\n", name, name); err != nil {
		return err
	}
	for k := 0; k < len(changed); {
		// A hunk: changes closer than twice the context share one.
		first, last := changed[k], changed[k]
		for k++; k < len(changed) && changed[k]-last <= 2*diffContext; k++ {
			last = changed[k]
		}
		from, to := max(0, first-diffContext), min(len(a), last+diffContext+1)
		if _, err := fmt.Fprintf(w, "@@ -%s +%s @@\n", span(from, to), span(from, to)); err != nil {
			return err
		}
		for i := from; i < to; i++ {
			if !bytes.Equal(a[i], b[i]) {
				if err := writeLine(w, '-', a[i], line); err != nil {
					return err
				}
				if err := writeLine(w, '+', b[i], line); err != nil {
					return err
				}
				continue
			}
			if err := writeLine(w, ' ', a[i], line); err != nil {
				return err
			}
		}
	}
	return nil
}

// span is a hunk's range as unified diffs write it: the first line
// (1-based) and the count.
func span(from, to int) string {
	if to-from == 1 {
		return fmt.Sprint(from + 1)
	}
	return fmt.Sprintf("%d,%d", from+1, to-from)
}

// writeLine writes one line of a hunk; a last line without a line end
// gets the marker patch knows.
func writeLine(w io.Writer, prefix byte, text []byte, line func(io.Writer, byte, []byte) error) error {
	if err := line(w, prefix, text); err != nil {
		return err
	}
	if !bytes.HasSuffix(text, []byte("\n")) && !bytes.HasSuffix(text, []byte("\r")) {
		_, err := io.WriteString(w, "\n\\ No newline at end of file\n")
		return err
	}
	return nil
}

// lines cuts text after each LF (each CR in a file of CR line ends, as
// the reader reads one), keeping the line ends.
func lines(text []byte) [][]byte {
	end := byte('\n')
	if bytes.IndexByte(text, '\n') < 0 && bytes.IndexByte(text, '\r') >= 0 {
		end = '\r'
	}
	var out [][]byte
	for len(text) > 0 {
		i := bytes.IndexByte(text, end)
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i+1])
		text = text[i+1:]
	}
	return out
}
