package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"arbiter/referee"
)

// A run's settings come from three places: the flags typed, the
// .arbiter.yaml that applies to each input (or --config's), and the
// defaults. A config two folders up can turn an illegal game into a valid
// one (ignore: [illegal]), so which file applied is never a secret:
// --show-settings PATH says where each setting of a path comes from, -v
// names the config files that applied, the JSON report names each game's
// and the SARIF log lists them, and a config's select or ignore that hid
// an error is said on standard error.

// setting is one effective setting: its value and where it comes from.
type setting struct {
	name, value, from string
}

// settingsFor are the settings check applies to an input, as applyConfigs
// and runCheck choose them.
func settingsFor(c *cli.Context, cfgs *configs, in input) ([]setting, error) {
	cfg, rel, err := cfgs.forInput(in)
	if err != nil {
		return nil, usageError("%v", err)
	}
	from := func(key string) string {
		return fmt.Sprintf("%s:%d", displayPath(cfg.file), cfg.lines[key])
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
	out = append(out, variant)

	def := setting{"default-variant", "none", "default"}
	switch {
	case c.IsSet("default-variant"):
		def = setting{"default-variant", c.String("default-variant"), flag("default-variant")}
	case variant.value != "none":
		def.from = "not used: --variant chooses for every record"
	case cfg != nil:
		if v, line, key := cfg.variantFor(rel); v != nil {
			def = setting{"default-variant", v.Name, fmt.Sprintf("%s:%d (%s)", displayPath(cfg.file), line, key)}
		}
	}
	out = append(out, def)

	for _, key := range []string{"select", "ignore"} {
		s := setting{key, "none", "default"}
		if key == "select" {
			s.value = "every code"
		}
		var set map[string]bool
		if cfg != nil {
			set = cfg.selected
			if key == "ignore" {
				set = cfg.ignored
			}
		}
		switch {
		case c.IsSet(key):
			s = setting{key, c.String(key), flag(key)}
		case set != nil:
			s = setting{key, strings.Join(sortedKeys(set), ","), from(key)}
		}
		out = append(out, s)
	}

	variations := setting{"variations", referee.VariationsWarn, "default"}
	switch {
	case c.IsSet("variations"):
		variations = setting{"variations", c.String("variations"), flag("variations")}
	case cfg != nil && cfg.variations != "":
		variations = setting{"variations", cfg.variations, from("variations")}
	}
	return append(out, variations), nil
}

func sortedKeys(set map[string]bool) []string {
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// showSettings prints the settings of a path and where each comes from
// (ruff's --show-settings).
func showSettings(c *cli.Context, cfgs *configs, path string) error {
	if _, err := os.Stat(path); err != nil {
		return usageError("--show-settings %s: %v", path, unwrapPath(err))
	}
	settings, err := settingsFor(c, cfgs, input{name: path, path: path})
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
	if cfg.selected != nil {
		parts = append(parts, "select "+strings.Join(sortedKeys(cfg.selected), ","))
	}
	if cfg.ignored != nil {
		parts = append(parts, "ignore "+strings.Join(sortedKeys(cfg.ignored), ","))
	}
	if cfg.variations != "" {
		parts = append(parts, "variations "+cfg.variations)
	}
	if cfg.format != "" {
		parts = append(parts, "format "+cfg.format)
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, "; ")
}

// sayConfigs writes, for -v, the config files that applied and to how
// many inputs, in the order of the inputs (nothing when none did).
func sayConfigs(w io.Writer, cfgs *configs, in []input, cfgOf map[string]*config) {
	if cfgs.isolated {
		fmt.Fprintln(w, "arbiter: --isolated: no config file read")
		return
	}
	var order []*config
	count := map[*config]int{}
	for _, f := range in {
		cfg := cfgOf[f.name]
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

// sayHidden writes, after the report, how many errors a config file's
// select or ignore kept out of it: a game they make valid is not valid by
// its moves alone, and the person reading a green run must know.
func sayHidden(w io.Writer, in []input, cfgOf map[string]*config, hidden map[*config]int) {
	seen := map[*config]bool{}
	for _, f := range in {
		cfg := cfgOf[f.name]
		if cfg == nil || seen[cfg] || hidden[cfg] == 0 {
			continue
		}
		seen[cfg] = true
		var why []string
		if cfg.selected != nil {
			why = append(why, fmt.Sprintf("%s:%d selects only %s", displayPath(cfg.file), cfg.lines["select"], strings.Join(sortedKeys(cfg.selected), ",")))
		}
		if cfg.ignored != nil {
			why = append(why, fmt.Sprintf("%s:%d ignores %s", displayPath(cfg.file), cfg.lines["ignore"], strings.Join(sortedKeys(cfg.ignored), ",")))
		}
		n := hidden[cfg]
		fmt.Fprintf(w, "arbiter: %d %s not reported: %s (--show-settings FILE says what applies to a file; --isolated reads no config)\n",
			n, plural(n, "error", "errors"), strings.Join(why, ", "))
	}
}

// configRecorder is a report writer that records which config file
// applied to each input (json, sarif).
type configRecorder interface {
	recordConfigs(in []input, cfgOf map[string]*config)
}
