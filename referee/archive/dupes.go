package archive

import (
	"encoding/binary"
	"slices"
	"sort"
	"strings"

	"arbiter/referee"
)

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

// packedInfo is an Info in 32 bits (counts past their fields' room are
// kept at the most the field holds: they only rank copies).
type packedInfo uint32

func packInfo(i Info) packedInfo {
	p := packedInfo(min(max(i.Tags, 0), 0xff)) | packedInfo(min(max(i.Comments, 0), 0xfff))<<8 | packedInfo(min(max(i.Variations, 0), 0x3ff))<<20
	if i.Result {
		p |= 1 << 30
	}
	if i.Valid {
		p |= 1 << 31
	}
	return p
}

func (p packedInfo) info() Info {
	return Info{Tags: int(p & 0xff), Comments: int(p >> 8 & 0xfff), Variations: int(p >> 20 & 0x3ff), Result: p&(1<<30) != 0, Valid: p&(1<<31) != 0}
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

// DupesTrace is what Add needs of a check.
const DupesTrace = referee.TraceHash | referee.TracePrefixes

// MinCutPlies is the shortest cut-off game that is looked for in longer
// ones: an opening of a few moves is the start of many games, and no copy
// of any.
const MinCutPlies = 20

// maxConts bounds the continuations kept of one cut-off game: past a
// few, they are on more than one line and the game is no copy of one.
const maxConts = 8

// Dupes finds the copies of each game as games stream past. Two records
// are one game when the referee replayed the same moves from the same
// start (GameHash) and their tags do not tell them apart (Identity): the
// same moves under other players, another date, event or round are
// another game, reported apart and never merged.
//
// Its memory is a record per distinct game (the moves' hash, the first
// copy's place, its identity's tags, the best copy: about 60 bytes and
// the tags' text), and for a game of more than one copy a few bytes per
// copy (varints of its place in the run and in its file), never a game's
// text or moves.
type Dupes struct {
	classes  [][]class // chunks of classBlock
	nclasses int
	index    []uint32 // open addressing: 1 + a class's number, by its hash
	extras   []*classExtra
	idents   arena
	files    []fileSpan
	// cut are the classes holding a cut-off copy of MinCutPlies or more,
	// for finding the longer games they are the start of.
	cut      map[[16]byte]uint32
	untraced int
	resolved *resolution
}

// class is the copies of one move sequence (a GameHash): one game or,
// when their tags tell them apart, several.
type class struct {
	hash  [16]byte
	plies uint32
	seq   uint32 // the first copy's number in the run
	game  uint32 // and in its file
	prof  profile
	extra uint32 // 1 + its classExtra's number; 0 while it has one copy
}

// profile is the copies of a move sequence that have one Identity, as
// written.
type profile struct {
	ident identRef
	n     uint32     // copies
	best  uint32     // the seq of the copy with the most information (the first of those)
	info  packedInfo // and what it has
	// decided: a copy has a result (or the rules ended it); a profile of
	// cut-off copies only may be the start of a longer game.
	decided bool
}

// classExtra is what a class of more than one copy keeps besides.
type classExtra struct {
	// copies are the copies after the first, in input order, each three
	// varints: its seq less the previous copy's, its number in its file,
	// its profile (0: the class's own, i: profiles[i-1]).
	copies   []byte
	lastSeq  uint32
	profiles []profile
	byIdent  map[string]uint32 // profile by identity, past smallClass profiles
	conts    []uint32          // the classes found to continue this cut-off one
}

// fileSpan is the file of the copies from seq on.
type fileSpan struct {
	seq  uint32
	name string
}

const (
	classBlock = 1 << 12
	smallClass = 16 // profiles of a class found by a scan, past it by a map
)

// NewDupes starts an empty grouping.
func NewDupes() *Dupes {
	return &Dupes{cut: map[[16]byte]uint32{}}
}

func (d *Dupes) class(i uint32) *class { return &d.classes[i/classBlock][i%classBlock] }

// slot is where a hash's search in the index starts: the hash's two
// halves mixed by a multiplication, whose high bits are the best mixed.
func (d *Dupes) slot(h *[16]byte) int {
	x := binary.BigEndian.Uint64(h[:8]) ^ binary.BigEndian.Uint64(h[8:])
	x *= 0x9e3779b97f4a7c15
	return int(x >> 32 & uint64(len(d.index)-1))
}

// find is the class of a hash, if there is one.
func (d *Dupes) find(h *[16]byte) (uint32, bool) {
	if len(d.index) == 0 {
		return 0, false
	}
	mask := len(d.index) - 1
	for i := d.slot(h); ; i = (i + 1) & mask {
		v := d.index[i]
		if v == 0 {
			return 0, false
		}
		if d.class(v-1).hash == *h {
			return v - 1, true
		}
	}
}

// newClass adds a class; the index is kept at most half full.
func (d *Dupes) newClass(c class) uint32 {
	n := uint32(d.nclasses)
	if d.nclasses%classBlock == 0 {
		d.classes = append(d.classes, make([]class, classBlock))
	}
	*d.class(n) = c
	d.nclasses++
	if 2*d.nclasses > len(d.index) {
		old := d.index
		d.index = make([]uint32, max(2*len(old), 1024))
		for _, v := range old {
			if v != 0 {
				d.place(v)
			}
		}
	}
	d.place(n + 1)
	return n
}

func (d *Dupes) place(v uint32) {
	mask := len(d.index) - 1
	i := d.slot(&d.class(v - 1).hash)
	for d.index[i] != 0 {
		i = (i + 1) & mask
	}
	d.index[i] = v
}

func (d *Dupes) extraOf(c *class) *classExtra {
	if c.extra == 0 {
		d.extras = append(d.extras, &classExtra{lastSeq: c.seq})
		c.extra = uint32(len(d.extras))
	}
	return d.extras[c.extra-1]
}

// profileAt is a class's i-th profile (0: its own).
func (d *Dupes) profileAt(c *class, i uint32) *profile {
	if i == 0 {
		return &c.prof
	}
	return &d.extras[c.extra-1].profiles[i-1]
}

// Add adds a game (its report with a trace of DupesTrace), the seq-th of
// the run (from 1, increasing). A game whose family does not trace is
// counted, not grouped.
func (d *Dupes) Add(rep *referee.Report, seq int) {
	t := rep.Trace
	if t == nil {
		d.untraced++
		return
	}
	d.resolved = nil
	s := uint32(seq)
	if len(d.files) == 0 || d.files[len(d.files)-1].name != rep.File {
		d.files = append(d.files, fileSpan{s, rep.File})
	}
	packed := packIdentity(IdentityOf(rep.Tags))
	info, cut := packInfo(InfoOf(rep)), IsCut(rep)
	ci, ok := d.find(&t.Hash)
	if !ok {
		ci = d.newClass(class{hash: t.Hash, plies: uint32(t.Plies), seq: s, game: uint32(max(rep.Game, 0)),
			prof: profile{ident: d.idents.add(packed), n: 1, best: s, info: info, decided: !cut}})
	} else {
		c := d.class(ci)
		x := d.extraOf(c)
		p := d.profileOf(c, x, packed)
		x.copies = binary.AppendUvarint(x.copies, uint64(s-x.lastSeq))
		x.copies = binary.AppendUvarint(x.copies, uint64(max(rep.Game, 0)))
		x.copies = binary.AppendUvarint(x.copies, uint64(p))
		x.lastSeq = s
		pr := d.profileAt(c, p)
		pr.n++
		if pr.n == 1 || info.info().Score() > pr.info.info().Score() {
			pr.best, pr.info = s, info
		}
		pr.decided = pr.decided || !cut
	}
	// Is an earlier cut-off game the start of this one?
	d.matchPrefixes(ci, t.Prefixes)
	if cut && t.Plies >= MinCutPlies {
		if _, ok := d.cut[t.Hash]; !ok {
			d.cut[t.Hash] = ci
			d.extraOf(d.class(ci))
		}
	}
}

// profileOf finds (or adds) the profile of a class with an identity.
func (d *Dupes) profileOf(c *class, x *classExtra, packed string) uint32 {
	if d.idents.equal(c.prof.ident, packed) {
		return 0
	}
	if x.byIdent != nil {
		if i, ok := x.byIdent[packed]; ok {
			return i
		}
	} else {
		for i := range x.profiles {
			if d.idents.equal(x.profiles[i].ident, packed) {
				return uint32(i + 1)
			}
		}
	}
	x.profiles = append(x.profiles, profile{ident: d.idents.add(packed)})
	i := uint32(len(x.profiles))
	if x.byIdent == nil && len(x.profiles) > smallClass {
		x.byIdent = map[string]uint32{}
		for j := range x.profiles {
			x.byIdent[d.idents.get(x.profiles[j].ident)] = uint32(j + 1)
		}
	} else if x.byIdent != nil {
		x.byIdent[packed] = i
	}
	return i
}

// matchPrefixes notes class ci as a continuation of the cut-off classes
// whose hash is one of its proper prefixes.
func (d *Dupes) matchPrefixes(ci uint32, prefixes [][16]byte) {
	if len(d.cut) == 0 {
		return
	}
	plies := int(d.class(ci).plies)
	for k := MinCutPlies; k < len(prefixes)-1 && k < plies; k++ {
		if c, ok := d.cut[prefixes[k]]; ok && c != ci {
			x := d.extraOf(d.class(c))
			if len(x.conts) < maxConts && !slices.Contains(x.conts, ci) {
				x.conts = append(x.conts, ci)
				d.resolved = nil
			}
		}
	}
}

// NeedsSecondPass says whether a cut-off game may be the start of a game
// read before it, and up to which game (seq) a second reading must go to
// find it: the first reading only matched cut-off games with the games
// after them.
func (d *Dupes) NeedsSecondPass() (bool, int) {
	last := 0
	for _, ci := range d.cut {
		c := d.class(ci)
		if len(d.extras[c.extra-1].conts) == 0 {
			last = max(last, int(c.seq))
		}
	}
	return last > 0, last
}

// AddAgain is the second reading's: the game (a report with DupesTrace)
// is matched against every cut-off game of the first reading.
func (d *Dupes) AddAgain(rep *referee.Report) {
	if t := rep.Trace; t != nil {
		if ci, ok := d.find(&t.Hash); ok {
			d.matchPrefixes(ci, t.Prefixes)
		}
	}
}

// Untraced counts the games of families that cannot be compared yet.
func (d *Dupes) Untraced() int { return d.untraced }

// Games counts the distinct games: the move sequences, each as many times
// as its copies' tags tell games apart, less the cut-off games found in a
// longer one.
func (d *Dupes) Games() int {
	r := d.resolve()
	return r.distinct
}

// fileOf is the file of the copy numbered seq.
func (d *Dupes) fileOf(seq uint32) string {
	i := sort.Search(len(d.files), func(i int) bool { return d.files[i].seq > seq }) - 1
	if i < 0 {
		return ""
	}
	return d.files[i].name
}

// packIdentity writes an identity as one string: each tag's length (a
// varint) and text; "" for an empty identity.
func packIdentity(id Identity) string {
	if id.Empty() {
		return ""
	}
	var b []byte
	for _, s := range []string{id.White, id.Black, id.Date, id.Event, id.Round} {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	return string(b)
}

func unpackIdentity(s string) Identity {
	var f [5]string
	for i := range f {
		n, k := binary.Uvarint([]byte(s))
		if k <= 0 || uint64(len(s)-k) < n {
			break
		}
		f[i], s = s[k:k+int(n)], s[k+int(n):]
	}
	return Identity{White: f[0], Black: f[1], Date: f[2], Event: f[3], Round: f[4]}
}

// arena keeps the identities' text in large blocks, so that each costs
// its bytes and 9 more (its length and an identRef), not a string of its
// own.
type arena struct {
	blocks [][]byte
}

// identRef is where an identity's text is: 1 + its block's number (0: the
// empty identity) and its offset there, where its length (a varint)
// comes first.
type identRef struct{ block, off uint32 }

const arenaBlock = 1 << 16

func (a *arena) add(s string) identRef {
	if s == "" {
		return identRef{}
	}
	need := len(s) + binary.MaxVarintLen64
	last := len(a.blocks) - 1
	if last < 0 || len(a.blocks[last])+need > cap(a.blocks[last]) {
		a.blocks = append(a.blocks, make([]byte, 0, max(arenaBlock, need)))
		last++
	}
	off := len(a.blocks[last])
	a.blocks[last] = binary.AppendUvarint(a.blocks[last], uint64(len(s)))
	a.blocks[last] = append(a.blocks[last], s...)
	return identRef{block: uint32(last + 1), off: uint32(off)}
}

func (a *arena) bytes(r identRef) []byte {
	if r.block == 0 {
		return nil
	}
	b := a.blocks[r.block-1][r.off:]
	n, k := binary.Uvarint(b)
	return b[k : k+int(n)]
}

func (a *arena) get(r identRef) string { return string(a.bytes(r)) }

func (a *arena) equal(r identRef, s string) bool { return string(a.bytes(r)) == s }
