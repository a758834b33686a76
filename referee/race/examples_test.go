package race

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"arbiter/referee"
)

// TestRaceExamples: the example games in testdata/race and in
// notation/race/README.md replay valid, and their Result tags are the
// result the moves give.
func TestRaceExamples(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/race/*.txt")
	texts := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts[f] = string(b)
	}
	readme, err := os.ReadFile("../../notation/race/README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```text\n(\\[Game .*?)```").FindAllStringSubmatch(string(readme), -1)
	for i, b := range blocks {
		texts["README.md example "+string(rune('1'+i))] = b[1]
	}
	if len(files) < 5 || len(blocks) < 5 {
		t.Fatalf("%d example files, %d README examples", len(files), len(blocks))
	}
	for name, text := range texts {
		recs := raceParse(t, text)
		if len(recs) != 1 {
			t.Fatalf("%s: %d games", name, len(recs))
		}
		rep := referee.Check(recs[0], referee.Options{})
		if rep.Errors()+rep.Warnings() > 0 || rep.Result.Derived == "" || rep.Result.Derived != rep.Result.Tag {
			t.Errorf("%s: %s; result %+v", name, firstError(rep), rep.Result)
		}
	}
}
