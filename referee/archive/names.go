package archive

import (
	"encoding/binary"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Names counts the spellings of players' names and groups those that are
// probably one person. Grouping is near linear: names are put in blocks
// by their surname (and by the surname less any one letter, so that a
// letter off still meets), and compared only within a block.
type Names struct {
	count map[string]int // spelling -> games
	order []string
}

// NewNames starts an empty count.
func NewNames() *Names { return &Names{count: map[string]int{}} }

// Add counts one game of a spelling (an empty or "?" name is none).
func (n *Names) Add(name string) {
	name = strings.TrimSpace(name)
	if name == "" || strings.Trim(name, "?-.") == "" {
		return
	}
	if _, ok := n.count[name]; !ok {
		n.order = append(n.order, name)
	}
	n.count[name]++
}

// Spelling is one way a name is written and how many games write it.
type Spelling struct {
	Name  string
	Games int
}

// Cluster is a person's spellings, most used first; Canonical is the one
// to write (the most used; on a tie the one with capitals and accents).
type Cluster struct {
	Canonical string
	Games     int
	Spellings []Spelling
	// Why says what sets the spellings apart: case, hyphens, accents,
	// order (first and last name swapped), a letter off, initials.
	Why []string
}

// Players lists every spelling with its games, most games first.
func (n *Names) Players() []Spelling {
	out := make([]Spelling, 0, len(n.order))
	for _, s := range n.order {
		out = append(out, Spelling{s, n.count[s]})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Games != out[j].Games {
			return out[i].Games > out[j].Games
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Clusters groups the spellings that are probably one person (clusters
// of one spelling are left out), the most games first.
func (n *Names) Clusters() []Cluster {
	parent := make([]int, len(n.order))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	forms := make([]nameForm, len(n.order))
	blocks := map[string][]int{}
	for i, s := range n.order {
		forms[i] = formOf(s)
		for _, k := range forms[i].blockKeys() {
			blocks[k] = append(blocks[k], i)
		}
	}
	why := map[[2]int]string{}
	for _, ids := range blocks {
		if len(ids) > maxBlock {
			// A surname so common that comparing within its block would
			// be quadratic: only exact forms meet (the other keys still do).
			continue
		}
		for a := 0; a < len(ids); a++ {
			for b := a + 1; b < len(ids); b++ {
				i, j := ids[a], ids[b]
				if i == j {
					continue
				}
				if reason, ok := sameName(&forms[i], &forms[j], n.order[i], n.order[j]); ok {
					ri, rj := find(i), find(j)
					if ri != rj {
						parent[ri] = rj
					}
					why[[2]int{min(i, j), max(i, j)}] = reason
				}
			}
		}
	}
	members := map[int][]int{}
	for i := range n.order {
		r := find(i)
		members[r] = append(members[r], i)
	}
	reasons := map[int]map[string]bool{}
	for pair, r := range why {
		root := find(pair[0])
		if reasons[root] == nil {
			reasons[root] = map[string]bool{}
		}
		for _, w := range strings.Split(r, ", ") {
			reasons[root][w] = true
		}
	}
	var out []Cluster
	for root, ids := range members {
		if len(ids) < 2 {
			continue
		}
		c := Cluster{}
		for _, i := range ids {
			c.Spellings = append(c.Spellings, Spelling{n.order[i], n.count[n.order[i]]})
			c.Games += n.count[n.order[i]]
		}
		sort.SliceStable(c.Spellings, func(a, b int) bool {
			x, y := c.Spellings[a], c.Spellings[b]
			if x.Games != y.Games {
				return x.Games > y.Games
			}
			if sx, sy := styleScore(x.Name), styleScore(y.Name); sx != sy {
				return sx > sy
			}
			return x.Name < y.Name
		})
		c.Canonical = c.Spellings[0].Name
		for w := range reasons[root] {
			c.Why = append(c.Why, w)
		}
		sort.Strings(c.Why)
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Games != out[j].Games {
			return out[i].Games > out[j].Games
		}
		return out[i].Canonical < out[j].Canonical
	})
	return out
}

// What sets two spellings of one name apart (Cluster.Why).
const (
	whyCase        = "case"
	whyOrder       = "order"
	whySpacing     = "spacing"
	whyInitials    = "initials"
	whyLetter      = "a letter off"
	whyAccents     = "accents"
	whyHyphens     = "hyphens"
	whyPunctuation = "punctuation"
)

// maxBlock bounds the names compared pairwise within one block.
const maxBlock = 200

// styleScore prefers a spelling with capitals (not all of them) and
// accents: "Koops, Lambert-Jan" over "koops, lambert-jan".
func styleScore(s string) int {
	score := 0
	upper, lower := false, false
	for _, r := range s {
		if unicode.IsUpper(r) {
			upper = true
		}
		if unicode.IsLower(r) {
			lower = true
		}
		if r > 0x7f && unicode.IsLetter(r) {
			score++
		}
	}
	if upper && lower {
		score += 10
	}
	return score
}

// nameForm is a name read for comparing: its words folded (lower case,
// no accents, hyphens and dots as spaces), the surname (the words before
// a comma, else the last word) and the given names.
type nameForm struct {
	words   []string
	surname string
	given   []string
	folded  string // the words joined by spaces
	plain   string // case folded only: to tell a case difference
}

func formOf(s string) nameForm {
	f := nameForm{plain: strings.ToLower(strings.Join(strings.Fields(s), " "))}
	folded := fold(s)
	sur, given, comma := strings.Cut(folded, ",")
	split := func(t string) []string {
		return strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' })
	}
	if comma {
		sw, gw := split(sur), split(given)
		f.surname, f.given = strings.Join(sw, " "), gw
		f.words = append(append([]string{}, sw...), gw...)
	} else {
		f.words = split(folded)
		if len(f.words) > 0 {
			f.surname = f.words[len(f.words)-1]
			f.given = f.words[:len(f.words)-1]
		}
	}
	f.folded = strings.Join(f.words, " ")
	return f
}

// fold: lower case, accents off.
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// blockKeys are the blocks a name goes in: its surname, every word (a
// swapped name's surname is its first word), and each of those less one
// letter (so a letter off meets: "sijbrands" and "sybrands" share
// "sbrands"... and "sijbrands" less "i" is "sjbrands", less "j" "sibrands").
func (f *nameForm) blockKeys() []string {
	seen := map[string]bool{}
	var keys []string
	add := func(k string) {
		if k != "" && !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	add("=" + f.folded)
	for _, w := range f.words {
		r := []rune(w)
		if len(r) < 3 {
			continue
		}
		if len(r) >= longKey {
			// A word no name has (a hostile tag value): its keys are
			// hashed, or its n keys of n letters would cost n² bytes.
			longWordKeys(r, add)
			continue
		}
		add(w)
		if len(r) >= 5 {
			for i := range r {
				add(string(r[:i]) + string(r[i+1:]))
			}
		}
	}
	return keys
}

// longKey is the length in letters from which a block key is its hash,
// far longer than any word of a real name. The form of a key depends on
// its letters alone, so a word's key and another's less a letter still
// meet when they are the same letters.
const longKey = 64

// longWordKeys adds the keys of a word of at least longKey letters: the
// word, and the word less each letter, those of longKey letters or more as
// their polynomial hash (each found in constant time from the hashes of
// the word's prefixes and suffixes), the shorter ones as text. Two keys
// that meet by a collision only make the names compared.
func longWordKeys(r []rune, add func(string)) {
	const base = 0x100000001b3 // odd: multiplying by it loses no bit
	n := len(r)
	pow := make([]uint64, n+1) // pow[i] is base to the i
	pre := make([]uint64, n+1) // pre[i] is the hash of r[:i]
	pow[0] = 1
	for i, c := range r {
		pow[i+1] = pow[i] * base
		pre[i+1] = pre[i]*base + uint64(c)
	}
	suf := make([]uint64, n+1) // suf[i] is the hash of r[i:]
	for i := n - 1; i >= 0; i-- {
		suf[i] = uint64(r[i])*pow[n-1-i] + suf[i+1]
	}
	add(hashKey(pre[n], n))
	if n-1 < longKey {
		for i := range r {
			add(string(r[:i]) + string(r[i+1:]))
		}
		return
	}
	for i := range r {
		add(hashKey(pre[i]*pow[n-1-i]+suf[i+1], n-1))
	}
}

// hashKey is the key of a text of n letters whose hash is h: a byte no
// UTF-8 text holds, the hash, the length.
func hashKey(h uint64, n int) string {
	b := make([]byte, 0, 1+2*binary.MaxVarintLen64)
	b = append(b, 0xff)
	b = binary.AppendUvarint(b, h)
	b = binary.AppendUvarint(b, uint64(n))
	return string(b)
}

// sameName says whether two spellings are probably one person, and why.
func sameName(a, b *nameForm, sa, sb string) (string, bool) {
	if len(a.words) == 0 || len(b.words) == 0 {
		return "", false
	}
	var why []string
	if sa != sb && a.plain == b.plain {
		if strings.Join(strings.Fields(sa), " ") == strings.Join(strings.Fields(sb), " ") {
			return whySpacing, true
		}
		return whyCase, true
	}
	if a.folded == b.folded {
		if !strings.EqualFold(sa, sb) {
			if strings.ContainsAny(sa+sb, "-") && strings.EqualFold(removeMarks(fold(sa)), removeMarks(fold(sb))) {
				why = append(why, whyHyphens)
			} else if fold(sa) == strings.ToLower(sa) && fold(sb) == strings.ToLower(sb) {
				why = append(why, whyPunctuation)
			}
			if fold(sa) != strings.ToLower(sa) || fold(sb) != strings.ToLower(sb) {
				why = append(why, whyAccents)
			}
		}
		if strings.ToLower(sa) != sa || strings.ToLower(sb) != sb {
			if strings.EqualFold(removeMarks(sa), removeMarks(sb)) {
				why = append(why, whyCase)
			}
		}
		if len(why) == 0 {
			why = append(why, whySpacing)
		}
		return strings.Join(dedupe(why), ", "), true
	}
	if sameWords(a.words, b.words) {
		return whyOrder, true
	}
	// One letter off in the whole name (not in names too short to tell,
	// and not in an initial: "Romanov V.A." and "Romanov V.N." are two).
	if len(a.folded) >= 8 && len(b.folded) >= 8 && sameInitials(a.words, b.words) && withinOneEdit(a.folded, b.folded) {
		return whyLetter, true
	}
	// The same surname, one side's initials the start of the other's
	// ("M Tinsley", "MF Tinsley").
	if a.surname == b.surname && len([]rune(a.surname)) >= 4 && initialsPrefix(a.given, b.given) {
		return whyInitials, true
	}
	// The same surname and given names written as initials of the other's.
	if a.surname == b.surname && initialsOf(a.given, b.given) {
		return whyInitials, true
	}
	return "", false
}

// sameInitials: the words of one or two letters (initials) are the same
// in both names.
func sameInitials(a, b []string) bool {
	short := func(w []string) string {
		var out []string
		for _, x := range w {
			if len([]rune(x)) <= 2 {
				out = append(out, x)
			}
		}
		return strings.Join(out, " ")
	}
	return short(a) == short(b)
}

// initialsPrefix: both given names are initials only, and one's letters
// start the other's.
func initialsPrefix(a, b []string) bool {
	letters := func(w []string) (string, bool) {
		s := strings.Join(w, "")
		for _, x := range w {
			if len([]rune(x)) > 2 {
				return "", false
			}
		}
		return s, s != ""
	}
	x, ok1 := letters(a)
	y, ok2 := letters(b)
	return ok1 && ok2 && x != y && (strings.HasPrefix(x, y) || strings.HasPrefix(y, x))
}

func removeMarks(s string) string { return strings.ReplaceAll(s, "-", " ") }

func dedupe(s []string) []string {
	seen := map[string]bool{}
	out := s[:0]
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func sameWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := append([]string{}, a...), append([]string{}, b...)
	sort.Strings(x)
	sort.Strings(y)
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// initialsOf: one side's given names are the other's initials ("l j" or
// "lj" against "lambert jan").
func initialsOf(a, b []string) bool {
	return asInitials(a, b) || asInitials(b, a)
}

func asInitials(short, long []string) bool {
	if len(short) == 0 || len(long) == 0 {
		return false
	}
	for _, w := range short {
		if len([]rune(w)) > 3 {
			return false
		}
	}
	for _, w := range long {
		if len([]rune(w)) > 3 {
			return strings.Join(short, "") == initials(long)
		}
	}
	return false // both written as initials: the letters alone decide nothing
}

func initials(words []string) string {
	var b strings.Builder
	for _, w := range words {
		r := []rune(w)
		if len(r) > 0 {
			b.WriteRune(r[0])
		}
	}
	return b.String()
}

// withinOneEdit: one letter inserted, deleted, changed, or two next to
// each other swapped.
func withinOneEdit(a, b string) bool {
	x, y := []rune(a), []rune(b)
	if len(x) > len(y) {
		x, y = y, x
	}
	if len(y)-len(x) > 1 {
		return false
	}
	i := 0
	for i < len(x) && x[i] == y[i] {
		i++
	}
	if i == len(x) {
		return true
	}
	if len(x) == len(y) {
		if string(x[i+1:]) == string(y[i+1:]) {
			return true
		}
		return i+1 < len(x) && x[i] == y[i+1] && x[i+1] == y[i] && string(x[i+2:]) == string(y[i+2:])
	}
	return string(x[i:]) == string(y[i+1:])
}
