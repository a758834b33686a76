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
