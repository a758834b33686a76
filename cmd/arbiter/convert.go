package main

import "github.com/urfave/cli/v2"

func convertCommand() *cli.Command {
	return &cli.Command{
		Name:   "convert",
		Usage:  "convert records between notations",
		Action: func(c *cli.Context) error { return usageError("convert: not yet") },
	}
}
