package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"arbiter/referee"
	"arbiter/referee/picture"

	"github.com/chromedp/chromedp"
)

// composeCase is one picture the page draws: the scene, the position,
// the marks and the options, and the SVG picture.Render writes of them.
type composeCase struct {
	what  string
	scene int
	pos   picture.Position
	marks picture.Marks
	flip  bool
	names bool
}

// TestReportComposeIsRender holds the page to one renderer: for every
// family, the pictures its script puts together from the kit (the replay's
// start and plies, each error board, plain and flipped, with and without
// the cells' names) are picture.Render's, byte for byte. A picture drawn
// by the script alone, or a kit that leaves a part out, fails here.
func TestReportComposeIsRender(t *testing.T) {
	chromium(t)
	var inputs []referee.Input
	for _, f := range familyRecords {
		inputs = append(inputs, referee.Input{Name: f.file, Open: func() (io.ReadCloser, error) { return os.Open(f.file) }})
	}
	var page bytes.Buffer
	h := newHTMLWriter(&page)
	var reps []*referee.Report
	opts := referee.StreamOptions{Jobs: 1}
	opts.Film = true
	if err := referee.CheckInputs(inputs, opts, func(r *referee.Report) error {
		reps = append(reps, r)
		return h.Write(r)
	}, func(f referee.Input, err error) { t.Errorf("%s: %v", f.Name, err) }); err != nil {
		t.Fatal(err)
	}
	if err := h.Finish(nil); err != nil {
		t.Fatal(err)
	}
	if len(reps) != len(familyRecords) {
		t.Fatalf("%d games, want one per family (%d)", len(reps), len(familyRecords))
	}
	var cases []composeCase
	for gi, rep := range reps {
		name := familyRecords[gi].name
		f := rep.Film
		if f == nil || f.Board == nil {
			t.Errorf("%s: no film", name)
			continue
		}
		scene := h.board(f.Board)
		add := func(what string, p picture.Position, m picture.Marks) {
			p.Caption = "" // the page writes the caption as HTML, under the picture
			for k, o := range []struct{ flip, names bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
				cases = append(cases, composeCase{fmt.Sprintf("%s %s (%d)", name, what, k), scene, p, m, o.flip, o.names})
			}
		}
		add("start", f.Start, picture.Marks{})
		for i, fr := range f.Frames {
			add(fmt.Sprintf("ply %d", i+1), fr.After, fr.Marks)
		}
		for di, d := range h.page.Data.Games[gi].Diags {
			if d.Board == nil {
				continue
			}
			p, ok := picture.Decode(d.Board.Pos, len(h.boards[d.Board.Scene].Cells))
			if !ok {
				t.Errorf("%s: error board %d: position %q does not decode", name, di, d.Board.Pos)
				continue
			}
			before := len(cases)
			add(fmt.Sprintf("error board %d", di), p, d.Board.Marks)
			for i := before; i < len(cases); i++ {
				cases[i].scene = d.Board.Scene
			}
		}
	}
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t)
	b.Open(t, path)
	do1(t, b, chromedp.WaitVisible(chromedp.CSS("details.game")))
	const title = "a picture"
	var args []any
	for _, c := range cases {
		args = append(args, []any{c.scene, picture.Encode(c.pos), c.marks, c.flip, c.names})
	}
	js, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	got := do1(t, b, chromedp.Evaluate[[]string](fmt.Sprintf(`%s.map(a => window.arbiterCompose(a[0], a[1], a[2], a[3], a[4], %q))`, js, title)))
	if len(got) != len(cases) {
		t.Fatalf("the page composed %d pictures, want %d", len(got), len(cases))
	}
	bad := 0
	for i, c := range cases {
		want := string(picture.Render(h.boards[c.scene], c.pos, c.marks, picture.Options{Title: title, Flip: c.flip, Names: c.names}))
		if got[i] != want && bad < 5 {
			bad++
			t.Errorf("%s: the page's picture is not Render's:\n%s", c.what, partAt(got[i], want))
		}
	}
	t.Logf("%d pictures compared", len(cases))
	b.Quiet(t, path)
}

// partAt shows where two texts part.
func partAt(got, want string) string {
	i := firstDiff([]byte(got), []byte(want))
	from := max(0, i-120)
	return fmt.Sprintf("page:   …%s…\nRender: …%s…", got[from:min(len(got), i+120)], want[from:min(len(want), i+120)])
}
