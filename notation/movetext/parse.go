package movetext

import (
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"arbiter/notation"
	"arbiter/notation/pdn"
)

// gameAST is the grammar every Syntax shares:
//
//	Game     = (Tag | Comment)* Element* Result? Trailing* .
//	Element  = MoveNumber | Ellipsis | Move | Comment | Unreadable .
//	Trailing = Element | Result | Tag .
//
// Comments may stand before and between the tags (an exporter's "{exported
// by ...}"); they are the game's comments. Trailing tokens (text after the
// result, tags after the moves) are read so they can be reported, not
// silently dropped.
type gameAST struct {
	Head     []lexer.Token `parser:"@((Tag | Comment)*)"`
	Body     []lexer.Token `parser:"@((MoveNumber | Ellipsis | Move | Comment | Unreadable)*)"`
	Result   *lexer.Token  `parser:"@Result?"`
	Trailing []lexer.Token `parser:"@((MoveNumber | Ellipsis | Move | Comment | Unreadable | Result | Tag)*)"`
}

// Syntax is what tells one notation on PDN's tag pairs from another: which
// words are moves and results. Everything else (tags, move numbers,
// comments, positions, recovery) is shared.
type Syntax struct {
	// Game names the game in messages ("a morris record").
	Game string
	// Results lists the results, for the missing-terminator warning.
	Results string
	// IsResult and IsMove classify a word; DecodeMove reports why a move
	// word does not decode (nil when it does).
	IsResult   func(word string) bool
	IsMove     func(word string) bool
	DecodeMove func(text string) error
	// NormResult rewrites a result as it is stored (nil: as written).
	NormResult func(string) string

	once   sync.Once
	parser *participle.Parser[gameAST]
}

func (syn *Syntax) build() *participle.Parser[gameAST] {
	syn.once.Do(func() {
		syn.parser = participle.MustBuild[gameAST](participle.Lexer(definition{syn}), participle.UseLookahead(1))
	})
	return syn.parser
}

// Grammar returns the EBNF of the grammar, for documentation.
func (syn *Syntax) Grammar() string { return syn.build().String() }

// Diagnostic codes of this reader (besides the PDN reader's tag codes).
const (
	CodeUnreadable    = "unreadable"        // a word that is no token
	CodeBadMove       = "bad-move"          // a move token that does not decode
	CodeAfterResult   = "text-after-result" // movetext after the result
	CodeTagAfterMoves = "tag-after-moves"
	CodeNoTerminator  = "no-terminator"
	CodeUnclosed      = "unclosed-comment"
	CodeInternal      = "internal"
)

// Parse reads one game text (from pdn.Splitter) as a record of this Syntax. Tags
// are decoded by the PDN reader (same leniencies, same warnings); the
// movetext by this package's grammar. Every move keeps its file position.
// Parse never panics and is safe for concurrent use.
func (syn *Syntax) Parse(g pdn.GameText, file string) *notation.Record {
	rec := &notation.Record{File: file, Index: g.Index, Pos: g.Pos, Text: g.Text}
	var diags []notation.Diagnostic
	errorf := func(p notation.Pos, code, msg string) {
		diags = append(diags, notation.Diagnostic{Pos: p, Severity: notation.Error, Code: code, Msg: msg})
	}
	warnf := func(p notation.Pos, code, msg string) {
		diags = append(diags, notation.Diagnostic{Pos: p, Severity: notation.Warning, Code: code, Msg: msg})
	}
	sc := newScanner(syn, g.Text, file, g.Pos)
	pl, err := lexer.Upgrade(sc)
	if err != nil {
		errorf(g.Pos, CodeInternal, "lexer: "+err.Error())
		rec.Diagnostics = append(g.Diagnostics, diags...)
		return rec
	}
	ast, err := syn.build().ParseFromLexer(pl, participle.AllowTrailing(true))
	if err != nil || ast == nil {
		errorf(g.Pos, CodeInternal, "grammar: "+errString(err))
		rec.Diagnostics = append(g.Diagnostics, diags...)
		return rec
	}

	tags, body := SplitHead(ast.Head)
	var tagDiags []notation.Diagnostic
	var kept []notation.Comment
	rec.Tags, kept, tagDiags = ReadTagSection(g, file, tags)
	rec.Comments = append(rec.Comments, kept...)
	diags = append(diags, tagDiags...)

	number, ellipsis := 0, false
	var last *notation.Move
	for _, t := range append(body, ast.Body...) {
		p := ToPos(t.Pos)
		switch t.Type {
		case tokMoveNumber:
			digits := strings.TrimRight(t.Value, ".")
			number, _ = strconv.Atoi(digits)
			ellipsis = len(t.Value)-len(digits) >= 2
		case tokEllipsis:
			ellipsis = true
		case tokComment:
			c := notation.Comment{Text: commentText(t.Value), Pos: p}
			if strings.HasPrefix(t.Value, "{") && !strings.HasSuffix(t.Value, "}") {
				errorf(p, CodeUnclosed, "comment opened with { is not closed before the end of the game")
			}
			if last != nil {
				last.Comments = append(last.Comments, c)
			} else {
				rec.Comments = append(rec.Comments, c)
			}
		case tokMove:
			text := strings.TrimRight(t.Value, "!?")
			m := &notation.Move{Number: number, Ellipsis: ellipsis, Text: text, Pos: p, Strength: t.Value[len(text):]}
			if err := syn.DecodeMove(text); err != nil {
				errorf(p, CodeBadMove, err.Error())
			}
			rec.Moves = append(rec.Moves, m)
			last = m
			number, ellipsis = 0, false
		default:
			errorf(p, CodeUnreadable, "cannot read "+strconv.Quote(t.Value)+" (not a move, move number, comment or result; kept as a comment)")
			Keep(rec, last, p, t.Value)
		}
	}
	if ast.Result != nil {
		rec.Result = ast.Result.Value
		if syn.NormResult != nil {
			rec.Result = syn.NormResult(rec.Result)
		}
		rec.ResultPos = ToPos(ast.Result.Pos)
	} else {
		warnf(ToPos(pl.Peek().Pos), CodeNoTerminator, "game has no result terminator ("+syn.Results+")")
	}
	// The first trailing token is reported; the rest follow from it.
	if len(ast.Trailing) > 0 {
		t := ast.Trailing[0]
		if t.Type == tokTag {
			errorf(ToPos(t.Pos), CodeTagAfterMoves, "tag after the moves: "+t.Value+" (kept as a comment)")
		} else {
			errorf(ToPos(t.Pos), CodeAfterResult, "text after the game's result: "+strconv.Quote(t.Value)+" (kept as a comment)")
		}
	}
	KeepTrailing(rec, ast.Trailing, func(t lexer.Token) bool { return t.Type == tokComment }, commentText)
	if !pl.Peek().EOF() {
		errorf(ToPos(pl.Peek().Pos), CodeInternal, "grammar: unexpected "+strconv.Quote(pl.Peek().Value))
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

// SplitHead separates the tag section's tags from the comments among them
// (which belong to the movetext: they are the game's comments).
func SplitHead(head []lexer.Token) (tags, comments []lexer.Token) {
	for _, t := range head {
		if t.Type == tokTag {
			tags = append(tags, t)
		} else {
			comments = append(comments, t)
		}
	}
	return tags, comments
}

// ReadTags is ReadTagSection without the comments.
func ReadTags(g pdn.GameText, file string, tags []lexer.Token) ([]notation.Tag, []notation.Diagnostic) {
	t, _, d := ReadTagSection(g, file, tags)
	return t, d
}

// Keep attaches text that could not be read to where it stood (after
// last, or before the moves), as a comment that says so: a conversion
// never drops what the user wrote.
func Keep(rec *notation.Record, last *notation.Move, p notation.Pos, text string) {
	c := notation.Comment{Text: pdn.KeptPrefix + text, Pos: p}
	if last != nil {
		last.Comments = append(last.Comments, c)
	} else {
		rec.Comments = append(rec.Comments, c)
	}
}

// KeepTrailing keeps what follows a game's result as comments after it:
// comments as they are, other text as kept text.
func KeepTrailing(rec *notation.Record, trailing []lexer.Token, isComment func(lexer.Token) bool, text func(string) string) {
	if rec.Result == "" {
		// (No result: the trailing text is kept before the moves' end.)
		var last *notation.Move
		if n := len(rec.Moves); n > 0 {
			last = rec.Moves[n-1]
		}
		for _, t := range trailing {
			if isComment(t) {
				c := notation.Comment{Text: text(t.Value), Pos: ToPos(t.Pos)}
				if last != nil {
					last.Comments = append(last.Comments, c)
				} else {
					rec.Comments = append(rec.Comments, c)
				}
			} else {
				Keep(rec, last, ToPos(t.Pos), t.Value)
			}
		}
		return
	}
	for _, t := range trailing {
		c := notation.Comment{Text: pdn.KeptPrefix + t.Value, Pos: ToPos(t.Pos)}
		if isComment(t) {
			c.Text = text(t.Value)
		}
		rec.After = append(rec.After, c)
	}
}

// ReadTagSection decodes a game's tag tokens with the PDN reader (same
// leniencies, same warnings) run on the tag section alone. Without tags,
// the diagnostics are the splitter's.
// Text in it that is no tag is kept as comments.
func ReadTagSection(g pdn.GameText, file string, tags []lexer.Token) ([]notation.Tag, []notation.Comment, []notation.Diagnostic) {
	if len(tags) == 0 {
		return nil, nil, g.Diagnostics
	}
	last := tags[len(tags)-1]
	h := g
	h.Text = g.Text[:last.Pos.Offset-int(g.Pos.Offset)+len(last.Value)]
	tr := pdn.Parse(h, file)
	var diags []notation.Diagnostic
	for _, d := range tr.Diagnostics {
		// The tag section alone has no moves and no terminator: not news.
		if d.Code != pdn.CodeNoTerminator && d.Code != pdn.CodeEmptyGame {
			diags = append(diags, d)
		}
	}
	// Only the text kept from broken tags: the comments among the tags
	// are the movetext's (SplitHead).
	var kept []notation.Comment
	for _, c := range tr.Comments {
		if strings.HasPrefix(c.Text, pdn.KeptPrefix) {
			kept = append(kept, c)
		}
	}
	return tr.Tags, kept, diags
}

func errString(err error) string {
	if err == nil {
		return "no game"
	}
	return err.Error()
}

func commentText(v string) string {
	if strings.HasPrefix(v, ";") {
		return strings.TrimSpace(v[1:])
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(v, "{"), "}"))
}
