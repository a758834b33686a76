package archive

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"arbiter/notation"
	"arbiter/referee"
	_ "arbiter/referee/draughts" // the ballot lists' positions
	"arbiter/variants"
)

// The fuzz targets of what the archivist's commands read from a user:
// --where, --material, --games, split's --template, players' names and
// the tags dupes compares, and the ballot lists. None may panic.

// FuzzTagFilter: a --where condition that reads is a valid tag name, an
// operator and a value, and matches any tags without panicking; TAG=VALUE
// (no glob) matches a tag of that value.
func FuzzTagFilter(f *testing.F) {
	for _, s := range []string{"White~Sijbrands", "Date>=2010", "Result=2-0", "Event=*Open*", "Round!=1", "White!~^x",
		"Date<2010.04", "a=[", "x~(", "White=", "=x", "W h=x", "Date>=2010.??.13", "Round>99999999999999999999"} {
		f.Add(s, "White", "Sijbrands, Ton")
	}
	f.Fuzz(func(t *testing.T, cond, name, value string) {
		tf, err := ParseTagFilter(cond)
		if err != nil {
			return
		}
		if !validTagName(tf.Name) || !strings.Contains("= != ~ !~ >= <= > <", tf.Op) {
			t.Fatalf("%q read as %+v", cond, tf)
		}
		tags := []notation.Tag{{Name: name, Value: value}, {Name: tf.Name, Value: value}}
		tf.Match(tags)
		tf.Match(nil)
		if tf.Op == "=" && !tf.glob && tf.Value == strings.TrimSpace(tf.Value) && !tf.Match([]notation.Tag{{Name: strings.ToUpper(tf.Name), Value: tf.Value}}) {
			t.Fatalf("%q does not match a tag %s of value %q", cond, tf.Name, tf.Value)
		}
	})
}

// FuzzMaterial: --material that reads holds for the material it names,
// either colour.
func FuzzMaterial(f *testing.F) {
	for _, s := range []string{"3K:1K", "2K1M:K", "KKK:K", "3K", "3X:K", "3:K", "0:K", ":", "1000K:1", "999M999M:K"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMaterial(s)
		if err != nil {
			return
		}
		if !m.match(m.a) || !m.match(m.b) {
			t.Fatalf("%q does not hold for its own material %+v", s, m.a)
		}
		for i := range 2 {
			if m.a.Men[i] < 0 || m.a.Kings[i] < 0 {
				t.Fatalf("%q: negative counts %+v", s, m.a)
			}
		}
	})
}

// FuzzRanges: --games that reads holds exactly the numbers of its ranges,
// and its Last.
func FuzzRanges(f *testing.F) {
	for _, s := range []string{"1-10,15,20-", "1", "0", "5-3", "-5", "1--5", ",,", "3-", " 2 - 4 ", "99999999999999999999"} {
		f.Add(s, 7)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		r, err := ParseRanges(s)
		if err != nil {
			return
		}
		in := false
		for _, x := range r {
			if x[0] < 1 || x[1] < x[0] {
				t.Fatalf("%q read as %v", s, r)
			}
			in = in || n >= x[0] && n <= x[1]
		}
		if r.Has(n) != in || !r.Has(r.Last()) {
			t.Fatalf("%q (%v): Has(%d) = %v, Last %d", s, r, n, r.Has(n), r.Last())
		}
	})
}

// FuzzFileNames: split's templates never panic, and a tag's value becomes
// part of one file name: no folder separator, no control character, never
// "." or "..", at most 80 characters.
func FuzzFileNames(f *testing.F) {
	for _, s := range []string{"{file}-{game:04}.pdn", "{event}-round-{round}.pdn", "{player}.pdn", "{year}/{month}.pdn",
		"{tag:Round}.pdn", "{nope}", "{game:x}", "{", "}{", "{n:99}", "{date}"} {
		f.Add(s, "Open/2024: A", 7)
	}
	f.Add("{white}", "..", 1)
	f.Add("{white}", "a\x00b\n", 1)
	f.Fuzz(func(t *testing.T, tmpl, value string, game int) {
		tags := []notation.Tag{{Name: "White", Value: value}, {Name: "Black", Value: value + "x"}, {Name: "Event", Value: value},
			{Name: "Round", Value: value}, {Name: "Date", Value: value}, {Name: "Site", Value: value}, {Name: "Result", Value: value}}
		CheckTemplate(tmpl)
		FileNames(tmpl, tags, value, game, game)
		for _, field := range []string{"white", "player", "event", "round", "date", "year", "month", "site", "result", "tag:White", "file"} {
			names, err := FileNames("{"+field+"}", tags, value, game, game)
			if err != nil {
				t.Fatalf("{%s}: %v", field, err)
			}
			for _, name := range names {
				if name == "." || name == ".." || filepath.Base(name) != name || strings.ContainsAny(name, `/\`) ||
					strings.IndexFunc(name, unicode.IsControl) >= 0 || utf8.RuneCountInString(name) > 80 || !utf8.ValidString(name) {
					t.Fatalf("{%s} of %q: file name %q", field, value, name)
				}
			}
		}
	})
}

// FuzzIdentity: comparing two copies' tags is symmetric and never
// panics; a copy fits itself; an identity survives its packing.
func FuzzIdentity(f *testing.F) {
	f.Add("MF Tinsley", "Tinsley, Marion", "1952", "1952.05.01", "Lakeside 1952", "round 01")
	f.Add("Romanov V.A.", "Romanov V.N.", "12-08-2021", "2021.08.12", "", "1.1")
	f.Add("Sijbrands Ton", "Ton Sijbrands", "1952.??", "??", "a", "")
	f.Add("a, ", ", b", "1.2.3.4", "99999.1", "\x00", "\xff")
	f.Fuzz(func(t *testing.T, a, b, da, db, event, round string) {
		x := Identity{White: a, Black: b, Date: da, Event: event, Round: round}
		y := Identity{White: b, Black: a, Date: db, Event: round, Round: event}
		if SamePlayer(a, b) != SamePlayer(b, a) {
			t.Fatalf("SamePlayer(%q, %q) is not symmetric", a, b)
		}
		// dupes' index finds every name a name may be.
		if fa, fb := formOfPlayer(a), formOfPlayer(b); samePlayer(&fa, &fb) && fa.words > 0 {
			index := indexKeys(&fb)
			found := false
			for _, k := range lookupKeys(&fa) {
				found = found || slices.Contains(index, k)
			}
			if !found {
				t.Fatalf("%q fits %q, but its lookup %q misses the index %q", a, b, lookupKeys(&fa), index)
			}
		}
		if SameDate(da, db) != SameDate(db, da) {
			t.Fatalf("SameDate(%q, %q) is not symmetric", da, db)
		}
		if strings.Join(x.Conflict(y), ",") != strings.Join(y.Conflict(x), ",") {
			t.Fatalf("Conflict is not symmetric: %v / %v", x.Conflict(y), y.Conflict(x))
		}
		if !x.Compatible(x) || len(x.Conflict(x)) > 0 {
			t.Fatalf("%+v does not fit itself: %v", x, x.Conflict(x))
		}
		if got := unpackIdentity(packIdentity(x)); got != x {
			t.Fatalf("packed %+v, read back %+v", x, got)
		}
		_ = x.String()
	})
}

// FuzzNames: the names command's grouping of any spellings never panics,
// and puts each spelling in one cluster at most.
func FuzzNames(f *testing.F) {
	f.Add("Koops, Lambert Jan\nKoops, Lambert-Jan\nkoops, Lambert Jan\nRomanov V.A.\nRomanov V.N.")
	f.Add("Sijbrands, Ton\nTon Sijbrands\nEstèbe, René\nEstebe, Rene\n?\n-\n\xff\xfe")
	f.Fuzz(func(t *testing.T, list string) {
		n := NewNames()
		for _, s := range strings.Split(list, "\n") {
			n.Add(s)
		}
		seen := map[string]bool{}
		for _, c := range n.Clusters() {
			for _, s := range c.Spellings {
				if seen[s.Name] {
					t.Fatalf("%q in two clusters", s.Name)
				}
				seen[s.Name] = true
			}
		}
		n.Players()
	})
}

// FuzzBallotLists: the readers of the ballot lists (the embedded files,
// and any list given to them) never panic, and an error is at a line of
// the list.
func FuzzBallotLists(f *testing.F) {
	for _, name := range []string{"ballots/international-2-move.fen", "ballots/acf-3-move.txt"} {
		b, err := ballotFiles.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b[:min(len(b), 2000)]))
	}
	f.Add("1\t9-13 21-17 5-9\tdeck\t\n2\t9-13\tdeck\tx\n")
	f.Add("W:W31-50:B1-20\n\n# c\nW:W99:B1\n")
	f.Add("0\t\t\t\n-1\tx\ty\tz\n1\t9-13 21-17 5-9 1-6 6-10 10-14 14-17\tdeck\t\n")
	international, err := variants.Lookup("international")
	if err != nil {
		f.Fatal(err)
	}
	english, err := variants.Lookup("english")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, list string) {
		lines := strings.Count(list, "\n") + 1
		check := func(err error) {
			if err == nil {
				return
			}
			var n int
			if _, serr := fmtSscanLine(err.Error(), &n); serr != nil || n < 1 || n > lines {
				t.Fatalf("error not at a line of the %d-line list: %v", lines, err)
			}
		}
		add := func(b *Ballot, key string) {
			if b.Label == "" || key == "" {
				t.Fatalf("ballot %+v, key %q", b, key)
			}
		}
		check(ReadFENList("l.fen", []byte(list), international, "2-move", 2, add))
		check(ReadACFList("l.txt", []byte(list), english, add))
	})
}

// fmtSscanLine reads the line of an error "l.fen:LINE: ...".
func fmtSscanLine(msg string, n *int) (int, error) {
	_, rest, ok := strings.Cut(msg, ":")
	if !ok {
		return 0, errors.New("no file")
	}
	num, _, ok := strings.Cut(rest, ":")
	if !ok {
		return 0, errors.New("no line")
	}
	v := 0
	for _, c := range num {
		if c < '0' || c > '9' {
			return 0, errors.New("no line")
		}
		v = 10*v + int(c-'0')
	}
	*n = v
	return 1, nil
}

// FuzzDupes: any games grouped give every game's copies back once, and
// --keep best keeps one copy of each distinct game.
func FuzzDupes(f *testing.F) {
	f.Add("[White \"A\"]\n1. 32-28 *\n\n[White \"B\"]\n1. 32-28 *\n\n1. 32-28 1-0\n\n[White \"a\"]\n[Date \"2001\"]\n1. 32-28 0-1\n")
	f.Add("[Event \"Lakeside 1952\"]\n[White \"L Rosenfield\"]\n1. 10x15 22-17 1/2-1/2\n\n[Event \"Lakeside 1974\"]\n[White \"R Martin\"]\n1. 10x15 22-17 1/2-1/2\n\n1. 10x15 22-17 *\n")
	f.Fuzz(func(t *testing.T, text string) {
		d := NewDupes()
		seq := 0
		err := referee.CheckStream(strings.NewReader(text), "f.pdn", referee.StreamOptions{Options: referee.Options{Trace: DupesTrace}, Jobs: 1}, func(r *referee.Report) error {
			seq++
			d.Add(r, seq)
			return nil
		})
		if err != nil {
			return
		}
		copies := 0
		d.Groups(func(g *Group) error {
			copies += len(g.Copies)
			best := 0
			for _, c := range g.Copies {
				if c.Best {
					best++
				}
			}
			if best != 1 {
				t.Fatalf("a game with %d best copies", best)
			}
			return nil
		})
		d.Conflicts(func(c *Conflict) error {
			if len(c.Games) < 2 {
				t.Fatalf("a conflict of %d games", len(c.Games))
			}
			return nil
		})
		if keep := d.Keep(); len(keep) != d.Games() || len(keep) > seq-d.Untraced() {
			t.Fatalf("keeps %d of %d games, %d distinct", len(keep), seq, d.Games())
		}
	})
}
