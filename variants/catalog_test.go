package variants

import (
	"io/fs"
	"path"
	"reflect"
	"strings"
	"testing"
)

func TestScanEntryGivesUp(t *testing.T) {
	for _, text := range []string{
		"name: x\ngame: draughts\ndefault: yes\ndraughts:\n  a: 1\n",    // YAML 1.1 bool
		"name: x\ngame: \"a\\\"b\"\ndraughts:\n  a: 1\n",                // escape
		"name: x\ngame: draughts\ndraughts:\n  a: 1\nmorris:\n  b: 2\n", // two sections
		"game: draughts\ndraughts:\n  a: 1\n",                           // no name
		"name: x\ndraughts:\n  a: 1\n",                                  // no game, no base
	} {
		if e, ok := scanEntry([]byte(text), 0); ok {
			t.Errorf("scanEntry(%q) = %+v, want it to give up", text, e)
		}
	}
}

// TestScanEntryReadsEveryBuiltin: the scan reads every builtin file (else
// every run decodes every builtin again); referee's TestCatalogIsBuiltins
// holds what it reads to the decoded variants.
func TestScanEntryReadsEveryBuiltin(t *testing.T) {
	for name, files := range builtinIndex() {
		if len(files) != 1 {
			t.Fatalf("%s: %d files", name, len(files))
		}
		data, err := builtin.ReadFile(files[0])
		if err != nil {
			t.Fatal(err)
		}
		if e, ok := scanEntry(data, 0); !ok || e.Name != name {
			t.Errorf("%s: scanEntry = %+v, %v: write its name, game and default as plain top-level lines", files[0], e, ok)
		}
	}
}

// TestBuiltinIndexIsGlob: the index lists what fs.Glob lists.
func TestBuiltinIndexIsGlob(t *testing.T) {
	all, err := fs.Glob(builtin, "*/*.yaml")
	if err != nil || len(all) == 0 {
		t.Fatal(all, err)
	}
	want := map[string][]string{}
	for _, f := range all {
		name := strings.TrimSuffix(path.Base(f), ".yaml")
		want[name] = append(want[name], f)
	}
	if got := builtinIndex(); !reflect.DeepEqual(got, want) {
		t.Errorf("builtinIndex() = %v, fs.Glob gives %v", got, want)
	}
}
