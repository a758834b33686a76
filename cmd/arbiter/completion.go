package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"arbiter/referee/codes"
	"arbiter/referee/tournament"
	"arbiter/variants"
)

// The bash and zsh scripts ask arbiter itself for the words that fit
// ("arbiter WORDS... CURRENT --generate-bash-completion"), so they never go
// stale; when arbiter has nothing to offer they complete file names.
const bashCompletion = `# bash completion for arbiter: eval "$(arbiter completion bash)"
_arbiter_complete() {
	local cur="${COMP_WORDS[COMP_CWORD]}" words
	words=$("${COMP_WORDS[0]}" "${COMP_WORDS[@]:1:COMP_CWORD}" --generate-bash-completion 2>/dev/null)
	COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -o bashdefault -F _arbiter_complete arbiter
`

const zshCompletion = `#compdef arbiter
# zsh completion for arbiter: arbiter completion zsh > "${fpath[1]}/_arbiter"
_arbiter() {
	local -a opts
	opts=("${(@f)$(${words[1]} "${(@)words[2,CURRENT]}" --generate-bash-completion 2>/dev/null)}")
	if [[ -n "${opts[1]}" ]]; then
		_describe 'arbiter' opts
	else
		_files
	fi
}
if [[ "$funcstack[1]" = "_arbiter" ]]; then
	_arbiter "$@"
else
	compdef _arbiter arbiter
fi
`

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash, zsh or fish)",
		ArgsUsage: "bash|zsh|fish",
		Description: "bash:  eval \"$(arbiter completion bash)\"   (in ~/.bashrc)\n" +
			"zsh:   arbiter completion zsh > \"${fpath[1]}/_arbiter\"\n" +
			"fish:  arbiter completion fish > ~/.config/fish/completions/arbiter.fish",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError("completion: name one shell: bash, zsh or fish")
			}
			w := c.App.Writer
			switch shell := c.Args().First(); shell {
			case "bash":
				_, err := fmt.Fprint(w, bashCompletion)
				return err
			case "zsh":
				_, err := fmt.Fprint(w, zshCompletion)
				return err
			case "fish":
				// urfave/cli writes it from the command definitions.
				s, err := c.App.ToFishCompletion()
				if err != nil {
					return err
				}
				_, err = fmt.Fprintln(w, strings.TrimRight(s, "\n"))
				return err
			default:
				return usageError("completion: unknown shell %q (bash, zsh or fish)", shell)
			}
		},
	}
}

// completeFlag, last on the command line, asks for completions.
const completeFlag = "--generate-bash-completion"

// complete answers a shell: args are the words typed after "arbiter", the
// last one the word being completed (maybe empty). It offers commands,
// subcommands, flags, and the values of the flags that take a known set
// (formats, variants, codes), one per line.
func complete(app *cli.App, args []string) []string {
	if len(args) == 0 {
		args = []string{""}
	}
	cur, done := args[len(args)-1], args[:len(args)-1]
	cmd := commandOf(app, append([]string{"arbiter"}, done...))
	flags := app.Flags
	if cmd != nil {
		flags = cmd.Flags
	}
	if len(done) > 0 {
		prev := done[len(done)-1]
		if f := findFlag(flags, strings.TrimLeft(prev, "-")); strings.HasPrefix(prev, "-") && f != nil && takesValue(f) {
			return flagValues(f.Names()[0])
		}
	}
	var out []string
	switch {
	case strings.HasPrefix(cur, "-"):
		for _, f := range flags {
			if v, ok := f.(cli.VisibleFlag); ok && !v.IsVisible() {
				continue
			}
			n := f.Names()[0]
			if len(n) == 1 {
				out = append(out, "-"+n)
			} else {
				out = append(out, "--"+n)
			}
		}
		out = append(out, "--help")
	case cmd == nil:
		for _, c := range app.Commands {
			if !c.Hidden {
				out = append(out, c.Name)
			}
		}
		out = append(out, "help")
	case len(cmd.Subcommands) > 0:
		for _, c := range cmd.Subcommands {
			out = append(out, c.Name)
		}
	case cmd.Name == "explain":
		out = flagValues("select")
	case cmd.Name == "completion":
		out = []string{"bash", "zsh", "fish"}
	case cmd.Name == "show":
		out = flagValues("variant")
	case cmd.Name == "tournament":
		out = engineNames(done)
	}
	return out
}

// engineNames are the names in the engines file the words typed name
// (--engines FILE), or engines.yaml.
func engineNames(words []string) []string {
	file := "engines.yaml"
	for i, w := range words {
		if v, ok := strings.CutPrefix(w, "--engines="); ok {
			file = v
		} else if w == "--engines" && i+1 < len(words) {
			file = words[i+1]
		}
	}
	f, err := os.Open(file)
	if err != nil {
		return nil
	}
	defer f.Close()
	all, err := tournament.ReadEngines(f, file)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range all {
		out = append(out, e.Name)
	}
	return out
}

func flagValues(flag string) []string {
	for _, f := range choiceFlags {
		if f.name == flag {
			return f.words()
		}
	}
	switch flag {
	case "format":
		var out []string
		for _, f := range formats() {
			out = append(out, f.Name)
		}
		return out
	case "color":
		return []string{"auto", "always", "never"}
	case "type":
		return []string{string(tournament.RoundRobin), string(tournament.Gauntlet), string(tournament.Knockout)}
	case "variations":
		return []string{"warn", "error", "ignore"}
	case "variant", "default-variant":
		all, err := variants.Builtin()
		if err != nil {
			return nil
		}
		var out []string
		for _, v := range all {
			out = append(out, v.Name)
		}
		return out
	case "select", "ignore", "extend-select", "extend-ignore":
		var out []string
		for _, d := range codes.Docs() {
			out = append(out, d.Code)
		}
		return append(append(out, codes.Groups()...), codes.All) // the groups, and ALL
	}
	return nil // a file name, a number: the shell's own completion
}
