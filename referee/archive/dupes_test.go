package archive_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"arbiter/referee"
	"arbiter/referee/archive"
)

func TestSamePlayer(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"MF Tinsley", "M Tinsley", true},
		{"MF Tinsley", "Tinsley", true},
		{"M. Tinsley", "Tinsley, Marion", true},
		{"Tinsley, Marion F.", "MF Tinsley", true},
		{"NW Banks", "Banks, N. W.", true},
		{"L Rosenfield", "R Martin", false},
		{"M Tinsley", "F Tinsley", false},
		{"Koops, Lambert Jan", "koops, Lambert-Jan", true},
		{"Koops, Lambert Jan", "Lambert Jan Koops", true},
		{"Sijbrands, Ton", "Ton Sijbrands", true},
		{"Sijbrands Ton", "Ton Sijbrands", true},
		{"Estèbe, René", "Estebe, Rene", true},
		{"Romanov V.A.", "Romanov V.N.", false},
		{"Romanov V.A.", "Romanov", true},
		{"Jansen, Piet", "Janssen, Piet", false}, // a letter off: names clusters them, dupes does not merge on it
		{"Piet Koops", "Jan Koops", false},
		{"Немец Дмитрий", "Немец Д.", true},
		{"Немец Дмитрий", "Кондраченко Евгений", false},
		{"M", "F", false},
		{"?", "Tinsley", false},
	} {
		if got := archive.SamePlayer(c.a, c.b); got != c.same {
			t.Errorf("SamePlayer(%q, %q) = %v, want %v", c.a, c.b, got, c.same)
		}
		if got := archive.SamePlayer(c.b, c.a); got != c.same {
			t.Errorf("SamePlayer(%q, %q) = %v, want %v", c.b, c.a, got, c.same)
		}
	}
}

func TestIdentityConflict(t *testing.T) {
	for _, c := range []struct {
		a, b archive.Identity
		want string
	}{
		// tinsley.pdn games 139 and 397: the same 33 plies, two games.
		{archive.Identity{White: "L Rosenfield", Black: "MF Tinsley", Event: "Lakeside 1952"},
			archive.Identity{White: "R Martin", Black: "MF Tinsley", Event: "Lakeside 1974"}, "White, Event"},
		// tinsley.pdn game 145 and inferno.pdn game 7.
		{archive.Identity{White: "M Tinsley", Black: "NW Banks", Event: "1952, game 1"},
			archive.Identity{White: "Banks", Black: "Tinsley", Event: "Inferno of Checkers, GAYP Game 7"}, "colours swapped, Event"},
		{archive.Identity{White: "M Tinsley", Black: "NW Banks"}, archive.Identity{White: "Tinsley, Marion", Black: "Banks, N. W.", Date: "1952"}, ""},
		{archive.Identity{White: "A"}, archive.Identity{Black: "B"}, ""},
		{archive.Identity{}, archive.Identity{White: "A", Date: "2001"}, ""},
		{archive.Identity{Date: "1952"}, archive.Identity{Date: "1952.05.01"}, ""},
		{archive.Identity{Date: "1952.??.??"}, archive.Identity{Date: "1952.05.01"}, ""},
		{archive.Identity{Date: "1952.05"}, archive.Identity{Date: "1952.06.02"}, "Date"},
		{archive.Identity{Date: "12-08-2021"}, archive.Identity{Date: "2021.08.12"}, ""},
		{archive.Identity{Date: "2016.5.23"}, archive.Identity{Date: "2016.05.23"}, ""},
		{archive.Identity{Date: "spring 1952"}, archive.Identity{Date: "Spring  1952"}, ""},
		{archive.Identity{Date: "spring 1952"}, archive.Identity{Date: "1952"}, "Date"},
		{archive.Identity{Round: "01"}, archive.Identity{Round: "1"}, ""},
		{archive.Identity{Round: "1.1"}, archive.Identity{Round: "1.2"}, "Round"},
		{archive.Identity{Event: "Lakeside  1952"}, archive.Identity{Event: "lakeside 1952"}, ""},
		{archive.Identity{Event: "Championnat de France 2021"}, archive.Identity{Event: "Cpt France 2021"}, "Event"},
	} {
		got := strings.Join(c.a.Conflict(c.b), ", ")
		if got != c.want {
			t.Errorf("%v / %v: %q, want %q", c.a, c.b, got, c.want)
		}
	}
}

// dupesOf groups the games of testdata/draughts/dupes-NAME (real records, and
// derived.pdn's copies of them: see SOURCES.md), file by file in name
// order, as the CLI reads a folder.
func dupesOf(t *testing.T, names ...string) (*archive.Dupes, map[int]string) {
	t.Helper()
	d := archive.NewDupes()
	where := map[int]string{}
	seq := 0
	for _, name := range names {
		path := "../../testdata/draughts/dupes-" + name
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		err = referee.CheckStream(f, name, referee.StreamOptions{Options: referee.Options{Trace: archive.DupesTrace}, Jobs: 1}, func(r *referee.Report) error {
			seq++
			where[seq] = fmt.Sprintf("%s %d", name, r.Game)
			d.Add(r, seq)
			return nil
		})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	return d, where
}

func copiesText(g *archive.Group) string {
	var s []string
	for _, c := range g.Copies {
		x := fmt.Sprintf("%s %d", c.File, c.Game)
		if c.Best && len(g.Copies) > 1 {
			x += " best"
		}
		s = append(s, x)
	}
	for _, in := range g.Contains {
		s = append(s, "[cut: "+copiesText(in)+"]")
	}
	if g.Note != "" {
		s = append(s, "("+g.Note+")")
	}
	return strings.Join(s, ", ")
}

// Games with the same refereed moves are one game only when their tags
// fit: tinsley.pdn's games 139 and 397 (Lakeside 1952 and 1974) are two,
// and --keep best keeps both.
func TestDupesTellGamesByTags(t *testing.T) {
	const tinsley = "tinsley-games-139-397-257-258-145.pdn"
	files := []string{"belarus64M2016-round1-game1.pdn", "derived.pdn", "export-round1-cp1251-game1.pdn",
		"inferno-game7.pdn", "montpellier-open-b-games10-13.pdn", tinsley}
	d, where := dupesOf(t, files...)
	var groups, conflicts []string
	d.Groups(func(g *archive.Group) error {
		groups = append(groups, copiesText(g))
		return nil
	})
	d.Conflicts(func(c *archive.Conflict) error {
		var games []string
		for _, g := range c.Games {
			games = append(games, copiesText(g))
		}
		conflicts = append(conflicts, fmt.Sprintf("%v %s: %s", c.Start, strings.Join(c.Why, ", "), strings.Join(games, " | ")))
		return nil
	})
	wantGroups := []string{
		// The same game in UTF-8 and in Windows-1251.
		"belarus64M2016-round1-game1.pdn 1 best, export-round1-cp1251-game1.pdn 1",
		// Tinsley - Banks 1952 with the names spelt otherwise; its start,
		// cut off, with White's name alone.
		"derived.pdn 2, " + tinsley + " 5 best, [cut: derived.pdn 3]",
		// Two cut-off copies of the start of 139 and 397 (one without
		// tags: it joins the one game of those 24 plies).
		"derived.pdn 4 best, derived.pdn 5",
	}
	wantConflicts := []string{
		// 139 and 397, and a copy without tags: either of them.
		"false White, Event: " + tinsley + " 1 | " + tinsley + " 2 | derived.pdn 1, (" + archive.NoteAmbiguous + ")",
		// inferno.pdn's game 7 has Tinsley and Banks the other way round.
		"false colours swapped: inferno-game7.pdn 1 | derived.pdn 2, " + tinsley + " 5 best",
		// The 24 plies with R. Martin's name fit 397, but the copy
		// without tags fits 139 as well: not merged.
		"true White, Event: derived.pdn 4 best, derived.pdn 5 | " + tinsley + " 1 | " + tinsley + " 2 | derived.pdn 1, (" + archive.NoteAmbiguous + ")",
		// Montpellier Open B games 10 and 13: the same 116 plies under
		// two pairings of one round.
		"false White, Black: montpellier-open-b-games10-13.pdn 1 | montpellier-open-b-games10-13.pdn 2",
		// Lakeside 1955 games 19 and 20: one ballot, each player with
		// each colour, the same book draw.
		"false colours swapped, Event: " + tinsley + " 3 | " + tinsley + " 4",
	}
	if !slices.Equal(groups, wantGroups) {
		t.Errorf("groups:\n%s\nwant:\n%s", strings.Join(groups, "\n"), strings.Join(wantGroups, "\n"))
	}
	if !slices.Equal(conflicts, wantConflicts) {
		t.Errorf("conflicts:\n%s\nwant:\n%s", strings.Join(conflicts, "\n"), strings.Join(wantConflicts, "\n"))
	}
	var kept []string
	for seq := 1; seq <= len(where); seq++ {
		if d.Keep().Has(seq) {
			kept = append(kept, where[seq])
		}
	}
	wantKept := []string{"belarus64M2016-round1-game1.pdn 1", "derived.pdn 1", "derived.pdn 4", "inferno-game7.pdn 1",
		"montpellier-open-b-games10-13.pdn 1", "montpellier-open-b-games10-13.pdn 2",
		tinsley + " 1", tinsley + " 2", tinsley + " 3", tinsley + " 4", tinsley + " 5"}
	if !slices.Equal(kept, wantKept) {
		t.Errorf("--keep best keeps %v\nwant %v", kept, wantKept)
	}
	if d.Games() != len(wantKept) {
		t.Errorf("%d distinct games, want %d", d.Games(), len(wantKept))
	}
}

// A copy without tags (players, event, round, date) of a game whose moves
// no other game has joins it.
func TestDupesTaglessCopy(t *testing.T) {
	b, err := os.ReadFile("../../testdata/draughts/dupes-belarus64M2016-round1-game1.pdn")
	if err != nil {
		t.Fatal(err)
	}
	var stripped []string
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(line, "[White") && !strings.HasPrefix(line, "[Black") && !strings.HasPrefix(line, "[Event") &&
			!strings.HasPrefix(line, "[Round") && !strings.HasPrefix(line, "[Date") {
			stripped = append(stripped, line)
		}
	}
	d := archive.NewDupes()
	for i, r := range append(reports(t, "a.pdn", string(b), archive.DupesTrace), reports(t, "b.pdn", strings.Join(stripped, "\n"), archive.DupesTrace)...) {
		d.Add(r, i+1)
	}
	var groups []string
	d.Groups(func(g *archive.Group) error {
		groups = append(groups, copiesText(g))
		return nil
	})
	if want := []string{"a.pdn 1 best, b.pdn 1"}; !slices.Equal(groups, want) {
		t.Errorf("groups %q, want %q", groups, want)
	}
	if keep := d.Keep(); len(keep) != 1 || !keep.Has(1) {
		t.Errorf("keep %v, want the copy with tags", keep)
	}
}

// A move sequence played in many games (here 150 pairings of one ply, as
// forfeits and short games are in a large archive) is told apart through
// the players' index: each copy with its players spelt otherwise joins
// its game, and no game is merged with another.
func TestDupesManyGamesOfOneMoves(t *testing.T) {
	var b strings.Builder
	for i := range 150 {
		fmt.Fprintf(&b, "[GameType \"20\"]\n[White \"Anna Smith%d\"]\n[Black \"Bob Jones%d\"]\n1. 32-28 *\n\n", i, i)
	}
	for i := range 10 {
		fmt.Fprintf(&b, "[GameType \"20\"]\n[White \"A. Smith%d\"]\n[Black \"Jones%d, B.\"]\n1. 32-28 *\n\n", i*7, i*7)
	}
	d := archive.NewDupes()
	for i, r := range reports(t, "f.pdn", b.String(), archive.DupesTrace) {
		d.Add(r, i+1)
	}
	var groups []string
	d.Groups(func(g *archive.Group) error {
		groups = append(groups, copiesText(g))
		return nil
	})
	if len(groups) != 10 || groups[0] != "f.pdn 1 best, f.pdn 151" || groups[9] != "f.pdn 64 best, f.pdn 160" {
		t.Errorf("groups %q", groups)
	}
	games := 0
	d.Conflicts(func(c *archive.Conflict) error {
		games += len(c.Games)
		for _, g := range c.Games {
			if g.Note != "" {
				t.Errorf("%s: %s", copiesText(g), g.Note)
			}
		}
		return nil
	})
	if games != 150 || d.Games() != 150 || len(d.Keep()) != 150 {
		t.Errorf("%d games in the conflicts, %d distinct, %d kept; want 150", games, d.Games(), len(d.Keep()))
	}
}
