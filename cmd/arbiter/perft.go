package main

import (
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"arbiter/referee/draughts"
	"arbiter/variants"
)

func perftCommand() *cli.Command {
	return &cli.Command{
		Name:  "perft",
		Usage: "count the leaf positions of the move generator, to compare with published figures",
		Description: "Counts captures that take the same pieces to the same square in another order once\n" +
			"(the usual convention), or each path with --keep-duplicates.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "variant", Value: "international", Usage: "rules (see 'arbiter variants')"},
			&cli.StringFlag{Name: "variant-file", Usage: "a YAML `FILE` describing the rules"},
			&cli.StringFlag{Name: "fen", Usage: "start from this position (in the variant's notation) instead of the variant's start"},
			&cli.IntFlag{Name: "depth", Aliases: []string{"d"}, Required: true, Usage: "plies to search (1-20)"},
			&cli.BoolFlag{Name: "divide", Usage: "print the count below each legal move of the position"},
			&cli.BoolFlag{Name: "keep-duplicates", Usage: "count every capture path, even when two take the same pieces"},
		},
		Action: runPerft,
	}
}

func runPerft(c *cli.Context) error {
	depth := c.Int("depth")
	if depth < 1 || depth > 20 {
		return usageError("--depth must be between 1 and 20")
	}
	var v *variants.Variant
	var err error
	if c.IsSet("variant-file") {
		v, err = variants.LoadFile(c.String("variant-file"))
	} else {
		v, err = variants.Lookup(c.String("variant"))
	}
	if err != nil {
		return usageError("%v", err)
	}
	if draughts.SectionOf(v) == nil {
		return usageError("variant %s is a %s variant; perft counts draughts variants", v.Name, v.Game)
	}
	rules, pos, err := draughts.RulesOf(v)
	if err != nil {
		return usageError("%v", err)
	}
	if fen := c.String("fen"); fen != "" {
		if pos, err = draughts.PositionOf(v, fen); err != nil {
			return usageError("--fen: %v", err)
		}
	}
	keep := c.Bool("keep-duplicates")
	w := c.App.Writer
	if c.Bool("divide") {
		var total uint64
		for _, e := range rules.Divide(pos, depth, keep) {
			fmt.Fprintf(w, "%-12s %d\n", draughts.MoveText(v, e.Move, true), e.Nodes)
			total += e.Nodes
		}
		fmt.Fprintf(w, "total %d\n", total)
		return nil
	}
	for d := 1; d <= depth; d++ {
		start := time.Now()
		n := rules.Perft(pos, d, keep)
		s := time.Since(start).Seconds()
		fmt.Fprintf(w, "perft %2d %14d  %8.3f s  %6.1f Mnodes/s\n", d, n, s, float64(n)/max(s, 1e-9)/1e6)
	}
	return nil
}
