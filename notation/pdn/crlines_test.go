package pdn

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"
	"testing/iotest"

	"arbiter/notation"
)

// A file whose lines end with CR alone (classic Mac OS) reads as the same
// file with LF line ends: the same games, and every tag, move, comment and
// diagnostic at the same line, column and offset. A stray CR in a file of
// LF lines stays a stray-cr warning on its line.
func TestCROnlyLines(t *testing.T) {
	var files []string
	for _, name := range []string{"championnat-de-france-2021.pdn", "mrcd2007-game1.pdn", "campionato-assoluto-2005-games1-2.pdn"} {
		b, err := os.ReadFile("../../testdata/draughts/" + name)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, string(b))
	}
	files = append(files, sniffGames, "[Event \"broken\n value\"]\n{a comment\nover lines} 1. 32-28 {x}\n\n19-23\n2. 99-98 *\n")
	for i, text := range files {
		lf := strings.ReplaceAll(text, "\r\n", "\n")
		cr := strings.ReplaceAll(lf, "\n", "\r")
		want := readJSON(t, strings.NewReader(lf))
		if got := readJSON(t, strings.NewReader(cr)); got != want {
			t.Errorf("file %d: read with CR line ends:\n%.2000s\nwith LF:\n%.2000s", i, got, want)
		}
		if got := readJSON(t, iotest.OneByteReader(strings.NewReader(cr))); got != want {
			t.Errorf("file %d: read with CR line ends a byte at a time differs", i)
		}
	}
	stray := "[Event \"x\"]\n1. 32-28\r19-23\n2. 99-98 *\n"
	recs, _ := ReadAll(strings.NewReader(stray), "f", Options{})
	if len(recs) != 1 || !hasDiag(recs[0].Diagnostics, CodeStrayCR, 2) || recs[0].Moves[2].Pos.Line != 3 {
		t.Errorf("a stray CR in a LF file: %+v", recs)
	}
}

func hasDiag(ds []notation.Diagnostic, code string, line int) bool {
	for _, d := range ds {
		if d.Code == code && d.Pos.Line == line {
			return true
		}
	}
	return false
}

func readJSON(t *testing.T, r io.Reader) string {
	t.Helper()
	recs, err := ReadAll(r, "f", Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(recs)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// crLines turns every lone CR into a LF and leaves the rest, CRLF among
// it, whatever the sizes of the reads.
func FuzzCRLines(f *testing.F) {
	for _, s := range []string{"a\rb\r\nc\r", "\r\r\n\r", "\r", "", "x\r\ry"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var want bytes.Buffer
		for i := 0; i < len(in); i++ {
			if in[i] == '\r' && (i+1 == len(in) || in[i+1] != '\n') {
				want.WriteByte('\n')
			} else {
				want.WriteByte(in[i])
			}
		}
		for _, r := range []io.Reader{
			&crLines{r: strings.NewReader(in)},
			&crLines{r: iotest.OneByteReader(strings.NewReader(in))},
			&crLines{r: iotest.HalfReader(strings.NewReader(in))},
			&crLines{r: iotest.DataErrReader(strings.NewReader(in))},
		} {
			got, err := io.ReadAll(r)
			if err != nil || string(got) != want.String() {
				t.Fatalf("%q read as %q, %v; want %q", in, got, err, want.String())
			}
		}
	})
}
