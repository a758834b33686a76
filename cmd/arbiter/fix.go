package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	"arbiter/notation"
	"arbiter/notation/input"
	"arbiter/notation/safefile"
	"arbiter/referee"
	"arbiter/referee/fixer"
)

func fixCommand() *cli.Command {
	return &cli.Command{
		Name:      "fix",
		Usage:     "apply the fixes of move errors arbiter is certain of",
		ArgsUsage: "FILE... | -",
		Description: "Replays every game, and where a main-line move is wrong, applies the one fix after which\n" +
			"the whole rest of the game replays, when no other does as well (a tie is never applied):\n" +
			"digits or from and to swapped, a neighbouring square, a capture's path, a move left out or\n" +
			"written twice, two moves of one side in the wrong order ('arbiter check' shows every\n" +
			"suggestion). Each fix keeps the move written as a comment beside it ({was: 17-11}); the\n" +
			"tags, comments, layout and every other game stay byte for byte, and a fixed game must\n" +
			"replay to its end, or its fix is not made. The move errors left alone are listed on\n" +
			"standard error, with why. Exit status 1 when some are left.\n\n" +
			"By default the fixes are shown as a unified diff and nothing is written; -o writes the\n" +
			"fixed text of one input, --in-place rewrites each input that has a fix.",
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "diff", Usage: "show the fixes as a unified diff on standard output (the default without -o or --in-place)"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the fixed text of the one input to `FILE` (written beside it and renamed into place when all went well, unless it changed meanwhile; never the input itself)"},
			&cli.BoolFlag{Name: "in-place", Aliases: []string{"i"}, Usage: "rewrite each input that has a fix (replaced only when nothing else wrote it meanwhile; refused while a match writes it)"},
			maxDecompressedFlag,
		}, variantFlags...),
		Action: runFix,
	}
}

func runFix(c *cli.Context) error {
	output, inPlace := c.String("output"), c.Bool("in-place")
	if output != "" && inPlace {
		return usageError("give --output or --in-place, not both")
	}
	showDiff := c.Bool("diff") || output == "" && !inPlace
	opts, err := streamOptions(c)
	if err != nil {
		return err
	}
	opts.NoFixes = false
	in, err := inputs(c)
	if err != nil {
		return err
	}
	in, _ = readInputs(in, c.App.ErrWriter)
	switch {
	case output != "" && len(in) != 1:
		return usageError("--output writes the fixed text of one input; give one, or use --in-place")
	case output != "":
		if same, ok := input.Overwrites(output, in); ok {
			return usageError("--output %s is the input %s: refusing to overwrite it (use --in-place to rewrite a file)", output, same)
		}
	case inPlace:
		for _, f := range in {
			if err := inPlaceRefusal(f); err != nil {
				return err
			}
		}
	}
	fx := &fixRun{c: c, opts: opts, diff: showDiff}
	for _, f := range in {
		switch {
		case inPlace && f.ViaLink:
			fmt.Fprintf(c.App.ErrWriter, "arbiter: warning: %s: not rewritten: the folder walk reached it through a symbolic link (name the file itself to rewrite it)\n", printable(f.Name))
		case inPlace:
			fx.inPlace(f)
		case output != "":
			fx.toFile(f, output)
		default:
			fx.read(f)
		}
	}
	w := c.App.ErrWriter
	fmt.Fprintf(w, "%d %s made, %d move %s left alone (%d %s, %d %s)\n", fx.applied, plural(fx.applied, "fix", "fixes"),
		fx.left, plural(fx.left, "error", "errors"), fx.games, plural(fx.games, "game", "games"), len(in), plural(len(in), "file", "files"))
	switch {
	case fx.failed:
		return cli.Exit("", exitUsage)
	case fx.left > 0:
		return cli.Exit("", exitFindings)
	}
	return nil
}

// inPlaceRefusal says why a file cannot be rewritten in place, nil when
// it can (convert's and fix's rules; convert adds one of its own).
func inPlaceRefusal(f input.Source) error {
	switch {
	case f.Path == "":
		return usageError("--in-place cannot rewrite standard input")
	case f.Member != "":
		return usageError("--in-place cannot rewrite %s, a member of a zip archive", f.Name)
	case !isRegularFile(f.Path):
		// (Checked before isGzipFile, which would wait on a FIFO.)
		return usageError("--in-place cannot rewrite %s: not a regular file", f.Name)
	case isGzipFile(f.Path):
		return usageError("--in-place cannot rewrite %s, a gzip file (it would be written unpacked)", f.Name)
	}
	return nil
}

// fixRun fixes inputs with one set of options, counting what it did.
type fixRun struct {
	c                    *cli.Context
	opts                 referee.StreamOptions
	diff                 bool
	applied, left, games int
	failed               bool
}

// read reads and fixes one input, shows the diff when asked, and says
// what was fixed and left. It returns nil when the input failed (said).
func (fx *fixRun) read(f input.Source) *fixer.Result {
	rc, err := f.Open()
	if err != nil {
		fx.fail(fmt.Errorf("%s: %w", f.Name, safefile.UnwrapPath(err)))
		return nil
	}
	src, err := io.ReadAll(rc)
	rc.Close()
	if err != nil {
		fx.fail(fmt.Errorf("%s: %w", f.Name, safefile.UnwrapPath(err)))
		return nil
	}
	res, err := fixer.File(src, f.Name, fx.opts)
	if err != nil {
		if errors.Is(err, fixer.ErrNotEditable) {
			err = fmt.Errorf("%s: not fixed: %v", f.Name, err)
		} else {
			err = fmt.Errorf("%s: %v", f.Name, err)
		}
		fx.fail(err)
		return nil
	}
	fx.games += res.Games
	fx.say(f.Name, res)
	if fx.diff && len(res.Applied) > 0 {
		out := fx.c.App.Writer
		terminal := isTerminal(out)
		err := fixer.Diff(out, f.Name, src, res.Text, func(w io.Writer, prefix byte, text []byte) error {
			if terminal {
				// Shown, not applied: what a terminal would act on is escaped.
				_, err := fmt.Fprintf(w, "%c%s\n", prefix, printable(string(trimEOL(text))))
				return err
			}
			if _, err := w.Write([]byte{prefix}); err != nil {
				return err
			}
			_, err := w.Write(text)
			return err
		})
		if err != nil {
			fx.fail(err)
		}
	}
	return res
}

func trimEOL(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}

// inPlace rewrites one file with its fixes. The file is locked and its
// state taken before it is read, so that a change made meanwhile by
// another program is never overwritten (safefile.File.Commit).
func (fx *fixRun) inPlace(f input.Source) {
	af, err := safefile.Create(f.Path)
	if err != nil {
		fx.fail(err)
		return
	}
	res := fx.read(f)
	if res == nil || len(res.Applied) == 0 {
		af.Abort() // nothing to change: the file is not touched
		return
	}
	if err := af.WriteCommit(res.Text); err != nil {
		fx.fail(err)
	}
}

// toFile writes the fixed text of f to name.
func (fx *fixRun) toFile(f input.Source, name string) {
	if w, closeOut, ok, err := directOutput(fx.c, name); err != nil {
		fx.fail(fmt.Errorf("%s: %w", name, safefile.UnwrapPath(err)))
		return
	} else if ok {
		if res := fx.read(f); res != nil {
			if _, err := w.Write(res.Text); err != nil {
				fx.fail(fmt.Errorf("%s: %w", name, safefile.UnwrapPath(err)))
			}
		}
		if closeOut != nil {
			if err := closeOut(); err != nil {
				fx.fail(fmt.Errorf("%s: %w", name, safefile.UnwrapPath(err)))
			}
		}
		return
	}
	af, err := safefile.Create(name)
	if err != nil {
		fx.fail(err)
		return
	}
	res := fx.read(f)
	if res == nil {
		af.Abort()
		fmt.Fprintf(fx.c.App.ErrWriter, "arbiter: %s not written\n", printable(name))
		return
	}
	if err := af.WriteCommit(res.Text); err != nil {
		fx.fail(err)
	}
}

func (fx *fixRun) fail(err error) {
	fx.failed = true
	fmt.Fprintln(fx.c.App.ErrWriter, "arbiter:", printableLines(err.Error()))
}

// say lists on standard error the fixes made and the move errors left.
func (fx *fixRun) say(name string, res *fixer.Result) {
	w := fx.c.App.ErrWriter
	at := func(p notation.Pos) string { return fmt.Sprintf("%s:%d:%d", name, p.Line, max(p.Col, 1)) }
	game := func(n int, players string) string {
		if players == "" {
			return fmt.Sprintf("game %d", n)
		}
		return fmt.Sprintf("game %d (%s)", n, players)
	}
	for _, a := range res.Applied {
		fx.applied++
		fmt.Fprintf(w, "%s: fixed: %s, move %d (%s): %s\n", printable(at(a.Finding.Pos)), printable(game(a.Game, a.Players)),
			a.Finding.MoveNumber, printable(a.Finding.Move), printable(a.Fix.Describe(a.Finding.Pos)))
	}
	for _, l := range res.Left {
		fx.left++
		fmt.Fprintf(w, "%s: left alone: %s, move %d (%s): %s: %s\n", printable(at(l.Finding.Pos)), printable(game(l.Game, l.Players)),
			l.Finding.MoveNumber, printable(l.Finding.Move), printable(l.Finding.Code), printable(l.Why))
	}
}
