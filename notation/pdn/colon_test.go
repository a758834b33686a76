package pdn

import (
	"bytes"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"arbiter/notation"
)

// Issue 22: results written with a colon (1:0, 0:1, 1/2:1/2, 2:0, 1:1,
// 0:2, 0:0), as many national archives write scores, are results: read in
// PDN's form with a colon-result warning, and never a move (no draughts
// move has a square 0, and 1:1 would capture from a square onto itself).
var colonResultCases = []struct {
	name, in string
	result   string   // the game's result, normalised
	moves    []string // the main line
}{
	{"1:0", "1. 32-28 19-23 1:0", "1-0", []string{"32-28", "19-23"}},
	{"0:1", "1. 32-28 19-23 0:1", "0-1", []string{"32-28", "19-23"}},
	{"1/2:1/2", "1. 32-28 19-23 1/2:1/2", "1/2-1/2", []string{"32-28", "19-23"}},
	{"half signs", "1. 32-28 19-23 ½:½", "1/2-1/2", []string{"32-28", "19-23"}},
	{"2:0", "1. 32-28 19-23 2:0", "2-0", []string{"32-28", "19-23"}},
	{"1:1", "1. 32-28 19-23 1:1", "1-1", []string{"32-28", "19-23"}},
	{"0:2", "1. 32-28 19-23 0:2", "0-2", []string{"32-28", "19-23"}},
	{"0:0", "1. 32-28 19-23 0:0", "0-0", []string{"32-28", "19-23"}},
	// A run of moves ends at the result; so does a lone token.
	{"after a comment", "1. 32-28 19-23 {Black resigns} 0:1", "0-1", []string{"32-28", "19-23"}},
	{"after a move number", "1. 32-28 19-23 2. 1:0", "1-0", []string{"32-28", "19-23"}},
	{"after a strength", "1. 32-28 19-23! 1:1", "1-1", []string{"32-28", "19-23"}},
	{"on its own line", "1. 32-28 19-23\n2:0\n", "2-0", []string{"32-28", "19-23"}},
	{"a comment after it", "1. 32-28 19-23 1:0 {time}", "1-0", []string{"32-28", "19-23"}},
	{"without moves", "[Event \"x\"]\n1:0", "1-0", nil},
	{"inside a variation", "1. 32-28 (1. 33-28 0:1) 19-23 1:0", "1-0", []string{"32-28", "19-23"}},
	// The Russian capture mark is a colon too: captures stay moves.
	{"Russian algebraic captures", "1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. c3:e5:g3 1:0", "1-0", []string{"c3-d4", "f6-e5", "d4:f6", "g7:e5", "c3:e5:g3"}},
	{"numeric captures", "1. 22-18 15:22 2. 25:18 10:1 3. 1:10 12:21 2:0", "2-0", []string{"22-18", "15:22", "25:18", "10:1", "1:10", "12:21"}},
	{"a capture glued to its number", "1.15:24 0:2", "0-2", []string{"15:24"}},
}

func TestColonResults(t *testing.T) {
	for _, tc := range colonResultCases {
		t.Run(tc.name, func(t *testing.T) {
			r := readOne(t, tc.in)
			if r.Result != tc.result || !r.ResultPos.IsValid() {
				t.Errorf("result %q at %v, want %q", r.Result, r.ResultPos, tc.result)
			}
			if got := moveTexts(r.Moves); !reflect.DeepEqual(got, tc.moves) {
				t.Errorf("moves %v, want %v", got, tc.moves)
			}
			if e := codes(r, notation.Error); len(e) > 0 {
				t.Errorf("errors: %v", r.Diagnostics)
			}
			n := 0
			for _, d := range r.Diagnostics {
				if d.Code == CodeColonResult {
					n++
					if !strings.Contains(d.Msg, "(PDN: ") || d.Severity != notation.Warning {
						t.Errorf("%+v", d)
					}
				}
			}
			if want := strings.Count(tc.in, ":") - strings.Count(strings.Join(tc.moves, " "), ":"); n != want {
				t.Errorf("%d colon-result warnings, want %d: %v", n, want, r.Diagnostics)
			}
		})
	}
}

// Where a move is meant, or no result is written, the colon is not read
// as a result.
func TestColonNotResults(t *testing.T) {
	tests := []struct {
		name, in string
		moves    []string
	}{
		// A colon result is never spaced: "1: 1" is read as a padded
		// capture, as "1- 6" is.
		{"spaced", "1. 32-28 1: 1 *", []string{"32-28", "1: 1"}},
		{"a three-digit capture", "1. 1:10 10:1 *", []string{"1:10", "10:1"}},
		{"no halves", "1. 12:1 21:12 *", []string{"12:1", "21:12"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := readOne(t, tc.in)
			if got := moveTexts(r.Moves); !reflect.DeepEqual(got, tc.moves) || r.Result != "*" {
				t.Errorf("moves %v result %q, want %v *", got, r.Result, tc.moves)
			}
			if hasCode(r, notation.Warning, CodeColonResult) {
				t.Errorf("colon-result: %v", r.Diagnostics)
			}
		})
	}
}

// A colon result ends its game where a tag, the next game's first move
// number or the end of the input follows it; elsewhere the game goes on
// to its next tag (a race game's throw written without its space, "Anna
// 1:0", is no result: the splitter is every notation's).
func TestColonResultSplits(t *testing.T) {
	tests := []struct {
		name, in string
		results  []string // per game
		glued    []bool   // per game: a glued-result warning
	}{
		{"then tags", "[Event \"a\"]\n1. 32-28 1:0\n\n[Event \"b\"]\n1. 33-28 0:1\n", []string{"1-0", "0-1"}, []bool{false, false}},
		{"glued to a tag", "[Event \"a\"]\n1. 32-28 1:0[Event \"b\"]\n1. 33-28 0:2", []string{"1-0", "0-2"}, []bool{true, false}},
		{"a tag on its line", "1. 32-28 1/2:1/2 [Event \"b\"]\n1. 33-28 2:0", []string{"1/2-1/2", "2-0"}, []bool{false, false}},
		{"games without tags", "1. 32-28 1:1\n1. 33-28 0:0\n\n1... 19-23 1:0 1. 31-27 *", []string{"1-1", "0-0", "1-0", "*"}, []bool{false, false, false, false}},
		{"glued to a first move number", "1. 32-28 1:01.33-28 2:001.31-27 0:11.34-29 *", []string{"1-0", "2-0", "0-1", "*"}, []bool{true, true, true, false}},
		{"comments between", "1. 32-28 1:0 {resigned}\n{round 2} 1. 33-28 0:1", []string{"1-0", "0-1"}, []bool{false, false}},
		// Text that is no next game stays with the game: the reader says
		// what is wrong (movetext after the result).
		{"moves after it", "1. 32-28 1:0 2. 33-28 *", []string{"1-0"}, []bool{false}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs := readAll(t, tc.in)
			var results []string
			for _, r := range recs {
				results = append(results, r.Result)
			}
			if !reflect.DeepEqual(results, tc.results) {
				t.Fatalf("results %q, want %q", results, tc.results)
			}
			for i, r := range recs {
				if got := hasCode(r, notation.Warning, CodeGluedResult); got != tc.glued[i] {
					t.Errorf("game %d: glued-result %v: %v", i+1, got, r.Diagnostics)
				}
			}
		})
	}
	// A race game's throws: "1:0" (throw 1, the pawn on 0) written without
	// the space the race notation asks for is no game's end, at the end
	// of a line neither.
	race := "[Game \"goose\"]\n[Red \"Anna\"]\n[Blue \"Bram\"]\n1. Anna 1:0  Bram 2:0\n2. Anna 6: 1/7  Bram 1:1\n3. Anna 2:0/2 *\n"
	sp := NewSplitter(strings.NewReader(race), Options{})
	if g, err := sp.Next(); err != nil || g.Text != strings.TrimSuffix(race, "\n") {
		t.Errorf("race game cut: %q, %v", g.Text, err)
	}
}

// The writer writes a colon result, terminator or Result tag, in PDN's
// form: the terminator it writes reads back as the same result.
func TestWriteColonResults(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"1. 32-28 1:0", "1. 32-28 1-0\n"},
		{"1. c3-d4 f6-e5 2. d4:f6 g7:e5 1/2:1/2", "1. c3-d4 f6-e5 2. d4:f6 g7:e5 1/2-1/2\n"},
		{"[Result \"0:2\"]\n1. 32-28", "[Result \"0:2\"]\n\n1. 32-28 0-2\n"},
	} {
		var b bytes.Buffer
		if err := Write(&b, readOne(t, tc.in)); err != nil || b.String() != tc.want {
			t.Errorf("%q written as %q, want %q (%v)", tc.in, b.String(), tc.want, err)
		}
	}
}

// Every game of the corpus, its results rewritten with a colon, reads as
// the game with its results written with a dash: the same games, moves,
// results and findings, and one colon-result warning per result.
func TestCorpusColonResults(t *testing.T) {
	result := regexp.MustCompile(`(^|[ \t}\n])(1-0|0-1|1/2-1/2|2-0|0-2|1-1|0-0)([ \t\r\n{]|$)`)
	rewrites := 0
	for _, sub := range []string{"pdn-conformance/succeed", "international-tournaments", "russian-belarus"} {
		for _, f := range corpusFiles(t, sub) {
			dash := string(f.data)
			colon := result.ReplaceAllStringFunc(dash, func(m string) string {
				rewrites++
				return strings.Replace(m, "-", ":", 1)
			})
			a, err := ReadAll(strings.NewReader(dash), f.name, Options{})
			if err != nil {
				t.Fatal(err)
			}
			b, err := ReadAll(strings.NewReader(colon), f.name, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(a) != len(b) {
				t.Errorf("%s: %d games with dash results, %d with colons", f.name, len(a), len(b))
				continue
			}
			for i := range a {
				if ca, cb := canon(a[i]), canon(b[i]); ca != cb {
					t.Errorf("%s game %d reads differently:\n%s\n%s", f.name, i+1, ca, cb)
					continue
				}
				da, db := diagCodes(a[i], ""), diagCodes(b[i], CodeColonResult)
				if !reflect.DeepEqual(da, db) {
					t.Errorf("%s game %d: findings %v with dash results, %v with colons", f.name, i+1, da, db)
				}
			}
		}
	}
	if rewrites < 1000 {
		t.Errorf("only %d results rewritten", rewrites)
	}
}

// diagCodes lists r's findings as severity, code and position, without
// those of the code skip.
func diagCodes(r *notation.Record, skip string) []string {
	var out []string
	for _, d := range r.Diagnostics {
		if d.Code != skip {
			out = append(out, d.Severity.String()+" "+d.Code+" "+d.Pos.String())
		}
	}
	return out
}
