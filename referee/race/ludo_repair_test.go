package race

import (
	"os"
	"strings"
	"testing"

	"arbiter/referee"
)

// Slips put into the Mens erger je niet record of testdata/race: the
// throw, the landing square, the colour letter, a throw written twice.
func TestLudoFixes(t *testing.T) {
	b, err := os.ReadFile("../../testdata/race/mens-erger-je-niet.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		was, slip  string
		edit, text string // the first fix, certain
	}{
		{"5. R 2: 16/18", "5. R 3: 16/18", referee.EditReplace, "R 2: 16/18"},   // the throw
		{"5. R 2: 16/18", "5. R 2: 16/19", referee.EditReplace, "R 2: 16/18"},   // the landing square
		{"  Y 4: 19/23", "  R 4: 19/23", referee.EditReplace, "Y 4: 19/23"},     // the colour letter
		{"Y 2: 6/8\n", "Y 2: 6/8  Y 2: 6/8\n", referee.EditDelete, ""},          // written twice
		{"11. R 5: 30/35", "11. R 5: 30/36", referee.EditReplace, "R 5: 30/35"}, // the landing square
	} {
		t.Run(tc.slip, func(t *testing.T) {
			if !strings.Contains(string(b), tc.was) {
				t.Fatalf("%q is not in the record", tc.was)
			}
			rep := referee.Check(raceParse(t, strings.Replace(string(b), tc.was, tc.slip, 1))[0], referee.Options{})
			var fixes []referee.Fix
			for _, d := range rep.Diagnostics {
				if d.Severity.String() == "error" && d.Move != "" {
					fixes = d.Fixes
					break
				}
			}
			if len(fixes) == 0 {
				t.Fatalf("no fix: %+v", rep.Diagnostics)
			}
			if f := fixes[0]; f.Edit != tc.edit || f.Text != tc.text || !f.Certain {
				t.Errorf("first fix %s %q (%s, certain %v), want %s %q, certain", f.Edit, f.Text, f.Why, f.Certain, tc.edit, tc.text)
			}
		})
	}
}

// Slips put into the Goose and horse-race records of testdata/race.
func TestGooseAndHorseFixes(t *testing.T) {
	for _, tc := range []struct {
		file, was, slip string
		text            string // the first fix: a replacement
		certain         bool
	}{
		// The throw: 1+2 for 1+1 (no other throw takes the pawn 10/12).
		{"ganzenbord-315.txt", "3. Anna 1+1: 10/12", "3. Anna 1+2: 10/12", "Anna 1+1: 10/12", true},
		// The landing square: 5+3 lands on 30; 2+6 does as well, a tie.
		{"ganzenbord-315.txt", "5. Anna 5+3: 22/30", "5. Anna 5+3: 22/31", "Anna 5+3: 22/30", false},
		// Who throws.
		{"wedrenspel-315.txt", "Bram 5: 9/14>9", "Anna 5: 9/14>9", "Bram 5: 9/14>9", true},
		// The horse's landing square.
		{"wedrenspel-315.txt", "3. Anna 5: 1/6", "3. Anna 5: 1/7", "Anna 5: 1/6", true},
	} {
		t.Run(tc.slip, func(t *testing.T) {
			b, err := os.ReadFile("../../testdata/race/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), tc.was) {
				t.Fatalf("%q is not in %s", tc.was, tc.file)
			}
			rep := referee.Check(raceParse(t, strings.Replace(string(b), tc.was, tc.slip, 1))[0], referee.Options{})
			var fixes []referee.Fix
			for _, d := range rep.Diagnostics {
				if d.Severity.String() == "error" && d.Move != "" {
					fixes = d.Fixes
					break
				}
			}
			if len(fixes) == 0 {
				t.Fatalf("no fix: %+v", rep.Diagnostics)
			}
			if f := fixes[0]; f.Edit != referee.EditReplace || f.Text != tc.text || f.Certain != tc.certain {
				t.Errorf("first fix %s %q (%s, certain %v), want %q (certain %v)", f.Edit, f.Text, f.Why, f.Certain, tc.text, tc.certain)
			}
		})
	}
}
