package archive

import (
	"bufio"
	"bytes"
	"embed"
	"fmt"
	"path"
	"strconv"
	"strings"
	"sync"

	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/variants"
)

// The ballot lists (ballots/SOURCES.md says where each comes from).
//
//go:embed ballots/*.fen ballots/*.txt
var ballotFiles embed.FS

// Ballot is an opening ballot a game was played from.
type Ballot struct {
	List   string // "2-move", "3-move" (international), "ACF 3-move", "11-man" (English)
	Number int    // its number in its list (0 for the 11-man ballots)
	// Label is the Ballot tag's value: "3-move 17", "ACF 5", "11-man 5/28".
	Label string
	// Name is the opening's common name where the list gives one (the
	// Opening tag's value), else "".
	Name   string
	Moves  string // the ballot's moves where the list gives them
	Status string // ACF: deck, deck-2003 or barred
	Plies  int    // how many plies from the start it stands for
}

// Matches says whether the ballot's label, list or name matches one of
// the globs, without regard to case ("ACF 5", "acf *", "3-move 1?", "Octopus").
func (b *Ballot) Matches(globs []string) bool {
	for _, g := range globs {
		g = strings.ToLower(strings.TrimSpace(g))
		for _, s := range []string{b.Label, b.Name, b.List} {
			if s == "" {
				continue
			}
			if ok, _ := path.Match(g, strings.ToLower(s)); ok {
				return true
			}
		}
	}
	return false
}

// Ballots classifies games by the ballot lists, built once from the
// embedded data (on first use: it replays the ACF ballots' moves).
type Ballots struct {
	once   sync.Once
	err    error
	tables map[string]*ballotTable // by variant name
}

type ballotTable struct {
	start   string                     // the key of the variant's start position
	byPlies map[int]map[string]*Ballot // plies from the start -> position key -> ballot
	plies   []int                      // the keys of byPlies, most first
	setUp   map[string]*Ballot         // a game set up at the ballot's position
}

// DefaultBallots are the lists arbiter ships.
var DefaultBallots = &Ballots{}

// Err says why the lists could not be built (nil when they were).
func (bs *Ballots) Err() error {
	bs.once.Do(bs.build)
	return bs.err
}

// Of is the ballot the game of rep was played from, nil if none of the
// lists has it. The report needs the positions of its main line
// (referee.TracePositions). A game from the variant's start is matched on
// the position after each list's plies (the longest list first: a 3-move
// ballot before the 2-move one it continues); a game set up at a ballot's
// position (as engine matches write them) on its start.
func (bs *Ballots) Of(rep *referee.Report) *Ballot {
	bs.once.Do(bs.build)
	t := rep.Trace
	tb := bs.tables[rep.Variant]
	if tb == nil || t == nil || len(t.Keys) == 0 {
		return nil
	}
	if t.Keys[0] != tb.start {
		return tb.setUp[t.Keys[0]]
	}
	for _, p := range tb.plies {
		if p < len(t.Keys) {
			if b := tb.byPlies[p][t.Keys[p]]; b != nil {
				return b
			}
		}
	}
	return nil
}

func (bs *Ballots) build() {
	bs.tables = map[string]*ballotTable{}
	add := func(variant string, b *Ballot, key string) {
		tb := bs.tables[variant]
		if tb == nil {
			tb = &ballotTable{byPlies: map[int]map[string]*Ballot{}, setUp: map[string]*Ballot{}}
			bs.tables[variant] = tb
		}
		if b.Plies > 0 {
			if tb.byPlies[b.Plies] == nil {
				tb.byPlies[b.Plies] = map[string]*Ballot{}
				tb.plies = append(tb.plies, b.Plies)
				for i := len(tb.plies) - 1; i > 0 && tb.plies[i] > tb.plies[i-1]; i-- {
					tb.plies[i], tb.plies[i-1] = tb.plies[i-1], tb.plies[i]
				}
			}
			if _, dup := tb.byPlies[b.Plies][key]; !dup {
				tb.byPlies[b.Plies][key] = b
			}
		}
		if _, dup := tb.setUp[key]; !dup {
			tb.setUp[key] = b
		}
	}
	fail := func(err error) {
		if bs.err == nil {
			bs.err = err
		}
	}
	for _, l := range []struct {
		file, list string
		plies      int
	}{{"ballots/international-3-move.fen", "3-move", 3}, {"ballots/international-2-move.fen", "2-move", 2}} {
		v, err := variants.Lookup("international")
		if err != nil {
			fail(err)
			return
		}
		if err := bs.setStart(v); err != nil {
			fail(err)
			return
		}
		data, err := ballotFiles.ReadFile(l.file)
		if err == nil {
			err = ReadFENList(l.file, data, v, l.list, l.plies, func(b *Ballot, key string) { add(v.Name, b, key) })
		}
		if err != nil {
			fail(err)
		}
	}
	english, err := variants.Lookup("english")
	if err != nil {
		fail(err)
		return
	}
	if err := bs.setStart(english); err != nil {
		fail(err)
		return
	}
	data, err := ballotFiles.ReadFile("ballots/acf-3-move.txt")
	if err == nil {
		err = ReadACFList("ballots/acf-3-move.txt", data, english, func(b *Ballot, key string) { add(english.Name, b, key) })
	}
	if err != nil {
		fail(err)
	}
	// The 11-man ballots: one man of each side off the start.
	for b := 1; b <= 12; b++ {
		for w := 21; w <= 32; w++ {
			fen := "B:W" + squaresBut(21, 32, w) + ":B" + squaresBut(1, 12, b)
			key, _, err := referee.PositionKeyOf(english, fen)
			if err != nil {
				fail(err)
				return
			}
			label := fmt.Sprintf("11-man %d/%d", b, w)
			add(english.Name, &Ballot{List: "11-man", Label: label}, key)
		}
	}
}

// setStart keeps the key of the variant's start position.
func (bs *Ballots) setStart(v *variants.Variant) error {
	if tb := bs.tables[v.Name]; tb != nil && tb.start != "" {
		return nil
	}
	rep, err := replayMoves(v, "")
	if err != nil {
		return err
	}
	tb := bs.tables[v.Name]
	if tb == nil {
		tb = &ballotTable{byPlies: map[int]map[string]*Ballot{}, setUp: map[string]*Ballot{}}
		bs.tables[v.Name] = tb
	}
	tb.start = rep.Trace.Keys[0]
	return nil
}

// keyAfter is the key of the position a ballot's moves reach from the
// variant's start, replayed by its family.
func keyAfter(v *variants.Variant, moves string) (string, error) {
	rep, err := replayMoves(v, moves)
	if err != nil {
		return "", err
	}
	n := len(strings.Fields(moves))
	if rep.Verdict != referee.Valid || rep.Plies != n {
		return "", fmt.Errorf("%q is not %d legal plies from the start of %s", moves, n, v.Name)
	}
	return rep.Trace.Keys[n], nil
}

func replayMoves(v *variants.Variant, moves string) (*referee.Report, error) {
	text := "1. " + moves + " *\n"
	sp := pdn.NewSplitter(strings.NewReader(text), pdn.Options{})
	g, err := sp.Next()
	if err != nil {
		return nil, err
	}
	opts := referee.Options{Variant: v, Trace: referee.TracePositions}
	rep := referee.Check(referee.ParseGameFor(g, "ballot", opts), opts)
	if rep.Trace == nil {
		return nil, fmt.Errorf("arbiter cannot trace %s games", v.Name)
	}
	return rep, nil
}

func squaresBut(lo, hi, but int) string {
	var out []string
	for s := lo; s <= hi; s++ {
		if s != but {
			out = append(out, strconv.Itoa(s))
		}
	}
	return strings.Join(out, ",")
}

// ReadFENList reads a list of ballots, one position a line (a FEN in the
// variant's form: the position after the ballot's plies from the start),
// numbered by line from 1; blank lines and # comments are skipped and not
// numbered. add is called with each ballot and its position's key; an
// error names the file and line.
func ReadFENList(file string, data []byte, v *variants.Variant, list string, plies int, add func(*Ballot, string)) error {
	n := 0
	return eachLine(file, data, func(line string, _ int) error {
		n++
		key, _, err := referee.PositionKeyOf(v, line)
		if err != nil {
			return err
		}
		add(&Ballot{List: list, Number: n, Label: fmt.Sprintf("%s %d", list, n), Plies: plies}, key)
		return nil
	})
}

// ReadACFList reads the ACF's 3-move list of English checkers: a line per
// ballot, NUMBER<TAB>MOVES<TAB>STATUS<TAB>NAME (NAME may be empty); the
// moves are replayed from the start under v. Blank lines and # comments
// are skipped; an error names the file and line.
func ReadACFList(file string, data []byte, v *variants.Variant, add func(*Ballot, string)) error {
	return eachLine(file, data, func(line string, _ int) error {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			return fmt.Errorf("%q: want 4 fields parted by tabs (number, moves, status, name)", line)
		}
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 1 {
			return fmt.Errorf("%q: the ballot's number is needed first", line)
		}
		key, err := keyAfter(v, f[1])
		if err != nil {
			return fmt.Errorf("ACF %d: %v", n, err)
		}
		add(&Ballot{List: "ACF 3-move", Number: n, Label: fmt.Sprintf("ACF %d", n), Name: f[3], Moves: f[1], Status: f[2], Plies: 3}, key)
		return nil
	})
}

// eachLine calls each with the lines of a list that are neither blank nor
// comments (#), and their numbers; its error is each's, at file:line.
func eachLine(file string, data []byte, each func(line string, n int) error) error {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, len(data)+1)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if err := each(line, n); err != nil {
			return fmt.Errorf("%s:%d: %v", file, n, err)
		}
	}
	return sc.Err()
}
