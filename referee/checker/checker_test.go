package checker

import (
	"errors"
	"io"
	"strings"
	"testing"

	"arbiter/notation/input"
	"arbiter/referee"
	"arbiter/referee/config"
	_ "arbiter/referee/draughts"
	_ "arbiter/referee/morris"
	"arbiter/variants"
)

func source(name, text string) input.Source {
	return input.Source{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil }}
}

// Every input is read in order whatever goes wrong with one: a file with
// no game and one that cannot be read are said, and count as warnings; an
// error a config kept out of the report is counted by why.
func TestCheckSaysWhatItLeftOut(t *testing.T) {
	broken := input.Source{Name: "gone.pdn", Open: func() (io.ReadCloser, error) { return nil, errors.New("no such file") }}
	cfg, err := config.Parse("c.yaml", []byte("ignore: [no-such-square]\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	base := config.NewFilter(config.Layer{}, false)
	s := config.Resolve(cfg, "bad.pdn", base, config.Flags{})
	var told []string
	run := &Run{
		Inputs:     []input.Source{source("empty.pdn", "\n"), broken, source("bad.pdn", "[GameType \"20\"]\n1. 32-28 99-88 *\n")},
		Skipped:    2,
		Filter:     base,
		Config:     &config.Applied{Filters: map[string]*config.Filter{"bad.pdn": s.Filter}},
		Unreadable: func(name string, err error) { told = append(told, name) },
	}
	res, err := run.Check()
	if err != nil {
		t.Fatal(err)
	}
	if len(told) != 1 || told[0] != "gone.pdn" || !res.Unreadable["gone.pdn"] {
		t.Errorf("unreadable: told %v, %v", told, res.Unreadable)
	}
	if len(res.NoGame) != 1 || res.NoGame[0] != "empty.pdn" {
		t.Errorf("no game in %v", res.NoGame)
	}
	if res.Summary.Games != 1 || res.Summary.Invalid != 0 {
		t.Errorf("summary %+v", res.Summary)
	}
	if got := res.Summary.Warnings; got < 3 { // the two skipped, the empty file
		t.Errorf("%d warnings", got)
	}
	if len(res.Hidden.Order) != 1 || res.Hidden.Count["c.yaml:1 ignores no-such-square"] != 1 {
		t.Errorf("the error the config kept out is not counted: %+v", res.Hidden)
	}
}

// A variant of another family is a *FamilyError that stops the check.
func TestCheckFamilyError(t *testing.T) {
	v, err := variants.Lookup("nine-mens-morris")
	if err != nil {
		t.Fatal(err)
	}
	run := &Run{
		Inputs:  []input.Source{source("a.pdn", "[GameType \"20\"]\n1. 32-28 19-23 *\n")},
		Options: referee.StreamOptions{Options: referee.Options{Variant: v}},
	}
	_, err = run.Check()
	var fe *FamilyError
	if !errors.As(err, &fe) || !strings.HasPrefix(fe.Error(), "a.pdn:") {
		t.Errorf("got %v", err)
	}
}
