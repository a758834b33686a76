package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/input"
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

// Apply asks Resolve once for the inputs whose paths match the same
// globs (resolveKey): each input gets what Resolve gives it alone.
func TestApplySameAsResolveEach(t *testing.T) {
	dir := t.TempDir()
	yaml := "ignore: [leading-zero]\nvariations: error\nseverity: {result: note}\nvariants:\n  \"eng/**\": english\n  \"rus/*.pdn\": russian\ndefault-variant: brazilian\n" +
		"per-file:\n  \"old/*.pdn\": {extend-ignore: [result], variant: russian, severity: {illegal: warning}}\n" +
		"  \"**/1950-*\": {select: [illegal], variations: ignore}\n  \"eng/x/*\": {default-variant: pool}\n"
	if err := os.WriteFile(filepath.Join(dir, FileName), []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	var in []input.Source
	for _, p := range []string{"a.pdn", "b.pdn", "old/1.pdn", "old/1950-2.pdn", "old/sub/3.pdn", "eng/1.pdn", "eng/x/1950-4.pdn", "eng/x/5.pdn",
		"rus/6.pdn", "rus/1950-7.pdn", "rus/deep/8.pdn", "1950-9.pdn", "old/10.pdn"} {
		p = filepath.Join(dir, p)
		in = append(in, input.Source{Name: p, Path: p, NotDir: true})
	}
	for _, fl := range []Flags{{}, {Rules: true}, {Variations: "warn", VariationsSet: true}} {
		filter := NewFilter(Layer{Where: map[string]string{}}, false)
		cf, err := Apply(Nearest(nil), in, referee.Options{}, filter, fl)
		if err != nil {
			t.Fatal(err)
		}
		if len(cf.resolved) >= len(in) {
			t.Errorf("%+v: %d settings resolved for %d inputs: none shared", fl, len(cf.resolved), len(in))
		}
		fd := Nearest(nil)
		for i, f := range in {
			cfg, rel, err := fd.ForInput(f)
			if err != nil {
				t.Fatal(err)
			}
			one := newApplied(1)
			one.add(0, f, cfg, rel, referee.Options{}, filter, fl)
			s := Resolve(cfg, rel, filter, fl)
			if !reflect.DeepEqual(cf.Filters[f.Name], s.Filter) || !reflect.DeepEqual(cf.Opts[i], one.Opts[0]) || cf.ChosenBy[f.Name] != one.ChosenBy[f.Name] {
				t.Errorf("%+v, %s: Apply gave %+v %+v %q; Resolve alone %+v %+v %q", fl, rel, cf.Filters[f.Name], cf.Opts[i], cf.ChosenBy[f.Name], s.Filter, one.Opts[0], one.ChosenBy[f.Name])
			}
		}
	}
}

// The files of a folder, one after another, are answered from the last
// folder asked about (Finder.last) without cleaning their paths again:
// each answer is the one a Finder asked about that file alone gives,
// whatever the paths look like (relative, absolute, with . and ..,
// repeated slashes), and the next file of a folder costs no allocation.
func TestFinderNextFileOfFolder(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"cfg", "cfg/sub", "none", "none/deep"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "cfg", FileName), []byte("default-variant: russian\nvariants:\n  \"sub/*\": brazilian\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	paths := []string{
		"cfg/a.pdn", "cfg/b.pdn", "cfg/sub/c.pdn", "cfg/sub/d.pdn", "cfg/sub/../e.pdn", "cfg/sub/../f.pdn",
		"none/a.pdn", "none/b.pdn", "none/deep/../../cfg/g.pdn", "none/deep/../../cfg/h.pdn", "none/deep/i.pdn",
		"./cfg/j.pdn", "./cfg/k.pdn", "cfg//l.pdn", "cfg//m.pdn", "cfg/...", "cfg/..", "cfg/.", "cfg/", "x.pdn", "y.pdn",
		dir + "/cfg/sub/n.pdn", dir + "/cfg/sub/o.pdn", dir + "//none/p.pdn", dir + "//none/q.pdn", "/r.pdn", "/s.pdn", "//t.pdn",
		"../" + filepath.Base(dir) + "/cfg/u.pdn", "../" + filepath.Base(dir) + "/cfg/v.pdn", "cfg/w.pdn",
	}
	for _, member := range []string{"", "m/1.pdn"} {
		fd := Nearest(nil)
		for _, p := range paths {
			cfg, rel, err := fd.ForInput(input.Source{Name: p, Path: p, Member: member, NotDir: true})
			alone, arel, aerr := Nearest(nil).ForInput(input.Source{Name: p, Path: p, Member: member, NotDir: true})
			at, aloneAt := "", ""
			if cfg != nil {
				at = cfg.Dir
			}
			if alone != nil {
				aloneAt = alone.Dir
			}
			if at != aloneAt || rel != arel || (err == nil) != (aerr == nil) {
				t.Errorf("%s (member %q): config of %q, %q %v after the others; alone %q %q %v", p, member, at, rel, err, aloneAt, arel, aerr)
			}
		}
	}
	fd := Nearest(nil)
	in := []input.Source{{Name: "none/a.pdn", Path: "none/a.pdn", NotDir: true}, {Name: "none/b.pdn", Path: "none/b.pdn", NotDir: true}}
	fd.ForInput(in[0])
	if n := testing.AllocsPerRun(100, func() { fd.ForInput(in[1]) }); n != 0 {
		t.Errorf("the next file of a folder: %v allocations, want 0", n)
	}
}
