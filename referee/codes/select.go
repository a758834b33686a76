package codes

import (
	"fmt"
	"path"
	"strings"

	"github.com/xrash/smetrics"
)

// Codes are chosen as ruff chooses its rules: by name (illegal), by group
// (MOVES: the codes' Family column in codes.go, in capitals so a group is
// never taken for the code of the same name: RESULT and result), by a
// pattern (tag-*), or ALL. The same words serve --select and --ignore,
// their extend- forms, the config file's keys and per-file entries, its
// severity table, and the records' suppression comments.

// All is the selector of every code, those arbiter has yet to learn
// included.
const All = "ALL"

// Groups are the group selectors, in the order of codes.go.
func Groups() []string {
	var out []string
	seen := map[string]bool{}
	for _, d := range docs {
		if g := strings.ToUpper(d.Family); !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	return out
}

// Selection is a list of selectors as written and what they name.
type Selection struct {
	written []string
	all     bool
	codes   map[string]bool
}

// Has says whether the selection names code; a nil selection names none.
func (s *Selection) Has(code string) bool {
	return s != nil && (s.all || s.codes[code])
}

// String is the selectors as written, comma-separated.
func (s *Selection) String() string {
	if s == nil {
		return ""
	}
	return strings.Join(s.written, ",")
}

// Union is s and o (either may be nil).
func (s *Selection) Union(o *Selection) *Selection {
	switch {
	case s == nil:
		return o
	case o == nil:
		return s
	}
	u := &Selection{all: s.all || o.all, codes: map[string]bool{}}
	u.written = append(append(u.written, s.written...), o.written...)
	for c := range s.codes {
		u.codes[c] = true
	}
	for c := range o.codes {
		u.codes[c] = true
	}
	return u
}

// None is the selection that names no code: what an empty list ([])
// selects or ignores.
func None() *Selection { return &Selection{codes: map[string]bool{}} }

// Select reads selectors (each may hold several, comma-separated);
// an unknown one is an error with a suggestion, never a silent no-op.
// No selector at all gives nil.
func Select(words []string) (*Selection, error) {
	var s *Selection
	for _, w := range words {
		for _, sel := range strings.Split(w, ",") {
			sel = strings.TrimSpace(sel)
			if sel == "" {
				continue
			}
			if s == nil {
				s = None()
			}
			s.written = append(s.written, sel)
			if sel == All {
				s.all = true
				continue
			}
			codes, err := codesOf(sel)
			if err != nil {
				return nil, err
			}
			for _, c := range codes {
				s.codes[c] = true
			}
		}
	}
	return s, nil
}

// codesOf lists the codes one selector other than ALL names.
func codesOf(sel string) ([]string, error) {
	var out []string
	switch {
	case strings.ContainsAny(sel, "*?["):
		if _, err := path.Match(sel, ""); err != nil {
			return nil, fmt.Errorf("%q is not a pattern (%v)", sel, err)
		}
		for _, d := range docs {
			if ok, _ := path.Match(sel, d.Code); ok {
				out = append(out, d.Code)
			}
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("%q matches no code (see 'arbiter explain')", sel)
		}
	case sel == strings.ToUpper(sel) && strings.ToLower(sel) != sel:
		for _, d := range docs {
			if strings.ToUpper(d.Family) == sel {
				out = append(out, d.Code)
			}
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("unknown group %q (%s, %s, or a code: see 'arbiter explain')", sel, strings.Join(Groups(), ", "), All)
		}
	default:
		if _, ok := Find(sel); !ok {
			return nil, fmt.Errorf("unknown code %q%s (see 'arbiter explain')", sel, suggestSelector(sel))
		}
		out = append(out, sel)
	}
	return out, nil
}

// suggestSelector: a code that is close, or the group a code's family
// word in lower case names (moves: MOVES).
func suggestSelector(typed string) string {
	for _, g := range Groups() {
		if strings.ToUpper(typed) == g {
			if _, ok := Find(typed); !ok {
				return fmt.Sprintf(" (did you mean the group %s?)", g)
			}
		}
	}
	if strings.ToUpper(typed) == All {
		return " (did you mean " + All + "?)"
	}
	return Suggest(typed)
}

// Matcher is referee.CodeMatcher for the records' suppression
// comments: the same selectors.
func Matcher(sel string) (func(string) bool, error) {
	s, err := Select([]string{sel})
	if err != nil {
		return nil, err
	}
	return s.Has, nil
}

// Suggest is " (did you mean illegal?)" for a mistyped code, or "" when
// no code is close: the Jaro-Winkler similarity urfave/cli's own
// suggestions use (xrash/smetrics), 0.8 at least, the first of equals.
func Suggest(typed string) string {
	best, score := "", 0.0
	for _, d := range docs {
		if s := smetrics.JaroWinkler(typed, d.Code, 0.7, 4); s > score {
			best, score = d.Code, s
		}
	}
	if score < 0.8 {
		return ""
	}
	return fmt.Sprintf(" (did you mean %s?)", best)
}
