package config

import (
	"arbiter/notation/input"
	"arbiter/referee"
	"strings"
	"testing"
)

// A file's keys make a form's fields and the fields make the same file
// again; a mistake is said at its field.
func TestFieldsRoundTrip(t *testing.T) {
	file := `default-variant: international
variants:
  "english/**": english
select: [MOVES, result]
extend-ignore: [leading-zero]
severity: {result-mismatch: error, tag-*: note}
variations: error
per-file:
  "archive/1950-*.pdn": {ignore: [result], variant: english}
format: github
`
	fields, unused, err := Fields([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"default-variant": "international",
		"variants":        `"english/**": english`,
		"select":          "MOVES, result",
		"extend-ignore":   "leading-zero",
		"severity":        "result-mismatch: error\ntag-*: note",
		"variations":      "error",
		"per-file":        `"archive/1950-*.pdn": {ignore: [result], variant: english}`,
	}
	for k, v := range want {
		if fields[k] != v {
			t.Errorf("field %s: %q, want %q", k, fields[k], v)
		}
	}
	if len(unused) != 1 || unused[0] != "format" {
		t.Errorf("unused %v", unused)
	}
	cfg, errs := FromFields("the form", fields)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	orig, err := Parse("x", []byte(file), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := cfg.Summary(), strings.Replace(orig.Summary(), "; format github", "", 1); got != want {
		t.Errorf("from the fields: %s\nthe file: %s", got, want)
	}
	_, errs = FromFields("the form", map[string]string{"select": "ilegal", "severity": "illegal: loud", "variants": "a/**: english\nnot a pair", "variations": "sometimes"})
	for key, msg := range map[string]string{
		"select":     `unknown code "ilegal" (did you mean illegal?)`,
		"severity":   `illegal: "loud" is not error, warning or note`,
		"variants":   "line 2: one entry a line is needed",
		"variations": `"sometimes" is not warn, error or ignore`,
	} {
		if !strings.Contains(errs[key], msg) {
			t.Errorf("field %s: %q, want %q", key, errs[key], msg)
		}
	}
}

// Given: one config for every input, its globs matched against the
// inputs' names (a zip member's as archive/member).
func TestGiven(t *testing.T) {
	cfg, errs := FromFields("the form", map[string]string{"per-file": `"games.zip/1950/*": {extend-ignore: [result]}`, "ignore": "leading-zero"})
	if errs != nil {
		t.Fatal(errs)
	}
	in := []input.Source{{Name: "a.pdn"}, {Name: "games.zip:1950/b.pdn", Member: "1950/b.pdn"}}
	cf := Given(cfg, in, referee.Options{}, NewFilter(Layer{}, false), Flags{})
	for _, tc := range []struct {
		name   string
		result bool
	}{{"a.pdn", true}, {"games.zip:1950/b.pdn", false}} {
		f := cf.Filters[tc.name]
		if f == nil || f.Keeps("leading-zero") || f.Keeps("result") != tc.result {
			t.Errorf("%s: filter %v", tc.name, f)
		}
	}
}
