package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/variants"
)

// A mistake in a config file is an *Error at its line, never ignored;
// the format key is checked against the front-end's formats only.
func TestParseErrorsAtTheirLine(t *testing.T) {
	formats := []string{"text", "json"}
	for _, tc := range []struct {
		yaml    string
		formats []string
		line    int
		msg     string
	}{
		{"select: [illegal]\nignor: [result]\n", formats, 2, "unknown key ignor"},
		{"default-variant: internationl\n", formats, 1, "internationl"},
		{"select: [ilegal]\n", formats, 1, `unknown code "ilegal" (did you mean illegal?)`},
		{"variations: loud\n", formats, 1, `"loud" is not warn, error or ignore`},
		{"severity:\n  illegal: loud\n", formats, 2, `"loud" is not error, warning or note`},
		{"format: sarif\n", formats, 1, `format: unknown "sarif" (text, json)`},
		{"per-file:\n  \"a/**\": {variant: english, default-variant: english}\n", formats, 2, "not both"},
	} {
		_, err := Parse("c.yaml", []byte(tc.yaml), tc.formats)
		var e *Error
		if !errors.As(err, &e) || e.Line != tc.line || !strings.Contains(e.Msg, tc.msg) {
			t.Errorf("%q: %v, want line %d: ...%s", tc.yaml, err, tc.line, tc.msg)
		}
	}
	if _, err := Parse("c.yaml", []byte("format: sarif\n"), nil); err != nil {
		t.Errorf("a front-end without formats: %v", err)
	}
}

// The layers, in order: the config file, then each matching per-file
// entry, then the flags; a flag that chose the rules keeps the config's
// out of them.
func TestResolveLayers(t *testing.T) {
	dir := t.TempDir()
	yaml := "ignore: [leading-zero]\nvariations: error\ndefault-variant: english\nper-file:\n  \"old/*.pdn\": {extend-ignore: [result], variant: russian, severity: {illegal: warning}}\n"
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	fd := Nearest(nil)
	flags := Layer{Ignore: nil, Where: map[string]string{}}
	for _, tc := range []struct {
		path              string
		fl                Flags
		variant, def      string
		variations        string
		keeps, drops      []string
		illegalIsAWarning bool
	}{
		{path: "new.pdn", def: "english", variations: "error", keeps: []string{"result", "illegal"}, drops: []string{"leading-zero"}},
		{path: "old/1950.pdn", variant: "russian", variations: "error", keeps: []string{"illegal"}, drops: []string{"leading-zero", "result"}, illegalIsAWarning: true},
		{path: "old/1950.pdn", fl: Flags{Rules: true, Variations: "warn", VariationsSet: true}, variations: "warn", drops: []string{"result"}, illegalIsAWarning: true},
	} {
		cfg, rel, err := fd.ForPath(filepath.Join(dir, tc.path), "")
		if err != nil || cfg == nil {
			t.Fatalf("%s: %v %v", tc.path, cfg, err)
		}
		s := Resolve(cfg, rel, NewFilter(flags, false), tc.fl)
		if name(s.Variant) != tc.variant || name(s.Default) != tc.def || s.Variations != tc.variations {
			t.Errorf("%s %+v: variant %q, default %q, variations %q", tc.path, tc.fl, name(s.Variant), name(s.Default), s.Variations)
		}
		for _, c := range tc.keeps {
			if !s.Filter.Keeps(c) {
				t.Errorf("%s: %s not reported", tc.path, c)
			}
		}
		for _, c := range tc.drops {
			if s.Filter.Keeps(c) {
				t.Errorf("%s: %s reported", tc.path, c)
			}
		}
		rep := &referee.Report{Diagnostics: []referee.Diagnostic{{Diagnostic: notation.Diagnostic{Severity: notation.Error, Code: "illegal"}}}}
		_, demoted := s.Filter.Apply(rep)
		if got := demoted == 1 && rep.Diagnostics[0].Severity == notation.Warning; got != tc.illegalIsAWarning {
			t.Errorf("%s: illegal made a warning: %v", tc.path, got)
		}
	}
}

func name(v *variants.Variant) string {
	if v == nil {
		return ""
	}
	return v.Name
}
