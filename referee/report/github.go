package report

import (
	"fmt"
	"io"
	"os"
	"strings"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/referee/codes"
)

// githubWriter writes GitHub Actions workflow commands, which show up as
// annotations on the lines of the file in a pull request. GitHub shows only
// the first few annotations of a step, so each file gets at most
// ghMaxPerFile errors and as many warnings, then one notice with the count
// of the rest; with $GITHUB_STEP_SUMMARY set, a Markdown summary (games,
// valid, findings by code) is appended to that file.
type githubWriter struct {
	out         io.Writer
	summaryPath string
	file        string
	shown       [3]int // errors, warnings, notes annotated for file
	hidden      int
}

const ghMaxPerFile = 10

func (g *githubWriter) Write(rep *referee.Report) error {
	if rep.File != g.file {
		g.endFile()
		g.file = rep.File
	}
	for _, d := range rep.Diagnostics {
		p := d.Pos
		if !p.IsValid() {
			p = rep.Pos
		}
		kind, i := "warning", 1
		switch d.Severity {
		case notation.Error:
			kind, i = "error", 0
		case notation.Note:
			kind, i = "notice", 2
		}
		if g.shown[i] >= ghMaxPerFile {
			g.hidden++
			continue
		}
		g.shown[i]++
		msg := Context(rep, d) + ": " + d.Msg + Legal(d) + FixNote(d)
		fmt.Fprintf(g.out, "::%s file=%s,line=%d,col=%d,title=arbiter %s::%s\n",
			kind, ghProperty(rep.File), p.Line, max(p.Col, 1), d.Code, ghData(msg))
	}
	return nil
}

// endFile writes the notice for the annotations of the current file that
// were left out.
func (g *githubWriter) endFile() {
	if g.hidden > 0 {
		fmt.Fprintf(g.out, "::notice file=%s,title=arbiter::%d more %s in this file (GitHub shows only the first annotations; run arbiter check %s for all)\n",
			ghProperty(g.file), g.hidden, plural(g.hidden, "finding", "findings"), ghData(g.file))
	}
	g.shown, g.hidden = [3]int{}, 0
}

func (g *githubWriter) Finish(sum *Summary) error {
	g.endFile()
	if g.summaryPath == "" {
		return nil
	}
	f, err := os.OpenFile(g.summaryPath, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	writeMarkdownSummary(f, sum)
	return f.Close()
}

// writeMarkdownSummary writes the job summary GitHub shows on the run's page.
func writeMarkdownSummary(w io.Writer, sum *Summary) {
	fmt.Fprintf(w, "### arbiter check\n\n| games | valid | with errors | errors | warnings |\n| ---: | ---: | ---: | ---: | ---: |\n| %d | %d | %d | %d | %d |\n",
		sum.Games, sum.Valid, sum.Invalid, sum.Errors, sum.Warnings)
	if sum.Suppressed > 0 {
		fmt.Fprintf(w, "\n%d %s suppressed (%d by the baseline): they fail nothing.\n", sum.Suppressed, plural(sum.Suppressed, "finding", "findings"), sum.Baselined)
	}
	if counts := sum.Codes(); len(counts) > 0 {
		fmt.Fprint(w, "\n| code | errors | warnings | meaning |\n| --- | ---: | ---: | --- |\n")
		for _, c := range counts {
			doc, _ := codes.Find(c.Code)
			fmt.Fprintf(w, "| `%s` | %d | %d | %s |\n", c.Code, c.Errors, c.Warnings, doc.Summary)
		}
	}
	fmt.Fprintln(w)
}

// ghData and ghProperty escape a workflow command's message and its
// properties: Printable first (the log is read on a terminal too), then
// GitHub's own escapes.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(Printable(s))
}

func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(Printable(s))
}
