package config

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// A form (the browser page's) holds the keys of .arbiter.yaml as fields of
// text, each named as its key: a list of codes comma-separated ("illegal,
// MOVES"), a table one entry a line ("english/**: english", "result:
// warning", `"old/*.pdn": {ignore: [result]}`), a single value as it is.
// Fields turns a file into them and FromFields them into a file, checked
// as strictly as the file, each mistake said at its field.

// FieldKeys are the keys a form has a field for, in the order of the file's
// documentation: format is the front-end's and names convert's, not a
// check's.
var FieldKeys = []string{"default-variant", "variants", "select", "ignore", "extend-select", "extend-ignore", "severity", "variations", "per-file"}

var (
	listKeys  = map[string]bool{"select": true, "ignore": true, "extend-select": true, "extend-ignore": true}
	tableKeys = map[string]bool{"variants": true, "severity": true, "per-file": true}
)

// Fields are the form's fields of a config file's text (only the keys
// FieldKeys names; the others are listed in unused).
func Fields(data []byte) (fields map[string]string, unused []string, err error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, nil, yamlConfigError(FileName, err)
	}
	fields = map[string]string{}
	if len(doc.Content) == 0 {
		return fields, nil, nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, nil, &Error{FileName, root.Line, "a mapping of settings is needed"}
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch {
		case listKeys[k.Value] && v.Kind == yaml.SequenceNode:
			var items []string
			for _, it := range v.Content {
				items = append(items, it.Value)
			}
			fields[k.Value] = strings.Join(items, ", ")
		case tableKeys[k.Value] && v.Kind == yaml.MappingNode:
			var lines []string
			for j := 0; j+1 < len(v.Content); j += 2 {
				line, err := flowLine(v.Content[j], v.Content[j+1])
				if err != nil {
					return nil, nil, err
				}
				lines = append(lines, line)
			}
			fields[k.Value] = strings.Join(lines, "\n")
		case isField(k.Value) && v.Kind == yaml.ScalarNode:
			fields[k.Value] = v.Value
		case isField(k.Value):
			return nil, nil, &Error{FileName, v.Line, k.Value + ": a value of another form is needed"}
		default:
			unused = append(unused, k.Value)
		}
	}
	return fields, unused, nil
}

func isField(key string) bool {
	for _, k := range FieldKeys {
		if k == key {
			return true
		}
	}
	return false
}

// flowLine writes one entry of a table on one line: key: value, the value
// in YAML's flow style.
func flowLine(k, v *yaml.Node) (string, error) {
	v2 := *v
	setFlow(&v2)
	b, err := yaml.Marshal(&yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{k, &v2}})
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(b)), nil
}

func setFlow(n *yaml.Node) {
	if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
		n.Style = yaml.FlowStyle
	}
	for _, c := range n.Content {
		setFlow(c)
	}
}

// FromFields is the config file a form's fields make (empty fields are
// not written), or the mistakes of its fields, each at its field's name
// (a table's with the line of the field). name is what the file is called
// in the messages of its settings ("the form").
func FromFields(name string, fields map[string]string) (*File, map[string]string) {
	errs := map[string]string{}
	root := &yaml.Node{Kind: yaml.MappingNode}
	for _, key := range FieldKeys {
		text := strings.TrimSpace(fields[key])
		if text == "" {
			continue
		}
		var v *yaml.Node
		switch {
		case listKeys[key]:
			v = &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
			for _, item := range strings.Split(text, ",") {
				if item = strings.TrimSpace(item); item != "" {
					v.Content = append(v.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: item})
				}
			}
		case tableKeys[key]:
			v = &yaml.Node{Kind: yaml.MappingNode}
			for i, line := range strings.Split(text, "\n") {
				if strings.TrimSpace(line) == "" {
					continue
				}
				var entry yaml.Node
				err := yaml.Unmarshal([]byte(line), &entry)
				if err != nil || len(entry.Content) != 1 || entry.Content[0].Kind != yaml.MappingNode || len(entry.Content[0].Content) != 2 {
					errs[key] = fmt.Sprintf("line %d: one entry a line is needed (%s)", i+1, tableExample[key])
					break
				}
				v.Content = append(v.Content, entry.Content[0].Content...)
			}
		default:
			v = &yaml.Node{Kind: yaml.ScalarNode, Value: text}
		}
		if errs[key] != "" {
			continue
		}
		// Each field checked alone, so that its mistake is said at it.
		one := &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{{Kind: yaml.ScalarNode, Value: key}, v}}
		if _, err := parseNode(name, one); err != nil {
			errs[key] = fieldMessage(err, key)
			continue
		}
		root.Content = append(root.Content, one.Content...)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	cfg, err := parseNode(name, root)
	if err != nil {
		return nil, map[string]string{"": err.Error()}
	}
	return cfg, nil
}

var tableExample = map[string]string{
	"variants": "english/**: english",
	"severity": "result-mismatch: error",
	"per-file": `"archive/1950-*.pdn": {ignore: [result], variant: english}`,
}

func parseNode(name string, n *yaml.Node) (*File, error) {
	b, err := yaml.Marshal(n)
	if err != nil {
		return nil, err
	}
	return Parse(name, b, nil)
}

// fieldMessage is a config error as its field shows it: without the
// generated file's name and line, or the key the field already names.
func fieldMessage(err error, key string) string {
	if e, ok := err.(*Error); ok {
		return strings.TrimPrefix(e.Msg, key+": ")
	}
	return err.Error()
}
