package main

import (
	"github.com/urfave/cli/v2"

	"arbiter/referee"
	"arbiter/referee/picture"
	"arbiter/variants"
)

func boardCommand() *cli.Command {
	return &cli.Command{
		Name:  "board",
		Usage: "draw a position as an SVG diagram",
		Description: "The position is a FEN in the game's own form (--fen; the start position without it),\n" +
			"with --move a move written as records write it played on it and marked.\n" +
			"Every game family draws: draughts boards, the mill board, Halma and Twee in een, the\n" +
			"Ludo boards, the goose and horse-race tracks. The SVG is written to standard output.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "variant", Usage: "rules (see 'arbiter variants'); default international"},
			&cli.StringFlag{Name: "variant-file", Usage: "a YAML `FILE` describing the rules"},
			&cli.StringFlag{Name: "fen", Usage: "the position, in the game's own form"},
			&cli.StringFlag{Name: "move", Usage: "a move to play on the position and mark (draughts, morris, Halma)"},
			&cli.BoolFlag{Name: "flip", Usage: "turn the board round: the other side at the bottom"},
			&cli.BoolFlag{Name: "names", Usage: "write each square's number or coordinate, as records write it"},
			&cli.IntFlag{Name: "size", Usage: "width in pixels (default: the viewer's choice)"},
			&cli.StringFlag{Name: "title", Usage: "the diagram's title (default: the variant and the position)"},
		},
		Action: runBoard,
	}
}

func runBoard(c *cli.Context) error {
	if c.NArg() > 0 {
		return usageError("board draws a --fen position; drawing a record's position is not supported yet")
	}
	v, err := chosenVariant(c)
	if err != nil {
		return err
	}
	if v == nil {
		if v, err = variants.Lookup("international"); err != nil {
			return usageError("%v", err)
		}
	}
	if c.Int("size") < 0 || c.Int("size") > 10000 {
		return usageError("--size must be between 1 and 10000 pixels")
	}
	fen := c.String("fen")
	sc, err := referee.SceneOf(v, fen)
	if err != nil {
		return usageError("%v", err)
	}
	var pos picture.Position
	var marks picture.Marks
	if mv := c.String("move"); mv != "" {
		if pos, marks, err = sc.Play(fen, mv); err != nil {
			return usageError("--move: %v", err)
		}
	} else if pos, err = sc.Position(fen); err != nil {
		return usageError("--fen: %v", err)
	}
	title := c.String("title")
	if title == "" {
		title = v.Name
		if fen != "" {
			title += ": " + fen
		}
		if mv := c.String("move"); mv != "" {
			title += ", after " + mv
		}
	}
	svg := picture.Render(sc.Board, pos, marks, picture.Options{Title: title, Flip: c.Bool("flip"), Names: c.Bool("names"), Size: c.Int("size")})
	if _, err := c.App.Writer.Write(svg); err != nil {
		return ioError("output", err)
	}
	return nil
}
