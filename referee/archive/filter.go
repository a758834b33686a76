// Package archive is the archivist's library: it selects games by their
// tags, the referee's verdict and the positions they reach, finds the
// copies of one game across files by what was played (GameHash), groups
// the spellings of a player's name, tells the opening ballot a game was
// played from, and names the files an archive is split into. It knows no
// game: positions come from the families that trace (referee.Tracer).
package archive

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/variants"
)

// TagFilter is one --where condition: a tag, a comparison and a value.
type TagFilter struct {
	Name  string // compared without regard to case
	Op    string // "=", "!=", "~", "!~", ">=", "<=", ">", "<"
	Value string
	re    *regexp.Regexp // ~ and !~, and = and != with a glob
	glob  bool
}

// ParseTagFilter reads "White~Sijbrands", "Date>=2010", "Result=2-0",
// "Event=*Open*" (a glob), "Round!=1". = and != compare exactly, or as a
// glob when the value holds * ? or [; ~ and !~ take a regular expression,
// matched anywhere in the value without regard to case; < <= > >= compare
// dotted numbers (dates, rounds) part by part, as far as the value given
// goes (Date>=2010 holds for 2010.04.13), and other text as text.
func ParseTagFilter(s string) (TagFilter, error) {
	i := strings.IndexAny(s, "=!~<>")
	if i <= 0 {
		return TagFilter{}, fmt.Errorf("%q: want TAG=VALUE, TAG~REGEXP, TAG>=VALUE ... (operators = != ~ !~ < <= > >=)", s)
	}
	f := TagFilter{Name: strings.TrimSpace(s[:i])}
	rest := s[i:]
	for _, op := range []string{"!=", "!~", ">=", "<=", "=", "~", ">", "<"} {
		if strings.HasPrefix(rest, op) {
			f.Op, f.Value = op, rest[len(op):]
			break
		}
	}
	if f.Op == "" || !validTagName(f.Name) {
		return TagFilter{}, fmt.Errorf("%q: want TAG=VALUE, TAG~REGEXP, TAG>=VALUE ... (operators = != ~ !~ < <= > >=)", s)
	}
	switch f.Op {
	case "~", "!~":
		re, err := regexp.Compile("(?i)" + f.Value)
		if err != nil {
			return TagFilter{}, fmt.Errorf("%q: %v", s, err)
		}
		f.re = re
	case "=", "!=":
		if strings.ContainsAny(f.Value, "*?[") {
			if _, err := path.Match(f.Value, ""); err != nil {
				return TagFilter{}, fmt.Errorf("%q: bad glob: %v", s, err)
			}
			f.glob = true
		}
	}
	return f, nil
}

func validTagName(s string) bool {
	for _, c := range s {
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return s != ""
}

// Match says whether a game's tags meet the condition; a missing tag has
// the empty value.
func (f *TagFilter) Match(tags []notation.Tag) bool {
	v := ""
	for _, t := range tags {
		if strings.EqualFold(t.Name, f.Name) {
			v = strings.TrimSpace(t.Value)
			break
		}
	}
	switch f.Op {
	case "=", "!=":
		eq := v == f.Value
		if f.glob {
			eq, _ = path.Match(f.Value, v)
		}
		return eq == (f.Op == "=")
	case "~":
		return f.re.MatchString(v)
	case "!~":
		return !f.re.MatchString(v)
	}
	if v == "" {
		return false // no value is neither before nor after any
	}
	c := CompareValues(v, f.Value)
	switch f.Op {
	case ">=":
		return c >= 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	}
	return c < 0
}

// CompareValues compares a tag's value with a bound: dotted numbers
// ("2010.4.13", "3.1") part by part, as many parts as the bound has (an
// unknown part, "??", counts as 0); anything else as text.
func CompareValues(v, bound string) int {
	bp, ok1 := dotted(bound)
	vp, ok2 := dotted(v)
	if !ok1 || !ok2 {
		return strings.Compare(v, bound)
	}
	for i, b := range bp {
		x := 0
		if i < len(vp) {
			x = vp[i]
		}
		if x != b {
			if x < b {
				return -1
			}
			return 1
		}
	}
	return 0
}

func dotted(s string) ([]int, bool) {
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == '.' || r == '-' || r == '/' })
	if len(parts) == 0 {
		return nil, false
	}
	out := make([]int, len(parts))
	for i, p := range parts {
		if strings.Trim(p, "?") == "" {
			continue
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

// MaterialSpec is --material: the men and kings of one side against the
// other's, either colour ("3K:1K", "2K1M:K", "KKK:K").
type MaterialSpec struct {
	text string
	a, b referee.Material // side 0 of each: the two sides as written
}

// ParseMaterial reads SIDE:SIDE, each side a run of [COUNT]K (kings) and
// [COUNT]M (men); a letter without a count is one piece, and a side that
// names no men or no kings has none.
func ParseMaterial(s string) (MaterialSpec, error) {
	l, r, ok := strings.Cut(strings.ToUpper(strings.ReplaceAll(s, " ", "")), ":")
	if !ok {
		return MaterialSpec{}, fmt.Errorf("--material %q: want SIDE:SIDE, such as 3K:1K or 2K1M:K", s)
	}
	spec := MaterialSpec{text: s}
	for i, side := range []string{l, r} {
		men, kings, err := parseSide(side)
		if err != nil {
			return MaterialSpec{}, fmt.Errorf("--material %q: %v", s, err)
		}
		spec.a.Men[i], spec.a.Kings[i] = men, kings
	}
	spec.b = referee.Material{Men: [2]int{spec.a.Men[1], spec.a.Men[0]}, Kings: [2]int{spec.a.Kings[1], spec.a.Kings[0]}}
	return spec, nil
}

func parseSide(s string) (men, kings int, err error) {
	if s == "" || s == "0" {
		return 0, 0, nil
	}
	n := -1
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			if n < 0 {
				n = 0
			}
			n = 10*n + int(c-'0')
			if n > 1000 {
				return 0, 0, fmt.Errorf("too many pieces")
			}
		case c == 'K' || c == 'M':
			if n < 0 {
				n = 1
			}
			if c == 'K' {
				kings += n
			} else {
				men += n
			}
			n = -1
		default:
			return 0, 0, fmt.Errorf("%q is not a count, K (kings) or M (men)", c)
		}
	}
	if n >= 0 {
		return 0, 0, fmt.Errorf("%q: a count without K or M", s)
	}
	return men, kings, nil
}

func (m *MaterialSpec) match(x referee.Material) bool { return x == m.a || x == m.b }

// Ranges are game numbers and ranges: "1-10,15,20-".
type Ranges [][2]int

// ParseRanges reads N, N-M and N- (to the end), comma-separated.
func ParseRanges(s string) (Ranges, error) {
	var out Ranges
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(strings.TrimSpace(lo))
		if err != nil || a < 1 {
			return nil, fmt.Errorf("%q: want game numbers from 1, such as 1-10,15,20-", s)
		}
		b := a
		if isRange {
			if strings.TrimSpace(hi) == "" {
				b = int(^uint(0) >> 1)
			} else if b, err = strconv.Atoi(strings.TrimSpace(hi)); err != nil || b < a {
				return nil, fmt.Errorf("%q: want game numbers from 1, such as 1-10,15,20-", s)
			}
		}
		out = append(out, [2]int{a, b})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%q: no game number", s)
	}
	return out, nil
}

// Has says whether n is in the ranges.
func (r Ranges) Has(n int) bool {
	for _, x := range r {
		if n >= x[0] && n <= x[1] {
			return true
		}
	}
	return false
}

// Last is the highest number the ranges hold.
func (r Ranges) Last() int {
	last := 0
	for _, x := range r {
		last = max(last, x[1])
	}
	return last
}

// Filter is every condition of a selection; a game must meet them all.
// Its zero value selects every game.
type Filter struct {
	Tags     []TagFilter
	Verdict  string   // referee.Valid, referee.Invalid or "" for either
	Codes    []string // a finding with one of these codes
	Variants []string // the variant the game was replayed under, one of these
	MinPlies int      // at least this many plies replayed
	MaxPlies int      // at most this many (negative: no bound)
	// Positions are FENs the game must reach in its main line (each of
	// them, at any ply), read in the variant of each game.
	Positions []string
	Material  []MaterialSpec // material the game must reach, each
	Games     Ranges         // the game's number in the run
	Ballots   []string       // globs on the ballot's label or name
	// Ballot classifies a game for Ballots (nil: no game has a ballot).
	Ballot func(rep *referee.Report) *Ballot
	// VariantNamed finds the variant of a report's name for reading the
	// FENs (nil: the builtin variants).
	VariantNamed func(name string) (*variants.Variant, error)

	mu   sync.Mutex
	keys map[string][]string // variant name -> the Positions' keys ("" where a FEN does not read)
}

// Trace says what a check must keep of the main line for the filter.
func (f *Filter) Trace() uint8 {
	if len(f.Positions) > 0 || len(f.Material) > 0 || len(f.Ballots) > 0 {
		return referee.TracePositions
	}
	return 0
}

// Match says whether the game of rep, the n-th of the run, is selected.
func (f *Filter) Match(rep *referee.Report, n int) bool {
	if f.Games != nil && !f.Games.Has(n) {
		return false
	}
	if f.Verdict != "" && rep.Verdict != f.Verdict {
		return false
	}
	if len(f.Variants) > 0 && !containsFold(f.Variants, rep.Variant) {
		return false
	}
	if rep.Plies < f.MinPlies || f.MaxPlies >= 0 && rep.Plies > f.MaxPlies {
		return false
	}
	if len(f.Codes) > 0 {
		found := false
		for _, d := range rep.Diagnostics {
			if containsFold(f.Codes, d.Code) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	for i := range f.Tags {
		if !f.Tags[i].Match(rep.Tags) {
			return false
		}
	}
	if len(f.Positions) > 0 || len(f.Material) > 0 {
		t := rep.Trace
		if t == nil || len(t.Keys) == 0 {
			return false
		}
		for _, key := range f.positionKeys(rep.Variant) {
			if key == "" || !hasString(t.Keys, key) {
				return false
			}
		}
		for i := range f.Material {
			found := false
			for _, m := range t.Material {
				if f.Material[i].match(m) {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
	}
	if len(f.Ballots) > 0 {
		var b *Ballot
		if f.Ballot != nil {
			b = f.Ballot(rep)
		}
		if b == nil || !b.Matches(f.Ballots) {
			return false
		}
	}
	return true
}

// positionKeys reads the Positions in a variant, once per variant.
func (f *Filter) positionKeys(variant string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if keys, ok := f.keys[variant]; ok {
		return keys
	}
	if f.keys == nil {
		f.keys = map[string][]string{}
	}
	lookup := f.VariantNamed
	if lookup == nil {
		lookup = variants.Lookup
	}
	keys := make([]string, len(f.Positions))
	if v, err := lookup(variant); err == nil {
		for i, fen := range f.Positions {
			keys[i], _, _ = referee.PositionKeyOf(v, fen)
		}
	}
	f.keys[variant] = keys
	return keys
}

// CheckPositions reads the Positions in a variant, for a usage error
// before anything is read when none reads.
func CheckPositions(v *variants.Variant, fens []string) error {
	for _, fen := range fens {
		if _, _, err := referee.PositionKeyOf(v, fen); err != nil {
			return fmt.Errorf("--position %q: %v", fen, err)
		}
	}
	return nil
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
