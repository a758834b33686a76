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

// The files with no game are told by name, in input order, as a count of
// reports per name tells them: an input named twice has no game only when
// neither has one (standard input read twice: the second time empty),
// and an unreadable one is said as such, not as empty.
func TestNoGameByName(t *testing.T) {
	game := "[GameType \"20\"]\n1. 32-28 19-23 *\n"
	broken := input.Source{Name: "gone.pdn", Open: func() (io.ReadCloser, error) { return nil, errors.New("no such file") }}
	for _, tc := range []struct {
		in   []input.Source
		want string
	}{
		{[]input.Source{source("a.pdn", game), source("b.pdn", game)}, ""},
		{[]input.Source{source("a.pdn", "\n"), source("b.pdn", game), source("c.pdn", "")}, "a.pdn c.pdn"},
		{[]input.Source{source("<stdin>", game), source("<stdin>", "")}, ""},
		{[]input.Source{source("<stdin>", ""), source("<stdin>", game)}, ""},
		{[]input.Source{source("a.pdn", ""), source("b.pdn", game), source("a.pdn", "")}, "a.pdn a.pdn"},
		{[]input.Source{source("a.pdn", game), source("b.pdn", ""), source("a.pdn", game), source("b.pdn", game)}, ""},
		{[]input.Source{broken, source("e.pdn", ""), source("f.pdn", game+"\n"+game)}, "e.pdn"},
		{nil, ""},
	} {
		res, err := (&Run{Inputs: tc.in}).Check()
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(res.NoGame, " "); got != tc.want {
			var names []string
			for _, f := range tc.in {
				names = append(names, f.Name)
			}
			t.Errorf("%v: no game in %q, want %q", names, got, tc.want)
		}
	}
}

// gamesSeen tells the same inputs when a report is named as no input
// (which CheckInputs never does) or as one the cursor has passed.
func TestGamesSeenAnyOrder(t *testing.T) {
	in := []input.Source{{Name: "a"}, {Name: "b"}, {Name: "c"}, {Name: "a"}, {Name: "d"}}
	g := newGamesSeen(in)
	for _, f := range []string{"c", "x", "b", "c"} {
		g.add(f)
	}
	if got := strings.Join(g.none(map[string]bool{"d": true}), " "); got != "a a" {
		t.Errorf("no game in %q, want \"a a\"", got)
	}
}
