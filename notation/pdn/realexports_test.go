package pdn

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"arbiter/notation"
)

// Forms of writing found in real archives (issue 10) that a person reads
// without hesitation; each case breaks when the reader stops accepting
// the form or starts accepting something else with it.

// paddedPathCases: a space after a capture mark pads a one-digit square
// anywhere in a capture path, not only at its end.
var paddedPathCases = []struct {
	in      string
	squares string
	padded  bool
	err     bool
}{
	{in: "29x18x 7x16", squares: "29 18 7 16", padded: true},
	{in: "13x 2x16", squares: "13 2 16", padded: true},
	{in: "35x 4x15", squares: "35 4 15", padded: true},
	{in: "28: 7: 9", squares: "28 7 9", padded: true},
	{in: "29x18x7x16", squares: "29 18 7 16"},
	// A two-digit square or a leading zero is no padding, in a path as at
	// its end.
	{in: "29x 18x7", err: true},
	{in: "13x 02x16", err: true},
	// A quiet move is never a path: "1- 6-11" is not one move.
	{in: "1- 6-11", err: true},
	// Separators must agree for the path to go on after a padded square.
	{in: "13x 2-16", err: true},
}

func TestPaddedCapturePath(t *testing.T) {
	for _, c := range paddedPathCases {
		mt, got, ok := parseMoveCase(t, c.in, c.err)
		if !ok {
			continue
		}
		if strings.Join(got, " ") != c.squares || mt.Padded != c.padded || !mt.Capture {
			t.Errorf("%q: %v padded %v capture %v", c.in, got, mt.Padded, mt.Capture)
		}
	}
}

func TestPaddedCapturePathInGames(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"path padded in the middle", "1. 29x18x 7x16 {%eval +2.45} 3-8 *", "29x18x 7x16|3-8"},
		{"path padded after its first square", "1. 13x 2x16 40-44 2. 16-27 *", "13x 2x16|40-44|16-27"},
		{"padded last square, then a move", "31. 35x 4 18-23 *", "35x 4|18-23"},
		{"padded square, then the result", "40. 16x 2 0-2", "16x 2"},
		{"padded square, then a move number", "40. 16x 2 41. 2x19 *", "16x 2|2x19"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := readOne(t, tc.in)
			if got := strings.Join(moveTexts(r.Moves), "|"); got != tc.want {
				t.Errorf("moves %s, want %s", got, tc.want)
			}
			if len(codes(r, notation.Error)) > 0 {
				t.Errorf("errors: %v", r.Diagnostics)
			}
			if !hasCode(r, notation.Warning, CodePaddedSquare) {
				t.Errorf("no %s warning: %v", CodePaddedSquare, r.Diagnostics)
			}
		})
	}
}

func TestBrokenTagValue(t *testing.T) {
	tests := []struct {
		name, in   string
		tag, value string
		moves      int
	}{
		{"FEN cut after a colon",
			"[Event \"NK 1998\"]\n[FEN \"W:W28,31,32,33:\nB1,2,3,19\"]\n[SetUp \"1\"]\n\n1. 28-22 *\n",
			"FEN", "W:W28,31,32,33:B1,2,3,19", 1},
		{"FEN cut inside a number, CRLF",
			"[FEN \"W:W28,3\r\n1,32:B1,2\"]\r\n1. 28-22 *\r\n",
			"FEN", "W:W28,31,32:B1,2", 1},
		{"text wrapped at a space",
			"[Event \"Kampioenschap van Nederland 1998,\nfinalegroep\"]\n[Round \"8\"]\n1. 32-28 *",
			"Event", "Kampioenschap van Nederland 1998, finalegroep", 1},
		{"continuation indented, blanks before the bracket",
			"[White \"van den\n   Borst\" ]\n1. 32-28 *",
			"White", "van den Borst", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := readOne(t, tc.in)
			if v, ok := r.Tag(tc.tag); !ok || v != tc.value {
				t.Errorf("%s = %q, want %q", tc.tag, v, tc.value)
			}
			if len(r.Moves) != tc.moves {
				t.Errorf("%d moves, want %d", len(r.Moves), tc.moves)
			}
			if e := codes(r, notation.Error); len(e) > 0 {
				t.Errorf("errors: %v", r.Diagnostics)
			}
			if !hasCode(r, notation.Warning, CodeBrokenTag) {
				t.Errorf("no %s warning: %v", CodeBrokenTag, r.Diagnostics)
			}
		})
	}
}

// A value left open is joined with the next line only when that line
// closes it; otherwise the tag ends with its line as before.
func TestUnclosedTagValueIsNotJoined(t *testing.T) {
	tests := []struct{ name, in, tag, value string }{
		{"next line is a tag", "[Event \"x\n[Site \"y\"]\n1. 32-28 *", "Event", "x"},
		{"next line is movetext", "[Event \"x\n1. 32-28 *", "Event", "x"},
		{"next line has two quotes", "[Event \"x\nSite \"y\"]\n1. 32-28 *", "Event", "x"},
		{"next line goes on after the bracket", "[Event \"x\ny\"] 1. 32-28 *", "Event", "x"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs := readAll(t, tc.in)
			r := recs[0]
			if v, _ := r.Tag(tc.tag); v != tc.value {
				t.Errorf("%s = %q, want %q", tc.tag, v, tc.value)
			}
			if hasCode(r, notation.Warning, CodeBrokenTag) {
				t.Errorf("joined: %v", r.Diagnostics)
			}
		})
	}
}

func TestResultGluedToNextGame(t *testing.T) {
	in := "[Event \"Engine blitz\"]\n[Result \"1-1\"]\n\n" +
		"01.32-28 {%eval 0.05} 19-23 1-101.32-28 18-23 0-001.33-29 17-21 0-201.31-27 20-24 *\n"
	recs := readAll(t, in)
	line := in[strings.LastIndexByte(in[:len(in)-1], '\n')+1:]
	want := []struct {
		result, first string
		tags          int
		col           int
	}{
		{"1-1", "32-28", 2, 1},
		{"0-0", "32-28", 0, strings.Index(line, "01.32-28 18") + 1},
		{"0-2", "33-29", 0, strings.Index(line, "01.33") + 1},
		{"*", "31-27", 0, strings.Index(line, "01.31") + 1},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d games, want %d", len(recs), len(want))
	}
	for i, w := range want {
		r := recs[i]
		if r.Result != w.result || len(r.Moves) != 2 || r.Moves[0].Text != w.first || r.Moves[0].Number != 1 || len(r.Tags) != w.tags {
			t.Errorf("game %d: result %q moves %v tags %d", i+1, r.Result, moveTexts(r.Moves), len(r.Tags))
		}
		if i > 0 && r.Pos.Col != w.col {
			t.Errorf("game %d starts at column %d, want %d", i+1, r.Pos.Col, w.col)
		}
		if e := codes(r, notation.Error); len(e) > 0 {
			t.Errorf("game %d: errors %v", i+1, r.Diagnostics)
		}
		if glued := hasCode(r, notation.Warning, CodeGluedResult); glued != (i < 3) {
			t.Errorf("game %d: glued-result warning %v: %v", i+1, glued, r.Diagnostics)
		}
	}
}

// Every result form ends its game when the next game's first move number
// is glued to it.
func TestResultFormsGluedToNextGame(t *testing.T) {
	for _, tc := range []struct{ in, result string }{
		{"1. 32-28 2-01.33-28 *", "2-0"},
		{"1. 32-28 2-001.33-28 *", "2-0"},
		{"1. 32-28 1-01.33-28 *", "1-0"},
		{"1. 32-28 0-11.33-28 *", "0-1"},
		{"1. 32-28 1/2-1/201.33-28 *", "1/2-1/2"},
		{"1. 32-28 1-101. 33-28 *", "1-1"},
		{"1. 32-28 *01.33-28 *", "*"},
	} {
		recs := readAll(t, tc.in)
		if len(recs) != 2 || recs[0].Result != tc.result || len(recs[1].Moves) != 1 || recs[1].Moves[0].Text != "33-28" {
			t.Errorf("%q: %d games, first result %q", tc.in, len(recs), recs[0].Result)
			continue
		}
		if !hasCode(recs[0], notation.Warning, CodeGluedResult) {
			t.Errorf("%q: no %s warning", tc.in, CodeGluedResult)
		}
	}
}

func TestResultNotGluedToNextGame(t *testing.T) {
	tests := []struct {
		name, in string
		games    int
	}{
		// Only the number 1 starts a game: anything else after a result
		// is no game's start.
		{"number 2 after the result", "1. 32-28 1-12. 19-23 *", 1},
		{"a result then a spaced number", "1. 32-28 1-1 01. 33-28 *", 2},
		// Inside a variation the game goes on; the lexer reads the result
		// and the number apart.
		{"inside a variation", "1. 32-28 (1-101.33-28) 19-23 *", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if recs := readAll(t, tc.in); len(recs) != tc.games {
				t.Errorf("%d games, want %d", len(recs), tc.games)
			}
		})
	}
}

func TestResultGluedInsideVariation(t *testing.T) {
	r := readOne(t, "1. 32-28 (1-101.33-28) 19-23 *")
	if got := moveTexts(r.Moves); !reflect.DeepEqual(got, []string{"32-28", "19-23"}) {
		t.Errorf("moves %v", got)
	}
	if !hasCode(r, notation.Warning, CodeGluedResult) {
		t.Errorf("no %s warning: %v", CodeGluedResult, r.Diagnostics)
	}
}

// The records written for issue 10 in testdata/pdn read with warnings
// only, game by game as a person reads them.
func TestRealExportRecords(t *testing.T) {
	tests := []struct {
		file  string
		games int
		warn  string
	}{
		{"engine-log-padded-paths.pdn", 2, CodePaddedSquare},
		{"book-broken-tags.pdn", 2, CodeBrokenTag},
		{"engine-log-glued-results.pdn", 4, CodeGluedResult},
		{"online-export-clock.pdn", 3, ""},
		{"engine-log-policies.pdn", 4, ""},
		{"book-garbled-path.pdn", 2, ""},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			b, err := os.ReadFile("../../testdata/pdn/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			recs := readAll(t, string(b))
			if len(recs) != tc.games {
				t.Fatalf("%d games, want %d", len(recs), tc.games)
			}
			warned := false
			for i, r := range recs {
				if r.HasErrors() {
					t.Errorf("game %d: %v", i+1, r.Diagnostics)
				}
				if len(r.Moves) == 0 || r.Result == "" {
					t.Errorf("game %d: %d moves, result %q", i+1, len(r.Moves), r.Result)
				}
				warned = warned || hasCode(r, notation.Warning, tc.warn)
			}
			if tc.warn != "" && !warned {
				t.Errorf("no %s warning", tc.warn)
			}
		})
	}
}
