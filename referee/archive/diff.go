package archive

import (
	"hash/fnv"
	"strings"

	"arbiter/referee"
)

// Release is one release of an archive, a line per game: enough to tell
// the games added, removed and changed between two releases (a few words
// per game, never its text).
type Release struct {
	Games []Entry
}

// Entry is one game of a release.
type Entry struct {
	Hash  [16]byte // GameHash: what was played
	Text  uint64   // the game's text with white space folded: what was written
	File  string
	Game  int
	Label string // "White - Black, Event, Date" for a report
	key   string // Event, Round, White, Black, Date: the same game's place
}

// EntryOf reads a report (with a referee.TraceHash trace) into an entry.
// A game whose family does not trace is keyed on its text.
func EntryOf(rep *referee.Report) Entry {
	e := Entry{File: rep.File, Game: rep.Game, Label: describe(rep), key: placeKey(rep)}
	if rep.Record != nil {
		e.Text = foldedHash(rep.Record.Text)
	}
	if rep.Trace != nil {
		e.Hash = rep.Trace.Hash
	} else {
		h := fnv.New128a()
		h.Write([]byte("untraced\n"))
		var b [8]byte
		for i := range b {
			b[i] = byte(e.Text >> (8 * i))
		}
		h.Write(b[:])
		copy(e.Hash[:], h.Sum(nil))
	}
	return e
}

func describe(rep *referee.Report) string {
	parts := []string{}
	if p := rep.Players(); p != "" {
		parts = append(parts, p)
	}
	for _, name := range []string{"Event", "Round", "Date"} {
		if v := tagOf(rep, name); v != "" {
			parts = append(parts, name+" "+v)
		}
	}
	return strings.Join(parts, ", ")
}

func tagOf(rep *referee.Report, name string) string {
	for _, t := range rep.Tags {
		if strings.EqualFold(t.Name, name) {
			v := strings.TrimSpace(t.Value)
			if strings.Trim(v, "?.-") == "" {
				return ""
			}
			return v
		}
	}
	return ""
}

// placeKey is where a game stands in its archive, when its tags say so:
// its event, round, players and date; "" when it has no players.
func placeKey(rep *referee.Report) string {
	w, b := tagOf(rep, "White"), tagOf(rep, "Black")
	if w == "" || b == "" {
		return ""
	}
	return strings.Join([]string{tagOf(rep, "Event"), tagOf(rep, "Round"), w, b, tagOf(rep, "Date")}, "\x00")
}

func foldedHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(strings.Join(strings.Fields(s), " ")))
	return h.Sum64()
}

// Change is a game of the new release that stands for one of the old.
type Change struct {
	Old, New Entry
	// Moves is true when what was played changed (a move corrected: the
	// game is paired by its event, round, players and date), false when
	// only what was written about it did (tags, comments).
	Moves bool
}

// Differences are the games added, removed and changed.
type Differences struct {
	Added, Removed []Entry
	Changed        []Change
	Same           int
}

// Diff compares two releases game by game: a game is the same when its
// GameHash is (as many copies as each release has); of the same game, one
// whose text changed is changed; a game removed and one added at the same
// place (event, round, players, date, each found once) are one game whose
// moves changed.
func Diff(old, new *Release) Differences {
	var d Differences
	pool := map[[16]byte][]Entry{}
	for _, e := range old.Games {
		pool[e.Hash] = append(pool[e.Hash], e)
	}
	var added []Entry
	for _, e := range new.Games {
		olds := pool[e.Hash]
		if len(olds) == 0 {
			added = append(added, e)
			continue
		}
		// The copy with the same text first, else the first.
		k := 0
		for i, o := range olds {
			if o.Text == e.Text {
				k = i
				break
			}
		}
		o := olds[k]
		pool[e.Hash] = append(olds[:k:k], olds[k+1:]...)
		if o.Text == e.Text {
			d.Same++
		} else {
			d.Changed = append(d.Changed, Change{Old: o, New: e})
		}
	}
	var removed []Entry
	for _, e := range old.Games {
		if olds := pool[e.Hash]; len(olds) > 0 && olds[0].File == e.File && olds[0].Game == e.Game {
			removed = append(removed, e)
			pool[e.Hash] = olds[1:]
		}
	}
	// Pair a removed game and an added one at the same unique place.
	count := map[string]int{}
	for _, e := range removed {
		count["o"+e.key]++
	}
	for _, e := range added {
		count["n"+e.key]++
	}
	byKey := map[string]Entry{}
	for _, e := range removed {
		if e.key != "" && count["o"+e.key] == 1 && count["n"+e.key] == 1 {
			byKey[e.key] = e
		}
	}
	paired := map[string]bool{}
	for _, e := range added {
		if o, ok := byKey[e.key]; ok {
			d.Changed = append(d.Changed, Change{Old: o, New: e, Moves: true})
			paired[e.key] = true
			continue
		}
		d.Added = append(d.Added, e)
	}
	for _, e := range removed {
		if !paired[e.key] || e.key == "" {
			d.Removed = append(d.Removed, e)
		}
	}
	return d
}
