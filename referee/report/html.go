package report

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/referee/picture"
	"arbiter/variants"
)

// The report page: a template, its style and its script, all embedded and
// written into the one file, so it opens with no network at all.
//
//go:embed page/report.html page/report.css page/report.js
var reportFiles embed.FS

// reportPage is parsed on first use: only --format html needs it, and
// parsing it at init cost every run.
var reportPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report.html").Funcs(template.FuncMap{
		"css": func() template.CSS { return template.CSS(mustRead("page/report.css")) },
		"js":  func() template.JS { return template.JS(mustRead("page/report.js")) },
		// The page's Content-Security-Policy allows no fetch of any kind and
		// runs only the page's own script and style, named by their hashes:
		// even a record text that got past the escaping could not run.
		"csp": func() string {
			return "default-src 'none'; img-src data:; script-src '" + HTMLScriptHash() +
				"'; style-src '" + HTMLStyleHash() + "'"
		},
	}).ParseFS(reportFiles, "page/report.html"))
})

// maxOpen games with errors are shown unfolded; the others open on a click.
const maxOpen = 20

// maxLegalArrows is how many legal moves an error board draws: a Halma
// position has 80, and a board of 80 arrows shows none.
const maxLegalArrows = 6

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

// HTMLScriptHash and HTMLStyleHash name the html report's script and
// style as a Content-Security-Policy does ("sha256-..."): its own policy
// runs nothing else, and a page that shows the report in a frame (which
// keeps the page's policy) allows them by these names.
func HTMLScriptHash() string { return hash("page/report.js") }
func HTMLStyleHash() string  { return hash("page/report.css") }

// htmlWriter keeps what the page shows of each game (not the records
// themselves) and writes the page when every game is in: the summary comes
// first on the page and counts them all.
type htmlWriter struct {
	out    io.Writer
	page   htmlPage
	byPtr  map[*picture.Board]int
	byJSON map[string]int
	boards []*picture.Board
	files  map[string]int
	// fixed is the variant the user chose for every game (a --variant-file
	// one has no name to look up), nil when each game says.
	fixed *variants.Variant
}

// htmlPage is the template's data. The summary and the tables are HTML;
// the games are data for the page's script, which builds each game's
// section (with text nodes only) when the list or a filter shows it:
// a large archive's page stays small and opens at once. Every string in
// it comes from records, and the template escapes each one for where it
// goes (the data as JSON inside a script element).
type htmlPage struct {
	Title    string
	Files    []htmlFile
	Codes    []htmlCode
	Games    int
	Valid    int
	Invalid  int
	Warnings int
	Errors   int
	Data     htmlData
	// Packed is the data as gzip in base64 (URL alphabet, no padding)
	// when it is large (see finish);
	// the script unpacks it with the browser's DecompressionStream.
	Packed string
}

// packAbove is the size of the data (JSON) from which it is packed: the
// games of an archive compress about fivefold.
var packAbove = 128 << 10

type htmlFile struct {
	Name           string
	Games, Invalid int
}

// htmlCode is a code's row: its findings by severity (an illegal move is
// an error on the main line, a warning in a variation: one row).
type htmlCode struct {
	Code                    string
	Errors, Warnings, Notes int
}

// Count is all its findings.
func (c htmlCode) Count() int { return c.Errors + c.Warnings + c.Notes }

// The data's keys are short: they repeat for every game and diagnostic.
type htmlData struct {
	Files  []string       `json:"files"`
	Scenes []*picture.Kit `json:"scenes"`
	Games  []htmlGame     `json:"games"`
	Open   int            `json:"open"` // games with errors shown unfolded
}

type htmlGame struct {
	File    int        `json:"f"`
	Line    int        `json:"l"`
	Name    string     `json:"n"`
	Invalid bool       `json:"x,omitempty"`
	Warn    int        `json:"w,omitempty"` // its warnings: such games come before the valid ones
	Summary string     `json:"s"`
	Tags    []string   `json:"t,omitempty"` // name, value, name, value, ...
	Codes   []string   `json:"c,omitempty"`
	Diags   []htmlDiag `json:"d,omitempty"`
	Film    *htmlFilm  `json:"r,omitempty"`
}

type htmlDiag struct {
	Line       int        `json:"l"`
	Col        int        `json:"c"`
	Severity   string     `json:"s"`
	Code       string     `json:"k"`
	Msg        string     `json:"m"`
	Move       string     `json:"v,omitempty"` // "move 32 (17-11)"
	Legal      []string   `json:"g,omitempty"`
	LegalLabel string     `json:"h,omitempty"`
	Source     string     `json:"q,omitempty"`
	Caret      string     `json:"a,omitempty"`
	Board      *htmlBoard `json:"b,omitempty"`
}

// htmlBoard is one position for the script to draw: a scene (a board in
// the data), the position (picture.Encode) and its marks.
type htmlBoard struct {
	Scene   int           `json:"s"`
	Pos     string        `json:"p"`
	Marks   picture.Marks `json:"k"`
	Title   string        `json:"t"`           // the picture's title: the move and the FEN
	Caption string        `json:"c,omitempty"` // under it, in words: the move and who is to move
}

// htmlFilm is a game for the replay viewer: its scene, its start
// (picture.Encode), its plies (picture.EncodePly, separated by spaces) and
// the text written of each ply, as ply index and text, for those whose
// text is not what the script writes from the ply's squares (from-to,
// fromxto): most draughts moves need none.
type htmlFilm struct {
	Scene int    `json:"s"`
	Start string `json:"p"`
	Plies string `json:"m"`
	Texts []any  `json:"w,omitempty"`
	// Info is, for each ply that has any, four entries: its index, the
	// move number written before it ("12.", "12..."), its comments and
	// what the draw rules count after it.
	Info []any `json:"i,omitempty"`
	// Vars are the variations' plies: the frame each follows (a
	// referee.Cursor), 1 when it starts a variation, the ply from that
	// frame's position, its text, number, comments and note.
	Vars [][]any `json:"v,omitempty"`
}

func newHTMLWriter(w io.Writer) *htmlWriter {
	return &htmlWriter{out: w, byPtr: map[*picture.Board]int{}, byJSON: map[string]int{}, files: map[string]int{}}
}

func (h *htmlWriter) Write(rep *referee.Report) error {
	fi, ok := h.files[rep.File]
	if !ok {
		fi = len(h.page.Files)
		h.files[rep.File] = fi
		h.page.Files = append(h.page.Files, htmlFile{Name: rep.File})
		h.page.Data.Files = append(h.page.Data.Files, rep.File)
	}
	g := htmlGame{File: fi, Line: rep.Pos.Line, Name: GameName(rep), Invalid: rep.Verdict != referee.Valid, Summary: VerdictLine(rep)}
	h.page.Games++
	h.page.Files[fi].Games++
	if g.Invalid {
		h.page.Invalid++
		h.page.Files[fi].Invalid++
	} else {
		h.page.Valid++
	}
	for _, t := range rep.Tags {
		g.Tags = append(g.Tags, t.Name, t.Value)
	}
	film := rep.Film
	if film != nil && film.Board == nil {
		film = nil // the game stopped before its board was set up
	}
	v := h.variant(rep)
	codes := map[string]bool{}
	q := NewQuoter(rep.Record)
	for _, d := range rep.Diagnostics {
		p := d.Pos
		if !p.IsValid() {
			p = rep.Pos
		}
		hd := htmlDiag{Line: p.Line, Col: max(p.Col, 1), Severity: d.Severity.String(), Code: d.Code, Msg: d.Msg + FixNote(d), Legal: d.Legal}
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
		if line, col, ok := q.Quote(d.Pos); ok {
			hd.Source, hd.Caret = Printable(line), Caret(line, col)
		}
		if d.Severity == notation.Error && d.FEN != "" {
			hd.Board = h.errorBoard(v, film, d)
		}
		switch d.Severity {
		case notation.Error:
			h.page.Errors++
		case notation.Warning:
			h.page.Warnings++
			g.Warn++
		}
		h.count(d.Code, d.Severity)
		codes[d.Code] = true
		g.Diags = append(g.Diags, hd)
	}
	for c := range codes {
		g.Codes = append(g.Codes, c)
	}
	sort.Strings(g.Codes)
	if film != nil {
		g.Film = h.film(film)
	}
	h.page.Data.Games = append(h.page.Data.Games, g)
	return nil
}

// film encodes a game's film: the start, then each ply as the change from
// the one before (picture.EncodePly).
func (h *htmlWriter) film(f *referee.Film) *htmlFilm {
	var plies strings.Builder
	var texts, info []any
	prev := f.Start
	for i, fr := range f.Frames {
		if i > 0 {
			plies.WriteByte(' ')
		}
		plies.WriteString(picture.EncodePly(prev, fr.After, fr.Marks))
		if fr.Move != plainText(f.Board, fr.Marks) {
			texts = append(texts, i, fr.Move)
		}
		if num, comment := frameInfo(fr); num != "" || comment != "" || fr.Note != "" {
			info = append(info, i, num, comment, fr.Note)
		}
		prev = fr.After
	}
	var vars [][]any
	for _, v := range f.Vars {
		from, ok := f.At(v.Parent)
		if !ok {
			break
		}
		alt := 0
		if v.Alt {
			alt = 1
		}
		num, comment := frameInfo(v.Frame)
		vars = append(vars, []any{int(v.Parent), alt, picture.EncodePly(from, v.After, v.Marks), v.Move, num, comment, v.Note})
	}
	return &htmlFilm{Scene: h.board(f.Board), Start: picture.Encode(f.Start), Plies: plies.String(), Texts: texts, Info: info, Vars: vars}
}

// frameInfo is a ply's move number as written ("12.", "12...") and its
// comments.
func frameInfo(fr referee.Frame) (num, comment string) {
	if fr.Number > 0 {
		num = strconv.Itoa(fr.Number) + "."
		if fr.Ellipsis {
			num += ".."
		}
	}
	return num, strings.Join(fr.Comments, " ")
}

// plainText is how the script writes a ply whose text is "": its first
// and last squares' names, with x when it takes.
func plainText(b *picture.Board, m picture.Marks) string {
	if len(m.Path) < 2 {
		return "\x00" // never equal to a written move
	}
	sep := "-"
	if len(m.Captured) > 0 {
		sep = "x"
	}
	return b.Cells[m.Path[0]].Name + sep + b.Cells[m.Path[len(m.Path)-1]].Name
}

// board returns the index of a board's kit in the page's data, where each
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
		h.byPtr[b] = i
		h.boards = append(h.boards, b) // kept, so its address is never reused
		h.page.Data.Scenes = append(h.page.Data.Scenes, picture.CutKit(b))
	}
	return i
}

func (h *htmlWriter) count(code string, severity notation.Severity) {
	i := 0
	for i < len(h.page.Codes) && h.page.Codes[i].Code != code {
		i++
	}
	if i == len(h.page.Codes) {
		h.page.Codes = append(h.page.Codes, htmlCode{Code: code})
	}
	switch severity {
	case notation.Error:
		h.page.Codes[i].Errors++
	case notation.Warning:
		h.page.Codes[i].Warnings++
	default:
		h.page.Codes[i].Notes++
	}
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
// main line that position is the film's frame of the ply before the move,
// drawn on the record's own board; in a variation it is read from the
// diagnostic's FEN.
func (h *htmlWriter) errorBoard(v *variants.Variant, film *referee.Film, d referee.Diagnostic) *htmlBoard {
	var b *picture.Board
	var p picture.Position
	var cells func(string) ([]int, []int)
	switch {
	case film != nil && !d.Variation:
		// The position before the move: after the last ply written before it.
		b, p, cells = film.Board, film.Start, film.Cells
		for _, fr := range film.Frames {
			if fr.Pos.Line > d.Pos.Line || fr.Pos.Line == d.Pos.Line && fr.Pos.Col >= d.Pos.Col {
				break
			}
			p = fr.After
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
		var legal [][]int
		for _, l := range d.Legal {
			if path, _ := cells(l); len(path) > 0 {
				legal = append(legal, path)
			}
		}
		m.Legal = picture.Nearest(b, m.Path, legal, maxLegalArrows)
	}
	caption := "before move " + strconv.Itoa(d.MoveNumber) + " (" + d.Move + ")"
	if p.Caption != "" {
		caption += ", " + strings.ReplaceAll(p.Caption, "\n", ", ")
	}
	if len(m.Legal) < len(d.Legal) && len(m.Legal) > 0 {
		caption += "; the " + strconv.Itoa(len(m.Legal)) + " legal moves nearest to the written one drawn"
	}
	return &htmlBoard{Scene: h.board(b), Pos: picture.Encode(p), Marks: m, Title: "before " + d.Move + ": " + d.FEN, Caption: caption}
}

// finish writes the page (it counts the games itself, as it shows them).
func (h *htmlWriter) Finish(*Summary) error {
	sort.SliceStable(h.page.Codes, func(i, j int) bool {
		a, b := h.page.Codes[i], h.page.Codes[j]
		if a.Errors != b.Errors {
			return a.Errors > b.Errors
		}
		if a.Count() != b.Count() {
			return a.Count() > b.Count()
		}
		return a.Code < b.Code
	})
	h.page.Title = "arbiter report"
	if len(h.page.Files) == 1 {
		h.page.Title += ": " + h.page.Files[0].Name
	}
	d := &h.page.Data
	if d.Scenes == nil {
		d.Scenes = []*picture.Kit{}
	}
	if d.Games == nil {
		d.Games = []htmlGame{}
	}
	if d.Files == nil {
		d.Files = []string{}
	}
	d.Open = maxOpen
	if js, err := json.Marshal(d); err == nil && len(js) > packAbove {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // a zero header: no time, same bytes each run
		if _, err := zw.Write(js); err == nil && zw.Close() == nil {
			// The URL alphabet: no "+" or "/", which the template would
			// write as character references in the script element.
			h.page.Packed = base64.RawURLEncoding.EncodeToString(buf.Bytes())
		}
	}
	return reportPage().Execute(h.out, &h.page)
}
