package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
)

func convertCommand() *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "convert records between notations (PDN, JSON)",
		ArgsUsage: "FILE... | -",
		Description: "Reads PDN, or JSON as written by 'convert --to json' (one game per line), and writes\n" +
			"normalised PDN (tags in the standard order, captures in short form unless two captures\n" +
			"share from and to squares) or JSON. Moves are replayed to normalise them; a game with\n" +
			"an illegal move keeps the moves from there on as written, and is reported on stderr.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "to", Value: "pdn", Usage: "pdn or json"},
			&cli.StringFlag{Name: "captures", Value: "short", Usage: "pdn: short (19x30) or full (28x19x10) capture paths"},
			&cli.StringFlag{Name: "notation", Usage: "pdn: write squares as numeric (32-28) or alpha (c3-d4); default: as the record does (morris: coordinates d6-d5, or numeric for PlayOK's 1-24)"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `FILE` instead of standard output"},
		}, variantFlags...),
		Action: runConvert,
	}
}

func runConvert(c *cli.Context) error {
	to, captures := c.String("to"), c.String("captures")
	if to != "pdn" && to != "json" {
		return usageError("unknown --to %q (pdn or json)", to)
	}
	if captures != "short" && captures != "full" {
		return usageError("unknown --captures %q (short or full)", captures)
	}
	nota := c.String("notation")
	switch nota {
	case "", "numeric", "alpha":
	case "coordinates":
		nota = "alpha" // morris records' word for it
	default:
		return usageError("unknown --notation %q (numeric, alpha or coordinates)", nota)
	}
	opts, err := streamOptions(c)
	if err != nil {
		return err
	}
	in, err := inputs(c)
	if err != nil {
		return err
	}
	dst := c.App.Writer
	if name := c.String("output"); name != "" {
		f, err := os.Create(name)
		if err != nil {
			return ioError(name, err)
		}
		defer f.Close()
		dst = f
	}
	out := bufio.NewWriterSize(dst, 64<<10)
	failed, bad := false, 0
	for _, f := range in {
		rc, err := f.open()
		if err != nil {
			fmt.Fprintln(c.App.ErrWriter, "arbiter:", ioError(f.name, err))
			failed = true
			continue
		}
		err = readRecords(rc, f.name, opts, func(rec *notation.Record) error {
			if to == "pdn" {
				o := opts.Options
				o.Rewrite, o.FullPaths, o.Notation = true, captures == "full", nota
				family := referee.FamilyOf(rec)
				rep := referee.Check(rec, o)
				if rep.Verdict != referee.Valid {
					bad++
					fmt.Fprintf(c.App.ErrWriter, "%s:%d: game %d has errors; moves from the first error on are kept as written (run 'arbiter check')\n",
						rep.File, rep.Pos.Line, rep.Game)
				}
				return family.Write(out, rec, nota)
			}
			b, err := json.Marshal(rec)
			if err != nil {
				return err
			}
			_, err = out.Write(append(b, '\n'))
			return err
		})
		rc.Close()
		if err != nil {
			fmt.Fprintln(c.App.ErrWriter, "arbiter:", ioError(f.name, err))
			failed = true
		}
	}
	if err := out.Flush(); err != nil {
		return ioError("output", err)
	}
	switch {
	case failed:
		return cli.Exit("", exitUsage)
	case bad > 0:
		return cli.Exit("", exitFindings)
	}
	return nil
}

// readRecords reads PDN, or JSON lines of records; JSON is recognised by
// its first non-blank byte.
func readRecords(r io.Reader, name string, opts referee.StreamOptions, each func(*notation.Record) error) error {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(512)
	if t := bytes.TrimLeft(head, " \t\r\n\ufeff"); len(t) > 0 && t[0] == '{' {
		dec := json.NewDecoder(br)
		for {
			var rec notation.Record
			if err := dec.Decode(&rec); err == io.EOF {
				return nil
			} else if err != nil {
				return fmt.Errorf("JSON record: %v", err)
			}
			if err := each(&rec); err != nil {
				return err
			}
		}
	}
	sp := pdn.NewSplitter(br, opts.PDN)
	for {
		g, err := sp.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := each(referee.ParseGame(g, name)); err != nil {
			return err
		}
	}
}
