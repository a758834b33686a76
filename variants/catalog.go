package variants

import (
	"bytes"
	"sort"
	"sync"
)

// Entry is what a builtin variant's header says, known without decoding
// its YAML: enough to find which variant a record names, of which game and
// family, so that a run decodes only that one (and the bases it extends),
// not every builtin (decoding them all was most of a small check's CPU).
type Entry struct {
	Name    string
	Game    string
	Family  string
	Default bool
}

// Catalog lists the builtin variants Builtin would return, in its order
// (game, then name), read from the files' top-level lines when every file
// is written the way scanHead reads (TestCatalogScansEveryBuiltin), else
// from Builtin itself. Callers load an entry's variant with Lookup(Name).
func Catalog() ([]Entry, error) {
	return catalogOnce()
}

var catalogOnce = sync.OnceValues(func() ([]Entry, error) {
	if c, ok := scanCatalog(); ok {
		return c, nil
	}
	return builtinCatalog()
})

// builtinCatalog is the catalog made from the decoded builtins.
func builtinCatalog() ([]Entry, error) {
	all, err := Builtin()
	out := make([]Entry, 0, len(all))
	for _, v := range all {
		out = append(out, Entry{Name: v.Name, Game: v.Game, Family: v.Family, Default: v.Default})
	}
	return out, err
}

// scanCatalog reads the catalog from the builtin files' text; ok is false
// when any file is one the scan cannot read with certainty.
func scanCatalog() ([]Entry, bool) {
	var out []Entry
	for name, files := range builtinIndex() {
		if len(files) != 1 {
			return nil, false
		}
		data, err := builtin.ReadFile(files[0])
		if err != nil || !sectionLinked(files[0], data) {
			if err != nil {
				return nil, false
			}
			continue // a game this binary does not link
		}
		e, ok := scanEntry(data, 0)
		if !ok || e.Name != name {
			return nil, false // (Builtin reports a name that is not the file's)
		}
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Game != out[j].Game {
			return out[i].Game < out[j].Game
		}
		return out[i].Name < out[j].Name
	})
	return out, true
}

// scanEntry reads one file's entry: name, game and default as written at
// the top level, the family from its rules section's key; the game and
// the family a file does not write come from the base it extends, as
// parseExtending has them (default does not carry over).
func scanEntry(data []byte, depth int) (e Entry, ok bool) {
	keys, extends, ok := scanHead(data)
	if !ok || depth > maxExtends {
		return Entry{}, false
	}
	for _, k := range keys {
		if !headerKeys[k] {
			if e.Family != "" {
				return Entry{}, false // two sections: an error Builtin reports
			}
			e.Family = k
		}
	}
	var hasName, hasGame bool
	for line := range bytes.Lines(data) {
		line = bytes.TrimRight(line, "\r\n")
		key, value, found := bytes.Cut(line, []byte(":"))
		if !found || len(key) == 0 || key[0] == ' ' || key[0] == '#' {
			continue
		}
		switch string(key) {
		case "name":
			if e.Name, ok = scalarValue(value); !ok {
				return Entry{}, false
			}
			hasName = true
		case "game":
			if e.Game, ok = scalarValue(value); !ok {
				return Entry{}, false
			}
			hasGame = true
		case "default":
			if e.Default, ok = boolValue(value); !ok {
				return Entry{}, false
			}
		}
	}
	if !hasName {
		return Entry{}, false
	}
	if extends != "" && (!hasGame || e.Family == "") {
		files := builtinFiles(extends)
		if len(files) != 1 {
			return Entry{}, false
		}
		b, err := builtin.ReadFile(files[0])
		if err != nil {
			return Entry{}, false
		}
		base, ok := scanEntry(b, depth+1)
		if !ok {
			return Entry{}, false
		}
		if !hasGame {
			e.Game, hasGame = base.Game, true
		}
		if e.Family == "" {
			e.Family = base.Family
		}
	}
	return e, hasGame && e.Game != "" && e.Family != ""
}

// boolValue reads "true" or "false", with an optional comment after it;
// ok is false for any other spelling (YAML 1.1's yes/on, ...), left to
// the decoder.
func boolValue(v []byte) (b, ok bool) {
	v = bytes.TrimLeft(v, " ")
	if i := bytes.Index(v, []byte(" #")); i >= 0 {
		v = v[:i]
	}
	switch string(bytes.TrimRight(v, " ")) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}
