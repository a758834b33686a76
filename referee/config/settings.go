package config

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"arbiter/referee"
	"arbiter/referee/codes"
	"arbiter/variants"
)

// A run's settings come from three places: the flags typed, the
// .arbiter.yaml that applies to each input (or --config's), and the
// defaults. A config two folders up can turn an illegal game into a valid
// one (ignore: [illegal]), so which file applied is never a secret:
// --show-settings PATH says where each setting of a path comes from, -v
// names the config files that applied, the JSON report names each game's
// and the SARIF log lists them, and a config's select or ignore that hid
// an error is said on standard error.

// Flags are what the user typed (the command line's flags, a front-end's
// own settings): they win over every config file.
type Flags struct {
	// Rules: the rules were chosen (--variant, --variant-file or
	// --default-variant given); then no config file chooses them.
	Rules bool
	// Variant, VariantFile and DefaultVariant are those flags as given
	// ("" when not), for saying where the rules come from.
	Variant, VariantFile, DefaultVariant string
	DefaultVariantSet                    bool
	// Variations is the policy for what is wrong inside a variation (the
	// flag's default when not given); VariationsSet: it was given.
	Variations    string
	VariationsSet bool
	// Format is the output format (the flag's default when not given);
	// FormatSet: it was given.
	Format    string
	FormatSet bool
	// Baseline is the baseline file read, "" for none.
	Baseline string
}

// Settings are the settings of one input that come from its config
// file and the per-file entries that match it, under the user's, with
// where each comes from: Apply applies them and Explain says them, so the
// two never disagree.
type Settings struct {
	File    *File
	Rel     string // the input's path from File's folder, as its globs see it
	perFile []*perFileEntry
	// Variant (every record) or Default (records without tags), when a
	// config chooses the rules; RulesFrom says where, ChosenBy too for a
	// message about the rules ("/abs/.arbiter.yaml:3: variants "a/**": english").
	Variant, Default    *variants.Variant
	RulesFrom, ChosenBy string
	Variations          string
	VariationsFrom      string // "" when no config sets it
	Filter              *Filter
}

// Resolve layers the settings of an input whose config is cfg (nil: none)
// and whose path from cfg's folder is rel: its config's, then each
// per-file entry that matches it in the order written, then the user's
// (base: the filter of the flags alone, NewFilter).
func Resolve(cfg *File, rel string, base *Filter, fl Flags) *Settings {
	s := &Settings{File: cfg, Rel: rel}
	f := &Filter{quiet: base.quiet, flags: base, flagCodes: base.flagCodes}
	if cfg == nil {
		*f = *base
		s.Filter = f
		return s
	}
	s.perFile = cfg.perFileFor(rel)
	f.layer(cfg.codes)
	f.severity = append(f.severity, cfg.severity...)
	if cfg.variations != "" {
		s.Variations, s.VariationsFrom = cfg.variations, fmt.Sprintf("%s:%d", DisplayPath(cfg.Path), cfg.Lines["variations"])
	}
	if !fl.Rules {
		if v, line, key := cfg.variantFor(rel); v != nil {
			sep := " "
			if key != "default-variant" {
				sep = ": "
			}
			s.Default, s.RulesFrom = v, fmt.Sprintf("%s:%d (%s)", DisplayPath(cfg.Path), line, key)
			s.ChosenBy = fmt.Sprintf("%s:%d: %s%s%s", cfg.Path, line, key, sep, v.Name)
		}
	}
	for _, e := range s.perFile {
		f.layer(e.codes)
		f.severity = append(f.severity, e.severity...)
		if e.variations != "" {
			s.Variations, s.VariationsFrom = e.variations, fmt.Sprintf("%s:%d (per-file %q)", DisplayPath(cfg.Path), e.lines["variations"], e.glob)
		}
		if fl.Rules {
			continue
		}
		for _, r := range []struct {
			key string
			v   *variants.Variant
		}{{"variant", e.variant}, {"default-variant", e.defaultVariant}} {
			if r.v == nil {
				continue
			}
			s.Variant, s.Default = nil, nil
			if r.key == "variant" {
				s.Variant = r.v
			} else {
				s.Default = r.v
			}
			s.RulesFrom = fmt.Sprintf("%s:%d (per-file %q)", DisplayPath(cfg.Path), e.lines[r.key], e.glob)
			s.ChosenBy = fmt.Sprintf("%s:%d: per-file %q %s %s", cfg.Path, e.lines[r.key], e.glob, r.key, r.v.Name)
		}
	}
	f.layer(base.flagCodes)
	if fl.VariationsSet {
		s.Variations = fl.Variations
	}
	f.variations = cmp.Or(s.Variations, fl.Variations)
	var why, sevWhy []string
	for _, r := range f.selFrom {
		if !strings.HasPrefix(r.where, "--") {
			verb := " selects only "
			if r.extend {
				verb = " also selects "
			}
			why = append(why, r.where+verb+r.codes.String())
		}
	}
	for _, r := range f.ignFrom {
		if !strings.HasPrefix(r.where, "--") {
			why = append(why, r.where+" ignores "+r.codes.String())
		}
	}
	for _, r := range f.severity {
		sevWhy = append(sevWhy, fmt.Sprintf("%s severity %s: %s", r.where, r.codes, r.sev))
	}
	f.why, f.sevWhy = strings.Join(why, ", "), strings.Join(sevWhy, ", ")
	s.Filter = f
	return s
}

// Setting is one effective setting: its value and where it comes from.
type Setting struct {
	Name, Value, From string
}

// Explain lists the settings check applies to the file at path, as Apply
// and the check choose them, with where each comes from (ruff's
// --show-settings).
func Explain(fd *Finder, path string, filter *Filter, fl Flags) ([]Setting, error) {
	cfg, rel, err := fd.ForPath(path, "")
	if err != nil {
		return nil, err
	}
	flag := func(name string) string { return "--" + name + " (command line)" }
	var out []Setting

	switch {
	case fd.isolated:
		out = append(out, Setting{"config", "none", "--isolated (command line)"})
	case fd.fixed != nil:
		out = append(out, Setting{"config", DisplayPath(fd.fixed.Path), "--config (command line)"})
	case cfg != nil:
		out = append(out, Setting{"config", DisplayPath(cfg.Path), "the nearest " + FileName + " (the file's folder, then each folder above)"})
	default:
		out = append(out, Setting{"config", "none", "no " + FileName + " in the file's folder or any folder above"})
	}

	format := Setting{"format", fl.Format, "default"}
	if fl.FormatSet {
		format.From = flag("format")
	} else if wd, err := fd.ForDir(mustAbs(".")); err == nil && wd != nil && wd.Format != "" {
		// The output is one stream: its format is the working directory's.
		format = Setting{"format", wd.Format, fmt.Sprintf("%s:%d (the working directory's config)", DisplayPath(wd.Path), wd.Lines["format"])}
	}
	out = append(out, format)

	variant := Setting{"variant", "none", "default: each record's Variant or GameType tag, else its squares and moves"}
	for _, r := range []struct{ name, value string }{{"variant", fl.Variant}, {"variant-file", fl.VariantFile}} {
		if r.value != "" {
			variant = Setting{"variant", r.value, flag(r.name)}
		}
	}

	is := Resolve(cfg, rel, filter, fl)
	def := Setting{"default-variant", "none", "default"}
	switch {
	case fl.DefaultVariantSet:
		def = Setting{"default-variant", fl.DefaultVariant, flag("default-variant")}
	case variant.Value != "none":
		def.From = "not used: --variant chooses for every record"
	case is.Variant != nil:
		variant = Setting{"variant", is.Variant.Name, is.RulesFrom}
		def.From = "not used: the per-file variant chooses for every record"
	case is.Default != nil:
		def = Setting{"default-variant", is.Default.Name, is.RulesFrom}
	}
	out = append(out, variant, def)

	if len(is.perFile) > 0 {
		var globs, lines []string
		for _, e := range is.perFile {
			globs = append(globs, fmt.Sprintf("%q", e.glob))
			lines = append(lines, fmt.Sprintf("%s:%d", DisplayPath(cfg.Path), e.line))
		}
		out = append(out, Setting{"per-file", strings.Join(globs, ", "), strings.Join(lines, ", ")})
	} else if cfg != nil && len(cfg.perFile) > 0 {
		out = append(out, Setting{"per-file", "none", fmt.Sprintf("no glob of %s:%d matches %s", DisplayPath(cfg.Path), cfg.Lines["per-file"], rel)})
	}

	f := is.Filter
	for _, key := range []string{"select", "ignore"} {
		sel, refs := f.selected, f.selFrom
		s := Setting{key, "every code", "default"}
		if key == "ignore" {
			sel, refs, s.Value = f.ignored, f.ignFrom, "none"
		}
		if len(refs) > 0 {
			var from []string
			for _, r := range refs {
				from = append(from, r.where)
			}
			s.Value, s.From = sel.String(), strings.Join(from, ", ")
			if s.Value == "" {
				s.Value = "no code"
				if key == "ignore" {
					s.Value = "none"
				}
			}
		}
		out = append(out, s)
	}
	if len(f.severity) == 0 {
		out = append(out, Setting{"severity", "each code's own", "default"})
	}
	for _, r := range f.severity {
		out = append(out, Setting{"severity", fmt.Sprintf("%s: %s", r.codes, r.sev), r.where})
	}

	variations := Setting{"variations", referee.VariationsWarn, "default"}
	switch {
	case fl.VariationsSet:
		variations = Setting{"variations", fl.Variations, flag("variations")}
	case is.VariationsFrom != "":
		variations = Setting{"variations", is.Variations, is.VariationsFrom}
	}
	out = append(out, variations)

	baseline := Setting{"baseline", "none", "default: every finding counts"}
	if b := fl.Baseline; b != "" {
		baseline = Setting{"baseline", b, flag("baseline")}
	}
	return append(out, baseline), nil
}

// DisplayPath writes a path as the report writes files: relative to the
// working directory when it can, so that reports are the same on every
// machine that checks out the same repository.
func DisplayPath(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	rel, err := filepath.Rel(wd, abs)
	if err != nil {
		return abs
	}
	return rel
}

// Summary lists what a config file sets, for -v: "ignore illegal,
// variants english/**: english".
func (cfg *File) Summary() string {
	var parts []string
	if cfg.defaultVariant != nil {
		parts = append(parts, "default-variant "+cfg.defaultVariant.Name)
	}
	for _, g := range cfg.globs {
		parts = append(parts, fmt.Sprintf("variants %q: %s", g.glob, g.variant.Name))
	}
	for _, k := range []struct {
		key string
		sel *codes.Selection
	}{{"select", cfg.codes.Select}, {"ignore", cfg.codes.Ignore}, {"extend-select", cfg.codes.ExtendSelect}, {"extend-ignore", cfg.codes.ExtendIgnore}} {
		if k.sel != nil {
			parts = append(parts, k.key+" "+k.sel.String())
		}
	}
	for _, r := range cfg.severity {
		parts = append(parts, fmt.Sprintf("severity %s: %s", r.codes, r.sev))
	}
	if cfg.variations != "" {
		parts = append(parts, "variations "+cfg.variations)
	}
	if cfg.Format != "" {
		parts = append(parts, "format "+cfg.Format)
	}
	for _, e := range cfg.perFile {
		parts = append(parts, fmt.Sprintf("per-file %q", e.glob))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, "; ")
}

func mustAbs(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return abs
}
