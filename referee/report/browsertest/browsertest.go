// Package browsertest drives a real headless Chromium for the tests of the
// pages arbiter writes (the HTML report, the browser page of web/, board
// diagrams): it opens a page, records every request the page makes and
// every console message, exception or browser-log entry (a
// Content-Security-Policy refusal is one), and saves screenshots to
// $ARBITER_SCREENSHOTS when it is set. For tests only: a test without
// Chromium is skipped.
package browsertest

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// Chromium is the browser's program, or skips t when none is installed.
func Chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium installed (apt-get install chromium): the page is not checked in a browser")
	return ""
}

// Browser is one tab, watched: every request it makes and every console
// message.
type Browser struct {
	Ctx      context.Context
	mu       sync.Mutex
	requests []string
	console  []string
}

// New starts Chromium with one tab of 1000x1400 pixels, ended with t;
// every action on it together may take timeout.
func New(t testing.TB, timeout time.Duration) *Browser {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Chromium(t)),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.WindowSize(1000, 1400),
		chromedp.UserDataDir(t.TempDir()),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, timeout)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	b := &Browser{Ctx: ctx}
	if err := chromedp.Listen(ctx, func(ev any) {
		if r, ok := ev.(*network.EventRequestWillBeSent); ok {
			b.mu.Lock()
			b.requests = append(b.requests, r.Request.URL)
			b.mu.Unlock()
		}
	}); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			b.mu.Lock()
			b.console = append(b.console, fmt.Sprintf("%s: %s", m.Type, m.Text))
			b.mu.Unlock()
		}
	}()
	return b
}

// Open loads a page from disk.
func (b *Browser) Open(t testing.TB, path string) {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	b.Navigate(t, "file://"+abs)
}

// Navigate loads the page at url.
func (b *Browser) Navigate(t testing.TB, url string) {
	t.Helper()
	if err := chromedp.Do(b.Ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
}

// Viewport sets the page's width in CSS pixels (and a screen's height).
func (b *Browser) Viewport(t testing.TB, w, h int64) {
	t.Helper()
	if err := chromedp.Do(b.Ctx, chromedp.EmulateViewport(w, h)); err != nil {
		t.Fatal(err)
	}
}

// Requests are the URLs the tab asked for so far, in order.
func (b *Browser) Requests() []string {
	time.Sleep(300 * time.Millisecond) // let late events arrive
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.requests...)
}

// Console is what the tab's console said so far.
func (b *Browser) Console() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.console...)
}

// Quiet checks that the page at path asked for nothing but itself and
// that nothing went wrong in its console.
func (b *Browser) Quiet(t testing.TB, path string) {
	t.Helper()
	abs, _ := filepath.Abs(path)
	for _, u := range b.Requests() {
		if u != "file://"+abs {
			t.Errorf("the page made a request: %s", u)
		}
	}
	for _, m := range b.Console() {
		t.Errorf("console: %s", m)
	}
}

// Do runs an action on the tab and returns its value, failing t on error.
func Do[T any](t testing.TB, b *Browser, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(b.Ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Shot decodes a PNG screenshot and saves it as name in
// $ARBITER_SCREENSHOTS (a temporary folder when it is not set).
func Shot(t testing.TB, name string, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	dir := os.Getenv("ARBITER_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s (%dx%d)", path, img.Bounds().Dx(), img.Bounds().Dy())
	return img
}
