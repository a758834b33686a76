package referee_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"arbiter/notation/pdn"
	"arbiter/referee"
)

// games returns n short international games, the k-th tagged Round k.
func games(n int) string {
	var b strings.Builder
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "[GameType \"20\"]\n[Round \"%d\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n", k)
	}
	return b.String()
}

// failingReader returns its text, then err.
type failingReader struct {
	r   io.Reader
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, f.err
	}
	return n, err
}

// TestCheckInputsOrder: whatever the number of jobs (and so however the
// games are batched), the reports and the failures come out in input
// order, a file's failure after the games read from it, and every game is
// reported once.
func TestCheckInputsOrder(t *testing.T) {
	errOpen, errRead := errors.New("cannot open"), errors.New("disk error")
	sizes := []int{1, 0, 70, 3, 200, 5}
	var inputs []referee.Input
	for i, n := range sizes {
		name := fmt.Sprintf("f%d.pdn", i)
		text := games(n)
		in := referee.Input{Name: name, Open: func() (io.ReadCloser, error) {
			return io.NopCloser(strings.NewReader(text)), nil
		}}
		switch i {
		case 1:
			in.Open = func() (io.ReadCloser, error) { return nil, errOpen }
		case 4:
			in.Open = func() (io.ReadCloser, error) {
				return io.NopCloser(&failingReader{strings.NewReader(text), errRead}), nil
			}
		}
		inputs = append(inputs, in)
	}
	run := func(jobs int) []string {
		var events []string
		err := referee.CheckInputs(inputs, referee.StreamOptions{Jobs: jobs}, func(r *referee.Report) error {
			round := ""
			for _, tg := range r.Tags {
				if tg.Name == "Round" {
					round = tg.Value
				}
			}
			events = append(events, r.File+"#"+round+" "+r.Verdict)
			return nil
		}, func(in referee.Input, err error) {
			events = append(events, in.Name+" failed: "+err.Error())
		})
		if err != nil {
			t.Fatal(err)
		}
		return events
	}
	want := run(1)
	// f0: 1 game; f1: open error; f2: 70; f3: 3; f4: the games read before
	// the error (possibly all 200), then the error; f5: 5.
	if len(want) < 1+1+70+3+1+5 {
		t.Fatalf("%d events, want at least %d:\n%s", len(want), 1+1+70+3+1+5, strings.Join(want, "\n"))
	}
	next := map[string]int{}
	sawFail := map[string]bool{}
	for _, e := range want {
		file, rest, _ := strings.Cut(e, "#")
		if strings.Contains(e, " failed: ") {
			name := strings.SplitN(e, " ", 2)[0]
			sawFail[name] = true
			continue
		}
		if sawFail[file] {
			t.Errorf("%s: a game after the file's failure", e)
		}
		next[file]++
		if round := strings.SplitN(rest, " ", 2)[0]; round != fmt.Sprint(next[file]) {
			t.Errorf("%s: out of order, want round %d", e, next[file])
		}
	}
	if !sawFail["f1.pdn"] || !sawFail["f4.pdn"] {
		t.Errorf("failures reported: %v", sawFail)
	}
	if next["f0.pdn"] != 1 || next["f2.pdn"] != 70 || next["f3.pdn"] != 3 || next["f5.pdn"] != 5 {
		t.Errorf("games per file: %v", next)
	}
	if want[len(want)-1] != "f5.pdn#5 "+strings.SplitN(want[len(want)-1], " ", 2)[1] {
		t.Errorf("last event %q, want f5's fifth game", want[len(want)-1])
	}
	for _, jobs := range []int{2, 3, 8} {
		got := run(jobs)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("jobs=%d: events differ from jobs=1", jobs)
		}
	}
}

// TestCheckInputsEmitsOneAtATime: the workers emit the reports themselves
// (CheckInputs has no collector goroutine), so they must take turns: emit
// and failed never run on two goroutines at once, whatever the jobs.
func TestCheckInputsEmitsOneAtATime(t *testing.T) {
	text := games(300)
	in := referee.Input{Name: "a.pdn", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(text)), nil
	}}
	bad := referee.Input{Name: "b.pdn", Open: func() (io.ReadCloser, error) { return nil, errors.New("cannot open") }}
	for _, jobs := range []int{2, 4, 8} {
		var inside atomic.Int32
		overlaps, calls := 0, 0
		enter := func() {
			if inside.Add(1) != 1 {
				overlaps++
			}
			calls++
			runtime.Gosched() // give another emitter the chance to come in
			inside.Add(-1)
		}
		err := referee.CheckInputs([]referee.Input{in, bad, in, bad, in}, referee.StreamOptions{Jobs: jobs},
			func(*referee.Report) error { enter(); return nil },
			func(referee.Input, error) { enter() })
		if err != nil {
			t.Fatal(err)
		}
		if overlaps > 0 || calls != 3*300+2 {
			t.Errorf("jobs=%d: %d calls (want %d), %d of them while another ran", jobs, calls, 3*300+2, overlaps)
		}
	}
}

// TestCheckInputsEmitError: an error from emit stops the stream and is
// returned; emit is not called again.
func TestCheckInputsEmitError(t *testing.T) {
	stopErr := errors.New("stop")
	text := games(500)
	in := referee.Input{Name: "a.pdn", Open: func() (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(text)), nil
	}}
	for _, jobs := range []int{1, 2} {
		calls := 0
		err := referee.CheckInputs([]referee.Input{in, in, in}, referee.StreamOptions{Jobs: jobs}, func(*referee.Report) error {
			calls++
			if calls == 37 {
				return stopErr
			}
			return nil
		}, func(in referee.Input, err error) { t.Errorf("%s failed: %v", in.Name, err) })
		if !errors.Is(err, stopErr) || calls != 37 {
			t.Errorf("jobs=%d: err %v after %d calls, want %v after 37", jobs, err, calls, stopErr)
		}
	}
}

// TestStreamReleasesMoves: CheckInputs hands each record's moves back
// after its check (Record.ReleaseMoves) and the next games are built in
// the same memory. No report may differ by it from a check of the same
// game that keeps its moves, on every record in testdata (comments,
// variations, setups, every family) and the corpus folders with the most
// variations, with one job and with two; and the reports hold no moves.
func TestStreamReleasesMoves(t *testing.T) {
	var names []string
	for _, pattern := range []string{"../testdata/*/*.pdn", "../testdata/*/*.txt", "../testdata/*/*/*.pdn",
		corpusDir + "/draughts/pdn-conformance/succeed/*.pdn", corpusDir + "/draughts/international-tournaments/*.pdn"} {
		found, _ := filepath.Glob(pattern)
		names = append(names, found...)
	}
	var inputs []referee.Input
	var want []string
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, referee.Input{Name: name, Open: func() (io.ReadCloser, error) {
			return io.NopCloser(bytes.NewReader(data)), nil
		}})
		sp := pdn.NewSplitter(bytes.NewReader(data), pdn.Options{})
		for {
			g, err := sp.Next()
			if err != nil {
				break
			}
			rec := referee.ParseGame(g, name)
			rep := referee.Check(rec, referee.Options{})
			referee.Suppress(rec, rep, referee.Options{}, nil) // as the stream does
			want = append(want, reportJSON(t, rep))
		}
	}
	for _, jobs := range []int{1, 2} {
		i := 0
		err := referee.CheckInputs(inputs, referee.StreamOptions{Jobs: jobs}, func(rep *referee.Report) error {
			if rep.Record != nil && rep.Record.Moves != nil {
				t.Fatalf("%s game %d: the report still holds its moves", rep.File, rep.Game)
			}
			if i < len(want) && reportJSON(t, rep) != want[i] {
				t.Errorf("jobs=%d: %s game %d differs from its check with moves kept:\n%s\nwant\n%s", jobs, rep.File, rep.Game, reportJSON(t, rep), want[i])
			}
			i++
			return nil
		}, func(in referee.Input, err error) { t.Fatal(in.Name, err) })
		if err != nil {
			t.Fatal(err)
		}
		if i != len(want) {
			t.Errorf("jobs=%d: %d reports, want %d", jobs, i, len(want))
		}
	}
	if len(want) < 100 {
		t.Errorf("only %d games read from %d files", len(want), len(names))
	}
}

func reportJSON(t *testing.T, rep *referee.Report) string {
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCheckInputsSameAsEachGame: the stream hands the workers game texts
// as they lie in its read buffers, and reads into a buffer again once the
// batches that may hold its games are emitted (pdn.Arena). Over every
// record of the corpus and the test data, three times over (several
// buffers' worth, so that buffers are read into again while games are in
// flight), with one, two and three jobs, each report is the one the game
// gets when cut by pdn.Each (its text copied at once) and checked alone.
// A file of games of 100 KB, whose reports are emitted slowly, fills the
// stream's window with more than a buffer's worth of games not yet
// decoded (a buffer read into again too early would change them).
func TestCheckInputsSameAsEachGame(t *testing.T) {
	var big strings.Builder
	for k := range 40 {
		fmt.Fprintf(&big, "[Round \"%d\"]\n1. 32-28 {%s} 19-23 2-0\n\n", k, strings.Repeat(fmt.Sprintf("%c", 'a'+k%26), 100<<10))
	}
	bigFile := filepath.Join(t.TempDir(), "big.pdn")
	if err := os.WriteFile(bigFile, []byte(big.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	names := []string{bigFile}
	for _, root := range []string{"../testdata", corpusDir} {
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".pdn") || strings.HasSuffix(path, ".pgn")) {
				names = append(names, path)
			}
			return nil
		})
	}
	var inputs []referee.Input
	var want []string
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, referee.Input{Name: name, Open: func() (io.ReadCloser, error) {
			return io.NopCloser(bytes.NewReader(data)), nil
		}})
		err = pdn.Each(bytes.NewReader(data), pdn.Options{}, func(g pdn.GameText) error {
			rec := referee.ParseGameFor(g, name, referee.Options{})
			rep := referee.Check(rec, referee.Options{})
			referee.Suppress(rec, rep, referee.Options{}, nil)
			want = append(want, reportJSON(t, rep))
			return nil
		})
		if err != nil {
			t.Fatal(name, err)
		}
	}
	inputs = append(append(inputs, inputs...), inputs...)
	want = append(append(want, want...), want...)
	for _, jobs := range []int{1, 2, 3} {
		i := 0
		err := referee.CheckInputs(inputs, referee.StreamOptions{Jobs: jobs}, func(rep *referee.Report) error {
			if rep.File == bigFile {
				time.Sleep(time.Millisecond)
			}
			if got := reportJSON(t, rep); i < len(want) && got != want[i] {
				t.Errorf("jobs=%d: %s game %d differs from the game cut by pdn.Each:\n%.2000s\nwant\n%.2000s", jobs, rep.File, rep.Game, got, want[i])
				return errors.New("stopped") // t.Fatal would leave the stream's goroutines waiting
			}
			i++
			return nil
		}, func(in referee.Input, err error) { t.Error(in.Name, err) })
		if err != nil {
			t.Fatal(err)
		}
		if i != len(want) {
			t.Errorf("jobs=%d: %d reports, want %d", jobs, i, len(want))
		}
	}
	if len(names) < 50 {
		t.Logf("only %d files: the corpus is not present", len(names))
	}
}
