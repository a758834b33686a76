package main

import (
	"image"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arbiter/referee/report/browsertest"
)

// browser is browsertest's tab, for the diagrams drawn in Chromium.
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
