package main

import (
	"fmt"
	"path"
	"strings"
)

// Codes are chosen as ruff chooses its rules: by name (illegal), by group
// (MOVES: the codes' Family column in codes.go, in capitals so a group is
// never taken for the code of the same name: RESULT and result), by a
// pattern (tag-*), or ALL. The same words serve --select and --ignore,
// their extend- forms, the config file's keys and per-file entries, its
// severity table, and the records' suppression comments.

// allCodes is the selector of every code, those arbiter has yet to learn
// included.
const allCodes = "ALL"

// codeGroups are the group selectors, in the order of codes.go.
func codeGroups() []string {
	var out []string
	seen := map[string]bool{}
	for _, d := range codeDocs {
		if g := strings.ToUpper(d.Family); !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	return out
}

// codeSelection is a list of selectors as written and what they name.
type codeSelection struct {
	written []string
	all     bool
	codes   map[string]bool
}

// has says whether the selection names code; a nil selection names none.
func (s *codeSelection) has(code string) bool {
	return s != nil && (s.all || s.codes[code])
}

// String is the selectors as written, comma-separated.
func (s *codeSelection) String() string {
	if s == nil {
		return ""
	}
	return strings.Join(s.written, ",")
}

// union is s and o (either may be nil).
func (s *codeSelection) union(o *codeSelection) *codeSelection {
	switch {
	case s == nil:
		return o
	case o == nil:
		return s
	}
	u := &codeSelection{all: s.all || o.all, codes: map[string]bool{}}
	u.written = append(append(u.written, s.written...), o.written...)
	for c := range s.codes {
		u.codes[c] = true
	}
	for c := range o.codes {
		u.codes[c] = true
	}
	return u
}

// selectCodes reads selectors (each may hold several, comma-separated);
// an unknown one is an error with a suggestion, never a silent no-op.
// No selector at all gives nil.
func selectCodes(words []string) (*codeSelection, error) {
	var s *codeSelection
	for _, w := range words {
		for _, sel := range strings.Split(w, ",") {
			sel = strings.TrimSpace(sel)
			if sel == "" {
				continue
			}
			if s == nil {
				s = &codeSelection{codes: map[string]bool{}}
			}
			s.written = append(s.written, sel)
			if sel == allCodes {
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
		for _, d := range codeDocs {
			if ok, _ := path.Match(sel, d.Code); ok {
				out = append(out, d.Code)
			}
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("%q matches no code (see 'arbiter explain')", sel)
		}
	case sel == strings.ToUpper(sel) && strings.ToLower(sel) != sel:
		for _, d := range codeDocs {
			if strings.ToUpper(d.Family) == sel {
				out = append(out, d.Code)
			}
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("unknown group %q (%s, %s, or a code: see 'arbiter explain')", sel, strings.Join(codeGroups(), ", "), allCodes)
		}
	default:
		if _, ok := findCode(sel); !ok {
			return nil, fmt.Errorf("unknown code %q%s (see 'arbiter explain')", sel, suggestSelector(sel))
		}
		out = append(out, sel)
	}
	return out, nil
}

// suggestSelector: a code that is close, or the group a code's family
// word in lower case names (moves: MOVES).
func suggestSelector(typed string) string {
	for _, g := range codeGroups() {
		if strings.ToUpper(typed) == g {
			if _, ok := findCode(typed); !ok {
				return fmt.Sprintf(" (did you mean the group %s?)", g)
			}
		}
	}
	if strings.ToUpper(typed) == allCodes {
		return " (did you mean " + allCodes + "?)"
	}
	return suggestCode(typed)
}

// codeMatcher is referee.CodeMatcher for the records' suppression
// comments: the same selectors.
func codeMatcher(sel string) (func(string) bool, error) {
	s, err := selectCodes([]string{sel})
	if err != nil {
		return nil, err
	}
	return s.has, nil
}
