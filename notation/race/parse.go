// Package race reads and writes records of the dice race games (the Ludo
// family, the Game of the Goose, the horse race) on PDN's tag pairs. See
// README.md for the notation, its grammar and an example game per variant.
package race

import (
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"arbiter/notation"
	"arbiter/notation/movetext"
	"arbiter/notation/pdn"
)

// gameAST is the grammar of a race record:
//
//	Game     = (Tag | Comment)* Element* Result? Trailing* .
//	Element  = MoveNumber | Throw | Comment | Unreadable .
//	Throw    = (Player Roll? | Roll) Action? Pay? .
//
// A Throw never fails half-way (a player whose roll cannot be read is a
// throw without a roll, reported as unreadable), so a bad throw never
// takes the rest of the movetext with it. Comments may stand before and
// between the tags.
type gameAST struct {
	Head     []lexer.Token `parser:"@((Tag | Comment)*)"`
	Body     []*element    `parser:"@@*"`
	Result   *lexer.Token  `parser:"@Result?"`
	Trailing []lexer.Token `parser:"@((MoveNumber | Player | Roll | Action | Pay | Comment | Unreadable | Result | Tag)*)"`
}

type element struct {
	Number  *lexer.Token `parser:"  @MoveNumber"`
	Throw   *throwAST    `parser:"| @@"`
	Comment *lexer.Token `parser:"| @Comment"`
	Bad     *lexer.Token `parser:"| @(Unreadable | Action | Pay)"`
}

type throwAST struct {
	Player *lexer.Token `parser:"( @Player"`
	Roll   *lexer.Token `parser:"  @Roll? | @Roll )"`
	Action *lexer.Token `parser:"@Action?"`
	Pay    *lexer.Token `parser:"@Pay?"`
}

// parser is built on first use: only race records need it, and building
// a participle grammar at init cost every run of arbiter ~0.8 ms.
var parser = sync.OnceValue(func() *participle.Parser[gameAST] {
	return participle.MustBuild[gameAST](participle.Lexer(definition{}), participle.UseLookahead(2))
})

// Grammar returns the EBNF of the grammar, for documentation.
func Grammar() string { return parser().String() }

// Diagnostic codes of this reader.
const (
	CodeUnreadable    = "unreadable"
	CodeBadMove       = "bad-move"
	CodeAfterResult   = "text-after-result"
	CodeTagAfterMoves = "tag-after-moves"
	CodeUnclosed      = "unclosed-comment"
	CodeInternal      = "internal"
	// CodeSpacing: a throw written with other spacing ("4 + 5: 0",
	// "1+2:0/3"), read as a person reads it.
	CodeSpacing = "throw-spacing"
)

// badRun is text of one line that cannot be read (see Parse).
type badRun struct {
	pos    notation.Pos
	line   int
	words  []string
	throw  bool
	number int
}

// blanksOut drops a roll's spaces and tabs. It is built once: one built
// for each throw was a fifth of reading a race record. (A Replacer is safe
// for concurrent use, and returns a roll without blanks as it is.)
var blanksOut = strings.NewReplacer(" ", "", "\t", "")

// throwMove makes the move of a throw, its roll written without spaces;
// warn says how it was read when the roll and its action were spaced
// otherwise ("4 + 5: 0", "4+5 : 0", "1+2:0/3").
func throwMove(t *throwAST, number int) (m *notation.Move, warn string) {
	roll := blanksOut.Replace(t.Roll.Value)
	read, written := roll, t.Roll.Value
	if t.Action != nil {
		read += " " + t.Action.Value
		if t.Action.Pos.Offset != t.Roll.Pos.Offset+len(t.Roll.Value) {
			written += " "
		}
		written += t.Action.Value
	}
	if written != read {
		warn = "throw written " + strconv.Quote(written) + ", read as " + strconv.Quote(read)
	}
	text, p := read, movetext.ToPos(t.Roll.Pos)
	if t.Player != nil {
		p = movetext.ToPos(t.Player.Pos)
		text = t.Player.Value + " " + text
	}
	if t.Pay != nil {
		text += " " + t.Pay.Value
	}
	return &notation.Move{Number: number, Text: text, Pos: p}, warn
}

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
	ast, err := parser().ParseFromLexer(pl, participle.AllowTrailing(true))
	if err != nil || ast == nil {
		msg := "no game"
		if err != nil {
			msg = err.Error()
		}
		errorf(g.Pos, CodeInternal, "grammar: "+msg)
		rec.Diagnostics = append(g.Diagnostics, diags...)
		return rec
	}
	tags, lead := movetext.SplitHead(ast.Head)
	var tagDiags []notation.Diagnostic
	var kept []notation.Comment
	rec.Tags, kept, tagDiags = movetext.ReadTagSection(g, file, tags)
	rec.Comments = append(rec.Comments, kept...)
	diags = append(diags, tagDiags...)
	body := ast.Body
	if len(lead) > 0 {
		body = make([]*element, 0, len(lead)+len(ast.Body))
		for i := range lead {
			body = append(body, &element{Comment: &lead[i]})
		}
		body = append(body, ast.Body...)
	}

	number := 0
	var last *notation.Move
	// bad gathers the words of one line that cannot be read, from a
	// player's name or an unreadable word on, up to the next throw, round
	// number or comment: one error for them all. When it is a throw (it
	// starts with a player or has a colon) it is kept as a move, so the
	// referee stops there instead of blaming the throws after it.
	var bad *badRun
	flush := func() {
		if bad == nil {
			return
		}
		text := strings.Join(bad.words, " ")
		if bad.throw || strings.Contains(text, ":") {
			why := "a throw is written [Player] Dice: Action (R 6: B/1, Anna 4+5: 0/9)"
			if _, err := ParseMove(text); err != nil {
				why = err.Error()
			}
			errorf(bad.pos, CodeBadMove, "cannot read the throw "+strconv.Quote(text)+": "+why+"; reading goes on at the next throw")
			m := &notation.Move{Number: bad.number, Text: text, Pos: bad.pos}
			rec.Moves = append(rec.Moves, m)
			last = m
		} else {
			errorf(bad.pos, CodeUnreadable, "cannot read "+strconv.Quote(text)+" (not a throw, player, round number, comment or result; kept as a comment)")
			movetext.Keep(rec, last, bad.pos, text)
		}
		bad = nil
	}
	for _, e := range body {
		switch {
		case e.Number != nil:
			flush()
			number, _ = strconv.Atoi(strings.TrimRight(e.Number.Value, "."))
		case e.Comment != nil:
			flush()
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
		case e.Throw != nil && e.Throw.Roll == nil:
			flush()
			t := e.Throw
			bad = &badRun{pos: movetext.ToPos(t.Player.Pos), line: t.Player.Pos.Line, words: []string{t.Player.Value}, throw: true, number: number}
			if t.Pay != nil {
				bad.words = append(bad.words, t.Pay.Value)
			}
			number = 0
		case e.Throw != nil:
			flush()
			m, warn := throwMove(e.Throw, number)
			if warn != "" {
				diags = append(diags, notation.Diagnostic{Pos: movetext.ToPos(e.Throw.Roll.Pos), Severity: notation.Warning, Code: CodeSpacing, Msg: warn})
			}
			if _, err := ParseMove(m.Text); err != nil {
				errorf(m.Pos, CodeBadMove, err.Error())
			}
			rec.Moves = append(rec.Moves, m)
			last = m
			number = 0
		default:
			t := e.Bad
			if bad == nil || bad.line != t.Pos.Line {
				flush()
				bad = &badRun{pos: movetext.ToPos(t.Pos), line: t.Pos.Line, number: number}
				number = 0
			}
			bad.words = append(bad.words, t.Value)
		}
	}
	flush()
	if ast.Result != nil {
		rec.Result = ast.Result.Value
		rec.ResultPos = movetext.ToPos(ast.Result.Pos)
	}
	// The first trailing token is reported; the rest follow from it.
	if len(ast.Trailing) > 0 {
		t := ast.Trailing[0]
		if t.Type == tokTag {
			errorf(movetext.ToPos(t.Pos), CodeTagAfterMoves, "tag after the moves: "+t.Value+" (kept as a comment)")
		} else {
			errorf(movetext.ToPos(t.Pos), CodeAfterResult, "text after the game's end: "+strconv.Quote(t.Value)+" (kept as a comment)")
		}
	}
	movetext.KeepTrailing(rec, ast.Trailing, func(t lexer.Token) bool { return t.Type == tokComment }, commentText)
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
