package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"arbiter/notation/input"
	"arbiter/notation/safefile"
	"arbiter/referee/checker"
	"arbiter/referee/codes"
	"arbiter/referee/config"
)

// A run's settings come from three places: the flags typed, the
// .arbiter.yaml that applies to each input (or --config's), and the
// defaults (referee/config layers them). A config two folders up can turn
// an illegal game into a valid one (ignore: [illegal]), so which file
// applied is never a secret: --show-settings PATH says where each setting
// of a path comes from, -v names the config files that applied, the JSON
// report names each game's and the SARIF log lists them, and a config's
// select or ignore that hid an error is said on standard error.

// newConfigs reads --config and --isolated.
func newConfigs(c *cli.Context) (*config.Finder, error) {
	name := c.String("config")
	switch {
	case name != "" && c.Bool("isolated"):
		return nil, usageError("give --config FILE or --isolated, not both")
	case c.Bool("isolated"):
		return config.Isolated(), nil
	case name != "":
		abs, err := filepath.Abs(name)
		if err != nil {
			return nil, usageError("--config: %v", err)
		}
		data, err := os.ReadFile(abs)
		if err != nil {
			return nil, usageError("--config %s: %v", name, safefile.UnwrapPath(err))
		}
		cfg, err := config.Parse(abs, data, formatNames())
		if err != nil {
			return nil, usageError("%v", err)
		}
		return config.Fixed(cfg), nil
	}
	return config.Nearest(formatNames()), nil
}

// flagLayer is what the command line says of the codes.
func flagLayer(c *cli.Context) (config.Layer, error) {
	l := config.Layer{Where: map[string]string{}}
	for _, flag := range []struct {
		name string
		to   **codes.Selection
	}{{"select", &l.Select}, {"ignore", &l.Ignore}, {"extend-select", &l.ExtendSelect}, {"extend-ignore", &l.ExtendIgnore}} {
		if !c.IsSet(flag.name) {
			continue
		}
		s, err := codes.Select([]string{c.String(flag.name)})
		if err != nil {
			return l, usageError("--%s: %v", flag.name, err)
		}
		if s == nil {
			s = codes.None()
		}
		*flag.to = s
		l.Where[flag.name] = "--" + flag.name + " (command line)"
	}
	return l, nil
}

// newFindingFilter is the filter of the flags alone.
func newFindingFilter(c *cli.Context) (*config.Filter, error) {
	l, err := flagLayer(c)
	if err != nil {
		return nil, err
	}
	return config.NewFilter(l, c.Bool("quiet")), nil
}

// configFlags are the flags that win over the config files.
func configFlags(c *cli.Context) config.Flags {
	return config.Flags{
		Rules:   c.IsSet("variant") || c.IsSet("variant-file") || c.IsSet("default-variant"),
		Variant: c.String("variant"), VariantFile: c.String("variant-file"),
		DefaultVariant: c.String("default-variant"), DefaultVariantSet: c.IsSet("default-variant"),
		Variations: c.String("variations"), VariationsSet: c.IsSet("variations"),
		Format: c.String("format"), FormatSet: c.IsSet("format"),
		Baseline: c.String("baseline"),
	}
}

// showSettings prints the settings of a path and where each comes from
// (ruff's --show-settings).
func showSettings(c *cli.Context, fd *config.Finder, path string, filter *config.Filter) error {
	if _, err := os.Stat(path); err != nil {
		return usageError("--show-settings %s: %v", path, safefile.UnwrapPath(err))
	}
	settings, err := config.Explain(fd, path, filter, configFlags(c))
	if err != nil {
		return usageError("%v", err)
	}
	w := c.App.Writer
	fmt.Fprintf(w, "arbiter check settings for %s:\n", path)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, s := range settings {
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", s.Name, s.Value, s.From)
	}
	return tw.Flush()
}

// sayConfigs writes, for -v, the config files that applied and to how
// many inputs, in the order of the inputs (nothing when none did).
func sayConfigs(w io.Writer, fd *config.Finder, in []input.Source, cfgOf map[string]*config.File) {
	if fd.IsIsolated() {
		fmt.Fprintln(w, "arbiter: --isolated: no config file read")
		return
	}
	var order []*config.File
	count := map[*config.File]int{}
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
		fmt.Fprintf(w, "arbiter: settings from %s for %d %s of %d: %s\n", config.DisplayPath(cfg.Path), count[cfg], plural(count[cfg], "input", "inputs"), len(in), cfg.Summary())
	}
}

// sayHidden writes, after the report, how many errors a config file's
// select or ignore kept out of it, and how many its severity table made
// warnings or notes: a game they make valid is not valid by its moves
// alone, and the person reading a green run must know.
func sayHidden(w io.Writer, hidden, demoted *checker.Reasons) {
	const see = "(--show-settings FILE says what applies to a file; --isolated reads no config)"
	for _, why := range hidden.Order {
		n := hidden.Count[why]
		fmt.Fprintf(w, "arbiter: %d %s not reported: %s %s\n", n, plural(n, "error", "errors"), why, see)
	}
	for _, why := range demoted.Order {
		n := demoted.Count[why]
		fmt.Fprintf(w, "arbiter: %d %s reported as %s: %s %s\n", n, plural(n, "error", "errors"), plural(n, "a warning or a note", "warnings or notes"), why, see)
	}
}

// configNames names the config file that applied to each input, by input
// name, and the config files that applied, in the order of the inputs
// (none: []), as the reports name them (relative to the working
// directory).
func configNames(in []input.Source, cfgOf map[string]*config.File) (byInput map[string]string, files []string) {
	byInput, files = map[string]string{}, []string{}
	// Each config's name worked out once, not once an input: it asks the
	// working directory (a getcwd and two stats), which was 3 µs of each
	// file of a folder that has a config.
	shown := map[*config.File]string{}
	for _, f := range in {
		cfg := cfgOf[f.Name]
		if cfg == nil {
			continue
		}
		name, ok := shown[cfg]
		if !ok {
			name = config.DisplayPath(cfg.Path)
			shown[cfg] = name
			files = append(files, name)
		}
		byInput[f.Name] = name
	}
	return byInput, files
}
