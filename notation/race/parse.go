// Package race reads and writes records of the dice race games (the Ludo
// family, the Game of the Goose, the horse race) on PDN's tag pairs. See
// README.md for the notation, its grammar and an example game per variant.
package race

import (
	"sort"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"arbiter/notation"
	"arbiter/notation/movetext"
	"arbiter/notation/pdn"
)

// gameAST is the grammar of a race record:
//
//	Game     = Tag* Element* Result? Trailing* .
//	Element  = MoveNumber | Throw | Comment | Unreadable .
//	Throw    = Player? Roll Action? Pay? .
type gameAST struct {
	Tags     []lexer.Token `parser:"@Tag*"`
	Body     []*element    `parser:"@@*"`
	Result   *lexer.Token  `parser:"@Result?"`
	Trailing []lexer.Token `parser:"@(MoveNumber | Player | Roll | Action | Pay | Comment | Unreadable | Result | Tag)*"`
}

type element struct {
	Number  *lexer.Token `parser:"  @MoveNumber"`
	Throw   *throwAST    `parser:"| @@"`
	Comment *lexer.Token `parser:"| @Comment"`
	Bad     *lexer.Token `parser:"| @(Unreadable | Action | Pay)"`
}

type throwAST struct {
	Player *lexer.Token `parser:"@Player?"`
	Roll   lexer.Token  `parser:"@Roll"`
	Action *lexer.Token `parser:"@Action?"`
	Pay    *lexer.Token `parser:"@Pay?"`
}

var parser = participle.MustBuild[gameAST](participle.Lexer(definition{}), participle.UseLookahead(2))

// Grammar returns the EBNF of the grammar, for documentation.
func Grammar() string { return parser.String() }

// Diagnostic codes of this reader.
const (
	CodeUnreadable    = "unreadable"
	CodeBadMove       = "bad-move"
	CodeAfterResult   = "text-after-result"
	CodeTagAfterMoves = "tag-after-moves"
	CodeUnclosed      = "unclosed-comment"
	CodeInternal      = "internal"
)

// Parse reads one game text (from pdn.Splitter) as a race record. Each
// throw is one notation.Move, its Text "[Player ]Dice: Action[ (pays N)]"
// (ParseMove decodes it) and its Pos where the throw (or its player) is
// written; Number is the round number written before it. Tags are read by
// the PDN reader. Parse never panics and is safe for concurrent use.
func Parse(g pdn.GameText, file string) *notation.Record {
	rec := &notation.Record{File: file, Index: g.Index, Pos: g.Pos, Text: g.Text}
	var diags []notation.Diagnostic
	errorf := func(p notation.Pos, code, msg string) {
		diags = append(diags, notation.Diagnostic{Pos: p, Severity: notation.Error, Code: code, Msg: msg})
	}
	pl, err := lexer.Upgrade(newScanner(g.Text, file, g.Pos))
	if err != nil {
		errorf(g.Pos, CodeInternal, "lexer: "+err.Error())
		rec.Diagnostics = append(g.Diagnostics, diags...)
		return rec
	}
	ast, err := parser.ParseFromLexer(pl, participle.AllowTrailing(true))
	if err != nil || ast == nil {
		msg := "no game"
		if err != nil {
			msg = err.Error()
		}
		errorf(g.Pos, CodeInternal, "grammar: "+msg)
		rec.Diagnostics = append(g.Diagnostics, diags...)
		return rec
	}
	var tagDiags []notation.Diagnostic
	rec.Tags, tagDiags = movetext.ReadTags(g, file, ast.Tags)
	diags = append(diags, tagDiags...)

	number := 0
	var last *notation.Move
	for _, e := range ast.Body {
		switch {
		case e.Number != nil:
			number, _ = strconv.Atoi(strings.TrimRight(e.Number.Value, "."))
		case e.Comment != nil:
			t := e.Comment
			c := notation.Comment{Text: commentText(t.Value), Pos: movetext.ToPos(t.Pos)}
			if strings.HasPrefix(t.Value, "{") && !strings.HasSuffix(t.Value, "}") {
				errorf(c.Pos, CodeUnclosed, "comment opened with { is not closed before the end of the game")
			}
			if last != nil {
				last.Comments = append(last.Comments, c)
			} else {
				rec.Comments = append(rec.Comments, c)
			}
		case e.Throw != nil:
			t := e.Throw
			p := movetext.ToPos(t.Roll.Pos)
			text := t.Roll.Value
			if t.Player != nil {
				p = movetext.ToPos(t.Player.Pos)
				text = t.Player.Value + " " + text
			}
			if t.Action != nil {
				text += " " + t.Action.Value
			}
			if t.Pay != nil {
				text += " " + t.Pay.Value
			}
			m := &notation.Move{Number: number, Text: text, Pos: p}
			if _, err := ParseMove(text); err != nil {
				errorf(p, CodeBadMove, err.Error())
			}
			rec.Moves = append(rec.Moves, m)
			last = m
			number = 0
		default:
			errorf(movetext.ToPos(e.Bad.Pos), CodeUnreadable, "cannot read "+strconv.Quote(e.Bad.Value)+" (not a throw, player, round number, comment or result)")
		}
	}
	if ast.Result != nil {
		rec.Result = ast.Result.Value
		rec.ResultPos = movetext.ToPos(ast.Result.Pos)
	}
	// The first trailing token is reported; the rest follow from it.
	if len(ast.Trailing) > 0 {
		t := ast.Trailing[0]
		if t.Type == tokTag {
			errorf(movetext.ToPos(t.Pos), CodeTagAfterMoves, "tag after the moves: "+t.Value)
		} else {
			errorf(movetext.ToPos(t.Pos), CodeAfterResult, "text after the game's end: "+strconv.Quote(t.Value))
		}
	}
	if !pl.Peek().EOF() {
		errorf(movetext.ToPos(pl.Peek().Pos), CodeInternal, "grammar: unexpected "+strconv.Quote(pl.Peek().Value))
	}
	sort.SliceStable(diags, func(i, j int) bool {
		a, b := diags[i].Pos, diags[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	rec.Diagnostics = diags
	return rec
}

func commentText(v string) string {
	if strings.HasPrefix(v, ";") {
		return strings.TrimSpace(v[1:])
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(v, "{"), "}"))
}
