package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/referee/codes"
)

// Summary counts every game the splitter found, and the findings reported;
// suppressed findings (in the record, or by the baseline) are counted
// apart. The zero Summary counts nothing yet.
type Summary struct {
	Games, Valid, Invalid, Warnings, Errors, Notes int
	Suppressed, Baselined                          int
	byCode                                         map[string]*CodeCount
}

// CodeCount is the findings of one code, by severity.
type CodeCount struct {
	Code                    string
	Errors, Warnings, Notes int
}

// Add counts a game's report, once its verdict is set.
func (s *Summary) Add(rep *referee.Report) {
	s.Games++
	if rep.Verdict == referee.Valid {
		s.Valid++
	} else {
		s.Invalid++
	}
	for _, d := range rep.Diagnostics {
		if d.Suppressed != nil {
			s.Suppressed++
			if d.Suppressed.Kind == referee.SuppressedExternal {
				s.Baselined++
			}
			continue
		}
		c := s.byCode[d.Code]
		if c == nil {
			if s.byCode == nil {
				s.byCode = map[string]*CodeCount{}
			}
			c = &CodeCount{Code: d.Code}
			s.byCode[d.Code] = c
		}
		switch d.Severity {
		case notation.Error:
			s.Errors++
			c.Errors++
		case notation.Warning:
			s.Warnings++
			c.Warnings++
		case notation.Note:
			s.Notes++
			c.Notes++
		}
	}
}

// Total is the code's findings of every severity.
func (c *CodeCount) Total() int { return c.Errors + c.Warnings + c.Notes }

// Codes returns the counts by code, most frequent first.
func (s *Summary) Codes() []*CodeCount {
	var out []*CodeCount
	for _, c := range s.byCode {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Total() != b.Total() {
			return a.Total() > b.Total()
		}
		return a.Code < b.Code
	})
	return out
}

// Line is the summary line: games, verdicts, counts.
func (s *Summary) Line() string {
	out := fmt.Sprintf("%d %s: %d valid, %d with errors, %d %s", s.Games, plural(s.Games, "game", "games"), s.Valid, s.Invalid, s.Warnings, plural(s.Warnings, "warning", "warnings"))
	if s.Notes > 0 {
		out += fmt.Sprintf(", %d %s", s.Notes, plural(s.Notes, "note", "notes"))
	}
	switch {
	case s.Suppressed == 0:
	case s.Baselined == 0:
		out += fmt.Sprintf(", %d suppressed", s.Suppressed)
	case s.Baselined == s.Suppressed:
		out += fmt.Sprintf(", %d suppressed by the baseline", s.Suppressed)
	default:
		out += fmt.Sprintf(", %d suppressed in the records, %d by the baseline", s.Suppressed-s.Baselined, s.Baselined)
	}
	return out
}

// WriteStatistics writes the findings per code, like ruff --statistics.
func WriteStatistics(w io.Writer, sum *Summary) {
	for _, c := range sum.Codes() {
		var sevs []string
		for _, n := range []struct {
			name  string
			count int
		}{{"error", c.Errors}, {"warning", c.Warnings}, {"note", c.Notes}} {
			if n.count > 0 {
				sevs = append(sevs, n.name)
			}
		}
		doc, _ := codes.Find(c.Code)
		fmt.Fprintf(w, "%7d  %-22s %-13s %s\n", c.Total(), c.Code, strings.Join(sevs, "/"), doc.Summary)
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
