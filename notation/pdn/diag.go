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
	CodeGluedMoveNumber = "glued-move-number" // 1.33-29
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

	// Errors: something could not be read.
	CodeUnreadable      = "unreadable"        // text that is no PDN token; skipped to the next sync point
	CodeUnclosedComment = "unclosed-comment"  // { with no } before the end of the game
	CodeUnclosedSetup   = "unclosed-setup"    // /FEN "... with no closing /
	CodeTagAfterMoves   = "tag-after-moves"   // a tag inside the movetext (only when Parse is given more than one game)
	CodeAfterResult     = "text-after-result" // movetext after the game's result
	CodeGameTooLong     = "game-too-long"     // a game text longer than Options.MaxGameBytes
	CodeInternal        = "internal"          // the grammar rejected a token stream (a bug)
)

// aggregated warning kinds: said once per game at their first place, with a
// count, so a file written entirely with leading zeros does not produce one
// warning per move.
type aggKind uint8

const (
	aggGluedNumber aggKind = iota
	aggLeadingZero
	aggPadded
	aggLiteralEscape
	aggStrayCR
	aggUnknownMove
	aggStrayDot
	numAgg
)

var aggInfo = [numAgg]struct{ code, msg string }{
	aggGluedNumber:   {CodeGluedMoveNumber, "move number glued to its move (read as if separated by a space)"},
	aggLeadingZero:   {CodeLeadingZero, "number written with a leading zero"},
	aggPadded:        {CodePaddedSquare, "square padded with a space inside the move (read as one move)"},
	aggLiteralEscape: {CodeLiteralEscape, `literal \r or \n characters outside a string (read as a line break)`},
	aggStrayCR:       {CodeStrayCR, "carriage return not followed by a line feed (read as white space)"},
	aggUnknownMove:   {CodeUnknownMove, `"-" written in place of a move (the move is not known)`},
	aggStrayDot:      {CodeStrayDot, "stray dot in the movetext (ignored)"},
}

// diags collects the diagnostics of one game.
type diags struct {
	list []notation.Diagnostic
	agg  [numAgg]struct{ idx, n int }
}

func (d *diags) warn(p notation.Pos, code, msg string) {
	d.list = append(d.list, notation.Diagnostic{Pos: p, Severity: notation.Warning, Code: code, Msg: msg})
}

func (d *diags) errorf(p notation.Pos, code, format string, args ...any) {
	d.list = append(d.list, notation.Diagnostic{Pos: p, Severity: notation.Error, Code: code, Msg: fmt.Sprintf(format, args...)})
}

func (d *diags) aggregate(k aggKind, p notation.Pos) {
	a := &d.agg[k]
	a.n++
	if a.n == 1 {
		a.idx = len(d.list)
		d.warn(p, aggInfo[k].code, aggInfo[k].msg)
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
