package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"arbiter/referee/codes"
)

// Issue 22: the text report says an exporter's habit once per file, at
// its first place, and after the file's last game how many more there
// were; JSON lists every one, and the summary counts every one.
func TestHabitsOncePerFile(t *testing.T) {
	files := []string{td + "pdn/delfts.pdn", td + "pdn/engine-log-glued-results.pdn", td + "pdn/engine-log-padded-paths.pdn"}
	text, textErr, _ := arbiter(t, "", append([]string{"check", "--no-board"}, files...)...)
	js, jsErr, _ := arbiter(t, "", append([]string{"check", "--format", "json"}, files...)...)
	if textErr != jsErr && summaryWithoutTime(textErr) != summaryWithoutTime(jsErr) {
		t.Errorf("summary %q in text, %q in JSON", textErr, jsErr)
	}
	finding := regexp.MustCompile(`(?m)^(\S+):\d+:\d+: (?:warning|error|note)\[([a-z-]+)\]: game`)
	more := regexp.MustCompile(`(?m)^(\S+):\d+:\d+: note\[([a-z-]+)\]: (\d+) more \w+ like it in this file`)
	shown := map[string]int{}   // file code -> findings written
	counted := map[string]int{} // file code -> findings written + counted after the file
	for _, m := range finding.FindAllStringSubmatch(text, -1) {
		shown[m[1]+" "+m[2]]++
		counted[m[1]+" "+m[2]]++
	}
	for _, m := range more.FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[3])
		counted[m[1]+" "+m[2]] += n
	}
	inJSON := map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(js), "\n") {
		file := regexp.MustCompile(`"file":"([^"]*)"`).FindStringSubmatch(l)[1]
		for _, c := range regexp.MustCompile(`"code":"([a-z-]+)"`).FindAllStringSubmatch(l, -1) {
			inJSON[file+" "+c[1]]++
		}
	}
	habits := 0
	for key, n := range inJSON {
		code := key[strings.LastIndexByte(key, ' ')+1:]
		if counted[key] != n {
			t.Errorf("%s: %d in JSON, %d written or counted in text", key, n, counted[key])
		}
		if codes.IsHabit(code) {
			habits++
			if shown[key] != 1 {
				t.Errorf("%s: written %d times in text, want once", key, shown[key])
			}
		} else if shown[key] != n {
			t.Errorf("%s: written %d times in text, %d in JSON", key, shown[key], n)
		}
	}
	if habits < 4 {
		t.Errorf("only %d habits in the test files:\n%s", habits, text)
	}
	// The count line comes after the file's last game, before the next
	// file's first finding.
	delfts := strings.Index(text, "delfts.pdn:14:1: note[leading-zero]")
	if delfts < 0 || delfts < strings.LastIndex(text, "delfts.pdn:53:35") || delfts > strings.Index(text, "engine-log-glued-results.pdn") {
		t.Errorf("delfts.pdn's count out of place:\n%s", text)
	}
}

func summaryWithoutTime(s string) string {
	return regexp.MustCompile(`\(\d+\.\d+ s\)`).ReplaceAllString(s, "")
}
