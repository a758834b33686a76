package variants

import (
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"
)

// toy is a rules section registered by this test only: the loader must
// decode, validate and extend a family's section without knowing it.
type toy struct {
	Size  int      `yaml:"size"`
	Names []string `yaml:"names"`
}

func (t *toy) Validate(fail Fail) error {
	if t.Size < 1 {
		return fail("size", "toy.size must be at least 1, not %d", t.Size)
	}
	return nil
}

func (t *toy) Clone() Rules {
	c := *t
	c.Names = append([]string(nil), t.Names...)
	return &c
}

func init() { RegisterSection("toy", func() Rules { return new(toy) }) }

func TestSectionDecodedByItsFamily(t *testing.T) {
	v, err := Parse("t.yaml", []byte("name: t\ngame: toys\ntoy:\n  size: 3\n  names: [a, b]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if v.Family != "toy" || v.Rules.(*toy).Size != 3 || len(v.Rules.(*toy).Names) != 2 {
		t.Fatalf("decoded %+v %+v", v, v.Rules)
	}
}

func TestSectionErrorsHaveLines(t *testing.T) {
	tests := []struct{ name, yaml, want string }{
		{"unknown key in a section", "name: t\ngame: toys\ntoy:\n  size: 3\n  colour: red\n", "t.yaml:5: unknown key colour"},
		{"unknown top-level key", "name: t\ngame: toys\nchess:\n  size: 3\n", "t.yaml:3: unknown key chess"},
		{"mistyped value", "name: t\ngame: toys\ntoy:\n  size: big\n", "t.yaml:4: cannot unmarshal"},
		{"family's own check", "name: t\ngame: toys\ntoy:\n  size: 0\n", "t.yaml:4: toy.size must be at least 1"},
		{"no section", "name: t\ngame: toys\n", "t.yaml:2: a variant needs exactly one rules section"},
		{"no game", "name: t\ntoy:\n  size: 1\n", "missing key: game"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("t.yaml", []byte(tt.yaml))
			var ve *Error
			if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.As(err, &ve) {
				t.Fatalf("error = %v, want a *variants.Error containing %q", err, tt.want)
			}
		})
	}
}

// A builtin file is skipped, not an error, when its family is not linked
// into the binary (this test binary links none of the real ones).
func TestBuiltinOfUnlinkedFamiliesSkipped(t *testing.T) {
	if !sectionLinked("test/t.yaml", []byte("name: t\ngame: toys\ntoy:\n  size: 1\n")) {
		t.Error("a linked section was taken for an unlinked one")
	}
	if sectionLinked("test/x.yaml", []byte("name: x\ngame: draughts\ndraughts:\n  start: W\n")) {
		t.Error("an unlinked section was taken for a linked one")
	}
	all, err := Builtin()
	if err != nil || len(all) != 0 {
		t.Fatalf("Builtin() without families = %d variants, %v", len(all), err)
	}
}

// The line scan that answers which keys a builtin file has and what it
// extends must give, for every builtin file, what a YAML parse gives: it
// decides which variants load and what they start from.
func TestScanHeadAgreesWithYAML(t *testing.T) {
	files, err := fs.Glob(builtin, "*/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no builtin files: %v", err)
	}
	for _, f := range files {
		data, err := builtin.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		keys, extends, ok := scanHead(data)
		if !ok {
			t.Errorf("%s: the scan is not sure of a builtin file (every run would parse it as YAML)", f)
			continue
		}
		wantKeys, wantExtends, err := yamlHead(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if !slices.Equal(keys, wantKeys) || extends != wantExtends {
			t.Errorf("%s: scan gives keys %v extends %q, YAML %v %q", f, keys, extends, wantKeys, wantExtends)
		}
	}
}

// What the scan is not sure of goes to the YAML parse, which answers or
// fails as before; what it reads, it reads as YAML does.
func TestScanHeadCases(t *testing.T) {
	tests := []struct {
		name, yaml string
		ok         bool
		keys       []string
		extends    string
	}{
		{"plain", "# c\nname: a\nextends: international # base\ntoy:\n  size: 1\n", true, []string{"extends", "name", "toy"}, "international"},
		{"quoted extends", "name: a\nextends: \"frisian\"\n", true, []string{"extends", "name"}, "frisian"},
		{"crlf", "name: a\r\nextends: b\r\n", true, []string{"extends", "name"}, "b"},
		{"no extends", "name: a\ngame: g\n", true, []string{"game", "name"}, ""},
		{"document marker", "---\nname: a\n", false, nil, ""},
		{"flow mapping", "{name: a}\n", false, nil, ""},
		{"quoted key", "\"name\": a\n", false, nil, ""},
		{"tab", "name:\ta\n", false, nil, ""},
		{"duplicate key", "name: a\nname: b\n", false, nil, ""},
		{"extends on the next line", "extends:\n  b\n", false, nil, ""},
		{"extends with an escape", "extends: \"a\\x62\"\n", false, nil, ""},
		{"extends a YAML word", "extends: null\n", false, nil, ""},
		{"extends single-quoted", "extends: 'b'\n", false, nil, ""},
		{"column-0 sequence", "- a\n", false, nil, ""},
		{"key without a space after the colon", "name:a\n", false, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			keys, extends, ok := scanHead([]byte(tt.yaml))
			if ok != tt.ok || !slices.Equal(keys, tt.keys) || extends != tt.extends {
				t.Fatalf("scanHead = %v %q %v, want %v %q %v", keys, extends, ok, tt.keys, tt.extends, tt.ok)
			}
			if !ok {
				return
			}
			wantKeys, wantExtends, err := yamlHead([]byte(tt.yaml))
			if err != nil || !slices.Equal(keys, wantKeys) || extends != wantExtends {
				t.Fatalf("YAML gives %v %q %v", wantKeys, wantExtends, err)
			}
		})
	}
}
