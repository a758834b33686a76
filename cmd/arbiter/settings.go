package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"arbiter/notation/input"
	"arbiter/notation/safefile"
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

// inputSettings are the settings of one input that come from its config
// file and the per-file entries that match it, under the command line's,
// with where each comes from: applyConfigs applies them and
// --show-settings prints them, so the two never disagree.
type inputSettings struct {
	cfg     *config
	rel     string
	perFile []*perFileEntry
	// variant (every record) or def (records without tags), when a
	// config chooses the rules; rulesFrom says where, chosenBy too for a
	// message about the rules ("/abs/.arbiter.yaml:3: variants "a/**": english").
	variant, def        *variants.Variant
	rulesFrom, chosenBy string
	variations          string
	variationsFrom      string // "" when no config sets it
	filter              *findingFilter
}

// resolveInput layers the settings of an input: its config's, then each
// per-file entry that matches it in the order written, then the command
// line's (base: the filter of the flags alone).
func resolveInput(c *cli.Context, cfg *config, rel string, base *findingFilter) *inputSettings {
	s := &inputSettings{cfg: cfg, rel: rel}
	f := &findingFilter{quiet: base.quiet, flags: base, flagCodes: base.flagCodes}
	if cfg == nil {
		*f = *base
		s.filter = f
		return s
	}
	s.perFile = cfg.perFileFor(rel)
	f.layer(cfg.codes)
	f.severity = append(f.severity, cfg.severity...)
	if cfg.variations != "" {
		s.variations, s.variationsFrom = cfg.variations, fmt.Sprintf("%s:%d", displayPath(cfg.file), cfg.lines["variations"])
	}
	if !c.IsSet("variant") && !c.IsSet("variant-file") && !c.IsSet("default-variant") {
		if v, line, key := cfg.variantFor(rel); v != nil {
			sep := " "
			if key != "default-variant" {
				sep = ": "
			}
			s.def, s.rulesFrom = v, fmt.Sprintf("%s:%d (%s)", displayPath(cfg.file), line, key)
			s.chosenBy = fmt.Sprintf("%s:%d: %s%s%s", cfg.file, line, key, sep, v.Name)
		}
	}
	for _, e := range s.perFile {
		f.layer(e.codes)
		f.severity = append(f.severity, e.severity...)
		if e.variations != "" {
			s.variations, s.variationsFrom = e.variations, fmt.Sprintf("%s:%d (per-file %q)", displayPath(cfg.file), e.lines["variations"], e.glob)
		}
		if c.IsSet("variant") || c.IsSet("variant-file") || c.IsSet("default-variant") {
			continue
		}
		for _, r := range []struct {
			key string
			v   *variants.Variant
		}{{"variant", e.variant}, {"default-variant", e.defaultVariant}} {
			if r.v == nil {
				continue
			}
			s.variant, s.def = nil, nil
			if r.key == "variant" {
				s.variant = r.v
			} else {
				s.def = r.v
			}
			s.rulesFrom = fmt.Sprintf("%s:%d (per-file %q)", displayPath(cfg.file), e.lines[r.key], e.glob)
			s.chosenBy = fmt.Sprintf("%s:%d: per-file %q %s %s", cfg.file, e.lines[r.key], e.glob, r.key, r.v.Name)
		}
	}
	f.layer(base.flagCodes)
	if c.IsSet("variations") {
		s.variations = c.String("variations")
	}
	f.variations = firstNonEmpty(s.variations, c.String("variations"))
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
	s.filter = f
	return s
}

// setting is one effective setting: its value and where it comes from.
type setting struct {
	name, value, from string
}

// settingsFor are the settings check applies to an input, as applyConfigs
// and runCheck choose them.
func settingsFor(c *cli.Context, cfgs *configs, in input.Source, filter *findingFilter) ([]setting, error) {
	cfg, rel, err := cfgs.forInput(in)
	if err != nil {
		return nil, usageError("%v", err)
	}
	flag := func(name string) string { return "--" + name + " (command line)" }
	var out []setting

	switch {
	case cfgs.isolated:
		out = append(out, setting{"config", "none", "--isolated (command line)"})
	case cfgs.fixed != nil:
		out = append(out, setting{"config", displayPath(cfgs.fixed.file), "--config (command line)"})
	case cfg != nil:
		out = append(out, setting{"config", displayPath(cfg.file), "the nearest " + configName + " (the file's folder, then each folder above)"})
	default:
		out = append(out, setting{"config", "none", "no " + configName + " in the file's folder or any folder above"})
	}

	format := setting{"format", c.String("format"), "default"}
	if c.IsSet("format") {
		format.from = flag("format")
	} else if wd, err := cfgs.forDir(mustAbs(".")); err == nil && wd != nil && wd.format != "" {
		// The output is one stream: its format is the working directory's.
		format = setting{"format", wd.format, fmt.Sprintf("%s:%d (the working directory's config)", displayPath(wd.file), wd.lines["format"])}
	}
	out = append(out, format)

	variant := setting{"variant", "none", "default: each record's Variant or GameType tag, else its squares and moves"}
	for _, name := range []string{"variant", "variant-file"} {
		if c.String(name) != "" {
			variant = setting{"variant", c.String(name), flag(name)}
		}
	}

	is := resolveInput(c, cfg, rel, filter)
	def := setting{"default-variant", "none", "default"}
	switch {
	case c.IsSet("default-variant"):
		def = setting{"default-variant", c.String("default-variant"), flag("default-variant")}
	case variant.value != "none":
		def.from = "not used: --variant chooses for every record"
	case is.variant != nil:
		variant = setting{"variant", is.variant.Name, is.rulesFrom}
		def.from = "not used: the per-file variant chooses for every record"
	case is.def != nil:
		def = setting{"default-variant", is.def.Name, is.rulesFrom}
	}
	out = append(out, variant, def)

	if len(is.perFile) > 0 {
		var globs, lines []string
		for _, e := range is.perFile {
			globs = append(globs, fmt.Sprintf("%q", e.glob))
			lines = append(lines, fmt.Sprintf("%s:%d", displayPath(cfg.file), e.line))
		}
		out = append(out, setting{"per-file", strings.Join(globs, ", "), strings.Join(lines, ", ")})
	} else if cfg != nil && len(cfg.perFile) > 0 {
		out = append(out, setting{"per-file", "none", fmt.Sprintf("no glob of %s:%d matches %s", displayPath(cfg.file), cfg.lines["per-file"], rel)})
	}

	f := is.filter
	for _, key := range []string{"select", "ignore"} {
		sel, refs := f.selected, f.selFrom
		s := setting{key, "every code", "default"}
		if key == "ignore" {
			sel, refs, s.value = f.ignored, f.ignFrom, "none"
		}
		if len(refs) > 0 {
			var from []string
			for _, r := range refs {
				from = append(from, r.where)
			}
			s.value, s.from = sel.String(), strings.Join(from, ", ")
			if s.value == "" {
				s.value = "no code"
				if key == "ignore" {
					s.value = "none"
				}
			}
		}
		out = append(out, s)
	}
	if len(f.severity) == 0 {
		out = append(out, setting{"severity", "each code's own", "default"})
	}
	for _, r := range f.severity {
		out = append(out, setting{"severity", fmt.Sprintf("%s: %s", r.codes, r.sev), r.where})
	}

	variations := setting{"variations", referee.VariationsWarn, "default"}
	switch {
	case c.IsSet("variations"):
		variations = setting{"variations", c.String("variations"), flag("variations")}
	case is.variationsFrom != "":
		variations = setting{"variations", is.variations, is.variationsFrom}
	}
	out = append(out, variations)

	baseline := setting{"baseline", "none", "default: every finding counts"}
	if b := c.String("baseline"); b != "" {
		baseline = setting{"baseline", b, flag("baseline")}
	}
	return append(out, baseline), nil
}

// showSettings prints the settings of a path and where each comes from
// (ruff's --show-settings).
func showSettings(c *cli.Context, cfgs *configs, path string, filter *findingFilter) error {
	if _, err := os.Stat(path); err != nil {
		return usageError("--show-settings %s: %v", path, safefile.UnwrapPath(err))
	}
	settings, err := settingsFor(c, cfgs, input.Source{Name: path, Path: path}, filter)
	if err != nil {
		return err
	}
	w := c.App.Writer
	fmt.Fprintf(w, "arbiter check settings for %s:\n", path)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, s := range settings {
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", s.name, s.value, s.from)
	}
	return tw.Flush()
}

// displayPath writes a path as the report writes files: relative to the
// working directory when it can, so that reports are the same on every
// machine that checks out the same repository.
func displayPath(p string) string {
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

// summary lists what a config file sets, for -v: "ignore illegal,
// variants english/**: english".
func (cfg *config) summary() string {
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
	}{{"select", cfg.codes.sel}, {"ignore", cfg.codes.ign}, {"extend-select", cfg.codes.extSel}, {"extend-ignore", cfg.codes.extIgn}} {
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
	if cfg.format != "" {
		parts = append(parts, "format "+cfg.format)
	}
	for _, e := range cfg.perFile {
		parts = append(parts, fmt.Sprintf("per-file %q", e.glob))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, "; ")
}

// sayConfigs writes, for -v, the config files that applied and to how
// many inputs, in the order of the inputs (nothing when none did).
func sayConfigs(w io.Writer, cfgs *configs, in []input.Source, cfgOf map[string]*config) {
	if cfgs.isolated {
		fmt.Fprintln(w, "arbiter: --isolated: no config file read")
		return
	}
	var order []*config
	count := map[*config]int{}
	for _, f := range in {
		cfg := cfgOf[f.Name]
		if cfg == nil {
			continue
		}
		if count[cfg] == 0 {
			order = append(order, cfg)
		}
		count[cfg]++
	}
	for _, cfg := range order {
		fmt.Fprintf(w, "arbiter: settings from %s for %d %s of %d: %s\n", displayPath(cfg.file), count[cfg], plural(count[cfg], "input", "inputs"), len(in), cfg.summary())
	}
}

// reasons counts errors by why they were not reported as errors, in the
// order the reasons were met.
type reasons struct {
	order []string
	count map[string]int
}

func (r *reasons) add(why string, n int) {
	if n == 0 {
		return
	}
	if r.count == nil {
		r.count = map[string]int{}
	}
	if r.count[why] == 0 {
		r.order = append(r.order, why)
	}
	r.count[why] += n
}

// sayHidden writes, after the report, how many errors a config file's
// select or ignore kept out of it, and how many its severity table made
// warnings or notes: a game they make valid is not valid by its moves
// alone, and the person reading a green run must know.
func sayHidden(w io.Writer, hidden, demoted *reasons) {
	const see = "(--show-settings FILE says what applies to a file; --isolated reads no config)"
	for _, why := range hidden.order {
		n := hidden.count[why]
		fmt.Fprintf(w, "arbiter: %d %s not reported: %s %s\n", n, plural(n, "error", "errors"), why, see)
	}
	for _, why := range demoted.order {
		n := demoted.count[why]
		fmt.Fprintf(w, "arbiter: %d %s reported as %s: %s %s\n", n, plural(n, "error", "errors"), plural(n, "a warning or a note", "warnings or notes"), why, see)
	}
}

// configNames names the config file that applied to each input, by input
// name, and the config files that applied, in the order of the inputs
// (none: []), as the reports name them (relative to the working
// directory).
func configNames(in []input.Source, cfgOf map[string]*config) (byInput map[string]string, files []string) {
	byInput, files = map[string]string{}, []string{}
	seen := map[*config]bool{}
	for _, f := range in {
		cfg := cfgOf[f.Name]
		if cfg == nil {
			continue
		}
		byInput[f.Name] = displayPath(cfg.file)
		if !seen[cfg] {
			seen[cfg] = true
			files = append(files, displayPath(cfg.file))
		}
	}
	return byInput, files
}
