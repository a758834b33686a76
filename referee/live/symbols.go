package live

import (
	"cmp"
	"fmt"
	"strings"

	"arbiter/notation"
	"arbiter/referee"
)

// Symbol is a game, as an editor's outline lists it.
type Symbol struct {
	// Name is "White - Black" (or "game N" when the tags name neither).
	Name string
	// Detail is the event, the result and the verdict.
	Detail string
	// Range is the game's text; Selection its first line.
	Range, Selection Range
}

// Symbols are the document's games, one symbol each.
func (d *Document) Symbols() []Symbol {
	out := make([]Symbol, 0, len(d.games))
	for _, g := range d.games {
		rep := g.check.report
		name := rep.Players()
		if name == "" {
			name = fmt.Sprintf("game %d", g.Index)
		}
		var detail []string
		for _, t := range []string{"Event", "Round", "Date"} {
			if v := strings.TrimSpace(tag(rep, t)); v != "" && v != "?" && !strings.Contains(v, "??") {
				detail = append(detail, v)
			}
		}
		if res := cmp.Or(rep.Result.Terminator, rep.Result.Tag); res != "" {
			detail = append(detail, res)
		}
		detail = append(detail, verdict(rep))
		end := g.End
		for end > g.Start && isSpace(d.text[end-1]) {
			end--
		}
		start := g.Start
		for start < end && isSpace(d.text[start]) {
			start++
		}
		out = append(out, Symbol{
			Name:      clean(name),
			Detail:    clean(strings.Join(detail, " · ")),
			Range:     Range{d.Position(start), d.Position(end)},
			Selection: Range{d.Position(start), d.Position(min(d.lineEnd(start), end))},
		})
	}
	return out
}

func tag(rep *referee.Report, name string) string {
	for _, t := range rep.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// verdict says how the game fares: "valid", "2 errors".
func verdict(rep *referee.Report) string {
	n := 0
	for _, x := range rep.Diagnostics {
		if x.Severity == notation.Error && x.Suppressed == nil {
			n++
		}
	}
	switch n {
	case 0:
		return "valid"
	case 1:
		return "1 error"
	}
	return fmt.Sprintf("%d errors", n)
}

// FirstError is the range of the document's first error that nothing
// suppressed; ok is false when it has none.
func (d *Document) FirstError() (Range, bool) {
	for _, g := range d.games {
		rep := g.check.report
		for i := range rep.Diagnostics {
			if x := &rep.Diagnostics[i]; x.Severity == notation.Error && x.Suppressed == nil {
				return d.finding(g, x).Range, true
			}
		}
	}
	return Range{}, false
}
