package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v2"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/ianaindex"

	"arbiter/referee"
	"arbiter/variants"
)

// input is one file named on the command line, or "-" for standard input.
type input struct {
	name string
	open func() (io.ReadCloser, error)
}

func inputs(c *cli.Context) ([]input, error) {
	if c.NArg() == 0 {
		return nil, usageError("%s: name a file to read, or - for standard input", c.Command.Name)
	}
	var in []input
	for _, name := range c.Args().Slice() {
		if name == "-" {
			r := c.App.Reader
			in = append(in, input{"<stdin>", func() (io.ReadCloser, error) { return io.NopCloser(r), nil }})
			continue
		}
		in = append(in, input{name, func() (io.ReadCloser, error) { return os.Open(name) }})
	}
	return in, nil
}

var variantFlags = []cli.Flag{
	&cli.StringFlag{Name: "variant", Usage: "rules to use for every game (see 'arbiter variants'); default: from the Variant or GameType tag, else international"},
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

func chosenEncoding(c *cli.Context) (encoding.Encoding, error) {
	name := c.String("encoding")
	if name == "" || strings.EqualFold(name, "auto") {
		return nil, nil
	}
	if strings.EqualFold(name, "utf-8") || strings.EqualFold(name, "utf8") {
		return nil, nil // the default reads UTF-8 already
	}
	e, err := ianaindex.IANA.Encoding(name)
	if err != nil || e == nil {
		return nil, usageError("unknown --encoding %q (try windows-1252, windows-1251, iso-8859-1)", name)
	}
	if _, ok := e.(*charmap.Charmap); !ok {
		return nil, usageError("--encoding %q is not a single-byte encoding; only UTF-8 and single-byte encodings are supported", name)
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
	so.PDN.Encoding = enc
	switch policy := c.String("variations"); policy {
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
	return cli.Exit(fmt.Sprintf("%s: %v", name, err), exitUsage)
}
