package tournament

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"unicode"

	"gopkg.in/yaml.v3"

	"arbiter/referee/match"
)

// maxEnginesBytes bounds an engines file: a few lines per engine.
const maxEnginesBytes = 1 << 20

// An engines file describes each engine once; a tournament names the ones
// it plays:
//
//	engines:
//	  - name: Scan
//	    protocol: hub
//	    command: ./scan          # relative to this file's folder
//	    args: [hub]
//	    dir: .                   # its working folder (default: a fresh one per game)
//	    options: {book: false}   # Hub set-param before init
//	    tc: 1+0.1                # its own clock: minutes[+seconds], or st: seconds a move
//	  - name: Moby Dam
//	    protocol: dxp
//	    command: ./mobydam
//	    args: [-p, "{port}", -b, book.opn]
//	    stdin: "time 100"        # written to its standard input at start
//
// A DXP engine is reached at address: host:port, or started by command
// with {port} in its args, or connects to arbiter with listen: true (or
// listen: host:port).
type engineYAML struct {
	Name     string            `yaml:"name"`
	Protocol string            `yaml:"protocol"`
	Command  string            `yaml:"command"`
	Args     stringList        `yaml:"args"`
	Dir      string            `yaml:"dir"`
	Address  string            `yaml:"address"`
	Listen   listenValue       `yaml:"listen"`
	Stdin    string            `yaml:"stdin"`
	Options  map[string]scalar `yaml:"options"`
	TC       scalar            `yaml:"tc"`
	ST       scalar            `yaml:"st"`
}

type enginesYAML struct {
	Engines []engineYAML `yaml:"engines"`
}

// stringList is a list of strings, or one string split at spaces.
type stringList []string

func (l *stringList) UnmarshalYAML(n *yaml.Node) error {
	switch n.Kind {
	case yaml.ScalarNode:
		*l = strings.Fields(n.Value)
		return nil
	case yaml.SequenceNode:
		for _, c := range n.Content {
			if c.Kind != yaml.ScalarNode {
				return fmt.Errorf("line %d: args: each argument is a string", c.Line)
			}
			*l = append(*l, c.Value)
		}
		return nil
	}
	return fmt.Errorf("line %d: args: a list of strings", n.Line)
}

// scalar is a YAML scalar kept as written (book: false, tc: 1).
type scalar string

func (s *scalar) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("line %d: a single value is needed", n.Line)
	}
	*s = scalar(n.Value)
	return nil
}

// listenValue is listen: true, or the address arbiter listens on.
type listenValue struct {
	on   bool
	addr string
}

func (l *listenValue) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("line %d: listen: true, false or host:port", n.Line)
	}
	switch n.Value {
	case "true", "yes":
		l.on = true
	case "false", "no":
	default:
		l.on, l.addr = true, n.Value
	}
	return nil
}

// ReadEngines reads an engines file. Relative commands (with a slash) and
// working folders are taken from the file's folder, so that the file can
// sit beside its engines.
func ReadEngines(r io.Reader, file string) ([]match.Engine, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxEnginesBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if len(data) > maxEnginesBytes {
		return nil, fmt.Errorf("%s: larger than 1 MB: not an engines file", file)
	}
	var doc enginesYAML
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: empty: list the engines under the key engines", file)
		}
		return nil, yamlError(file, err)
	}
	lines := engineLines(data)
	base := filepath.Dir(file)
	var out []match.Engine
	seen := map[string]int{}
	for i, y := range doc.Engines {
		line := 0
		if i < len(lines) {
			line = lines[i]
		}
		fail := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: engine %d: %s", file, line, i+1, fmt.Sprintf(format, args...))
		}
		if err := checkName(y.Name); err != nil {
			return nil, fail("%v", err)
		}
		if prev, ok := seen[y.Name]; ok {
			return nil, fail("the name %s is taken by the engine at line %d", y.Name, prev)
		}
		seen[y.Name] = line
		e := match.Engine{Name: y.Name, Proto: y.Protocol, Cmd: y.Command, Args: y.Args, Dir: y.Dir,
			Addr: y.Address, Listen: y.Listen.on, ListenAddr: y.Listen.addr, InitStr: y.Stdin}
		switch e.Proto {
		case "hub", "dxp":
		case "":
			return nil, fail("protocol: hub or dxp is needed")
		default:
			return nil, fail("protocol %q: hub or dxp", e.Proto)
		}
		// Absolute: "./scan" joined to "." would be "scan", which exec
		// looks for in PATH.
		if strings.ContainsRune(e.Cmd, '/') && !filepath.IsAbs(e.Cmd) {
			e.Cmd = absolute(filepath.Join(base, e.Cmd))
		}
		if e.Dir != "" && !filepath.IsAbs(e.Dir) {
			e.Dir = absolute(filepath.Join(base, e.Dir))
		}
		for k, v := range y.Options {
			if e.Proto != "hub" {
				return nil, fail("options are Hub parameters: a DXP engine has none (stdin: gives it console commands)")
			}
			if e.Params == nil {
				e.Params = map[string]string{}
			}
			e.Params[k] = string(v)
		}
		switch {
		case y.TC != "" && y.ST != "":
			return nil, fail("tc or st, not both")
		case y.TC != "":
			if e.TC, err = match.ParseTC(string(y.TC)); err != nil {
				return nil, fail("tc %s: %v", y.TC, err)
			}
		case y.ST != "":
			if e.TC, err = match.PerMoveTC(string(y.ST)); err != nil {
				return nil, fail("st %s: %v", y.ST, err)
			}
		}
		if err := e.Check(); err != nil {
			return nil, fail("%v", err)
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no engine: list them under the key engines", file)
	}
	return out, nil
}

// engineKeys are the keys an engine may have.
const engineKeys = "name, protocol, command, args, dir, address, listen, stdin, options, tc, st"

// yamlErrorWords are compiled at the first error, not at every run's
// start (they were most of this package's init).
var yamlErrorWords = sync.OnceValue(func() [3]*regexp.Regexp {
	return [3]*regexp.Regexp{
		regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`),
		regexp.MustCompile(`^field (\S+) not found in type (\S+)$`),
		regexp.MustCompile(`cannot unmarshal !!(\w+)(?: .*)? into (\S+)$`),
	}
})

// yamlError writes yaml.v3's errors as file:line: what, in the file's
// words rather than Go's types.
func yamlError(file string, err error) error {
	var msgs []string
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	} else {
		msgs = []string{err.Error()}
	}
	words := yamlErrorWords()
	yamlLine, yamlUnknown, yamlTypeName := words[0], words[1], words[2]
	var out []string
	for _, m := range msgs {
		line := ""
		if g := yamlLine.FindStringSubmatch(strings.TrimSpace(m)); g != nil {
			line, m = g[1], g[2]
		}
		if g := yamlUnknown.FindStringSubmatch(m); g != nil {
			m = fmt.Sprintf("unknown key %s (an engine has %s)", g[1], engineKeys)
			if strings.HasSuffix(g[2], "enginesYAML") {
				m = fmt.Sprintf("unknown key %s (the file has one key, engines:, a list of engines)", g[1])
			}
		} else if g := yamlTypeName.FindStringSubmatch(m); g != nil {
			want := "a single value"
			switch {
			case strings.HasPrefix(g[2], "[]"):
				want = "a list"
			case strings.HasPrefix(g[2], "map[") || strings.HasPrefix(g[2], "tournament."):
				want = "a mapping of keys"
			}
			got := map[string]string{"seq": "a list", "map": "a mapping"}[g[1]]
			if got == "" {
				got = "a single value"
			}
			m = fmt.Sprintf("%s where %s is needed (the file is engines: and a list of engines, each a mapping of %s)", got, want, engineKeys)
		}
		m = strings.TrimPrefix(m, "yaml: ")
		if line != "" {
			out = append(out, fmt.Sprintf("%s:%s: %s", file, line, m))
		} else {
			out = append(out, fmt.Sprintf("%s: %s", file, m))
		}
	}
	return errors.New(strings.Join(out, "\n"))
}

func absolute(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

// checkName: a name is written in the PDN's tags and, between commas and
// semicolons, in the tournament's settings.
func checkName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return errors.New("name: is needed")
	case strings.TrimSpace(name) != name:
		return fmt.Errorf("name %q: no spaces around it", name)
	case strings.ContainsAny(name, ",;"):
		return fmt.Errorf("name %q: no commas or semicolons (the tournament's settings list the names between them)", name)
	case strings.IndexFunc(name, func(r rune) bool { return unicode.IsControl(r) || r == unicode.ReplacementChar }) >= 0:
		return fmt.Errorf("name %q: no control characters", name)
	}
	return nil
}

// engineLines finds the line of each item of the engines list.
func engineLines(data []byte) []int {
	var root yaml.Node
	if yaml.Unmarshal(data, &root) != nil || len(root.Content) == 0 {
		return nil
	}
	m := root.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == "engines" && m.Content[i+1].Kind == yaml.SequenceNode {
			var out []int
			for _, c := range m.Content[i+1].Content {
				out = append(out, c.Line)
			}
			return out
		}
	}
	return nil
}

// Select picks the engines named, in the order named; none named: all,
// in the file's order.
func Select(all []match.Engine, names []string) ([]match.Engine, error) {
	if len(names) == 0 {
		return all, nil
	}
	var out []match.Engine
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			return nil, fmt.Errorf("engine %s is named twice", n)
		}
		seen[n] = true
		found := false
		for _, e := range all {
			if e.Name == n {
				out, found = append(out, e), true
				break
			}
		}
		if !found {
			var known []string
			for _, e := range all {
				known = append(known, e.Name)
			}
			return nil, fmt.Errorf("no engine called %s in the engines file (it has %s)", n, strings.Join(known, ", "))
		}
	}
	return out, nil
}
