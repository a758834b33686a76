package variants

import (
	"fmt"
	"io/fs"
	"reflect"
	"sort"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

// Rules is a variant's rules section as its game family decodes it: a
// pointer to a struct with yaml tags, which the loader fills strictly.
type Rules interface {
	// Validate checks what decoding cannot (ranges, one of several words);
	// fail builds an error that points at the key's line in the file.
	Validate(fail Fail) error
	// Clone returns a deep copy, the start of a variant that extends this
	// one (the extending file's keys then override its fields).
	Clone() Rules
}

// Fail builds an error about key (its line found in the file) with a
// formatted message.
type Fail func(key, format string, args ...any) error

var (
	sectionsMu sync.RWMutex
	sections   = map[string]reflect.Type{} // key -> pointer type of its Rules
)

// RegisterSection makes key (draughts:, morris:, ...) a rules section that
// variant files may have, decoded into the type newRules returns. Game
// families call it from init, so the loader knows no game.
func RegisterSection(key string, newRules func() Rules) {
	t := reflect.TypeOf(newRules())
	if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("variants: section %q: Rules must be a pointer to a struct, not %v", key, t))
	}
	sectionsMu.Lock()
	defer sectionsMu.Unlock()
	if _, dup := sections[key]; dup {
		panic(fmt.Sprintf("variants: section %q registered twice", key))
	}
	sections[key] = t
}

// SectionKeys lists the registered rules sections, sorted.
func SectionKeys() []string {
	sectionsMu.RLock()
	defer sectionsMu.RUnlock()
	keys := make([]string, 0, len(sections))
	for k := range sections {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// document is the shape of a variant file: the header inline, then one
// optional pointer field per registered section. It is built with
// reflection so that yaml.v3's strict decoding (KnownFields) checks every
// key of every section and keeps line numbers in its errors, which decoding
// each section from a yaml.Node separately would not.
type document struct {
	ptr  reflect.Value // *struct{Header header; S0 *T0; S1 *T1; ...}
	keys []string      // section key of field i+1
}

func newDocument() *document {
	keys := SectionKeys()
	fields := []reflect.StructField{{Name: "Header", Type: reflect.TypeOf(header{}), Tag: `yaml:",inline"`}}
	sectionsMu.RLock()
	for i, k := range keys {
		fields = append(fields, reflect.StructField{
			Name: fmt.Sprintf("S%d", i),
			Type: sections[k],
			Tag:  reflect.StructTag(fmt.Sprintf(`yaml:"%s,omitempty"`, k)),
		})
	}
	sectionsMu.RUnlock()
	return &document{ptr: reflect.New(reflect.StructOf(fields)), keys: keys}
}

func (d *document) header() *header {
	return d.ptr.Elem().Field(0).Addr().Interface().(*header)
}

func (d *document) field(key string) (reflect.Value, bool) {
	for i, k := range d.keys {
		if k == key {
			return d.ptr.Elem().Field(i + 1), true
		}
	}
	return reflect.Value{}, false
}

func (d *document) setRules(key string, r Rules) {
	if f, ok := d.field(key); ok {
		f.Set(reflect.ValueOf(r))
	}
}

func (d *document) rules(key string) Rules {
	f, _ := d.field(key)
	return f.Interface().(Rules)
}

// sections lists the keys of the sections the file set.
func (d *document) sections() []string {
	var set []string
	for i, k := range d.keys {
		if !d.ptr.Elem().Field(i + 1).IsNil() {
			set = append(set, k)
		}
	}
	return set
}

// sectionLinked says whether a builtin file's rules section (or, for a
// file that only extends, its base's) belongs to a family this binary
// links: a binary may ship fewer games than the embedded files describe.
func sectionLinked(p string, data []byte) bool {
	return linked(p, data, 0)
}

func linked(p string, data []byte, depth int) bool {
	top, err := builtinTop(p, data)
	if err != nil || depth > maxExtends {
		return true // decoded anyway, so that the error is reported
	}
	sectionsMu.RLock()
	for key := range top {
		if _, isHeader := headerKeys[key]; !isHeader {
			_, known := sections[key]
			sectionsMu.RUnlock()
			return known
		}
	}
	sectionsMu.RUnlock()
	if base := builtinExtends(top); base != "" {
		if files, _ := fs.Glob(builtin, "*/"+base+".yaml"); len(files) == 1 {
			if b, err := builtin.ReadFile(files[0]); err == nil {
				return linked(files[0], b, depth+1)
			}
		}
	}
	return true
}

// builtinTop is a builtin file's top-level mapping, decoded once for the
// questions loading asks of it (is its section linked, which variant does
// it extend), however many variants extend it.
func builtinTop(p string, data []byte) (map[string]yaml.Node, error) {
	if top, ok := builtinTops.Load(p); ok {
		return top.(map[string]yaml.Node), nil
	}
	var top map[string]yaml.Node
	if err := yaml.Unmarshal(data, &top); err != nil {
		return nil, err
	}
	builtinTops.Store(p, top)
	return top, nil
}

var builtinTops sync.Map // builtin file path -> map[string]yaml.Node

// builtinExtends is the variant a builtin file's top-level mapping
// extends, "" if none.
func builtinExtends(top map[string]yaml.Node) string {
	var base string
	if n, ok := top["extends"]; ok && n.Decode(&base) == nil {
		return base
	}
	return ""
}

// headerKeys are the keys of header, every other top-level key is a
// rules section.
var headerKeys = func() map[string]bool {
	keys := map[string]bool{}
	t := reflect.TypeOf(header{})
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		keys[name] = true
	}
	return keys
}()

// Effect of a draw rule: the game ends drawn at once, or a player may claim.
const (
	EffectForced    = "forced"
	EffectClaimable = "claimable"
)

// CountRule is a draw rule that fires at a count.
type CountRule struct {
	Count  int    `yaml:"count"`
	Effect string `yaml:"effect"`
}
