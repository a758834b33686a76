// Package baseline records the findings of an archive as they are today,
// so that a CI run fails only on findings that are not among them: the
// games recorded wrongly decades ago, which nobody can correct, stay
// reported (as suppressed) without failing every run, and a new mistake
// still fails it.
//
// A finding is matched by its game's identity (referee.Identity: the
// game's tags and moves, not its place in the file), its code, and the
// move it is about (number and text), so that reformatting a file,
// reordering its games or editing another game changes nothing. A game
// whose moves were edited has another identity: its findings are then
// matched by its tags alone, when no other game had the same tags in the
// run that wrote the baseline. An entry no finding matched is stale (the
// finding was fixed); a run reports them, and writing the baseline again
// from it prunes them.
package baseline

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode"

	"arbiter/notation"
	"arbiter/referee"
)

// Version is the format's version, written in every file.
const Version = 1

// File is a baseline file (JSON).
type File struct {
	Version int    `json:"version"`
	Tool    string `json:"tool"`
	About   string `json:"about"`
	// Findings are sorted by file, then in the order the run met them.
	Findings []Entry `json:"findings"`
}

// Entry is one finding, or Count identical ones of a game.
type Entry struct {
	// File is where the game was, relative to the baseline's folder: a run
	// says an entry is stale only when it read that file.
	File string `json:"file"`
	// Game is the game's identity (referee.Identity.Game); Tags its tags'
	// (referee.Identity.Tags), written only when no other game of that run
	// had the same tags.
	Game       string `json:"game"`
	Tags       string `json:"tags,omitempty"`
	Code       string `json:"code"`
	MoveNumber int    `json:"move_number,omitempty"`
	Move       string `json:"move,omitempty"`
	Count      int    `json:"count"`
	// Players and Message are for the person reading the file.
	Players string `json:"players,omitempty"`
	Message string `json:"message,omitempty"`
}

const about = "Findings arbiter check reports without failing (arbiter check --baseline FILE). " +
	"Written by arbiter check --write-baseline FILE; with --baseline FILE too, the entries whose findings are gone are pruned."

// ErrNotBaseline: the file is not a baseline (it is not overwritten).
var ErrNotBaseline = errors.New("not an arbiter baseline file")

// Read reads a baseline file strictly.
func Read(r io.Reader) (*File, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var probe struct {
		Tool    string `json:"tool"`
		Version int    `json:"version"`
	}
	if json.Unmarshal(data, &probe) != nil || probe.Tool != "arbiter" {
		return nil, ErrNotBaseline
	}
	if probe.Version != Version {
		return nil, fmt.Errorf("baseline version %d, this arbiter reads version %d: write it again with --write-baseline", probe.Version, Version)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f File
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotBaseline, err)
	}
	for i, e := range f.Findings {
		if e.Game == "" || e.Code == "" || e.Count < 1 {
			return nil, fmt.Errorf("finding %d: game, code and a count of 1 or more are needed", i+1)
		}
	}
	return &f, nil
}

// Write writes f, one finding per line of indented JSON, so that a
// review sees what a change added or pruned.
func (f *File) Write(w io.Writer) error {
	f.Version, f.Tool, f.About = Version, "arbiter", about
	if f.Findings == nil {
		f.Findings = []Entry{}
	}
	sort.SliceStable(f.Findings, func(i, j int) bool { return f.Findings[i].File < f.Findings[j].File })
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"version\": %d,\n  \"tool\": \"arbiter\",\n  \"about\": %s,\n  \"findings\": [", Version, mustJSON(about))
	for i, e := range f.Findings {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(mustJSON(e))
	}
	if len(f.Findings) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	_, err := w.Write(b.Bytes())
	return err
}

func mustJSON(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // strings and ints only
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}

// Candidate says whether a finding goes in a baseline: one that counts
// (an error or a warning) and that nothing suppressed.
func Candidate(d *referee.Diagnostic) bool {
	return d.Suppressed == nil && d.Severity != notation.Note
}

// key is what a finding is matched by.
type key struct {
	game, code string
	number     int
	move       string
}

func keyOf(game string, d *referee.Diagnostic) key {
	return key{game, d.Code, d.MoveNumber, squeeze(d.Move)}
}

func (e *Entry) key(game string) key { return key{game, e.Code, e.MoveNumber, squeeze(e.Move)} }

func squeeze(s string) string {
	if strings.IndexFunc(s, unicode.IsSpace) < 0 {
		return s
	}
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), "")
}

// Matcher matches a run's findings against a baseline.
type Matcher struct {
	file    *File
	left    []int         // per entry, the findings it has yet to match
	byKey   map[key][]int // entries by key
	games   map[string]bool
	byTags  map[string]string // a tags identity the writing run found unique: its game
	seen    map[string]bool   // games met in this run
	claimed map[string]bool   // baseline games an edited game took the findings of
}

// NewMatcher prepares f for matching.
func NewMatcher(f *File) *Matcher {
	m := &Matcher{file: f, left: make([]int, len(f.Findings)), byKey: map[key][]int{}, games: map[string]bool{},
		byTags: map[string]string{}, seen: map[string]bool{}, claimed: map[string]bool{}}
	for i := range f.Findings {
		e := &f.Findings[i]
		m.left[i] = e.Count
		k := e.key(e.Game)
		m.byKey[k] = append(m.byKey[k], i)
		m.games[e.Game] = true
		if e.Tags != "" {
			m.byTags[e.Tags] = e.Game
		}
	}
	return m
}

// Match marks the findings of rep the baseline holds as suppressed
// (SuppressedExternal) and returns how many. rep needs its Identity
// (StreamOptions.Identify) and its filters applied.
func (m *Matcher) Match(rep *referee.Report) int {
	game := rep.Identity.Game
	m.seen[game] = true
	if !m.games[game] {
		// An edited game: the baseline's game of the same tags, if the
		// run that wrote it had no other game with them, and no other
		// game of this run took its findings.
		alt, ok := m.byTags[rep.Identity.Tags]
		if !ok || len(rep.Tags) == 0 || m.seen[alt] || m.claimed[alt] {
			return 0
		}
		m.claimed[alt] = true
		game = alt
	}
	n := 0
	for i := range rep.Diagnostics {
		d := &rep.Diagnostics[i]
		if !Candidate(d) {
			continue
		}
		for _, e := range m.byKey[keyOf(game, d)] {
			if m.left[e] > 0 {
				m.left[e]--
				d.Suppressed = &referee.Suppression{Kind: referee.SuppressedExternal, Reason: "in the baseline"}
				n++
				break
			}
		}
	}
	return n
}

// Stale lists the entries whose findings this run did not meet, in files
// it read (checked says which), each with the count it did not meet.
func (m *Matcher) Stale(checked func(file string) bool) []Entry {
	var out []Entry
	for i, e := range m.file.Findings {
		if m.left[i] > 0 && checked(e.File) {
			e.Count = m.left[i]
			out = append(out, e)
		}
	}
	return out
}

// Pruned is the baseline without its stale entries: what it held of the
// files this run read and met, and all it held of the others.
func (m *Matcher) Pruned(checked func(file string) bool) []Entry {
	var out []Entry
	for i, e := range m.file.Findings {
		if checked(e.File) {
			e.Count -= m.left[i]
		}
		if e.Count > 0 {
			out = append(out, e)
		}
	}
	return out
}

// Recorder collects the findings of a run, for a new baseline.
type Recorder struct {
	entries []Entry
	index   map[key]int
	tags    map[string]int // games per tags identity
}

// NewRecorder starts an empty baseline.
func NewRecorder() *Recorder {
	return &Recorder{index: map[key]int{}, tags: map[string]int{}}
}

// Add records the findings of one game (every game is to be added, those
// without findings too: whether a game's tags are its own depends on
// them). file is its file relative to the baseline's folder.
func (r *Recorder) Add(file string, rep *referee.Report) {
	r.tags[rep.Identity.Tags]++
	for i := range rep.Diagnostics {
		d := &rep.Diagnostics[i]
		if !Candidate(d) {
			continue
		}
		k := keyOf(rep.Identity.Game, d)
		if at, ok := r.index[k]; ok {
			r.entries[at].Count++
			continue
		}
		r.index[k] = len(r.entries)
		r.entries = append(r.entries, Entry{File: file, Game: rep.Identity.Game, Tags: rep.Identity.Tags, Code: d.Code,
			MoveNumber: d.MoveNumber, Move: d.Move, Count: 1, Players: rep.Players(), Message: d.Msg})
	}
}

// Entries are the findings recorded, a game's tags identity kept only
// where no other game had the same tags.
func (r *Recorder) Entries() []Entry {
	out := make([]Entry, len(r.entries))
	for i, e := range r.entries {
		if r.tags[e.Tags] != 1 {
			e.Tags = ""
		}
		out[i] = e
	}
	return out
}
