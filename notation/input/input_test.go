package input

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func gz(t testing.TB, data []byte) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

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

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
	}{
		{"65536", 65536}, {"1K", 1 << 10}, {"1kb", 1 << 10}, {"4GiB", 4 << 30}, {"1.5M", 3 << 19},
		{" 2 G ", 2 << 30}, {"1T", 1 << 40}, {"10B", 10},
		{"", -1}, {"0", -1}, {"-1G", -1}, {"4X", -1}, {"G", -1}, {"1e30G", -1}, {"NaN", -1},
	}
	for _, tc := range tests {
		got, err := ParseSize(tc.in)
		if tc.want < 0 && err == nil || tc.want >= 0 && (err != nil || got != tc.want) {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
}

// FuzzDecompressed: any bytes, compressed or not, read without a panic.
func FuzzDecompressed(f *testing.F) {
	f.Add([]byte("[Event \"x\"]\n1. 32-28 *\n"))
	f.Add(gz(f, []byte("1. 32-28 *")))
	f.Add([]byte{0x1f, 0x8b})
	f.Fuzz(func(t *testing.T, data []byte) {
		rc, err := Decompressed(readCloser{bytes.NewReader(data), func() error { return nil }}, DefaultLimits(), 0)
		if err != nil {
			return
		}
		var b bytes.Buffer
		b.ReadFrom(rc)
		rc.Close()
	})
}

// FuzzZipMembers: any bytes named .zip are listed and read without a panic,
// and never unpack past the limits.
func FuzzZipMembers(f *testing.F) {
	f.Add(zipOf(f, map[string][]byte{"a.pdn": []byte("1. 32-28 *"), "b.pdn.gz": gz(f, []byte("1. 32-28 *"))}))
	f.Add(overlappingZip(f, 3, []byte("1. 32-28 *")))
	f.Add([]byte("PK\x05\x06"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "f.zip")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		limits := Limits{Max: 1 << 20, Ratio: maxRatio}
		for _, in := range zipMembers(p, DefaultExtensions, limits) {
			rc, err := in.Open()
			if err != nil {
				continue
			}
			n, _ := io.Copy(io.Discard, rc)
			rc.Close()
			if n > limits.Max {
				t.Fatalf("%s unpacked %d bytes, past the limit", in.Name, n)
			}
		}
	})
}

// Bytes reads what a browser page is given as a path would be read: a
// zip archive's record members in order, gzip unpacked, a bomb refused.
func TestBytes(t *testing.T) {
	game := []byte("[Event \"x\"]\n1. 32-28 *\n")
	read := func(s Source) string {
		rc, err := s.Open()
		if err != nil {
			return "error: " + err.Error()
		}
		defer rc.Close()
		b, err := io.ReadAll(rc)
		if err != nil {
			return "error: " + err.Error()
		}
		return string(b)
	}
	if in := Bytes("a.pdn", game, DefaultExtensions, DefaultLimits()); len(in) != 1 || in[0].Name != "a.pdn" || read(in[0]) != string(game) {
		t.Errorf("plain: %+v", in)
	}
	if in := Bytes("a.pdn.gz", gz(t, game), DefaultExtensions, DefaultLimits()); len(in) != 1 || read(in[0]) != string(game) {
		t.Errorf("gzip: %+v", in)
	}
	z := zipOf(t, map[string][]byte{"b.pdn": game, "a.pgn.gz": gz(t, game), "readme.md": []byte("x")})
	in := Bytes("games.zip", z, DefaultExtensions, DefaultLimits())
	if len(in) != 2 || in[0].Name != "games.zip:a.pgn.gz" || in[1].Name != "games.zip:b.pdn" || read(in[0]) != string(game) || read(in[1]) != string(game) {
		t.Errorf("zip: %d sources %+v", len(in), in)
	}
	if in := Bytes("notes.zip", zipOf(t, map[string][]byte{"readme.md": game}), DefaultExtensions, DefaultLimits()); len(in) != 1 || in[0].Skip == "" {
		t.Errorf("a zip of no record: %+v", in)
	}
	bomb := overlappingZip(t, 50, bytes.Repeat([]byte("1. 32-28 *\n"), 100000))
	if in := Bytes("bomb.zip", bomb, DefaultExtensions, Limits{Max: 1 << 20, Ratio: maxRatio}); len(in) != 1 || !strings.Contains(read(in[0]), "refused") {
		t.Errorf("a bomb: %+v %q", in, read(in[0]))
	}
}

// FuzzBytes: any bytes, named as an archive or a record, are listed and
// read without a panic, and never unpack past the limits.
func FuzzBytes(f *testing.F) {
	f.Add(zipOf(f, map[string][]byte{"a.pdn": []byte("1. 32-28 *"), "b.pdn.gz": gz(f, []byte("1. 32-28 *"))}), true)
	f.Add(overlappingZip(f, 3, []byte("1. 32-28 *")), true)
	f.Add(gz(f, []byte("1. 32-28 *")), false)
	f.Add([]byte("PK\x03\x04"), false)
	f.Fuzz(func(t *testing.T, data []byte, asZip bool) {
		name := "f.pdn"
		if asZip {
			name = "f.zip"
		}
		limits := Limits{Max: 1 << 20, Ratio: maxRatio}
		for _, in := range Bytes(name, data, DefaultExtensions, limits) {
			rc, err := in.Open()
			if err != nil {
				continue
			}
			n, _ := io.Copy(io.Discard, rc)
			rc.Close()
			if n > limits.Max {
				t.Fatalf("%s unpacked %d bytes, past the limit", in.Name, n)
			}
		}
	})
}
