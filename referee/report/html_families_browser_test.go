package report

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"arbiter/referee/picture"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// One record with an error in each family (testdata/report/SOURCES.md),
// and a file of valid games that must come after them.
// numbers is how many squares the board numbers as its records do (1 to
// numbers, written on the board), 0 for boards whose squares are named
// otherwise.
var familyRecords = []struct {
	name, file string
	numbers    int
}{
	{"international", td + "draughts/bruno-vs-scan31-game11.pdn", 50},
	{"english", td + "report/english-tinsley-541.pdn", 32},
	{"halma", td + "report/halma-2-empty-jump.pdn", 0},
	{"morris", td + "report/morris-occupied.pgn", 0},
	{"ludo", td + "report/ludo-wrong-square.txt", 0},
	{"goose", td + "report/goose-wrong-square.txt", 0},
	{"horse", td + "report/horse-wrong-square.txt", 0},
}

// familiesReport writes the report of the valid games of a tournament
// first on the command line, then one error in each family.
func familiesReport(t *testing.T) string {
	t.Helper()
	args := []string{td + "draughts/championnat-de-france-2021.pdn"}
	for _, f := range familyRecords {
		args = append(args, f.file)
	}
	// A broadcast game whose variation has an illegal move: illegal is a
	// warning there, an error in the games above.
	args = append(args, td+"draughts/world-title-match-women-2024-game2.pdn")
	return writeReport(t, t.TempDir(), args...)
}

// markGame opens the game of a file and marks its section with
// data-test=NAME, for the selectors below; false when no game is shown.
func (b *browser) markGame(t *testing.T, name, file string) bool {
	t.Helper()
	js := fmt.Sprintf(`(() => {
		for (const d of document.querySelectorAll("details.game")) {
			const w = d.querySelector("summary .where");
			if (w && w.textContent.indexOf(%q) >= 0) {
				d.open = true;
				d.setAttribute("data-test", %q);
				return true;
			}
		}
		return false;
	})()`, filepath.Base(file), name)
	return do1(t, b, chromedp.Evaluate[bool](js))
}

func (b *browser) has(t *testing.T, sel string) bool {
	t.Helper()
	return do1(t, b, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(%q) !== null`, sel)))
}

// TestReportFamiliesInBrowser looks at the report of one error in each
// family, at a desktop's width and a phone's: the first screen, and each
// game's error board and replay.
func TestReportFamiliesInBrowser(t *testing.T) {
	chromium(t)
	page := familiesReport(t)
	for _, width := range []int64{1400, 390} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			b := newBrowser(t)
			b.Viewport(t, width, 1000)
			b.Open(t, page)
			do1(t, b, chromedp.WaitVisible(chromedp.CSS("details.game")))
			shot(t, fmt.Sprintf("report-first-screen-%d.png", width), do1(t, b, chromedp.CaptureScreenshot()))
			b.errorsFirst(t)
			b.codesOnce(t)
			b.barClear(t)
			for _, f := range familyRecords {
				if !b.markGame(t, f.name, f.file) {
					t.Errorf("%s: no game of %s on the page", f.name, f.file)
					continue
				}
				sec := fmt.Sprintf("details[data-test=%q]", f.name)
				if sel := sec + " figure.board"; b.has(t, sel) {
					img := shot(t, fmt.Sprintf("report-%s-error-%d.png", f.name, width), do1(t, b, chromedp.Screenshot(chromedp.CSS(sel+" svg"))))
					b.errorBoardShows(t, f.name, sec, img)
					b.numbered(t, f.name, sel+" svg", f.numbers)
				} else {
					t.Errorf("%s: no error board", f.name)
				}
				if sel := sec + " .viewer"; b.has(t, sel) {
					shot(t, fmt.Sprintf("report-%s-replay-%d.png", f.name, width), do1(t, b, chromedp.Screenshot(chromedp.CSS(sel))))
					img := shot(t, fmt.Sprintf("report-%s-replay-board-%d.png", f.name, width), do1(t, b, chromedp.Screenshot(chromedp.CSS(sel+" .pic svg"))))
					b.replayShows(t, f.name, sec, img)
					b.numbered(t, f.name+" replay", sel+" .pic svg", f.numbers)
				} else {
					t.Errorf("%s: no replay", f.name)
				}
			}
			b.noSideScroll(t, width)
			b.Quiet(t, page)
		})
	}
}

// errorsFirst: the games with errors come first, then those with
// warnings, then the valid ones, each group under its heading, and the
// first screen shows the first error's board.
func (b *browser) errorsFirst(t *testing.T) {
	t.Helper()
	var got struct {
		Order     string  `json:"order"`
		BoardTop  float64 `json:"boardTop"`
		ScreenH   float64 `json:"screenH"`
		TablesTop float64 `json:"tablesTop"`
		GamesTop  float64 `json:"gamesTop"`
	}
	js := `JSON.stringify((() => {
		let order = "";
		for (const e of document.getElementById("games").children) {
			if (e.matches("h2.group")) order += "[" + e.className.slice(-1) + "]";
			else if (e.matches("details.game")) order += e.classList.contains("invalid") ? "x" : e.classList.contains("warned") ? "w" : "v";
		}
		const board = document.querySelector("#games figure.board");
		return {order: order, boardTop: board ? board.getBoundingClientRect().top + scrollY : 1e9, screenH: innerHeight,
			tablesTop: document.getElementById("tables").getBoundingClientRect().top + scrollY,
			gamesTop: document.getElementById("games").getBoundingClientRect().top + scrollY};
	})())`
	if err := json.Unmarshal([]byte(do1(t, b, chromedp.Evaluate[string](js))), &got); err != nil {
		t.Fatal(err)
	}
	// [0]xxxxxxx[1]ww...[2]vvv...: one heading per group, in that order.
	if !regexp.MustCompile(`^(\[0\]x+)?(\[1\]w+)?(\[2\]v+)?$`).MatchString(got.Order) || !strings.HasPrefix(got.Order, "[0]x") {
		t.Errorf("the games are not errors first, then warnings, then valid (x, w, v; [n] a group's heading): %s", got.Order)
	}
	if n := strings.Count(got.Order, "x"); n != len(familyRecords) {
		t.Errorf("%d games with errors, want %d", n, len(familyRecords))
	}
	if got.BoardTop > got.ScreenH {
		t.Errorf("the first error's board starts at %.0f px, below the first screen (%.0f px)", got.BoardTop, got.ScreenH)
	}
	if got.TablesTop < got.GamesTop {
		t.Errorf("the tables of codes and files (at %.0f px) come before the games (%.0f px)", got.TablesTop, got.GamesTop)
	}
}

// codesOnce: the code table has one row per code, its errors and warnings
// side by side (illegal is both an error and a warning in these records:
// it had a row for each).
func (b *browser) codesOnce(t *testing.T) {
	t.Helper()
	codes := do1(t, b, chromedp.Evaluate[[]string](`[...document.querySelectorAll("table.codes button.code-filter")].map(x => x.dataset.code)`))
	seen := map[string]bool{}
	for _, c := range codes {
		if seen[c] {
			t.Errorf("code %s has more than one row in the code table", c)
		}
		seen[c] = true
	}
	if len(codes) == 0 {
		t.Errorf("no code table")
	}
	row := do1(t, b, chromedp.Evaluate[[]string](`[...document.querySelector('table.codes button[data-code="illegal"]').closest("tr").cells].map(c => c.textContent)`))
	if len(row) < 3 || row[1] == "0" || row[2] == "0" {
		t.Errorf("the row of illegal does not count both its errors and its warnings: %q", row)
	}
}

// barClear: what the page scrolls to (the tables from the summary's link,
// the games from a code in the table) is never under the sticky filter
// bar.
func (b *browser) barClear(t *testing.T) {
	t.Helper()
	for _, c := range []struct{ what, click, target string }{
		{"the tables, from the summary's link", `document.querySelector('#summary a[href="#tables"]')`, `document.querySelector("#tables caption")`},
		{"the games, from a code in the table", `document.querySelector("table.codes button.code-filter")`, `document.querySelector("#games h2.group")`},
	} {
		js := fmt.Sprintf(`new Promise(done => {
			scrollTo(0, 0);
			%s.click();
			setTimeout(() => {
				const bar = document.getElementById("filters").getBoundingClientRect();
				const t = %s.getBoundingClientRect();
				done(JSON.stringify({bar: bar.bottom, top: t.top, scrolled: scrollY}));
			}, 300);
		})`, c.click, c.target)
		var got struct{ Bar, Top, Scrolled float64 }
		if err := json.Unmarshal([]byte(do1(t, b, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))), &got); err != nil {
			t.Fatal(err)
		}
		if got.Scrolled == 0 {
			t.Errorf("%s: the page did not scroll", c.what)
		}
		if got.Top < got.Bar {
			t.Errorf("%s: its top (%.0f px) is under the sticky bar (down to %.0f px)", c.what, got.Top, got.Bar)
		}
	}
	// Back to the page as it opened: every game again, at the top.
	do1(t, b, chromedp.Evaluate[int](`(() => { const f = document.getElementById("f-code"); f.value = ""; f.dispatchEvent(new Event("change")); scrollTo(0, 0); return 0; })()`))
}

// noSideScroll: with every game open, its boards and replay drawn, the
// page is no wider than the window.
func (b *browser) noSideScroll(t *testing.T, width int64) {
	t.Helper()
	js := `new Promise(done => {
		document.querySelectorAll("details.game").forEach(d => d.open = true);
		setTimeout(() => {
			const wide = [...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > innerWidth + 0.5 && !e.closest("pre, .moves"))
				.slice(0, 3).map(e => e.tagName + "." + e.className);
			done(JSON.stringify({page: document.documentElement.scrollWidth, window: innerWidth, wide: wide}));
		}, 500);
	})`
	var got struct {
		Page, Window int
		Wide         []string
	}
	if err := json.Unmarshal([]byte(do1(t, b, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))), &got); err != nil {
		t.Fatal(err)
	}
	if got.Page > got.Window {
		t.Errorf("at %d px the page is %d px wide: it scrolls sideways (too wide: %v)", width, got.Page, got.Wide)
	}
}

// numbered: a board whose variant numbers its squares shows each number,
// 1 to n, as text of its picture (small, in the square's corner): the
// names the diagnostics speak. Boards named otherwise show no bare
// numbers as cells' names unless they are race tracks.
func (b *browser) numbered(t *testing.T, what, svgSel string, n int) {
	t.Helper()
	if n == 0 {
		return
	}
	texts := do1(t, b, chromedp.Evaluate[[]string](fmt.Sprintf(`[...document.querySelectorAll(%q + " text")].map(e => e.textContent)`, svgSel)))
	have := map[string]bool{}
	for _, s := range texts {
		have[s] = true
	}
	var missing []int
	for i := 1; i <= n; i++ {
		if !have[strconv.Itoa(i)] {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%s: the board does not show the square numbers %v", what, missing)
	}
	for _, s := range texts {
		if len(s) == 1 && s[0] >= 'a' && s[0] <= 'j' {
			t.Errorf("%s: the numbered board has a file letter %q", what, s)
			break
		}
	}
}

// marksOf reads the marks of the error board of a game's first error, and
// the cells' centres.
func (b *browser) marksOf(t *testing.T, sec, svgSel string) (cellGeometry, picture.Marks) {
	t.Helper()
	g := geometry(t, b, svgSel, sec+" figure.board")
	js := fmt.Sprintf(`(() => {
		const name = document.querySelector(%q + " summary .where").textContent;
		const g = window.arbiterData.games.find(g => name.startsWith(window.arbiterData.files[g.f] + ":" + g.l + ":"));
		const d = g.d.find(d => d.b);
		return JSON.stringify(d.b.k);
	})()`, sec)
	var m picture.Marks
	if err := json.Unmarshal([]byte(do1(t, b, chromedp.Evaluate[string](js))), &m); err != nil {
		t.Fatal(err)
	}
	return g, m
}

// errorBoardShows looks at the error board's pixels: the written move's
// red arrow along its path, and a green legal move wherever there is one
// (dashed: some pixel near the middle of one of its legs).
func (b *browser) errorBoardShows(t *testing.T, name, sec string, img image.Image) {
	t.Helper()
	g, m := b.marksOf(t, sec, sec+" figure.board svg")
	if !m.Bad || len(m.Path) == 0 {
		t.Errorf("%s: the error board marks no written move (%+v)", name, m)
		return
	}
	red := func(c color.RGBA) bool { return c.R > 150 && c.G < 110 && c.B < 110 }
	green := func(c color.RGBA) bool { return c.G > c.R+30 && c.G > c.B+30 }
	if !b.alongPath(img, g, m.Path, red) {
		t.Errorf("%s: no red arrow along the written move %v", name, m.Path)
	}
	// The caption is words: the move, who is to move; not the position's
	// string, which the picture's title keeps.
	capt := do1(t, b, chromedp.Evaluate[[]string](fmt.Sprintf(`[document.querySelector(%q + " figure.board figcaption").textContent, document.querySelector(%q + " figure.board svg title").textContent]`, sec, sec)))
	if _, fen, ok := strings.Cut(capt[1], ": "); ok && len(fen) > 8 && strings.Contains(capt[0], fen) {
		t.Errorf("%s: the caption holds the position's string %q: %s", name, fen, capt[0])
	}
	if !strings.HasPrefix(capt[0], "before move ") {
		t.Errorf("%s: the caption does not say which move: %s", name, capt[0])
	}
	if len(m.Legal) > 6 {
		t.Errorf("%s: %d legal moves drawn, want at most 6", name, len(m.Legal))
	}
	for _, l := range m.Legal {
		if !b.alongPath(img, g, l, green) {
			t.Errorf("%s: no green arrow along the legal move %v", name, l)
		}
	}
}

// replayShows looks at the replay's last position: the last move's blue
// arrow along its path.
func (b *browser) replayShows(t *testing.T, name, sec string, img image.Image) {
	t.Helper()
	g := geometry(t, b, sec+" .viewer .pic svg", sec+" .viewer")
	var m picture.Marks
	js := fmt.Sprintf(`JSON.stringify((v => v && v.viewer ? v.viewer.marks() : null)(document.querySelector(%q)))`, sec+" .viewer")
	if err := json.Unmarshal([]byte(do1(t, b, chromedp.Evaluate[string](js))), &m); err != nil {
		t.Fatal(err)
	}
	blue := func(c color.RGBA) bool { return c.B > 120 && c.R < 90 && c.B > c.G+30 }
	if len(m.Path) == 0 {
		t.Errorf("%s: the replay's last ply marks no move", name)
	} else if !b.alongPath(img, g, m.Path, blue) {
		t.Errorf("%s: the replay's last move %v has no blue arrow along it", name, m.Path)
	}
}

// alongPath says whether some pixel near the legs of a path is of the
// colour wanted (an arrow may be dashed, or cross a piece); a path of one
// cell (a placement) is marked by a ring round it.
func (b *browser) alongPath(img image.Image, g cellGeometry, path []int, want func(color.RGBA) bool) bool {
	if len(path) == 1 && path[0] < len(g.Cells) {
		c := g.Cells[path[0]]
		for rad := 0.1; rad <= 1.3; rad += 0.05 {
			for a := 0.0; a < 2*math.Pi; a += math.Pi / 16 {
				if want(at(img, g, c.X+c.R*rad*math.Cos(a), c.Y+c.R*rad*math.Sin(a))) {
					return true
				}
			}
		}
		return false
	}
	for i := 0; i+1 < len(path); i++ {
		if path[i] >= len(g.Cells) || path[i+1] >= len(g.Cells) {
			return false
		}
		p, q := g.Cells[path[i]], g.Cells[path[i+1]]
		for f := 0.2; f <= 0.8; f += 0.02 {
			if want(at(img, g, p.X+(q.X-p.X)*f, p.Y+(q.Y-p.Y)*f)) {
				return true
			}
		}
	}
	return false
}

// TestReportViewerVariations: the replay of a broadcast game with
// comments and a variation is a game viewer: its move list shows the
// comments and the variation in brackets; a click on a variation's move
// enters it (the board shows it, the move is highlighted), Escape leaves
// it for the ply it branches from, the down arrow enters it again.
func TestReportViewerVariations(t *testing.T) {
	chromium(t)
	file := td + "draughts/world-title-match-women-2024-game2.pdn"
	page := writeReport(t, t.TempDir(), file)
	for _, width := range []int64{1400, 390} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			b := newBrowser(t)
			b.Viewport(t, width, 1000)
			b.Open(t, page)
			do1(t, b, chromedp.WaitVisible(chromedp.CSS("details.game")))
			if !b.markGame(t, "game", file) {
				t.Fatal("no game on the page")
			}
			const v = `details[data-test="game"] .viewer`
			state := func() (ply, cur string) {
				t.Helper()
				s := do1(t, b, chromedp.Evaluate[[]string](fmt.Sprintf(`(v => [v.getAttribute("data-ply"), (v.querySelector(".mv.cur") || {}).textContent || ""])(document.querySelector(%q))`, v)))
				return s[0], s[1]
			}
			list := do1(t, b, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q + " .moves").textContent`, v)))
			if !strings.Contains(list, "Inaccuracy. Best move was 38-33.") {
				t.Errorf("the move list lacks the comment of move 33")
			}
			// (1... 5-10), written before the move it replaces, is a warning
			// and not replayed.
			if n := do1(t, b, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll(%q + " .moves .var").length`, v))); n != 1 {
				t.Errorf("%d variations in the move list, want 1 (33. 38-33 ...)", n)
			}
			// Click 33. 38-33, the variation's first move.
			do1(t, b, chromedp.Evaluate[int](fmt.Sprintf(`[...document.querySelectorAll(%q + " .moves .var .mv")].find(s => s.textContent === "38-33").click(), 0`, v)))
			if ply, cur := state(); !strings.HasPrefix(ply, "v") || cur != "38-33" {
				t.Errorf("after a click on the variation's 38-33: at %q, %q highlighted; want a variation's ply, 38-33", ply, cur)
			}
			var m picture.Marks
			if err := json.Unmarshal([]byte(do1(t, b, chromedp.Evaluate[string](fmt.Sprintf(`JSON.stringify(document.querySelector(%q).viewer.marks())`, v)))), &m); err != nil {
				t.Fatal(err)
			}
			if len(m.Path) != 2 || m.Path[0] != 37 || m.Path[1] != 32 {
				t.Errorf("the variation's 38-33 is drawn as %v, want cells 37 to 32", m.Path)
			}
			shot(t, fmt.Sprintf("report-viewer-variation-%d.png", width), do1(t, b, chromedp.Screenshot(chromedp.CSS(v))))
			key := func(k string) {
				t.Helper()
				if err := chromedp.Do(b.Ctx, chromedp.Focus(chromedp.CSS(v)), chromedp.KeyEvent(k)); err != nil {
					t.Fatal(err)
				}
			}
			key(kb.Escape)
			if ply, cur := state(); ply != "64" || cur != "11-17" {
				t.Errorf("after Escape: at %q, %q highlighted; want ply 64, 32... 11-17, which the variation follows", ply, cur)
			}
			key(kb.ArrowDown)
			if ply, cur := state(); !strings.HasPrefix(ply, "v") || cur != "38-33" {
				t.Errorf("after the down arrow: at %q, %q highlighted; want the variation's 38-33", ply, cur)
			}
			key(kb.ArrowRight)
			if ply, cur := state(); !strings.HasPrefix(ply, "v") || cur != "24-29" {
				t.Errorf("a step on in the variation: at %q, %q highlighted; want its 24-29", ply, cur)
			}
			b.Quiet(t, page)
		})
	}
}
