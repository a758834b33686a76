package variants

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
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
	docType, docKeys = nil, nil // built again with the new section
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
	t, keys := documentType()
	return &document{ptr: reflect.New(t), keys: keys}
}

// docType is the document struct for the sections registered so far, and
// docKeys its sections' keys: built once, not for each of the files every
// run decodes. Both are guarded by sectionsMu.
var (
	docType reflect.Type
	docKeys []string
)

func documentType() (reflect.Type, []string) {
	sectionsMu.RLock()
	t, keys := docType, docKeys
	sectionsMu.RUnlock()
	if t != nil {
		return t, keys
	}
	sectionsMu.Lock()
	defer sectionsMu.Unlock()
	keys = make([]string, 0, len(sections))
	for k := range sections {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fields := []reflect.StructField{{Name: "Header", Type: reflect.TypeOf(header{}), Tag: `yaml:",inline"`}}
	for i, k := range keys {
		fields = append(fields, reflect.StructField{
			Name: fmt.Sprintf("S%d", i),
			Type: sections[k],
			Tag:  reflect.StructTag(fmt.Sprintf(`yaml:"%s,omitempty"`, k)),
		})
	}
	docType, docKeys = reflect.StructOf(fields), keys
	return docType, docKeys
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
	keys, base, err := builtinHead(data)
	if err != nil || depth > maxExtends {
		return true // decoded anyway, so that the error is reported
	}
	sectionsMu.RLock()
	for _, key := range keys {
		if _, isHeader := headerKeys[key]; !isHeader {
			_, known := sections[key]
			sectionsMu.RUnlock()
			return known
		}
	}
	sectionsMu.RUnlock()
	if base != "" {
		if files := builtinFiles(base); len(files) == 1 {
			if b, err := builtin.ReadFile(files[0]); err == nil {
				return linked(files[0], b, depth+1)
			}
		}
	}
	return true
}

// builtinHead answers the questions loading asks of a builtin file before
// decoding it (which top-level keys it has: is its section linked; which
// variant it extends). Every run of arbiter loads every builtin, and a
// YAML parse for these answers was a third of a small check's start-up
// CPU, so our own files are scanned line by line (scanHead); a file the
// scan is not sure of is parsed as YAML. TestScanHeadAgreesWithYAML holds
// the scan to the YAML answer on every builtin file.
func builtinHead(data []byte) (keys []string, extends string, err error) {
	if keys, extends, ok := scanHead(data); ok {
		return keys, extends, nil
	}
	return yamlHead(data)
}

// yamlHead is builtinHead by a YAML parse of the top-level mapping.
func yamlHead(data []byte) (keys []string, extends string, err error) {
	var m map[string]yaml.Node
	if err := yaml.Unmarshal(data, &m); err != nil {
		return nil, "", err
	}
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if n, ok := m["extends"]; ok && n.Decode(&extends) != nil {
		extends = ""
	}
	return keys, extends, nil
}

// scanHead reads the top-level keys of a block mapping written the way
// the builtin files are: one "key:" per line at column 0, a value (if
// any) on the same line, nested lines indented, comments and blank lines
// anywhere. ok is false for anything else (a document marker, a flow or
// quoted key, a tab, a duplicate key, an extends value it cannot read
// whole), and the caller parses the file as YAML instead.
func scanHead(data []byte) (keys []string, extends string, ok bool) {
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if bytes.IndexByte(line, '\t') >= 0 {
			return nil, "", false
		}
		if len(line) == 0 || line[0] == ' ' || line[0] == '#' {
			continue // blank, nested or a comment
		}
		key, value, found := bytes.Cut(line, []byte(":"))
		if !found || !plainKey(key) || (len(value) > 0 && value[0] != ' ') {
			return nil, "", false
		}
		k := string(key)
		if slices.Contains(keys, k) {
			return nil, "", false // YAML refuses it: let it say so
		}
		keys = append(keys, k)
		if k == "extends" {
			if extends, ok = scalarValue(value); !ok {
				return nil, "", false
			}
		}
	}
	sort.Strings(keys)
	return keys, extends, true
}

// plainKey: a key written as lower-case letters, digits, '_' and '-',
// which YAML reads as the same string.
func plainKey(k []byte) bool {
	if len(k) == 0 || k[0] < 'a' || k[0] > 'z' {
		return false
	}
	for _, c := range k {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// scalarValue reads the value after "key:" when it is a plain word (a
// variant name) or a double-quoted one without escapes, with an optional
// comment after it; ok is false for anything YAML might read otherwise.
func scalarValue(v []byte) (string, bool) {
	v = bytes.TrimLeft(v, " ")
	if i := bytes.Index(v, []byte(" #")); i >= 0 {
		v = v[:i]
	}
	v = bytes.TrimRight(v, " ")
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
		if bytes.ContainsAny(v, "\"\\") {
			return "", false
		}
		return string(v), true
	}
	if len(v) == 0 {
		return "", false // null, or a value on the next lines
	}
	for _, c := range v {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '_' && c != '-' {
			return "", false
		}
	}
	if !(v[0] >= 'a' && v[0] <= 'z') || isYAMLWord(string(v)) {
		return "", false
	}
	return string(v), true
}

// isYAMLWord: plain words YAML 1.1/1.2 resolves to something other than a
// string (yaml.v3 decodes them into a string field all the same, but the
// scan does not have to know that).
func isYAMLWord(s string) bool {
	switch s {
	case "null", "true", "false", "yes", "no", "on", "off", "y", "n":
		return true
	}
	return false
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
	// Source is the text the rule comes from, quoted or named.
	Source string `yaml:"source"`
}
