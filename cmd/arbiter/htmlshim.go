package main

import (
	"io"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/referee/report"
)

// What html.go, the html format's writer, takes from the report package
// while it waits in cmd/arbiter for the html-diagrams branch: it moves to
// referee/report after that lands, and this file goes.

type summary = report.Summary

func gameName(rep *referee.Report) string       { return report.GameName(rep) }
func verdictLine(rep *referee.Report) string    { return report.VerdictLine(rep) }
func fixNote(d referee.Diagnostic) string       { return report.FixNote(d) }
func caret(line string, col int) string         { return report.Caret(line, col) }
func newQuoter(rec *notation.Record) htmlQuoter { return htmlQuoter{report.NewQuoter(rec)} }

type htmlQuoter struct{ q *report.Quoter }

func (q htmlQuoter) quote(p notation.Pos) (string, int, bool) { return q.q.Quote(p) }

// htmlFormat is the html format, in its place among report.Formats.
var htmlFormat = report.Format{
	Name: "html", Usage: "one self-contained page: summary, filters, the board at each error, a replay viewer", Film: true,
	New: func(out io.Writer, o report.Options) report.Writer {
		h := newHTMLWriter(out)
		h.fixed = o.Variant
		return htmlReportWriter{h}
	},
}

type htmlReportWriter struct{ h *htmlWriter }

func (w htmlReportWriter) Write(rep *referee.Report) error  { return w.h.write(rep) }
func (w htmlReportWriter) Finish(sum *report.Summary) error { return w.h.finish(sum) }
