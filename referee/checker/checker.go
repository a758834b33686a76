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
	games := newGamesSeen(r.Inputs)
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
		games.add(rep.File)
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
	res.NoGame = games.none(res.Unreadable)
	res.Summary.Warnings += r.Skipped + len(res.NoGame)
	if r.Writer != nil {
		if err := r.Writer.Finish(&res.Summary); err != nil {
			return res, err
		}
	}
	return res, nil
}

// gamesSeen tells the inputs with no game: those whose name no report
// has. The reports come in input order, each named as its input, so a
// cursor over the inputs finds each report's input where it is or a
// little further, without a map of a folder's thousands of names (a
// string hashed and stored a file). Once a report's name is not found so,
// the cursor is given up and every later name kept in a map, as before:
// a search to the end for each report would make the run quadratic.
type gamesSeen struct {
	in    []input.Source
	cur   int
	seen  []bool          // seen[i]: a report named as input i
	other map[string]bool // the reports' names since the cursor was given up
}

func newGamesSeen(in []input.Source) *gamesSeen {
	return &gamesSeen{in: in, seen: make([]bool, len(in))}
}

func (g *gamesSeen) add(file string) {
	if g.other == nil {
		for i := g.cur; i < len(g.in); i++ {
			if g.in[i].Name == file {
				g.cur, g.seen[i] = i, true
				return
			}
		}
		g.other = map[string]bool{}
	}
	g.other[file] = true
}

// none are the names of the inputs, in order, that no report is named
// as and that were not unreadable.
func (g *gamesSeen) none(unreadable map[string]bool) []string {
	var left map[string]bool // names of the inputs not seen by index
	for i, f := range g.in {
		if !g.seen[i] && !unreadable[f.Name] && !g.other[f.Name] {
			if left == nil {
				left = map[string]bool{}
			}
			left[f.Name] = true
		}
	}
	if left == nil {
		return nil
	}
	for i, f := range g.in { // another input of the same name had a game
		if g.seen[i] {
			delete(left, f.Name)
		}
	}
	var out []string
	for i, f := range g.in {
		if !g.seen[i] && left[f.Name] {
			out = append(out, f.Name)
		}
	}
	return out
}
