package main

import (
	gocontext "context"
	"errors"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"arbiter/notation/safefile"
	"arbiter/referee/match"
	"arbiter/variants"
)

// engineFlag collects --engine values whole: the default slice flag would
// split them at commas, which engine arguments may hold.
type engineFlag struct{ specs []string }

func (f *engineFlag) Set(s string) error { f.specs = append(f.specs, s); return nil }
func (f *engineFlag) String() string     { return strings.Join(f.specs, " | ") }

func matchCommand() *cli.Command {
	return &cli.Command{
		Name:      "match",
		Usage:     "referee a match between two engines (DamExchange or Hub)",
		ArgsUsage: " ",
		Description: "Starts (or connects to) two draughts engines, relays every move after matching it\n" +
			"against the legal moves, ends each game by the variant's rules or the clocks, appends\n" +
			"every finished game to the --pdn file at once, and prints the standings.\n\n" +
			"An engine is described by key=value fields (values in double quotes when they hold\n" +
			"spaces): name, proto (dxp or hub), cmd (a program to start), args (split at spaces),\n" +
			"arg (one argument), dir (its working folder; a fresh temporary one by default),\n" +
			"addr (host:port where a DXP engine listens), listen (arbiter listens on 127.0.0.1\n" +
			"and the engine connects; listen=host:port to choose), initstr (text for its standard\n" +
			"input; \\n for a new line), param.NAME=VALUE (Hub set-param), tc (its own time per\n" +
			"game, as --tc) or st (its own seconds a move, as --st). In args, {port} and {host} are\n" +
			"the address arbiter chose. Hub engines play the variants they declare, under Scan's\n" +
			"names (" + match.HubVariantList() + "):\n" +
			"each engine is asked before the first game. Example:\n\n" +
			"  arbiter match --engine 'name=A cmd=./mobydam args=\"-p {port}\"' \\\n" +
			"                --engine 'name=B cmd=./scan args=hub proto=hub' --games 4 --tc 1+1\n\n" +
			"Each opening is played twice, colours swapped. An illegal, ambiguous or out-of-turn\n" +
			"move, a malformed message, a lost connection, a crash or a flag fall loses the game;\n" +
			"the reason is in the Termination tag. Ctrl-C (or SIGTERM, SIGHUP) ends the games under\n" +
			"way as unfinished, writes them and prints the standings; the engines end with arbiter\n" +
			"even when it is killed. Exit status: 0 the match was played, 1 it was\n" +
			"interrupted, 2 usage or I/O error, or no game began (an engine did not start).",
		Flags: []cli.Flag{
			&cli.GenericFlag{Name: "engine", Value: &engineFlag{}, Usage: "an engine (give it twice)"},
			&cli.StringFlag{Name: "each", Usage: "fields given to both engines where they leave them unset"},
			&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: 2, Usage: "number of games"},
			&cli.IntFlag{Name: "rounds", Value: 1, Usage: "play the games this many times (games x rounds in all)"},
			&cli.StringFlag{Name: "openings", Usage: "start positions: a file of FEN lines or of PDN games"},
			&cli.StringFlag{Name: "tc", Usage: "time per game: MINUTES[+INCREMENT_SECONDS], e.g. 5 or 1+0.5"},
			&cli.Float64Flag{Name: "st", Usage: "time per move in seconds (instead of --tc)"},
			&cli.DurationFlag{Name: "timemargin", Value: 0, Usage: "lateness tolerated before a flag falls, e.g. 200ms"},
			&cli.IntFlag{Name: "maxmoves", Usage: "moves per side after which the game is adjudicated a draw (0: none)"},
			&cli.StringFlag{Name: "variant", Value: "international", Usage: "rules (see 'arbiter variants')"},
			&cli.IntFlag{Name: "concurrency", Value: 1, Usage: "games played at the same time (engines started per game)"},
			&cli.StringFlag{Name: "pdn", Aliases: []string{"o"}, Usage: "append every finished game to this PDN file (locked while the match lasts: no rewrite, no second match)"},
			&cli.StringFlag{Name: "event", Value: "arbiter match", Usage: "the Event tag"},
			&cli.StringFlag{Name: "site", Value: "?", Usage: "the Site tag"},
			&cli.DurationFlag{Name: "handshake", Value: 15 * time.Second, Usage: "time allowed to start an engine and for each protocol answer outside the clock"},
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "the final standings: text or json"},
			&cli.BoolFlag{Name: "debug", Usage: "print every message to (<) and from (>) the engines on standard error"},
		},
		Action: runMatch,
	}
}

func runMatch(c *cli.Context) error {
	if c.NArg() > 0 {
		return usageError("match takes no arguments (got %q)", c.Args().First())
	}
	specs := c.Generic("engine").(*engineFlag).specs
	if len(specs) != 2 {
		return usageError("give --engine twice (got %d)", len(specs))
	}
	var cfg match.Config
	for i, s := range specs {
		e, err := match.ParseEngine(s)
		if err != nil {
			return usageError("%v", err)
		}
		if each := c.String("each"); each != "" {
			if err := e.Merge(each); err != nil {
				return usageError("%v", err)
			}
		}
		cfg.Engines[i] = e
	}
	v, err := variants.Lookup(c.String("variant"))
	if err != nil {
		return usageError("%v", err)
	}
	cfg.Variant = v
	format := c.String("format")
	if format != "text" && format != "json" {
		return usageError("--format %q: text or json", format)
	}
	if c.Int("games") < 1 || c.Int("rounds") < 1 {
		return usageError("--games and --rounds must be at least 1")
	}
	cfg.Games = c.Int("games") * c.Int("rounds")
	cfg.Concurrency = c.Int("concurrency")
	if cfg.Concurrency < 1 {
		return usageError("--concurrency must be at least 1")
	}
	cfg.MaxMoves = c.Int("maxmoves")
	if cfg.MaxMoves < 0 {
		return usageError("--maxmoves must not be negative")
	}
	cfg.Event, cfg.Site, cfg.Handshake = c.String("event"), c.String("site"), c.Duration("handshake")
	if cfg.Handshake <= 0 {
		return usageError("--handshake must be a positive time, e.g. 15s")
	}
	cfg.TC.Margin = c.Duration("timemargin")
	if cfg.TC.Margin < 0 {
		return usageError("--timemargin must not be negative (the lateness tolerated before a flag falls)")
	}
	switch {
	case c.IsSet("tc") && c.IsSet("st"):
		return usageError("give --tc or --st, not both")
	case c.IsSet("st"):
		if cfg.TC.PerMove, err = match.Seconds(c.Float64("st")); err != nil || cfg.TC.PerMove == 0 {
			return usageError("--st %v: the time per move must be a positive number of seconds", c.Float64("st"))
		}
	default:
		tc := c.String("tc")
		if tc == "" {
			tc = "1"
		}
		margin := cfg.TC.Margin
		if cfg.TC, err = match.ParseTC(tc); err != nil {
			return usageError("--tc %q: %v", tc, err)
		}
		cfg.TC.Margin = margin
	}
	if name := c.String("openings"); name != "" {
		f, err := os.Open(name)
		if err != nil {
			return usageError("%v", err)
		}
		cfg.Openings, err = match.ReadOpenings(f, name, v)
		f.Close()
		if err != nil {
			return usageError("%v", err)
		}
	}
	out := c.App.Writer
	cfg.Progress = out
	if format == "json" {
		cfg.Progress = c.App.ErrWriter
	}
	var pdnFile *os.File
	if name := c.String("pdn"); name != "" {
		if o := c.String("openings"); o != "" && sameFile(o, name) {
			return usageError("--pdn %s is the openings file: arbiter does not write into its own input", name)
		}
		// Appended, never truncated: a finished game is in the file the
		// moment it ends, and an earlier match's games stay. Locked while
		// the match lasts (lock.go): a rewrite of the file or a second
		// match on it is refused until this one ends.
		const flags = os.O_WRONLY | os.O_APPEND | os.O_CREATE
		if _, isFD := safefile.DescriptorPath(name); isFD {
			pdnFile, err = os.OpenFile(name, flags, 0o644)
		} else {
			pdnFile, _, err = safefile.OpenLocked(name, flags, 0o644)
		}
		var locked *safefile.LockedError
		if errors.As(err, &locked) {
			return cli.Exit(err.Error(), exitUsage)
		}
		if err != nil {
			return usageError("%v", err)
		}
		defer pdnFile.Close()
		cfg.Out = pdnFile
	}
	if c.Bool("debug") {
		cfg.Trace = c.App.ErrWriter
	}
	m, err := match.New(cfg)
	if err != nil {
		return usageError("%v", err)
	}
	ctx, stop := signal.NotifyContext(gocontext.Background(), safefile.StopSignals()...)
	defer stop()
	// A variant an engine does not declare is refused before any game.
	if err := m.Arena().Probe(ctx); err != nil {
		if ctx.Err() != nil {
			return cli.Exit("match interrupted", exitFindings)
		}
		return usageError("%v", err)
	}
	st, runErr := m.Run(ctx)
	if format == "json" {
		if err := st.WriteJSON(out); err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
	} else {
		st.WriteText(out)
	}
	if pdnFile != nil {
		if err := pdnFile.Close(); err != nil && runErr == nil {
			runErr = err
		}
	}
	switch {
	case runErr != nil:
		return cli.Exit(runErr.Error(), exitUsage)
	case st.Interrupted:
		return cli.Exit("match interrupted", exitFindings)
	}
	return nil
}

func sameFile(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	if err1 == nil && err2 == nil {
		return os.SameFile(fa, fb)
	}
	pa, _ := filepath.Abs(a)
	pb, _ := filepath.Abs(b)
	return pa == pb
}
