package archive

import (
	"encoding/binary"
	"slices"
	"sort"
	"strings"
)

// How the copies of one move sequence are told into games.
//
// A move sequence's copies come in profiles, one per Identity as written.
// Profiles are taken most tags first (then in input order) and each joins
// the one game it is Compatible with every member of; a profile that fits
// none is a game of its own, and one that fits several (a copy without
// tags, where two games of those moves have theirs) stands alone, kept,
// since nothing tells which game it is a copy of. Compatibility is not
// transitive ("1952" fits "1952.05.01" and "1952.06.02"), so a profile is
// compared with every member, never with a game's summary.
const (
	// maxMembers bounds the profiles of one game (its spellings): past
	// it, a profile is not compared and stands alone.
	maxMembers = 8
	// maxScan is the number of games a profile is compared with by a
	// scan; past it, the games are found by their players' words.
	maxScan = 64
	// maxVisits bounds the candidates a profile is compared with; past
	// it, the profile stands alone (kept: never merged unread).
	maxVisits = 4096
	// maxCompare bounds the games of a longer game's moves a cut-off game
	// is compared with.
	maxCompare = 64
)

// Why a game stands apart in a Conflict.
const (
	NoteAmbiguous  = "its tags fit more than one of these games: kept, not merged"
	NoteUncompared = "too many games or spellings with these moves to compare: kept, not merged"
)

// resolution is what the grouping works out once every game is in.
type resolution struct {
	// split are the classes whose copies are more than one game, or
	// hold a copy that stands alone (absent: one game of all its copies).
	split map[uint32]*classGames
	// in is the game a cut-off game is the start of; contains the other
	// way.
	in       map[gameRef]gameRef
	contains map[gameRef][]gameRef
	// startConflicts are the cut-off games that are the start of a
	// longer game whose tags are not theirs.
	startConflicts []startConflict
	distinct       int
}

type gameRef struct{ class, game uint32 }

type startConflict struct {
	cut    gameRef
	longer uint32 // the class of the longer games
}

// classGames are the games of a class: each profile's game, and the
// games.
type classGames struct {
	of    []uint32 // profile -> game
	games []gameInfo
}

type gameInfo struct {
	members []uint32 // its profiles (at most maxMembers compared)
	note    string   // NoteAmbiguous, NoteUncompared, or "" for a game
}

func (d *Dupes) resolve() *resolution {
	if d.resolved != nil {
		return d.resolved
	}
	r := &resolution{split: map[uint32]*classGames{}, in: map[gameRef]gameRef{}, contains: map[gameRef][]gameRef{}}
	for ci := 0; ci < d.nclasses; ci++ {
		c := d.class(uint32(ci))
		if c.extra != 0 && len(d.extras[c.extra-1].profiles) > 0 {
			if g := d.partition(c); g != nil {
				r.split[uint32(ci)] = g
			}
		}
	}
	d.resolved = r
	d.resolveCuts(r)
	for ci := 0; ci < d.nclasses; ci++ {
		r.distinct += d.gameCount(uint32(ci))
	}
	r.distinct -= len(r.in)
	return r
}

// gameCount is how many games a class holds.
func (d *Dupes) gameCount(ci uint32) int {
	if g := d.resolved.split[ci]; g != nil {
		return len(g.games)
	}
	return 1
}

// gameOf is the game of a class's profile.
func (d *Dupes) gameOf(ci, p uint32) uint32 {
	if g := d.resolved.split[ci]; g != nil {
		return g.of[p]
	}
	return 0
}

// eachMember calls fn with each profile of a game.
func (d *Dupes) eachMember(ci, game uint32, fn func(p uint32)) {
	if g := d.resolved.split[ci]; g != nil {
		for _, p := range g.games[game].members {
			fn(p)
		}
		return
	}
	c := d.class(ci)
	n := uint32(1)
	if c.extra != 0 {
		n += uint32(len(d.extras[c.extra-1].profiles))
	}
	for p := uint32(0); p < n; p++ {
		fn(p)
	}
}

func (d *Dupes) note(ref gameRef) string {
	if g := d.resolved.split[ref.class]; g != nil {
		return g.games[ref.game].note
	}
	return ""
}

// best is a game's copy with the most information (the first of those).
func (d *Dupes) best(ref gameRef) (seq uint32, info packedInfo) {
	c := d.class(ref.class)
	first := true
	d.eachMember(ref.class, ref.game, func(p uint32) {
		pr := d.profileAt(c, p)
		s, t := pr.info.info().Score(), info.info().Score()
		if first || s > t || s == t && pr.best < seq {
			seq, info, first = pr.best, pr.info, false
		}
	})
	return seq, info
}

// decidedGame: a copy of the game has a result (it is no cut-off game).
func (d *Dupes) decidedGame(ref gameRef) bool {
	c := d.class(ref.class)
	decided := false
	d.eachMember(ref.class, ref.game, func(p uint32) { decided = decided || d.profileAt(c, p).decided })
	return decided
}

func (d *Dupes) identity(c *class, p uint32) Identity {
	return unpackIdentity(d.idents.get(d.profileAt(c, p).ident))
}

// partition tells a class's profiles into games; nil when they are one.
func (d *Dupes) partition(c *class) *classGames {
	x := d.extras[c.extra-1]
	n := 1 + len(x.profiles)
	ids := make([]identityForm, n)
	rank := make([]int, n)
	order := make([]uint32, n)
	for i := range ids {
		ids[i] = formOfIdentity(d.identity(c, uint32(i)))
		rank[i] = specificity(ids[i].id)
		order[i] = uint32(i)
	}
	sort.SliceStable(order, func(a, b int) bool { return rank[order[a]] > rank[order[b]] })
	cg := &classGames{of: make([]uint32, n)}
	var idx *playerIndex
	seen := make([]uint32, 0) // the last profile (1+) each game was a candidate for
	for _, p := range order {
		if len(cg.games) > maxScan && idx == nil {
			idx = newPlayerIndex()
			for g := range cg.games {
				for _, m := range cg.games[g].members {
					idx.add(uint32(g), &ids[m])
				}
			}
		}
		found, several, unread := -1, false, false
		visits := 0
		try := func(g uint32) bool {
			if visits++; visits > maxVisits {
				unread = true
				return false
			}
			if seen[g] == p+1 || cg.games[g].note != "" {
				return true
			}
			seen[g] = p + 1
			for _, m := range cg.games[g].members {
				if !ids[m].compatible(&ids[p]) {
					return true
				}
			}
			if found >= 0 {
				several = true
				return false
			}
			found = int(g)
			return true
		}
		if idx == nil || !idx.each(&ids[p], try) {
			for g := range cg.games {
				if !try(uint32(g)) {
					break
				}
			}
		}
		join := -1
		note := ""
		switch {
		case several:
			note = NoteAmbiguous
		case unread:
			note = NoteUncompared
		case found >= 0 && len(cg.games[found].members) < maxMembers:
			join = found
		case found >= 0:
			note = NoteUncompared
		}
		if join < 0 {
			cg.games = append(cg.games, gameInfo{note: note})
			seen = append(seen, 0)
			join = len(cg.games) - 1
		}
		cg.games[join].members = append(cg.games[join].members, p)
		cg.of[p] = uint32(join)
		if idx != nil {
			idx.add(uint32(join), &ids[p])
		}
	}
	if len(cg.games) == 1 {
		return nil
	}
	for g := range cg.games {
		slices.Sort(cg.games[g].members)
	}
	return cg
}

// specificity ranks identities: the more tags (and date parts) given, the
// earlier a profile is placed.
func specificity(id Identity) int {
	n := 0
	for _, s := range []string{id.White, id.Black, id.Event, id.Round} {
		if s != "" {
			n += 4
		}
	}
	if id.Date != "" {
		parts, _ := dateParts(id.Date)
		n += 1 + len(parts)
	}
	return n
}

// playerIndex finds the games of a large class that a profile may be
// Compatible with: those naming a player its White player may be (by
// the keys of indexKeys) or naming no White player, and so for Black when
// the profile names no White.
type playerIndex struct {
	white, black     map[string][]uint32
	noWhite, noBlack []uint32
	inNoWhite        map[uint32]bool
	inNoBlack        map[uint32]bool
}

func newPlayerIndex() *playerIndex {
	return &playerIndex{white: map[string][]uint32{}, black: map[string][]uint32{}, inNoWhite: map[uint32]bool{}, inNoBlack: map[uint32]bool{}}
}

func (x *playerIndex) add(g uint32, id *identityForm) {
	addSide(x.white, &x.noWhite, x.inNoWhite, g, &id.white)
	addSide(x.black, &x.noBlack, x.inNoBlack, g, &id.black)
}

func addSide(words map[string][]uint32, none *[]uint32, inNone map[uint32]bool, g uint32, name *playerForm) {
	if name.text == "" {
		if !inNone[g] {
			inNone[g] = true
			*none = append(*none, g)
		}
		return
	}
	for _, k := range indexKeys(name) {
		if l := words[k]; len(l) == 0 || l[len(l)-1] != g {
			words[k] = append(l, g)
		}
	}
}

// A name is indexed, and looked up, by its readings as a surname and
// given names (nameSplit): a game fits a name when, for some reading of
// each, the surnames are the same and the given names agree (one side
// has none, or their first words agree: the same word, or an initial
// and a word it starts). So a reading is indexed under
//
//	SURNAME|*          always (a name without given names fits any)
//	SURNAME|           without given names
//	SURNAME|l:X        given names starting with the letter X
//	SURNAME|i:X        the first given name an initial X
//	SURNAME|w:WORD     the first given name the word WORD
//
// and looked up under SURNAME|* without given names, else under SURNAME|
// and, for an initial X, SURNAME|l:X, for a word, SURNAME|w:WORD and
// SURNAME|i:X. "Anna Smith5" and "Anna Smith7" never meet, though both
// may be read as the surname Anna.
func indexKeys(name *playerForm) []string {
	if len(name.splits) == 0 {
		return []string{"=" + name.key}
	}
	var keys []string
	for _, sp := range name.splits {
		sur := surnameKey(sp.surname)
		keys = append(keys, sur+"*")
		switch {
		case len(sp.given) == 0:
			keys = append(keys, sur)
		case sp.given[0].initial:
			keys = append(keys, sur+"l:"+sp.given[0].text, sur+"i:"+sp.given[0].text)
		default:
			keys = append(keys, sur+"l:"+string(firstRune(sp.given[0].text)), sur+"w:"+sp.given[0].text)
		}
	}
	return keys
}

func lookupKeys(name *playerForm) []string {
	if len(name.splits) == 0 {
		return []string{"=" + name.key}
	}
	var keys []string
	for _, sp := range name.splits {
		sur := surnameKey(sp.surname)
		switch {
		case len(sp.given) == 0:
			keys = append(keys, sur+"*")
		case sp.given[0].initial:
			keys = append(keys, sur, sur+"l:"+sp.given[0].text)
		default:
			keys = append(keys, sur, sur+"w:"+sp.given[0].text, sur+"i:"+string(firstRune(sp.given[0].text)))
		}
	}
	return keys
}

func surnameKey(words []nameWord) string {
	var b strings.Builder
	for _, w := range words {
		b.WriteString(w.text)
		b.WriteByte(' ')
	}
	b.WriteByte('|')
	return b.String()
}

// each calls try with the games a profile may fit (some more than once)
// until try says to stop; false when the profile names no player: then
// every game may fit it.
func (x *playerIndex) each(id *identityForm, try func(uint32) bool) bool {
	words, none, name := x.white, x.noWhite, &id.white
	if name.text == "" {
		words, none, name = x.black, x.noBlack, &id.black
	}
	if name.text == "" {
		return false
	}
	for _, g := range none {
		if !try(g) {
			return true
		}
	}
	// The shortest lists first: a bare surname's may run past maxVisits.
	keys := lookupKeys(name)
	sort.Slice(keys, func(i, j int) bool { return len(words[keys[i]]) < len(words[keys[j]]) })
	for _, k := range keys {
		for _, g := range words[k] {
			if !try(g) {
				return true
			}
		}
	}
	return true
}

// resolveCuts finds the game each cut-off game is the start of: its class
// is in the longest class that continues it when every class that
// continues it is on that line; then, of that class's games, the one
// game whose tags fit the cut-off game's.
func (d *Dupes) resolveCuts(r *resolution) {
	in := map[uint32]uint32{}
	cuts := make([]uint32, 0, len(d.cut))
	for _, ci := range d.cut {
		cuts = append(cuts, ci)
	}
	slices.Sort(cuts)
	for _, ci := range cuts {
		conts := d.extras[d.class(ci).extra-1].conts
		if len(conts) == 0 || len(conts) >= maxConts {
			continue
		}
		longest := conts[0]
		for _, x := range conts {
			if d.class(x).plies > d.class(longest).plies {
				longest = x
			}
		}
		oneLine := true
		for _, x := range conts {
			if x == longest {
				continue
			}
			xc := d.class(x)
			if xc.extra == 0 || !slices.Contains(d.extras[xc.extra-1].conts, longest) {
				oneLine = false
			}
		}
		if oneLine {
			in[ci] = longest
		}
	}
	for _, ci := range cuts {
		top, ok := in[ci]
		if !ok {
			continue
		}
		for steps := 0; steps < len(in); steps++ {
			next, ok := in[top]
			if !ok || next == ci {
				break
			}
			top = next
		}
		for g := 0; g < d.gameCount(ci); g++ {
			ref := gameRef{ci, uint32(g)}
			if d.decidedGame(ref) || d.note(ref) != "" {
				continue
			}
			found, ok := d.onlyFit(ref, top)
			if !ok {
				r.startConflicts = append(r.startConflicts, startConflict{ref, top})
				continue
			}
			to := gameRef{top, found}
			r.in[ref] = to
			r.contains[to] = append(r.contains[to], ref)
		}
	}
}

// onlyFit is the one game of class top that every profile of the cut-off
// game fits (Compatible with each of its profiles) and that none of them
// shares with another game of top: a cut-off copy without tags, of moves
// that two games start with, is the start of neither.
func (d *Dupes) onlyFit(cut gameRef, top uint32) (uint32, bool) {
	n := d.gameCount(top)
	if n > maxCompare {
		return 0, false
	}
	cc, tc := d.class(cut.class), d.class(top)
	games := make([][]Identity, n)
	for h := range games {
		if d.note(gameRef{top, uint32(h)}) == "" {
			d.eachMember(top, uint32(h), func(q uint32) { games[h] = append(games[h], d.identity(tc, q)) })
		}
	}
	found, ok := -1, true
	d.eachMember(cut.class, cut.game, func(p uint32) {
		id := d.identity(cc, p)
		fits := -1
		for h, members := range games {
			if len(members) == 0 || !allCompatible(id, members) {
				continue
			}
			if fits >= 0 {
				ok = false // more than one
			}
			fits = h
		}
		if fits < 0 || found >= 0 && fits != found {
			ok = false
		}
		found = fits
	})
	return uint32(max(found, 0)), ok && found >= 0
}

func allCompatible(id Identity, members []Identity) bool {
	for _, m := range members {
		if !id.Compatible(m) {
			return false
		}
	}
	return true
}

// Keep lists the copies (by seq) that --keep best writes: the best copy
// of each game that is no cut-off copy of a longer one; every copy that
// stands alone is a game of its own.
func (d *Dupes) Keep() KeepSet {
	r := d.resolve()
	keep := make(KeepSet, 0, r.distinct)
	for ci := 0; ci < d.nclasses; ci++ {
		for g := 0; g < d.gameCount(uint32(ci)); g++ {
			ref := gameRef{uint32(ci), uint32(g)}
			if _, cut := r.in[ref]; cut {
				continue
			}
			seq, _ := d.best(ref)
			keep = append(keep, seq)
		}
	}
	slices.Sort(keep)
	return keep
}

// KeepSet is the seqs of the copies to write, in order.
type KeepSet []uint32

// Has says whether the copy numbered seq is written.
func (k KeepSet) Has(seq int) bool {
	_, ok := slices.BinarySearch(k, uint32(seq))
	return ok
}

// Copy is one copy of a game: where it is and what its tags say.
type Copy struct {
	File     string
	Game     int // its number in its file
	Seq      int // its number in the run
	Identity Identity
	// Best is the copy with the most information of its game (valid, a
	// result, tags, comments): the one --keep best writes; Info is what
	// it has.
	Best bool
	Info Info
}

// Group is one game: its copies in input order, and the cut-off games
// that are its start.
type Group struct {
	Hash  [16]byte
	Plies int
	// Copies are the game's copies, in input order.
	Copies []Copy
	// Contains are the cut-off games whose moves are the start of this
	// one's, and whose tags fit its.
	Contains []*Group
	// Note says why a game stands apart in a Conflict ("" for a game
	// told from the others by its tags).
	Note string
}

// Conflict is games with the same moves (or a cut-off game and the games
// it is the start of) whose tags say they are different games: not
// duplicates, never merged.
type Conflict struct {
	Hash  [16]byte // the moves of the games (the longer ones for Start)
	Plies int
	// Start: Games[0] is a cut-off game, the start of the others.
	Start bool
	Games []*Group
	// Why are the tags that tell the games apart (Identity.Conflict of
	// each with the first).
	Why []string
}

type rawCopy struct{ seq, game, prof uint32 }

// copiesOf reads a class's copies back, in input order.
func (d *Dupes) copiesOf(ci uint32) []rawCopy {
	c := d.class(ci)
	out := []rawCopy{{c.seq, c.game, 0}}
	if c.extra == 0 {
		return out
	}
	b := d.extras[c.extra-1].copies
	seq := c.seq
	for len(b) > 0 {
		var v [3]uint64
		for i := range v {
			x, k := binary.Uvarint(b)
			if k <= 0 {
				return out
			}
			v[i], b = x, b[k:]
		}
		seq += uint32(v[0])
		out = append(out, rawCopy{seq, uint32(v[1]), uint32(v[2])})
	}
	return out
}

// groupsOf builds every game of a class, with its copies.
func (d *Dupes) groupsOf(ci uint32) []*Group {
	c := d.class(ci)
	groups := make([]*Group, d.gameCount(ci))
	for g := range groups {
		groups[g] = &Group{Hash: c.hash, Plies: int(c.plies), Note: d.note(gameRef{ci, uint32(g)})}
	}
	bests := make([]uint32, len(groups))
	for g := range groups {
		bests[g], _ = d.best(gameRef{ci, uint32(g)})
	}
	ids := map[uint32]Identity{}
	for _, rc := range d.copiesOf(ci) {
		g := d.gameOf(ci, rc.prof)
		id, ok := ids[rc.prof]
		if !ok {
			id = d.identity(c, rc.prof)
			ids[rc.prof] = id
		}
		cp := Copy{File: d.fileOf(rc.seq), Game: int(rc.game), Seq: int(rc.seq), Identity: id, Best: rc.seq == bests[g]}
		if pr := d.profileAt(c, rc.prof); pr.best == rc.seq {
			cp.Info = pr.info.info()
		}
		groups[g].Copies = append(groups[g].Copies, cp)
	}
	return groups
}

// Groups calls each with every game that has more than one copy or a
// cut-off copy, in the order of its first copy, built one at a time (the
// copies of a game are read back only for it). A cut-off game found in a
// longer one is in that one's Contains, not alone.
func (d *Dupes) Groups(each func(*Group) error) error {
	r := d.resolve()
	for ci := uint32(0); ci < uint32(d.nclasses); ci++ {
		var groups []*Group
		for g := 0; g < d.gameCount(ci); g++ {
			ref := gameRef{ci, uint32(g)}
			if _, cut := r.in[ref]; cut {
				continue
			}
			contained := r.contains[ref]
			if len(contained) == 0 && d.copiesIn(ref) < 2 {
				continue
			}
			if groups == nil {
				groups = d.groupsOf(ci)
			}
			gr := groups[g]
			for _, x := range contained {
				gr.Contains = append(gr.Contains, d.groupsOf(x.class)[x.game])
			}
			if err := each(gr); err != nil {
				return err
			}
		}
	}
	return nil
}

// copiesIn counts a game's copies.
func (d *Dupes) copiesIn(ref gameRef) int {
	c := d.class(ref.class)
	n := 0
	d.eachMember(ref.class, ref.game, func(p uint32) { n += int(d.profileAt(c, p).n) })
	return n
}

// Conflicts calls each with the moves that stand for more than one game,
// and the cut-off games whose tags are not those of the longer game they
// are the start of, in the order of their first copy.
func (d *Dupes) Conflicts(each func(*Conflict) error) error {
	r := d.resolve()
	starts := map[uint32][]startConflict{}
	for _, s := range r.startConflicts {
		starts[s.cut.class] = append(starts[s.cut.class], s)
	}
	for ci := uint32(0); ci < uint32(d.nclasses); ci++ {
		if _, split := r.split[ci]; split {
			c := d.class(ci)
			games := d.groupsOf(ci)
			var kept []*Group
			for g, gr := range games {
				if _, cut := r.in[gameRef{ci, uint32(g)}]; !cut {
					kept = append(kept, gr)
				}
			}
			if len(kept) > 1 {
				if err := each(&Conflict{Hash: c.hash, Plies: int(c.plies), Games: kept, Why: why(kept)}); err != nil {
					return err
				}
			}
		}
		for _, s := range starts[ci] {
			top := d.class(s.longer)
			games := append([]*Group{d.groupsOf(ci)[s.cut.game]}, d.groupsOf(s.longer)...)
			if err := each(&Conflict{Hash: top.hash, Plies: int(top.plies), Start: true, Games: games, Why: why(games)}); err != nil {
				return err
			}
		}
	}
	return nil
}

// why lists the tags that tell each game from the first (by their first
// copies' tags).
func why(games []*Group) []string {
	var out []string
	for _, g := range games[1:] {
		if g.Note != "" || games[0].Note != "" {
			continue
		}
		for _, w := range games[0].Copies[0].Identity.Conflict(g.Copies[0].Identity) {
			if !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	return out
}
