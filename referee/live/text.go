package live

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// Position is a place in a document as the Language Server Protocol
// counts it: a 0-based line, and a 0-based character offset in UTF-16 code
// units within that line. A line ends at "\n", "\r\n" or a lone "\r".
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a span of a document, End exclusive.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// lineIndex holds where each line of a text starts, to turn byte offsets
// into Positions and back.
type lineIndex []int

func indexLines(text string) lineIndex {
	idx := make(lineIndex, 1, 1+len(text)/32)
	if !strings.Contains(text, "\r") {
		// Most texts: a line ends at "\n" alone, found a word at a time.
		for i := 0; ; {
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				return idx
			}
			i += j + 1
			idx = append(idx, i)
		}
	}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			idx = append(idx, i+1)
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			idx = append(idx, i+1)
		}
	}
	return idx
}

// position is the Position of a byte offset (clamped to the text).
func (idx lineIndex) position(text string, off int) Position { return idx.positionIn(text, off, nil) }

// positionIn is position counting a long line's characters with marks
// (nil: from the line's start).
func (idx lineIndex) positionIn(text string, off int, marks *unitMarks) Position {
	off = max(0, min(off, len(text)))
	line := sort.Search(len(idx), func(i int) bool { return idx[i] > off }) - 1
	return Position{Line: line, Character: marks.count(text, idx[line], off)}
}

// offset is the byte offset of a Position. A character past the end of
// its line is the line's end (before its line break), a line past the
// last is the end of the text, and a character inside a character that
// UTF-16 writes as two units is the start of that character: the
// protocol asks a server to take such positions leniently.
func (idx lineIndex) offset(text string, p Position) int { return idx.offsetIn(text, p, nil) }

// offsetIn is offset counting a long line's characters from the last of
// marks before the Position (nil: from the line's start).
func (idx lineIndex) offsetIn(text string, p Position, marks *unitMarks) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(idx) {
		return len(text)
	}
	start := idx[p.Line]
	end := len(text)
	if p.Line+1 < len(idx) {
		end = idx[p.Line+1]
	}
	for end > start && (text[end-1] == '\n' || text[end-1] == '\r') {
		end--
	}
	i, units := marks.before(text, start, end, p.Character)
	for i < end {
		if units >= p.Character {
			return i
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if units+w > p.Character {
			return i
		}
		units += w
		i += n
	}
	return end
}

// unitMarks count the UTF-16 units of a long line in steps, so that the
// findings of a line of thousands of games (a file on one line) cost each
// about a step, not the line up to it: the start of a character about
// every unitStep bytes, and the units of the text before it. Built on the
// first count that spans more than two steps; the zero value is ready. A
// nil *unitMarks counts from the line's start.
type unitMarks struct {
	at    []int // byte offsets, each where utf16Len's reading starts a character
	units []int // utf16Len(text[:at[k]])
}

const unitStep = 256

func (m *unitMarks) build(text string) {
	m.at, m.units = append(m.at[:0], 0), append(m.units[:0], 0)
	units := 0
	for i, next := 0, unitStep; i < len(text); {
		if i >= next {
			m.at, m.units = append(m.at, i), append(m.units, units)
			next = i + unitStep
		}
		c := text[i]
		if c < utf8.RuneSelf {
			units++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		units++
		if r >= 0x10000 {
			units++
		}
		i += size
	}
}

// spans says whether the marks serve a count over [from, to): one that
// spans more than two steps, when there are marks (m not nil); it builds
// them on the first such count.
func (m *unitMarks) spans(text string, from, to int) bool {
	if m == nil || to-from <= 2*unitStep {
		return false
	}
	if m.at == nil {
		m.build(text)
	}
	return true
}

// count is utf16Len(text[from:to]), from the start of a line (a line
// starts where utf16Len's reading from the text's start starts a
// character: after a line break, which no character holds).
func (m *unitMarks) count(text string, from, to int) int {
	if !m.spans(text, from, to) {
		return utf16Len(text[from:to])
	}
	first := sort.SearchInts(m.at, from)                                         // the first mark at or after from
	last := sort.Search(len(m.at), func(k int) bool { return m.at[k] > to }) - 1 // the last at or before to
	return utf16Len(text[from:m.at[first]]) + m.units[last] - m.units[first] + utf16Len(text[m.at[last]:to])
}

// before is where offsetIn's count of a line [start, end) may begin to
// look for its character char: the last mark inside the line whose units
// from the line's start are at most char, and those units; the line's
// start when there is none.
func (m *unitMarks) before(text string, start, end, char int) (int, int) {
	if !m.spans(text, start, end) {
		return start, 0
	}
	first := sort.SearchInts(m.at, start)
	if first >= len(m.at) || m.at[first] > end {
		return start, 0
	}
	lead := m.units[first] - utf16Len(text[start:m.at[first]]) // the units of text[:start]
	k := sort.Search(len(m.at), func(k int) bool { return m.at[k] > end || m.units[k]-lead > char }) - 1
	if k < first {
		return start, 0
	}
	return m.at[k], m.units[k] - lead
}

// utf16Len is how many UTF-16 code units s takes (an invalid byte, which
// a decoder reads as U+FFFD, one).
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// Change is one edit of a document as a client sends it: Text in place of
// Range, or the whole text when Range is nil.
type Change struct {
	Range *Range `json:"range,omitempty"`
	Text  string `json:"text"`
}

// Apply applies changes to text in order, each on the text the ones before
// it left, as the protocol's incremental sync asks.
func Apply(text string, changes []Change) string {
	return apply(text, nil, nil, changes)
}

// apply is Apply given the line index of text, when known (nil when not),
// and its marks (nil: made for each text a run is resolved on).
//
// A client sends a multi-cursor edit or a replace-all as one notification
// of many changes, each wholly before the one before it (so that each
// applies to the text unchanged by the others): such a run is resolved on
// one line index and written in one pass, not one copy of the document
// per change.
func apply(text string, idx lineIndex, marks *unitMarks, changes []Change) string {
	type span struct {
		start, end int
		text       string
	}
	var run []span
	for len(changes) > 0 {
		if changes[0].Range == nil {
			text, idx = changes[0].Text, nil
			changes = changes[1:]
			continue
		}
		if idx == nil {
			idx, marks = indexLines(text), &unitMarks{}
		}
		run = run[:0]
		for _, c := range changes {
			if c.Range == nil {
				break
			}
			start, end := idx.offsetIn(text, c.Range.Start, marks), idx.offsetIn(text, c.Range.End, marks)
			if end < start {
				start, end = end, start
			}
			// Strictly before the change before it: a position at its
			// start could be resolved on a line break that change made.
			if len(run) > 0 && end >= run[len(run)-1].start {
				break
			}
			run = append(run, span{start, end, c.Text})
		}
		changes = changes[len(run):]
		if len(run) == 1 {
			text = text[:run[0].start] + run[0].text + text[run[0].end:]
		} else {
			var b strings.Builder
			size := len(text)
			for _, sp := range run {
				size += len(sp.text) - (sp.end - sp.start)
			}
			b.Grow(size)
			at := 0
			for i := len(run) - 1; i >= 0; i-- {
				b.WriteString(text[at:run[i].start])
				b.WriteString(run[i].text)
				at = run[i].end
			}
			b.WriteString(text[at:])
			text = b.String()
		}
		idx = nil
	}
	return text
}
