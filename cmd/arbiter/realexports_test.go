package main

import (
	"strings"
	"testing"
)

// The records written for issue 10 in the style of real exports: every
// game is seen, and none is a false alarm.
func TestRealExportsCheck(t *testing.T) {
	for _, tc := range []struct {
		file  string
		games int
		warn  string // a warning code the file must produce
	}{
		{"engine-log-padded-paths.pdn", 2, "padded-square"},
		{"book-broken-tags.pdn", 2, "broken-tag-value"},
		{"engine-log-glued-results.pdn", 4, "glued-result"},
		{"online-export-clock.pdn", 3, ""},
	} {
		t.Run(tc.file, func(t *testing.T) {
			out, errOut, code := arbiter(t, "", "check", "--format", "json", td+"pdn/"+tc.file)
			if code != 0 {
				t.Errorf("exit code %d; stderr %s\n%s", code, errOut, out)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if len(lines) != tc.games {
				t.Errorf("%d games, want %d", len(lines), tc.games)
			}
			for i, l := range lines {
				if !strings.Contains(l, `"verdict":"valid"`) {
					t.Errorf("game %d: %s", i+1, l)
				}
			}
			if tc.warn != "" && !strings.Contains(out, `"code":"`+tc.warn+`"`) {
				t.Errorf("no %s warning:\n%s", tc.warn, out)
			}
		})
	}
}

// convert keeps what the online platform wrote: its clock comments and
// the H and F fields of its FEN.
func TestConvertKeepsOnlineExport(t *testing.T) {
	for _, to := range []string{"pdn", "json"} {
		out, errOut, code := arbiter(t, "", "convert", "--to", to, td+"pdn/online-export-clock.pdn")
		if code != 0 {
			t.Fatalf("--to %s: exit code %d; %s", to, code, errOut)
		}
		for _, want := range []string{
			"[%clock w0:03:00 B0:03:00]", "[%clock w0:02:57 B0:02:51]", "[%clock w0:09:55 B0:09:58]",
			":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20:H0:F1", "B:W27,28,K45:B12,13,17:H4:F31",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("--to %s: %q lost:\n%s", to, want, out)
			}
		}
		if n := strings.Count(out, "%clock"); n != 12 {
			t.Errorf("--to %s: %d clock comments, want 12", to, n)
		}
	}
}
