package report

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"arbiter/notation"
	"arbiter/referee"
)

// marshalReportJSON is what jsonWriter wrote before appendReportJSON, the
// reference the hand encoder must equal byte for byte: encoding/json on the
// report with its version, nil tags and diagnostics as [].
func marshalReportJSON(t testing.TB, rep *referee.Report) []byte {
	t.Helper()
	r := *rep
	if r.Diagnostics == nil {
		r.Diagnostics = []referee.Diagnostic{}
	}
	if r.Tags == nil {
		r.Tags = []notation.Tag{}
	}
	b, err := json.Marshal(struct {
		Version int `json:"version"`
		*referee.Report
	}{JSONVersion, &r})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sameJSON fails unless the hand encoder gives encoding/json's bytes.
func sameJSON(t testing.TB, what string, rep *referee.Report) {
	t.Helper()
	want := marshalReportJSON(t, rep)
	got := appendReportJSON(nil, rep)
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: the hand encoder differs from encoding/json\n got %s\nwant %s\nfirst difference at byte %d", what, got, want, firstDiff(got, want))
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// Every report of every record we have, through the writer itself (one
// buffer reused from report to report, as in a run), under the default
// options and under --variations error, which turns variation warnings
// into errors with their legal moves and boards.
func TestReportJSONMatchesEncodingJSON(t *testing.T) {
	roots := []string{td}
	const corpus = "../../../shared/corpus"
	if _, err := os.Stat(corpus); err == nil {
		roots = append(roots, corpus)
	} else {
		t.Logf("no %s: only testdata is compared (%v)", corpus, err)
	}
	var inputs []referee.Input
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			switch filepath.Ext(path) {
			case ".pdn", ".pgn", ".txt":
				inputs = append(inputs, referee.Input{Name: path, Open: func() (io.ReadCloser, error) { return os.Open(path) }})
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, variations := range []string{"", referee.VariationsError} {
		var (
			out                           bytes.Buffer
			w                             = jsonWriter{out: &out}
			games, diags, errs, withLegal int
			withFixes                     int
		)
		opts := referee.StreamOptions{Options: referee.Options{Variations: variations}, Jobs: 1}
		err := referee.CheckInputs(inputs, opts, func(rep *referee.Report) error {
			out.Reset()
			if err := w.Write(rep); err != nil {
				return err
			}
			want := append(marshalReportJSON(t, rep), '\n')
			if !bytes.Equal(out.Bytes(), want) {
				t.Fatalf("--variations %q, %s game %d: the writer differs from encoding/json\n got %s\nwant %s\nfirst difference at byte %d",
					variations, rep.File, rep.Game, out.Bytes(), want, firstDiff(out.Bytes(), want))
			}
			games++
			diags += len(rep.Diagnostics)
			for _, d := range rep.Diagnostics {
				if d.Severity == notation.Error {
					errs++
				}
				if len(d.Legal) > 0 {
					withLegal++
				}
				if len(d.Fixes) > 0 {
					withFixes++
				}
			}
			return nil
		}, func(in referee.Input, err error) { t.Errorf("%s: %v", in.Name, err) })
		if err != nil {
			t.Fatal(err)
		}
		// A comparison of nothing would pass: the records must give
		// reports, findings, legal-move lists and fixes to compare.
		if games < 100 || diags < 20 || withLegal == 0 || withFixes == 0 {
			t.Errorf("--variations %q: only %d games, %d diagnostics, %d with legal moves, %d with fixes compared", variations, games, diags, withLegal, withFixes)
		}
		t.Logf("--variations %q: %d files, %d games, %d diagnostics (%d errors) identical", variations, len(inputs), games, diags, errs)
	}
}

// awkward are strings encoding/json escapes, or nearly does.
var awkward = func() []string {
	var all, high strings.Builder
	for c := range 256 {
		all.WriteByte(byte(c))
		if c >= 0x80 {
			high.WriteByte(byte(c))
			high.WriteByte('a')
		}
	}
	s := []string{
		"", "plain", all.String(), high.String(),
		"<b>&amp;</b>", "\"quoted\" \\back\\ /slash/",
		"\b\f\n\r\t\v\x00\x1f\x7f",
		"line\u2028para\u2029end", "\u2028", "\u2027\u202a",
		"\xe2\x80", "\xe2\x80\xa8\xe2", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf", "\xff\xfe\xfd",
		"\ufffd", "é日本語\U0001F600", "a\xffb\xc3", "\xc3\xa9\xcc\x81",
		"1. 32-28 19-23 {comment} (2. 37-32) 2-0", `[Event "x"]`,
		strings.Repeat("<", 100), strings.Repeat("x", 5000),
		"^|~", "a^b|c~d", "plain text ~ plain text | plain^", strings.Repeat("~", 17), // (the word tests' wordStrict)
	}
	for c := range 256 {
		s = append(s, string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"z")
	}
	return s
}()

// buildReport makes a report from a few strings, numbers and bits, used in
// turn: each bit says whether an omitempty field is set, a slice nil, empty
// or filled. It fills every field the JSON has and also the json:"-" ones,
// which must stay out.
func buildReport(strs []string, nums []int64, bits uint64) *referee.Report {
	if len(strs) == 0 {
		strs = []string{""}
	}
	if len(nums) == 0 {
		nums = []int64{0}
	}
	si, ni, bi := 0, 0, 0
	str := func() string { s := strs[si%len(strs)]; si++; return s }
	num := func() int64 { n := nums[ni%len(nums)]; ni++; return n }
	bit := func() bool { b := bits>>(bi%64)&1 == 1; bi++; return b }
	pos := func() notation.Pos {
		if bit() {
			return notation.Pos{}
		}
		return notation.Pos{Line: int(num()), Col: int(num()), Offset: num()}
	}
	// count is -1 for a nil slice, 0 for an empty one, else 1 to 3.
	count := func() int {
		switch {
		case bit():
			return -1
		case bit():
			return 0
		}
		return 1 + int(uint64(num())%3)
	}
	opt := func() string {
		if bit() {
			return str()
		}
		return ""
	}
	list := func() []string {
		n := count()
		if n < 0 {
			return nil
		}
		out := []string{}
		for range n {
			out = append(out, str())
		}
		return out
	}
	rep := &referee.Report{File: str(), Game: int(num()), Pos: pos()}
	if n := count(); n >= 0 {
		rep.Tags = []notation.Tag{}
		for range n {
			rep.Tags = append(rep.Tags, notation.Tag{Name: str(), Value: str(), Pos: pos()})
		}
	}
	rep.Variant = opt()
	rep.Verdict = str()
	rep.Plies = int(num())
	rep.Result = referee.Result{Tag: opt(), Terminator: opt(), Derived: opt(), Reason: opt(), Draw: opt(), Claimable: list()}
	rep.FinalFEN = opt()
	if n := count(); n >= 0 {
		rep.Diagnostics = []referee.Diagnostic{}
		for range n {
			d := referee.Diagnostic{Diagnostic: notation.Diagnostic{Pos: pos(), Severity: notation.Severity(num()), Code: str(), Msg: str()}}
			if bit() {
				d.MoveNumber = int(num())
			}
			d.Move = opt()
			d.Legal = list()
			d.FEN = opt()
			d.Board = str()
			d.Variation = bit()
			rep.Diagnostics = append(rep.Diagnostics, d)
		}
	}
	if bit() {
		rep.Record = &notation.Record{Tags: rep.Tags}
		rep.Film = &referee.Film{}
	}
	return rep
}

var awkwardNums = []int64{0, 1, -1, 2, 7, 255, 256, 1 << 31, math.MaxInt32, math.MinInt32, math.MaxInt64, math.MinInt64}

// Every awkward string in every string field, with every omitempty field
// both set and empty, every slice nil, empty and filled, positions zero
// and extreme, every severity byte.
func TestReportJSONAwkward(t *testing.T) {
	masks := []uint64{0, math.MaxUint64, 0x5555555555555555, 0xaaaaaaaaaaaaaaaa}
	for i := range 64 {
		masks = append(masks, 1<<i, ^uint64(1<<i))
	}
	rng := rand.New(rand.NewPCG(14, 14))
	for range 40 {
		masks = append(masks, rng.Uint64())
	}
	for si, s := range awkward {
		for mi, m := range masks {
			// s alone, then s among others so that each field sees it.
			sameJSON(t, fmt.Sprintf("string %d alone, mask %d", si, mi), buildReport([]string{s}, awkwardNums[mi%len(awkwardNums):], m))
			sameJSON(t, fmt.Sprintf("string %d mixed, mask %d", si, mi), buildReport([]string{s, "x", awkward[(si+mi)%len(awkward)]}, awkwardNums[(si+mi)%len(awkwardNums):], m))
		}
	}
	for sev := range 256 {
		rep := &referee.Report{Diagnostics: []referee.Diagnostic{{Diagnostic: notation.Diagnostic{Severity: notation.Severity(sev)}}}}
		sameJSON(t, fmt.Sprintf("severity %d", sev), rep)
	}
	// The zero report, and each Result field alone.
	sameJSON(t, "zero report", &referee.Report{})
	for _, r := range []referee.Result{
		{Tag: "2-0"}, {Terminator: "*"}, {Derived: "0-2"}, {Reason: "no moves"}, {Draw: referee.DrawForced},
		{Claimable: []string{"a"}}, {Claimable: []string{}}, {Claimable: []string{"", ""}},
		{Tag: "1-1", Terminator: "1-1", Derived: "1-1", Reason: "r", Draw: referee.DrawAgreed, Claimable: []string{"c", "d"}},
	} {
		sameJSON(t, fmt.Sprintf("result %+v", r), &referee.Report{Result: r})
	}
}

// The encoder appends: what is before it in the buffer stays, and a
// buffer reused for a second report holds only that report.
func TestReportJSONAppends(t *testing.T) {
	a := buildReport([]string{"a<b", "é"}, []int64{3, 4}, 0)
	b := buildReport([]string{"x"}, []int64{1}, math.MaxUint64)
	buf := appendReportJSON([]byte("prefix"), a)
	if want := append([]byte("prefix"), marshalReportJSON(t, a)...); !bytes.Equal(buf, want) {
		t.Fatalf("got %s\nwant %s", buf, want)
	}
	buf = appendReportJSON(buf[:0], b)
	if want := marshalReportJSON(t, b); !bytes.Equal(buf, want) {
		t.Fatalf("got %s\nwant %s", buf, want)
	}
}

func FuzzReportJSON(f *testing.F) {
	f.Add("file.pdn", "<&>", "\xff\u2028", int64(1), int64(-7), uint64(0))
	f.Add("", "", "", int64(0), int64(0), uint64(math.MaxUint64))
	f.Add("a\x00b", "\"\\", "\b\f\n\r\t", int64(math.MaxInt64), int64(math.MinInt64), uint64(0x5555555555555555))
	f.Fuzz(func(t *testing.T, a, b, c string, x, y int64, bits uint64) {
		sameJSON(t, "fuzz", buildReport([]string{a, b, c}, []int64{x, y}, bits))
	})
}

// jsonFields lists, for every struct type the report's JSON reaches, all
// its fields as "Name Type `tag`", in order: the fields appendReportJSON
// writes (or knows to leave out). A change here is a change to make in
// jsonreport.go too.
var jsonFields = map[reflect.Type][]string{
	reflect.TypeFor[referee.Report](): {
		"File string `json:\"file\"`",
		"Game int `json:\"game\"`",
		"Pos notation.Pos `json:\"pos\"`",
		"Tags []notation.Tag `json:\"tags\"`",
		"Variant string `json:\"variant,omitempty\"`",
		"Verdict string `json:\"verdict\"`",
		"Plies int `json:\"plies\"`",
		"Result referee.Result `json:\"result\"`",
		"FinalFEN string `json:\"final_fen,omitempty\"`",
		"Diagnostics []referee.Diagnostic `json:\"diagnostics\"`",
		"Record *notation.Record `json:\"-\"`",
		"Film *referee.Film `json:\"-\"`",
		"Trace *referee.Trace `json:\"-\"`",
		"Identity referee.Identity `json:\"-\"`",
		"limits referee.diagLimits ``",
	},
	reflect.TypeFor[notation.Pos](): {
		"Line int `json:\"line\"`",
		"Col int `json:\"col\"`",
		"Offset int64 `json:\"offset\"`",
	},
	reflect.TypeFor[notation.Tag](): {
		"Name string `json:\"name\"`",
		"Value string `json:\"value\"`",
		"Pos notation.Pos `json:\"pos\"`",
	},
	reflect.TypeFor[referee.Result](): {
		"Tag string `json:\"tag,omitempty\"`",
		"Terminator string `json:\"terminator,omitempty\"`",
		"Derived string `json:\"derived,omitempty\"`",
		"Reason string `json:\"reason,omitempty\"`",
		"Draw string `json:\"draw,omitempty\"`",
		"Claimable []string `json:\"claimable,omitempty\"`",
	},
	reflect.TypeFor[referee.Diagnostic](): {
		"Diagnostic notation.Diagnostic `` (embedded)",
		"MoveNumber int `json:\"move_number,omitempty\"`",
		"Move string `json:\"move,omitempty\"`",
		"Legal []string `json:\"legal,omitempty\"`",
		"FEN string `json:\"fen,omitempty\"`",
		"Board string `json:\"-\"`",
		"Variation bool `json:\"variation,omitempty\"`",
		"Suppressed *referee.Suppression `json:\"suppressed,omitempty\"`",
		"Fixes []referee.Fix `json:\"fixes,omitempty\"`",
	},
	reflect.TypeFor[referee.Suppression](): {
		"Kind string `json:\"kind\"`",
		"Reason string `json:\"reason,omitempty\"`",
		"Pos notation.Pos `json:\"pos,omitzero\"`",
	},
	reflect.TypeFor[referee.Fix](): {
		"Edit string `json:\"edit\"`",
		"Text string `json:\"text,omitempty\"`",
		"Replays int `json:\"replays\"`",
		"Whole bool `json:\"whole,omitempty\"`",
		"Why string `json:\"why\"`",
		"Move string `json:\"move\"`",
		"MoveNumber int `json:\"move_number,omitempty\"`",
		"Pos notation.Pos `json:\"pos\"`",
		"OtherPos notation.Pos `json:\"other_pos,omitzero\"`",
		"Certain bool `json:\"certain,omitempty\"`",
		"Ply int `json:\"-\"`",
	},
	reflect.TypeFor[notation.Diagnostic](): {
		"Pos notation.Pos `json:\"pos\"`",
		"Severity notation.Severity `json:\"severity\"`",
		"Code string `json:\"code\"`",
		"Msg string `json:\"message\"`",
	},
}

// jsonMarshalers are the types the report's JSON reaches that marshal
// themselves, and how; appendReportJSON writes what their method does.
var jsonMarshalers = map[reflect.Type]string{
	reflect.TypeFor[notation.Severity](): "MarshalText",
}

// The hand encoder names every field: a field added to a report type (or
// a tag or type changed) would be silently left out of the JSON, so this
// test walks the types encoding/json would walk and fails on any change,
// telling what to update.
func TestReportJSONKnowsEveryField(t *testing.T) {
	var (
		seen = map[reflect.Type]bool{}
		walk func(reflect.Type)
	)
	marshaler := reflect.TypeFor[json.Marshaler]()
	textMarshaler := reflect.TypeFor[encoding.TextMarshaler]()
	walk = func(typ reflect.Type) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice || typ.Kind() == reflect.Array || typ.Kind() == reflect.Map {
			typ = typ.Elem()
		}
		if seen[typ] {
			return
		}
		seen[typ] = true
		var how []string
		for _, m := range []struct {
			iface reflect.Type
			name  string
		}{{marshaler, "MarshalJSON"}, {textMarshaler, "MarshalText"}} {
			if typ.Implements(m.iface) || reflect.PointerTo(typ).Implements(m.iface) {
				how = append(how, m.name)
			}
		}
		if got, want := strings.Join(how, ","), jsonMarshalers[typ]; got != want {
			t.Errorf("%v marshals itself by %q, appendReportJSON expects %q: write what the method writes in jsonreport.go and update jsonMarshalers", typ, got, want)
		}
		if typ.Kind() != reflect.Struct {
			return
		}
		want, ok := jsonFields[typ]
		if !ok {
			t.Errorf("the report's JSON reaches struct %v, which appendReportJSON does not know: write it in jsonreport.go and list its fields in jsonFields", typ)
			return
		}
		var got []string
		for i := range typ.NumField() {
			f := typ.Field(i)
			s := fmt.Sprintf("%s %v `%s`", f.Name, f.Type, f.Tag)
			if f.Anonymous {
				s += " (embedded)"
			}
			got = append(got, s)
			if f.Tag.Get("json") == "-" || !f.IsExported() && !f.Anonymous {
				continue // encoding/json leaves it out
			}
			walk(f.Type)
		}
		if !slices.Equal(got, want) {
			t.Errorf("the fields of %v changed: appendReportJSON (jsonreport.go) writes\n\t%s\nbut the type has\n\t%s\nwrite the change in jsonreport.go, then update jsonFields",
				typ, strings.Join(want, "\n\t"), strings.Join(got, "\n\t"))
		}
	}
	walk(reflect.TypeFor[referee.Report]())
	for typ := range jsonFields {
		if !seen[typ] {
			t.Errorf("jsonFields lists %v, which the report's JSON no longer reaches", typ)
		}
	}
}

// BenchmarkReportJSON writes the reports of the tournament corpus, by hand
// and by encoding/json (what jsonWriter did before): an op is one game.
func BenchmarkReportJSON(b *testing.B) {
	files, _ := filepath.Glob("../../../shared/corpus/draughts/international-tournaments/*.pdn")
	if len(files) == 0 {
		b.Skip("no ../shared/corpus/draughts/international-tournaments")
	}
	var inputs []referee.Input
	for _, f := range files {
		inputs = append(inputs, referee.Input{Name: f, Open: func() (io.ReadCloser, error) { return os.Open(f) }})
	}
	var reps []*referee.Report
	err := referee.CheckInputs(inputs, referee.StreamOptions{}, func(rep *referee.Report) error {
		reps = append(reps, rep)
		return nil
	}, func(in referee.Input, err error) { b.Fatal(in.Name, err) })
	if err != nil {
		b.Fatal(err)
	}
	for _, enc := range []struct {
		name  string
		write func(*referee.Report) error
	}{
		{"hand", func() func(*referee.Report) error {
			w := &jsonWriter{out: io.Discard}
			return w.Write
		}()},
		{"encoding-json", func(rep *referee.Report) error {
			_, err := io.Discard.Write(append(marshalReportJSON(b, rep), '\n'))
			return err
		}},
	} {
		b.Run(enc.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			cpu0 := cpuTime()
			for b.Loop() {
				if err := enc.write(reps[n%len(reps)]); err != nil {
					b.Fatal(err)
				}
				n++
			}
			// CPU time (getrusage) beside the wall clock: on a shared
			// machine it is the steadier figure.
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/float64(n), "cpu-ns/report")
		})
	}
}

// TestPlain8: appendJSONString's eight-bytes-at-a-time test says plain
// exactly when each byte passes the word test (passesWordTest), for every
// byte at every place, beside plain bytes and beside a byte of each kind.
func TestPlain8(t *testing.T) {
	plain := passesWordTest
	for _, base := range []string{"abcdefgh", "\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f", "        ", "!!!!!!!!", "\x1f\x1f\x1f\x1f\x1f\x1f\x1f\x1f", "\x80\x80\x80\x80\x80\x80\x80\x80"} {
		for c := 0; c < 256; c++ {
			for at := 0; at < 8; at++ {
				b := []byte(base)
				b[at] = byte(c)
				if got, want := plain8(string(b)), plain(string(b)); got != want {
					t.Fatalf("%q: plain8 %v, byte by byte %v", b, got, want)
				}
				for n := 4; n < 8; n++ {
					if got, want := plain4x2(string(b[:n])), plain(string(b[:n])); got != want {
						t.Fatalf("%q: plain4x2 %v, byte by byte %v", b[:n], got, want)
					}
				}
			}
		}
	}
}

// cpuTime is the process's user+system CPU time (getrusage).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// passesWordTest is the word tests' reading of s, byte by byte: every
// byte plain (jsonPlain), none of wordStrict.
func passesWordTest(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || !jsonPlain[s[i]] || strings.IndexByte(wordStrict, s[i]) >= 0 {
			return false
		}
	}
	return true
}

// TestPlainAll: plainAll says plain exactly when every byte passes the
// word test (passesWordTest), for every byte at every place of strings of
// 0 to 20 bytes.
func TestPlainAll(t *testing.T) {
	plain := passesWordTest
	for n := 0; n <= 20; n++ {
		base := []byte(strings.Repeat("a", n))
		if got := plainAll(string(base)); !got {
			t.Fatalf("plainAll(%q) = false", base)
		}
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				s := append([]byte(nil), base...)
				s[at] = byte(c)
				want := plain(string(s))
				if got := plainAll(string(s)); got != want {
					t.Fatalf("plainAll(%q) = %v, want %v", s, got, want)
				}
			}
		}
	}
}

// TestAppendInt: appendInt writes strconv's digits, appended after what
// the buffer holds, for every number of digits and about each power of
// ten (where the number of digits changes), and for negative ones.
func TestAppendInt(t *testing.T) {
	var vs []int64
	for p := int64(1); p <= 1e12; p *= 10 {
		for d := int64(-2); d <= 2; d++ {
			vs = append(vs, p+d, -(p + d), 3*p+d, 9*p+d)
		}
	}
	for v := int64(0); v < 100000; v += 7 {
		vs = append(vs, v, v*37, v*1031)
	}
	vs = append(vs, 1<<31-1, 1<<31, 1<<32-1, 1<<32, 1<<63-1, -1<<63)
	for _, v := range vs {
		want := strconv.AppendInt([]byte("x"), v, 10)
		if got := appendInt([]byte("x"), v); !bytes.Equal(got, want) {
			t.Fatalf("appendInt(%d) = %q, want %q", v, got, want)
		}
	}
}

// TestJSONWriterTagNamesKnown: the writer knows a tag name, the variant
// and the verdict plain by their place and their bytes in memory
// (plainNames), never by their length or place alone: games of one file
// whose names (variants, verdicts) at a place alternate between a plain
// one and others of the same length that are not plain, or are the same
// text in another string, or move to another place (past the places
// remembered too), or come from another file, each give encoding/json's
// bytes.
func TestJSONWriterTagNamesKnown(t *testing.T) {
	event := "Event"
	other := strings.Clone(event)
	games := [][]string{
		{event, "Site"},
		{"Ev<nt", "Site"},
		{event, "Si\"e"},
		{other, "Site"},
		{event, other},
		{"Site", event},
		{"Ev\x01nt", "Sit\xff"},
		{event, "Site"},
		{"", event},
		{event, ""},
		{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s"},
		{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "<", "&", "\n"},
		{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s"},
	}
	valid := "valid"
	verdicts := []string{valid, "val>d", valid, strings.Clone(valid), "", valid, "vali\\"}
	variants := []string{"international", "internationa<", "", "international", "internation\u00e9"}
	var out bytes.Buffer
	w := jsonWriter{out: &out}
	for _, file := range []string{"a.pdn", "b.pdn", "a.pdn"} {
		for g, names := range games {
			rep := &referee.Report{File: file, Game: g + 1, Verdict: verdicts[g%len(verdicts)], Variant: variants[g%len(variants)]}
			for _, n := range names {
				rep.Tags = append(rep.Tags, notation.Tag{Name: n, Value: "v"})
			}
			out.Reset()
			if err := w.Write(rep); err != nil {
				t.Fatal(err)
			}
			if want := append(marshalReportJSON(t, rep), '\n'); !bytes.Equal(out.Bytes(), want) {
				t.Fatalf("%s game %d (names %q): got %s\nwant %s", file, g+1, names, out.Bytes(), want)
			}
		}
	}
}

// TestJSONWriterConfig: each game's object names the config file of its
// own file, and none for a file that has none, as the files come and go
// (the writer looks it up once per file).
func TestJSONWriterConfig(t *testing.T) {
	var out bytes.Buffer
	w := jsonWriter{out: &out, configs: map[string]string{"a.pdn": "a/arbiter.yaml", "c.pdn": `c\"<.yaml`}}
	for i, file := range []string{"a.pdn", "a.pdn", "b.pdn", "a.pdn", "c.pdn", "c.pdn", "b.pdn", "a.pdn"} {
		out.Reset()
		rep := &referee.Report{File: file, Game: i + 1, Verdict: "valid"}
		if err := w.Write(rep); err != nil {
			t.Fatal(err)
		}
		want := marshalReportJSON(t, rep)
		if cfg := w.configs[file]; cfg != "" {
			q, _ := json.Marshal(cfg)
			want = append(append(append(want[:len(want)-1], `,"config":`...), q...), '}')
		}
		if want = append(want, '\n'); !bytes.Equal(out.Bytes(), want) {
			t.Errorf("game %d of %s: got %s\nwant %s", i+1, file, out.Bytes(), want)
		}
	}
}
