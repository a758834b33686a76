package fixer_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"arbiter/referee"
	"arbiter/referee/fixer"
)

// FuzzFile: any input is fixed or refused without a panic; the text
// changes only when a fix is made, keeps its number of lines (the diff
// needs it), and fixed once, has nothing more to fix.
func FuzzFile(f *testing.F) {
	for _, glob := range []string{"draughts/*.pdn", "pdn/*.pdn"} {
		files, _ := filepath.Glob(td + glob)
		for _, name := range files {
			f.Add(read(f, name[len(td):]))
		}
	}
	f.Add([]byte("[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 23-19 *\n"))
	f.Add([]byte("1. 32-28 28-32 2. 19-23 *\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<16 {
			return
		}
		res, err := fixer.File(src, "f.pdn", referee.StreamOptions{})
		if err != nil {
			return
		}
		if len(res.Applied) == 0 {
			if !bytes.Equal(res.Text, src) {
				t.Fatalf("no fix made, and the text changed")
			}
			return
		}
		if bytes.Count(res.Text, []byte("\n")) != bytes.Count(src, []byte("\n")) || bytes.Count(res.Text, []byte("\r")) != bytes.Count(src, []byte("\r")) {
			t.Fatalf("the fixes changed the line ends")
		}
		again, err := fixer.File(res.Text, "f.pdn", referee.StreamOptions{})
		if err != nil {
			t.Fatalf("the fixed text is refused: %v", err)
		}
		if len(again.Applied) != 0 {
			t.Fatalf("fixed twice: %+v", again.Applied)
		}
	})
}
