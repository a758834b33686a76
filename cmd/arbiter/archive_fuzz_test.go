package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee/config"
)

// FuzzNamesMap: a config's names: map (which convert applies) is read
// strictly or refused at a line of the file, never with a panic; each
// spelling it maps is written as the name it gives, and that name reads
// back from the record convert writes (a line break in it written as a
// space: a tag is one line).
func FuzzNamesMap(f *testing.F) {
	f.Add([]byte("names:\n  \"koops, Lambert Jan\": \"Koops, Lambert Jan\"\n  \"Koops, Lambert-Jan\": \"Koops, Lambert Jan\"\n"), "koops, Lambert Jan")
	f.Add([]byte("names:\n  a: \"\"\n"), "a")
	f.Add([]byte("names: [a, b]\n"), "a")
	f.Add([]byte("names:\n  ? [a]\n  : b\n"), "a")
	f.Add([]byte("names:\n  \"x\": \"q\\\"uote\\\\ \\n line\"\n"), " x ")
	f.Add([]byte("names:\n  a: &x b\n  c: *x\nformat: text\n"), "c")
	f.Fuzz(func(t *testing.T, data []byte, player string) {
		// A record's tags are text decoded to UTF-8 (a byte of another
		// encoding is read as CP1252 before the map is looked up).
		// Control characters in a record's tags are the reader's and the
		// writer's business (a record of NULs reads as binary data), not
		// the map's: here a player's name is printable.
		player = strings.Map(func(r rune) rune {
			if unicode.IsControl(r) {
				return -1
			}
			return r
		}, strings.ToValidUTF8(player, "\uFFFD"))
		cfg, err := config.Parse("c.yaml", data, formatNames())
		if err != nil {
			var ce *config.Error
			// YAML's line breaks: \n, \r\n and a lone \r.
			lines := bytes.Count(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\n")) + bytes.Count(data, []byte("\r")) - bytes.Count(data, []byte("\r\n")) + 1
			if !errors.As(err, &ce) || ce.Line < 0 || ce.Line > lines {
				t.Fatalf("not an error at a line of the file: %v", err)
			}
			return
		}
		want := player
		if to, ok := cfg.Names[strings.TrimSpace(player)]; ok {
			if strings.TrimSpace(to) == "" {
				t.Fatalf("%q mapped to an empty name", player)
			}
			want = to
		}
		for k, v := range cfg.Names {
			if strings.IndexFunc(v, unicode.IsControl) >= 0 {
				t.Fatalf("%q mapped to %q, a control character", k, v)
			}
		}
		rec := &notation.Record{Tags: []notation.Tag{{Name: "White", Value: player}, {Name: "Black", Value: "B"}}}
		renamePlayers(rec, cfg.Names)
		var b bytes.Buffer
		if err := pdn.Write(&b, rec); err != nil {
			t.Fatal(err)
		}
		g, err := pdn.NewSplitter(&b, pdn.Options{}).Next()
		if err != nil {
			t.Fatalf("%q: %v", b.String(), err)
		}
		back := pdn.Parse(g, "w.pdn")
		got, _ := back.Tag("White")
		want = strings.NewReplacer("\r", " ", "\n", " ").Replace(want)
		if strings.TrimSpace(got) != strings.TrimSpace(want) {
			t.Fatalf("White %q mapped to %q, written %q, read back %q", player, want, b.String(), got)
		}
	})
}
