package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"arbiter/notation"
	"arbiter/referee"
)

// gitlabWriter writes GitLab's code quality report (the subset of Code
// Climate's issue format GitLab reads: artifacts:reports:codequality), one
// JSON array, so a merge request shows the findings it adds and removes:
// description, check_name (the code), severity (error: major, warning:
// minor, note: info), location (path relative to the working directory,
// line), and a fingerprint that names the finding by its game's identity,
// code and move rather than its line, so that moving a game does not make
// its findings new.
type gitlabWriter struct {
	out  io.Writer
	n    int
	seen map[string]int // fingerprints given, to keep repeats apart
	cwd  string
}

// newGitlabWriter: the stream computes each game's identity for the
// fingerprints (Format.Identifies).
func newGitlabWriter(out io.Writer) *gitlabWriter {
	return &gitlabWriter{out: out, seen: map[string]int{}, cwd: mustAbs(".")}
}

type gitlabIssue struct {
	Type        string         `json:"type"`
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Categories  []string       `json:"categories"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path      string          `json:"path"`
	Lines     gitlabLines     `json:"lines"`
	Positions gitlabPositions `json:"positions"`
}

type gitlabLines struct {
	Begin int `json:"begin"`
}

type gitlabPositions struct {
	Begin gitlabPosition `json:"begin"`
}

type gitlabPosition struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

var gitlabSeverity = map[notation.Severity]string{notation.Error: "major", notation.Warning: "minor", notation.Note: "info"}

func (g *gitlabWriter) Write(rep *referee.Report) error {
	path := rep.File
	if rel, err := filepath.Rel(g.cwd, mustAbs(rep.File)); err == nil && !filepath.IsAbs(rep.File) {
		path = filepath.ToSlash(rel)
	}
	for i := range rep.Diagnostics {
		d := &rep.Diagnostics[i]
		p := d.Pos
		if !p.IsValid() {
			p = rep.Pos
		}
		sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%s\x00%s\x00%d\x00%s", path, rep.Identity.Game, d.Code, d.MoveNumber, d.Move))
		fp := hex.EncodeToString(sum[:])
		g.seen[fp]++
		if n := g.seen[fp]; n > 1 {
			sum = sha256.Sum256(fmt.Appendf(nil, "%s\x00%d", fp, n))
			fp = hex.EncodeToString(sum[:])
		}
		category := "Bug Risk"
		if d.Severity != notation.Error {
			category = "Style"
		}
		b, err := json.Marshal(gitlabIssue{Type: "issue", Description: Printable(Context(rep, *d) + ": " + d.Msg + Legal(*d)), CheckName: d.Code,
			Fingerprint: fp, Severity: gitlabSeverity[d.Severity], Categories: []string{category},
			Location: gitlabLocation{Path: path, Lines: gitlabLines{p.Line}, Positions: gitlabPositions{gitlabPosition{p.Line, max(p.Col, 1)}}}})
		if err != nil {
			return err
		}
		sep := ",\n  "
		if g.n == 0 {
			sep = "[\n  "
		}
		g.n++
		if _, err := io.WriteString(g.out, sep); err != nil {
			return err
		}
		if _, err := g.out.Write(b); err != nil {
			return err
		}
	}
	return nil
}

func (g *gitlabWriter) Finish(*Summary) error {
	end := "\n]\n"
	if g.n == 0 {
		end = "[]\n"
	}
	_, err := io.WriteString(g.out, end)
	return err
}

// mustAbs is p made absolute, or p when it cannot be.
func mustAbs(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return abs
}
