package main

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// One record with an error in each family (testdata/report/SOURCES.md),
// and a file of valid games that must come after them.
var familyRecords = []struct{ name, file string }{
	{"international", td + "draughts/bruno-vs-scan31-game11.pdn"},
	{"english", td + "report/english-tinsley-541.pdn"},
	{"halma", td + "report/halma-2-empty-jump.pdn"},
	{"morris", td + "report/morris-occupied.pgn"},
	{"ludo", td + "report/ludo-wrong-square.txt"},
	{"goose", td + "report/goose-wrong-square.txt"},
	{"horse", td + "report/horse-wrong-square.txt"},
}

// familiesReport writes the report of the valid games of a tournament
// first on the command line, then one error in each family.
func familiesReport(t *testing.T) string {
	t.Helper()
	args := []string{"--ext", "pdn,pgn,txt", td + "draughts/championnat-de-france-2021.pdn"}
	for _, f := range familyRecords {
		args = append(args, f.file)
	}
	return writeReport(t, t.TempDir(), args...)
}

// viewport sets the page's width in CSS pixels (and a screen's height).
func (b *browser) viewport(t *testing.T, w, h int64) {
	t.Helper()
	if err := chromedp.Do(b.ctx, chromedp.EmulateViewport(w, h)); err != nil {
		t.Fatal(err)
	}
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
			b.viewport(t, width, 1000)
			b.open(t, page)
			do1(t, b, chromedp.WaitVisible(chromedp.CSS("details.game")))
			shot(t, fmt.Sprintf("report-first-screen-%d.png", width), do1(t, b, chromedp.CaptureScreenshot()))
			for _, f := range familyRecords {
				if !b.markGame(t, f.name, f.file) {
					t.Errorf("%s: no game of %s on the page", f.name, f.file)
					continue
				}
				sec := fmt.Sprintf("details[data-test=%q]", f.name)
				if sel := sec + " figure.board"; b.has(t, sel) {
					shot(t, fmt.Sprintf("report-%s-error-%d.png", f.name, width), do1(t, b, chromedp.Screenshot(chromedp.CSS(sel))))
				} else {
					t.Errorf("%s: no error board", f.name)
				}
				if sel := sec + " .viewer"; b.has(t, sel) {
					shot(t, fmt.Sprintf("report-%s-replay-%d.png", f.name, width), do1(t, b, chromedp.Screenshot(chromedp.CSS(sel))))
				} else {
					t.Errorf("%s: no replay", f.name)
				}
			}
			b.quiet(t, page)
		})
	}
}
