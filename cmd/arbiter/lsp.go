package main

import (
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"arbiter/notation/input"
	"arbiter/referee"
	"arbiter/referee/codes"
	"arbiter/referee/config"
	"arbiter/referee/live"
	"arbiter/referee/live/lsp"
)

func lspCommand() *cli.Command {
	return &cli.Command{
		Name:  "lsp",
		Usage: "a language server (LSP 3.17 over standard input and output) for editors",
		Description: "An editor starts it and speaks the Language Server Protocol to it on standard input and\n" +
			"output: the findings of 'check' as you type (a keystroke re-checks the game it is in), the\n" +
			"board before and after a move on hover, quick fixes (the repair suggestions, the normalising\n" +
			"fixes of 'convert', an {arbiter: ignore CODE} comment), the legal moves as completions,\n" +
			"one symbol per game (White - Black), and the command " + lsp.CommandFirstError + " (go to the first\n" +
			"error). Each document is checked under the .arbiter.yaml nearest to it, under the flags given\n" +
			"here, as 'check' would check the file. Setting it up in Neovim, VS Code, Emacs and Helix:\n" +
			"the README's section \"In an editor\".",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "variant", Usage: "rules to use for every game (see 'arbiter variants'); default: from the Variant or GameType tag, else from the squares and moves"},
			&cli.StringFlag{Name: "default-variant", Usage: "rules for the records that name none (no GameType or Variant tag)"},
			&cli.StringFlag{Name: "variant-file", Usage: "a YAML `FILE` describing the rules (see 'arbiter variants show international')"},
			&cli.StringFlag{Name: "variations", Value: referee.VariationsWarn, Usage: "what is wrong inside a variation: warn, error, or ignore (not replayed)"},
			&cli.StringFlag{Name: "select", Usage: "report only these `CODES` (as check's --select)"},
			&cli.StringFlag{Name: "ignore", Usage: "do not report these `CODES`"},
			&cli.StringFlag{Name: "config", Usage: "read the settings of this `FILE` (in .arbiter.yaml's form) for every document, instead of the .arbiter.yaml nearest to each"},
			&cli.BoolFlag{Name: "isolated", Usage: "read no config file: the flags and the defaults alone"},
		},
		Action: runLSP,
	}
}

// serverCollector sets the collector for a server that holds its
// documents: run's soft limit of 32 MB suits check, whose live heap stays
// a few MB while games stream through, but a language server's live heap
// is its open documents' checks, and past the limit each keystroke marked
// all of them again, more often the larger they were (an edit in a file of
// 5,600 games: 76 ms, 21 ms without the limit). Collecting at twice the
// live heap bounds the memory by the documents instead.
func serverCollector() {
	softMemoryLimit(noMemoryLimit)
	collectAt(100)
}

func runLSP(c *cli.Context) error {
	if c.NArg() > 0 {
		return usageError("lsp takes no arguments: an editor starts it and speaks to it on standard input and output")
	}
	serverCollector()
	so, err := streamOptions(c)
	if err != nil {
		return err
	}
	filter, err := newFindingFilter(c)
	if err != nil {
		return err
	}
	cfgs, err := newConfigs(c)
	if err != nil {
		return err
	}
	settings := func(path string) *live.Settings {
		opts, f := so.Options, filter
		applied, err := config.Apply(cfgs, []input.Source{{Name: path, Path: path}}, so.Options, filter, configFlags(c))
		if err != nil {
			// A broken .arbiter.yaml: said once per document opened, and
			// the document checked under the flags alone.
			fmt.Fprintln(c.App.ErrWriter, "arbiter lsp:", printableLines(err.Error()))
		} else {
			if o := applied.Opts[0]; o != nil {
				opts = *o
			}
			if g := applied.Filters[path]; g != nil {
				f = g
			}
		}
		return &live.Settings{Options: opts, Codes: codes.Matcher, Filter: func(rep *referee.Report) { f.Apply(rep) }}
	}
	err = lsp.Serve(c.App.Reader, c.App.Writer, lsp.Options{Settings: settings, Version: version()})
	if errors.Is(err, lsp.ErrNoShutdown) {
		return cli.Exit("", exitFindings) // the protocol's exit status when the client did not shut down first
	}
	if err != nil {
		return cli.Exit(printableLines("lsp: "+err.Error()), exitUsage)
	}
	return nil
}
