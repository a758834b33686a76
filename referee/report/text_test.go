package report

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"testing"

	"arbiter/referee"
)

func TestCaretDisplayWidth(t *testing.T) {
	tests := []struct {
		line string
		col  int
		want string
	}{
		{"1. 32-28 19-23", 10, "         ^"},
		{"{好棋} 19-23", 6, "       ^"},         // two wide characters: 4 cells for 2 characters
		{"{cafe\u0301} 19-23", 9, "       ^"}, // e + combining acute: one cell for 2 characters
		{"\t{王}\t19-23", 6, "\t    \t^"},      // tabs kept, widths between them
		{"Ｆｕｌｌ 32-28", 6, "         ^"},       // fullwidth Latin
		{"a", 1, "^"},
	}
	for _, tc := range tests {
		if got := Caret(tc.line, tc.col); got != tc.want {
			t.Errorf("Caret(%q, %d) = %q, want %q", tc.line, tc.col, got, tc.want)
		}
	}
}

// BenchmarkReportText: the text writer (as check writes it: boards
// under errors, no colour) over the international tournament corpus's
// reports, in CPU ns a report (getrusage).
func BenchmarkReportText(b *testing.B) {
	files, _ := filepath.Glob("../../../shared/corpus/draughts/international-tournaments/*.pdn")
	if len(files) == 0 {
		b.Skip("no ../shared/corpus/draughts/international-tournaments")
	}
	var inputs []referee.Input
	for _, f := range files {
		inputs = append(inputs, referee.Input{Name: f, Open: func() (io.ReadCloser, error) { return os.Open(f) }})
	}
	var reps []*referee.Report
	err := referee.CheckInputs(inputs, referee.StreamOptions{}, func(rep *referee.Report) error {
		reps = append(reps, rep)
		return nil
	}, func(in referee.Input, err error) { b.Fatal(in.Name, err) })
	if err != nil {
		b.Fatal(err)
	}
	w := formats[0].New(bufio.NewWriterSize(io.Discard, 64<<10), Options{})
	b.ReportAllocs()
	n := 0
	cpu0 := cpuTime()
	for b.Loop() {
		if err := w.Write(reps[n%len(reps)]); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(n), "cpu-ns/report")
}

// Caret's printable-ASCII shortcut puts the caret where measuring every
// character does.
func TestCaretShortcut(t *testing.T) {
	lines := []string{"", "a", "1. 32-28 19-23 2. 37-32 *", "[Event \"x\"]", "\t1. 32-28", "a\x7fb", "é 32-28", "x\x00y", "~~~~ ~"}
	for _, line := range lines {
		for col := -1; col <= len(line)+2; col++ {
			if got, want := Caret(line, col), caretMeasured(line, col); got != want {
				t.Errorf("Caret(%q, %d) = %q, measured %q", line, col, got, want)
			}
		}
	}
}
