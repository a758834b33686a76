package input_test

import (
	"bytes"
	"encoding/binary"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"arbiter/notation/input"
	"arbiter/notation/jsonl"
	"arbiter/notation/pdn"
)

// A file opened here is sniffed (JSON lines or not, UTF-16 and -32,
// CR-only lines, not text) and split as the same bytes are through
// os.Open: the sniffing reads this package's files without a buffer of
// its own (pdn.PeekReader), and must not read them differently. Every
// testdata record, and text of each kind it decodes.
func TestSniffSameAsOSOpen(t *testing.T) {
	dir := t.TempDir()
	game := "[Event \"x\"]\n1. 32-28 19-23 2. 37-32 *\n"
	u16 := func(s string, bom bool, order binary.AppendByteOrder) []byte {
		var b []byte
		if bom {
			b = order.AppendUint16(b, 0xfeff)
		}
		for _, r := range utf16.Encode([]rune(s)) {
			b = order.AppendUint16(b, r)
		}
		return b
	}
	made := map[string][]byte{
		"cr-only.pdn":   []byte(strings.ReplaceAll(game+game, "\n", "\r")),
		"crlf.pdn":      []byte(strings.ReplaceAll(game, "\n", "\r\n")),
		"utf16le.pdn":   u16(game, true, binary.LittleEndian),
		"utf16be.pdn":   u16(game, true, binary.BigEndian),
		"utf16bare.pdn": u16(game, false, binary.LittleEndian),
		"records.jsonl": []byte(`{"tags":[{"name":"Event","value":"x"}],"moves":[]}` + "\n"),
		"bare.pdn":      []byte("{\"tags\":[]}\n"),
		"zip-ish.pdn":   []byte("PK\x03\x04rest"),
		"one-line.pdn":  bytes.Repeat([]byte("1. 32-28 19-23 "), 10000),
		"empty.pdn":     nil,
		"bom.pdn":       append([]byte("\ufeff"), game...),
	}
	var paths []string
	for name, data := range made {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	filepath.WalkDir("../../testdata", func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && !strings.Contains(p, "golden") {
			paths = append(paths, p)
		}
		return nil
	})
	read := func(r io.Reader, name string) (text []byte, isJSON bool, games []string) {
		decoded, isJSON := jsonl.Sniff(r, name)
		if isJSON {
			text, _ = io.ReadAll(decoded)
			return text, true, nil
		}
		sp := pdn.NewSplitter(decoded, pdn.Options{})
		for {
			g, err := sp.Next()
			if err != nil {
				if err != io.EOF {
					games = append(games, "error: "+err.Error())
				}
				return nil, false, games
			}
			games = append(games, g.Text)
		}
	}
	compared := 0
	for _, p := range paths {
		ins := input.Expand(p, input.DefaultExtensions, input.DefaultLimits())
		if len(ins) != 1 || strings.HasSuffix(p, ".zip") {
			continue
		}
		rc, err := ins[0].Open()
		if err != nil {
			t.Fatal(err)
		}
		gotText, gotJSON, gotGames := read(rc, p)
		rc.Close()
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		wantRC, err := input.Decompressed(f, input.Limits{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		wantText, wantJSON, wantGames := read(wantRC, p)
		wantRC.Close()
		compared++
		if gotJSON != wantJSON || !bytes.Equal(gotText, wantText) || strings.Join(gotGames, "\x00") != strings.Join(wantGames, "\x00") {
			t.Errorf("%s: JSON %v, %d games; through os.Open: JSON %v, %d games", p, gotJSON, len(gotGames), wantJSON, len(wantGames))
		}
	}
	if compared < 50 {
		t.Errorf("only %d files compared", compared)
	}
}
