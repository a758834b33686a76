package main

import (
	"bytes"
	"errors"
	"fmt"

	"arbiter/notation/input"
	"arbiter/referee"
	"arbiter/referee/checker"
	"arbiter/referee/codes"
	"arbiter/referee/config"
	"arbiter/referee/report"
)

// file is one file the page was given.
type file struct {
	name string
	data []byte
}

// result is what the page shows of a check.
type result struct {
	html, summary string
	valid         bool
	notes         []string          // the inputs left out or unreadable, the files with no game
	fieldErrors   map[string]string // the form's mistakes, by field: nothing was checked
	err           string            // what stopped the check
}

// checkFiles runs 'arbiter check --format html' on the files, under the
// form's settings as if an .arbiter.yaml beside the files held them: the
// flags the command line has defaults for have them here.
func checkFiles(files []file, fields map[string]string) result {
	cfg, fieldErrs := config.FromFields("the form", fields)
	if fieldErrs != nil {
		return result{fieldErrors: fieldErrs}
	}
	var r result
	var in []input.Source
	skipped := 0
	for _, f := range files {
		for _, s := range input.Bytes(f.name, f.data, input.DefaultExtensions, input.DefaultLimits()) {
			if s.Skip != "" {
				r.notes = append(r.notes, fmt.Sprintf("warning: %s: %s", s.Name, s.Skip))
				skipped++
				continue
			}
			in = append(in, s)
		}
	}
	format, ok := report.Lookup("html")
	if !ok {
		return result{err: "this build has no html report"}
	}
	opts := referee.StreamOptions{Options: referee.Options{Variations: referee.VariationsWarn, Film: format.Film}, Codes: codes.Matcher}
	filter := config.NewFilter(config.Layer{}, false)
	var applied *config.Applied
	if cfg != nil {
		applied = config.Given(cfg, in, opts.Options, filter, config.Flags{Variations: referee.VariationsWarn})
	}
	var page bytes.Buffer
	run := &checker.Run{Inputs: in, Skipped: skipped, Options: opts, Filter: filter, Config: applied,
		Writer: format.New(&page, report.Options{}), CarriesSuppressed: format.CarriesSuppressed,
		Unreadable: func(name string, err error) { r.notes = append(r.notes, fmt.Sprintf("error: %s: %v", name, err)) },
	}
	res, err := run.Check()
	var fe *checker.FamilyError
	switch {
	case errors.As(err, &fe):
		chosen := fe.ChosenBy
		if chosen == "" {
			chosen = "the rules chosen"
		}
		return result{err: chosen + ": " + fe.Error()}
	case err != nil:
		return result{err: err.Error()}
	}
	for _, name := range res.NoGame {
		r.notes = append(r.notes, "warning: "+name+": no game in this file")
	}
	r.html, r.summary = page.String(), res.Summary.Line()
	r.valid = res.Summary.Invalid == 0 && len(res.Unreadable) == 0
	return r
}
