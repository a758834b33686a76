package draughts

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/variants"
)

// TestTerminalBoardIsTheDiagram: for every draughts variant, the board an
// error prints in the terminal is the diagram's (arbiter board, the HTML
// report) seen the same way: row by row from the top, the same squares
// named at each row's ends and the same pieces from left to right. English
// printed White and 32-29 on top where the diagram has Black and 1-4.
func TestTerminalBoardIsTheDiagram(t *testing.T) {
	all, err := variants.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	kinds := []byte{'w', 'W', 'b', 'B'} // Diagram's kinds: white man, white king, black man, black king
	n := 0
	for _, v := range all {
		if v.Family != "draughts" {
			continue
		}
		sc, err := referee.SceneOf(v, "")
		if err != nil {
			t.Errorf("%s: %v", v.Name, err)
			continue
		}
		start, err := sc.Position("")
		if err != nil {
			t.Errorf("%s: %v", v.Name, err)
			continue
		}
		b := sc.Board
		// The diagram's rows, top first, each left to right.
		cells := make([]int, len(b.Cells))
		for i := range cells {
			cells[i] = i
		}
		slices.SortFunc(cells, func(i, j int) int {
			return cmp.Or(cmp.Compare(b.Cells[i].Y, b.Cells[j].Y), cmp.Compare(b.Cells[i].X, b.Cells[j].X))
		})
		var rows [][]int
		for k, c := range cells {
			if k == 0 || b.Cells[c].Y != b.Cells[cells[k-1]].Y {
				rows = append(rows, nil)
			}
			rows[len(rows)-1] = append(rows[len(rows)-1], c)
		}
		// A move from an empty square to another: an error that prints
		// the board before it.
		var empty []string
		for _, row := range rows[len(rows)/2-1 : len(rows)/2+1] {
			for _, c := range row {
				if len(start.Cells[c]) == 0 {
					empty = append(empty, b.Cells[c].Name)
				}
			}
		}
		if len(empty) < 2 {
			t.Errorf("%s: no two empty squares in the middle of the start position", v.Name)
			continue
		}
		move := empty[0] + "-" + empty[len(empty)-1]
		rep := checkText(t, v, "1. "+move+" *\n")[0]
		i := slices.IndexFunc(rep.Diagnostics, func(d referee.Diagnostic) bool { return d.Severity == notation.Error && d.Board != "" })
		if i < 0 {
			t.Errorf("%s: %s: no error with a board: %+v", v.Name, move, rep.Diagnostics)
			continue
		}
		lines := strings.Split(strings.TrimRight(rep.Diagnostics[i].Board, "\n"), "\n")
		lines = lines[:len(lines)-1] // "white to move"
		if len(lines) != len(rows) {
			t.Errorf("%s: the terminal board has %d rows, the diagram %d", v.Name, len(lines), len(rows))
			continue
		}
		for r, line := range lines {
			f := strings.Fields(line)
			ends := f[len(f)-1]
			var pieces []byte
			for _, p := range f[:len(f)-1] {
				pieces = append(pieces, p[0])
			}
			row := rows[r]
			want := b.Cells[row[0]].Name + "-" + b.Cells[row[len(row)-1]].Name
			var wantPieces []byte
			for _, c := range row {
				switch ks := start.Cells[c]; {
				case len(ks) == 0:
					wantPieces = append(wantPieces, '.')
				default:
					wantPieces = append(wantPieces, kinds[ks[0]])
				}
			}
			if ends != want || string(pieces) != string(wantPieces) {
				t.Errorf("%s: row %d from the top: the terminal has %s %s, the diagram %s %s\n%s", v.Name, r+1, pieces, ends, wantPieces, want, rep.Diagnostics[i].Board)
				break
			}
		}
		n++
	}
	if n < 10 {
		t.Errorf("only %d draughts variants compared", n)
	}
	t.Logf("%d draughts variants compared", n)
}
