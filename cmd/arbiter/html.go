package main

import (
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"io"
	"sort"
	"strconv"
	"strings"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/referee/picture"
	"arbiter/variants"
)

// The report page: a template, its style and its script, all embedded and
// written into the one file, so it opens with no network at all.
//
//go:embed report/report.html report/report.css report/report.js
var reportFiles embed.FS

var reportPage = template.Must(template.New("report.html").Funcs(template.FuncMap{
	"css": func() template.CSS { return template.CSS(mustRead("report/report.css")) },
	"js":  func() template.JS { return template.JS(mustRead("report/report.js")) },
	// The page's Content-Security-Policy allows no fetch of any kind and
	// runs only the page's own script and style, named by their hashes:
	// even a record text that got past the escaping could not run.
	"csp": func() string {
		return "default-src 'none'; img-src data:; script-src '" + hash("report/report.js") +
			"'; style-src '" + hash("report/report.css") + "'"
	},
}).ParseFS(reportFiles, "report/report.html"))

// maxOpen games with errors are shown unfolded; the others open on a click.
const maxOpen = 20

func mustRead(name string) string {
	b, err := reportFiles.ReadFile(name)
	if err != nil {
		panic(err) // embedded: cannot happen in a built binary
	}
	return string(b)
}

func hash(name string) string {
	sum := sha256.Sum256([]byte(mustRead(name)))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

// htmlWriter keeps what the page shows of each game (not the records
// themselves) and writes the page when every game is in: the summary comes
// first on the page and counts them all.
type htmlWriter struct {
	out    io.Writer
	page   htmlPage
	byPtr  map[*picture.Board]int
	byJSON map[string]int
	files  map[string]int
	// fixed is the variant the user chose for every game (a --variant-file
	// one has no name to look up), nil when each game says.
	fixed  *variants.Variant
	opened int
}

func (h *htmlWriter) setOutput(w io.Writer) { h.out = w }

// htmlPage is the template's data; every string in it is record text or
// derived from it, and the template escapes each one for where it goes.
type htmlPage struct {
	Title    string
	Games    []htmlGame
	Files    []htmlFile
	Codes    []htmlCode
	Valid    int
	Invalid  int
	Warnings int
	Errors   int
	Data     htmlData // for the script: the boards, as JSON
}

type htmlData struct {
	Scenes []*picture.Board `json:"scenes"`
}

type htmlFile struct {
	Name           string
	Games, Invalid int
}

type htmlCode struct {
	Code, Severity string
	Count          int
}

type htmlGame struct {
	File, Where, Name, Verdict, Variant, Summary string
	Game, Plies                                  int
	Open                                         bool // shown unfolded: the first games with errors
	Codes                                        []string
	Tags                                         []notation.Tag
	Diags                                        []htmlDiag
	Viewer                                       *htmlViewer
}

type htmlDiag struct {
	Where, Severity, Code, Msg, Move, LegalLabel string
	Legal                                        []string
	Source, Caret                                string
	Board                                        *htmlBoard
}

// htmlBoard is one position for the script to draw: a scene (a board
// description in the page's data), the position encoded, and its marks.
type htmlBoard struct {
	Scene int
	Pos   string
	Marks string // JSON
	Title string
}

// htmlViewer steps through a game: the start position and one encoded
// ply (picture.EncodePly) with its written text per ply.
type htmlViewer struct {
	Scene int
	Start string
	Plies string // JSON array of [text, ply]
}

func newHTMLWriter(w io.Writer) *htmlWriter {
	return &htmlWriter{out: w, byPtr: map[*picture.Board]int{}, byJSON: map[string]int{}, files: map[string]int{}}
}

func (h *htmlWriter) write(rep *referee.Report) error {
	g := htmlGame{File: rep.File, Where: where(rep, rep.Pos), Name: gameName(rep), Verdict: rep.Verdict,
		Variant: rep.Variant, Game: rep.Game, Plies: rep.Plies, Tags: rep.Tags, Summary: verdictLine(rep)}
	fi, ok := h.files[rep.File]
	if !ok {
		fi = len(h.page.Files)
		h.files[rep.File] = fi
		h.page.Files = append(h.page.Files, htmlFile{Name: rep.File})
	}
	h.page.Files[fi].Games++
	if rep.Verdict == referee.Valid {
		h.page.Valid++
	} else {
		h.page.Invalid++
		h.page.Files[fi].Invalid++
		if h.opened < maxOpen {
			h.opened++
			g.Open = true
		}
	}
	film := rep.Film
	if film != nil && film.Board == nil {
		film = nil // the game stopped before its board was set up
	}
	v := h.variant(rep)
	codes := map[string]bool{}
	for _, d := range rep.Diagnostics {
		hd := htmlDiag{Where: where(rep, d.Pos), Severity: d.Severity.String(), Code: d.Code, Msg: d.Msg, Legal: d.Legal}
		if len(d.Legal) > 0 {
			hd.LegalLabel = "legal"
			if d.Code == "ambiguous" {
				hd.LegalLabel = "candidates"
			}
		}
		if d.Move != "" {
			where := "move"
			if d.Variation {
				where = "variation move"
			}
			hd.Move = where + " " + strconv.Itoa(d.MoveNumber) + " (" + d.Move + ")"
		}
		if line, ok := rep.Record.SourceLine(d.Pos.Line); ok && d.Pos.Col > 0 && strings.TrimSpace(line) != "" {
			line, col := window(line, d.Pos.Col)
			hd.Source, hd.Caret = expandTabs(line), caret(line, col)
		}
		if d.Severity == notation.Error && d.FEN != "" {
			hd.Board = h.errorBoard(v, film, d)
		}
		switch d.Severity {
		case notation.Error:
			h.page.Errors++
		case notation.Warning:
			h.page.Warnings++
		}
		h.count(d.Code, d.Severity.String())
		codes[d.Code] = true
		g.Diags = append(g.Diags, hd)
	}
	for c := range codes {
		g.Codes = append(g.Codes, c)
	}
	sort.Strings(g.Codes)
	if film != nil {
		g.Viewer = h.viewer(film)
	}
	h.page.Games = append(h.page.Games, g)
	return nil
}

// viewer encodes a game's film: the start, then each ply as the change
// from the one before (picture.EncodePly).
func (h *htmlWriter) viewer(f *referee.Film) *htmlViewer {
	plies := make([][2]string, 0, len(f.Frames))
	prev := f.Start
	for _, fr := range f.Frames {
		plies = append(plies, [2]string{fr.Move, picture.EncodePly(prev, fr.After, fr.Marks)})
		prev = fr.After
	}
	js, err := json.Marshal(plies)
	if err != nil {
		return nil
	}
	return &htmlViewer{Scene: h.board(f.Board), Start: picture.Encode(f.Start), Plies: string(js)}
}

// board returns the index of a board in the page's data, where each
// distinct board is written once: families share one board per variant,
// race games have one per set of players.
func (h *htmlWriter) board(b *picture.Board) int {
	if i, ok := h.byPtr[b]; ok {
		return i
	}
	js, err := json.Marshal(b)
	if err != nil {
		return -1
	}
	i, ok := h.byJSON[string(js)]
	if !ok {
		i = len(h.page.Data.Scenes)
		h.byJSON[string(js)] = i
		h.byPtr[b] = i // the page keeps b, so its address is never reused
		h.page.Data.Scenes = append(h.page.Data.Scenes, b)
	}
	return i
}

func (h *htmlWriter) count(code, severity string) {
	for i := range h.page.Codes {
		if h.page.Codes[i].Code == code && h.page.Codes[i].Severity == severity {
			h.page.Codes[i].Count++
			return
		}
	}
	h.page.Codes = append(h.page.Codes, htmlCode{Code: code, Severity: severity, Count: 1})
}

func (h *htmlWriter) variant(rep *referee.Report) *variants.Variant {
	if h.fixed != nil {
		return h.fixed
	}
	if rep.Variant == "" {
		return nil
	}
	v, err := variants.Lookup(rep.Variant)
	if err != nil {
		return nil
	}
	return v
}

// errorBoard is the position before a rejected move, the move as written
// (in red, as far as its squares can be read) and the legal moves. On the
// main line that position is the film's last frame (the replay stops at
// the error), drawn on the record's own board; in a variation it is read
// from the diagnostic's FEN.
func (h *htmlWriter) errorBoard(v *variants.Variant, film *referee.Film, d referee.Diagnostic) *htmlBoard {
	var b *picture.Board
	var p picture.Position
	var cells func(string) ([]int, []int)
	switch {
	case film != nil && !d.Variation:
		b, p, cells = film.Board, film.Start, film.Cells
		if n := len(film.Frames); n > 0 {
			p = film.Frames[n-1].After
		}
	case v != nil:
		sc, err := referee.SceneOf(v, d.FEN)
		if err != nil {
			return nil
		}
		if p, err = sc.Position(d.FEN); err != nil {
			return nil
		}
		b, cells = sc.Board, sc.Cells
	default:
		return nil
	}
	m := picture.Marks{Bad: true}
	if cells != nil {
		m.Path, m.Captured = cells(d.Move)
		for _, l := range d.Legal {
			if path, _ := cells(l); len(path) > 0 {
				m.Legal = append(m.Legal, path)
			}
		}
	}
	return &htmlBoard{Scene: h.board(b), Pos: picture.Encode(p), Marks: marksJSON(m), Title: "before " + d.Move + ": " + d.FEN}
}

func marksJSON(m picture.Marks) string {
	b, err := json.Marshal(m)
	if err != nil {
		return "{}"
	}
	return string(b)
}

// finish writes the page.
func (h *htmlWriter) finish() error {
	sort.SliceStable(h.page.Codes, func(i, j int) bool {
		a, b := h.page.Codes[i], h.page.Codes[j]
		if a.Severity != b.Severity {
			return a.Severity == "error"
		}
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		return a.Code < b.Code
	})
	h.page.Title = "arbiter report"
	if len(h.page.Files) == 1 {
		h.page.Title += ": " + h.page.Files[0].Name
	}
	if h.page.Data.Scenes == nil {
		h.page.Data.Scenes = []*picture.Board{}
	}
	return reportPage.Execute(h.out, &h.page)
}
