package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"arbiter/referee"
	"arbiter/referee/codes"
	"arbiter/referee/report/browsertest"
)

// The HTML report as a person sees it: a real headless Chromium opens the
// page, and the test looks at pixels, presses keys, and watches the network
// and the console. Screenshots go to $ARBITER_SCREENSHOTS when it is set.

// browser is browsertest's tab, with the report's own questions as
// methods (html_families_browser_test.go).
type browser struct{ *browsertest.Browser }

func chromium(t *testing.T) string { return browsertest.Chromium(t) }

func newBrowser(t *testing.T) *browser { return &browser{browsertest.New(t, 90*time.Second)} }

func do1[T any](t *testing.T, b *browser, a chromedp.Action[T]) T {
	t.Helper()
	return browsertest.Do(t, b.Browser, a)
}

func shot(t *testing.T, name string, data []byte) image.Image {
	t.Helper()
	return browsertest.Shot(t, name, data)
}

// cellGeometry is what the test needs of a drawn board: its viewBox and
// the centres and sizes of its cells (its kit's, as drawn unflipped).
type cellGeometry struct {
	VBW   float64 `json:"vbw"`
	Cells []struct {
		X, Y, R float64
	} `json:"cells"`
}

func geometry(t *testing.T, b *browser, svgSel, sceneOf string) cellGeometry {
	t.Helper()
	js := fmt.Sprintf(`(() => {
		const svg = document.querySelector(%q);
		const scene = +document.querySelector(%q).getAttribute('data-scene');
		const data = window.arbiterData;
		const c = data.scenes[scene].cells[0], cells = [];
		for (let i = 0; i + 2 < c.length; i += 3) cells.push({X: c[i], Y: c[i + 1], R: c[i + 2]});
		return JSON.stringify({vbw: svg.viewBox.baseVal.width, cells: cells});
	})()`, svgSel, sceneOf)
	s := do1(t, b, chromedp.Evaluate[string](js))
	var g cellGeometry
	if err := json.Unmarshal([]byte(s), &g); err != nil {
		t.Fatal(err)
	}
	return g
}

// at reads the pixel at board point (x, y) of an element screenshot.
func at(img image.Image, g cellGeometry, x, y float64) color.RGBA {
	s := float64(img.Bounds().Dx()) / g.VBW
	r, gr, bl, _ := img.At(int(math.Round(x*s)), int(math.Round(y*s))).RGBA()
	return color.RGBA{uint8(r >> 8), uint8(gr >> 8), uint8(bl >> 8), 255}
}

func near(c color.RGBA, hex string, tol int) bool {
	var r, g, b int
	fmt.Sscanf(hex, "#%02x%02x%02x", &r, &g, &b)
	d := func(a uint8, b int) int { return int(math.Abs(float64(int(a) - b))) }
	return d(c.R, r) <= tol && d(c.G, g) <= tol && d(c.B, b) <= tol
}

// writeReport writes the html report of files into dir, as 'arbiter
// check --format html' writes it (referee/checker runs the same check).
func writeReport(t *testing.T, dir string, files ...string) string {
	t.Helper()
	path := filepath.Join(dir, "report.html")
	if err := os.WriteFile(path, []byte(checkHTML(t, 0, files...)), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkHTML is the html report of files: every game's film, in input
// order, on jobs workers (0: one per CPU).
func checkHTML(t testing.TB, jobs int, files ...string) string {
	t.Helper()
	var in []referee.Input
	for _, f := range files {
		in = append(in, referee.Input{Name: f, Open: func() (io.ReadCloser, error) { return os.Open(f) }})
	}
	var b bytes.Buffer
	h := newHTMLWriter(&b)
	opts := referee.StreamOptions{Jobs: jobs, Codes: codes.Matcher}
	opts.Film, opts.Variations = true, referee.VariationsWarn
	err := referee.CheckInputs(in, opts, func(rep *referee.Report) error {
		rep.SetVerdict()
		return h.Write(rep)
	}, func(f referee.Input, err error) { t.Errorf("%s: %v", f.Name, err) })
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Finish(&Summary{}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestReportInBrowser(t *testing.T) {
	chromium(t)
	// Packed data (gzip, base64) as a large archive's report has it.
	defer func(n int) { packAbove = n }(packAbove)
	packAbove = 0
	dir := t.TempDir()
	page := writeReport(t, dir, td+"draughts/bruno-vs-scan31-game11.pdn", td+"draughts/championnat-de-france-2021.pdn", td+"morris/sanmill_2026-07-20_human_vs_ai.pgn")
	b := newBrowser(t)
	b.Open(t, page)
	do1(t, b, chromedp.WaitVisible(chromedp.CSS("details.game.invalid figure.board svg")))
	if enc := do1(t, b, chromedp.Evaluate[string](`document.getElementById("arbiter-data").getAttribute("data-encoding") || ""`)); enc != "gzip" {
		t.Errorf("data-encoding %q, want the packed data", enc)
	}
	shot(t, "report-summary.png", do1(t, b, chromedp.CaptureScreenshot()))

	// The error of bruno-vs-scan31 game 11: "17-11: no piece on 17", black
	// to move, the board before the move.
	const errSVG = "details.game.invalid figure.board svg"
	g := geometry(t, b, errSVG, "details.game.invalid figure.board")
	img := shot(t, "report-error-board.png", do1(t, b, chromedp.Screenshot(chromedp.CSS(errSVG))))
	cell := func(sq int) (float64, float64, float64) { c := g.Cells[sq-1]; return c.X, c.Y, c.R }
	for _, tc := range []struct {
		sq   int
		want string
		what string
	}{
		{30, "#fdfdfd", "a white man on 30"},
		{49, "#fdfdfd", "a white man on 49"},
		{2, "#2b2b2b", "a black man on 2"},
		{25, "#2b2b2b", "a black man on 25"},
		{23, "#b58863", "an empty dark square 23"},
	} {
		x, y, _ := cell(tc.sq)
		if c := at(img, g, x, y); !near(c, tc.want, 12) {
			t.Errorf("%s: pixel %v at the square's centre, want %s", tc.what, c, tc.want)
		}
	}
	// The written move 17-11, marked: its squares highlighted yellow over
	// the dark square, the arrow between them red.
	x17, y17, r := cell(17)
	x11, y11, _ := cell(11)
	if c := at(img, g, x17-r*0.8, y17+r*0.8); !near(c, "#dfbf4e", 25) {
		t.Errorf("square 17 of the written move: pixel %v, want the highlight #dfbf4e", c)
	}
	if c := at(img, g, (x17+x11)/2, (y17+y11)/2); !near(c, "#d32f2f", 60) || c.R < 150 || c.G > 120 {
		t.Errorf("the written move's arrow: pixel %v between 17 and 11, want red", c)
	}
	// The legal move 32x43, dashed green, goes through 38.
	x38, y38, _ := cell(38)
	found := false
	for d := -3.0; d <= 3 && !found; d++ {
		c := at(img, g, x38+d, y38+d)
		found = c.G > c.R+30 && c.G > c.B+30
	}
	if !found {
		t.Errorf("no green legal-move arrow through 38")
	}

	// The replay viewer of the same game shows its last accepted ply
	// (63: 43-38). A key press steps back: 38 empties, 43 has its man back.
	const viewer = "details.game.invalid .viewer"
	vg := geometry(t, b, viewer+" svg", viewer)
	before := shot(t, "report-viewer-end.png", do1(t, b, chromedp.Screenshot(chromedp.CSS(viewer+" svg"))))
	if ply := do1(t, b, chromedp.Evaluate[string](`document.querySelector(".viewer").getAttribute("data-ply")`)); ply != "63" {
		t.Fatalf("viewer at ply %s, want 63", ply)
	}
	if err := chromedp.Do(b.Ctx, chromedp.Focus(chromedp.CSS(viewer)), chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	if ply := do1(t, b, chromedp.Evaluate[string](`document.querySelector(".viewer").getAttribute("data-ply")`)); ply != "62" {
		t.Fatalf("after ArrowLeft the viewer is at ply %s, want 62", ply)
	}
	after := shot(t, "report-viewer-back.png", do1(t, b, chromedp.Screenshot(chromedp.CSS(viewer+" svg"))))
	c38 := vg.Cells[37]
	c43 := vg.Cells[42]
	// (Off centre: the last move's arrowhead ends at the centre.)
	if c := at(before, vg, c38.X, c38.Y-c38.R*0.55); !near(c, "#fdfdfd", 12) {
		t.Errorf("ply 63: pixel %v on 38, want the white man", c)
	}
	if c := at(after, vg, c38.X, c38.Y-c38.R*0.55); near(c, "#fdfdfd", 40) {
		t.Errorf("ply 62: pixel %v on 38, want it empty", c)
	}
	if c := at(after, vg, c43.X, c43.Y); !near(c, "#fdfdfd", 12) {
		t.Errorf("ply 62: pixel %v on 43, want the white man back", c)
	}
	// Mid-game, for a person to look at (the sticky filter bar would
	// cover part of an element's screenshot).
	do1(t, b, chromedp.Evaluate[int](`document.getElementById("filters").style.position = "static", 0`))
	if err := chromedp.Do(b.Ctx, chromedp.KeyEvent(kb.Home)); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 30; i++ {
		if err := chromedp.Do(b.Ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
			t.Fatal(err)
		}
	}
	shot(t, "report-viewer-mid.png", do1(t, b, chromedp.Screenshot(chromedp.CSS("details.game.invalid .body"))))

	// The filter: errors only hides the 58 valid games of the second file.
	if err := chromedp.Do(b.Ctx, chromedp.Click(chromedp.CSS("#f-errors"))); err != nil {
		t.Fatal(err)
	}
	if got := do1(t, b, chromedp.Evaluate[string](`document.getElementById("f-count").textContent`)); got != "1 of 60 games shown" {
		t.Errorf("errors only: %q", got)
	}
	b.Quiet(t, page)
}

// Record text is hostile: a tag, a comment, a player's name and a file
// name carrying markup and script. The page must show it as text and run
// none of it.
const hostile = `[Event "<script>document.title='PWNED'</script>"]
[White "\"><img src=x onerror=\"document.title='PWNED'\">"]
[Black "</td></table><svg onload=document.title='PWNED'>"]
[Site "javascript:document.title='PWNED'"]
[Result "*"]
1. 32-28 {<script>document.title='PWNED'</script> "><img src=x onerror=document.title='PWNED'>} 19-23 2. 28x19 14x23 3. 99-98 {</pre><script>document.title='PWNED'</script>} *

[Game "goose"]
[Variant "ganzenbord-315"]
[Players "<img src=x onerror=document.title='PWNED'>, Bram"]
[Result "*"]
1. <img 4+5: 0/26  Bram 3+3: 0/6>12 (pays 10) *
`

func hostileFile(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, `x"><img src=x onerror=document.title='PWNED'>.pdn`)
	if err := os.WriteFile(path, []byte(hostile), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Without a browser: the record's text reaches the page only escaped.
func TestReportEscapesRecordText(t *testing.T) {
	out := checkHTML(t, 0, hostileFile(t))
	for _, bad := range []string{"<img", "<svg onload", "</td></table>", "<script>document", "</pre><script>", "</script><script"} {
		if strings.Contains(out, bad) {
			t.Errorf("the page holds %q unescaped", bad)
		}
	}
	if n := strings.Count(out, "<script"); n != 2 {
		t.Errorf("%d <script elements, want the page's 2 (its data and its code)", n)
	}
	// The file name is HTML text (the title, the file table); tags and
	// comments are JSON strings in the page's data, "<" written \u003c.
	for _, want := range []string{"&lt;img src=x onerror=document.title=&#39;PWNED&#39;&gt;.pdn", `\u003cscript\u003edocument.title=`, `\u003c/pre\u003e\u003cscript\u003e`} {
		if !strings.Contains(out, want) {
			t.Errorf("the page does not hold the text %q", want)
		}
	}
}

func TestReportHostileRecordInBrowser(t *testing.T) {
	chromium(t)
	out := checkHTML(t, 0, hostileFile(t))
	page := filepath.Join(t.TempDir(), "hostile.html")
	if err := os.WriteFile(page, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t)
	b.Open(t, page)
	do1(t, b, chromedp.WaitVisible(chromedp.CSS("details.game")))
	// Open every game, so that each board and viewer is drawn too.
	do1(t, b, chromedp.Evaluate[int](`document.querySelectorAll("details").forEach(d => d.open = true), 0`))
	time.Sleep(300 * time.Millisecond)
	shot(t, "report-hostile.png", do1(t, b, chromedp.CaptureScreenshot()))
	title := do1(t, b, chromedp.Evaluate[string](`document.title`))
	if title == "PWNED" || !strings.HasPrefix(title, "arbiter report: ") {
		t.Errorf("document.title = %q: record text ran", title)
	}
	n := do1(t, b, chromedp.Evaluate[int](`document.querySelectorAll("img, iframe, object, embed, [onerror], [onload]").length`))
	if n != 0 {
		t.Errorf("%d elements from record text in the page", n)
	}
	text := do1(t, b, chromedp.Evaluate[string](`document.body.innerText`))
	if !strings.Contains(text, "<script>document.title='PWNED'</script>") {
		t.Errorf("the Event tag is not shown as text")
	}
	b.Quiet(t, page)
}

// TestReportCorpusLoad measures (and asserts nothing about time) the
// report of a real archive: its size, and how long Chromium takes to load
// it and run its script. ARBITER_REPORT_CORPUS names the folder, e.g.
// ../shared/corpus/draughts/international-tournaments.
func TestReportCorpusLoad(t *testing.T) {
	dir := os.Getenv("ARBITER_REPORT_CORPUS")
	if dir == "" {
		t.Skip("set ARBITER_REPORT_CORPUS to a folder of records to measure its report")
	}
	chromium(t)
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no records in %s", dir)
	}
	start := time.Now()
	page := writeReport(t, t.TempDir(), files...)
	built := time.Since(start)
	fi, err := os.Stat(page)
	if err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t)
	start = time.Now()
	b.Open(t, page)
	do1(t, b, chromedp.WaitVisible(chromedp.CSS("details.game")))
	opened := time.Since(start)
	nav := do1(t, b, chromedp.Evaluate[string](`(() => { const n = performance.getEntriesByType("navigation")[0];
		return "file read " + Math.round(n.responseEnd) + " ms, DOM parsed " + Math.round(n.domInteractive) + " ms, load event " + Math.round(n.loadEventEnd) + " ms, games listed " + Math.round(window.arbiterReady) + " ms"; })()`))
	games := do1(t, b, chromedp.Evaluate[string](`document.getElementById("f-count").textContent`))
	t.Logf("%d files, %s; report %.2f MB written in %v; Chromium: %s (navigate to first game visible, seen from Go: %v)",
		len(files), games, float64(fi.Size())/1e6, built.Round(time.Millisecond), nav, opened.Round(time.Millisecond))
	b.Quiet(t, page)
}

// The page is the same byte for byte from run to run and for any number
// of workers, packed or not.
func TestReportDeterministic(t *testing.T) {
	files := []string{td + "draughts/championnat-de-france-2021.pdn", td + "race/mens-erger-je-niet.txt", td + "morris/playok_2026-03-11_gyorgyusz_vs_nft7489g.pgn", td + "halma/twee-in-een-simulated.pdn"}
	for _, pack := range []int{0, 1 << 30} {
		func() {
			defer func(n int) { packAbove = n }(packAbove)
			packAbove = pack
			one := checkHTML(t, 1, files...)
			four := checkHTML(t, 4, files...)
			if one != four || len(one) < 1000 {
				t.Errorf("packAbove %d: --jobs 1 and 4 differ (%d and %d bytes)", pack, len(one), len(four))
			}
			// Every game of every family has its replay (58 + 1 + 1 + 5).
			if n := strings.Count(one, `"r":{"s":`); pack > 0 && n != 65 {
				t.Errorf("%d games with a replay, want 65", n)
			}
		}()
	}
}
