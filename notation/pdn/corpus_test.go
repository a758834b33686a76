package pdn

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"arbiter/notation"
)

type corpusFile struct {
	name string
	data []byte
}

func corpusFiles(t testing.TB, sub string) []corpusFile {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(corpusDir, sub, "*.pdn"))
	if len(files) == 0 {
		t.Skip("corpus not present: " + filepath.Join(corpusDir, sub))
	}
	var out []corpusFile
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, corpusFile{filepath.Base(f), b})
	}
	return out
}

var eventTag = regexp.MustCompile(`(?m)(\[|^)[ \t]*Event[ \t]+"`)

// gamesExpected holds the game counts of files where the count of Event
// tags does not give it.
var gamesExpected = map[string]int{
	// No Event tags: counted by hand from their first tag of each game.
	"Campionato Assoluto 2005.pdn": 53, // [Dati
	"PROF2.pdn":                    16, // [White
	"candidate95.pdn":              8,  // [White
	"fen.pdn":                      3,  // [FEN
	"alphanumeric.pdn":             1,
	"gameterminator.pdn":           1,
	"linecomment.pdn":              1,
	"movestrength.pdn":             1,
	"string.pdn":                   1,
	"unicode.pdn":                  1,
	"variation.pdn":                1,
	// 81 games with [Event, and line 146: "[Empty] 1. 32-28 ..." whose
	// Event tag is missing.
	"48th Polish Team Championship.pdn": 82,
	// 47 [Event, and a game whose tags are localised
	// ([&#x00c9;v&#x00e9;nement "..."] for Événement).
	"4th African BLITZ Championship OUAGA ZIIRI 2024.pdn": 48,
}

// TestCorpusReads: every file of pdn-conformance/succeed and
// international-tournaments is read without errors, with the number of
// games a human counts.
func TestCorpusReads(t *testing.T) {
	for _, sub := range []string{"pdn-conformance/succeed", "international-tournaments"} {
		for _, f := range corpusFiles(t, sub) {
			recs, err := ReadAll(bytes.NewReader(f.data), f.name, Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range recs {
				for _, d := range r.Diagnostics {
					if d.Severity == notation.Error {
						t.Errorf("%s:%s: game %d: %s", f.name, d.Pos, r.Index, d.Msg)
					}
				}
			}
			want, ok := gamesExpected[f.name]
			if !ok {
				want = len(eventTag.FindAll(f.data, -1))
			}
			if len(recs) != want {
				t.Errorf("%s: %d games, want %d", f.name, len(recs), want)
			}
		}
	}
}

// failDecisions documents, per file of pdn-conformance/fail (files that
// the strict PDN 3.0 grammar rejects), what this reader does: each is read
// without errors, with the warnings a human reader would want.
var failDecisions = map[string]struct {
	games    int
	warnings []string // codes that must appear
}{
	// Reads cleanly: the strict checker's objections are outside the
	// reader (game 11 stops after "1. 34-29 19-23" with no terminator).
	"40Camp.DamaInternazionaleAssoluto.pdn": {45, []string{CodeNoTerminator}},
	// "1. ... 7-12" (an ellipsis written as a move) is read as "1... 7-12";
	// "3. 8-3 . 1-0" has a stray dot.
	"Cat.A1.pdn": {35, []string{CodeStrayDot}},
	// "1. 0-2" (a game without moves), and a stray fragment "36x27 1-0"
	// after the last game, which becomes a game of its own.
	"Cat.C1.pdn": {46, []string{CodeDanglingNumber, CodeNoTerminator}},
	// "1. - - 2. - -": moves not known, kept as "-" moves with a warning.
	"abatsiev.pdn": {56, []string{CodeUnknownMove}},
	// Leading zeros (01. 34-29 06-11) and mini-match scores 4-6 and 1-9
	// as terminators, read as results because the Result tag says so.
	"delfts.pdn": {2, []string{CodeLeadingZero, CodeResultAsMove}},
	// Czech games: lexically clean; a few games are "1. 1-1" (no moves).
	"mrdrcd07.pdn": {72, nil},
	"mrdrcd08.pdn": {40, nil},
	// { nested { comment } }: read as one comment, with a warning.
	"nested_comment.pdn": {1, []string{CodeNestedComment, CodeNoTerminator}},
}

func TestCorpusFail(t *testing.T) {
	files := corpusFiles(t, "pdn-conformance/fail")
	for _, f := range files {
		dec, ok := failDecisions[f.name]
		if !ok {
			t.Errorf("%s: no decision documented", f.name)
			continue
		}
		recs, _ := ReadAll(bytes.NewReader(f.data), f.name, Options{})
		if len(recs) != dec.games {
			t.Errorf("%s: %d games, want %d", f.name, len(recs), dec.games)
		}
		seen := map[string]bool{}
		for _, r := range recs {
			for _, d := range r.Diagnostics {
				seen[d.Code] = true
				if d.Severity == notation.Error {
					t.Errorf("%s:%s: %s", f.name, d.Pos, d.Msg)
				}
			}
		}
		for _, c := range dec.warnings {
			if !seen[c] {
				t.Errorf("%s: no %s warning", f.name, c)
			}
		}
	}
}

// TestCorpusOthers: the English and Russian folders read without errors
// (the Windows-1251 file, read without Options.Encoding, falls back to
// Windows-1252 with warnings).
func TestCorpusOthers(t *testing.T) {
	for _, sub := range []string{"english", "russian-belarus"} {
		for _, f := range corpusFiles(t, sub) {
			recs, _ := ReadAll(bytes.NewReader(f.data), f.name, Options{})
			want := len(eventTag.FindAll(f.data, -1))
			if f.name == "sample.pdn" {
				// One game with two Event tags (a name and a
				// description) in one tag section.
				want = 1
			}
			if len(recs) != want {
				t.Errorf("%s: %d games, want %d", f.name, len(recs), want)
			}
			for _, r := range recs {
				if r.HasErrors() {
					t.Errorf("%s game %d: %v", f.name, r.Index, r.Diagnostics)
				}
			}
		}
	}
}

// TestRoundTrip: Parse(Write(Parse(x))) says what Parse(x) says, for the
// whole corpus; and writing is idempotent.
func TestRoundTrip(t *testing.T) {
	subs := []string{"pdn-conformance/succeed", "pdn-conformance/fail", "international-tournaments", "english", "russian-belarus"}
	n := 0
	for _, sub := range subs {
		for _, f := range corpusFiles(t, sub) {
			recs, _ := ReadAll(bytes.NewReader(f.data), f.name, Options{})
			var out bytes.Buffer
			if err := Write(&out, recs...); err != nil {
				t.Fatal(err)
			}
			again, _ := ReadAll(bytes.NewReader(out.Bytes()), f.name, Options{})
			if len(again) != len(recs) {
				t.Errorf("%s: %d games written, %d read back", f.name, len(recs), len(again))
				continue
			}
			for i := range recs {
				if a, b := canon(recs[i]), canon(again[i]); a != b {
					t.Errorf("%s game %d differs after writing:\n%s\n%s", f.name, i+1, a, b)
				}
				if again[i].HasErrors() {
					t.Errorf("%s game %d: written text has errors: %v", f.name, i+1, again[i].Diagnostics)
				}
				n++
			}
			var out2 bytes.Buffer
			Write(&out2, again...)
			if !bytes.Equal(out.Bytes(), out2.Bytes()) {
				t.Errorf("%s: writing is not idempotent", f.name)
			}
			for i, line := range strings.Split(out.String(), "\n") {
				if len([]rune(line)) > LineWidth && !strings.Contains(line, "{") && !strings.HasPrefix(line, "[") {
					t.Errorf("%s: written line %d is %d characters", f.name, i+1, len([]rune(line)))
				}
			}
		}
	}
	t.Logf("%d games round-tripped", n)
}

// TestGrammarsAgree: the Parseable movetext accepts exactly the tokens the
// declarative participle rule (genericGameAST) accepts.
func TestGrammarsAgree(t *testing.T) {
	var texts []GameText
	for _, sub := range []string{"pdn-conformance/succeed", "international-tournaments"} {
		for _, f := range corpusFiles(t, sub) {
			sp := NewSplitter(bytes.NewReader(f.data), Options{})
			for {
				g, err := sp.Next()
				if err != nil {
					break
				}
				texts = append(texts, g)
			}
		}
	}
	for _, c := range constructs {
		texts = append(texts, GameText{Text: c.in, Pos: notation.Pos{Line: 1, Col: 1}})
	}
	for _, c := range leniencies {
		texts = append(texts, GameText{Text: c.in, Pos: notation.Pos{Line: 1, Col: 1}})
	}
	for _, in := range []string{"", "  \n", "[Event \"x\"]", "2-0", "2-0 2-0", "[A \"b\"] 1. 32-28 [C \"d\"] 2-0 {x} 1-1"} {
		texts = append(texts, GameText{Text: in, Pos: notation.Pos{Line: 1, Col: 1}})
	}
	for _, g := range texts {
		pl1, _ := lexer.Upgrade(newScanner(g, "x", &diags{}))
		pl2, _ := lexer.Upgrade(newScanner(g, "x", &diags{}))
		for {
			before := pl1.Cursor()
			a, err1 := gameParser.ParseFromLexer(pl1, participle.AllowTrailing(true))
			b, err2 := genericParser().ParseFromLexer(pl2, participle.AllowTrailing(true))
			if err1 != nil || err2 != nil {
				t.Fatalf("%q: %v %v", g.Text, err1, err2)
			}
			if !sameTokens(a.Tags, b.Tags) || !sameTokens(a.Movetext.Elements, b.Body) ||
				(a.Result == nil) != (b.Result == nil) || pl1.Cursor() != pl2.Cursor() {
				t.Fatalf("%q: the grammars differ", g.Text)
			}
			if pl1.Peek().EOF() || pl1.Cursor() == before {
				break
			}
		}
	}
}

func sameTokens(a, b []lexer.Token) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
