package main

import (
	"bufio"

	"github.com/urfave/cli/v2"

	"arbiter/referee"
	"arbiter/variants"
)

func simulateCommand() *cli.Command {
	return &cli.Command{
		Name:  "simulate",
		Usage: "play games with random legal choices and write their records",
		Description: "For games no public records exist of (the race games, Halma): the records it writes\n" +
			"are what 'arbiter check' must find valid. The same seed gives the same records.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "variant", Required: true, Usage: "rules (see 'arbiter variants')"},
			&cli.IntFlag{Name: "players", Value: 2, Usage: "number of players"},
			&cli.Int64Flag{Name: "seed", Value: 1, Usage: "random seed"},
			&cli.IntFlag{Name: "games", Value: 1, Usage: "how many games (seeds seed, seed+1, ...)"},
		},
		Action: func(c *cli.Context) error {
			v, err := variants.Lookup(c.String("variant"))
			if err != nil {
				return usageError("%v", err)
			}
			if c.Int("games") < 1 {
				return usageError("--games must be at least 1")
			}
			out := bufio.NewWriter(c.App.Writer)
			for i := 0; i < c.Int("games"); i++ {
				if err := referee.Simulate(out, v, c.Int("players"), c.Int64("seed")+int64(i)); err != nil {
					return usageError("%v", err)
				}
			}
			return out.Flush()
		},
	}
}
