package main

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// repetitive is at least size bytes of legal games (whole games, of
// repeatedGame's length): what a bomb unpacks to that the referee would
// spend its time on.
func repetitive(size int) []byte {
	return []byte(strings.Repeat(repeatedGame, (size+len(repeatedGame)-1)/len(repeatedGame)))
}

const repeatedGame = "[Event \"x\"]\n[GameType \"20\"]\n1. 32-28 19-23 *\n\n"

// overlappingZip is a zip bomb of the kind that cost 37 minutes: n
// central-directory entries, each a name of its own, all pointing at the
// one deflated member.
func overlappingZip(t testing.TB, n int, member []byte) []byte {
	var comp bytes.Buffer
	fw, _ := flate.NewWriter(&comp, flate.BestCompression)
	fw.Write(member)
	fw.Close()
	le := binary.LittleEndian
	crc := crc32.ChecksumIEEE(member)
	var out []byte
	out = le.AppendUint32(out, 0x04034b50)
	for _, v := range []uint16{20, 0, 8, 0, 0} { // version, flags, deflate, time, date
		out = le.AppendUint16(out, v)
	}
	out = le.AppendUint32(out, crc)
	out = le.AppendUint32(out, uint32(comp.Len()))
	out = le.AppendUint32(out, uint32(len(member)))
	out = le.AppendUint16(out, 5)
	out = le.AppendUint16(out, 0)
	out = append(out, "m.pdn"...)
	out = append(out, comp.Bytes()...)
	cdStart := len(out)
	for i := range n {
		name := fmt.Appendf(nil, "%04d.pdn", i)
		out = le.AppendUint32(out, 0x02014b50)
		for _, v := range []uint16{20, 20, 0, 8, 0, 0} {
			out = le.AppendUint16(out, v)
		}
		out = le.AppendUint32(out, crc)
		out = le.AppendUint32(out, uint32(comp.Len()))
		out = le.AppendUint32(out, uint32(len(member)))
		for _, v := range []uint16{uint16(len(name)), 0, 0, 0, 0} {
			out = le.AppendUint16(out, v)
		}
		out = le.AppendUint32(out, 0)
		out = le.AppendUint32(out, 0) // every entry's data is the first member's
		out = append(out, name...)
	}
	cdLen := len(out) - cdStart
	out = le.AppendUint32(out, 0x06054b50)
	for _, v := range []uint16{0, 0, uint16(n), uint16(n)} {
		out = le.AppendUint16(out, v)
	}
	out = le.AppendUint32(out, uint32(cdLen))
	out = le.AppendUint32(out, uint32(cdStart))
	out = le.AppendUint16(out, 0)
	return out
}

func zipOf(t testing.TB, members map[string][]byte) []byte {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for name, data := range members {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// What an input may unpack to is bounded: archives and gzip streams that
// unpack to far more than they weigh are refused with an error naming
// them, and the inputs beside them are still read.
func TestUnpackLimits(t *testing.T) {
	good, err := os.ReadFile(td + "draughts/avignon-2014-game39.pdn")
	if err != nil {
		t.Fatal(err)
	}
	bomb := repetitive(3 << 20) // compresses some 500 times
	dir := t.TempDir()
	put := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var concat []byte
	for range 4 {
		concat = append(concat, gz(t, repetitive(1<<20))...)
	}
	var real []byte
	for range 3 {
		real = append(real, gz(t, good)...)
	}
	tests := []struct {
		name  string
		data  []byte
		args  []string
		code  int
		games int
		err   string // in stderr
	}{
		{"overlap.zip", overlappingZip(t, 50, repetitive(64<<10)), nil, 2, 0,
			"overlap.zip: members 0000.pdn and 0001.pdn are read from the same bytes (overlapping entries, the mark of a zip bomb): the archive is refused"},
		{"ratio.zip", zipOf(t, map[string][]byte{"a.pdn": bomb, "b.pdn": good}), nil, 2, 0,
			"ratio.zip: refused: would unpack to more than 100 times its own size"},
		{"declared.zip", zipOf(t, map[string][]byte{"a.pdn": good, "b.pdn": good}), []string{"--max-decompressed", "1K"}, 2, 0,
			"declared.zip: refused: would unpack to more than 1 KiB, the --max-decompressed given"},
		{"nested.zip", zipOf(t, map[string][]byte{"a.pdn.gz": gz(t, bomb)}), nil, 2, -1,
			"nested.zip:a.pdn.gz: refused: unpacks to more than 100 times its own size"},
		{"ratio.pdn.gz", gz(t, bomb), nil, 2, -1,
			"ratio.pdn.gz: refused: unpacks to more than 100 times its own size"},
		{"concat.pdn.gz", concat, nil, 2, -1,
			"concat.pdn.gz: refused: unpacks to more than 100 times its own size"},
		{"raised.pdn.gz", gz(t, bomb), []string{"--max-decompressed", "4MiB"}, 0, len(bomb) / len(repeatedGame), ""},
		{"total.pdn.gz", gz(t, bomb), []string{"--max-decompressed", "1.5M"}, 2, -1,
			"total.pdn.gz: refused: unpacks to more than 1.5 MiB, the --max-decompressed given"},
		{"real.pdn.gz", real, nil, 0, 3, ""},
		{"real.zip", zipOf(t, map[string][]byte{"a.pdn": good, "b.pdn.gz": gz(t, good)}), nil, 0, 2, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := put(tc.name, tc.data)
			args := append(append([]string{"check", "--format", "json"}, tc.args...), p)
			out, errOut, code := arbiter(t, "", args...)
			games := strings.Count(out, "\n")
			if code != tc.code || tc.games >= 0 && games != tc.games || !strings.Contains(errOut, tc.err) {
				t.Errorf("exit %d, %d games, stderr %q\nwant exit %d, %d games, %q", code, games, errOut, tc.code, tc.games, tc.err)
			}
			if tc.code == 2 && !strings.Contains(errOut, "--max-decompressed") && !strings.Contains(errOut, "overlapping") {
				t.Errorf("the error does not say how to read it: %q", errOut)
			}
		})
	}
	t.Run("beside the others", func(t *testing.T) {
		sub := filepath.Join(dir, "walk")
		os.MkdirAll(sub, 0o755)
		os.WriteFile(filepath.Join(sub, "a.zip"), overlappingZip(t, 3, good), 0o644)
		os.WriteFile(filepath.Join(sub, "b.pdn"), good, 0o644)
		os.WriteFile(filepath.Join(sub, "c.zip"), []byte("PK not a zip"), 0o644)
		got, errOut, code := files(t, "", sub)
		if code != 2 || len(got) != 1 || !strings.HasSuffix(got[0], "b.pdn") ||
			!strings.Contains(errOut, "a.zip: members") || !strings.Contains(errOut, "c.zip: zip: not a valid zip file") {
			t.Errorf("exit %d, read %v, stderr %q", code, got, errOut)
		}
	})
}

// --max-decompressed is whole: help with its default, completion, the
// README's row, the man page.
func TestMaxDecompressedFlagDocumented(t *testing.T) {
	for _, cmd := range []string{"check", "convert"} {
		help, _, _ := arbiter(t, "", cmd, "--help")
		if !strings.Contains(help, "--max-decompressed SIZE") || !strings.Contains(help, "4GiB") {
			t.Errorf("%s --help does not describe --max-decompressed:\n%s", cmd, help)
		}
		flags, _, _ := arbiter(t, "", cmd, "--m", completeFlag)
		if !strings.Contains(flags, "--max-decompressed\n") {
			t.Errorf("%s: completion does not offer --max-decompressed: %q", cmd, flags)
		}
	}
	for file, want := range map[string]string{"../../README.md": "| `--max-decompressed SIZE` |", "../../arbiter.1": `\fB--max-decompressed\fP`} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), want) {
			t.Errorf("%s does not describe --max-decompressed (make man; README's check flags)", file)
		}
	}
}
