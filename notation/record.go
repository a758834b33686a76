// Package notation holds the container shared by every PGN-family notation:
// tag pairs, movetext with comments and variations, a result token, and the
// positions (line, column) of everything that was written. It decodes text;
// it never judges whether a move is legal.
package notation

import (
	"fmt"
	"strings"
	"sync"
)

// Pos is a 1-based line and column in a source file. Offset is the 0-based
// byte offset in the file (after BOM removal), useful for quoting the line;
// in a UTF-16 or UTF-32 file, the offset in its text decoded to UTF-8.
type Pos struct {
	Line   int   `json:"line"`
	Col    int   `json:"col"`
	Offset int64 `json:"offset"`
}

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// IsValid reports whether the position was set.
func (p Pos) IsValid() bool { return p.Line > 0 }

// Severity of a diagnostic.
type Severity uint8

const (
	Warning Severity = iota
	Error
	// Note: the record is fine; something worth knowing about how it was
	// read (a rule chosen without a tag, a nonstandard but unambiguous
	// spelling). A note never fails a game and is not a warning.
	Note
)

// MarshalText writes the severity as its word in JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads "error", "warning" or "note".
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "error":
		*s = Error
	case "warning":
		*s = Warning
	case "note":
		*s = Note
	default:
		return fmt.Errorf("unknown severity %q", b)
	}
	return nil
}

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Note:
		return "note"
	}
	return "warning"
}

// Diagnostic is something a reader or referee has to say about a place in a
// record. Code is a short stable identifier (for JSON consumers and tests),
// Msg the human sentence.
type Diagnostic struct {
	Pos      Pos      `json:"pos"`
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Msg      string   `json:"message"`
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, d.Msg)
}

// Tag is one tag pair as written.
type Tag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Pos   Pos    `json:"pos"`
}

// Comment is a {...} or line comment's text, without its delimiters.
type Comment struct {
	Text string `json:"text"`
	Pos  Pos    `json:"pos"`
}

// Move is one move as written in the movetext. Text is the move token exactly
// as it appeared (e.g. "28x19x10", "c3-d4", "15:24"); each notation package
// decodes it into its own terms.
type Move struct {
	Number   int    `json:"number,omitempty"`   // the move number written before this move, 0 if none
	Ellipsis bool   `json:"ellipsis,omitempty"` // the number was written with "..." (a second-player move)
	Text     string `json:"text"`
	Pos      Pos    `json:"pos"`
	Strength string `json:"strength,omitempty"` // "!", "?", "!?", ...; "" if none
	NAGs     []int  `json:"nags,omitempty"`
	// Setup is a position (e.g. a /FEN "..."/ in PDN) written just before
	// this move; the move is played from it.
	Setup    string    `json:"setup,omitempty"`
	SetupPos Pos       `json:"setup_pos,omitzero"`
	Comments []Comment `json:"comments,omitempty"` // comments written after the move
	// Variations are alternatives to this move: each starts from the
	// position before this move.
	Variations []Line `json:"variations,omitempty"`
}

// Line is a sequence of moves: the main line or a variation.
type Line []*Move

// MaxDepth is how deeply readers nest variations: a variation inside
// MaxDepth others is kept as a comment holding its text (a too-deep
// warning), not as moves. Real records nest a few levels (an engine's
// principal variation inside an annotator's); the bound keeps the work on
// a record (replaying a variation from its parent's position, writing it
// back) from needing stack, memory or time in proportion to its depth.
const MaxDepth = 100

// Record is one game as written.
type Record struct {
	File  string `json:"file"` // the name the user gave, for diagnostics
	Index int    `json:"game"` // 1-based number of the game in its file
	Pos   Pos    `json:"pos"`  // where the game text starts (line, col 1)
	// Text is the game's decoded source text, starting at Pos, kept so a
	// diagnostic can quote its line.
	Text string `json:"-"`

	Tags []Tag `json:"tags"`
	// Comments written before the first move.
	Comments []Comment `json:"comments,omitempty"`
	Moves    Line      `json:"moves"`
	// Setup written in the movetext before the first move (PDN /FEN/).
	Setup    string `json:"setup,omitempty"`
	SetupPos Pos    `json:"setup_pos,omitzero"`

	// Result is the game terminator, normalised ("2-0", "1-1", "0-2",
	// "0-0", "1-0", "0-1", "1/2-1/2", "*"), or "" when the game has none.
	Result    string `json:"result,omitempty"`
	ResultPos Pos    `json:"result_pos,omitzero"`
	// After holds comments written after the result ("2-0 {resigned}"):
	// they belong to this game, not the next.
	After []Comment `json:"after,omitempty"`

	// Diagnostics from reading: leniencies (warnings) and unreadable parts
	// (errors). A record with a read error is still returned with what could
	// be read.
	Diagnostics []Diagnostic `json:"diagnostics,omitempty"`

	// storage is the memory the moves were carved from (AllocMoves), given
	// back by ReleaseMoves.
	storage *moveStorage

	// tagIndex says which tag names Tags holds, for Tag and TagPos to
	// answer at once for a name it has not (IndexTags).
	tagIndex tagIndex
}

// tagIndex is a set of tag names (a bit for each name's tagBit) of the
// tags tags[:n] of the slice whose first element is at first: a record's
// tags as they were when IndexTags made it. It holds while Tags is that
// slice (Tags appended to, or another slice, is looked through instead):
// readers build their records' tags and do not rename them.
type tagIndex struct {
	bits  uint64
	first *Tag
	n     int
}

// tagBit is a name's bit in a tagIndex: of its length and its first and
// last letters, case folded (Tag compares names case-insensitively).
func tagBit(name string) uint64 {
	if name == "" {
		return 1
	}
	h := uint(len(name))*7 + uint(name[0]|0x20)*3 + uint(name[len(name)-1]|0x20)
	return 1 << (h & 63)
}

// IndexTags notes which tag names the record holds, so that Tag and
// TagPos answer at once for a name it has not (a referee asks for the
// few tags it reads, most of them missing from most records, several
// times a game). For a reader, once it has built the tags.
func (r *Record) IndexTags() {
	if len(r.Tags) == 0 {
		return
	}
	var bits uint64
	for i := range r.Tags {
		bits |= tagBit(r.Tags[i].Name)
	}
	r.tagIndex = tagIndex{bits: bits, first: &r.Tags[0], n: len(r.Tags)}
}

// lacksTag: the record's tag index says it has no tag of that name.
func (r *Record) lacksTag(name string) bool {
	x := &r.tagIndex
	return x.n == len(r.Tags) && x.n > 0 && x.first == &r.Tags[0] && x.bits&tagBit(name) == 0
}

// moveStorage is a record's moves in one piece, and room for its main
// line: the largest allocation of a game by far (a move is about 180
// bytes), so a stream of games reuses it rather than allocating and
// collecting it again for every game.
type moveStorage struct {
	moves []Move
	line  Line
}

var moveStorages = sync.Pool{New: func() any { return new(moveStorage) }}

// maxKeptMoves bounds the storage kept for reuse: a game of thousands of
// moves is rare, and its storage is not worth holding on to.
const maxKeptMoves = 1024

// AllocMoves returns n zeroed moves and an empty line with room for n+1,
// for a reader that knows a game's move count before building it. They
// belong to r: ReleaseMoves may hand them to another record.
func (r *Record) AllocMoves(n int) ([]Move, Line) {
	if n == 0 {
		return nil, nil
	}
	s := moveStorages.Get().(*moveStorage)
	if cap(s.moves) < n {
		s.moves = make([]Move, n)
	}
	if cap(s.line) < n+1 {
		s.line = make(Line, 0, n+1)
	}
	s.moves = s.moves[:n]
	r.storage = s
	return s.moves, s.line[:0]
}

// MoveSlab is the storage AllocMoves hands out, for a reader that learns
// a game's move count only as it reads it (a one-pass reader): it writes
// each move in place as it reads it, then gives the moves to a record
// (Record.TakeMoves) or back (Drop). The zero MoveSlab is empty.
type MoveSlab struct {
	moves []Move // s.moves as appended to (s.moves is set when the slab is handed on)
	s     *moveStorage
}

// Append adds a zeroed move after the others and returns it. The pointer
// is valid until the next Append (the storage may move as it grows).
func (sl *MoveSlab) Append() *Move {
	if m := sl.Room(); m != nil {
		return m
	}
	return sl.grow()
}

// Room is Append when the storage has room (a call small enough to be
// inlined in a reader's loop): the zeroed move after the others, or nil
// when the storage is full or not taken yet (Append then grows it).
func (sl *MoveSlab) Room() *Move {
	n := len(sl.moves)
	if n == cap(sl.moves) {
		return nil
	}
	// (Beyond its length the storage is zero: released storage is cleared
	// up to its length, and grown storage is new.)
	sl.moves = sl.moves[:n+1]
	return &sl.moves[n]
}

// grow is Append when the storage is full, or not taken yet.
func (sl *MoveSlab) grow() *Move {
	if sl.s == nil {
		sl.s = moveStorages.Get().(*moveStorage)
		sl.moves = sl.s.moves[:0]
		if cap(sl.moves) > 0 {
			return sl.Append()
		}
	}
	sl.moves = append(sl.moves, Move{})
	return &sl.moves[len(sl.moves)-1]
}

// Moves returns the moves appended so far, valid until the next Append.
func (sl *MoveSlab) Moves() []Move { return sl.moves }

// Drop gives the storage back, cleared, for a reader that gives up.
func (sl *MoveSlab) Drop() {
	s, moves := sl.s, sl.moves
	*sl = MoveSlab{}
	if s == nil || cap(moves) > maxKeptMoves {
		return
	}
	clear(moves)
	s.moves = moves[:0]
	moveStorages.Put(s)
}

// TakeMoves makes the slab's moves r's main line, as AllocMoves and a
// line of them would: the storage is r's (ReleaseMoves gives it back) and
// the slab is left empty. Without moves, r.Moves is nil.
func (r *Record) TakeMoves(sl *MoveSlab) {
	n := len(sl.moves)
	if n == 0 {
		sl.Drop()
		return
	}
	s := sl.s
	s.moves = sl.moves
	*sl = MoveSlab{}
	if cap(s.line) < n+1 {
		s.line = make(Line, 0, n+1)
	}
	line := s.line[:n]
	for i := range line {
		line[i] = &s.moves[i]
	}
	r.storage, r.Moves = s, line
}

// ReleaseMoves is for a caller that is done with r's moves but keeps the
// record (its text and tags, to quote them): it drops r.Moves, and the
// memory AllocMoves gave r goes to the next record read. No pointer to
// one of r's moves may be used afterwards.
func (r *Record) ReleaseMoves() {
	r.Moves = nil
	s := r.storage
	if s == nil {
		return
	}
	r.storage = nil
	if cap(s.moves) > maxKeptMoves {
		return
	}
	// Zeroed as they were handed out (AllocMoves does not clear), and so
	// that the pool holds no texts or comments of games gone. Only what
	// this game could have written: its n moves and a main line of at
	// most n+1 (a longer one was grown elsewhere). The rest is still zero,
	// so a release costs this game's size, not the largest game's.
	// (Cleared whole: memclr's wide stores cost less than looking at
	// each move's fields to clear only those written.)
	clear(s.moves)
	clear(s.line[:min(len(s.moves)+1, cap(s.line))])
	s.moves, s.line = s.moves[:0], s.line[:0]
	moveStorages.Put(s)
}

// Tag returns the value of the first tag with the given name (compared
// case-insensitively, since real files write both SetUp and Setup).
func (r *Record) Tag(name string) (string, bool) {
	if r.lacksTag(name) {
		return "", false
	}
	for _, t := range r.Tags {
		if equalFold(t.Name, name) {
			return t.Value, true
		}
	}
	return "", false
}

// TagPos returns the tag with the given name, if present.
func (r *Record) TagPos(name string) (Tag, bool) {
	if r.lacksTag(name) {
		return Tag{}, false
	}
	for _, t := range r.Tags {
		if equalFold(t.Name, name) {
			return t, true
		}
	}
	return Tag{}, false
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// HasErrors reports whether reading produced an error diagnostic.
func (r *Record) HasErrors() bool {
	for _, d := range r.Diagnostics {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// SourceLine returns the text of the given 1-based file line if it lies
// within this record's text, for quoting under a diagnostic.
func (r *Record) SourceLine(line int) (string, bool) {
	n := line - r.Pos.Line
	if n < 0 || r.Text == "" {
		return "", false
	}
	s := r.Text
	for ; n > 0; n-- {
		i := indexByte(s, '\n')
		if i < 0 {
			return "", false
		}
		s = s[i+1:]
	}
	if i := indexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 0 && s[len(s)-1] == '\r' {
		s = s[:len(s)-1]
	}
	if line == r.Pos.Line && r.Pos.Col > 1 && r.Pos.Col <= 4096 {
		// The game starts inside the line (glued to the previous game's
		// result): blanks stand for the previous game's text, so the
		// columns of the quoted line stay the file's.
		s = strings.Repeat(" ", r.Pos.Col-1) + s
	}
	return s, true
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}
