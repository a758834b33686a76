package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"arbiter/notation"
	"arbiter/notation/input"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/referee/report"
	"arbiter/variants"
)

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

// convertText runs arbiter convert on text and checks what every
// conversion must do: exit 0 or 1, no internal error. clean is true when
// no game had an error.
func convertText(t *testing.T, text string, args ...string) (out string, clean bool) {
	t.Helper()
	out, errOut, code := arbiter(t, text, append(append([]string{"convert"}, args...), "-")...)
	if code != 0 && code != exitFindings {
		t.Fatalf("convert %v: exit %d: %s", args, code, errOut)
	}
	if strings.Contains(errOut, "internal error") {
		t.Fatalf("convert %v: %s", args, errOut)
	}
	return out, code == 0
}

// unreadable says why the CLI rightly refuses text as an input, read as
// it reads standard input (gzip unpacked, then decoded as text): bytes
// that are not text (NUL bytes, an archive's magic) or a broken gzip
// stream; "" when it reads it.
func unreadable(text string) string {
	rc, err := input.Decompressed(io.NopCloser(strings.NewReader(text)), input.DefaultLimits(), 0) // as standard input: size unknown
	if err == nil {
		_, err = io.Copy(io.Discard, pdn.DecodeText(rc))
		rc.Close()
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

// refusedText checks what convert does with an input it cannot read:
// exit 2 with the reason, as for any unreadable input, and no internal
// error.
func refusedText(t *testing.T, text, why string, args ...string) {
	t.Helper()
	_, errOut, code := arbiter(t, text, append(append([]string{"convert"}, args...), "-")...)
	if code != exitUsage || !strings.Contains(errOut, why) || strings.Contains(errOut, "internal error") {
		t.Fatalf("convert %v of input that is no text (%s): exit %d: %s", args, why, code, errOut)
	}
}

// FuzzConvertRoundTrip: re-reading the output gives as many games as were
// written, PDN through JSON is the PDN written directly, and for games
// without errors converting the output changes nothing (nothing more is
// lost or moved the second time). (A game with errors may change: text
// kept as a comment can have chosen its notation, a [Variant tag that
// cannot be read.)
func FuzzConvertRoundTrip(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 1<<14 {
			return
		}
		if why := unreadable(in); why != "" {
			refusedText(t, in, why)
			refusedText(t, in, why, "--to", "json")
			return
		}
		pdn1, clean := convertText(t, in)
		pdn2, _ := convertText(t, pdn1)
		if clean && pdn2 != pdn1 {
			t.Fatalf("converting the output changes it:\n%s\n---\n%s", pdn1, pdn2)
		}
		js, _ := convertText(t, in, "--to", "json")
		if via, _ := convertText(t, js); via != pdn1 {
			t.Fatalf("PDN via JSON differs from PDN written directly:\n%s\n---\n%s", via, pdn1)
		}
		written := strings.Count(js, "\n")
		again, _ := convertText(t, pdn1, "--to", "json")
		if n := strings.Count(again, "\n"); n != written {
			t.Fatalf("%d games written, %d read back:\n%s", written, n, pdn1)
		}
	})
}

// FuzzConvertJSON: any JSON-lines input converts without panicking, and a
// record that cannot be read costs that record only.
func FuzzConvertJSON(f *testing.F) {
	f.Add(`{"file":"x","game":1,"tags":[{"name":"Event","value":"a"}],"moves":[{"text":"32-28","number":1}],"result":"2-0"}` + "\n")
	f.Add(`{"file":"x","game":1,"tags":[],"moves":[null,{"text":"32-28","variations":[[null]]}]}` + "\n{\"a\": 1}\n{\"bad\n")
	f.Add(`{"tags":null,"moves":[{"text":"","comments":[{"text":"}{"}],"nags":[-1]}],"result":"x","setup":"W:W1"}`)
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 1<<14 {
			return
		}
		if !looksLikeJSON([]byte(in)) {
			return
		}
		if why := unreadable(in); why != "" {
			refusedText(t, in, why)
			return
		}
		lines := 0
		for _, l := range strings.Split(in, "\n") {
			var r notation.Record
			if json.Unmarshal(bytes.TrimSpace([]byte(l)), &r) == nil && checkJSONRecord(&r) == nil {
				lines++
			}
		}
		out, _ := convertText(t, in)
		if got := strings.Count(out, "\n\n") + min(1, len(out)); lines > 0 && got < 1 {
			t.Fatalf("%d readable records, nothing written", lines)
		}
	})
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
		for _, f := range formats() {
			var b bytes.Buffer
			w := f.New(&b, report.Options{})
			for _, rec := range recs {
				rep := referee.Check(rec, referee.Options{})
				if err := w.Write(rep); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Finish(&report.Summary{}); err != nil {
				t.Fatal(err)
			}
			switch f.Name {
			case "text":
				const window = 100 // the characters report.Quoter quotes of a long line
				for _, line := range strings.Split(b.String(), "\n") {
					if strings.HasPrefix(line, "    ") && len([]rune(line)) > 4+window+6+8*window {
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

// FuzzVariantFile: the strict YAML loader, with every game family's
// section linked, never panics; it returns a variant or a
// *variants.Error (on a line inside the file when it names one), and a
// variant it returns has a name, a game and one rules section.
func FuzzVariantFile(f *testing.F) {
	for _, name := range []string{"international", "russian", "nine-mens-morris", "mens-erger-je-niet", "halma-2"} {
		if v, err := variants.Lookup(name); err == nil {
			f.Add(v.YAML)
		}
	}
	f.Add([]byte("name: x\ngame: draughts\nextends: international\ndraughts:\n  draw:\n    endgames:\n      - {strong: [\"1K\"], weak: [\"3K\"], moves: 16, effect: forced}\n"))
	f.Add([]byte("name: x\nextends: x\n"))
	f.Add([]byte("a: &a [*a, *a]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := variants.Parse("f.yaml", data)
		if err != nil {
			lines := yamlLines(data)
			var ve *variants.Error
			if errors.As(err, &ve) && ve.Line > lines {
				t.Fatalf("error on line %d of a %d-line file: %v", ve.Line, lines, err)
			}
			return
		}
		if v.Name == "" || v.Game == "" || v.Family == "" || v.Rules == nil {
			t.Fatalf("accepted a variant with name %q, game %q, family %q, rules %v", v.Name, v.Game, v.Family, v.Rules)
		}
	})
}

// yamlLines counts the lines of data as the YAML reader numbers them: it
// breaks lines at CR LF, CR, LF, NEL, LS and PS (YAML 1.1, gopkg.in/yaml.v3's
// is_break), not only at LF.
func yamlLines(data []byte) int {
	s := strings.ReplaceAll(string(data), "\r\n", "\n")
	n := 1
	for _, brk := range []string{"\r", "\n", "\u0085", "\u2028", "\u2029"} {
		n += strings.Count(s, brk)
	}
	return n
}
