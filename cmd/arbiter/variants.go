package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"arbiter/variants"
)

func variantsCommand() *cli.Command {
	return &cli.Command{
		Name:  "variants",
		Usage: "list the rule variants, or show one as YAML",
		Subcommands: []*cli.Command{{
			Name:      "show",
			Usage:     "print a variant's YAML (a starting point for your own --variant-file)",
			ArgsUsage: "NAME",
			Action: func(c *cli.Context) error {
				if c.NArg() != 1 {
					return usageError("variants show: name one variant")
				}
				v, err := variants.Lookup(c.Args().First())
				if err != nil {
					return usageError("%v", err)
				}
				_, err = c.App.Writer.Write(v.YAML)
				return err
			},
		}},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("variants: unknown subcommand %q (did you mean 'variants show %s'?)", c.Args().First(), c.Args().First())
			}
			all, err := variants.Builtin()
			if err != nil {
				return err
			}
			tw := tabwriter.NewWriter(c.App.Writer, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "NAME\tGAME\tPDN\tDESCRIPTION")
			for _, v := range all {
				gt := ""
				if n, ok := v.Rules.(interface{ GameTypeNumber() int }); ok && n.GameTypeNumber() != 0 {
					gt = fmt.Sprint(n.GameTypeNumber())
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", v.Name, v.Game, gt, v.Description)
			}
			return tw.Flush()
		},
	}
}
