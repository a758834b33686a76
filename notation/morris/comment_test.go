package morris

import "testing"

// TestCommentBeforeTags: "{exported by ...}" or "; note" before the tags,
// or a comment between them, is a game comment; every tag is read and no
// tag is reported as standing after the moves.
func TestCommentBeforeTags(t *testing.T) {
	for _, head := range []string{"{exported by Sanmill}\n", "; note\n"} {
		rec := parseText(t, head+"[Event \"e\"]\n{between}\n[Variant \"Nine Men's Morris\"]\n\n1. d6 e4 *\n")
		if len(rec.Tags) != 2 || len(rec.Moves) != 2 || len(rec.Diagnostics) != 0 || len(rec.Comments) != 2 {
			t.Fatalf("%q: tags %v, %d moves, comments %v, %v", head, rec.Tags, len(rec.Moves), rec.Comments, rec.Diagnostics)
		}
	}
}
