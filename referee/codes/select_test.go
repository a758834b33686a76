package codes

import (
	"strings"
	"testing"
)

// Codes chosen as ruff chooses rules: by name, group (the Family column
// of codes.go, in capitals), pattern and ALL; an unknown one is an error
// with a suggestion.
func TestCodeSelectors(t *testing.T) {
	for _, tc := range []struct {
		words []string
		has   []string
		not   []string
		err   string
	}{
		{words: []string{"illegal"}, has: []string{"illegal"}, not: []string{"ambiguous"}},
		{words: []string{"MOVES"}, has: []string{"illegal", "ambiguous", "after-end"}, not: []string{"result", "leading-zero"}},
		{words: []string{"RESULT"}, has: []string{"result", "result-tag", "result-mismatch"}, not: []string{"illegal"}},
		{words: []string{"result"}, has: []string{"result"}, not: []string{"result-tag"}},
		{words: []string{"tag-*"}, has: []string{"tag-name", "tag-name-case", "tag-junk", "tag-after-moves"}, not: []string{"unquoted-tag-value", "illegal"}},
		{words: []string{"ALL"}, has: []string{"illegal", "leading-zero", "a-code-of-tomorrow"}},
		{words: []string{"illegal, READING", "result"}, has: []string{"illegal", "leading-zero", "result"}, not: []string{"ambiguous"}},
		{words: []string{"ilegal"}, err: `unknown code "ilegal" (did you mean illegal?)`},
		{words: []string{"moves"}, err: `unknown code "moves" (did you mean the group MOVES?)`},
		{words: []string{"all"}, err: `unknown code "all" (did you mean ALL?)`},
		{words: []string{"CLOCKS"}, err: `unknown group "CLOCKS" (READING, RULES, MOVES, RESULT, ALL, or a code`},
		{words: []string{"zz-*"}, err: `"zz-*" matches no code`},
		{words: []string{"tag-["}, err: `"tag-[" is not a pattern`},
	} {
		s, err := Select(tc.words)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.words, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.words, err)
			continue
		}
		for _, c := range tc.has {
			if !s.Has(c) {
				t.Errorf("%q does not name %s", tc.words, c)
			}
		}
		for _, c := range tc.not {
			if s.Has(c) {
				t.Errorf("%q names %s", tc.words, c)
			}
		}
	}
}
