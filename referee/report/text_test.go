package report

import "testing"

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
