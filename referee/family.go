package referee

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"arbiter/notation"
	"arbiter/notation/movetext"
	"arbiter/notation/pdn"
	"arbiter/variants"
)

// Family is a game family arbiter can referee: draughts, morris, the race
// games, Halma. Each family's package implements it and registers itself
// from init (the database/sql driver pattern), so the core never names a
// game: a binary links the families it ships with one import line each.
type Family interface {
	// Name is the key of the family's rules section in variant files
	// ("draughts", "morris", ...); a variant belongs to the family whose
	// section it has.
	Name() string
	// Recognise says whether a record without a Game tag is one of the
	// family's, from its tags and first move. Records no family
	// recognises belong to the fallback family.
	Recognise(h Header) bool
	// Parse reads one game text in the family's notation.
	Parse(g pdn.GameText, file string) *notation.Record
	// Variant chooses the variant of a record when the user chose none;
	// game is the game the record names ("" when it names none). An error
	// ends the check with a "variant" diagnostic.
	Variant(rec *notation.Record, game string, rep *Report) (*variants.Variant, error)
	// Check replays the record under v and adds what it finds to rep.
	Check(rec *notation.Record, v *variants.Variant, opts Options, rep *Report)
	// Write writes a (rewritten) record in the family's notation, for
	// convert; notation is Options.Notation.
	Write(w io.Writer, rec *notation.Record, notation string) error
}

// Simulator is a family that can play random legal games.
type Simulator interface {
	Simulate(w io.Writer, v *variants.Variant, players int, seed int64) error
}

// Header is what a game text says about its game before it is parsed:
// its Game, Variant and GameType tags and its first move.
type Header struct {
	Game, Variant, GameType, FirstMove string
}

// registry is the registered families. It is replaced whole on Register,
// never changed in place, so that a reader needs one atomic load and no
// lock: every game asks for its family several times, and a read lock's
// counter, written by both cores with --jobs 2, moved its cache line
// between them on each of those calls.
type registry struct {
	families map[string]Family
	byName   []Family // sorted by name
	fallback Family
}

var (
	registerMu sync.Mutex // one Register at a time
	registered atomic.Pointer[registry]
)

// families is the registry as it is now.
func families() *registry {
	if r := registered.Load(); r != nil {
		return r
	}
	return &registry{}
}

// register replaces the registry with a copy changed by change.
func register(change func(r *registry)) {
	registerMu.Lock()
	defer registerMu.Unlock()
	old := families()
	r := &registry{families: maps.Clone(old.families), byName: slices.Clone(old.byName), fallback: old.fallback}
	if r.families == nil {
		r.families = map[string]Family{}
	}
	change(r)
	registered.Store(r)
}

// Register adds a game family. Registering a name twice is a bug.
func Register(f Family) {
	register(func(r *registry) {
		if _, dup := r.families[f.Name()]; dup {
			panic(fmt.Sprintf("referee: family %q registered twice", f.Name()))
		}
		r.families[f.Name()] = f
		r.byName = append(r.byName, f)
		sort.Slice(r.byName, func(i, j int) bool { return r.byName[i].Name() < r.byName[j].Name() })
	})
}

// RegisterFallback adds the family of records that no family recognises
// and that name no game (PDN's default, draughts).
func RegisterFallback(f Family) {
	Register(f)
	register(func(r *registry) { r.fallback = f })
}

// Families lists the registered families by name.
func Families() []Family {
	return slices.Clone(families().byName)
}

// FamilyNamed returns the family with the given section key, or nil.
func FamilyNamed(name string) Family {
	return families().families[name]
}

// familyOf finds the family of a record and the game it names: the family
// whose builtin variants are of the game its Game tag names, else the
// first family (by name) that recognises it, else the fallback. A Game tag
// naming a game no family plays gives the fallback and that game, so that
// choosing the variant fails with a message naming it.
func familyOf(h Header) (Family, string) {
	if game := KnownGame(h.Game); game != "" {
		if all, err := variants.Catalog(); err == nil {
			for _, v := range all {
				if f := FamilyNamed(v.Family); f != nil && v.Game == game {
					return f, game
				}
			}
		}
		return families().fallback, game
	}
	r := families()
	for _, f := range r.byName {
		if f != r.fallback && f.Recognise(h) {
			return f, ""
		}
	}
	return r.fallback, ""
}

// KnownGame is the game a Game tag value names ("Draughts" is
// "draughts"), or "" when it names none arbiter has rules for: a game
// number or a label ([Game "612"]), which never decides the rules.
func KnownGame(value string) string {
	game := strings.ToLower(strings.TrimSpace(value))
	if game == "" {
		return ""
	}
	all, err := variants.Catalog()
	if err != nil {
		return ""
	}
	for _, v := range all {
		if v.Game == game {
			return game
		}
	}
	return ""
}

// FamilyOf returns the family of a parsed record (for convert's writer).
func FamilyOf(rec *notation.Record) Family {
	f, _ := familyOf(recordHeader(rec))
	return f
}

// FamilyFor returns the family whose rules replay a parsed record under
// opts (the one that wrote it back, for convert): the chosen variant's, else
// the record's own.
func FamilyFor(rec *notation.Record, opts Options) Family {
	h := recordHeader(rec)
	own, game := familyOf(h)
	if v := chosenVariant(h, game, opts); v != nil {
		if f := FamilyNamed(v.Family); f != nil {
			if _, bad := firstCode(rec, CodeVariantFamily); !bad {
				return f
			}
		}
	}
	return own
}

// firstCode is a record's first reading diagnostic with the code.
func firstCode(rec *notation.Record, code string) (notation.Diagnostic, bool) {
	for _, d := range rec.Diagnostics {
		if d.Code == code {
			return d, true
		}
	}
	return notation.Diagnostic{}, false
}

func recordHeader(rec *notation.Record) Header {
	var h Header
	h.Game, _ = rec.Tag("Game")
	h.Variant, _ = rec.Tag("Variant")
	h.GameType, _ = rec.Tag("GameType")
	if len(rec.Moves) > 0 {
		h.FirstMove = rec.Moves[0].Text
	}
	return h
}

// ParseGame parses one game text with the notation of its family. Every
// notation shares PDN's tag pairs and splitting.
func ParseGame(g pdn.GameText, file string) *notation.Record {
	return ParseGameFor(g, file, Options{})
}

// ParseGameFor parses one game text with the notation of the family whose
// rules will replay it: opts.Variant's family; opts.Default's for a record
// that names no rules (no GameType or Variant tag, and a Game tag, if any,
// naming the default's game); else the family its tags and first move
// say. The rules decide the notation: an untagged mill game under
// --default-variant nine-mens-morris is read as morris, not as the
// draughts PDN's default would make of it.
//
// When the chosen family cannot read the record, the record is read in
// its own family's notation, so that its report quotes it rightly, and
// Check reports the mismatch (variant-family) instead of replaying it:
// its tags name another family's game (Check sees those), or the chosen
// family's reader fails at its first move, which its own family reads.
// A record the chosen family reads from its first move on is its record,
// whatever mistakes come later.
func ParseGameFor(g pdn.GameText, file string, opts Options) *notation.Record {
	h := textHeader(g.Text)
	own, game := familyOf(h)
	if own == nil {
		return pdn.Parse(g, file) // no family linked: the record is still read
	}
	v := chosenVariant(h, game, opts)
	if v == nil {
		return own.Parse(g, file)
	}
	f := FamilyNamed(v.Family)
	if f == nil || same(f, own) {
		return own.Parse(g, file)
	}
	if tf := tagFamily(h); tf != nil && !same(tf, f) {
		return own.Parse(g, file)
	}
	rec := f.Parse(g, file)
	first, ok := firstError(rec)
	if !ok {
		return rec
	}
	mine := own.Parse(g, file)
	if len(mine.Moves) == 0 {
		return rec
	}
	start := mine.Moves[0].Pos
	if e, bad := firstError(mine); bad && !after(e.Pos, start) || after(first.Pos, start) {
		return rec // its own reader stumbles as early, or f reads the first move
	}
	mine.Diagnostics = append(mine.Diagnostics, notation.Diagnostic{Pos: start, Severity: notation.Error, Code: CodeVariantFamily,
		Msg: fmt.Sprintf("%s is a %s variant, and the %s notation cannot read this record's first move (%s), which the %s notation reads: it is a %s record%s",
			v.Name, f.Name(), f.Name(), first.Msg, own.Name(), own.Name(), fitting(own, mine, game))})
	return mine
}

// same says whether two families are one (by name: a family's value may
// hold a func, which == cannot compare).
func same(a, b Family) bool {
	return a != nil && b != nil && a.Name() == b.Name()
}

// chosenVariant is the variant the user chose for a record with this
// header, nil when the record's own tags choose.
func chosenVariant(h Header, game string, opts Options) *variants.Variant {
	if opts.Variant != nil {
		return opts.Variant
	}
	if d := opts.Default; d != nil && strings.TrimSpace(h.GameType) == "" && strings.TrimSpace(h.Variant) == "" && (game == "" || game == d.Game) {
		return d
	}
	return nil
}

// tagFamily is the family a record's tags (or, for morris, a Variant tag
// and a lone point as first move) say it belongs to, nil when they say
// nothing: the game its Game tag names, a builtin variant its Variant tag
// names, a family that recognises it, else a GameType tag: PDN's draughts
// game type, the fallback's.
func tagFamily(h Header) Family {
	if game := KnownGame(h.Game); game != "" {
		f, _ := familyOf(h)
		return f
	}
	if v := VariantNamed("", h.Variant); v != nil {
		return FamilyNamed(v.Family)
	}
	r := families()
	for _, f := range r.byName {
		if f != r.fallback && f.Recognise(h) {
			return f
		}
	}
	if strings.TrimSpace(h.GameType) != "" {
		return r.fallback
	}
	return nil
}

// firstError is a record's first reading error in file order.
func firstError(rec *notation.Record) (notation.Diagnostic, bool) {
	var first notation.Diagnostic
	found := false
	for _, d := range rec.Diagnostics {
		if d.Severity == notation.Error && (!found || after(first.Pos, d.Pos)) {
			first, found = d, true
		}
	}
	return first, found
}

// after says whether position a comes after b in the file.
func after(a, b notation.Pos) bool {
	return a.Line > b.Line || a.Line == b.Line && a.Col > b.Col
}

// fitting names the variant a record's own family would choose for it,
// for a message that says what to use instead.
func fitting(own Family, rec *notation.Record, game string) string {
	scratch := &Report{}
	v, err := own.Variant(rec, game, scratch)
	if err != nil || v == nil {
		return fmt.Sprintf("; a %s variant fits it ('arbiter variants')", own.Name())
	}
	return fmt.Sprintf("; %s fits it (the rules its own tags and moves choose), or another %s variant ('arbiter variants')", v.Name, own.Name())
}

// textHeader reads the Game, Variant and GameType tags and the first move
// of a game text without parsing it.
func textHeader(text string) Header {
	var h Header
	for len(text) > 0 {
		// An exporter's comment before the tags ("{exported by ...}", "; note")
		// or between them says nothing about the game.
		if text[0] != '[' { // (a tag line starts with no blank or comment to skip)
			text = movetext.SkipComments(text)
		}
		if end, ok := otherTagLine(text); ok {
			text = text[end:]
			continue
		}
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if line[0] != '[' {
			// movetext: the tag section is over
			h.FirstMove = firstWord(line)
			if h.FirstMove == "" && !strings.ContainsAny(line, "{;[") {
				h.FirstMove = firstWord(text) // the line held move numbers only
			}
			return h
		}
		for rest := line; rest != ""; {
			tag := rest
			if i := strings.IndexByte(rest, ']'); i >= 0 {
				tag, rest = rest[:i+1], rest[i+1:]
			} else {
				rest = ""
			}
			tag = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(tag), "["))
			name, value, ok := strings.Cut(tag, " ")
			if !ok || name == "" || name[0]|0x20 != 'g' && name[0]|0x20 != 'v' {
				continue // (most tags: not one of the three, whose values are read)
			}
			value = strings.Trim(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), "]")), `"`)
			switch {
			case ok && strings.EqualFold(name, "Game"):
				h.Game = value
				if KnownGame(value) != "" {
					return h // the Game tag decides alone
				}
			case ok && strings.EqualFold(name, "Variant"):
				h.Variant = value
			case ok && strings.EqualFold(name, "GameType"):
				h.GameType = value
			}
		}
	}
	return h
}

// otherTagLine: text starts with a line that holds one tag pair and
// white space after it, and the tag's name starts with a byte that is
// none of the three names' (most lines of a tag section), which
// textHeader's general reading would pass over; end is where the next
// line starts. (ASCII white space only: anything else is the general
// reading's, which trims Unicode spaces too.)
func otherTagLine(text string) (end int, ok bool) {
	if len(text) < 2 || text[0] != '[' {
		return 0, false
	}
	switch c := text[1]; {
	case c >= 0x80 || movetext.IsSpace(c) || c|0x20 == 'g' || c|0x20 == 'v':
		return 0, false
	}
	line, end := text, len(text)
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		line, end = text[:i], i+1
	}
	k := len(line) // (the line less the blanks that end it)
	for k > 0 && (line[k-1] == ' ' || line[k-1] == '\t' || line[k-1] == '\r' || line[k-1] == '\f' || line[k-1] == '\v') {
		k--
	}
	if strings.IndexByte(line, ']') != k-1 {
		return 0, false // (no ], more than one, or more than blanks after it)
	}
	return end, true
}

// firstWord returns the first word of a movetext that is not a move
// number, for detection before parsing.
func firstWord(text string) string {
	for text != "" {
		// (The white space of TrimLeft and IndexAny with " \t\r\n\v\f",
		// byte by byte.)
		i := 0
		for i < len(text) && movetext.IsSpace(text[i]) {
			i++
		}
		j := i
		for j < len(text) && !movetext.IsSpace(text[j]) {
			j++
		}
		w := text[i:j]
		text = text[j:]
		j = 0
		for j < len(w) && '0' <= w[j] && w[j] <= '9' {
			j++
		}
		if j < len(w) && w[j] == '.' {
			w = w[j:] // a move number, maybe glued to its move
		}
		switch w = strings.TrimLeft(w, "."); {
		case w == "":
			continue
		case w[0] == '{' || w[0] == ';' || w[0] == '[':
			return ""
		}
		return w
	}
	return ""
}

// normVariant lower-cases a variant name and drops spaces, apostrophes,
// hyphens and underscores, for comparing names as people write them.
func normVariant(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		switch r {
		case ' ', '\t', '\'', '’', '-', '_':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// VariantNamed returns the builtin variant of a family whose name matches
// a written name loosely ("Nine Men's Morris" is nine-mens-morris: case,
// spaces, apostrophes, hyphens and underscores aside), or nil. An empty
// family matches every family.
func VariantNamed(family, name string) *variants.Variant {
	return namedVariant(name, func(e variants.Entry) bool { return family == "" || e.Family == family })
}

// namedVariant finds the name in the catalog and decodes only the
// variant it names (and its bases), not every builtin.
func namedVariant(name string, keep func(variants.Entry) bool) *variants.Variant {
	if strings.TrimSpace(name) == "" {
		return nil // (before the builtins are loaded: most records name none)
	}
	all, err := variants.Catalog()
	if err != nil {
		return nil
	}
	n := normVariant(name)
	for _, e := range all {
		if keep(e) && normVariant(e.Name) == n {
			v, err := variants.Lookup(e.Name)
			if err != nil {
				return nil
			}
			return v
		}
	}
	return nil
}

// VariantByTag chooses the variant of a record of a named game from its
// Variant tag, as people write it; an unknown name falls back to the
// game's default variant with a warning. Families whose records name
// their variant that way (morris, race games, Halma) use it.
func VariantByTag(rec *notation.Record, game string, rep *Report) (*variants.Variant, error) {
	name, _ := rec.Tag("Variant")
	if v := namedVariant(name, func(e variants.Entry) bool { return e.Game == game }); v != nil {
		return v, nil
	}
	v, err := variants.ForGame(game, strings.TrimSpace(name))
	if err != nil && v != nil {
		pos := rec.Pos
		if t, ok := rec.TagPos("Variant"); ok {
			pos = t.Pos
		}
		rep.Warnf(pos, "variant", "%v; replayed as %s (choose with --variant)", err, v.Name)
		return v, nil
	}
	return v, err
}

// TaggedFamily is the part of a Family that is the same for every family
// whose records always name their game in a Game tag and their variant in
// a Variant tag, and are written back as plain PDN tag pairs (the race
// games, Halma). Such a family embeds it and adds Check (and Simulate,
// Scene).
type TaggedFamily struct {
	Key     string                                             // the rules section's key
	ParseFn func(g pdn.GameText, file string) *notation.Record // the family's notation
}

func (t TaggedFamily) Name() string { return t.Key }

// Recognise: such records are known by their Game tag alone.
func (TaggedFamily) Recognise(Header) bool { return false }

func (t TaggedFamily) Parse(g pdn.GameText, file string) *notation.Record { return t.ParseFn(g, file) }

func (TaggedFamily) Write(w io.Writer, rec *notation.Record, _ string) error {
	return pdn.Write(w, rec)
}

func (TaggedFamily) Variant(rec *notation.Record, game string, rep *Report) (*variants.Variant, error) {
	return VariantByTag(rec, game, rep)
}
