package main

import (
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"
)

// The bash and zsh scripts ask arbiter itself for the words that fit
// (urfave/cli answers "--generate-bash-completion" with the commands, or
// with the flags of a command after a "-"), so they never go stale; when
// arbiter has nothing to offer they complete file names.
const bashCompletion = `# bash completion for arbiter: eval "$(arbiter completion bash)"
_arbiter_complete() {
	local cur="${COMP_WORDS[COMP_CWORD]}" words
	if [[ "$cur" == -* ]]; then
		words=$("${COMP_WORDS[@]:0:COMP_CWORD}" "$cur" --generate-bash-completion 2>/dev/null)
	else
		words=$("${COMP_WORDS[@]:0:COMP_CWORD}" --generate-bash-completion 2>/dev/null)
	fi
	COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -o bashdefault -F _arbiter_complete arbiter
`

const zshCompletion = `#compdef arbiter
# zsh completion for arbiter: arbiter completion zsh > "${fpath[1]}/_arbiter"
_arbiter() {
	local cur=${words[CURRENT]} -a opts
	if [[ "$cur" == -* ]]; then
		opts=("${(@f)$(${words[1,CURRENT-1]} $cur --generate-bash-completion 2>/dev/null)}")
	else
		opts=("${(@f)$(${words[1,CURRENT-1]} --generate-bash-completion 2>/dev/null)}")
	fi
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
