package archive

import (
	"cmp"
	"strconv"
	"strings"
	"unicode"

	"arbiter/notation"
)

// Identity is what a copy's tags say of which game it is: its players,
// date, event and round, as written ("" where a tag is missing or holds
// only "?"). English checkers has many book draws of identical moves
// played by other players in other years: the moves alone do not make
// two records one game, the moves and a compatible Identity do.
type Identity struct {
	White, Black, Date, Event, Round string
}

// IdentityOf reads a game's identity from its tags (names without regard
// to case).
func IdentityOf(tags []notation.Tag) Identity {
	return Identity{
		White: tagValue(tags, "White"), Black: tagValue(tags, "Black"),
		Date: tagValue(tags, "Date"), Event: tagValue(tags, "Event"), Round: tagValue(tags, "Round"),
	}
}

// Empty says whether no tag of the identity is given.
func (id Identity) Empty() bool { return id == Identity{} }

// String is "White - Black, Event, round Round, Date", what is given of it.
func (id Identity) String() string {
	var parts []string
	if id.White != "" || id.Black != "" {
		parts = append(parts, cmp.Or(id.White, "?")+" - "+cmp.Or(id.Black, "?"))
	}
	if id.Event != "" {
		parts = append(parts, id.Event)
	}
	if id.Round != "" {
		parts = append(parts, "round "+id.Round)
	}
	if id.Date != "" {
		parts = append(parts, id.Date)
	}
	if len(parts) == 0 {
		return "no players, event or date"
	}
	return strings.Join(parts, ", ")
}

// The tags of an identity, as Conflict names them.
const (
	ConflictWhite   = "White"
	ConflictBlack   = "Black"
	ConflictColours = "colours swapped" // each player is the other's colour in the other copy
	ConflictDate    = "Date"
	ConflictEvent   = "Event"
	ConflictRound   = "Round"
)

// Conflict lists the tags that two copies both give and that disagree:
// none when the copies may be one game. Players are compared as
// SamePlayer does, dates as SameDate, events and rounds as SameLabel; a
// tag one copy does not give disagrees with nothing.
func (id Identity) Conflict(o Identity) []string {
	x, y := formOfIdentity(id), formOfIdentity(o)
	return x.conflict(&y, true)
}

// Compatible says whether two copies may be one game (no Conflict).
func (id Identity) Compatible(o Identity) bool {
	if id == o {
		return true
	}
	x, y := formOfIdentity(id), formOfIdentity(o)
	return x.compatible(&y)
}

// identityForm is an Identity read for comparing, once: dupes compares
// one copy's tags with many others'.
type identityForm struct {
	id           Identity
	white, black playerForm
	date         []int
	dateRead     bool
	event, round string // labelKey
}

func formOfIdentity(id Identity) identityForm {
	f := identityForm{id: id, white: formOfPlayer(id.White), black: formOfPlayer(id.Black),
		event: labelKey(id.Event), round: labelKey(id.Round)}
	f.date, f.dateRead = dateParts(id.Date)
	return f
}

func (x *identityForm) compatible(y *identityForm) bool {
	return x.id == y.id || len(x.conflict(y, false)) == 0
}

// conflict lists the tags in conflict; all: every one (else the first).
func (x *identityForm) conflict(y *identityForm, all bool) []string {
	var why []string
	white := known(x.id.White, y.id.White) && !samePlayer(&x.white, &y.white)
	if white && !all {
		return []string{ConflictWhite}
	}
	black := known(x.id.Black, y.id.Black) && !samePlayer(&x.black, &y.black)
	switch {
	case white && black && samePlayer(&x.white, &y.black) && samePlayer(&x.black, &y.white):
		why = append(why, ConflictColours)
	default:
		if white {
			why = append(why, ConflictWhite)
		}
		if black {
			why = append(why, ConflictBlack)
		}
	}
	if known(x.id.Event, y.id.Event) && x.id.Event != y.id.Event && x.event != y.event {
		why = append(why, ConflictEvent)
	}
	if known(x.id.Round, y.id.Round) && x.id.Round != y.id.Round && x.round != y.round {
		why = append(why, ConflictRound)
	}
	if known(x.id.Date, y.id.Date) && !sameDateParts(x.id.Date, y.id.Date, x.date, y.date, x.dateRead && y.dateRead) {
		why = append(why, ConflictDate)
	}
	return why
}

func known(a, b string) bool { return a != "" && b != "" }

// SameLabel compares events and rounds: without regard to case, accents,
// punctuation and spacing, and numbers without their leading zeros
// ("Round 01" and "round 1"; "Lakeside 1952" and "Lakeside 1974" differ).
func SameLabel(a, b string) bool {
	return a == b || labelKey(a) == labelKey(b)
}

func labelKey(s string) string {
	words := strings.FieldsFunc(fold(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for i, w := range words {
		if t := strings.TrimLeft(w, "0"); t != w && isDigits(w) {
			words[i] = cmp.Or(t, "0")
		}
	}
	return strings.Join(words, " ")
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// SameDate compares two dates as far as both go: year, then month, then
// day ("1952" and "1952.05.01" may be one date; "1952.05" and "1952.06"
// are not). A part written "??" ends what a date tells. Dates are read
// year first (2010.04.13, 2010-04-13, 2010/04/13) or, when the year is
// last, day first (13.04.2010); a date read neither way is compared as
// text (without regard to case and spacing).
func SameDate(a, b string) bool {
	if a == b {
		return true
	}
	x, okx := dateParts(a)
	y, oky := dateParts(b)
	return sameDateParts(a, b, x, y, okx && oky)
}

func sameDateParts(a, b string, x, y []int, read bool) bool {
	if a == b {
		return true
	}
	if !read {
		return strings.EqualFold(strings.Join(strings.Fields(a), " "), strings.Join(strings.Fields(b), " "))
	}
	for i := 0; i < len(x) && i < len(y); i++ {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// dateParts reads a date into its known leading parts: year, month, day.
func dateParts(s string) ([]int, bool) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == '.' || r == '-' || r == '/' || unicode.IsSpace(r) })
	if len(f) == 0 || len(f) > 3 {
		return nil, false
	}
	if len(f) == 3 && len(f[2]) == 4 && len(f[0]) <= 2 {
		f[0], f[2] = f[2], f[0] // day first
	}
	var out []int
	for _, p := range f {
		if strings.Trim(p, "?") == "" {
			break
		}
		if !isDigits(p) || len(p) > 4 {
			return nil, false
		}
		n, _ := strconv.Atoi(p)
		out = append(out, n)
	}
	return out, true
}

// SamePlayer says whether two spellings may name one player, by the
// differences names groups (names.go) as one person's: case, accents,
// hyphens and punctuation, first and last name in either order ("Koops,
// Lambert Jan", "Lambert-Jan Koops"), and given names as initials or left
// out ("MF Tinsley", "M. Tinsley", "Tinsley"). Surnames must be the same:
// a letter off is two players here, since merging two games is worse
// than missing a copy. "Romanov V.A." and "Romanov V.N." are two.
func SamePlayer(a, b string) bool {
	if a == b {
		return true
	}
	x, y := formOfPlayer(a), formOfPlayer(b)
	return samePlayer(&x, &y)
}

// playerForm is a name read for comparing: its words, their key, and its
// readings as surname and given names.
type playerForm struct {
	text   string
	key    string
	words  int
	splits []nameSplit
}

func formOfPlayer(s string) playerForm {
	n := playerWords(s)
	f := playerForm{text: s, key: n.key(), words: len(n.words)}
	if len(n.words) <= maxNameWords {
		f.splits = n.splits()
	}
	return f
}

func samePlayer(x, y *playerForm) bool {
	if x.text == y.text {
		return true
	}
	if x.words == 0 || y.words == 0 {
		return false
	}
	if x.key == y.key {
		return true
	}
	for _, sx := range x.splits {
		for _, sy := range y.splits {
			if sameWordList(sx.surname, sy.surname) && givenCompatible(sx.given, sy.given) {
				return true
			}
		}
	}
	return false
}

// maxNameWords bounds the words of a name compared split by split (past
// it, only the same words in the same order are one name).
const maxNameWords = 8

// nameWord is a word of a name, folded (lower case, no accents), or an
// initial (one letter).
type nameWord struct {
	text    string
	initial bool
}

// playerName is a name's words, and where its comma was ("Surname,
// Given"; -1 without one).
type playerName struct {
	words []nameWord
	comma int
}

func (n playerName) key() string {
	var b strings.Builder
	for _, w := range n.words {
		b.WriteString(w.text)
		b.WriteByte(' ')
	}
	return b.String()
}

// playerWords reads a name: words are parted by anything not a letter, a
// digit or an apostrophe; a word of one letter is an initial, and so is
// each letter of a word of two or three capitals beside other words
// ("MF Tinsley", "NW Banks").
func playerWords(s string) playerName {
	n := playerName{comma: -1}
	before, after, hasComma := strings.Cut(s, ",")
	parts := []string{before}
	if hasComma {
		parts = append(parts, after)
	}
	total := len(strings.FieldsFunc(s, notNameRune))
	for i, part := range parts {
		if i == 1 {
			n.comma = len(n.words)
		}
		for _, w := range strings.FieldsFunc(part, notNameRune) {
			r := []rune(w)
			switch {
			case len(r) == 1:
				n.words = append(n.words, nameWord{fold(w), true})
			case len(r) <= 3 && total > 1 && allUpper(r):
				for _, c := range r {
					n.words = append(n.words, nameWord{fold(string(c)), true})
				}
			default:
				n.words = append(n.words, nameWord{fold(w), false})
			}
		}
	}
	return n
}

func notNameRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' }

func allUpper(r []rune) bool {
	for _, c := range r {
		if !unicode.IsUpper(c) {
			return false
		}
	}
	return true
}

// nameSplit is a reading of a name as a surname (full words only) and
// given names.
type nameSplit struct{ surname, given []nameWord }

// splits are the readings of a name: with a comma, the words before it
// are the surname; without, the surname is the last words (given names
// first) or the first words (surname first, as Russian lists write).
func (n playerName) splits() []nameSplit {
	var out []nameSplit
	add := func(surname, given []nameWord) {
		if len(surname) == 0 {
			return
		}
		for _, w := range surname {
			if w.initial {
				return
			}
		}
		out = append(out, nameSplit{surname, given})
	}
	if n.comma >= 0 {
		add(n.words[:n.comma], n.words[n.comma:])
		return out
	}
	for k := 0; k < len(n.words); k++ {
		add(n.words[k:], n.words[:k])
		if k > 0 {
			add(n.words[:k], n.words[k:])
		}
	}
	return out
}

func sameWordList(a, b []nameWord) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].text != b[i].text {
			return false
		}
	}
	return true
}

// givenCompatible: one side gives no given names, or the given names
// agree in order as far as both go, an initial agreeing with a word it
// starts ("M" with "marion").
func givenCompatible(a, b []nameWord) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		x, y := a[i], b[i]
		switch {
		case !x.initial && !y.initial:
			if x.text != y.text {
				return false
			}
		default:
			if firstRune(x.text) != firstRune(y.text) {
				return false
			}
		}
	}
	return true
}

func firstRune(s string) rune {
	for _, r := range s {
		return r
	}
	return 0
}
