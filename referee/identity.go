package referee

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"sort"
	"strings"
	"unicode"

	"arbiter/notation"
)

// Identity names a game by what it is rather than where it stands: a hash
// of its tags and moves as written, so that a baseline of known findings
// (referee/baseline) still finds the game after the file was reformatted,
// another game edited, or the games put in another order.
//
// White space does not count (a line broken elsewhere, "1- 6" for "1-6"),
// nor do the order of the tags (a conversion writes them in the standard
// order), comments (a suppression written into the game must not change
// it), move numbers or annotations. A changed tag value or move does.
type Identity struct {
	// Game is the hash of the tags and the moves (main line, setups and
	// variations): the game itself.
	Game string
	// Tags is the hash of the tags alone: the same game after one of its
	// moves was corrected.
	Tags string
}

// Identify computes a record's identity; it needs the record's moves, so
// it runs before Record.ReleaseMoves (CheckInputs does it when
// StreamOptions.Identify asks).
func Identify(rec *notation.Record) Identity {
	h := sha256.New()
	tags := make([]notation.Tag, len(rec.Tags))
	copy(tags, rec.Tags)
	sort.SliceStable(tags, func(i, j int) bool { return tags[i].Name < tags[j].Name })
	for _, t := range tags {
		writeSqueezed(h, t.Name)
		h.Write([]byte{0})
		writeSqueezed(h, t.Value)
		h.Write([]byte{0})
	}
	tagsSum := h.Sum(nil)
	h.Write([]byte{1})
	writeSqueezed(h, rec.Setup)
	// The lines as a stack, not by recursion: a record read from JSON may
	// nest variations without bound.
	type frame struct {
		line    notation.Line
		i       int
		started bool
	}
	stack := []frame{{line: rec.Moves}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if !f.started {
			f.started = true
			h.Write([]byte{'('})
		}
		if f.i == len(f.line) {
			stack = stack[:len(stack)-1]
			h.Write([]byte{')'})
			continue
		}
		m := f.line[f.i]
		f.i++
		h.Write([]byte{2})
		writeSqueezed(h, m.Setup)
		h.Write([]byte{0})
		writeSqueezed(h, m.Text)
		for k := len(m.Variations) - 1; k >= 0; k-- {
			stack = append(stack, frame{line: m.Variations[k]})
		}
	}
	return Identity{Game: hex.EncodeToString(h.Sum(nil)[:16]), Tags: hex.EncodeToString(tagsSum[:16])}
}

// writeSqueezed writes s without its white space.
func writeSqueezed(h hash.Hash, s string) {
	if strings.IndexFunc(s, unicode.IsSpace) < 0 {
		h.Write([]byte(s))
		return
	}
	h.Write([]byte(strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)))
}
