package report

import "github.com/fatih/color"

// palette colours the text output; the zero palette writes plain text.
// fatih/color writes the escape sequences; whether to use them is decided
// by the caller (Options.Color: the command line's --color), not by its
// own detection, so --color always works in a pipe and tests see plain
// text.
type palette struct {
	on                           bool
	place, err, warn, note, mark *color.Color
}

func newPalette(on bool) palette {
	p := palette{on: on,
		place: color.New(color.Bold),
		err:   color.New(color.FgRed, color.Bold),
		warn:  color.New(color.FgYellow, color.Bold),
		note:  color.New(color.FgCyan, color.Bold),
		mark:  color.New(color.FgGreen, color.Bold),
	}
	for _, c := range []*color.Color{p.place, p.err, p.warn, p.note, p.mark} {
		if on {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
	}
	return p
}

func (p palette) paint(c *color.Color, s string) string {
	if !p.on || c == nil {
		return s
	}
	return c.Sprint(s)
}
