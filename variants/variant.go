// Package variants holds the named rule variants as YAML files, embedded in
// the binary, and the strict loader that turns a YAML file into a Variant.
// A variant file is the user's way to add a rule set without touching Go:
// every behaviour of a rules engine is a field here, and no code switches on
// a variant's name.
package variants

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

//go:embed */*.yaml
var builtin embed.FS

// Variant is one named rule set: a header common to every game, and one
// rules section (draughts:, morris:, ...) decoded by the game family that
// registered that section's key.
type Variant struct {
	header `yaml:",inline"`

	// Family is the key of the rules section the file has ("draughts",
	// "morris", "race", "halma"): the game family whose engine plays it.
	// Game is what records and --variant call the game (ludo, goose, ...).
	Family string `yaml:"-"`
	// Rules is the decoded section, of the type its family registered.
	Rules Rules `yaml:"-"`

	// File is where the variant was read from ("builtin:draughts/x.yaml"
	// for embedded ones); YAML is its text as written.
	File string `yaml:"-"`
	YAML []byte `yaml:"-"`
}

// header is what every variant file says, whatever its game.
type header struct {
	Name        string `yaml:"name"`
	Game        string `yaml:"game"`
	Description string `yaml:"description"`
	// Source names the rules text the variant follows.
	Source string `yaml:"source"`
	// Extends names a variant whose fields this one starts from; only the
	// fields written here override it.
	Extends string `yaml:"extends,omitempty"`
	// Default marks the variant a record of this game gets when it names
	// none (or one arbiter does not know); one per game.
	Default bool `yaml:"default,omitempty"`
}

// Error is a problem in a variant file, with the line it is on when known.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// ErrUnknown is returned (wrapped) when no variant has the asked name.
var ErrUnknown = errors.New("unknown variant")

var (
	builtinOnce sync.Once
	builtinAll  []*Variant
	builtinErr  error
)

// Builtin returns every embedded variant, sorted by game then name. They
// are decoded once and shared: callers must not modify them.
func Builtin() ([]*Variant, error) {
	builtinOnce.Do(func() { builtinAll, builtinErr = loadBuiltin() })
	return builtinAll, builtinErr
}

func loadBuiltin() ([]*Variant, error) {
	var out []*Variant
	err := fs.WalkDir(builtin, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".yaml" {
			return err
		}
		data, err := builtin.ReadFile(p)
		if err != nil {
			return err
		}
		if !sectionLinked(p, data) {
			return nil // a game this binary does not link
		}
		v, err := parseBuiltin(p, data, 0)
		if err != nil {
			return err
		}
		if want := strings.TrimSuffix(path.Base(p), ".yaml"); v.Name != want {
			return &Error{File: v.File, Line: lineOfKey(data, "name"), Msg: fmt.Sprintf("a builtin variant's name must match its file name %q", want)}
		}
		out = append(out, v)
		return nil
	})
	sort.Slice(out, func(i, j int) bool {
		if out[i].Game != out[j].Game {
			return out[i].Game < out[j].Game
		}
		return out[i].Name < out[j].Name
	})
	return out, err
}

// Lookup returns the embedded variant with the given name. A builtin
// variant's file is named after it (draughts/international.yaml), which is
// what lets `extends` load a base without loading every variant.
func Lookup(name string) (*Variant, error) {
	if files := builtinFiles(name); len(files) == 1 && !strings.ContainsAny(name, "/*?[\\") {
		// The one file of that name is the variant the loop below
		// finds (a builtin's name is its file's), without decoding
		// every other builtin first.
		if v, ok := builtinParsed.Load(files[0]); ok {
			return v.(*Variant), nil // (decoded, so its section is linked)
		}
		if data, err := builtin.ReadFile(files[0]); err == nil && sectionLinked(files[0], data) {
			return parseBuiltin(files[0], data, 0)
		}
	}
	if all, err := Builtin(); err == nil {
		for _, v := range all {
			if v.Name == name {
				return v, nil
			}
		}
	}
	return lookup(name, 0)
}

// parseBuiltin parses the builtin file p once: a base that several
// variants extend (international: seven of them) is not parsed again for
// each, and every run of arbiter loads the builtins (their YAML was most
// of its start-up time). Variants are shared, never changed, as Lookup's
// already are.
func parseBuiltin(p string, data []byte, depth int) (*Variant, error) {
	if v, ok := builtinParsed.Load(p); ok {
		return v.(*Variant), nil
	}
	var v *Variant
	var err error
	if _, extends, herr := builtinHead(data); herr == nil {
		v, err = parseExtending("builtin:"+p, data, depth, extends)
	} else {
		v, err = parse("builtin:"+p, data, depth)
	}
	if err == nil {
		// Two runs may decode the same file at once: the first stored
		// is the one every caller gets, so a variant has one pointer.
		stored, _ := builtinParsed.LoadOrStore(p, v)
		v = stored.(*Variant)
	}
	return v, err
}

var builtinParsed sync.Map // builtin file path -> *Variant

// builtinFiles is fs.Glob(builtin, "*/"+name+".yaml"): the builtin files
// of that name. For a name without a pattern character it looks the name
// up in an index of the files, read once: a run looks up every base a
// builtin extends, and each Glob read and matched every directory.
func builtinFiles(name string) []string {
	if strings.ContainsAny(name, "*?[\\") {
		files, _ := fs.Glob(builtin, "*/"+name+".yaml")
		return files
	}
	return builtinIndex()[name]
}

var builtinIndex = sync.OnceValue(func() map[string][]string {
	// fs.Glob(builtin, "*/*.yaml") by two ReadDirs: Glob matched and
	// joined every name, a fifth of a small check's variant loading.
	index := map[string][]string{}
	dirs, _ := fs.ReadDir(builtin, ".")
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		files, _ := fs.ReadDir(builtin, d.Name())
		for _, f := range files {
			if name, ok := strings.CutSuffix(f.Name(), ".yaml"); ok {
				index[name] = append(index[name], d.Name()+"/"+f.Name())
			}
		}
	}
	return index
})

// maxExtends bounds a chain of `extends`, so a cycle is an error, not a hang.
const maxExtends = 8

func lookup(name string, depth int) (*Variant, error) {
	if depth > maxExtends {
		return nil, fmt.Errorf("variant %q: extends chain longer than %d (a cycle?)", name, maxExtends)
	}
	files := builtinFiles(name)
	if len(files) == 1 && !strings.ContainsAny(name, "/*?[\\") {
		data, err := builtin.ReadFile(files[0])
		if err != nil {
			return nil, err
		}
		return parseBuiltin(files[0], data, depth)
	}
	all, _ := fs.Glob(builtin, "*/*.yaml")
	var names []string
	for _, f := range all {
		names = append(names, strings.TrimSuffix(path.Base(f), ".yaml"))
	}
	sort.Strings(names)
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknown, name, strings.Join(names, ", "))
}

// LoadFile reads a user's variant file.
func LoadFile(file string) (*Variant, error) {
	data, err := readFile(file) // bounded: limits.go
	if err != nil {
		return nil, err
	}
	return Parse(file, data)
}

// Parse decodes a variant strictly: an unknown or mistyped key is an error
// with its line. A variant with `extends` starts from the named builtin.
func Parse(file string, data []byte) (*Variant, error) {
	if err := checkLimits(file, data); err != nil {
		return nil, err
	}
	return parse(file, data, 0)
}

func parse(file string, data []byte, depth int) (*Variant, error) {
	var head struct {
		Extends string `yaml:"extends"`
	}
	// A first, lenient look for `extends` only; the strict decode follows.
	if err := yaml.Unmarshal(data, &head); err != nil {
		return nil, yamlError(file, err)
	}
	return parseExtending(file, data, depth, head.Extends)
}

// parseExtending is parse once the file's `extends` is known.
func parseExtending(file string, data []byte, depth int, extends string) (*Variant, error) {
	doc := newDocument()
	if extends != "" {
		base, err := lookup(extends, depth+1)
		if err != nil {
			return nil, &Error{File: file, Line: lineOfKey(data, "extends"), Msg: err.Error()}
		}
		// The base's section is the starting point the file's keys override.
		doc.setRules(base.Family, base.Rules.Clone())
		doc.header().Game = base.Game
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(doc.ptr.Interface()); err != nil && err != io.EOF {
		return nil, yamlError(file, err)
	}
	v := &Variant{header: *doc.header(), File: file, YAML: data}
	fail := func(key, format string, args ...any) error {
		return &Error{File: file, Line: lineOfKey(data, key), Msg: fmt.Sprintf(format, args...)}
	}
	if v.Name == "" {
		return nil, fail("name", "missing key: name")
	}
	if v.Game == "" {
		return nil, fail("game", "missing key: game")
	}
	// The rules section says which engine plays the game; the game's name
	// is what records and --variant lookups call it (ludo, goose, ...).
	set := doc.sections()
	if len(set) != 1 {
		return nil, fail("game", "a variant needs exactly one rules section: %s:", strings.Join(SectionKeys(), ":, "))
	}
	v.Family, v.Rules = set[0], doc.rules(set[0])
	if err := v.Rules.Validate(fail); err != nil {
		return nil, err
	}
	return v, nil
}

// yamlError turns yaml.v3's errors ("yaml: line 3: ..." or a TypeError
// listing "line 3: field x not found in type ...") into file:line errors.
func yamlError(file string, err error) error {
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		var msgs []string
		line := 0
		for _, e := range te.Errors {
			l, msg := splitLine(e)
			if line == 0 {
				line = l
			}
			msgs = append(msgs, msg)
		}
		return &Error{File: file, Line: line, Msg: strings.Join(msgs, "; ")}
	}
	l, msg := splitLine(strings.TrimPrefix(err.Error(), "yaml: "))
	return &Error{File: file, Line: l, Msg: msg}
}

func splitLine(s string) (int, string) {
	var line int
	if n, _ := fmt.Sscanf(s, "line %d:", &line); n == 1 {
		if i := strings.Index(s, ":"); i >= 0 {
			msg := strings.TrimSpace(s[i+1:])
			if i := strings.Index(msg, " not found in type "); i >= 0 && strings.HasPrefix(msg, "field ") {
				msg = "unknown key " + strings.TrimPrefix(msg[:i], "field ")
			}
			return line, msg
		}
	}
	return 0, s
}

// lineOfKey finds the first line where key is written as a mapping key, so
// that semantic errors found after decoding still point into the file.
func lineOfKey(data []byte, key string) int {
	last := key
	if i := strings.LastIndex(key, "."); i >= 0 {
		last = key[i+1:]
	}
	for i, l := range strings.Split(string(data), "\n") {
		t := strings.TrimLeft(l, " \t-")
		if strings.HasPrefix(t, last+":") {
			return i + 1
		}
	}
	return 0
}

// ForGame returns the builtin variant of a game with the given name. With
// no name, or a name it does not know (an error then), it also returns the
// game's default variant, so a caller can go on with a warning.
func ForGame(game, name string) (*Variant, error) {
	all, err := Catalog()
	if err != nil {
		return nil, err
	}
	var def *Variant
	var defName string
	var names []string
	for _, e := range all {
		if e.Game != game {
			continue
		}
		if strings.EqualFold(e.Name, name) {
			return Lookup(e.Name)
		}
		if e.Default {
			defName = e.Name
		}
		names = append(names, e.Name)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%w: arbiter knows no %q games", ErrUnknown, game)
	}
	// The default is decoded only when no variant of that name is found.
	if defName != "" {
		if def, err = Lookup(defName); err != nil {
			return nil, err
		}
	}
	if name == "" && def != nil {
		return def, nil
	}
	return def, fmt.Errorf("%w %q for %s (known: %s)", ErrUnknown, name, game, strings.Join(names, ", "))
}
