package hub

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

// Lines of protocol.txt's examples.
func TestParseExamples(t *testing.T) {
	cases := []struct {
		in   string
		want Line
	}{
		{`id name=Scan version=3.1 author="Fabien Letouzey" country=France`,
			New("id", "name", "Scan", "version", "3.1", "author", "Fabien Letouzey", "country", "France")},
		{`param name=variant value=normal type=enum values="normal killer bt frisian losing"`,
			New("param", "name", "variant", "value", "normal", "type", "enum", "values", "normal killer bt frisian losing")},
		{"wait", Line{Cmd: "wait"}},
		{"go think", Line{Cmd: "go"}.Flag("think")},
		{`pos pos=BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee moves="38-15 5-41 48-26"`,
			New("pos", "pos", "BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee", "moves", "38-15 5-41 48-26")},
		{"level moves=9 time=291.587", New("level", "moves", "9", "time", "291.587")},
		{"done move=32-28 ponder=17-22", New("done", "move", "32-28", "ponder", "17-22")},
		{`error message=""`, New("error", "message", "")},
		{"  done   move=28x19x23  \r", New("done", "move", "28x19x23")},
	}
	for _, c := range cases {
		got, err := Parse(strings.TrimSuffix(c.in, "\r"))
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%q) = %#v, want %#v", c.in, got, c.want)
		}
	}
	l, _ := Parse(`done move=32-28 ponder=17-22`)
	if v, ok := l.Get("move"); !ok || v != "32-28" || l.Has("nodes") {
		t.Errorf("Get(move) = %q, %v", v, ok)
	}
}

func TestParseRejects(t *testing.T) {
	for _, in := range []string{"", "   ", "=x", `done move="32-28`, `done move="a"b`, `done move=a=b`, `done mo"ve=1`, `done =1`, `"done"`} {
		if l, err := Parse(in); err == nil || !errors.Is(err, ErrMalformed) {
			t.Errorf("Parse(%q) = %#v, %v; want ErrMalformed", in, l, err)
		}
	}
}

func TestString(t *testing.T) {
	l := New("pos", "pos", "Wbbe", "moves", "32-28 17-22").Flag("x")
	if got, want := l.String(), `pos pos=Wbbe moves="32-28 17-22" x`; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if got := New("error", "message", "").String(); got != `error message=""` {
		t.Errorf("empty value: %q", got)
	}
}

func TestReader(t *testing.T) {
	r := NewReader(strings.NewReader("hub\r\nwait\n" + strings.Repeat("x", MaxLine+1) + "\nready\n"))
	for _, want := range []string{"hub", "wait"} {
		if got, err := r.ReadLine(); got != want || err != nil {
			t.Fatalf("ReadLine = %q, %v", got, err)
		}
	}
	if _, err := r.ReadLine(); !errors.Is(err, ErrTooLong) {
		t.Fatalf("long line: %v", err)
	}
	r = NewReader(strings.NewReader("ready"))
	r.ReadLine()
	if _, err := r.ReadLine(); err != io.EOF {
		t.Fatalf("end: %v", err)
	}
}

// FuzzParse: no panic; a line that parses writes back to a line that
// parses to the same thing.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`id name=Scan author="Fabien Letouzey"`, "go think", `done move=32-28 ponder=17-22`, `error message=""`, `a b="" c`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := Parse(s)
		if err != nil {
			return
		}
		l2, err := Parse(l.String())
		if err != nil || !reflect.DeepEqual(l, l2) {
			t.Fatalf("%q -> %q -> %#v, %v", s, l.String(), l2, err)
		}
	})
}

// FuzzReader: any input gives bounded lines and then an error.
func FuzzReader(f *testing.F) {
	f.Add([]byte("hub\nwait\n"))
	f.Add([]byte(strings.Repeat("x", 100)))
	f.Fuzz(func(t *testing.T, in []byte) {
		r := NewReader(strings.NewReader(string(in)))
		for range len(in) + 2 {
			line, err := r.ReadLine()
			if err != nil {
				return
			}
			if len(line) > MaxLine {
				t.Fatalf("line of %d bytes", len(line))
			}
			Parse(line)
		}
		t.Fatal("more lines than bytes")
	})
}

func TestParseMove(t *testing.T) {
	for in, want := range map[string]Move{
		"32-28":    {From: 32, To: 28},
		"28x19x23": {From: 28, To: 19, Captured: []int{23}},
		"28x19":    {From: 28, To: 19},
	} {
		got, err := ParseMove(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("ParseMove(%q) = %+v, %v", in, got, err)
		}
	}
	for _, in := range []string{"", "32", "32-28-23", "x-1", "32-+8", "0-5", "32x", "1000-1"} {
		if m, err := ParseMove(in); err == nil {
			t.Errorf("ParseMove(%q) = %+v", in, m)
		}
	}
}

// FuzzParseMove: no panic, and what parses writes back the same.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"32-28", "28x19x23", "1x50x2x3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil || len(m.Captured) == 0 && strings.Contains(s, "x") {
			return
		}
		if got := FormatMove(m.From, m.To, m.Captured); got != s && strings.TrimLeft(s, "0") == s {
			// Leading zeros ("05-10") read fine and write without them.
			if !strings.Contains(s, "x0") && !strings.Contains(s, "-0") {
				t.Fatalf("ParseMove(%q) -> %q", s, got)
			}
		}
	})
}
