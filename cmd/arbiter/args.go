package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"
	"github.com/xrash/smetrics"
)

// permuteArgs puts a command's flags before its operands, so that
// "arbiter check games.pdn --format json" reads --format as a flag, the way
// people type it (urfave/cli v2, like Go's flag package, stops at the first
// operand). "--" still ends the flags: what follows it is an operand even if
// it starts with "-". A short flag glued to its value ("-j2") is split
// ("-j=2"). The command (and subcommand) names are found from the app's own
// definitions, so a new command needs nothing here.
func permuteArgs(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	out := []string{args[0]}
	rest := args[1:]
	// The app's own flags (--help, --version) come before the command.
	for len(rest) > 0 && strings.HasPrefix(rest[0], "-") && rest[0] != "-" && rest[0] != "--" {
		out = append(out, rest[0])
		rest = rest[1:]
	}
	if len(rest) == 0 {
		return out
	}
	cmd := findCommand(app.Commands, rest[0])
	if cmd == nil {
		return append(out, rest...)
	}
	out = append(out, rest[0])
	rest = rest[1:]
	for len(cmd.Subcommands) > 0 && len(rest) > 0 {
		sub := findCommand(cmd.Subcommands, rest[0])
		if sub == nil {
			break
		}
		out = append(out, rest[0])
		rest = rest[1:]
		cmd = sub
	}
	var flags, operands []string
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			operands = append(operands, rest[i+1:]...)
			i = len(rest)
		case a == "-" || !strings.HasPrefix(a, "-"):
			operands = append(operands, a)
		default:
			name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
			f := findFlag(cmd.Flags, name)
			if f == nil && !strings.HasPrefix(a, "--") && len(name) > 1 {
				// "-j2": a one-letter flag that takes a value, glued to it.
				if g := findFlag(cmd.Flags, name[:1]); g != nil && takesValue(g) {
					a = "-" + name[:1] + "=" + name[1:]
					flags = append(flags, a)
					continue
				}
			}
			flags = append(flags, a)
			if f != nil && takesValue(f) && !hasValue && i+1 < len(rest) {
				i++
				flags = append(flags, rest[i])
			}
		}
	}
	out = append(out, flags...)
	if len(operands) > 0 {
		out = append(out, "--")
		out = append(out, operands...)
	}
	return out
}

func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

func findFlag(flags []cli.Flag, name string) cli.Flag {
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return f
			}
		}
	}
	return nil
}

func takesValue(f cli.Flag) bool {
	d, ok := f.(cli.DocGenerationFlag)
	return ok && d.TakesValue()
}

// version is the module version and the VCS revision the binary was built
// from, as the Go toolchain records them: "(devel)" for a build from a
// checkout, a tag for 'go install arbiter@v1.2.3'.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown (no build information)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, when, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = ", modified"
			}
		}
	}
	if rev != "" {
		v += fmt.Sprintf(" (%.12s, %s%s)", rev, when, dirty)
	}
	return v + " " + info.GoVersion
}

// suggestCommand returns " (did you mean 'arbiter check'?)" for a mistyped
// command, or "" when nothing is close.
func suggestCommand(cmds []*cli.Command, typed string) string {
	var names []string
	for _, c := range cmds {
		names = append(names, c.Names()...)
	}
	best := closest(typed, names)
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean '%s'?)", best)
}

// suggestFlag does the same for a flag of cmd.
func suggestFlag(flags []cli.Flag, typed string) string {
	var names []string
	for _, f := range flags {
		names = append(names, f.Names()...)
	}
	best := closest(strings.TrimLeft(typed, "-"), names)
	if best == "" {
		return ""
	}
	dash := "--"
	if len(best) == 1 {
		dash = "-"
	}
	return fmt.Sprintf(" (did you mean %s%s?)", dash, best)
}

// closest is the name most similar to typed, the first of equals, or ""
// when none is close enough to suggest (similarity below 0.8).
func closest(typed string, names []string) string {
	best, score := "", 0.0
	for _, n := range names {
		if s := similarity(typed, n); s > score {
			best, score = n, s
		}
	}
	if score < 0.8 {
		return ""
	}
	return best
}

// similarity is the Jaro-Winkler similarity urfave/cli's own suggestions
// use (xrash/smetrics): 1 for equal strings, rewarding a common prefix, so
// "--form" is close to "--format" and "chekc" to "check".
func similarity(a, b string) float64 {
	return smetrics.JaroWinkler(a, b, 0.7, 4)
}
