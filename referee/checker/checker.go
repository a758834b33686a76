// Package checker runs a check as 'arbiter check' does, for any front-end
// (the command line, the language server, the browser page): the inputs
// are read in order, each under the settings its config gives it
// (referee/config), every game is replayed (referee.CheckInputs), its
// findings are filtered, its verdict set, and it is counted and written
// (referee/report). What a front-end says around it (a progress bar, the
// summary line, the exit status) stays the front-end's.
package checker

import (
	"fmt"

	"arbiter/notation/input"
	"arbiter/referee"
	"arbiter/referee/config"
	"arbiter/referee/report"
)

// Run is one check.
type Run struct {
	// Inputs are read in this order; those a walk left out (Source.Skip)
	// are not among them: Skipped counts them.
	Inputs  []input.Source
	Skipped int
	// Options are the options of every input a config file does not
	// change (Config).
	Options referee.StreamOptions
	// Filter is the user's (config.NewFilter); nil keeps every finding.
	Filter *config.Filter
	// Config is what the config files give each input (config.Apply);
	// nil: nothing.
	Config *config.Applied
	// Writer writes each game's report and, after the last, Finish; nil
	// writes nothing. CarriesSuppressed: it marks suppressed findings
	// (report.Format.CarriesSuppressed); the others are not given them.
	Writer            report.Writer
	CarriesSuppressed bool
	// Match, when set, sees each game's report once filtered, before its
	// verdict is set: a baseline marks the findings it holds.
	Match func(*referee.Report)
	// Progress, when set, is told of each game checked, in order, and
	// Done once the last is checked, before the writer's Finish: a
	// progress bar clears itself.
	Progress func(file string)
	Done     func()
	// Unreadable, when set, is told of an input that could not be read;
	// the inputs after it are read on.
	Unreadable func(name string, err error)
}

// Result is what a check found.
type Result struct {
	// Summary counts every game and finding, and as warnings the inputs
	// skipped and those that hold no game.
	Summary report.Summary
	// NoGame are the inputs read whole that hold no game: most often the
	// wrong file.
	NoGame []string
	// Unreadable are the inputs that could not be read, by name.
	Unreadable map[string]bool
	// Hidden and Demoted count the errors a config file's settings kept
	// out of the report, or made warnings or notes, by the settings' why
	// (config.Filter.Why): a game they make valid is not valid by its
	// moves alone, and the person reading a green run must be told.
	Hidden, Demoted Reasons
}

// Reasons counts errors by why they were not reported as errors, in the
// order the reasons were met.
type Reasons struct {
	Order []string
	Count map[string]int
}

func (r *Reasons) add(why string, n int) {
	if n == 0 {
		return
	}
	if r.Count == nil {
		r.Count = map[string]int{}
	}
	if r.Count[why] == 0 {
		r.Order = append(r.Order, why)
	}
	r.Count[why] += n
}

// FamilyError is a game whose rules, chosen for it by the user or a config
// file, are of another game family than the record: not a finding in the
// record but a mistake in the choice, whatever the filter says. It stops
// the check.
type FamilyError struct {
	Report     *referee.Report
	Diagnostic referee.Diagnostic
	// ChosenBy is the config setting that chose the rules
	// ("/abs/.arbiter.yaml:3: variants "a/**": english"), "" when the user
	// did.
	ChosenBy string
}

func (e *FamilyError) Error() string {
	return fmt.Sprintf("%s: %s: %s", report.Where(e.Report, e.Diagnostic.Pos), report.GameName(e.Report), e.Diagnostic.Msg)
}

// Check runs the check: every game of every input, in input order,
// whatever the number of workers. It returns an error that stops the
// check: the writer's, or a *FamilyError; an input that cannot be read
// does not stop it (Unreadable).
func (r *Run) Check() (*Result, error) {
	res := &Result{Unreadable: map[string]bool{}}
	filter := r.Filter
	if filter == nil {
		filter = &config.Filter{}
	}
	cf := r.Config
	if cf == nil {
		cf = &config.Applied{}
	}
	perFile := make(map[string]int, len(r.Inputs)) // (sized: a folder of one-game files grows it by thousands)
	sources := make([]referee.Input, len(r.Inputs))
	for i, f := range r.Inputs {
		sources[i] = referee.Input{Name: f.Name, Open: f.Open}
		if i < len(cf.Opts) {
			sources[i].Options = cf.Opts[i]
		}
	}
	err := referee.CheckInputs(sources, r.Options, func(rep *referee.Report) error {
		if d, ok := referee.FamilyMismatch(rep); ok {
			return &FamilyError{Report: rep, Diagnostic: d, ChosenBy: cf.ChosenBy[rep.File]}
		}
		f := filter
		if g := cf.Filters[rep.File]; g != nil {
			f = g
		}
		h, q := f.Apply(rep)
		res.Hidden.add(f.Why(), h)
		res.Demoted.add(f.SevWhy(), q)
		if r.Match != nil {
			r.Match(rep)
		}
		rep.SetVerdict()
		res.Summary.Add(rep)
		perFile[rep.File]++
		if r.Progress != nil {
			r.Progress(rep.File)
		}
		if r.Writer == nil {
			return nil
		}
		return r.Writer.Write(f.Shown(rep, r.CarriesSuppressed))
	}, func(f referee.Input, err error) {
		res.Unreadable[f.Name] = true
		if r.Unreadable != nil {
			r.Unreadable(f.Name, err)
		}
	})
	if r.Done != nil {
		r.Done()
	}
	if err != nil {
		return res, err
	}
	for _, f := range r.Inputs {
		if perFile[f.Name] == 0 && !res.Unreadable[f.Name] {
			res.NoGame = append(res.NoGame, f.Name)
		}
	}
	res.Summary.Warnings += r.Skipped + len(res.NoGame)
	if r.Writer != nil {
		if err := r.Writer.Finish(&res.Summary); err != nil {
			return res, err
		}
	}
	return res, nil
}
