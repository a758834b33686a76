package pdn

import (
	"fmt"
	"strconv"

	"arbiter/notation"
)

// Diagnostic codes produced by this package. They are stable: tests and JSON
// consumers may switch on them.
const (
	// Warnings: the text was read as a human would read it.
	CodeLeadingZero     = "leading-zero"      // 09-13, 01.
	CodePaddedSquare    = "padded-square"     // 1- 6
	CodeLiteralEscape   = "literal-escape"    // the two characters \r written after a tag
	CodeStrayCR         = "stray-cr"          // a carriage return not followed by a line feed
	CodeGluedResult     = "glued-result"      // 0-1[Event
	CodeSpacedResult    = "spaced-result"     // 0 - 2
	CodeColonResult     = "colon-result"      // 1:0, 1/2:1/2, 2:0
	CodeNoTerminator    = "no-terminator"     // the game has no result token
	CodeTagWithoutValue = "tag-without-value" // [Empty]
	CodeTagValueSpaces  = "tag-value-spaces"  // [Result " 0-1"]
	CodeTagNameCase     = "tag-name-case"     // [Setup "1"] for SetUp
	CodeTagName         = "tag-name"          // a tag name that is not an identifier
	CodeUnquotedValue   = "unquoted-tag-value"
	CodeUnclosedTag     = "unclosed-tag"    // [Event "x" with no ]
	CodeUnclosedString  = "unclosed-string" // [Event "x]
	CodeDoubleBracket   = "double-bracket"  // [[Event
	CodeUnknownEscape   = "unknown-escape"  // \' in a tag value
	CodeNestedComment   = "nested-comment"  // { a { b } c }
	CodeStrayBracket    = "stray-bracket"   // a } or ] outside anything
	CodeStrayDot        = "stray-dot"       // a lone . in the movetext
	CodeGluedText       = "glued-text"      // 8-11Red overstepped... (read as a comment)
	CodeBareCommand     = "bare-command"    // [%clock ...] outside a comment
	CodeUnknownMove     = "unknown-move"    // "- -" written for moves that are not known
	CodeStrength        = "nonstandard-strength"
	CodeDanglingNumber  = "dangling-move-number" // a move number with no move after it
	CodeDanglingAnnot   = "dangling-annotation"  // a NAG or strength before any move
	CodeEmptyVariation  = "empty-variation"      // ( ) with no move
	CodeUnclosedVar     = "unclosed-variation"   // ( without )
	CodeUnbalancedParen = "unbalanced-paren"     // ) without (
	CodeOrphanVariation = "orphan-variation"     // ( before any move of its line
	CodeResultAsMove    = "nonstandard-result"   // 4-6 written as terminator, matching the Result tag
	CodeInvalidUTF8     = "invalid-utf8"         // a few bytes that are not UTF-8, replaced by U+FFFD
	CodeNotUTF8         = "not-utf8"             // the file's text was decoded as Windows-1252 or -1251 (said once per file)
	CodeEmptyGame       = "empty-game"           // a game text with nothing but comments
	CodeProse           = "prose-in-parentheses" // (Roberto's first choice): a comment in round brackets
	CodeTooDeep         = "too-deep"             // a variation inside notation.MaxDepth others, kept as a comment

	// Notes: how the text was read; nothing is wrong with it.
	CodeUpperCase = "upper-case-square" // C3-D4, read as c3-d4

	// Errors: something could not be read.
	CodeUnreadable      = "unreadable"        // text that is no PDN token; skipped to the next sync point
	CodeUnclosedComment = "unclosed-comment"  // { with no } before the end of the game
	CodeUnclosedSetup   = "unclosed-setup"    // /FEN "... with no closing /
	CodeTagAfterMoves   = "tag-after-moves"   // a tag inside the movetext (only when Parse is given more than one game)
	CodeAfterResult     = "text-after-result" // movetext after the game's result
	CodeGameTooLong     = "game-too-long"     // a game text longer than Options.MaxGameBytes
	CodeInternal        = "internal"          // the grammar rejected a token stream (a bug)
)

// aggregated warning (and note) kinds: said once per game at their first
// place, with a count, so a file written entirely with leading zeros does
// not produce one warning per move.
type aggKind uint8

const (
	aggLeadingZero aggKind = iota
	aggPadded
	aggLiteralEscape
	aggStrayCR
	aggUnknownMove
	aggStrayDot
	aggUpperCase
	numAgg
)

// aggNote marks the aggregated kinds said as a note, not a warning.
var aggNote = [numAgg]bool{aggUpperCase: true}

var aggInfo = [numAgg]struct{ code, msg string }{
	aggLeadingZero:   {CodeLeadingZero, "number written with a leading zero"},
	aggPadded:        {CodePaddedSquare, "square padded with a space inside the move (read as one move)"},
	aggLiteralEscape: {CodeLiteralEscape, `literal \r or \n characters outside a string (read as a line break)`},
	aggStrayCR:       {CodeStrayCR, "carriage return not followed by a line feed (read as white space)"},
	aggUnknownMove:   {CodeUnknownMove, `"-" written in place of a move (the move is not known)`},
	aggStrayDot:      {CodeStrayDot, "stray dot in the movetext (ignored)"},
	aggUpperCase:     {CodeUpperCase, "squares written in upper case, read as lower case (C3 is c3)"},
}

// diags collects the diagnostics of one game.
type diags struct {
	list []notation.Diagnostic
	agg  [numAgg]struct{ idx, n int }
}

func (d *diags) warn(p notation.Pos, code, msg string) {
	d.list = append(d.list, notation.Diagnostic{Pos: p, Severity: notation.Warning, Code: code, Msg: msg})
}

func (d *diags) note(p notation.Pos, code, msg string) {
	d.list = append(d.list, notation.Diagnostic{Pos: p, Severity: notation.Note, Code: code, Msg: msg})
}

func (d *diags) errorf(p notation.Pos, code, format string, args ...any) {
	d.list = append(d.list, notation.Diagnostic{Pos: p, Severity: notation.Error, Code: code, Msg: fmt.Sprintf(format, args...)})
}

func (d *diags) aggregate(k aggKind, p notation.Pos) {
	a := &d.agg[k]
	a.n++
	if a.n == 1 {
		a.idx = len(d.list)
		if aggNote[k] {
			d.list = append(d.list, notation.Diagnostic{Pos: p, Severity: notation.Note, Code: aggInfo[k].code, Msg: aggInfo[k].msg})
			return
		}
		d.warn(p, aggInfo[k].code, aggInfo[k].msg)
	}
}

// drop removes the diagnostics for which gone is true. An aggregated
// diagnostic removed takes its count with it (the scanner has read the
// whole game before the builder drops anything, so its other places are
// no longer known).
func (d *diags) drop(gone func(i int, d *notation.Diagnostic) bool) {
	newIdx := make([]int, len(d.list))
	kept := d.list[:0]
	for i := range d.list {
		if gone(i, &d.list[i]) {
			newIdx[i] = -1
			continue
		}
		newIdx[i] = len(kept)
		kept = append(kept, d.list[i])
	}
	clear(d.list[len(kept):])
	d.list = kept
	for k := range d.agg {
		a := &d.agg[k]
		if a.n == 0 {
			continue
		}
		if a.idx = newIdx[a.idx]; a.idx < 0 {
			a.idx, a.n = 0, 0
		}
	}
}

// truncate removes the diagnostics from the n-th on, as drop would.
func (d *diags) truncate(n int) {
	if n >= len(d.list) {
		return
	}
	clear(d.list[n:])
	d.list = d.list[:n]
	for k := range d.agg {
		if a := &d.agg[k]; a.n > 0 && a.idx >= n {
			a.idx, a.n = 0, 0
		}
	}
}

// finish appends the counts to aggregated warnings.
func (d *diags) finish() {
	for k := range d.agg {
		if a := d.agg[k]; a.n > 1 {
			d.list[a.idx].Msg += " (" + strconv.Itoa(a.n) + " times in this game)"
		}
	}
}
