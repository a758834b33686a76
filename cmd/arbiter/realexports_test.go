package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// The records written for issue 10 in the style of real exports: every
// game is seen, none is a false alarm, and each shows its finding at the
// severity the policy gives it.
func TestRealExportsCheck(t *testing.T) {
	for _, tc := range []struct {
		file     string
		games    int
		code     int      // exit code
		warnings []string // codes that must be reported as warnings
		errors   []string // messages of the errors, in order
	}{
		{file: "engine-log-padded-paths.pdn", games: 2, warnings: []string{"padded-square"}},
		{file: "book-broken-tags.pdn", games: 2, warnings: []string{"broken-tag-value"}},
		{file: "engine-log-glued-results.pdn", games: 4, warnings: []string{"glued-result"}},
		{file: "online-export-clock.pdn", games: 3},
		{file: "engine-log-policies.pdn", games: 4, warnings: []string{"after-end", "ambiguous", "illegal", "result"}},
		{file: "book-garbled-path.pdn", games: 2, code: 1, errors: []string{
			"no capture goes 29x18x12x16 (the squares between do not make a capture path); the legal capture from 29 to 16 is 29x18x7x16",
			"no capture goes 35x24x29x2 (the squares between do not make a capture path); the legal captures from 35 to 2 are 35x24x33x22x11x2, 35x44x33x22x11x2",
		}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			out, errOut, code := arbiter(t, "", "check", "--format", "json", td+"pdn/"+tc.file)
			if code != tc.code {
				t.Errorf("exit code %d, want %d; stderr %s\n%s", code, tc.code, errOut, out)
			}
			var reps []struct {
				Verdict     string
				Diagnostics []struct{ Severity, Code, Message string }
			}
			for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
				var r struct {
					Verdict     string
					Diagnostics []struct{ Severity, Code, Message string }
				}
				if err := json.Unmarshal([]byte(l), &r); err != nil {
					t.Fatal(err)
				}
				reps = append(reps, r)
			}
			if len(reps) != tc.games {
				t.Errorf("%d games, want %d", len(reps), tc.games)
			}
			warned := map[string]bool{}
			var errs []string
			for _, r := range reps {
				for _, d := range r.Diagnostics {
					switch d.Severity {
					case "warning":
						warned[d.Code] = true
					case "error":
						errs = append(errs, d.Message)
					}
				}
			}
			for _, c := range tc.warnings {
				if !warned[c] {
					t.Errorf("no %s warning:\n%s", c, out)
				}
			}
			if len(errs) != len(tc.errors) {
				t.Fatalf("errors %q, want %q", errs, tc.errors)
			}
			for i := range errs {
				if !strings.Contains(errs[i], tc.errors[i]) {
					t.Errorf("error %q, want %q", errs[i], tc.errors[i])
				}
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

// Issue 22: a Russian record with ':' captures whose results are written
// with a colon (1:0, 1/2:1/2), in the terminator and in some Result tags:
// every game replays valid with its result, and the colons are said in
// warnings that name PDN's form, never a contradiction between the two.
func TestColonResultsRecord(t *testing.T) {
	out, errOut, code := arbiter(t, "", "check", "--format", "json", "--variant", "russian", td+"pdn/ussr1947-colon-results.pdn")
	if code != 0 {
		t.Fatalf("exit code %d; %s\n%s", code, errOut, out)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r struct {
			Verdict     string
			Result      struct{ Tag, Terminator string }
			Diagnostics []struct{ Severity, Code, Message string }
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		s := r.Verdict + " " + r.Result.Tag + " " + r.Result.Terminator
		for _, d := range r.Diagnostics {
			s += "; " + d.Severity + " " + d.Code + ": " + d.Message
		}
		got = append(got, s)
	}
	want := []string{
		"valid 1-0 1-0; warning colon-result: Result tag written 1:0 (PDN: 1-0); warning colon-result: result written 1:0 (PDN: 1-0)",
		"valid 1/2-1/2 1/2-1/2; warning colon-result: result written 1/2:1/2 (PDN: 1/2-1/2)",
		"valid 1/2-1/2 1/2-1/2; warning colon-result: Result tag written 1/2:1/2 (PDN: 1/2-1/2); warning colon-result: result written 1/2:1/2 (PDN: 1/2-1/2)",
		"valid 1/2-1/2 1/2-1/2; warning colon-result: result written 1/2:1/2 (PDN: 1/2-1/2)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
