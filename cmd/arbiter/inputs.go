package main

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/urfave/cli/v2"
	"golang.org/x/text/encoding"

	"arbiter/notation/input"
	"arbiter/referee"
	"arbiter/variants"
)

// extensions is --ext, or the defaults.
func extensions(c *cli.Context) []string { return input.Extensions(c.String("ext")) }

// inputs are the sources the command's arguments name: "-" standard
// input, a folder its record files, a zip archive its members.
func inputs(c *cli.Context) ([]input.Source, error) {
	if c.NArg() == 0 {
		return nil, usageError("%s: name a file or directory to read, or - for standard input", c.Command.Name)
	}
	exts := extensions(c)
	limits, err := chosenUnpackLimits(c)
	if err != nil {
		return nil, err
	}
	var in []input.Source
	for _, name := range c.Args().Slice() {
		if name == "-" {
			in = append(in, input.Stdin(c.App.Reader, limits))
			continue
		}
		if files := input.Expand(name, exts, limits); in == nil {
			in = files // (a folder's thousands of inputs, not copied)
		} else {
			in = append(in, files...)
		}
	}
	return in, nil
}

// readInputs warns of the inputs that are not read (Source.Skip) and
// returns the others, with the number of warnings.
func readInputs(in []input.Source, stderr io.Writer) ([]input.Source, int) {
	if !slices.ContainsFunc(in, func(f input.Source) bool { return f.Skip != "" }) {
		return in, 0 // (most runs: the inputs not copied)
	}
	kept := make([]input.Source, 0, len(in))
	warned := 0
	for _, f := range in {
		if f.Skip != "" {
			fmt.Fprintf(stderr, "arbiter: warning: %s: %s\n", printable(f.Name), printable(f.Skip))
			warned++
			continue
		}
		kept = append(kept, f)
	}
	return kept, warned
}

var maxDecompressedFlag = &cli.StringFlag{
	Name: "max-decompressed",
	Usage: "the most one .gz file or zip archive (its members together) may unpack to: a `SIZE` such as 10GiB (K, M, G, T: powers of 1024); " +
		"without it, 4GiB and, once past 1MiB, 100 times the input's own size",
}

// chosenUnpackLimits reads --max-decompressed.
func chosenUnpackLimits(c *cli.Context) (input.Limits, error) {
	if !c.IsSet(maxDecompressedFlag.Name) {
		return input.DefaultLimits(), nil
	}
	n, err := input.ParseSize(c.String(maxDecompressedFlag.Name))
	if err != nil {
		return input.Limits{}, usageError("--max-decompressed: %v", err)
	}
	return input.Limits{Max: n, Flagged: true}, nil
}

var variantFlags = []cli.Flag{
	&cli.StringFlag{Name: "variant", Usage: "rules to use for every game (see 'arbiter variants'); default: from the Variant or GameType tag, else from the squares and moves. Rules of another game than a record's are a usage error"},
	&cli.StringFlag{Name: "default-variant", Usage: "rules for the records that name none (no GameType or Variant tag), read in those rules' notation; tagged records keep theirs"},
	&cli.StringFlag{Name: "variant-file", Usage: "a YAML `FILE` describing the rules (see 'arbiter variants show international')"},
	&cli.StringFlag{Name: "encoding", Usage: "text encoding of the input, e.g. windows-1251 (default: UTF-8, falling back to Windows-1252 per game with a warning)"},
}

// chosenVariant reads --variant / --variant-file; nil means "per game".
func chosenVariant(c *cli.Context) (*variants.Variant, error) {
	name, file := c.String("variant"), c.String("variant-file")
	switch {
	case name != "" && file != "":
		return nil, usageError("give --variant or --variant-file, not both")
	case file != "":
		v, err := variants.LoadFile(file)
		if err != nil {
			return nil, usageError("%v", err)
		}
		return v, nil
	case name != "":
		v, err := variants.Lookup(name)
		if err != nil {
			return nil, usageError("%v", err)
		}
		return v, nil
	}
	return nil, nil
}

// chosenEncoding reads --encoding (nil: UTF-8, the default).
func chosenEncoding(c *cli.Context) (encoding.Encoding, error) {
	name := c.String("encoding")
	e, err := input.Encoding(name)
	var ee *input.EncodingError
	switch {
	case errors.As(err, &ee) && ee.MultiByte:
		return nil, usageError("--encoding %q is not a single-byte encoding; only UTF-8 and single-byte encodings are supported", name)
	case err != nil:
		return nil, usageError("unknown --encoding %q (try windows-1252, windows-1251, iso-8859-1)", name)
	}
	return e, nil
}

func streamOptions(c *cli.Context) (referee.StreamOptions, error) {
	var so referee.StreamOptions
	v, err := chosenVariant(c)
	if err != nil {
		return so, err
	}
	enc, err := chosenEncoding(c)
	if err != nil {
		return so, err
	}
	so.Variant = v
	if name := c.String("default-variant"); name != "" {
		if v != nil {
			return so, usageError("give --variant (every record) or --default-variant (records without tags), not both")
		}
		d, err := variants.Lookup(name)
		if err != nil {
			return so, usageError("--default-variant: %v", err)
		}
		so.Default = d
	}
	so.PDN.Encoding = enc
	switch policy := c.String("variations"); policy {
	case "warning":
		so.Variations = referee.VariationsWarn
	case "", referee.VariationsWarn, referee.VariationsError, referee.VariationsIgnore:
		so.Variations = policy
	default:
		return so, usageError("unknown --variations %q (warn, error or ignore)", policy)
	}
	if c.IsSet("jobs") {
		if c.Int("jobs") < 1 {
			return so, usageError("--jobs must be at least 1")
		}
		so.Jobs = c.Int("jobs")
	}
	return so, nil
}

func ioError(name string, err error) error {
	return cli.Exit(printableLines(fmt.Sprintf("%s: %v", name, err)), exitUsage)
}
