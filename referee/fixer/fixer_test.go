package fixer_test

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"unicode/utf16"

	"arbiter/referee"
	_ "arbiter/referee/draughts"
	"arbiter/referee/fixer"
	"arbiter/variants"
)

const td = "../../testdata/"

func read(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(td + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Real records: what File fixes, what it leaves and why, and that the
// text changes at the fixed move and nowhere else.
func TestFileRealRecords(t *testing.T) {
	english, err := variants.Lookup("english")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file    string
		variant *variants.Variant
		// was, now: the text at the fix before and after ("" when none is made)
		was, now string
		left     []string // the reasons of the errors left alone
		crlf     bool     // the file's lines ended by CR LF first
	}{
		{file: "draughts/tinsley-petal-1981-game18.pdn", was: "62. 32-28 27-24", now: "62. 28-32 {was: 32-28} 27-24"},
		{file: "draughts/tinsley-petal-1981-game18.pdn", variant: english, was: "62. 32-28 27-24", now: "62. 28-32 {was: 32-28} 27-24"},
		// CRLF kept: the fix is within a line.
		{file: "draughts/tinsley-petal-1981-game18.pdn", crlf: true, was: "62. 32-28 27-24", now: "62. 28-32 {was: 32-28} 27-24"},
		// Only one of 36x16's two paths lets the rest replay without
		// another ambiguity: a warning, no error to fix.
		{file: "draughts/schildpad-game3.pdn"},
		{file: "draughts/bruno-vs-scan31-game11.pdn", left: []string{"the best fix (without 17-11) makes only the next 3 plies replay: another error follows"}},
		{file: "pdn/book-garbled-path.pdn", left: []string{
			"only 2 plies follow the best fix (29x18x7x16 for 29x18x12x16): too few to be sure",
			"only 2 plies follow the best fix (35x44x33x22x11x2 for 35x24x29x2): too few to be sure",
		}},
		{file: "draughts/championnat-de-france-2021.pdn"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			src := read(t, tc.file)
			if tc.crlf {
				src = bytes.ReplaceAll(src, []byte("\n"), []byte("\r\n"))
			}
			res, err := fixer.File(src, tc.file, referee.StreamOptions{Options: referee.Options{Variant: tc.variant}})
			if err != nil {
				t.Fatal(err)
			}
			if tc.was == "" {
				if !bytes.Equal(res.Text, src) || len(res.Applied) != 0 {
					t.Errorf("%d fixes made, want none", len(res.Applied))
				}
			} else {
				want := strings.Replace(string(src), tc.was, tc.now, 1)
				if string(res.Text) != want || len(res.Applied) != 1 {
					t.Errorf("%d fixes; text:\n%s", len(res.Applied), res.Text)
				}
			}
			var left []string
			for _, l := range res.Left {
				left = append(left, l.Why)
			}
			if strings.Join(left, "\n") != strings.Join(tc.left, "\n") {
				t.Errorf("left alone:\n%s\nwant:\n%s", strings.Join(left, "\n"), strings.Join(tc.left, "\n"))
			}
		})
	}
}

// A slip put into one game of a real tournament file of 58 games: the fix
// gives back the move, and the file is the original byte for byte but
// for the comment that keeps the slip.
func TestFileTouchesNothingElse(t *testing.T) {
	orig := string(read(t, "draughts/championnat-de-france-2021.pdn"))
	for _, tc := range []struct{ move, slip string }{
		{"24. 40-35 14-19", "24. 35-40 14-19"},           // from and to swapped
		{"24. 40-35 14-19", "24. 40-35 41-19"},           // digits swapped
		{"45-40 4-9 25", "45-04 4-9 25"},                 // digits swapped, into a leading zero
		{"2-7 24. 40-35", "24. 40-35"},                   // a move left out: it goes back before the move number
		{"24. 40-35 14-19", "24. 40-35 24. 40-35 14-19"}, // written twice, with its number: they go together
	} {
		if strings.Count(orig, tc.move) != 1 {
			t.Fatalf("%q is not once in the file", tc.move)
		}
		slipped := strings.Replace(orig, tc.move, tc.slip, 1)
		res, err := fixer.File([]byte(slipped), "c.pdn", referee.StreamOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Applied) != 1 || len(res.Left) != 0 {
			t.Fatalf("%s: %d fixed, %d left: %+v", tc.slip, len(res.Applied), len(res.Left), res.Left)
		}
		f := res.Applied[0].Fix
		kept, put := f.Text+" {was: "+f.Move+"}", f.Text
		switch f.Edit {
		case referee.EditInsert:
			kept, put = f.Text+" {was: left out} ", f.Text+" "
		case referee.EditDelete:
			kept, put = " {was: 24. 40-35}", ""
		}
		if got := strings.Replace(string(res.Text), kept, put, 1); got != orig {
			t.Errorf("%s: the fixed file is not the original but for %q:\n%s", tc.slip, kept, res.Text)
		}
		if res.Games != 58 {
			t.Errorf("%d games", res.Games)
		}
	}
}

// Encodings: a UTF-8 byte-order mark and a Windows-1252 file are edited at
// the right bytes; UTF-16 and JSON records are refused.
func TestFileEncodings(t *testing.T) {
	src := read(t, "draughts/tinsley-petal-1981-game18.pdn")
	const was, now = "62. 32-28 27-24", "62. 28-32 {was: 32-28} 27-24"
	latin := bytes.Replace(src, []byte("Petal 1981"), []byte("P\xe9tal 1981 \xab\xbb"), 1) // é, « and » in Windows-1252
	for _, tc := range []struct {
		name string
		src  []byte
	}{
		{"bom", append([]byte("\xef\xbb\xbf"), src...)},
		{"windows-1252", latin},
	} {
		res, err := fixer.File(tc.src, tc.name, referee.StreamOptions{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if want := bytes.Replace(tc.src, []byte(was), []byte(now), 1); !bytes.Equal(res.Text, want) {
			t.Errorf("%s: fixed text:\n%q", tc.name, res.Text)
		}
	}
	var u16 bytes.Buffer
	u16.Write([]byte{0xff, 0xfe})
	for _, r := range utf16.Encode([]rune(string(src))) {
		u16.Write([]byte{byte(r), byte(r >> 8)})
	}
	json := []byte(`{"file":"x","game":1,"tags":[],"moves":[{"text":"32-28","pos":{"line":1,"col":1,"offset":0}}]}` + "\n")
	for name, b := range map[string][]byte{"utf-16": u16.Bytes(), "json": json} {
		if _, err := fixer.File(b, name, referee.StreamOptions{}); !errors.Is(err, fixer.ErrNotEditable) {
			t.Errorf("%s: %v, want ErrNotEditable", name, err)
		}
	}
}

// A fix that would not read back as the game fixed is not made: text
// glued to the move (read as a comment) would follow the fix's comment
// and read as a word of its own.
func TestFileChecksTheFix(t *testing.T) {
	src := read(t, "draughts/tinsley-petal-1981-game18.pdn")
	glued := bytes.Replace(src, []byte("62. 32-28 27-24"), []byte("62. 32-28Long_wrote_it_so 27-24"), 1)
	res, err := fixer.File(glued, "g.pdn", referee.StreamOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Applied) != 0 || !bytes.Equal(res.Text, glued) {
		t.Fatalf("fixed:\n%s", res.Text)
	}
	if len(res.Left) != 1 || !strings.HasPrefix(res.Left[0].Why, "fixed, ") {
		t.Errorf("left: %+v", res.Left)
	}
}

func TestDiff(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm"
	new := "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nM"
	var out bytes.Buffer
	if err := fixer.Diff(&out, "f.pdn", []byte(old), []byte(new), nil); err != nil {
		t.Fatal(err)
	}
	want := "--- f.pdn\n+++ f.pdn\n" +
		"@@ -1,5 +1,5 @@\n a\n-b\n+B\n c\n d\n e\n" +
		"@@ -10,4 +10,4 @@\n j\n k\n l\n-m\n\\ No newline at end of file\n+M\n\\ No newline at end of file\n"
	if out.String() != want {
		t.Errorf("diff:\n%s\nwant:\n%s", out.String(), want)
	}
	out.Reset()
	if err := fixer.Diff(&out, "f.pdn", []byte(old), []byte(old), nil); err != nil || out.Len() != 0 {
		t.Errorf("no change: %q, %v", out.String(), err)
	}
}
