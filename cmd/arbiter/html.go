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
	scenes map[string]cachedScene
	files  map[string]int
	// fixed is the variant the user chose for every game (a --variant-file
	// one has no name to look up), nil when each game says.
	fixed  *variants.Variant
	opened int
}

type cachedScene struct {
	sc  *scene
	idx int
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
	Open                                         bool   // shown unfolded: the first games with errors
	Codes                                        string // space-separated, for the filter
	Tags                                         []notation.Tag
	Diags                                        []htmlDiag
	Final                                        *htmlBoard
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
	return &htmlWriter{out: w, scenes: map[string]cachedScene{}, files: map[string]int{}}
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
	v := h.variant(rep)
	codes := map[string]bool{}
	for _, d := range rep.Diagnostics {
		hd := htmlDiag{Where: where(rep, d.Pos), Severity: d.Severity.String(), Code: d.Code, Msg: d.Msg, Move: d.Move, Legal: d.Legal}
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
		if d.Severity == notation.Error && d.FEN != "" && v != nil {
			hd.Board = h.errorBoard(v, d)
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
		g.Codes += c + " "
	}
	g.Codes = strings.TrimSpace(g.Codes)
	if v != nil && rep.FinalFEN != "" {
		if sc, idx, err := h.scene(v, rep.FinalFEN); err == nil {
			if p, err := sc.position(rep.FinalFEN); err == nil {
				g.Final = &htmlBoard{Scene: idx, Pos: picture.Encode(p), Marks: "{}", Title: "final position: " + rep.FinalFEN}
			}
		}
	}
	h.page.Games = append(h.page.Games, g)
	return nil
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

// scene returns the scene of a variant (and, for race games, of the
// players a position names) and its index in the page's data.
func (h *htmlWriter) scene(v *variants.Variant, fen string) (*scene, int, error) {
	if v.Race == nil {
		if c, ok := h.scenes[v.Name]; ok {
			return c.sc, c.idx, nil
		}
	}
	sc, err := sceneFor(v, fen)
	if err != nil {
		return nil, 0, err
	}
	// A race board draws its players' pawns: one scene per set of players.
	key := v.Name
	if v.Race != nil {
		for _, k := range sc.board.Kinds {
			key += "\x00" + k.Name
		}
	}
	c, ok := h.scenes[key]
	if !ok {
		c = cachedScene{sc, len(h.page.Data.Scenes)}
		h.scenes[key] = c
		h.page.Data.Scenes = append(h.page.Data.Scenes, sc.board)
	}
	return c.sc, c.idx, nil
}

// errorBoard is the position before a rejected move, the move as written
// (in red, as far as its squares can be read) and the legal moves.
func (h *htmlWriter) errorBoard(v *variants.Variant, d referee.Diagnostic) *htmlBoard {
	sc, idx, err := h.scene(v, d.FEN)
	if err != nil {
		return nil
	}
	p, err := sc.position(d.FEN)
	if err != nil {
		return nil
	}
	var m picture.Marks
	m.Path, m.Captured = sc.cells(d.Move)
	m.Bad = true
	for _, l := range d.Legal {
		if path, _ := sc.cells(l); len(path) > 0 {
			m.Legal = append(m.Legal, path)
		}
	}
	return &htmlBoard{Scene: idx, Pos: picture.Encode(p), Marks: marksJSON(m), Title: "before " + d.Move + ": " + d.FEN}
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
