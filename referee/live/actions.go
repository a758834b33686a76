package live

import (
	"fmt"
	"strings"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
)

// Edit is a change of the document: NewText in place of Range.
type Edit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// Action is an edit that mends a finding (the protocol's quick fix).
type Action struct {
	Title string
	// Finding is the finding it mends.
	Finding Finding
	Edits   []Edit
	// Preferred: the fix the repair search is certain of ('arbiter fix'
	// would apply it).
	Preferred bool
}

// Actions are the edits that mend the findings in the byte range
// [from, to] of the document: each fix the repair search found, the
// normalisation 'arbiter convert' makes of what the reader was lenient
// about, and a suppression comment for the move and for the game.
func (d *Document) Actions(from, to int) []Action {
	var out []Action
	for _, g := range d.games {
		if g.Start > to || g.End < from {
			continue
		}
		rep := g.check.report
		var r *reading // read again only when needed
		for i := range rep.Diagnostics {
			x := &rep.Diagnostics[i]
			if x.Suppressed != nil {
				continue
			}
			off := d.offset(g, x.Pos)
			if start, end := d.span(g, x); end < from || start > to {
				continue
			}
			f := d.finding(g, x)
			add := func(title string, preferred bool, edits ...Edit) {
				out = append(out, Action{Title: title, Finding: f, Edits: edits, Preferred: preferred})
			}
			for _, fix := range x.Fixes {
				if edits, ok := d.fixEdits(g, fix); ok {
					add("Fix: "+clean(fix.Describe(x.Pos)), fix.Certain, edits...)
				}
			}
			if normalises[x.Code] {
				if r == nil {
					r = d.read(g, nil)
				}
				if title, e, ok := d.normalise(g, r, x.Code, off); ok {
					add(title, false, e)
				}
			}
			if x.Severity != notation.Note && x.Code != referee.CodeUnusedSuppression {
				out = append(out, d.suppressions(g, x, off, f)...)
			}
		}
	}
	return out
}

// fixEdits are a fix's edits, each checked against the text: a fix whose
// move is no longer written where the check saw it is offered no more
// (as 'arbiter fix' refuses it).
func (d *Document) fixEdits(g *Game, fix referee.Fix) ([]Edit, bool) {
	var out []Edit
	for _, e := range fix.Edits() {
		off := d.offset(g, e.Pos)
		if !strings.HasPrefix(d.text[off:], e.Old) {
			return nil, false
		}
		out = append(out, d.edit(off, off+len(e.Old), e.New))
	}
	return out, len(out) > 0
}

func (d *Document) edit(from, to int, text string) Edit {
	return Edit{Range: Range{d.Position(from), d.Position(to)}, NewText: text}
}

// normalises are the codes of what the reader was lenient about and
// 'arbiter convert' writes in the standard form.
var normalises = map[string]bool{
	pdn.CodeLeadingZero:  true,
	pdn.CodePaddedSquare: true,
	pdn.CodeUpperCase:    true,
	pdn.CodeNoTerminator: true,
	pdn.CodeSpacedResult: true,
	pdn.CodeColonResult:  true,
}

// normalise is the edit that writes in the standard form what a finding
// of code at off is about.
func (d *Document) normalise(g *Game, r *reading, code string, off int) (string, Edit, bool) {
	word := d.text[off : off+d.spanAt(off, "")]
	switch code {
	case pdn.CodeLeadingZero:
		if fixed := dropLeadingZeros(word); fixed != word {
			return fmt.Sprintf("Write %s as %s", word, fixed), d.edit(off, off+len(word), fixed), true
		}
	case pdn.CodePaddedSquare, pdn.CodeUpperCase:
		m := moveAt(r.rec.Moves, d.at, off)
		if m == nil || !strings.HasPrefix(d.text[off:], m.Text) {
			break
		}
		fixed := strings.Join(strings.Fields(m.Text), "")
		if code == pdn.CodeUpperCase {
			fixed = strings.ToLower(m.Text)
		}
		if fixed != m.Text {
			return fmt.Sprintf("Write %s as %s", m.Text, fixed), d.edit(off, off+len(m.Text), fixed), true
		}
	case pdn.CodeNoTerminator:
		end := off
		for end > g.Start && isSpace(d.text[end-1]) {
			end--
		}
		result := "*"
		if tag, ok := r.rec.Tag("Result"); ok {
			if o, ok := referee.ParseOutcome(strings.TrimSpace(tag)); ok && o != referee.Unknown && !strings.Contains(tag, ":") {
				result = strings.TrimSpace(tag)
			}
		}
		why := "the game goes on, or its result is not known"
		if result != "*" {
			why = "the Result tag's"
		}
		return fmt.Sprintf("Add the terminator %s (%s)", result, why), d.edit(end, end, " "+result), true
	case pdn.CodeSpacedResult, pdn.CodeColonResult:
		if strings.HasPrefix(d.text[off:], "[") {
			// The Result tag's value: [Result "1:0"].
			q := strings.IndexByte(d.text[off:min(off+64, g.End)], '"')
			if q < 0 {
				break
			}
			off += q + 1
		}
		n := 0
		for rest := d.text[off:g.End]; n < len(rest) && strings.IndexByte("0123456789/-: \t", rest[n]) >= 0; n++ {
		}
		written := strings.TrimRight(d.text[off:off+n], " \t")
		fixed := strings.ReplaceAll(strings.Join(strings.Fields(written), ""), ":", "-")
		if _, ok := referee.ParseOutcome(fixed); ok && fixed != written {
			return fmt.Sprintf("Write %s as %s", written, fixed), d.edit(off, off+len(written), fixed), true
		}
	}
	return "", Edit{}, false
}

// dropLeadingZeros writes each number of a word without its leading
// zeros: 09-13 as 9-13, 01. as 1.
func dropLeadingZeros(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		startsNumber := i == 0 || s[i-1] < '0' || s[i-1] > '9'
		if s[i] == '0' && startsNumber {
			j := i
			for j < len(s) && s[j] == '0' {
				j++
			}
			if j < len(s) && '1' <= s[j] && s[j] <= '9' {
				i = j - 1
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// suppressions are the comments that suppress a finding: before its move
// (that move's findings), and in the tag section (the whole game), as
// 'arbiter check' reads them ({arbiter: ignore CODE}).
func (d *Document) suppressions(g *Game, x *referee.Diagnostic, off int, f Finding) []Action {
	comment := "{arbiter: ignore " + x.Code + "}"
	var out []Action
	if x.Move != "" {
		out = append(out, Action{Title: fmt.Sprintf("Ignore %s at this move: %s", x.Code, comment), Finding: f,
			Edits: []Edit{d.edit(off, off, comment+" ")}})
	}
	rep := g.check.report
	at := g.Start // no tags: the game's first line
	for _, t := range rep.Tags {
		if end := d.lineEnd(d.offset(g, t.Pos)); end > at {
			at = end
		}
	}
	text := comment + "\n"
	if at > g.Start {
		text = "\n" + comment // after the last tag's line
	}
	return append(out, Action{Title: fmt.Sprintf("Ignore %s in this game: %s", x.Code, comment), Finding: f,
		Edits: []Edit{d.edit(at, at, text)}})
}

// lineEnd is the offset of the end of the line off is in (before its
// line break).
func (d *Document) lineEnd(off int) int {
	p := d.Position(off)
	return d.Offset(Position{Line: p.Line, Character: 1 << 30})
}
