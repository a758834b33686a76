package config

import (
	"strings"

	"arbiter/notation"
	"arbiter/notation/input"
	"arbiter/referee"
	"arbiter/referee/codes"

	"github.com/bmatcuk/doublestar/v4"
)

// Filter chooses the codes reported (select, ignore and their extend-
// forms: the user's over the config files'), sets the severities a config
// file chose, and applies --quiet. The zero Filter reports every finding
// as it is.
type Filter struct {
	selected, ignored *codes.Selection // selected nil: every code
	severity          []severityRule   // in order: a later rule wins
	variations        string           // the policy the input's games were checked under
	quiet             bool
	// selFrom and ignFrom are the settings that made selected and
	// ignored, in order, with where each was written.
	selFrom, ignFrom []codeRef
	flagCodes        Layer // the command line's
	// flags is what the command line alone chooses: an error it keeps
	// and this filter drops was kept out of the report by a config file,
	// whose lines why names (sevWhy: those that made errors quieter).
	flags       *Filter
	why, sevWhy string
}

// codeRef is one setting that chose codes.
type codeRef struct {
	where  string
	codes  *codes.Selection
	extend bool
}

// Keeps says whether code is reported.
func (f *Filter) Keeps(code string) bool {
	return (f.selected == nil || f.selected.Has(code)) && !f.ignored.Has(code)
}

// layer applies one level of settings over those above it.
func (f *Filter) layer(l Layer) {
	if l.Select != nil {
		f.selected, f.selFrom = l.Select, []codeRef{{l.Where["select"], l.Select, false}}
	}
	if l.Ignore != nil {
		f.ignored, f.ignFrom = l.Ignore, []codeRef{{l.Where["ignore"], l.Ignore, false}}
	}
	if l.ExtendSelect != nil && f.selected != nil {
		f.selected, f.selFrom = f.selected.Union(l.ExtendSelect), append(f.selFrom[:len(f.selFrom):len(f.selFrom)], codeRef{l.Where["extend-select"], l.ExtendSelect, true})
	}
	if l.ExtendIgnore != nil {
		f.ignored, f.ignFrom = f.ignored.Union(l.ExtendIgnore), append(f.ignFrom[:len(f.ignFrom):len(f.ignFrom)], codeRef{l.Where["extend-ignore"], l.ExtendIgnore, true})
	}
}

// severityOf is the severity a config file gives code, if one does.
func (f *Filter) severityOf(code string) (notation.Severity, bool) {
	for i := len(f.severity) - 1; i >= 0; i-- {
		if f.severity[i].codes.Has(code) {
			return f.severity[i].sev, true
		}
	}
	return 0, false
}

// Apply drops the findings of the codes not chosen and gives the others
// the severity a config file chose. It returns how many errors (not
// suppressed) a config file kept out of the report, and how many it made
// warnings or notes.
func (f *Filter) Apply(rep *referee.Report) (hidden, demoted int) {
	kept := rep.Diagnostics[:0]
	for _, d := range rep.Diagnostics {
		live := d.Severity == notation.Error && d.Suppressed == nil
		if !f.Keeps(d.Code) {
			if live && f.flags != nil && f.flags.Keeps(d.Code) {
				hidden++
			}
			continue
		}
		if sev, ok := f.severityOf(d.Code); ok {
			if d.Variation {
				sev = referee.Options{Variations: f.variations}.VariationSeverity(sev) // a variation is an annotation still
			}
			if live && sev != notation.Error {
				demoted++
			}
			d.Severity = sev
		}
		kept = append(kept, d)
	}
	rep.Diagnostics = kept
	return hidden, demoted
}

// Shown is the report as written out: --quiet drops its warnings, after
// they were counted, and formats that cannot mark a suppressed finding
// (carries false: report.Format.CarriesSuppressed) do not get them.
func (f *Filter) Shown(rep *referee.Report, carries bool) *referee.Report {
	drop := func(d *referee.Diagnostic) bool {
		return f.quiet && d.Severity != notation.Error || d.Suppressed != nil && !carries
	}
	n := 0
	for i := range rep.Diagnostics {
		if drop(&rep.Diagnostics[i]) {
			n++
		}
	}
	if n == 0 {
		return rep
	}
	r := *rep
	r.Diagnostics = make([]referee.Diagnostic, 0, len(rep.Diagnostics)-n)
	for _, d := range rep.Diagnostics {
		if !drop(&d) {
			r.Diagnostics = append(r.Diagnostics, d)
		}
	}
	return &r
}

// NewFilter is the filter of what the user typed alone: flags, its codes
// (select, ignore and their extend- forms), and quiet (errors only).
func NewFilter(flags Layer, quiet bool) *Filter {
	f := &Filter{quiet: quiet}
	f.layer(flags)
	f.flagCodes = flags
	return f
}

// Why names the config settings that chose the codes this filter keeps
// out ("x.yaml:3 ignores illegal"), "" when only the user's did.
func (f *Filter) Why() string { return f.why }

// SevWhy names the config settings that set a code's severity.
func (f *Filter) SevWhy() string { return f.sevWhy }

// Applied is what the config files give each input.
type Applied struct {
	Opts     []*referee.Options // per input; nil: the user's
	Filters  map[string]*Filter // by input name
	ChosenBy map[string]string  // of an input whose default variant a config chose, where
	FileOf   map[string]*File   // the config that applies to an input
	// resolved are the settings Resolve gave, by what of an input's path
	// it read: the files of a folder share them (Resolve's filters and
	// sentences were most of what a folder's config cost a file).
	resolved map[resolveKey]*Settings
}

// resolveKey is what Resolve reads of an input's path: its config, the
// per-file entries whose globs match it and the first variants glob that
// does (-1: none).
type resolveKey struct {
	cfg     *File
	perFile uint64
	variant int
}

// resolveKey is rel's; false when the config has more per-file entries
// than a key holds (then Resolve is asked for each input).
func (cfg *File) resolveKey(rel string) (resolveKey, bool) {
	k := resolveKey{cfg: cfg, variant: -1}
	if len(cfg.perFile) > 64 {
		return k, false
	}
	for i := range cfg.perFile {
		if ok, _ := doublestar.Match(cfg.perFile[i].glob, rel); ok {
			k.perFile |= 1 << i
		}
	}
	for i, g := range cfg.globs {
		if ok, _ := doublestar.Match(g.glob, rel); ok {
			k.variant = i
			break
		}
	}
	return k, true
}

// Apply gives each input the options and filter of its nearest
// .arbiter.yaml (or --config's) and the per-file entries that match it,
// under the user's flags: a flag the user typed wins over the file. base
// is the options of the flags, filter NewFilter's.
func Apply(fd *Finder, in []input.Source, base referee.Options, filter *Filter, fl Flags) (*Applied, error) {
	cf := newApplied(len(in))
	for i, f := range in {
		cfg, rel, err := fd.ForInput(f)
		if err != nil {
			return nil, err
		}
		cf.add(i, f, cfg, rel, base, filter, fl)
	}
	return cf, nil
}

// Given applies one config, cfg, to every input as if each lay in its
// folder: an input's globs match its name (a zip member's: the archive's
// name, then /member). The browser page gives its form's settings so.
func Given(cfg *File, in []input.Source, base referee.Options, filter *Filter, fl Flags) *Applied {
	cf := newApplied(len(in))
	for i, f := range in {
		rel := f.Name
		if f.Member != "" {
			rel = strings.TrimSuffix(f.Name, ":"+f.Member) + "/" + f.Member
		}
		cf.add(i, f, cfg, rel, base, filter, fl)
	}
	return cf
}

func newApplied(n int) *Applied {
	return &Applied{Opts: make([]*referee.Options, n), Filters: map[string]*Filter{}, ChosenBy: map[string]string{}, FileOf: map[string]*File{},
		resolved: map[resolveKey]*Settings{}}
}

// add gives input i, f, the settings of cfg (nil: none) at rel.
func (cf *Applied) add(i int, f input.Source, cfg *File, rel string, base referee.Options, filter *Filter, fl Flags) {
	if cfg == nil {
		return
	}
	cf.FileOf[f.Name] = cfg
	k, ok := cfg.resolveKey(rel)
	s := cf.resolved[k]
	if s == nil || !ok {
		s = Resolve(cfg, rel, filter, fl)
		if ok {
			cf.resolved[k] = s
		}
	}
	o, changed := base, false
	switch {
	case s.Variant != nil:
		o.Variant, changed = s.Variant, true
	case s.Default != nil:
		o.Default, changed = s.Default, true
	}
	if s.ChosenBy != "" {
		cf.ChosenBy[f.Name] = s.ChosenBy
	}
	if s.VariationsFrom != "" && !fl.VariationsSet {
		o.Variations, changed = s.Variations, true
	}
	if changed {
		cf.Opts[i] = &o
	}
	cf.Filters[f.Name] = s.Filter
}
