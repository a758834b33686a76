package baseline

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/referee"
)

// report builds a report of a game with the identity game/tags and
// findings "code@number:move" (errors; "~" before the code: a warning, "."
// a note).
func report(game, tags string, findings ...string) *referee.Report {
	rep := &referee.Report{Identity: referee.Identity{Game: game, Tags: tags}, Tags: []notation.Tag{{Name: "White", Value: "W"}}}
	for _, f := range findings {
		sev := notation.Error
		switch f[0] {
		case '~':
			sev, f = notation.Warning, f[1:]
		case '.':
			sev, f = notation.Note, f[1:]
		}
		code, rest, _ := strings.Cut(f, "@")
		num, move, _ := strings.Cut(rest, ":")
		n := 0
		for _, c := range num {
			n = n*10 + int(c-'0')
		}
		rep.Diagnostics = append(rep.Diagnostics, referee.Diagnostic{Diagnostic: notation.Diagnostic{Severity: sev, Code: code, Msg: "m"}, MoveNumber: n, Move: move})
	}
	return rep
}

func suppressed(rep *referee.Report) string {
	var out []string
	for _, d := range rep.Diagnostics {
		if d.Suppressed != nil {
			out = append(out, d.Code)
		}
	}
	return strings.Join(out, ",")
}

// Recorded, written, read back, matched: by game, code and move; notes
// are left out; identical findings count; a game's tags identity is kept
// only where no other game had the same tags; a finding suppressed already
// is no candidate.
func TestRecordWriteReadMatch(t *testing.T) {
	r := NewRecorder()
	r.Add("a.pdn", report("g1", "t1", "illegal@12:17-11", "~leading-zero@0:", "~leading-zero@0:", ".variant-inferred@0:"))
	r.Add("a.pdn", report("g2", "t2", "result@0:"))
	r.Add("b.pdn", report("g3", "t2")) // the same tags as g2
	done := report("g4", "t4", "illegal@3:1-5")
	done.Diagnostics[0].Suppressed = &referee.Suppression{Kind: referee.SuppressedInSource}
	r.Add("b.pdn", done)
	f := File{Findings: r.Entries()}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "{\n  \"version\": 1,\n  \"tool\": \"arbiter\",") || strings.Count(b.String(), "\n    {") != 3 {
		t.Errorf("written:\n%s", b.String())
	}
	g, err := Read(&b)
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{
		{File: "a.pdn", Game: "g1", Tags: "t1", Code: "illegal", MoveNumber: 12, Move: "17-11", Count: 1, Message: "m", Players: "W - ?"},
		{File: "a.pdn", Game: "g1", Tags: "t1", Code: "leading-zero", Count: 2, Message: "m", Players: "W - ?"},
		{File: "a.pdn", Game: "g2", Code: "result", Count: 1, Message: "m", Players: "W - ?"}, // t2 is g3's too
	}
	if len(g.Findings) != len(want) {
		t.Fatalf("%d entries: %+v", len(g.Findings), g.Findings)
	}
	for i := range want {
		if g.Findings[i] != want[i] {
			t.Errorf("entry %d: %+v, want %+v", i, g.Findings[i], want[i])
		}
	}

	m := NewMatcher(g)
	rep := report("g1", "t1", "illegal@12:17-11", "illegal@13:1-6", "~leading-zero@0:", ".variant-inferred@0:")
	if n := m.Match(rep); n != 2 || suppressed(rep) != "illegal,leading-zero" || rep.Diagnostics[1].Suppressed != nil {
		t.Errorf("matched %d: %s", n, suppressed(rep))
	}
	if rep.Diagnostics[0].Suppressed.Kind != referee.SuppressedExternal {
		t.Errorf("kind %s", rep.Diagnostics[0].Suppressed.Kind)
	}
	// g2 edited: its tags are not its own (g3 has them): no match.
	rep = report("g2-edited", "t2", "result@0:")
	if m.Match(rep) != 0 {
		t.Errorf("an edited game whose tags were shared matched")
	}
	read := func(file string) bool { return file == "a.pdn" }
	stale := m.Stale(read)
	if len(stale) != 2 || stale[0].Code != "leading-zero" || stale[0].Count != 1 || stale[1].Code != "result" {
		t.Errorf("stale: %+v", stale)
	}
	if st := m.Stale(func(string) bool { return false }); len(st) != 0 {
		t.Errorf("stale entries of files not read: %+v", st)
	}
	pruned := m.Pruned(read)
	if len(pruned) != 2 || pruned[1].Code != "leading-zero" || pruned[1].Count != 1 {
		t.Errorf("pruned: %+v", pruned)
	}
	if p := m.Pruned(func(string) bool { return false }); len(p) != 3 {
		t.Errorf("pruned, nothing read: %+v", p)
	}
}

// An edited game (new identity) takes the findings of the baseline's game
// of the same tags, once; not when the baseline's game itself was met, nor
// for a game without tags.
func TestMatchByTags(t *testing.T) {
	f := &File{Findings: []Entry{{File: "a", Game: "g1", Tags: "t1", Code: "result", Count: 1}}}
	m := NewMatcher(f)
	if n := m.Match(report("g1-edited", "t1", "result@0:")); n != 1 {
		t.Errorf("an edited game: %d matched", n)
	}
	if n := m.Match(report("g1-edited-too", "t1", "result@0:")); n != 0 {
		t.Errorf("a second edited copy: %d matched", n)
	}
	m = NewMatcher(f)
	m.Match(report("g1", "t1"))
	if n := m.Match(report("g1-copy", "t1", "result@0:")); n != 0 {
		t.Errorf("a copy beside the original: %d matched", n)
	}
	m = NewMatcher(f)
	rep := report("g1-edited", "t1", "result@0:")
	rep.Tags = nil
	if n := m.Match(rep); n != 0 {
		t.Errorf("a game without tags: %d matched", n)
	}
}

// Read is strict, and says when a file is no baseline at all.
func TestRead(t *testing.T) {
	for _, tc := range []struct {
		text    string
		want    string
		notBase bool
	}{
		{"my notes", "", true},
		{`{"tool": "other", "version": 1}`, "", true},
		{`{"tool": "arbiter", "version": 9, "findings": []}`, "baseline version 9", false},
		{`{"tool": "arbiter", "version": 1, "findings": [], "extra": 1}`, "unknown field", true},
		{`{"tool": "arbiter", "version": 1, "findings": [{"file": "a", "game": "g", "code": "x", "count": 0}]}`, "finding 1: game, code and a count of 1 or more are needed", false},
		{`{"tool": "arbiter", "version": 1, "about": "", "findings": [{"file": "a", "game": "g", "code": "x", "count": 2}]}`, "", false},
	} {
		_, err := Read(strings.NewReader(tc.text))
		switch {
		case tc.notBase != errors.Is(err, ErrNotBaseline):
			t.Errorf("%s: %v", tc.text, err)
		case tc.want == "" && !tc.notBase && err != nil:
			t.Errorf("%s: %v", tc.text, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want %q", tc.text, err, tc.want)
		}
	}
}

// FuzzRead: any bytes are read or refused, never a panic; what is read is
// written and read back the same.
func FuzzRead(f *testing.F) {
	f.Add(`{"tool": "arbiter", "version": 1, "about": "", "findings": [{"file": "a", "game": "g", "tags": "t", "code": "x", "move_number": 3, "move": "1-5", "count": 2}]}`)
	f.Add(`{"tool": "arbiter", "version": 1}`)
	f.Add(`not json`)
	f.Fuzz(func(t *testing.T, text string) {
		a, err := Read(strings.NewReader(text))
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := a.Write(&b); err != nil {
			t.Fatal(err)
		}
		c, err := Read(&b)
		if err != nil {
			t.Fatalf("written, not read back: %v\n%s", err, b.String())
		}
		if len(c.Findings) != len(a.Findings) {
			t.Fatalf("%d findings read back, %d written", len(c.Findings), len(a.Findings))
		}
	})
}
