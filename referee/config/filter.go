package config

import (
	"arbiter/notation"
	"arbiter/notation/input"
	"arbiter/referee"
	"arbiter/referee/codes"
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
}

// Apply gives each input the options and filter of its nearest
// .arbiter.yaml (or --config's) and the per-file entries that match it,
// under the user's flags: a flag the user typed wins over the file. base
// is the options of the flags, filter NewFilter's.
func Apply(fd *Finder, in []input.Source, base referee.Options, filter *Filter, fl Flags) (*Applied, error) {
	cf := &Applied{Opts: make([]*referee.Options, len(in)), Filters: map[string]*Filter{}, ChosenBy: map[string]string{}, FileOf: map[string]*File{}}
	for i, f := range in {
		cfg, rel, err := fd.ForInput(f)
		if err != nil {
			return nil, err
		}
		if cfg == nil {
			continue
		}
		cf.FileOf[f.Name] = cfg
		s := Resolve(cfg, rel, filter, fl)
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
	return cf, nil
}
