// Package config reads .arbiter.yaml, the settings of 'arbiter check' a
// folder gives the records under it (ruff's ruff.toml, eslint's config):
// the nearest one to an input applies to it (Finder), each strictly decoded
// (an unknown key, variant, code or policy is an error at its line, Parse),
// its per-file entries matched by glob, and the whole layered under what
// the user typed (Flags) into the options and the finding filter each
// input is checked under (Resolve, Apply), with where each setting comes
// from (Explain). The command line, the language server and the browser
// page read the same file the same way.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"arbiter/notation"

	"github.com/bmatcuk/doublestar/v4"
	"gopkg.in/yaml.v3"

	"arbiter/notation/input"
	"arbiter/referee"
	"arbiter/referee/codes"
	"arbiter/variants"
)

// FileName is the file 'arbiter check' looks for in an input's folder and
// each folder above it, like ruff's ruff.toml and eslint's config: the
// nearest one applies to that input.
const FileName = ".arbiter.yaml"

// File is one .arbiter.yaml:
//
//	default-variant: international   # records that name no rules
//	variants:                        # the same, per glob relative to this file; first match wins
//	  "english/**": english
//	select: [illegal, ambiguous]     # or ignore: [tag-name-case]; codes, groups (MOVES), patterns (tag-*), ALL
//	extend-ignore: [leading-zero]    # added to what the config above chose (extend-select too)
//	severity: {result-mismatch: error}
//	variations: error                # warn (the default), error or ignore
//	format: github                   # the output format (from the working directory's config)
//	names:                           # convert writes White and Black so ('arbiter names --map')
//	  "koops, Lambert Jan": "Koops, Lambert Jan"
//	per-file:                        # per glob relative to this file, every match in order
//	  "archive/1950-*.pdn": {ignore: [result], variant: english}
//
// Command-line flags win over it. A per-glob variant, like
// default-variant, applies only to records without GameType or Variant
// tags: a record that names its rules keeps them; a per-file entry's
// variant is for every record of its files, as --variant is.
type File struct {
	Path           string // the file
	Dir            string // its folder, where its globs start
	defaultVariant *variants.Variant
	defaultLine    int
	globs          []globVariant
	codes          Layer
	severity       []severityRule
	variations     string
	Format         string            // the output format ("" none)
	Names          map[string]string // a player's spelling -> the name convert writes
	perFile        []perFileEntry
	Lines          map[string]int // the line of each key written, for saying where a setting comes from
}

// Layer is what one level of settings (a config file, a per-file
// entry, the command line) says of the codes reported: Select and Ignore
// replace what the levels above chose, ExtendSelect and ExtendIgnore add
// to it (nil: not said). Where says for each key ("select",
// "extend-ignore") where it was written ("file:line", "--select (command
// line)").
type Layer struct {
	Select, Ignore, ExtendSelect, ExtendIgnore *codes.Selection
	Where                                      map[string]string
}

// severityRule is one entry of a severity table: the codes it names are
// reported at sev.
type severityRule struct {
	codes *codes.Selection
	sev   notation.Severity
	where string // file:line
}

// perFileEntry is one glob of a config's per-file table.
type perFileEntry struct {
	glob                    string
	line                    int
	codes                   Layer
	severity                []severityRule
	variations              string
	variant, defaultVariant *variants.Variant
	lines                   map[string]int
}

// perFileKeys are the keys a per-file entry may have.
var perFileKeys = []string{"select", "ignore", "extend-select", "extend-ignore", "severity", "variations", "variant", "default-variant"}

type globVariant struct {
	glob    string
	variant *variants.Variant
	line    int
}

// configYAML is the file as written; yaml.Node keeps the lines of the
// values checked after decoding.
type configYAML struct {
	DefaultVariant yaml.Node `yaml:"default-variant"`
	Variants       yaml.Node `yaml:"variants"`
	Select         yaml.Node `yaml:"select"`
	Ignore         yaml.Node `yaml:"ignore"`
	ExtendSelect   yaml.Node `yaml:"extend-select"`
	ExtendIgnore   yaml.Node `yaml:"extend-ignore"`
	Severity       yaml.Node `yaml:"severity"`
	Variations     yaml.Node `yaml:"variations"`
	Format         yaml.Node `yaml:"format"`
	Names          yaml.Node `yaml:"names"`
	PerFile        yaml.Node `yaml:"per-file"`
}

// configKeys are the keys of a config file, for the message about an
// unknown one.
const configKeys = "default-variant, variants, select, ignore, extend-select, extend-ignore, severity, variations, format, per-file"

// Error is a mistake in a config file: file:line: message.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// Parse decodes strictly: an unknown or mistyped key, an unknown
// variant, code, variations policy or format is an error with its line,
// never ignored. formats are the output formats the front-end writes (the
// format key names one of them); nil: the front-end writes none, and the
// key is not checked.
func Parse(file string, data []byte, formats []string) (*File, error) {
	var raw configYAML
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&raw); err != nil && !errors.Is(err, io.EOF) {
		return nil, yamlConfigError(file, err)
	}
	cfg := &File{Path: file, Dir: filepath.Dir(file), Lines: map[string]int{}}
	for key, n := range map[string]*yaml.Node{"default-variant": &raw.DefaultVariant, "variants": &raw.Variants, "select": &raw.Select,
		"ignore": &raw.Ignore, "extend-select": &raw.ExtendSelect, "extend-ignore": &raw.ExtendIgnore, "severity": &raw.Severity,
		"variations": &raw.Variations, "format": &raw.Format, "per-file": &raw.PerFile} {
		if n.Kind != 0 {
			cfg.Lines[key] = n.Line
		}
	}
	bad := func(n *yaml.Node, format string, args ...any) error {
		return &Error{file, n.Line, fmt.Sprintf(format, args...)}
	}
	scalar := func(n *yaml.Node, key string) (string, error) {
		if n.Kind == 0 {
			return "", nil
		}
		if n.Kind != yaml.ScalarNode {
			return "", bad(n, "%s: a single value is needed", key)
		}
		return n.Value, nil
	}
	lookup := func(n *yaml.Node, name string) (*variants.Variant, error) {
		v, err := variants.Lookup(name)
		if err != nil {
			return nil, bad(n, "%v", err)
		}
		return v, nil
	}
	if s, err := scalar(&raw.DefaultVariant, "default-variant"); err != nil {
		return nil, err
	} else if s != "" {
		if cfg.defaultVariant, err = lookup(&raw.DefaultVariant, s); err != nil {
			return nil, err
		}
		cfg.defaultLine = raw.DefaultVariant.Line
	}
	if n := &raw.Variants; n.Kind != 0 {
		if n.Kind != yaml.MappingNode {
			return nil, bad(n, "variants: a mapping from globs to variant names is needed (\"english/**\": english)")
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if !doublestar.ValidatePattern(k.Value) {
				return nil, bad(k, "variants: %q is not a valid glob", k.Value)
			}
			if v.Kind != yaml.ScalarNode {
				return nil, bad(v, "variants: %q: a variant name is needed", k.Value)
			}
			variant, err := lookup(v, v.Value)
			if err != nil {
				return nil, err
			}
			cfg.globs = append(cfg.globs, globVariant{k.Value, variant, v.Line})
		}
	}
	var err error
	if cfg.codes, err = parseCodeLayer(file, map[string]*yaml.Node{"select": &raw.Select, "ignore": &raw.Ignore,
		"extend-select": &raw.ExtendSelect, "extend-ignore": &raw.ExtendIgnore}, "", ""); err != nil {
		return nil, err
	}
	if cfg.severity, err = parseSeverity(file, &raw.Severity, "", ""); err != nil {
		return nil, err
	}
	if cfg.variations, err = scalar(&raw.Variations, "variations"); err != nil {
		return nil, err
	}
	if err := checkVariations(file, &raw.Variations, cfg.variations, "variations"); err != nil {
		return nil, err
	}
	if cfg.perFile, err = parsePerFile(file, &raw.PerFile); err != nil {
		return nil, err
	}
	if cfg.Format, err = scalar(&raw.Format, "format"); err != nil {
		return nil, err
	}
	if n := &raw.Names; n.Kind != 0 {
		if n.Kind != yaml.MappingNode {
			return nil, bad(n, "names: a mapping from a spelling to the name to write is needed (\"koops, Lambert Jan\": \"Koops, Lambert Jan\"; 'arbiter names --map' prints one)")
		}
		cfg.Names = map[string]string{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind != yaml.ScalarNode || v.Kind != yaml.ScalarNode || strings.TrimSpace(v.Value) == "" {
				return nil, bad(k, "names: %q: a name to write is needed", k.Value)
			}
			if strings.IndexFunc(v.Value, unicode.IsControl) >= 0 {
				// Written into White or Black as it is: a NUL or a line
				// break would damage the records convert writes.
				return nil, bad(v, "names: %q: the name to write has a control character (%q)", k.Value, v.Value)
			}
			cfg.Names[k.Value] = v.Value
		}
	}
	if cfg.Format != "" && formats != nil && !slices.Contains(formats, cfg.Format) {
		return nil, bad(&raw.Format, "format: unknown %q (%s)", cfg.Format, strings.Join(formats, ", "))
	}
	return cfg, nil
}

func yamlConfigError(file string, err error) error {
	var te *yaml.TypeError
	msgs := []string{strings.TrimPrefix(err.Error(), "yaml: ")}
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msgs = te.Errors
	}
	line := 0
	var out []string
	for _, m := range msgs {
		var l int
		if n, _ := fmt.Sscanf(m, "line %d:", &l); n == 1 {
			if line == 0 {
				line = l
			}
			m = strings.TrimSpace(m[strings.Index(m, ":")+1:])
			if i := strings.Index(m, " not found in type "); i >= 0 && strings.HasPrefix(m, "field ") {
				m = "unknown key " + strings.TrimPrefix(m[:i], "field ") + " (keys: " + configKeys + ")"
			}
		}
		out = append(out, m)
	}
	return &Error{file, line, strings.Join(out, "; ")}
}

// Finder finds and caches the nearest config file of each folder; or,
// with --config FILE, gives that file's for every folder; or, with
// --isolated, none.
type Finder struct {
	byDir    map[string]*File
	fixed    *File // --config
	isolated bool  // --isolated
	formats  []string
	wd       string // the working directory, once asked (os.Getwd stats two folders each time)
	last     lastFolder
}

// lastFolder is the folder of the file forPath was last asked about, by
// the prefix of its path up to the name: the files of a folder come one
// after another, and cleaning each one's path again cost a tenth of what
// a one-game file cost beside its game.
type lastFolder struct {
	pre, dir string // path[:len(pre)] == pre: the folder is dir (absolute, clean)
	cfg      *File
	ok       bool
}

// Nearest finds the nearest config file of each folder: its own
// .arbiter.yaml, else its parent's, up to the root. formats are the
// front-end's output formats (Parse).
func Nearest(formats []string) *Finder {
	return &Finder{byDir: map[string]*File{}, formats: formats}
}

// Fixed gives file for every folder (--config FILE; nil: none).
func Fixed(file *File) *Finder { return &Finder{byDir: map[string]*File{}, fixed: file} }

// Isolated gives none (--isolated): the flags and the defaults alone.
func Isolated() *Finder { return &Finder{byDir: map[string]*File{}, isolated: true} }

// IsIsolated: the finder reads no config file.
func (fd *Finder) IsIsolated() bool { return fd.isolated }

// FixedFile is the file given for every folder, nil when each folder's
// nearest applies.
func (fd *Finder) FixedFile() *File { return fd.fixed }

// ForDir returns the config that applies to files in dir (absolute), or nil.
func (fd *Finder) ForDir(dir string) (*File, error) {
	if fd.isolated || fd.fixed != nil {
		return fd.fixed, nil
	}
	if cfg, ok := fd.byDir[dir]; ok {
		return cfg, nil
	}
	var cfg *File
	file := filepath.Join(dir, FileName)
	data, err := os.ReadFile(file)
	switch {
	case err == nil:
		if cfg, err = Parse(file, data, fd.formats); err != nil {
			return nil, err
		}
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission):
		if parent := filepath.Dir(dir); parent != dir {
			if cfg, err = fd.ForDir(parent); err != nil {
				return nil, err
			}
		}
	default:
		return nil, err
	}
	fd.byDir[dir] = cfg
	return cfg, nil
}

// ForInput returns the config of an input's file (an archive's, for its
// members; the working directory's, for standard input) and the path its
// globs are matched against, relative to the config's folder.
func (fd *Finder) ForInput(in input.Source) (*File, string, error) {
	return fd.forPath(in.Path, in.Member, in.NotDir)
}

// ForPath is ForInput for the file at path ("" the working directory) and
// the member of it, when it is a zip archive.
func (fd *Finder) ForPath(path, member string) (*File, string, error) {
	return fd.forPath(path, member, false)
}

// forPath is ForPath; notDir: path is known to name no folder.
func (fd *Finder) forPath(path, member string, notDir bool) (*File, string, error) {
	if pre, name, ok := splitName(path); ok && notDir && fd.last.ok && pre == fd.last.pre {
		return fd.inFolder(fd.last.dir, name, fd.last.cfg, member)
	}
	if path == "" {
		path = "."
	}
	abs := filepath.Clean(path) // (filepath.Abs, with the working directory asked once)
	if !filepath.IsAbs(path) {
		if fd.wd == "" {
			wd, err := os.Getwd()
			if err != nil {
				return nil, "", err
			}
			fd.wd = wd
		}
		abs = filepath.Join(fd.wd, path)
	}
	dir := abs
	if notDir {
		dir = filepath.Dir(abs)
	} else if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		dir = filepath.Dir(abs)
	}
	cfg, err := fd.ForDir(dir)
	if pre, _, ok := splitName(path); ok && notDir && err == nil {
		// (dir is the clean path of what precedes the name, whatever
		// the name: the next file of the folder is found so)
		fd.last = lastFolder{pre: pre, dir: dir, cfg: cfg, ok: true}
	}
	if cfg == nil || err != nil {
		return nil, "", err
	}
	return fd.rel(cfg, abs, member)
}

// inFolder is forPath for the file name in the folder dir, whose config
// is cfg.
func (fd *Finder) inFolder(dir, name string, cfg *File, member string) (*File, string, error) {
	if cfg == nil {
		return nil, "", nil
	}
	abs := dir + string(filepath.Separator) + name
	if dir == string(filepath.Separator) {
		abs = dir + name
	}
	return fd.rel(cfg, abs, member)
}

// splitName cuts a path before its last element, when that is a name
// that cleaning leaves as it is (not "", "." or ".."): Dir(Clean(path))
// is then Clean(pre), whatever the name.
func splitName(path string) (pre, name string, ok bool) {
	if filepath.Separator != '/' {
		return "", "", false // (Windows: two separators, volume names)
	}
	i := strings.LastIndexByte(path, '/')
	if i < 0 {
		return "", "", false
	}
	name = path[i+1:]
	if name == "" || name == "." || name == ".." {
		return "", "", false
	}
	return path[:i+1], name, true
}

// rel is forPath's answer for the file abs (absolute, clean), under cfg.
func (fd *Finder) rel(cfg *File, abs, member string) (*File, string, error) {
	rel, err := filepath.Rel(cfg.Dir, abs)
	if err != nil {
		return cfg, "", nil
	}
	rel = filepath.ToSlash(rel)
	if member != "" {
		rel += "/" + member
	}
	return cfg, rel, nil
}

// variantFor is the default variant of a file: the first glob it matches,
// else default-variant; line and key say which line of the file chose it
// (key: `variants "english/**"` or `default-variant`).
func (cfg *File) variantFor(rel string) (v *variants.Variant, line int, key string) {
	for _, g := range cfg.globs {
		if ok, _ := doublestar.Match(g.glob, rel); ok {
			return g.variant, g.line, fmt.Sprintf("variants %q", g.glob)
		}
	}
	if cfg.defaultVariant == nil {
		return nil, 0, ""
	}
	return cfg.defaultVariant, cfg.defaultLine, "default-variant"
}

// parseCodeLayer reads the select, ignore, extend-select and extend-ignore
// keys of nodes (those not written have Kind 0); prefix starts the
// messages (`per-file "a/**": `).
//
// where says where each key was written: "x.yaml:3", "x.yaml:5
// (extend-ignore)", `x.yaml:8 (per-file "a/**")`.
func parseCodeLayer(file string, nodes map[string]*yaml.Node, prefix, glob string) (Layer, error) {
	l := Layer{Where: map[string]string{}}
	for _, key := range []string{"select", "ignore", "extend-select", "extend-ignore"} {
		n := nodes[key]
		if n == nil || n.Kind == 0 {
			continue
		}
		items := []*yaml.Node{n}
		if n.Kind == yaml.SequenceNode {
			items = n.Content
		}
		var sel *codes.Selection
		for _, it := range items {
			if it.Kind != yaml.ScalarNode {
				return l, &Error{file, it.Line, prefix + key + ": a list of codes is needed"}
			}
			s, err := codes.Select([]string{it.Value})
			if err != nil {
				return l, &Error{file, it.Line, fmt.Sprintf("%s%s: %v", prefix, key, err)}
			}
			sel = sel.Union(s)
		}
		if sel == nil {
			sel = codes.None() // [] selects nothing, ignores nothing
		}
		var label []string
		if glob != "" {
			label = append(label, fmt.Sprintf("per-file %q", glob))
		}
		if strings.HasPrefix(key, "extend-") {
			label = append(label, key)
		}
		l.Where[key] = fmt.Sprintf("%s:%d", DisplayPath(file), n.Line)
		if len(label) > 0 {
			l.Where[key] += " (" + strings.Join(label, ", ") + ")"
		}
		switch key {
		case "select":
			l.Select = sel
		case "ignore":
			l.Ignore = sel
		case "extend-select":
			l.ExtendSelect = sel
		case "extend-ignore":
			l.ExtendIgnore = sel
		}
	}
	return l, nil
}

// parseSeverity reads a severity table: {CODES: error|warning|note}.
func parseSeverity(file string, n *yaml.Node, prefix, glob string) ([]severityRule, error) {
	if n.Kind == 0 {
		return nil, nil
	}
	if n.Kind != yaml.MappingNode {
		return nil, &Error{file, n.Line, prefix + "severity: a mapping from codes to error, warning or note is needed (result-mismatch: error)"}
	}
	var out []severityRule
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		codes, err := codes.Select([]string{k.Value})
		if err != nil {
			return nil, &Error{file, k.Line, fmt.Sprintf("%sseverity: %v", prefix, err)}
		}
		var sev notation.Severity
		if v.Kind != yaml.ScalarNode || sev.UnmarshalText([]byte(v.Value)) != nil {
			return nil, &Error{file, v.Line, fmt.Sprintf("%sseverity: %s: %q is not error, warning or note", prefix, k.Value, v.Value)}
		}
		where := fmt.Sprintf("%s:%d", DisplayPath(file), k.Line)
		if glob != "" {
			where += fmt.Sprintf(" (per-file %q)", glob)
		}
		out = append(out, severityRule{codes, sev, where})
	}
	return out, nil
}

func checkVariations(file string, n *yaml.Node, v, key string) error {
	switch v {
	case "", referee.VariationsWarn, referee.VariationsError, referee.VariationsIgnore:
		return nil
	}
	return &Error{file, n.Line, fmt.Sprintf("%s: %q is not warn, error or ignore", key, v)}
}

// parsePerFile reads the per-file table: {GLOB: {KEY: VALUE, ...}}, each
// key checked as strictly as the file's own.
func parsePerFile(file string, n *yaml.Node) ([]perFileEntry, error) {
	if n.Kind == 0 {
		return nil, nil
	}
	if n.Kind != yaml.MappingNode {
		return nil, &Error{file, n.Line, "per-file: a mapping from globs to settings is needed (\"archive/1950-*.pdn\": {ignore: [result]})"}
	}
	var out []perFileEntry
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		prefix := fmt.Sprintf("per-file %q: ", k.Value)
		if !doublestar.ValidatePattern(k.Value) {
			return nil, &Error{file, k.Line, fmt.Sprintf("per-file: %q is not a valid glob", k.Value)}
		}
		if v.Kind != yaml.MappingNode {
			return nil, &Error{file, v.Line, prefix + "a mapping of settings is needed (keys: " + strings.Join(perFileKeys, ", ") + ")"}
		}
		e := perFileEntry{glob: k.Value, line: k.Line, lines: map[string]int{}}
		nodes := map[string]*yaml.Node{}
		for j := 0; j+1 < len(v.Content); j += 2 {
			key, val := v.Content[j], v.Content[j+1]
			known := false
			for _, p := range perFileKeys {
				known = known || p == key.Value
			}
			if !known {
				return nil, &Error{file, key.Line, fmt.Sprintf("%sunknown key %s (keys: %s)", prefix, key.Value, strings.Join(perFileKeys, ", "))}
			}
			if nodes[key.Value] != nil {
				return nil, &Error{file, key.Line, fmt.Sprintf("%s%s written twice", prefix, key.Value)}
			}
			nodes[key.Value] = val
			e.lines[key.Value] = val.Line
		}
		var err error
		if e.codes, err = parseCodeLayer(file, nodes, prefix, k.Value); err != nil {
			return nil, err
		}
		if n := nodes["severity"]; n != nil {
			if e.severity, err = parseSeverity(file, n, prefix, k.Value); err != nil {
				return nil, err
			}
		}
		for _, key := range []string{"variations", "variant", "default-variant"} {
			n := nodes[key]
			if n == nil {
				continue
			}
			if n.Kind != yaml.ScalarNode {
				return nil, &Error{file, n.Line, prefix + key + ": a single value is needed"}
			}
			switch key {
			case "variations":
				if err := checkVariations(file, n, n.Value, prefix+key); err != nil {
					return nil, err
				}
				e.variations = n.Value
			default:
				v, err := variants.Lookup(n.Value)
				if err != nil {
					return nil, &Error{file, n.Line, fmt.Sprintf("%s%s: %v", prefix, key, err)}
				}
				if key == "variant" {
					e.variant = v
				} else {
					e.defaultVariant = v
				}
			}
		}
		if e.variant != nil && e.defaultVariant != nil {
			return nil, &Error{file, k.Line, prefix + "give variant (every record) or default-variant (records without tags), not both"}
		}
		out = append(out, e)
	}
	return out, nil
}

// perFileFor lists the per-file entries whose glob matches rel, in the
// order written.
func (cfg *File) perFileFor(rel string) []*perFileEntry {
	var out []*perFileEntry
	for i := range cfg.perFile {
		if ok, _ := doublestar.Match(cfg.perFile[i].glob, rel); ok {
			out = append(out, &cfg.perFile[i])
		}
	}
	return out
}
