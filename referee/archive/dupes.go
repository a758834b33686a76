package archive

import (
	"sort"
	"strings"

	"arbiter/referee"
)

// Copy is one copy of a game: where it is and how much it tells.
type Copy struct {
	File  string
	Game  int // its number in its file
	Seq   int // its number in the run
	Plies int
	Info  Info
	// Players is "White - Black" as the copy's tags write them, with its
	// date: copies of one game that disagree on them are worth a look.
	Players string
	// Cut is true for a game that stops without a result (* or none)
	// before the rules ended it: it may be a longer game cut off.
	Cut bool
}

// Info is what a copy tells besides its moves; Score ranks the copies of
// a game (the best is kept).
type Info struct {
	Tags       int  // tags with a value ("?" and "" are none)
	Result     bool // a decided result (not *, not missing)
	Comments   int
	Variations int
	Valid      bool // no error
}

// Score: a valid copy first, then a written result, then the tags and
// comments it has.
func (i Info) Score() int {
	s := i.Tags + 2*i.Comments + 2*i.Variations
	if i.Result {
		s += 10
	}
	if i.Valid {
		s += 1000
	}
	return s
}

// String says what a copy has, for a report: "9 tags, result, 3 comments".
func (i Info) String() string {
	parts := []string{plural(i.Tags, "tag", "tags")}
	if i.Result {
		parts = append(parts, "result")
	}
	if i.Comments > 0 {
		parts = append(parts, plural(i.Comments, "comment", "comments"))
	}
	if i.Variations > 0 {
		parts = append(parts, plural(i.Variations, "variation", "variations"))
	}
	if !i.Valid {
		parts = append(parts, "errors")
	}
	return strings.Join(parts, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return itoa(n) + " " + many
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// InfoOf reads what a report's game tells besides its moves (its text is
// read for comments and variations: the moves may have been released).
func InfoOf(rep *referee.Report) Info {
	info := Info{Valid: rep.Verdict == referee.Valid}
	for _, t := range rep.Tags {
		v := strings.TrimSpace(t.Value)
		if v != "" && strings.Trim(v, "?.-*") != "" {
			info.Tags++
		}
	}
	info.Result = decided(resultOf(rep))
	if rep.Record != nil {
		info.Comments, info.Variations = countAnnotations(rep.Record.Text)
	}
	return info
}

// resultOf is the game's written result: its terminator, else its tag.
func resultOf(rep *referee.Report) string {
	if rep.Result.Terminator != "" {
		return rep.Result.Terminator
	}
	return rep.Result.Tag
}

func decided(r string) bool {
	r = strings.TrimSpace(r)
	return r != "" && r != "*" && r != "?"
}

// countAnnotations counts the comments ({...} and ; lines) and the
// variations ((...) at depth 1) of a game text's movetext.
func countAnnotations(text string) (comments, variations int) {
	depth, inTag := 0, false
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case inTag:
			if c == ']' {
				inTag = false
			}
		case c == '[' && depth == 0:
			inTag = true
		case c == '{':
			comments++
			if j := strings.IndexByte(text[i:], '}'); j >= 0 {
				i += j
			} else {
				return
			}
		case c == ';':
			comments++
			if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
				i += j
			} else {
				return
			}
		case c == '(':
			depth++
			if depth == 1 {
				variations++
			}
		case c == ')':
			if depth > 0 {
				depth--
			}
		}
	}
	return
}

// IsCut says whether a game stops without a result before the rules
// ended it: a cut-off copy of a longer game, maybe.
func IsCut(rep *referee.Report) bool {
	return !decided(resultOf(rep)) && rep.Result.Derived == "" && rep.Plies > 0
}

// Group is one game and its copies, and the cut-off games it continues.
type Group struct {
	Hash   [16]byte
	Plies  int
	Copies []Copy
	// Contains are the groups of cut-off games whose moves are the
	// start of this one's and of no other line (so they are this game,
	// cut off).
	Contains []*Group
	// In is the longest game this cut-off game is the start of, when all
	// the games it is the start of are on one line.
	In *Group
	// conts are the games found to continue this cut-off one (a few).
	conts []*Group
}

// Best is the copy with the most information (the first of those).
func (g *Group) Best() Copy {
	best := g.Copies[0]
	for _, c := range g.Copies[1:] {
		if c.Info.Score() > best.Info.Score() {
			best = c
		}
	}
	return best
}

// Dupes groups games by GameHash as they stream: its memory is a group
// per distinct game, never the games' text.
type Dupes struct {
	groups map[[16]byte]*Group
	order  []*Group
	// cut are the groups of cut-off games, for finding the longer games
	// they are the start of.
	cut map[[16]byte]*Group
	// lastUnfound is the Seq of the last cut-off game for which no longer
	// game was found yet: only the games before it may still hold one.
	lastUnfound int
	untraced    int
	resolved    bool
}

// NewDupes starts an empty grouping.
func NewDupes() *Dupes {
	return &Dupes{groups: map[[16]byte]*Group{}, cut: map[[16]byte]*Group{}}
}

// Trace is what Add needs of a check.
const DupesTrace = referee.TraceHash | referee.TracePrefixes

// Add adds a game (its report with a trace of DupesTrace), the seq-th of
// the run. A game whose family does not trace is counted, not grouped.
func (d *Dupes) Add(rep *referee.Report, seq int) {
	t := rep.Trace
	if t == nil {
		d.untraced++
		return
	}
	c := Copy{File: rep.File, Game: rep.Game, Seq: seq, Plies: t.Plies, Info: InfoOf(rep), Cut: IsCut(rep), Players: rep.Players()}
	if date := tagOf(rep, "Date"); date != "" {
		c.Players = strings.TrimSpace(c.Players + " " + date)
	}
	g := d.groups[t.Hash]
	if g == nil {
		g = &Group{Hash: t.Hash, Plies: t.Plies}
		d.groups[t.Hash] = g
		d.order = append(d.order, g)
	}
	g.Copies = append(g.Copies, c)
	// Is an earlier cut-off game the start of this one?
	d.matchPrefixes(g, t.Prefixes)
	if c.Cut && len(g.Copies) == 1 && t.Plies >= MinCutPlies {
		d.cut[t.Hash] = g
		d.lastUnfound = seq
	}
}

// MinCutPlies is the shortest cut-off game that is looked for in longer
// ones: an opening of a few moves is the start of many games, and no copy
// of any.
const MinCutPlies = 20

// maxConts bounds the continuations kept of one cut-off game: past a
// few, they are on more than one line and the game is no copy of one.
const maxConts = 8

// matchPrefixes notes g as a continuation of the cut-off games whose hash
// is one of its proper prefixes.
func (d *Dupes) matchPrefixes(g *Group, prefixes [][16]byte) {
	if len(d.cut) == 0 {
		return
	}
	for k := MinCutPlies; k < len(prefixes)-1 && k < g.Plies; k++ {
		if c := d.cut[prefixes[k]]; c != nil && c != g && len(c.conts) < maxConts && !containsGroup(c.conts, g) {
			c.conts = append(c.conts, g)
			d.resolved = false
		}
	}
}

// resolve sets In and Contains: a cut-off game is in the longest game
// that continues it when every game that continues it is on that line
// (the others are cut-off games themselves, the start of that one).
func (d *Dupes) resolve() {
	if d.resolved {
		return
	}
	d.resolved = true
	for _, g := range d.order {
		g.In, g.Contains = nil, nil
	}
	for _, c := range d.order {
		if len(c.conts) == 0 || len(c.conts) >= maxConts {
			continue
		}
		var longest *Group
		for _, x := range c.conts {
			if longest == nil || x.Plies > longest.Plies {
				longest = x
			}
		}
		oneLine := true
		for _, x := range c.conts {
			if x != longest && !containsGroup(x.conts, longest) {
				oneLine = false
			}
		}
		if oneLine {
			c.In = longest
		}
	}
	for _, c := range d.order {
		if c.In != nil {
			top := c.In
			for top.In != nil && top.In != c {
				top = top.In
			}
			c.In = top
			top.Contains = append(top.Contains, c)
		}
	}
}

func containsGroup(list []*Group, g *Group) bool {
	for _, x := range list {
		if x == g {
			return true
		}
	}
	return false
}

// NeedsSecondPass says whether a cut-off game may be the start of a game
// read before it, and up to which game (Seq) a second reading must go to
// find it: the first reading only matched cut-off games with the games
// after them.
func (d *Dupes) NeedsSecondPass() (bool, int) {
	last := 0
	for _, g := range d.cut {
		if len(g.conts) == 0 {
			last = max(last, g.Copies[0].Seq)
		}
	}
	return last > 0, last
}

// AddAgain is the second reading's: the game (a report with DupesTrace)
// is matched against every cut-off game of the first reading.
func (d *Dupes) AddAgain(rep *referee.Report) {
	if t := rep.Trace; t != nil {
		if g := d.groups[t.Hash]; g != nil {
			d.matchPrefixes(g, t.Prefixes)
		}
	}
}

// Untraced counts the games of families that cannot be compared yet.
func (d *Dupes) Untraced() int { return d.untraced }

// Games counts the distinct games.
func (d *Dupes) Games() int { return len(d.order) }

// Groups are the games with more than one copy, or that continue a
// cut-off game, in the order of their first copy; each cut-off game that
// a longer one continues is listed in that one's Contains, not alone.
func (d *Dupes) Groups() []*Group {
	d.resolve()
	var out []*Group
	for _, g := range d.order {
		if g.In != nil {
			continue
		}
		if len(g.Copies) > 1 || len(g.Contains) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// Keep is the set of games (by Seq) that --keep best writes: the best
// copy of each distinct game that no longer game continues.
func (d *Dupes) Keep() map[int]bool {
	d.resolve()
	keep := map[int]bool{}
	for _, g := range d.order {
		if g.In != nil {
			continue
		}
		keep[g.Best().Seq] = true
	}
	return keep
}

// SortCopies orders each group's copies by their place in the run.
func SortCopies(g *Group) {
	sort.SliceStable(g.Copies, func(i, j int) bool { return g.Copies[i].Seq < g.Copies[j].Seq })
}
