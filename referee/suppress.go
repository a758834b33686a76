package referee

import (
	"fmt"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"arbiter/notation"
)

// Inline suppressions. An archive keeps games recorded wrongly decades ago
// that nobody can correct; a comment in the game, which every notation
// already allows and every other program reads past, says so:
//
//	[Event "..."] {arbiter: ignore result -- the sheet says 2-0, the moves 1-1}
//	1. 32-28 19-23 ... {arbiter: ignore illegal -- score sheet lost, kept as published} 17. 17-11
//
// A suppression in the tag section or before the first move covers the
// whole game; one before a move covers that move (its findings, and those
// between the comment and it, such as its move number's); one after the
// last move of a line covers what follows it (the result). Codes are
// separated by commas or spaces, the reason follows "--". The findings
// stay in the report, marked (Diagnostic.Suppressed), and fail nothing;
// a suppression, or a code in it, that suppresses nothing is itself a
// warning, unused-suppression, as ruff's unused noqa is (so that the
// suppressions of a corrected game do not hide its next mistake).
//
// Only a comment that starts with "arbiter: ignore" is one: a record's
// "{Arbiter: J. Smith}" is the tournament's arbiter, not a directive.

// CodeUnusedSuppression is the code of a suppression that suppresses
// nothing.
const CodeUnusedSuppression = "unused-suppression"

// Suppression kinds, with SARIF's names.
const (
	SuppressedInSource = "inSource" // a comment in the record
	SuppressedExternal = "external" // a baseline file
)

// Suppression says what suppressed a finding.
type Suppression struct {
	Kind   string       `json:"kind"`
	Reason string       `json:"reason,omitempty"`
	Pos    notation.Pos `json:"pos,omitzero"` // the comment's, for SuppressedInSource
}

// CodeMatcher resolves a selector written in a suppression ("illegal",
// "tag-*", "ALL" or a group of codes) to the codes it names, or says why
// it names none (an unknown code, with a suggestion). The front-end knows
// the codes; nil matches a code by its name or a path.Match pattern.
type CodeMatcher func(selector string) (func(code string) bool, error)

// suppressWord starts a suppression comment.
const suppressWord = "arbiter:"

type suppressScope uint8

const (
	scopeGame suppressScope = iota // the tag section, before the first move
	scopeMove                      // before a move
	scopeRest                      // after the last move of its line
	scopeNone                      // after the result: no game
)

// inlineSuppression is one suppression comment.
type inlineSuppression struct {
	pos    notation.Pos
	scope  suppressScope
	target *notation.Move // scopeMove
	// mainIndex is the index in the main line of the move the comment is
	// about (or hangs from, in a variation); -1 for the whole game.
	mainIndex int
	reason    string
	sels      []codeSelector
}

type codeSelector struct {
	word  string
	match func(string) bool // nil when err
	err   error
	used  bool
}

// parseSuppression reads a comment's text: ok is false when the comment
// is not a suppression.
func parseSuppression(text string) (words []string, reason string, ok bool) {
	rest, found := strings.CutPrefix(strings.TrimSpace(text), suppressWord)
	if !found {
		return nil, "", false
	}
	rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
	verb, args := rest, ""
	if i := strings.IndexFunc(rest, unicode.IsSpace); i >= 0 {
		verb, args = rest[:i], rest[i:]
	}
	if verb != "ignore" {
		return nil, "", false
	}
	args, reason, _ = strings.Cut(args, "--")
	words = strings.FieldsFunc(args, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
	return words, strings.TrimSpace(reason), true
}

// uncommented: the record has no comment, nor a variation that could hold
// one (a look at each move of the main line costs less than a search of
// the game's text).
func uncommented(rec *notation.Record) bool {
	if len(rec.Comments) != 0 || len(rec.After) != 0 {
		return false
	}
	for _, m := range rec.Moves {
		if len(m.Comments) != 0 || len(m.Variations) != 0 {
			return false
		}
	}
	return true
}

// collectSuppressions finds the suppression comments of a record; those in
// variations are left out when variations are not replayed.
func collectSuppressions(rec *notation.Record, skipVariations bool) []*inlineSuppression {
	if rec.Text != "" && strings.IndexByte(rec.Text, ':') < 0 {
		return nil // most games: no colon, and so no "arbiter:" (one vector scan)
	}
	if uncommented(rec) || rec.Text != "" && !strings.Contains(rec.Text, suppressWord) {
		return nil // no comment, or one pass over the text, not a walk of the moves
	}
	var out []*inlineSuppression
	add := func(c notation.Comment, scope suppressScope, target *notation.Move, mainIndex int) {
		if !strings.Contains(c.Text, suppressWord) {
			return
		}
		words, reason, ok := parseSuppression(c.Text)
		if !ok {
			return
		}
		s := &inlineSuppression{pos: c.Pos, scope: scope, target: target, mainIndex: mainIndex, reason: reason}
		for _, w := range words {
			s.sels = append(s.sels, codeSelector{word: w})
		}
		out = append(out, s)
	}
	for _, c := range rec.Comments {
		add(c, scopeGame, nil, -1)
	}
	for _, c := range rec.After {
		add(c, scopeNone, nil, -1)
	}
	// The lines as a stack, not by recursion: a record read from JSON may
	// nest variations without bound.
	type frame struct {
		line      notation.Line
		mainIndex int // -1 for the main line: each move's own index
	}
	stack := []frame{{rec.Moves, -1}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i, m := range f.line {
			at := f.mainIndex
			if at < 0 {
				at = i
			}
			for _, c := range m.Comments {
				switch {
				case before(c.Pos, m.Pos): // a variation's comment before its first move
					add(c, scopeMove, m, at)
				case i+1 < len(f.line):
					next := at
					if f.mainIndex < 0 {
						next = i + 1
					}
					add(c, scopeMove, f.line[i+1], next)
				case f.mainIndex < 0:
					add(c, scopeRest, nil, len(f.line))
				default:
					add(c, scopeRest, nil, at)
				}
			}
			if !skipVariations {
				for _, v := range m.Variations {
					stack = append(stack, frame{v, at})
				}
			}
		}
	}
	return out
}

// covers says whether a finding stands where the suppression applies.
func (s *inlineSuppression) covers(d *Diagnostic) bool {
	switch s.scope {
	case scopeGame:
		return true
	case scopeMove:
		m := s.target
		if d.Move != "" && d.Move != capText(m.Text, maxMoveBytes) || !d.Pos.IsValid() {
			return false
		}
		onMove := d.Pos.Line == m.Pos.Line && d.Pos.Col >= m.Pos.Col && d.Pos.Col <= m.Pos.Col+utf8.RuneCountInString(m.Text)
		return onMove || before(s.pos, d.Pos) && before(d.Pos, m.Pos)
	case scopeRest:
		return d.Move == "" && d.Pos.IsValid() && !before(d.Pos, s.pos)
	}
	return false
}

// Suppress applies a record's suppression comments to its report: the
// findings they cover are marked, the game's verdict counts only the
// others, and a suppression (or one of its codes) that covers nothing gets
// an unused-suppression warning. It needs the record's moves (run it
// before Record.ReleaseMoves; CheckInputs does). opts is the options the
// record was checked under.
func Suppress(rec *notation.Record, rep *Report, opts Options, resolve CodeMatcher) {
	sups := collectSuppressions(rec, opts.Variations == VariationsIgnore)
	if len(sups) == 0 {
		return
	}
	if resolve == nil {
		resolve = matchCodeName
	}
	defer func() {
		if p := recover(); p != nil {
			rep.Errorf(rec.Pos, "internal", "internal error while reading this game's suppressions (please report it): %v", p)
			rep.finish()
		}
	}()
	for _, s := range sups {
		for i := range s.sels {
			sel := &s.sels[i]
			sel.match, sel.err = resolve(sel.word)
		}
	}
	markSuppressed(rep, sups, true)
	// Moves after the one the replay stopped at (an illegal move) had no
	// chance to earn a finding: their suppressions are not said unused.
	stopped := rep.Plies < len(rec.Moves)
	added := false
	warn := func(s *inlineSuppression, msg string) {
		rep.WarnAt(s.pos, CodeUnusedSuppression, msg)
		added = true
	}
	for _, s := range sups {
		switch {
		case s.scope == scopeNone:
			warn(s, "a suppression after the game's result applies to no game: write it in the tag section or before the first move of the game it is for")
			continue
		case len(s.sels) == 0:
			warn(s, "a suppression that names no code suppresses nothing: write {arbiter: ignore CODE -- why}")
			continue
		}
		for _, sel := range s.sels {
			switch {
			case sel.err != nil:
				warn(s, fmt.Sprintf("suppression of %s: %v; it suppresses nothing", sel.word, sel.err))
			case sel.used || sel.match(CodeUnusedSuppression):
			case stopped && s.mainIndex > rep.Plies:
			default:
				warn(s, fmt.Sprintf("suppression of %s suppresses nothing: no %s finding %s", sel.word, sel.word, s.where()))
			}
		}
	}
	if added {
		rep.finish()
		markSuppressed(rep, sups, false) // the warnings just added, and a new count of those not kept
	}
	rep.SetVerdict()
}

func (s *inlineSuppression) where() string {
	switch s.scope {
	case scopeMove:
		return fmt.Sprintf("at the move after it (%s)", capText(s.target.Text, maxMoveBytes))
	case scopeRest:
		return "after it (after the last move of its line: the result; a suppression for the whole game goes in the tag section or before the first move)"
	}
	return "in this game"
}

// markSuppressed marks the findings the suppressions cover, the nearest
// suppression first (one before a move, then the whole game's); count
// records which selectors were used.
func markSuppressed(rep *Report, sups []*inlineSuppression, count bool) {
	for i := range rep.Diagnostics {
		d := &rep.Diagnostics[i]
		if d.Suppressed != nil && d.Suppressed.Kind != SuppressedInSource {
			continue
		}
		var by *inlineSuppression
		for pass := range 2 {
			for _, s := range sups {
				if (s.scope == scopeGame) != (pass == 1) || !s.covers(d) {
					continue
				}
				for k := range s.sels {
					sel := &s.sels[k]
					if sel.match == nil || !sel.match(d.Code) && !(d.Code == CodeTooMany && s.scope == scopeGame && coversDropped(rep, sups, count)) {
						continue
					}
					if count {
						sel.used = true
					}
					if by == nil {
						by = s
					}
				}
			}
		}
		if by != nil {
			d.Suppressed = &Suppression{Kind: SuppressedInSource, Reason: by.reason, Pos: by.pos}
		}
	}
}

// coversDropped: every finding the report did not keep (counted by its
// too-many-diagnostics finding) has a code the whole game's suppressions
// name, so the finding that counts them is suppressed too.
func coversDropped(rep *Report, sups []*inlineSuppression, count bool) bool {
	if len(rep.limits.dropped) == 0 {
		return false
	}
	for code := range rep.limits.dropped {
		covered := false
		for _, s := range sups {
			if s.scope != scopeGame {
				continue
			}
			for k := range s.sels {
				if sel := &s.sels[k]; sel.match != nil && sel.match(code) {
					covered = true
					if count {
						sel.used = true
					}
				}
			}
		}
		if !covered {
			return false
		}
	}
	return true
}

// matchCodeName is the CodeMatcher without a list of codes: a code's name,
// or a path.Match pattern ("tag-*").
func matchCodeName(sel string) (func(string) bool, error) {
	if _, err := path.Match(sel, ""); err != nil {
		return nil, fmt.Errorf("%q is not a pattern: %v", sel, err)
	}
	return func(code string) bool {
		ok, _ := path.Match(sel, code)
		return ok
	}, nil
}
