package report

import (
	"fmt"
	"io"

	"arbiter/referee"
)

// conciseWriter writes one line per finding, ruff's concise form, for
// grep, editors and errorformat (%f:%l:%c: %m):
//
//	games/a.pdn:17:28: illegal [error] game 1 (White - Black), move 32 (17-11): no piece on 17; legal: 32x43
//
// No source line, no board, no folding of exporters' habits: every finding
// on its own line.
type conciseWriter struct {
	out io.Writer
}

func (w *conciseWriter) Write(rep *referee.Report) error {
	for i := range rep.Diagnostics {
		d := &rep.Diagnostics[i]
		if _, err := fmt.Fprintf(w.out, "%s: %s [%s] %s: %s\n", Printable(Where(rep, d.Pos)), d.Code, d.Severity,
			Printable(Context(rep, *d)), Printable(d.Msg+Legal(*d))); err != nil {
			return err
		}
	}
	return nil
}

func (w *conciseWriter) Finish(*Summary) error { return nil }
