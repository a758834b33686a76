package archive_test

import (
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/referee/archive"
	_ "arbiter/referee/draughts"
)

// reports checks every game of text with the trace asked for.
func reports(t *testing.T, file, text string, trace uint8) []*referee.Report {
	t.Helper()
	var out []*referee.Report
	err := referee.CheckStream(strings.NewReader(text), file, referee.StreamOptions{Options: referee.Options{Trace: trace}, Jobs: 1}, func(r *referee.Report) error {
		out = append(out, r)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var _ = pdn.Options{}

func TestTagFilter(t *testing.T) {
	tags := []notation.Tag{{Name: "White", Value: "Sijbrands, Ton"}, {Name: "Date", Value: "2010.4.13"}, {Name: "Result", Value: "2-0"}, {Name: "Round", Value: "10"}}
	for _, c := range []struct {
		cond string
		want bool
	}{
		{"white~sijbrands", true}, {"White~^Sij", true}, {"White!~sijbrands", false},
		{"Result=2-0", true}, {"result=0-2", false}, {"Result!=0-2", true},
		{"White=Sij*", true}, {"White=sij*", false},
		{"Date>=2010", true}, {"Date>2010", false}, {"Date<=2010.4", true}, {"Date<2010.10", true}, {"Date>=2010.10", false},
		{"Round>9", true}, {"Round<9", false},
		{"Event=", true}, {"Event~x", false},
	} {
		f, err := archive.ParseTagFilter(c.cond)
		if err != nil {
			t.Fatalf("%s: %v", c.cond, err)
		}
		if got := f.Match(tags); got != c.want {
			t.Errorf("%s: %v, want %v", c.cond, got, c.want)
		}
	}
	for _, bad := range []string{"White", "=x", "Wh ite=x", "White~(", "White=[x"} {
		if _, err := archive.ParseTagFilter(bad); err == nil {
			t.Errorf("%q read as a condition", bad)
		}
	}
}

func TestMaterialAndRanges(t *testing.T) {
	for _, c := range []struct{ spec, err string }{{"3K:1K", ""}, {"2K1M:K", ""}, {"KKK:K", ""}, {"3K", "SIDE:SIDE"}, {"3X:K", "not a count"}, {"3:K", "without K or M"}} {
		_, err := archive.ParseMaterial(c.spec)
		if (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want %q", c.spec, err, c.err)
		}
	}
	r, err := archive.ParseRanges("1-3,7,10-")
	if err != nil {
		t.Fatal(err)
	}
	for n, want := range map[int]bool{1: true, 3: true, 4: false, 7: true, 9: false, 10: true, 1000: true} {
		if r.Has(n) != want {
			t.Errorf("%d: %v", n, !want)
		}
	}
}

// A king ending: --position finds the position wherever it arises, and
// --material the kings against kings, either colour.
func TestFilterPositionAndMaterial(t *testing.T) {
	text := "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n[GameType \"20\"]\n[FEN \"W:WK10,K20,K30:BK45\"]\n1. 10-5 *\n"
	reps := reports(t, "t.pdn", text, referee.TracePositions)
	pos := &archive.Filter{MaxPlies: -1, Positions: []string{"W:W31,33-50:B1-13,15-18,20,23"}}
	mat1, _ := archive.ParseMaterial("1K:3K")
	mat := &archive.Filter{MaxPlies: -1, Material: []archive.MaterialSpec{mat1}}
	if !pos.Match(reps[0], 1) || pos.Match(reps[1], 2) {
		t.Errorf("--position: %v %v, want true false", pos.Match(reps[0], 1), pos.Match(reps[1], 2))
	}
	if mat.Match(reps[0], 1) || !mat.Match(reps[1], 2) {
		t.Errorf("--material: %v %v, want false true", mat.Match(reps[0], 1), mat.Match(reps[1], 2))
	}
}

// The French championship spells Lambert Jan Koops three ways; one
// canonical form. Two people with other initials stay two.
func TestNamesClusters(t *testing.T) {
	n := archive.NewNames()
	for name, games := range map[string]int{"Koops, Lambert Jan": 9, "Koops, Lambert-Jan": 1, "koops, Lambert Jan": 1,
		"Romanov V.A.": 3, "Romanov V.N.": 3, "Sijbrands, Ton": 4, "Ton Sijbrands": 1, "Estèbe, René": 2, "Estebe, Rene": 1,
		"Jansen, Piet": 2, "Janssen, Piet": 1} {
		for range games {
			n.Add(name)
		}
	}
	got := map[string]string{}
	for _, c := range n.Clusters() {
		var s []string
		for _, sp := range c.Spellings {
			s = append(s, sp.Name)
		}
		got[c.Canonical] = strings.Join(s, " | ") + " (" + strings.Join(c.Why, ", ") + ")"
	}
	want := map[string]string{
		"Koops, Lambert Jan": "Koops, Lambert Jan | Koops, Lambert-Jan | koops, Lambert Jan (case, hyphens)",
		"Sijbrands, Ton":     "Sijbrands, Ton | Ton Sijbrands (order)",
		"Estèbe, René":       "Estèbe, René | Estebe, Rene (accents)",
		"Jansen, Piet":       "Jansen, Piet | Janssen, Piet (a letter off)",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("clusters %v, want %d", got, len(want))
	}
}

func TestBallots(t *testing.T) {
	if err := archive.DefaultBallots.Err(); err != nil {
		t.Fatal(err)
	}
	text := "[GameType \"21\"]\n1. 9-13 22-18 2. 6-9 18-14 *\n\n" + // ACF 5, Dreaded Edinburgh
		"[GameType \"21\"]\n[FEN \"B:W21-31:B2-12\"]\n1. 9-13 *\n\n" + // 11-man 1/32
		"[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n" +
		"[GameType \"20\"]\n[FEN \"W:W26,32-50:B1-15,17-21\"]\n1. 26-22 *\n" // 2-move 1, set up
	reps := reports(t, "t.pdn", text, referee.TracePositions)
	want := []string{"ACF 5 Dreaded Edinburgh", "11-man 1/32", "", "2-move 1"}
	for i, r := range reps {
		got := ""
		if b := archive.DefaultBallots.Of(r); b != nil {
			got = strings.TrimSpace(b.Label + " " + b.Name)
		}
		if got != want[i] && !(i == 2 && got != "") {
			t.Errorf("game %d: ballot %q, want %q (%v)", i+1, got, want[i], r.Diagnostics)
		}
	}
}

// Copies of one game in other notations are one group; a cut-off copy of
// 20 plies or more is found in the longer game, before it or after it.
func TestDupes(t *testing.T) {
	// The world title match 2024, game 2 (testdata), its first 24 moves.
	long := "1. 34-30 20-25 2. 30-24 19x30 3. 35x24 18-22 4. 31-26 14-19 5. 40-35 19x30 6. 35x24 10-14 7. 24-20 15x24 8. 33-28 22x33 9. 38x20 12-18 10. 20-15 7-12 11. 42-38 14-19 12. 39-33 5-10 13. 47-42 10-14 14. 44-39 19-24"
	cut := "1. 34-30 20-25 2. 30-24 19x30 3. 35x24 18-22 4. 31-26 14-19 5. 40-35 19x30 6. 35x24 10-14 7. 24-20 15x24 8. 33-28 22x33 9. 38x20 12-18 10. 20-15 7-12 11. 42-38 14-19"
	text := "[GameType \"20\"]\n[Result \"*\"]\n" + cut + " *\n\n" +
		"[GameType \"20\"]\n[White \"A\"]\n[Black \"B\"]\n" + long + " 2-0\n\n" +
		"[GameType \"20\"]\n" + strings.ReplaceAll(long, "28x19", "28x19 {forced}") + " 2-0\n"
	d := archive.NewDupes()
	for i, r := range reports(t, "t.pdn", text, archive.DupesTrace) {
		if r.Verdict != referee.Valid {
			t.Fatalf("game %d: %v", i+1, r.Diagnostics)
		}
		d.Add(r, i+1)
	}
	if need, _ := d.NeedsSecondPass(); need {
		t.Errorf("the cut-off game came first: no second reading needed")
	}
	var g []*archive.Group
	d.Groups(func(x *archive.Group) error { g = append(g, x); return nil })
	if len(g) != 1 || len(g[0].Copies) != 2 || len(g[0].Contains) != 1 || !g[0].Copies[0].Best {
		t.Fatalf("groups %+v", g)
	}
	if keep := d.Keep(); len(keep) != 1 || !keep.Has(2) {
		t.Errorf("keep %v, want game 2 alone", keep)
	}
}

func TestDiff(t *testing.T) {
	old := "[GameType \"20\"]\n[White \"A\"]\n[Black \"B\"]\n1. 32-28 19-23 *\n\n[GameType \"20\"]\n[White \"C\"]\n[Black \"D\"]\n1. 33-28 19-23 *\n\n[GameType \"20\"]\n[White \"E\"]\n[Black \"F\"]\n1. 31-27 *\n"
	new := "[GameType \"20\"]\n[White \"A\"]\n[Black \"B\"]\n[Event \"X\"]\n1. 32-28 19-23 *\n\n[GameType \"20\"]\n[White \"C\"]\n[Black \"D\"]\n1. 33-28 18-23 *\n\n[GameType \"20\"]\n[White \"G\"]\n[Black \"H\"]\n1. 34-29 *\n"
	var rel [2]archive.Release
	for i, text := range []string{old, new} {
		for _, r := range reports(t, "r.pdn", text, referee.TraceHash) {
			rel[i].Games = append(rel[i].Games, archive.EntryOf(r))
		}
	}
	d := archive.Diff(&rel[0], &rel[1])
	if len(d.Added) != 1 || len(d.Removed) != 1 || len(d.Changed) != 2 || d.Same != 0 {
		t.Fatalf("%+v", d)
	}
	if d.Changed[0].Moves || !d.Changed[1].Moves {
		t.Errorf("changed: %+v", d.Changed)
	}
}

func TestFileNames(t *testing.T) {
	tags := []notation.Tag{{Name: "Event", Value: "Open/2024: A"}, {Name: "Round", Value: "3"}, {Name: "White", Value: "Ann"}, {Name: "Black", Value: "Bob"}, {Name: "Date", Value: "2024.05.01"}}
	for _, c := range []struct{ tmpl, want string }{
		{"{event}-round-{round}.pdn", "Open_2024_ A-round-3.pdn"},
		{"{file}-{game:04}.pdn", "games-0007.pdn"},
		{"{year}/{month}.pdn", "2024/2024-05.pdn"},
		{"{player}.pdn", "Ann.pdn|Bob.pdn"},
		{"{site}.pdn", "unknown.pdn"},
		{"{tag:Round}.pdn", "3.pdn"},
	} {
		got, err := archive.FileNames(c.tmpl, tags, "games", 7, 9)
		if err != nil || strings.Join(got, "|") != c.want {
			t.Errorf("%s: %v %v, want %s", c.tmpl, got, err, c.want)
		}
	}
	// {tag} and {TAG} without a name (they sliced past the field: a panic
	// FuzzFileNames found).
	for _, bad := range []string{"{nope}.pdn", "{tag}", "{TAG}.pdn", "{tag:}"} {
		if err := archive.CheckTemplate(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if got, err := archive.FileNames("{TAG:round}.pdn", tags, "games", 7, 9); err != nil || got[0] != "3.pdn" {
		t.Errorf("{TAG:round}: %v %v", got, err)
	}
}
