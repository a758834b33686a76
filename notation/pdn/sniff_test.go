package pdn

import (
	"bytes"
	"compress/gzip"
	"errors"
	"math/rand"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

const sniffGames = "[Event \"Léman\"]\r\n[White \"Zoë\"]\r\n1. 32-28 19-23 2-0\r\n\r\n[Event \"b\"]\r\n1. 33-29 *\r\n"

// UTF-16 and UTF-32 files (with a BOM, or UTF-16 without one) read as the
// same two games as their UTF-8 text, without a warning.
func TestDecodeTextUnicode(t *testing.T) {
	encs := []struct {
		name string
		enc  encoding.Encoding
	}{
		{"UTF-16LE BOM", unicode.UTF16(unicode.LittleEndian, unicode.UseBOM)},
		{"UTF-16BE BOM", unicode.UTF16(unicode.BigEndian, unicode.UseBOM)},
		{"UTF-16LE", unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)},
		{"UTF-16BE", unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)},
		{"UTF-32LE BOM", utf32.UTF32(utf32.LittleEndian, utf32.UseBOM)},
		{"UTF-32BE BOM", utf32.UTF32(utf32.BigEndian, utf32.UseBOM)},
	}
	want, err := ReadAll(strings.NewReader(sniffGames), "f", Options{})
	if err != nil || len(want) != 2 {
		t.Fatalf("UTF-8: %d games, %v", len(want), err)
	}
	for _, e := range encs {
		t.Run(e.name, func(t *testing.T) {
			b, err := e.enc.NewEncoder().Bytes([]byte(sniffGames))
			if err != nil {
				t.Fatal(err)
			}
			got, err := ReadAll(bytes.NewReader(b), "f", Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("%d games, want %d", len(got), len(want))
			}
			for i := range got {
				if canon(got[i]) != canon(want[i]) {
					t.Errorf("game %d:\n%s\nwant\n%s", i+1, canon(got[i]), canon(want[i]))
				}
				if len(got[i].Diagnostics) != len(want[i].Diagnostics) {
					t.Errorf("game %d: diagnostics %v, want %v", i+1, got[i].Diagnostics, want[i].Diagnostics)
				}
			}
		})
	}
}

// Input that is not text is one error, not games read from its bytes.
func TestDecodeTextNotText(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(sniffGames))
	zw.Close()
	for _, tc := range []struct {
		name, data, kind string
	}{
		{"gzip", gz.String(), "gzip"},
		{"zip", "PK\x03\x04\x14\x00\x00\x00\x08\x00" + strings.Repeat("\x00\x01", 40), "zip"},
		{"ELF", "\x7fELF\x02\x01\x01\x00" + strings.Repeat("\x00", 100), "ELF"},
		{"PNG", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "PNG"},
		{"random binary", strings.Repeat("\x01\x02\x03\x00\x9c", 40), "binary"},
		{"NUL-padded", "[Event \"x\"]" + strings.Repeat("\x00", 100), "binary"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := ReadAll(strings.NewReader(tc.data), "f", Options{})
			if len(recs) != 0 || !errors.Is(err, ErrNotText) || !strings.Contains(err.Error(), tc.kind) {
				t.Errorf("%d games, error %v; want none and a not-text error naming %s", len(recs), err, tc.kind)
			}
		})
	}
	// Text that merely starts like a magic number is text.
	for _, s := range []string{"BZh is not bzip2 1. 32-28 *\n", "GIF8 1. 32-28 *", "\x1a1. 32-28 *",
		"{\a\a\a\a\a\a\a\a\a\a\a\a\a\a\a} *", "[Event \"x\x00\"] 1. 32-28 {\x00} *\n"} {
		if _, err := ReadAll(strings.NewReader(s), "f", Options{}); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
}

// zeroHalves says UTF-16 exactly when every pair of the head is a byte
// and a zero (or a zero and a byte), as counting the zeros of each half
// says it.
func TestZeroHalves(t *testing.T) {
	counted := func(b []byte) (le, be bool) {
		even, odd := 0, 0
		for i := 0; i+1 < len(b); i += 2 {
			if b[i] == 0 {
				even++
			}
			if b[i+1] == 0 {
				odd++
			}
		}
		n := len(b) / 2
		return odd == n && even == 0, even == n && odd == 0
	}
	rnd := rand.New(rand.NewSource(3))
	for range 20000 {
		b := make([]byte, 8+rnd.Intn(30))
		for i := range b {
			switch rnd.Intn(8) {
			case 0:
				b[i] = 0
			default:
				b[i] = byte(1 + rnd.Intn(255))
			}
		}
		// Mostly UTF-16-like: one half zeros, a byte changed or not.
		if rnd.Intn(2) == 0 {
			half := rnd.Intn(2)
			for i := range b {
				if i%2 == half {
					b[i] = 0
				} else if b[i] == 0 {
					b[i] = 'a'
				}
			}
			if rnd.Intn(2) == 0 {
				b[rnd.Intn(len(b))] ^= byte(1 + rnd.Intn(255))
			}
		}
		le, be := zeroHalves(b)
		wle, wbe := counted(b)
		if le != wle || be != wbe {
			t.Fatalf("% x: zeroHalves %v %v, counted %v %v", b, le, be, wle, wbe)
		}
	}
}

// The head's checks that skip their comparisons by its first byte
// (unicodeByBOM, notText) say what comparing every prefix says, and
// indexLineEnd finds what bytes.IndexAny(b, "\r\n") finds, on heads that
// start with every byte and with every BOM and magic, cut anywhere.
func TestHeadChecksByFirstByte(t *testing.T) {
	boms := [][]byte{{0xff, 0xfe, 0, 0}, {0, 0, 0xfe, 0xff}, {0xff, 0xfe}, {0xfe, 0xff}}
	var heads [][]byte
	for c := range 256 {
		heads = append(heads, []byte{byte(c)}, append([]byte{byte(c)}, "[Event \"x\"]\r\n1. 32-28\r19-23\n"...))
	}
	for _, b := range boms {
		heads = append(heads, append(b, "a\x00b\x00"...))
	}
	for _, m := range magics {
		heads = append(heads, []byte(m.prefix+"91AY&SY 1. 32-28 19-23 2. 37-32 *\n"), []byte(m.prefix+"x\r\n"))
	}
	rnd := rand.New(rand.NewSource(4))
	for range 2000 {
		b := make([]byte, rnd.Intn(40))
		for i := range b {
			b[i] = "\r\n\x00\xff\xfePK[a "[rnd.Intn(10)]
		}
		heads = append(heads, b)
	}
	for _, h := range heads {
		for n := 0; n <= len(h); n++ {
			head := h[:n]
			sameHeadChecks(t, head)
		}
	}
}

func FuzzHeadChecks(f *testing.F) {
	f.Add([]byte("[Event \"x\"]\r\n"))
	f.Add([]byte("\xff\xfe\x00\x00"))
	f.Add([]byte("BZh91AY&SY"))
	f.Fuzz(func(t *testing.T, head []byte) { sameHeadChecks(t, head) })
}

func sameHeadChecks(t *testing.T, head []byte) {
	t.Helper()
	kind, ok := notText(head)
	if wantKind, wantOK := kindWanted(head); kind != wantKind || ok != wantOK {
		t.Errorf("notText(%q) = %q, %v; want %q, %v", head, kind, ok, wantKind, wantOK)
	}
	if got, want := indexLineEnd(head), bytes.IndexAny(head, "\r\n"); got != want {
		t.Errorf("indexLineEnd(%q) = %d, want %d", head, got, want)
	}
}

// kindWanted is notText as it was, comparing every prefix.
func kindWanted(head []byte) (string, bool) {
	for _, m := range magics {
		if bytes.HasPrefix(head, []byte(m.prefix)) && (m.prefix != "BZh" || bytes.HasPrefix(head[min(len(head), 4):], []byte("1AY&SY"))) {
			return m.kind, true
		}
	}
	nul := bytes.Count(head, []byte{0})
	if nul >= 4 && 32*nul >= len(head) {
		return "binary data", true
	}
	return "", false
}
