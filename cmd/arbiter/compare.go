package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"arbiter/notation"
	"arbiter/notation/input"
	"arbiter/notation/pdn"
	"arbiter/notation/safefile"
	"arbiter/referee"
	"arbiter/referee/report"
)

func compareCommand() *cli.Command {
	return &cli.Command{
		Name:      "compare",
		Usage:     "compare two records of one game (the two players' score sheets)",
		ArgsUsage: "A B | FILE",
		Description: "Replays both records and says where their main lines part: the first ply whose moves\n" +
			"differ (the same move written two ways is the same move), both moves, the board before\n" +
			"it, and which of the two replays further. A and B are two files (game 1 of each, or\n" +
			"--games N,M), or one FILE and --games N,M, two of its games.\n" +
			"Exit status: 0 the main lines are the same, 1 they differ, 2 usage or I/O error.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "games", Usage: "`N,M`: compare game N of the first file with game M of the second (of the one FILE)"},
			&cli.BoolFlag{Name: "no-board", Usage: "do not draw the board before the first difference"},
			maxDecompressedFlag,
		}, variantFlags...),
		Action: runCompare,
	}
}

func runCompare(c *cli.Context) error {
	opts, err := streamOptions(c)
	if err != nil {
		return err
	}
	in, err := inputs(c)
	if err != nil {
		return err
	}
	in, _ = readInputs(in, c.App.ErrWriter)
	games := [2]int{1, 1}
	if s := c.String("games"); s != "" {
		n, m, ok := strings.Cut(s, ",")
		var e1, e2 error
		games[0], e1 = strconv.Atoi(strings.TrimSpace(n))
		games[1], e2 = strconv.Atoi(strings.TrimSpace(m))
		if !ok || e1 != nil || e2 != nil || games[0] < 1 || games[1] < 1 {
			return usageError("--games %q: give two game numbers, N,M (from 1)", s)
		}
	}
	var files [2]input.Source
	switch {
	case len(in) == 2:
		files = [2]input.Source{in[0], in[1]}
	case len(in) == 1 && c.String("games") != "":
		if games[0] == games[1] {
			return usageError("--games %d,%d: name two different games of %s", games[0], games[1], in[0].Name)
		}
		files = [2]input.Source{in[0], in[0]}
	case len(in) == 1:
		return usageError("compare: give two files, or one file and --games N,M")
	default:
		return usageError("compare: give two files (or one file and --games N,M), not %d", len(in))
	}
	var recs [2]*notation.Record
	for i, f := range files {
		rec, count, err := gameOf(f, games[i], opts)
		if err != nil {
			return cli.Exit(fmt.Sprintf("arbiter: %s", printableLines(err.Error())), exitUsage)
		}
		if count > 1 && c.String("games") == "" {
			fmt.Fprintf(c.App.ErrWriter, "arbiter: note: %s has %d games: game 1 compared (--games N,M chooses)\n", printable(f.Name), count)
		}
		recs[i] = rec
	}
	cmp := referee.Compare(recs[0], recs[1], opts.Options)
	writeComparison(c.App.Writer, cmp, !c.Bool("no-board"))
	if cmp.Differ || cmp.LenA != cmp.LenB {
		return cli.Exit("", exitFindings)
	}
	return nil
}

// gameOf reads game n of an input, and how many games it has.
func gameOf(f input.Source, n int, opts referee.StreamOptions) (*notation.Record, int, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", f.Name, safefile.UnwrapPath(err))
	}
	defer rc.Close()
	var found *notation.Record
	count := 0
	err = pdn.Each(rc, opts.PDN, func(g pdn.GameText) error {
		count++
		if count == n {
			found = referee.ParseGameFor(g, f.Name, opts.Options)
		}
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", f.Name, err)
	}
	if found == nil {
		return nil, count, fmt.Errorf("%s has %d %s: there is no game %d", f.Name, count, plural(count, "game", "games"), n)
	}
	return found, count, nil
}

// writeComparison writes a comparison for a person.
func writeComparison(w io.Writer, cmp *referee.Comparison, board bool) {
	side := func(label string, rep *referee.Report, n int) {
		fmt.Fprintf(w, "%s: %s, %s: %d %s written, %s\n", label, printable(rep.File), printable(report.GameName(rep)), n, plural(n, "ply", "plies"), printable(howFar(rep, n)))
	}
	side("A", cmp.A, cmp.LenA)
	side("B", cmp.B, cmp.LenB)
	at := func(m *notation.Move, rep *referee.Report) string {
		return fmt.Sprintf("%s (%s:%d:%d)", m.Text, rep.File, m.Pos.Line, max(m.Pos.Col, 1))
	}
	switch {
	case cmp.Differ:
		fmt.Fprintf(w, "first difference: ply %d (move %d): A writes %s, B writes %s\n", cmp.Same+1, cmp.NumberA,
			printable(at(cmp.MoveA, cmp.A)), printable(at(cmp.MoveB, cmp.B)))
	case cmp.LenA == cmp.LenB:
		fmt.Fprintf(w, "the main lines are the same: %d %s\n", cmp.LenA, plural(cmp.LenA, "ply", "plies"))
		return
	case cmp.MoveA != nil:
		fmt.Fprintf(w, "the same %d plies; A goes on at ply %d (move %d) with %s, where B ends\n", cmp.Same, cmp.Same+1, cmp.NumberA, printable(at(cmp.MoveA, cmp.A)))
	default:
		fmt.Fprintf(w, "the same %d plies; B goes on at ply %d (move %d) with %s, where A ends\n", cmp.Same, cmp.Same+1, cmp.NumberA, printable(at(cmp.MoveB, cmp.B)))
	}
	if cmp.FEN != "" {
		where := "the position before it"
		if !cmp.Reached {
			where = "the position where the replay of the moves both write stopped"
		}
		fmt.Fprintf(w, "%s: %s\n", where, printable(cmp.FEN))
		if board && cmp.Board != "" {
			fmt.Fprint(w, printableLines(cmp.Board))
		}
	}
	a, b := cmp.A.Plies, cmp.B.Plies
	switch {
	case a > b:
		fmt.Fprintf(w, "A replays further: %d plies against %d\n", a, b)
	case b > a:
		fmt.Fprintf(w, "B replays further: %d plies against %d\n", b, a)
	default:
		fmt.Fprintf(w, "both replay %d plies\n", a)
	}
}

// howFar says how far a record replays: to its end, or to its first
// error (with the best fix arbiter suggests for it).
func howFar(rep *referee.Report, n int) string {
	for _, d := range rep.Diagnostics {
		if d.Severity == notation.Error && d.Move != "" && !d.Variation {
			s := fmt.Sprintf("the replay stops at move %d (%s): %s[%s]: %s", d.MoveNumber, d.Move, d.Severity, d.Code, d.Msg)
			if len(d.Fixes) > 0 {
				s += "; " + d.Fixes[0].Describe(d.Pos)
			}
			return s
		}
	}
	if rep.Plies >= n {
		return "replays to its end"
	}
	return fmt.Sprintf("%d replayed", rep.Plies)
}
