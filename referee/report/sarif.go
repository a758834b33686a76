package report

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/owenrumney/go-sarif/v2/sarif"

	"arbiter/notation"
	"arbiter/referee"
	"arbiter/referee/codes"
)

// sarifWriter writes one SARIF 2.1.0 log with one run, for GitHub code
// scanning and other SARIF viewers: a rule per diagnostic code (its
// documentation from 'arbiter explain'), a result per finding with the
// file relative to the working directory, line and column. The types are
// owenrumney/go-sarif's (used by trivy and tfsec), so the field names and
// nesting follow the standard without a hand-kept copy of it.
type sarifWriter struct {
	out       io.Writer
	baseline  string // --baseline's file, where its suppressions are written
	run       *sarif.Run
	ruleIndex map[string]int
	cwd       string
}

func newSarifWriter(out io.Writer, o Options) *sarifWriter {
	run := sarif.NewRun(sarif.Tool{Driver: &sarif.ToolComponent{Name: "arbiter", Version: ptr(o.Version), Rules: []*sarif.ReportingDescriptor{}}})
	// Columns count characters as a person sees them (code points), not
	// UTF-16 units, SARIF's default.
	run.ColumnKind = "unicodeCodePoints"
	w := &sarifWriter{out: out, baseline: o.Baseline, run: run, ruleIndex: map[string]int{}}
	w.cwd, _ = os.Getwd()
	for i, d := range codes.Docs() {
		level := "warning"
		switch {
		case strings.HasPrefix(d.Severity, "error"):
			level = "error"
		case d.Severity == "note":
			level = "note"
		}
		run.AddRule(d.Code).
			WithShortDescription(sarif.NewMultiformatMessageString(capitalise(d.Summary))).
			WithFullDescription(sarif.NewMultiformatMessageString(capitalise(d.Summary) + ". Example: " + d.Example)).
			WithHelp(sarif.NewMultiformatMessageString(d.Fix + " (arbiter explain " + d.Code + ")")).
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(level))
		w.ruleIndex[d.Code] = i
	}
	if w.cwd != "" {
		run.OriginalUriBaseIDs = map[string]*sarif.ArtifactLocation{
			"SRCROOT": sarif.NewArtifactLocation().WithUri((&url.URL{Scheme: "file", Path: filepath.ToSlash(w.cwd) + "/"}).String()),
		}
	}
	if o.ConfigFiles != nil {
		// The config files whose settings applied ("configFiles", relative
		// to the working directory; [] when none did), so a log that shows
		// no error says under which settings.
		run.Properties = sarif.Properties{"configFiles": o.ConfigFiles}
	}
	return w
}

func ptr[T any](v T) *T { return &v }

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (s *sarifWriter) Write(rep *referee.Report) error {
	for _, d := range rep.Diagnostics {
		p := d.Pos
		if !p.IsValid() {
			p = rep.Pos
		}
		level := d.Severity.String() // SARIF's levels have the same names
		r := s.run.CreateResultForRule(d.Code).
			WithLevel(level).
			WithMessage(sarif.NewTextMessage(Context(rep, d) + ": " + d.Msg + Legal(d)))
		i, ok := s.ruleIndex[d.Code]
		if !ok {
			// A code without documentation still gets a rule: go-sarif
			// would otherwise write ruleIndex -1 as 2^64-1.
			s.run.AddRule(d.Code)
			i = len(s.run.Tool.Driver.Rules) - 1
			s.ruleIndex[d.Code] = i
		}
		r.WithRuleIndex(i)
		r.AddLocation(sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().
			WithArtifactLocation(sarif.NewSimpleArtifactLocation(s.uri(rep.File)).WithUriBaseId("SRCROOT")).
			WithRegion(sarif.NewRegion().WithStartLine(max(p.Line, 1)).WithStartColumn(max(p.Col, 1)))))
		if sup := d.Suppressed; sup != nil {
			r.AddSuppression(s.suppression(rep, &d, sup, p))
		}
		for _, f := range d.Fixes {
			r.AddFix(s.fix(rep, d.Pos, f))
		}
	}
	return nil
}

// suppression is a result's SARIF suppression: where it is written (the
// record's comment, or the baseline file), why, and a GUID stable from run
// to run. Every field is set: go-sarif writes an unset one as null, which
// the schema refuses.
func (s *sarifWriter) suppression(rep *referee.Report, d *referee.Diagnostic, sup *referee.Suppression, at notation.Pos) *sarif.Suppression {
	why := sup.Reason
	file, pos := rep.File, sup.Pos
	if sup.Kind == referee.SuppressedExternal {
		file, pos = cmp.Or(s.baseline, rep.File), notation.Pos{Line: 1, Col: 1}
	}
	if why == "" {
		why = "{arbiter: ignore " + d.Code + "} in the record"
	}
	if !pos.IsValid() {
		pos = at
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%s\x00%d:%d\x00%s\x00%d:%d", sup.Kind, rep.File, at.Line, at.Col, d.Code, pos.Line, pos.Col))
	sum[6] = sum[6]&0x0f | 0x50 // version 5: from a name
	sum[8] = sum[8]&0x3f | 0x80 // the RFC 4122 variant
	h := hex.EncodeToString(sum[:16])
	guid := h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
	loc := sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().
		WithArtifactLocation(sarif.NewSimpleArtifactLocation(s.uri(file)).WithUriBaseId("SRCROOT")).
		WithRegion(sarif.NewRegion().WithStartLine(max(pos.Line, 1)).WithStartColumn(max(pos.Col, 1))))
	return sarif.NewSuppression(sup.Kind).WithStatus("accepted").WithGuid(guid).WithJustifcation(why).WithLocation(loc)
}

// fix is a suggested fix as SARIF writes one: its sentence, and the text
// edits 'arbiter fix' would make (each a region of one line: moves are
// never broken over lines).
func (s *sarifWriter) fix(rep *referee.Report, at notation.Pos, f referee.Fix) *sarif.Fix {
	change := sarif.NewArtifactChange(sarif.NewSimpleArtifactLocation(s.uri(rep.File)).WithUriBaseId("SRCROOT"))
	for _, e := range f.Edits() {
		// Columns count characters (the run's columnKind); a move is on
		// one line.
		line, col := max(e.Pos.Line, 1), max(e.Pos.Col, 1)
		region := sarif.NewRegion().WithStartLine(line).WithStartColumn(col).WithEndLine(line).WithEndColumn(col + utf8.RuneCountInString(e.Old))
		change.WithReplacement(sarif.NewReplacement(region).WithInsertedContent(sarif.NewArtifactContent().WithText(e.New)))
	}
	return sarif.NewFix().WithDescriptionText(f.Describe(at)).WithArtifactChanges([]*sarif.ArtifactChange{change})
}

// uri is the file relative to the working directory, as a URI reference:
// "games/a.pdn", "archive.zip%3Amember.pdn" (a colon would read as a
// scheme), "../shared/x.pdn".
func (s *sarifWriter) uri(file string) string {
	if s.cwd != "" {
		if abs, err := filepath.Abs(file); err == nil {
			if rel, err := filepath.Rel(s.cwd, abs); err == nil {
				file = rel
			}
		}
	}
	parts := strings.Split(filepath.ToSlash(file), "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}

func (s *sarifWriter) Finish(*Summary) error {
	log, err := sarif.New(sarif.Version210)
	if err != nil {
		return err
	}
	log.AddRun(s.run)
	return log.PrettyWrite(s.out)
}
