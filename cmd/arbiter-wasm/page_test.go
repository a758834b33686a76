//go:build !(js && wasm)

package main

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"arbiter/referee/report/browsertest"
)

// The browser page as a person uses it: a real headless Chromium opens
// web/ (from disk, and served as a federation site would host it), a real
// record is dropped on it and another picked, the report appears, and the
// page asks for nothing but its own files. Screenshots go to
// $ARBITER_SCREENSHOTS when it is set (docs/web-report.png is one).

const td = "../../testdata/"

// buildPage writes the page as 'make web' does into a folder of its own:
// web/'s files, the module built for the browser, Go's wasm_exec.js.
func buildPage(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"index.html", "app.js", "style.css"} {
		b, err := os.ReadFile(filepath.Join("../../web", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the module with")
	}
	root, err := exec.Command(goBin, "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	wasm := filepath.Join(dir, "arbiter.wasm")
	cmd := exec.Command(goBin, "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the module: %v\n%s", err, out)
	}
	shim, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "wasm_exec.js"), shim, 0o644)
	pack := exec.Command("sh", "-c", `{ printf 'window.arbiterModule = "'; gzip -9 -n -c arbiter.wasm | base64 -w0; printf '";\n'; } > arbiter-module.js && rm arbiter.wasm`)
	pack.Dir = dir
	if out, err := pack.CombinedOutput(); err != nil {
		t.Fatalf("packing the module: %v\n%s", err, out)
	}
	return dir
}

func eval[T any](t *testing.T, b *browsertest.Browser, js string) T {
	t.Helper()
	return browsertest.Do(t, b, chromedp.Evaluate[T](js))
}

func poll(t *testing.T, b *browsertest.Browser, js string) {
	t.Helper()
	if _, err := chromedp.Run(b.Ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		t.Fatalf("waiting for %s: %v", js, err)
	}
}

// dropFile drops a file on the page's drop zone as a person's drag does:
// a drop event whose DataTransfer holds it, its bytes the real file's.
func dropFile(t *testing.T, b *browsertest.Browser, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	js := fmt.Sprintf(`(() => {
		const bytes = Uint8Array.from(atob(%q), (c) => c.charCodeAt(0));
		const dt = new DataTransfer();
		dt.items.add(new File([bytes], %q));
		const zone = document.getElementById("drop");
		zone.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
		zone.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
		return true;
	})()`, base64.StdEncoding.EncodeToString(data), filepath.Base(path))
	eval[bool](t, b, js)
}

// reportText is what the report frame shows.
func reportText(t *testing.T, b *browsertest.Browser) string {
	t.Helper()
	poll(t, b, `document.getElementById("report").contentDocument?.body?.innerText`)
	return eval[string](t, b, `document.getElementById("report").contentDocument.body.innerText`)
}

// waitChecked waits for the page's n-th check to be shown.
func waitChecked(t *testing.T, b *browsertest.Browser, n int) {
	t.Helper()
	poll(t, b, fmt.Sprintf(`document.body.dataset.checked === "%d"`, n))
}
func TestPageInBrowser(t *testing.T) {
	browsertest.Chromium(t)
	dir := buildPage(t)
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	for _, site := range []struct {
		name, url, prefix string
	}{
		{"from disk", "file://" + filepath.Join(dir, "index.html"), "file://" + dir + "/"},
		{"hosted", srv.URL + "/", srv.URL + "/"},
	} {
		t.Run(site.name, func(t *testing.T) {
			b := browsertest.New(t, 180*time.Second)
			b.Navigate(t, site.url)
			poll(t, b, `document.body.dataset.ready === "true"`)
			own := len(b.Requests())

			// A real record with an error, dropped: the report appears.
			dropFile(t, b, td+"draughts/bruno-vs-scan31-game11.pdn")
			waitChecked(t, b, 1)
			status := eval[string](t, b, `document.getElementById("status").textContent`)
			if !strings.Contains(status, "1 with errors") {
				t.Errorf("status %q", status)
			}
			poll(t, b, `document.getElementById("report").contentDocument?.querySelector("details.game.invalid figure.board svg")`)
			if text := reportText(t, b); !strings.Contains(text, "bruno-vs-scan31-game11.pdn") || !strings.Contains(text, "no piece on 17") {
				t.Errorf("the report does not show the error:\n%.2000s", text)
			}
			if site.name == "from disk" {
				browsertest.Shot(t, "web-report.png", browsertest.Do(t, b, chromedp.CaptureScreenshot()))
			}

			// A setting of the form: a mistyped code is said at its field
			// and nothing is checked; an ignored code is gone from the
			// next report.
			setField(t, b, "ignore", "ilegal")
			poll(t, b, `document.querySelector('#form output[data-for="ignore"]').textContent`)
			if msg := eval[string](t, b, `document.querySelector('#form output[data-for="ignore"]').textContent`); !strings.Contains(msg, "did you mean illegal?") {
				t.Errorf("the field's mistake: %q", msg)
			}
			setField(t, b, "ignore", "illegal")
			waitChecked(t, b, 2)
			if status := eval[string](t, b, `document.getElementById("status").textContent`); !strings.Contains(status, "0 with errors") {
				t.Errorf("with ignore: illegal, status %q", status)
			}

			// A second record picked with the file chooser: both are
			// checked.
			abs, _ := filepath.Abs(td + "morris/sanmill_2026-07-20_human_vs_ai.pgn")
			browsertest.Do(t, b, chromedp.SetUploadFiles(chromedp.CSS(`#pick`), []string{abs}))
			waitChecked(t, b, 3)
			if text := reportText(t, b); !strings.Contains(text, "sanmill_2026-07-20_human_vs_ai.pgn") {
				t.Errorf("the picked file is not in the report:\n%.2000s", text)
			}

			// A dropped .arbiter.yaml fills the form and checks again
			// under it.
			cfg := filepath.Join(t.TempDir(), ".arbiter.yaml")
			os.WriteFile(cfg, []byte("severity:\n  illegal: warning\nvariations: error\n"), 0o644)
			dropFile(t, b, cfg)
			waitChecked(t, b, 4)
			fields := eval[string](t, b, `["ignore", "severity", "variations"].map((k) => k + "=" + document.getElementById("form").elements[k].value).join(";")`)
			if fields != "ignore=;severity=illegal: warning;variations=error" {
				t.Errorf("the form after the dropped config: %s", fields)
			}
			if status := eval[string](t, b, `document.getElementById("status").textContent`); !strings.Contains(status, "2 games: 2 valid") {
				t.Errorf("under the dropped config, status %q", status)
			}

			requests := b.Requests()
			mine := regexp.MustCompile(`^` + regexp.QuoteMeta(site.prefix) + `(|index\.html|style\.css|wasm_exec\.js|arbiter-module\.js|app\.js)$`)
			for _, u := range requests {
				if !mine.MatchString(u) {
					t.Errorf("the page made a request: %s", u)
				}
			}
			if len(requests) != own {
				t.Errorf("%d requests after the page loaded (%v)", len(requests)-own, requests[own:])
			}
			for _, m := range b.Console() {
				t.Errorf("console: %s", m)
			}
		})
	}
}

// setField types a value into one of the form's fields, as a person does.
func setField(t *testing.T, b *browsertest.Browser, name, value string) {
	t.Helper()
	eval[bool](t, b, fmt.Sprintf(`(() => { const f = document.getElementById("form").elements[%q]; f.value = %q; f.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, name, value))
}
