package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"arbiter/notation"
	"arbiter/referee"
)

// junitWriter writes the JUnit XML CI servers read (GitLab, Jenkins, Azure):
// a testsuite per file, a testcase per game, a failure per error (warnings
// go to the testcase's system-out, so a valid game with warnings passes).
// A file's suite is written once its last game is in, so memory holds one
// file's findings at a time.
type junitWriter struct {
	out     io.Writer
	started bool
	suite   *junitSuite
}

type junitSuite struct {
	XMLName  xml.Name        `xml:"testsuite"`
	file     string          // the report's file, Name as written
	Name     string          `xml:"name,attr"`
	Tests    int             `xml:"tests,attr"`
	Failures int             `xml:"failures,attr"`
	Errors   int             `xml:"errors,attr"`
	Cases    []junitTestCase `xml:"testcase"`
}

type junitTestCase struct {
	Name      string         `xml:"name,attr"`
	ClassName string         `xml:"classname,attr"`
	Failures  []junitFailure `xml:"failure"`
	SystemOut string         `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Type    string `xml:"type,attr"`
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

func (j *junitWriter) Write(rep *referee.Report) error {
	if !j.started {
		j.started = true
		if _, err := io.WriteString(j.out, xml.Header+"<testsuites name=\"arbiter\">\n"); err != nil {
			return err
		}
	}
	if j.suite != nil && j.suite.file != rep.File {
		if err := j.flush(); err != nil {
			return err
		}
	}
	if j.suite == nil {
		j.suite = &junitSuite{Name: Printable(rep.File), file: rep.File}
	}
	// XML would turn a control character into U+FFFD: Printable keeps it
	// readable, as in the text report.
	tc := junitTestCase{Name: Printable(GameName(rep)), ClassName: Printable(rep.File)}
	var notes []string
	for _, d := range rep.Diagnostics {
		line := Printable(fmt.Sprintf("%s: %s[%s]: %s", Where(rep, d.Pos), d.Severity, d.Code, Context(rep, d)+": "+d.Msg+Legal(d)+FixNote(d)))
		if d.Severity == notation.Error {
			tc.Failures = append(tc.Failures, junitFailure{Type: d.Code, Message: Printable(d.Msg), Text: line})
		} else {
			notes = append(notes, line)
		}
	}
	tc.SystemOut = strings.Join(notes, "\n")
	j.suite.Tests++
	if len(tc.Failures) > 0 {
		j.suite.Failures++
	}
	j.suite.Cases = append(j.suite.Cases, tc)
	return nil
}

func (j *junitWriter) flush() error {
	b, err := xml.MarshalIndent(j.suite, "  ", "  ")
	if err != nil {
		return err
	}
	j.suite = nil
	_, err = j.out.Write(append(b, '\n'))
	return err
}

func (j *junitWriter) Finish(*Summary) error {
	if !j.started {
		if _, err := io.WriteString(j.out, xml.Header+"<testsuites name=\"arbiter\">\n"); err != nil {
			return err
		}
	}
	if j.suite != nil {
		if err := j.flush(); err != nil {
			return err
		}
	}
	_, err := io.WriteString(j.out, "</testsuites>\n")
	return err
}
