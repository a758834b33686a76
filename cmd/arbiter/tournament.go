package main

import (
	"bytes"
	gocontext "context"
	"errors"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"arbiter/notation/safefile"
	"arbiter/referee/match"
	"arbiter/referee/tournament"
	"arbiter/variants"
)

func tournamentCommand() *cli.Command {
	return &cli.Command{
		Name:      "tournament",
		Usage:     "referee a tournament between engines: round robin, gauntlet or knockout, resumable, with an SPRT",
		ArgsUsage: "[ENGINE...]",
		Description: "Plays the engines named (all those of the --engines file when none is named) against\n" +
			"each other as 'arbiter match' plays two: every move matched against the legal moves, the\n" +
			"variant's rules and the clocks applied, every finished game appended to the --pdn file\n" +
			"at once. An engine is described once in the engines file (YAML):\n\n" +
			"  engines:\n" +
			"    - name: Scan\n" +
			"      protocol: hub            # or dxp\n" +
			"      command: ./scan          # relative to the file's folder\n" +
			"      args: [hub]\n" +
			"      dir: .                   # working folder (default: a fresh one per game)\n" +
			"      options: {book: false}   # Hub parameters, set before init\n" +
			"      tc: 1+0.1                # its own clock (or st: seconds a move)\n" +
			"    - name: Moby Dam\n" +
			"      protocol: dxp\n" +
			"      command: ./mobydam\n" +
			"      args: [-p, \"{port}\", -b, book.opn]\n" +
			"      stdin: time 100          # written to its standard input at start\n\n" +
			"Paths in args are the engine's own: relative to its working folder. A DXP engine may\n" +
			"instead be reached at address: host:port, or connect to arbiter (listen: true).\n\n" +
			"Two engines' games are numbered from 0 across the rounds: game k is played from\n" +
			"opening k/2, colours swapped from game to game, so each opening is played twice with\n" +
			"colours swapped. A round robin is played in Berger rounds; a gauntlet is the\n" +
			"first engine against each of the others; a knockout is seeded in the engines' order,\n" +
			"a tied match going on by pairs of games (at most 5, then the higher seed goes through).\n\n" +
			"Every game carries an ArbiterTournament tag with the tournament's settings. When the\n" +
			"--pdn file holds games of the same tournament, it is resumed (--resume, the default):\n" +
			"those games are not played again and count in the standings; a file whose last\n" +
			"tournament has other settings is refused with the difference named. Ctrl-C (or SIGTERM,\n" +
			"SIGHUP) stops the games under way without writing them, prints the standings and exits\n" +
			"1; they are played again on resume.\n\n" +
			"--sprt tests the first engine against the second on pairs of games (pentanomial\n" +
			"model, logistic Elo) and stops once the log-likelihood ratio crosses a bound; --rounds\n" +
			"then defaults to 100000, the most it plays. --resign and --draw adjudicate on the Hub\n" +
			"engines' scores (in men): both engines must agree, so games with a DXP engine are\n" +
			"never adjudicated by score. Exit status: 0 the tournament is finished, 1 interrupted,\n" +
			"2 usage or I/O error, or no game began.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "engines", Value: "engines.yaml", Usage: "the engines file (YAML, above)"},
			&cli.StringFlag{Name: "type", Value: "round-robin", Usage: "round-robin, gauntlet or knockout"},
			&cli.IntFlag{Name: "games", Aliases: []string{"n"}, Value: 2, Usage: "games per encounter (a knockout match), each round"},
			&cli.IntFlag{Name: "rounds", Value: 1, Usage: "times each encounter is played"},
			&cli.StringFlag{Name: "openings", Usage: "start positions: a file of FEN lines or of PDN games"},
			&cli.StringFlag{Name: "variant", Value: "international", Usage: "rules (see 'arbiter variants'); Hub engines play " + match.HubVariantList()},
			&cli.StringFlag{Name: "tc", Usage: "time per game: MINUTES[+INCREMENT_SECONDS] (default 1); an engine's own tc: wins"},
			&cli.Float64Flag{Name: "st", Usage: "time per move in seconds (instead of --tc)"},
			&cli.DurationFlag{Name: "timemargin", Value: 0, Usage: "lateness tolerated before a flag falls, e.g. 200ms"},
			&cli.IntFlag{Name: "maxmoves", Usage: "moves per side after which the game is adjudicated a draw (0: none)"},
			&cli.StringFlag{Name: "resign", Usage: `adjudicate a win when both engines scored one side "score=S" men ahead for their last "moves=N" moves each`},
			&cli.StringFlag{Name: "draw", Usage: `adjudicate a draw when, from move "after=M", both engines scored within "score=S" men of 0 for their last "moves=N" moves each`},
			&cli.StringFlag{Name: "sprt", Usage: `stop a two-engine test when the SPRT decides: "elo0=0 elo1=5 alpha=0.05 beta=0.05"`},
			&cli.IntFlag{Name: "concurrency", Value: 1, Usage: "games played at the same time (engines started per game)"},
			&cli.StringFlag{Name: "pdn", Aliases: []string{"o"}, Usage: "append every finished game to this PDN file, and resume from it (locked while the tournament lasts)"},
			&cli.BoolFlag{Name: "resume", Value: true, Usage: "continue the tournament the --pdn file holds (--resume=false: start a new one after its games)"},
			&cli.StringFlag{Name: "standings", Usage: "rewrite this file with the standings (in --format) after every game"},
			&cli.StringFlag{Name: "event", Value: "arbiter tournament", Usage: "the Event tag"},
			&cli.StringFlag{Name: "site", Value: "?", Usage: "the Site tag"},
			&cli.DurationFlag{Name: "handshake", Value: 15 * time.Second, Usage: "time allowed to start an engine and for each protocol answer outside the clock"},
			&cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: "text", Usage: "the standings: text or json"},
			&cli.BoolFlag{Name: "debug", Usage: "print every message to (<) and from (>) the engines on standard error"},
		},
		Action: runTournament,
	}
}

func runTournament(c *cli.Context) error {
	var cfg tournament.Config
	var err error
	if cfg.Kind, err = tournament.ParseKind(c.String("type")); err != nil {
		return usageError("--type %v", err)
	}
	format := c.String("format")
	if format != "text" && format != "json" {
		return usageError("--format %q: text or json", format)
	}
	enginesFile := c.String("engines")
	f, err := os.Open(enginesFile)
	if err != nil {
		return usageError("--engines: %v", err)
	}
	all, err := tournament.ReadEngines(f, enginesFile)
	f.Close()
	if err != nil {
		return usageError("%v", err)
	}
	if cfg.Engines, err = tournament.Select(all, c.Args().Slice()); err != nil {
		return usageError("%v", err)
	}
	if cfg.Variant, err = variants.Lookup(c.String("variant")); err != nil {
		return usageError("%v", err)
	}
	cfg.Games, cfg.Rounds = c.Int("games"), c.Int("rounds")
	if cfg.Games < 1 || cfg.Rounds < 1 {
		return usageError("--games and --rounds must be at least 1")
	}
	if s := c.String("sprt"); c.IsSet("sprt") {
		t, err := tournament.ParseSPRT(s)
		if err != nil {
			return usageError("--sprt: %v", err)
		}
		cfg.SPRT = &t
		if !c.IsSet("rounds") {
			cfg.Rounds = 100000
		}
	}
	if cfg.Concurrency = c.Int("concurrency"); cfg.Concurrency < 1 {
		return usageError("--concurrency must be at least 1")
	}
	if cfg.MaxMoves = c.Int("maxmoves"); cfg.MaxMoves < 0 {
		return usageError("--maxmoves must not be negative")
	}
	if cfg.Adjudication, err = parseAdjudication(c.String("resign"), c.String("draw")); err != nil {
		return usageError("%v", err)
	}
	cfg.Event, cfg.Site, cfg.Handshake = c.String("event"), c.String("site"), c.Duration("handshake")
	if cfg.Handshake <= 0 {
		return usageError("--handshake must be a positive time, e.g. 15s")
	}
	margin := c.Duration("timemargin")
	if margin < 0 {
		return usageError("--timemargin must not be negative (the lateness tolerated before a flag falls)")
	}
	switch {
	case c.IsSet("tc") && c.IsSet("st"):
		return usageError("give --tc or --st, not both")
	case c.IsSet("st"):
		if cfg.TC, err = match.PerMoveTC(strconv.FormatFloat(c.Float64("st"), 'f', -1, 64)); err != nil {
			return usageError("--st %v: %v", c.Float64("st"), err)
		}
	default:
		tc := c.String("tc")
		if tc == "" {
			tc = "1"
		}
		if cfg.TC, err = match.ParseTC(tc); err != nil {
			return usageError("--tc %q: %v", tc, err)
		}
	}
	cfg.TC.Margin = margin
	if name := c.String("openings"); name != "" {
		f, err := os.Open(name)
		if err != nil {
			return usageError("%v", err)
		}
		cfg.Openings, err = match.ReadOpenings(f, name, cfg.Variant)
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
	if c.Bool("debug") {
		cfg.Trace = c.App.ErrWriter
	}
	pdnName, standingsName := c.String("pdn"), c.String("standings")
	for _, in := range []string{enginesFile, c.String("openings")} {
		if in == "" {
			continue
		}
		if pdnName != "" && sameFile(in, pdnName) {
			return usageError("--pdn %s is an input: arbiter does not write into its own input", pdnName)
		}
		if standingsName != "" && sameFile(in, standingsName) {
			return usageError("--standings %s is an input: arbiter does not write into its own input", standingsName)
		}
	}
	if pdnName != "" && standingsName != "" && sameFile(pdnName, standingsName) {
		return usageError("--standings and --pdn are the same file")
	}
	t, err := tournament.New(cfg)
	if err != nil {
		return usageError("%v", err)
	}

	var pdnFile *os.File
	if pdnName != "" {
		// Appended, never truncated; read first to resume. Locked while
		// the tournament lasts (lock.go): a rewrite of the file or a
		// second tournament or match on it is refused until this one ends.
		const flags = os.O_RDWR | os.O_APPEND | os.O_CREATE
		if _, isFD := safefile.DescriptorPath(pdnName); isFD {
			return usageError("--pdn %s: a tournament reads its file back to resume: give a regular file", pdnName)
		}
		pdnFile, _, err = safefile.OpenLocked(pdnName, flags, 0o644)
		var locked *safefile.LockedError
		if errors.As(err, &locked) {
			return cli.Exit(err.Error(), exitUsage)
		}
		if err != nil {
			return usageError("%v", err)
		}
		defer pdnFile.Close()
		if err := resumeFrom(t, pdnFile, pdnName, c.Bool("resume")); err != nil {
			return err
		}
		t.Config().Out = pdnFile
	}
	ctx, stop := signal.NotifyContext(gocontext.Background(), safefile.StopSignals()...)
	defer stop()
	if err := t.Arena().Probe(ctx); err != nil {
		if ctx.Err() != nil {
			return cli.Exit("tournament interrupted", exitFindings)
		}
		return usageError("%v", err)
	}
	var standingsErr error
	if standingsName != "" {
		t.Config().Update = func(st *tournament.Standings) {
			if standingsErr == nil {
				standingsErr = writeStandings(standingsName, st, format)
			}
		}
	}
	st, runErr := t.Run(ctx)
	if format == "json" {
		if err := st.WriteJSON(out); err != nil {
			return cli.Exit(err.Error(), exitUsage)
		}
	} else {
		st.WriteText(out)
	}
	if standingsName != "" && standingsErr == nil {
		standingsErr = writeStandings(standingsName, st, format)
	}
	if pdnFile != nil {
		if err := pdnFile.Close(); err != nil && runErr == nil {
			runErr = err
		}
	}
	switch {
	case runErr != nil:
		return cli.Exit(runErr.Error(), exitUsage)
	case standingsErr != nil:
		return cli.Exit(standingsErr.Error(), exitUsage)
	case st.Interrupted && pdnFile != nil:
		return cli.Exit("tournament interrupted: run the same command again to resume it from "+pdnName, exitFindings)
	case st.Interrupted:
		return cli.Exit("tournament interrupted", exitFindings)
	}
	return nil
}

// resumeFrom reads the PDN's games and, with resume, takes those of the
// same tournament; and makes sure the next game starts on a line of its
// own after a record a killed run left half written.
func resumeFrom(t *tournament.Tournament, f *os.File, name string, resume bool) error {
	games, err := tournament.ReadPlayed(f, name)
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	if resume {
		if _, err := t.Resume(games, name); err != nil {
			var mm *tournament.MismatchError
			if errors.As(err, &mm) {
				return usageError("%v; give another --pdn file, the same settings, or --resume=false to start a new tournament after its games", err)
			}
			return cli.Exit(err.Error(), exitUsage)
		}
	}
	st, err := f.Stat()
	if err != nil || st.Size() == 0 {
		return err
	}
	tail := make([]byte, 2)
	n, err := f.ReadAt(tail, max(st.Size()-2, 0))
	if err != nil && !errors.Is(err, io.EOF) {
		return cli.Exit(err.Error(), exitUsage)
	}
	tail = tail[:n]
	switch {
	case bytes.HasSuffix(tail, []byte("\n\n")):
	case bytes.HasSuffix(tail, []byte("\n")):
		_, err = f.WriteString("\n")
	default:
		_, err = f.WriteString("\n\n")
	}
	if err != nil {
		return cli.Exit(err.Error(), exitUsage)
	}
	return nil
}

// writeStandings rewrites the standings file whole, through a temporary
// file renamed into place.
func writeStandings(name string, st *tournament.Standings, format string) error {
	a, err := safefile.Create(name)
	if err != nil {
		return err
	}
	if format == "json" {
		err = st.WriteJSON(a)
	} else {
		st.WriteText(a)
	}
	if err != nil {
		a.Abort()
		return err
	}
	return a.Commit()
}

// parseAdjudication reads --resign "moves=N score=S" and --draw "after=M
// moves=N score=S".
func parseAdjudication(resign, draw string) (match.Adjudication, error) {
	var a match.Adjudication
	read := func(flag, s string, keys map[string]*float64) error {
		for _, f := range strings.Fields(s) {
			k, v, ok := strings.Cut(f, "=")
			dst, known := keys[k]
			if !ok || !known {
				var names []string
				for n := range keys {
					names = append(names, n)
				}
				return usageError("--%s %q: want %s as key=value", flag, f, strings.Join(sorted(names), ", "))
			}
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return usageError("--%s %s: not a number", flag, f)
			}
			*dst = x
		}
		return nil
	}
	var rm, rs, da, dm, ds float64
	if resign != "" {
		if err := read("resign", resign, map[string]*float64{"moves": &rm, "score": &rs}); err != nil {
			return a, err
		}
		if rm < 1 || rs <= 0 || rm != float64(int(rm)) {
			return a, usageError("--resign %q: moves= a whole number from 1, score= men above 0", resign)
		}
	}
	if draw != "" {
		if err := read("draw", draw, map[string]*float64{"after": &da, "moves": &dm, "score": &ds}); err != nil {
			return a, err
		}
		if dm < 1 || ds < 0 || da < 0 || dm != float64(int(dm)) || da != float64(int(da)) {
			return a, usageError("--draw %q: after= and moves= whole numbers (moves from 1), score= men, 0 or more", draw)
		}
	}
	a = match.Adjudication{ResignMoves: int(rm), ResignScore: rs, DrawAfter: int(da), DrawMoves: int(dm), DrawScore: ds}
	return a, nil
}

func sorted(s []string) []string {
	slices.Sort(s)
	return s
}
