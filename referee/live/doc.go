// Package live checks a document as a person types it, for the front-ends
// that sit in an editor or a browser page (the language server of
// 'arbiter lsp'): a document's games, each checked once and cached by its
// text, so that a keystroke re-checks only the game it is in; the findings
// with ranges in the positions the Language Server Protocol counts (UTF-16
// code units); the edits that mend them (the repair search's fixes, the
// normalising fixes 'arbiter convert' makes, a suppression comment); the
// legal moves at the cursor; the board before and after a move; one symbol
// per game.
//
// It knows no game: what it asks of a family beyond referee.Family it asks
// through the optional interfaces referee.Drawer (pictures of positions)
// and referee.Explorer (legal moves and draw counters at each ply).
package live

import (
	"runtime"
	"sort"
	"strings"
	"sync"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
)

// Settings are how a document's games are checked: the options 'arbiter
// check' would use for the file.
type Settings struct {
	Options referee.Options
	// Codes resolves the codes named in suppression comments; nil: by
	// name or pattern (see referee.CodeMatcher).
	Codes referee.CodeMatcher
	// Filter applies the codes chosen and their severities to a game's
	// report, as 'arbiter check' does (select, ignore, a config file's
	// severity); nil keeps every finding as the referee made it.
	Filter func(rep *referee.Report)
}

// Document is one open document: its text, its games, and their checks.
// It is not safe for concurrent use.
type Document struct {
	// Name is the file name the reports carry (the path of the URI).
	Name     string
	settings *Settings
	text     string
	bom      int // bytes of a byte-order mark the splitter skipped
	lines    lineIndex
	marks    unitMarks // the UTF-16 units of the text's long lines, once counted
	games    []*Game
	// Rechecked counts the games the last update checked (the others were
	// the same text as before, and kept their findings).
	Rechecked int
}

// Game is one game of a document.
type Game struct {
	// Index is the game's 1-based number in the document.
	Index int
	// Start and End are the byte offsets of the game's text in the
	// document.
	Start, End int
	text       string
	text0      pdn.GameText // as split, at the offset the check saw
	check      *checked
	// key is what the check depends on: the game's bytes in the document
	// (two byte strings may decode to one text), the column it starts at,
	// and what splitting them said (a file's first game that is not UTF-8 says so, the later ones
	// do not).
	key gameKey
}

// gameKey is a game's key: its bytes are a slice of the document's text,
// not a copy of it (a keystroke in a file of a thousand games would
// otherwise copy the whole file into keys).
type gameKey struct {
	col   int    // "%" escapes a line only in column 1
	bytes string // the game's bytes in the document
	// text is the game's text as decoded: the same bytes read otherwise
	// when the file's head says otherwise (lines ended by CRs alone
	// until an edit brings a line feed; Latin-1 or UTF-8).
	text  string
	split string // what splitting them said, "" most often
}

// checked is the check of one game text, shared by every game of the
// document with that text (and by the next version of the document).
type checked struct {
	report *referee.Report
	// at is the offset (in the splitter's text, without a byte-order
	// mark) the game started at when it was checked: the report's
	// offsets are relative to it.
	at int64
}

// NewDocument makes a document of text; settings may be nil (the
// defaults of 'arbiter check').
func NewDocument(name, text string, settings *Settings) *Document {
	if settings == nil {
		settings = &Settings{}
	}
	d := &Document{Name: name, settings: settings}
	d.SetText(text)
	return d
}

// Text is the document's text now.
func (d *Document) Text() string { return d.text }

// Games are the document's games in order.
func (d *Document) Games() []*Game { return d.games }

// Edit applies a client's changes and checks the games they changed.
func (d *Document) Edit(changes []Change) {
	d.SetText(apply(d.text, d.lines, &d.marks, changes))
}

// SetText replaces the document's text. The text is cut into games again
// (the splitter is linear and the cheapest stage of a check); each game
// whose text a game of the previous version had keeps that game's check,
// and only the others are checked.
func (d *Document) SetText(text string) {
	old := make(map[gameKey]*checked, len(d.games))
	for _, g := range d.games {
		old[g.key] = g.check
	}
	d.text = text
	d.lines = indexLines(text)
	d.marks = unitMarks{}
	d.bom = 0
	if strings.HasPrefix(text, "\ufeff") {
		d.bom = len("\ufeff")
	}
	d.games = d.games[:0:0]
	var todo []*Game
	// (A string reader fails in no way but io.EOF: Each returns nil.)
	_ = pdn.Each(strings.NewReader(text), pdn.Options{}, func(g pdn.GameText) error {
		start := d.bom + int(g.Pos.Offset)
		d.games = append(d.games, &Game{Index: g.Index, Start: start, End: min(start+len(g.Text), len(text)), text: g.Text, text0: g})
		return nil
	})
	for i, game := range d.games {
		end := len(text)
		if i+1 < len(d.games) {
			end = max(game.Start, d.games[i+1].Start)
		}
		game.key = gameKey{col: game.text0.Pos.Col, bytes: text[game.Start:end], text: game.text0.Text}
		if len(game.text0.Diagnostics) > 0 {
			var split strings.Builder
			for _, diag := range game.text0.Diagnostics {
				split.WriteString(diag.Code + "\x00" + diag.Msg + "\x00")
			}
			game.key.split = split.String()
		}
		if c, ok := old[game.key]; ok && c != nil {
			game.check = c
		} else {
			todo = append(todo, game)
		}
	}
	d.Rechecked = len(todo)
	d.checkAll(todo)
}

// checkAll checks games on every CPU: opening a file of a thousand games
// takes a fraction of the time.
func (d *Document) checkAll(todo []*Game) {
	seen := map[gameKey]*Game{}
	var uniq []*Game
	for _, g := range todo {
		if _, ok := seen[g.key]; !ok {
			seen[g.key] = g
			uniq = append(uniq, g)
		}
	}
	workers := min(runtime.GOMAXPROCS(0), len(uniq))
	if workers <= 1 {
		for _, g := range uniq {
			g.check = d.checkGame(g.text0)
		}
	} else {
		var wg sync.WaitGroup
		next := make(chan *Game)
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for g := range next {
					g.check = d.checkGame(g.text0)
				}
			}()
		}
		for _, g := range uniq {
			next <- g
		}
		close(next)
		wg.Wait()
	}
	for _, g := range todo {
		g.check = seen[g.key].check
	}
}

// checkGame checks one game as 'arbiter check' does: read, replayed,
// suppressions applied, the codes not chosen dropped.
func (d *Document) checkGame(g pdn.GameText) *checked {
	opts := d.settings.Options
	rec := referee.ParseGameFor(g, d.Name, opts)
	rep := referee.Check(rec, opts)
	referee.Suppress(rec, rep, opts, d.settings.Codes)
	if d.settings.Filter != nil {
		d.settings.Filter(rep)
	}
	rep.SetVerdict()
	rec.ReleaseMoves() // the report keeps the text and tags; a hover reads the game again
	return &checked{report: rep, at: g.Pos.Offset}
}

// Report is the game's check. Its positions are those of the text where
// it was checked (see Offset).
func (g *Game) Report() *referee.Report { return g.check.report }

// offset is the document offset of a position of the game's report.
func (d *Document) offset(g *Game, p notation.Pos) int {
	off := g.Start + int(p.Offset-g.check.at)
	return max(g.Start, min(off, len(d.text)))
}

// Position and Offset convert between byte offsets and positions.
func (d *Document) Position(off int) Position { return d.lines.positionIn(d.text, off, &d.marks) }
func (d *Document) Offset(p Position) int     { return d.lines.offsetIn(d.text, p, &d.marks) }

// GameAt is the game whose text holds the byte offset off (the one before
// it, when off is between games), or nil.
func (d *Document) GameAt(off int) *Game {
	if len(d.games) == 0 {
		return nil
	}
	// The games are in document order: the last that starts at or before
	// off, found by halving (a hover in a file of thousands of games).
	i := sort.Search(len(d.games), func(i int) bool { return d.games[i].Start > off }) - 1
	return d.games[max(i, 0)]
}
