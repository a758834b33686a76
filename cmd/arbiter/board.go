package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/referee/picture"
	"arbiter/referee/report"
	"arbiter/variants"
)

func boardCommand() *cli.Command {
	return &cli.Command{
		Name:      "board",
		Usage:     "draw a position as an SVG diagram",
		ArgsUsage: "[FILE | -]",
		Description: "The position is a FEN in the game's own form (--fen; the start position without it),\n" +
			"with --move a move written as records write it played on it and marked; or, with a\n" +
			"FILE, the position of a record after --ply K of --game N (default: game 1, its final\n" +
			"position), its last move marked, as the referee replayed it. When the replay stopped at\n" +
			"an error, the last position reached is drawn with the move it stopped at in red, and the\n" +
			"picture and standard error say which ply and why; a --ply beyond it is refused.\n" +
			"Every game family draws: draughts boards, the mill board, Halma and Twee in een, the\n" +
			"Ludo boards, the goose and horse-race tracks. The SVG is written to standard output.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "fen", Usage: "the position, in the game's own form"},
			&cli.StringFlag{Name: "move", Usage: "a move to play on the position and mark (draughts, morris, Halma)"},
			&cli.IntFlag{Name: "game", Value: 1, Usage: "with a FILE: which game (1 is the first)"},
			&cli.IntFlag{Name: "ply", Value: -1, DefaultText: "the last", Usage: "with a FILE: the position after this many plies (0 is the start)"},
			&cli.BoolFlag{Name: "flip", Usage: "turn the board round: the other side at the bottom"},
			&cli.BoolFlag{Name: "names", Usage: "write each square's number or coordinate, as records write it"},
			&cli.IntFlag{Name: "size", Usage: "width in pixels (default: the viewer's choice)"},
			&cli.StringFlag{Name: "title", Usage: "the diagram's title (default: the variant and the position)"},
		}, variantFlags...),
		Action: runBoard,
	}
}

func runBoard(c *cli.Context) error {
	if c.Int("size") < 0 || c.Int("size") > 10000 {
		return usageError("--size must be between 1 and 10000 pixels")
	}
	var (
		b     *picture.Board
		pos   picture.Position
		marks picture.Marks
		title string
		err   error
	)
	if c.NArg() > 0 {
		b, pos, marks, title, err = recordPicture(c)
	} else {
		b, pos, marks, title, err = fenPicture(c)
	}
	if err != nil {
		return err
	}
	if t := c.String("title"); t != "" {
		title = t
	}
	svg := picture.Render(b, pos, marks, picture.Options{Title: title, Flip: c.Bool("flip"), Names: c.Bool("names"), Size: c.Int("size")})
	if _, err := c.App.Writer.Write(svg); err != nil {
		return ioError("output", err)
	}
	return nil
}

func fenPicture(c *cli.Context) (*picture.Board, picture.Position, picture.Marks, string, error) {
	var pos picture.Position
	var marks picture.Marks
	v, err := chosenVariant(c)
	if err != nil {
		return nil, pos, marks, "", err
	}
	if v == nil {
		if v, err = variants.Lookup("international"); err != nil {
			return nil, pos, marks, "", usageError("%v", err)
		}
	}
	fen, mv := c.String("fen"), c.String("move")
	sc, err := referee.SceneOf(v, fen)
	if err != nil {
		return nil, pos, marks, "", usageError("%v", err)
	}
	if mv != "" {
		if pos, marks, err = sc.Play(fen, mv); err != nil {
			return nil, pos, marks, "", usageError("--move: %v", err)
		}
	} else if pos, err = sc.Position(fen); err != nil {
		return nil, pos, marks, "", usageError("--fen: %v", err)
	}
	title := v.Name
	if fen != "" {
		title += ": " + fen
	}
	if mv != "" {
		title += ", after " + mv
	}
	return sc.Board, pos, marks, title, nil
}

// errFound stops the stream once the game asked for is in.
var errFound = errors.New("found")

// recordPicture replays a record's game with its film and picks a frame:
// the position is the referee's, the move marked the one it accepted.
func recordPicture(c *cli.Context) (*picture.Board, picture.Position, picture.Marks, string, error) {
	var pos picture.Position
	var marks picture.Marks
	if c.IsSet("fen") || c.IsSet("move") {
		return nil, pos, marks, "", usageError("board: give a FILE or --fen, not both")
	}
	if c.NArg() > 1 {
		return nil, pos, marks, "", usageError("board draws one record: name one FILE")
	}
	game := c.Int("game")
	if game < 1 {
		return nil, pos, marks, "", usageError("--game must be 1 or more")
	}
	opts, err := streamOptions(c)
	if err != nil {
		return nil, pos, marks, "", err
	}
	opts.Film = true
	opts.Jobs = 1
	in, err := inputs(c)
	if err != nil {
		return nil, pos, marks, "", err
	}
	var rep *referee.Report
	var failed error
	err = referee.CheckInputs([]referee.Input{{Name: in[0].Name, Open: in[0].Open}}, opts, func(r *referee.Report) error {
		if r.Game == game {
			rep = r
			return errFound
		}
		return nil
	}, func(f referee.Input, err error) { failed = ioError(f.Name, err) })
	switch {
	case failed != nil:
		return nil, pos, marks, "", failed
	case err != nil && !errors.Is(err, errFound):
		return nil, pos, marks, "", ioError("output", err)
	case rep == nil:
		return nil, pos, marks, "", usageError("%s has no game %d", in[0].Name, game)
	}
	if d, ok := referee.FamilyMismatch(rep); ok {
		return nil, pos, marks, "", usageError("%s: %s: %s: %s", variantSource(c), report.Where(rep, d.Pos), report.GameName(rep), d.Msg)
	}
	switch {
	case rep.Film == nil || rep.Film.Board == nil:
		return nil, pos, marks, "", usageError("%s game %d: arbiter cannot draw it (%s)", in[0].Name, game, firstNonEmpty(rep.Variant, "no rules"))
	}
	f := rep.Film
	reached := len(f.Frames)
	stop := replayStop(rep)
	ply := c.Int("ply")
	if ply > reached {
		if stop != nil {
			return nil, pos, marks, "", usageError("--ply %d: the replay of game %d stopped after ply %d, at %s: %s; --ply %d draws the last position reached (arbiter check %s)",
				ply, game, reached, stopMove(stop), stopWhy(stop), reached, in[0].Name)
		}
		return nil, pos, marks, "", usageError("--ply %d: game %d has %d plies", ply, game, reached)
	}
	if ply < 0 {
		ply = reached
	}
	title := fmt.Sprintf("%s, %s, start", in[0].Name, report.GameName(rep))
	pos = f.Start
	if ply > 0 {
		fr := f.Frames[ply-1]
		pos, marks = fr.After, fr.Marks
		title = fmt.Sprintf("%s, %s, after ply %d (%s)", in[0].Name, report.GameName(rep), ply, fr.Move)
	}
	if stop != nil && ply == reached {
		// The last position reached is not the end of the game: the
		// picture, its title and standard error say where and why the
		// replay stopped, and the move it stopped at is drawn in red.
		title += fmt.Sprintf(", the last position reached: the replay stopped at %s: %s", stopMove(stop), stopWhy(stop))
		pos.Caption = strings.TrimPrefix(pos.Caption+"\n", "\n") + fmt.Sprintf("replay stopped here: %s, %s", stopMove(stop), stop.Code)
		marks = picture.Marks{Bad: true}
		if f.Cells != nil {
			marks.Path, marks.Captured = f.Cells(stop.Move)
		}
		fmt.Fprintf(c.App.ErrWriter, "arbiter: warning: %s: %s: the replay stopped after ply %d, at %s: %s[%s]: %s; drawn: the position after ply %d, the last one reached, not the end of the game\n",
			report.Where(rep, stop.Pos), report.GameName(rep), reached, stopMove(stop), stop.Severity, stop.Code, stop.Msg, reached)
	}
	return f.Board, pos, marks, title, nil
}

// replayStop is the finding the referee stopped replaying the main line
// at: the first error about a written move after the last ply it accepted
// (or a move the reader could not read there); nil when it replayed every
// move it was given. An error on a move before it (a result a draw rule
// contradicts) did not stop it.
func replayStop(rep *referee.Report) *referee.Diagnostic {
	var last notation.Pos
	if n := len(rep.Film.Frames); n > 0 {
		last = rep.Film.Frames[n-1].Pos
	}
	for i := range rep.Diagnostics {
		d := &rep.Diagnostics[i]
		if d.Severity != notation.Error || d.Variation || (d.Move == "" && d.Code != "bad-move") {
			continue
		}
		if d.Pos.Line > last.Line || d.Pos.Line == last.Line && d.Pos.Col > last.Col {
			return d
		}
	}
	return nil
}

// stopMove names the move a replay stopped at: "move 32 (17-11)".
func stopMove(d *referee.Diagnostic) string {
	if d.Move == "" {
		return fmt.Sprintf("line %d", d.Pos.Line)
	}
	return fmt.Sprintf("move %d (%s)", d.MoveNumber, d.Move)
}

// stopWhy is the finding's reason without its list of legal moves.
func stopWhy(d *referee.Diagnostic) string {
	return d.Code + ": " + d.Msg
}
