package report

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
)

// twoGames is a file of two games, the second without a result.
const twoGames = "[Event \"a\"]\n[Result \"2-0\"]\n1. 32-28 19-23 2-0\n\n[Event \"b\"]\n1. 33-29 *\n"

func fuzzSeeds(f *testing.F) {
	for _, name := range []string{"draughts/avignon-2014-game39.pdn", "draughts/world-title-match-women-2024-game2.pdn", "morris/sanmill_2026-07-20_human_vs_ai.pgn"} {
		if b, err := os.ReadFile(td + name); err == nil {
			f.Add(string(b))
		}
	}
	for _, s := range []string{
		twoGames,
		"[Result \"2-0\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 foo 4. 29-24 9- 14\n",
		"1. 32-28 19-23 2-0 {after} ; line\n[Event \"b\"]\n1. 33-29 *",
		"{lead} 1. 32-28 (1. 33-29 (2. 11-15) *",
		"[GameType \"25\"]\n1. c3-d4 f6-g5 2. d4:f6 *",
		"[GameType \"25\"] [Result \"1:0\"]\n1. c3-d4 f6-g5 2. d4:f6 1:0\n1. 22-18 1/2:1/2[Event \"x\"] 1. 32-28 {a} 0:1",
		"[Game \"morris\"]\n1. d6 d5 2. d3xd5 *",
		// Issue 24: one variation too deep, kept as a comment.
		"1. 32-28 " + strings.Repeat("(19-23 ", notation.MaxDepth+1) + "{a ) b}" + strings.Repeat(")", notation.MaxDepth+1) + " 19-23 *",
	} {
		f.Add(s)
	}
}

// FuzzWriters: every report writer handles any record: no panic, and the
// text writer's quotes stay within a window of the line.
func FuzzWriters(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 1<<14 {
			return
		}
		recs, _ := pdn.ReadAll(strings.NewReader(in), "f", pdn.Options{})
		for _, f := range Formats() {
			var b bytes.Buffer
			w := f.New(&b, Options{})
			for _, rec := range recs {
				rep := referee.Check(rec, referee.Options{})
				if err := w.Write(rep); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Finish(&Summary{}); err != nil {
				t.Fatal(err)
			}
			switch f.Name {
			case "text":
				for _, line := range strings.Split(b.String(), "\n") {
					if strings.HasPrefix(line, "    ") && len([]rune(line)) > 4+quoteWidth+6+8*quoteWidth {
						t.Fatalf("quoted line of %d characters", len([]rune(line)))
					}
				}
			case "json":
				for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
					if line != "" && !json.Valid([]byte(line)) {
						t.Fatalf("invalid JSON line %q", line)
					}
				}
			}
		}
	})
}
