package referee

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"arbiter/notation"
)

// Bounds on what one game's report keeps, so a game with a million
// findings (tens of thousands of illegal nested variations, a 100,000-step
// Halma chain) costs bounded memory and output: the first MaxDiagnostics
// in file order are kept, and one last diagnostic says how many more there
// were, by code.
const (
	MaxDiagnostics = 100
	maxMsgBytes    = 1000 // a message, before the legal moves
	maxMoveBytes   = 60   // the written move a diagnostic is about
	maxLegal       = 64   // legal moves or candidates listed
	maxLegalBytes  = 60   // one of them
)

// CodeTooMany is the code of the diagnostic that stands for those not kept.
const CodeTooMany = "too-many-diagnostics"

// diagLimits is a report's bookkeeping of what it did not keep.
type diagLimits struct {
	dropped    map[string]int // diagnostics not kept, by code
	droppedSev [3]int         // the same, by severity
	// Folded codes (foldedCodes) keep one diagnostic per code while the
	// game is replayed; folds counts the others, applied by finish.
	folds    map[string]int
	foldsSev [3]int
	summary  bool // the CodeTooMany diagnostic is in the report
	sumSev   notation.Severity
}

// admit caps d's texts and says whether to append it; a repeat of a
// folded code is only counted (or replaces the one kept, if it comes
// first in the file).
func (l *diagLimits) admit(r *Report, d *Diagnostic) bool {
	d.Msg = capText(d.Msg, maxMsgBytes)
	d.Move = capText(d.Move, maxMoveBytes)
	if legalTooLong(d.Legal) {
		// A copy: the caller's list may be shared.
		legal := make([]string, 0, maxLegal+1)
		for _, m := range d.Legal[:min(len(d.Legal), maxLegal)] {
			legal = append(legal, capText(m, maxLegalBytes))
		}
		if more := len(d.Legal) - maxLegal; more > 0 {
			legal = append(legal, fmt.Sprintf("... %d more", more))
		}
		d.Legal = legal
	}
	if !foldedCodes[d.Code] {
		return true
	}
	if k := r.foldKept(d.Code); k != nil {
		if l.folds == nil {
			l.folds = map[string]int{}
		}
		l.folds[d.Code]++
		l.foldsSev[d.Severity]++
		if before(d.Pos, k.Pos) {
			*k = *d
		}
		return false
	}
	if l.dropped[d.Code] > 0 {
		// The one kept was dropped: this one counts with it.
		l.dropped[d.Code]++
		l.droppedSev[d.Severity]++
		return false
	}
	return true
}

// Discards says whether Add would only count a diagnostic of code at pos
// (admit): a repeat of a folded code after the one the report holds. Its
// position and drawing need not be made.
func (r *Report) Discards(code string, pos notation.Pos) bool {
	if !foldedCodes[code] {
		return false
	}
	if k := r.foldKept(code); k != nil {
		return !before(pos, k.Pos)
	}
	return r.limits.dropped[code] > 0
}

// foldKept is the one diagnostic of a folded code the report keeps, or nil
// (admit, Discards).
func (r *Report) foldKept(code string) *Diagnostic {
	for i := range r.Diagnostics {
		if k := &r.Diagnostics[i]; k.Code == code {
			return k
		}
	}
	return nil
}

// trim keeps memory bounded: past twice the bound, the diagnostics are
// sorted as finish sorts them and the first MaxDiagnostics kept.
func (l *diagLimits) trim(r *Report) {
	if len(r.Diagnostics) < 2*MaxDiagnostics {
		return
	}
	l.cut(r)
}

func (l *diagLimits) cut(r *Report) {
	sortDiagnostics(r.Diagnostics)
	if len(r.Diagnostics) <= MaxDiagnostics {
		return
	}
	if l.dropped == nil {
		l.dropped = map[string]int{}
	}
	for _, d := range r.Diagnostics[MaxDiagnostics:] {
		n := 1 + l.folds[d.Code]
		l.foldsSev[d.Severity] -= l.folds[d.Code]
		delete(l.folds, d.Code)
		l.dropped[d.Code] += n
		l.droppedSev[d.Severity] += n
	}
	clear(r.Diagnostics[MaxDiagnostics:]) // let the dropped ones' boards go
	r.Diagnostics = r.Diagnostics[:MaxDiagnostics:MaxDiagnostics]
}

// hidden is how many diagnostics of severity s the report stands for
// beyond those it holds.
func (l *diagLimits) hidden(s notation.Severity) int {
	n := l.droppedSev[s] + l.foldsSev[s]
	if l.summary && l.sumSev == s {
		n-- // the summary diagnostic is held, and stands for one of them
	}
	return n
}

// finish runs after the report's sort: it says of each folded
// diagnostic how often it came, cuts to MaxDiagnostics, and adds the
// diagnostic that counts the others. It may run again on a finished report
// that got more diagnostics.
func (l *diagLimits) finish(r *Report) {
	if l.summary {
		out := r.Diagnostics[:0]
		for _, d := range r.Diagnostics {
			if d.Code != CodeTooMany {
				out = append(out, d)
			}
		}
		r.Diagnostics, l.summary = out, false
	}
	for i := range r.Diagnostics {
		d := &r.Diagnostics[i]
		if n := l.folds[d.Code]; n > 0 {
			d.Msg += fmt.Sprintf(" (%d times in this game)", n+1)
			delete(l.folds, d.Code) // said; foldsSev still counts them
		}
	}
	l.cut(r)
	total := l.droppedSev[notation.Warning] + l.droppedSev[notation.Error] + l.droppedSev[notation.Note]
	if total == 0 {
		return
	}
	codes := make([]string, 0, len(l.dropped))
	for c := range l.dropped {
		codes = append(codes, c)
	}
	sort.Slice(codes, func(i, j int) bool {
		if a, b := l.dropped[codes[i]], l.dropped[codes[j]]; a != b {
			return a > b
		}
		return codes[i] < codes[j]
	})
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = fmt.Sprintf("%d %s", l.dropped[c], c)
	}
	sev := notation.Note
	if l.droppedSev[notation.Warning] > 0 {
		sev = notation.Warning
	}
	if l.droppedSev[notation.Error] > 0 {
		sev = notation.Error // the verdict must not change for what is not shown
	}
	pos := r.Pos
	if n := len(r.Diagnostics); n > 0 {
		pos = r.Diagnostics[n-1].Pos
	}
	r.Diagnostics = append(r.Diagnostics, Diagnostic{Diagnostic: notation.Diagnostic{Pos: pos, Severity: sev, Code: CodeTooMany,
		Msg: fmt.Sprintf("and %d more diagnostics in this game, not shown: %s", total, strings.Join(parts, ", "))}})
	l.summary, l.sumSev = true, sev
}

func legalTooLong(legal []string) bool {
	if len(legal) > maxLegal {
		return true
	}
	for _, m := range legal {
		if len(m) > maxLegalBytes {
			return true
		}
	}
	return false
}

func before(a, b notation.Pos) bool {
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Col < b.Col
}

// sortDiagnostics puts diagnostics in file order, like a compiler's
// errors; those at one place keep the order they were found in.
func sortDiagnostics(ds []Diagnostic) {
	// (slices, not sort.SliceStable: no reflection, no allocation per report)
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		switch {
		case before(a.Pos, b.Pos):
			return -1
		case before(b.Pos, a.Pos):
			return 1
		}
		return 0
	})
}

// capText cuts s to at most max bytes at a character boundary, saying so.
func capText(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max - len("...")
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes)", s[:cut], len(s))
}
