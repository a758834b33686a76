package main

import (
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/jsonl"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/referee/picture"
	"arbiter/variants"
)

// roundTripDirs are the folders of real (and simulated) records: every
// family's. The golden PDN files are convert's own output, records too.
var roundTripDirs = []string{"draughts", "pdn", "morris", "race", "halma", "match", "golden"}

// corpusDir is ../shared/corpus beside the repository, when it is there.
const corpusDir = "../../../shared/corpus"

// recordFiles lists the record files of testdata and of the corpus.
func recordFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, d := range roundTripDirs {
		err := filepath.WalkDir(td+d, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			switch strings.ToLower(filepath.Ext(p)) {
			case ".pdn", ".pgn":
				files = append(files, p)
			case ".txt":
				if d == "race" {
					files = append(files, p)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(corpusDir); err != nil {
		t.Logf("no %s: only testdata's records are converted", corpusDir)
		return files
	}
	filepath.WalkDir(corpusDir, func(p string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && (strings.HasSuffix(p, ".pdn") || strings.HasSuffix(p, ".pgn")) {
			files = append(files, p)
		}
		return err
	})
	return files
}

// simulatedRecords are games of every race and Halma variant, with as
// many players as it takes (up to four), for the variants no real record
// in testdata plays: a round of three or four players is what a writer
// that numbers moves in pairs gets wrong.
func simulatedRecords(t *testing.T) map[string]string {
	t.Helper()
	all, err := variants.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, v := range all {
		if v.Family != "race" && v.Family != "halma" {
			continue
		}
		for _, players := range []string{"4", "3", "2"} {
			text, _, code := arbiter(t, "", "simulate", "--variant", v.Name, "--players", players, "--games", "2")
			if code == 0 {
				out["simulate/"+v.Name+"-"+players] = text
				break
			}
		}
	}
	return out
}

// replayed is what a conversion must keep of a game: what the referee
// finds replaying it (its plies, every position of its film, its final
// position and the result the moves give), its tags, every comment (its
// white space aside: the writers wrap comments), its strengths, NAGs and
// variations, the move numbers as written, and the codes of its findings.
type replayed struct {
	family, variant string
	style           string // how the first move is written: squares in digits or letters
	plies           int
	finalFEN        string
	frames          []string
	derived         string
	terminator      string
	tags            []string
	comments        []string
	annotations     []string // strengths, NAGs and the length of each variation, in order
	numbers         []string
	errors, others  []string // codes
}

// replayText reads a text as check does (PDN, or JSON lines) and replays
// each game, as the viewer's film asks.
func replayText(t *testing.T, name, text string) []replayed {
	t.Helper()
	r, isJSON := jsonl.Sniff(strings.NewReader(text), name)
	var recs []*notation.Record
	if isJSON {
		lines := jsonl.NewReader(r)
		for {
			l, err := lines.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			rec, err := jsonl.Decode(l)
			if err != nil {
				t.Fatalf("%s:%d: %v", name, l.Num, err)
			}
			recs = append(recs, rec)
		}
	} else {
		sp := pdn.NewSplitter(r, pdn.Options{})
		for {
			g, err := sp.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			recs = append(recs, referee.ParseGame(g, name))
		}
	}
	var out []replayed
	for _, rec := range recs {
		rep := referee.Check(rec, referee.Options{Film: true})
		g := replayed{
			family: referee.FamilyOf(rec).Name(), variant: rep.Variant, plies: rep.Plies, finalFEN: rep.FinalFEN,
			derived: rep.Result.Derived, terminator: rec.Result,
		}
		if len(rec.Moves) > 0 && rec.Moves[0].Text != "" {
			g.style = "letters"
			if c := rec.Moves[0].Text[0]; '0' <= c && c <= '9' {
				g.style = "digits"
			}
		}
		if rep.Film != nil {
			for _, f := range rep.Film.Frames {
				g.frames = append(g.frames, picture.Encode(f.After)+f.After.Caption)
			}
		}
		for _, tag := range rec.Tags {
			g.tags = append(g.tags, tag.Name+"="+strings.Join(strings.Fields(tag.Value), " "))
		}
		sort.Strings(g.tags)
		comment := func(c notation.Comment) {
			g.comments = append(g.comments, strings.Join(strings.Fields(c.Text), " "))
		}
		for _, c := range rec.Comments {
			comment(c)
		}
		var walk func(l notation.Line, main bool)
		walk = func(l notation.Line, main bool) {
			for _, m := range l {
				if main && m.Number > 0 {
					g.numbers = append(g.numbers, fmt.Sprint(m.Number, m.Ellipsis))
				}
				if m.Strength != "" || len(m.NAGs) > 0 {
					g.annotations = append(g.annotations, fmt.Sprint(m.Strength, m.NAGs))
				}
				for _, c := range m.Comments {
					comment(c)
				}
				for _, v := range m.Variations {
					g.annotations = append(g.annotations, fmt.Sprintf("(%d moves", len(v)))
					walk(v, false)
				}
			}
		}
		walk(rec.Moves, true)
		for _, c := range rec.After {
			comment(c)
		}
		for _, d := range rep.Diagnostics {
			if d.Severity == notation.Error {
				g.errors = append(g.errors, d.Code)
			} else {
				g.others = append(g.others, d.Code)
			}
		}
		out = append(out, g)
	}
	return out
}

// checkVerdicts checks a text as 'arbiter check' does: each game's verdict
// and the codes of its findings.
func checkVerdicts(t *testing.T, name, text string) []string {
	t.Helper()
	var out []string
	err := referee.CheckStream(strings.NewReader(text), name, referee.StreamOptions{Jobs: 1}, func(rep *referee.Report) error {
		codes := []string{rep.Verdict}
		for _, d := range rep.Diagnostics {
			codes = append(codes, d.Severity.String()+":"+d.Code)
		}
		sort.Strings(codes[1:])
		out = append(out, strings.Join(codes, " "))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// subset: every word of b is one of a.
func subset(b, a []string) []string {
	var extra []string
	for _, w := range b {
		if !slices.Contains(a, w) && !slices.Contains(extra, w) {
			extra = append(extra, w)
		}
	}
	return extra
}

// isSubsequence: a's words appear in b in order.
func isSubsequence(a, b []string) bool {
	i := 0
	for _, w := range b {
		if i < len(a) && a[i] == w {
			i++
		}
	}
	return i == len(a)
}

// compareReplayed reports what a conversion lost or changed.
func compareReplayed(t *testing.T, how string, i int, was, got replayed) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("%s, game %d (%s %s): %s", how, i+1, was.family, was.variant, fmt.Sprintf(format, args...))
	}
	if got.family != was.family || got.variant != was.variant {
		fail("read as %s %s", got.family, got.variant)
		return
	}
	if got.style != was.style {
		fail("its squares written in %s, were in %s", got.style, was.style)
	}
	if got.plies != was.plies || got.finalFEN != was.finalFEN || got.derived != was.derived {
		fail("replayed %d plies to %q (%s), was %d to %q (%s)", got.plies, got.finalFEN, got.derived, was.plies, was.finalFEN, was.derived)
	}
	if !slices.Equal(got.frames, was.frames) {
		fail("the positions of the film differ")
	}
	if was.terminator != "" && got.terminator != was.terminator {
		fail("result %q, was %q", got.terminator, was.terminator)
	}
	if !slices.Equal(got.tags, was.tags) {
		fail("tags\n%q\nwere\n%q", got.tags, was.tags)
	}
	if !slices.Equal(got.annotations, was.annotations) {
		fail("annotations and variations\n%q\nwere\n%q", got.annotations, was.annotations)
	}
	if !slices.Equal(got.comments, was.comments) {
		fail("comments\n%q\nwere\n%q", got.comments, was.comments)
	}
	// Every number the record writes is kept; the PDN writers of
	// two-player games may write the running count where it wrote none,
	// the race and Halma writers none.
	if exact := was.family == "race" || was.family == "halma"; exact && !slices.Equal(got.numbers, was.numbers) || !isSubsequence(was.numbers, got.numbers) {
		fail("move numbers\n%v\nwere\n%v", got.numbers, was.numbers)
	}
	// A conversion reports nothing the record did not earn: no false alarm.
	if extra := subset(got.errors, was.errors); len(extra) > 0 {
		fail("new errors %v (was %v)", extra, was.errors)
	}
	if extra := subset(got.others, append(was.others, was.errors...)); len(extra) > 0 {
		fail("new findings %v", extra)
	}
}

// Every record of testdata and of the corpus, of every family, converted
// to PDN, to JSON, and to PDN from that JSON, replays the same: the same
// plies and positions (the film), the same final position and result, and
// keeps its tags, every comment and its move numbers; and earns no finding
// it did not earn before (issue 23).
func TestConvertRoundTripEveryRecord(t *testing.T) {
	type source struct{ name, file, text string }
	var sources []source
	for _, f := range recordFiles(t) {
		sources = append(sources, source{name: strings.TrimPrefix(strings.TrimPrefix(f, td), corpusDir+"/"), file: f})
	}
	sim := simulatedRecords(t)
	for _, name := range slices.Sorted(maps.Keys(sim)) {
		sources = append(sources, source{name: name, text: sim[name]})
	}
	games, families, ran := 0, map[string]int{}, 0
	for _, src := range sources {
		t.Run(src.name, func(t *testing.T) {
			ran++
			in := src.file
			if in == "" {
				in = "-"
			} else {
				b, err := os.ReadFile(src.file)
				if err != nil {
					t.Fatal(err)
				}
				src.text = string(b)
			}
			was := replayText(t, src.name, src.text)
			asPDN, _, _ := arbiter(t, src.text, "convert", in)
			asJSON, _, _ := arbiter(t, src.text, "convert", "--to", "json", in)
			viaJSON, _, _ := arbiter(t, asJSON, "convert", "-")
			for _, out := range []struct{ how, text string }{{"to PDN", asPDN}, {"to JSON", asJSON}, {"to PDN through JSON", viaJSON}} {
				got := replayText(t, "<"+out.how+">", out.text)
				if len(got) != len(was) {
					t.Errorf("%s: %d games, was %d", out.how, len(got), len(was))
					continue
				}
				for i := range was {
					compareReplayed(t, out.how, i, was[i], got[i])
				}
			}
			// check reads the JSON as the records it holds: the same
			// verdicts and findings as the records it came from.
			if a, b := checkVerdicts(t, src.name, src.text), checkVerdicts(t, "x.jsonl", asJSON); !slices.Equal(a, b) {
				t.Errorf("check of the JSON differs:\n%q\nwas\n%q", b, a)
			}
			games += len(was)
			for _, g := range was {
				families[g.family]++
			}
		})
	}
	t.Logf("%d sources (%d simulated), %d games: %v", len(sources), len(sim), games, families)
	for _, f := range []string{"draughts", "morris", "race", "halma"} {
		if families[f] == 0 && ran == len(sources) {
			t.Errorf("no %s record was converted", f)
		}
	}
}
