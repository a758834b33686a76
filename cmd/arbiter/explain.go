package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"arbiter/referee/codes"
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
				return codes.WriteMarkdown(w)
			case c.NArg() > 1:
				return usageError("explain: name one code")
			}
			code := c.Args().First()
			d, ok := codes.Find(code)
			if !ok {
				// Every code, or a group's (MOVES), a pattern's (tag-*), ALL's.
				sel, err := codes.Select([]string{code})
				if code != "" && err != nil {
					return usageError("explain: %v", err)
				}
				tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
				fmt.Fprintln(tw, "CODE\tSEVERITY\tMEANING")
				for _, d := range codes.Docs() {
					if code == "" || sel.Has(d.Code) {
						fmt.Fprintf(tw, "%s\t%s\t%s\n", d.Code, d.Severity, d.Summary)
					}
				}
				return tw.Flush()
			}
			fmt.Fprintf(w, "%s (%s, %s)\n\n  %s.\n\nExample:\n  %s\n\nFix:\n  %s\n", d.Code, d.Severity, d.Family, capitalise(d.Summary), d.Example, d.Fix)
			if codes.IsHabit(d.Code) {
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
