package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// boardPNG draws a board case as a PNG and as an SVG of the same width.
func boardPNG(t *testing.T, args []string, size int) (pngImg image.Image, svg string) {
	t.Helper()
	args = append(slices.Clone(args), "--size", fmt.Sprint(size))
	out, errOut, code := arbiter(t, "", append([]string{"board", "--format", "png"}, args...)...)
	if code != 0 {
		t.Fatalf("board --format png: exit %d: %s", code, errOut)
	}
	img, err := png.Decode(strings.NewReader(out))
	if err != nil {
		t.Fatalf("board --format png: not a PNG: %v", err)
	}
	svg, errOut, code = arbiter(t, "", append([]string{"board"}, args...)...)
	if code != 0 {
		t.Fatalf("board: exit %d: %s", code, errOut)
	}
	return img, svg
}

// TestBoardPNGIsTheSVG: board --format png paints the SVG's picture. Each
// case's PNG is compared, pixel by pixel, with Chromium's rendering of the
// SVG at the same size: apart from the edges of shapes and the letters
// (another rasteriser, another font), the two are the same picture.
func TestBoardPNGIsTheSVG(t *testing.T) {
	chromium(t)
	b := newBrowser(t)
	dir := t.TempDir()
	const size = 360
	for _, tc := range boardCases {
		if slices.Contains(tc.args, "--size") {
			continue
		}
		t.Run(strings.TrimSuffix(tc.name, ".svg"), func(t *testing.T) {
			img, svg := boardPNG(t, tc.args, size)
			w, h := img.Bounds().Dx(), img.Bounds().Dy()
			if w != size {
				t.Fatalf("the PNG is %d pixels wide, want %d", w, size)
			}
			path := filepath.Join(dir, strings.TrimSuffix(tc.name, ".svg")+".svg")
			if err := os.WriteFile(path, []byte(svg), 0o644); err != nil {
				t.Fatal(err)
			}
			b.Viewport(t, int64(w), int64(h))
			b.Open(t, path)
			ref, err := png.Decode(bytes.NewReader(do1(t, b, chromedp.CaptureScreenshot())))
			if err != nil {
				t.Fatal(err)
			}
			if rw, rh := ref.Bounds().Dx(), ref.Bounds().Dy(); rw != w || rh != h {
				t.Fatalf("the SVG is drawn %dx%d, the PNG is %dx%d", rw, rh, w, h)
			}
			// Compared in blocks of 6x6 pixels, averaged: the letters' and
			// edges' differences wash out, a shape left out or moved does
			// not (an arrow 4 pixels wide, a number's halo).
			const blk = 6
			differ, worst := 0, 0.0
			for y := 0; y+blk <= h; y += blk {
				for x := 0; x+blk <= w; x += blk {
					d := blockDiff(img, ref, x, y, blk)
					worst = max(worst, d)
					if d > 40 {
						differ++
					}
				}
			}
			frac := float64(differ) / float64((w/blk)*(h/blk))
			t.Logf("%s: %.2f%% of the blocks differ (the most: %.0f of 255)", tc.name, 100*frac, worst)
			if frac > 0.005 || worst > 80 {
				shot(t, "png-"+strings.TrimSuffix(tc.name, ".svg")+".png", []byte(pngBytes(t, img)))
				shot(t, "png-"+strings.TrimSuffix(tc.name, ".svg")+"-chromium.png", do1(t, b, chromedp.CaptureScreenshot()))
				t.Errorf("%.1f%% of the PNG's blocks differ from the SVG's (more than 0.5%%), the most by %.0f of 255 (more than 80): not the same picture", 100*frac, worst)
			}
		})
	}
}

// blockDiff is the largest difference of the two images' average colours
// over a block of n×n pixels at x, y, per channel, 0 to 255.
func blockDiff(a, b image.Image, x, y, n int) float64 {
	var sa, sb [3]float64
	for j := y; j < y+n; j++ {
		for i := x; i < x+n; i++ {
			r1, g1, b1, _ := a.At(i, j).RGBA()
			r2, g2, b2, _ := b.At(i, j).RGBA()
			sa[0], sa[1], sa[2] = sa[0]+float64(r1>>8), sa[1]+float64(g1>>8), sa[2]+float64(b1>>8)
			sb[0], sb[1], sb[2] = sb[0]+float64(r2>>8), sb[1]+float64(g2>>8), sb[2]+float64(b2>>8)
		}
	}
	d := 0.0
	for c := range sa {
		d = max(d, math.Abs(sa[c]-sb[c])/float64(n*n))
	}
	return d
}

func pngBytes(t *testing.T, img image.Image) string {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}
