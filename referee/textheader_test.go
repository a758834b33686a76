package referee

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arbiter/notation/movetext"
	"arbiter/notation/pdn"
)

// textHeaderGeneral is textHeader as it was before its lines of other tags
// were passed over in one step (otherTagLine) and firstWord scanned byte
// by byte: the reference TestTextHeaderSame and FuzzTextHeader hold it to.
func textHeaderGeneral(text string) Header {
	var h Header
	for len(text) > 0 {
		text = movetext.SkipComments(text)
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if line[0] != '[' {
			h.FirstMove = firstWordGeneral(line)
			if h.FirstMove == "" && !strings.ContainsAny(line, "{;[") {
				h.FirstMove = firstWordGeneral(text)
			}
			return h
		}
		for rest := line; rest != ""; {
			tag := rest
			if i := strings.IndexByte(rest, ']'); i >= 0 {
				tag, rest = rest[:i+1], rest[i+1:]
			} else {
				rest = ""
			}
			tag = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(tag), "["))
			name, value, ok := strings.Cut(tag, " ")
			if !ok || name == "" || name[0]|0x20 != 'g' && name[0]|0x20 != 'v' {
				continue
			}
			value = strings.Trim(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), "]")), `"`)
			switch {
			case ok && strings.EqualFold(name, "Game"):
				h.Game = value
				if KnownGame(value) != "" {
					return h
				}
			case ok && strings.EqualFold(name, "Variant"):
				h.Variant = value
			case ok && strings.EqualFold(name, "GameType"):
				h.GameType = value
			}
		}
	}
	return h
}

func firstWordGeneral(text string) string {
	for text != "" {
		var w string
		text = strings.TrimLeft(text, " \t\r\n\v\f")
		if i := strings.IndexAny(text, " \t\r\n\v\f"); i >= 0 {
			w, text = text[:i], text[i:]
		} else {
			w, text = text, ""
		}
		j := 0
		for j < len(w) && '0' <= w[j] && w[j] <= '9' {
			j++
		}
		if j < len(w) && w[j] == '.' {
			w = w[j:]
		}
		switch w = strings.TrimLeft(w, "."); {
		case w == "":
			continue
		case w[0] == '{' || w[0] == ';' || w[0] == '[':
			return ""
		}
		return w
	}
	return ""
}

// TestTextHeaderSame: textHeader reads every game text of testdata and of
// the corpus (every family's) as its general reading does.
func TestTextHeaderSame(t *testing.T) {
	games := 0
	for _, root := range []string{"../testdata", "../../shared/corpus"} {
		filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return nil
			}
			if ext := filepath.Ext(path); ext != ".pdn" && ext != ".pgn" && ext != ".txt" {
				return nil
			}
			f, err := os.Open(path)
			if err != nil {
				return nil
			}
			defer f.Close()
			sp := pdn.NewSplitter(f, pdn.Options{})
			for {
				g, err := sp.Next()
				if errors.Is(err, io.EOF) || err != nil {
					break
				}
				if got, want := textHeader(g.Text), textHeaderGeneral(g.Text); got != want {
					t.Fatalf("%s game %d: textHeader %+v, the general reading %+v", path, g.Index, got, want)
				}
				games++
			}
			return nil
		})
	}
	if games == 0 {
		t.Skip("no records")
	}
	t.Logf("%d game texts, the same headers", games)
}

// FuzzTextHeader: textHeader reads any text as its general reading does.
func FuzzTextHeader(f *testing.F) {
	for _, s := range []string{
		"[Event \"x\"]\n[GameType \"20\"]\n1. 32-28 19-23 *",
		"[Event \"a]b\"]\n[Game \"draughts\"]\n1. 32-28",
		"[Event \"x\"] [Variant \"y\"]\r\n[Site \"z\"]\t \r\n1.",
		"[Event \"x\"]\u00a0\n{c} ; d\n[game \"morris\"]\n",
		"[ Event \"x\"]\n[[Game \"x\"]\n[]\n1... 2.3 a1-b2",
		"[Event \"x\"]",
		"[E\n\"x\"]\n",
		"1. 2. {x} 3-4",
		"12.\n  \v 9-13",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := textHeader(text), textHeaderGeneral(text); got != want {
			t.Fatalf("%q: textHeader %+v, the general reading %+v", text, got, want)
		}
	})
}
