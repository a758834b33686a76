package main

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

// manCommand prints the man page, written by urfave/cli (through
// go-md2man) from the same command and flag definitions as --help, so the
// two never disagree. 'make man' writes it to arbiter.1.
func manCommand() *cli.Command {
	return &cli.Command{
		Name:   "man",
		Usage:  "print the man page (roff), e.g. arbiter man > arbiter.1",
		Hidden: true,
		Action: func(c *cli.Context) error {
			page, err := c.App.ToManWithSection(1)
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(c.App.Writer, page)
			return err
		},
	}
}
