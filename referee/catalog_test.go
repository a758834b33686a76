package referee_test

import (
	"reflect"
	"testing"

	"arbiter/variants"
)

// TestCatalogIsBuiltins holds variants.Catalog, read from the builtin
// files' text (variants' TestScanEntryReadsEveryBuiltin says it reads all
// of them), to the decoded builtins with every family linked: entry by
// entry, in order, and Lookup gives the very variant Builtin lists.
func TestCatalogIsBuiltins(t *testing.T) {
	catalog, err := variants.Catalog() // first, before Builtin decodes them all
	if err != nil {
		t.Fatal(err)
	}
	byLookup := map[string]*variants.Variant{}
	for _, e := range catalog {
		v, err := variants.Lookup(e.Name)
		if err != nil {
			t.Fatal(err)
		}
		byLookup[e.Name] = v
	}
	all, err := variants.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var decoded []variants.Entry
	for _, v := range all {
		decoded = append(decoded, variants.Entry{Name: v.Name, Game: v.Game, Family: v.Family, Default: v.Default})
		if byLookup[v.Name] != v {
			t.Errorf("Lookup(%q) = %p, Builtin has %p", v.Name, byLookup[v.Name], v)
		}
	}
	if !reflect.DeepEqual(catalog, decoded) {
		t.Errorf("catalog from the text:\n%v\nfrom the decoded variants:\n%v", catalog, decoded)
	}
}
