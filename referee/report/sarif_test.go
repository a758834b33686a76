package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"arbiter/notation"
	"arbiter/referee"
)

// A finding whose code has no documentation still points at a rule of its
// own (go-sarif writes a missing rule's index as 2^64-1).
func TestSARIFUndocumentedCode(t *testing.T) {
	var b bytes.Buffer
	w := newSarifWriter(&b, Options{})
	rep := &referee.Report{File: "x.pdn", Game: 1}
	rep.Diagnostics = []referee.Diagnostic{{Diagnostic: notation.Diagnostic{Pos: notation.Pos{Line: 2, Col: 3}, Severity: notation.Error, Code: "no-such-code", Msg: "m"}}}
	if err := w.Write(rep); err != nil {
		t.Fatal(err)
	}
	w.Finish(nil)
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct{ Rules []struct{ ID string } }
			}
			Results []struct {
				RuleID    string
				RuleIndex uint64
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	r := log.Runs[0].Results[0]
	rules := log.Runs[0].Tool.Driver.Rules
	if r.RuleIndex >= uint64(len(rules)) || rules[r.RuleIndex].ID != "no-such-code" {
		t.Errorf("ruleIndex %d of %d rules", r.RuleIndex, len(rules))
	}
}
