package live

import (
	"fmt"

	"arbiter/referee"
)

// Completion is a legal move that may be written at the cursor.
type Completion struct {
	Label  string
	Detail string
	// Edit writes the move in place of what is typed of it.
	Edit Edit
}

// Complete lists the legal moves at the byte offset off of the document:
// in the position the main line's moves written before it reach, each
// replacing the word typed so far ("32-" at the cursor: 32-27, 32-28). It
// lists none inside a comment, a variation or a tag, after a move the
// referee could not replay, or for a family that does not explore
// (referee.Explorer).
func (d *Document) Complete(off int) []Completion {
	g := d.GameAt(off)
	if g == nil || off < g.Start || off > g.End || !inMovetext(d.text[g.Start:off]) {
		return nil
	}
	word := off
	for word > g.Start && !isSpace(d.text[word-1]) && d.text[word-1] != '.' && d.text[word-1] != '}' && d.text[word-1] != ')' {
		word--
	}
	r := d.read(g, func(o *referee.Options) { o.Rewrite = true })
	ply := 0
	for _, m := range r.main {
		if m.off < word {
			ply++
		}
	}
	stops := d.explore(r, ply)
	if len(stops) != ply+1 {
		return nil
	}
	s := stops[ply]
	out := make([]Completion, 0, len(s.Legal))
	for _, mv := range s.Legal {
		out = append(out, Completion{Label: mv, Detail: fmt.Sprintf("legal after ply %d", ply), Edit: d.edit(word, off, mv)})
	}
	return out
}

// inMovetext says whether the end of a game's text so far is in its
// movetext, outside comments, variations, tags and setups.
func inMovetext(s string) bool {
	depth, inTag, inString, inComment, lineComment, inSetup := 0, false, false, false, false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case lineComment:
			lineComment = c != '\n' && c != '\r'
		case inComment:
			inComment = c != '}'
		case inString:
			if c == '\\' {
				i++
			} else {
				inString = c != '"'
			}
		case inTag:
			switch c {
			case '"':
				inString = true
			case ']':
				inTag = false
			}
		case inSetup:
			inSetup = c != '/'
		default:
			switch c {
			case '{':
				inComment = true
			case ';':
				lineComment = true
			case '[':
				inTag = true
			case '(':
				depth++
			case ')':
				depth = max(depth-1, 0)
			case '/':
				inSetup = true
			}
		}
	}
	return depth == 0 && !inTag && !inComment && !lineComment && !inSetup && !inString
}
