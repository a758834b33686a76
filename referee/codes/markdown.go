package codes

import (
	"fmt"
	"io"
	"strings"
)

// WriteMarkdown writes docs/codes.md, every code as a Markdown table per
// family: 'make docs' regenerates it (arbiter explain --markdown) and a
// test fails when it is stale.
func WriteMarkdown(w io.Writer) error {
	cell := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	fmt.Fprint(w, "# Diagnostic codes\n\n"+
		"Every finding of `arbiter check` carries one of these codes: in the text output\n"+
		"(`error[illegal]`), in JSON (`code`), as SARIF rule ids, JUnit failure types and GitHub\n"+
		"annotation titles. `arbiter explain CODE` prints one; `--select` and `--ignore` choose\n"+
		"them; `--statistics` counts them. A code marked *once per file in text* is an exporter's\n"+
		"habit: the text report says it at its first place in a file and, after the file's last\n"+
		"game, how many more there were; the other formats list every one. This file is generated\n"+
		"by `arbiter explain --markdown` (`make docs`); do not edit it by hand.\n")
	family := ""
	for _, d := range docs {
		if d.Family != family {
			family = d.Family
			fmt.Fprintf(w, "\n## %s\n\n| code | severity | meaning | example | fix |\n| --- | --- | --- | --- | --- |\n", FamilyTitle(family))
		}
		sev := d.Severity
		if habitCodes[d.Code] {
			sev += ", once per file in text"
		}
		fmt.Fprintf(w, "| `%s` | %s | %s | `%s` | %s |\n", d.Code, sev, cell(d.Summary), cell(strings.ReplaceAll(d.Example, "`", "'")), cell(d.Fix))
	}
	return nil
}

// FamilyTitle is the heading of a family of codes ("reading": "Reading
// the text"), "" for a word that names none.
func FamilyTitle(family string) string { return familyTitle[family] }

var familyTitle = map[string]string{
	"reading": "Reading the text",
	"rules":   "Choosing the rules",
	"moves":   "Replaying the moves",
	"result":  "Judging the result",
}
