package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"
)

func explainCommand() *cli.Command {
	return &cli.Command{
		Name:      "explain",
		Usage:     "what a finding's code means, an example, and the fix; every code without one, a group's (MOVES) or a pattern's (tag-*)",
		ArgsUsage: "[CODE|GROUP|PATTERN]",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "markdown", Usage: "every code as the Markdown table of docs/codes.md"},
		},
		Action: func(c *cli.Context) error {
			w := c.App.Writer
			switch {
			case c.Bool("markdown"):
				return writeCodesMarkdown(w)
			case c.NArg() > 1:
				return usageError("explain: name one code")
			}
			code := c.Args().First()
			d, ok := findCode(code)
			if !ok {
				// Every code, or a group's (MOVES), a pattern's (tag-*), ALL's.
				sel, err := selectCodes([]string{code})
				if code != "" && err != nil {
					return usageError("explain: %v", err)
				}
				tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
				fmt.Fprintln(tw, "CODE\tSEVERITY\tMEANING")
				for _, d := range codeDocs {
					if code == "" || sel.has(d.Code) {
						fmt.Fprintf(tw, "%s\t%s\t%s\n", d.Code, d.Severity, d.Summary)
					}
				}
				return tw.Flush()
			}
			fmt.Fprintf(w, "%s (%s, %s)\n\n  %s.\n\nExample:\n  %s\n\nFix:\n  %s\n", d.Code, d.Severity, d.Family, capitalise(d.Summary), d.Example, d.Fix)
			if habitCodes[d.Code] {
				fmt.Fprintf(w, "\nA habit of a whole file: the text report says it once per file, with a count\nafter the file's last game; the other formats list every one.\n")
			}
			return nil
		},
	}
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// suggestCode: " (did you mean illegal?)" for a mistyped code.
func suggestCode(typed string) string {
	names := make([]string, len(codeDocs))
	for i, d := range codeDocs {
		names[i] = d.Code
	}
	best := closest(typed, names)
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %s?)", best)
}

// writeCodesMarkdown writes docs/codes.md: 'make docs' regenerates it and
// a test fails when it is stale.
func writeCodesMarkdown(w io.Writer) error {
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
	for _, d := range codeDocs {
		if d.Family != family {
			family = d.Family
			fmt.Fprintf(w, "\n## %s\n\n| code | severity | meaning | example | fix |\n| --- | --- | --- | --- | --- |\n", familyTitle[family])
		}
		sev := d.Severity
		if habitCodes[d.Code] {
			sev += ", once per file in text"
		}
		fmt.Fprintf(w, "| `%s` | %s | %s | `%s` | %s |\n", d.Code, sev, cell(d.Summary), cell(strings.ReplaceAll(d.Example, "`", "'")), cell(d.Fix))
	}
	return nil
}

var familyTitle = map[string]string{
	"reading": "Reading the text",
	"rules":   "Choosing the rules",
	"moves":   "Replaying the moves",
	"result":  "Judging the result",
}
