package pdn

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"arbiter/notation"
)

// gameAST is the flat PDN grammar:
//
//	Game     = (Tag | Tags)* Movetext Result? .
//	Movetext = Element* .
//	Element  = Move | MoveNumber | Moves | Comment | NAG | Strength | "(" | ")"
//	         | Setup | LineComment | Ellipsis | InnerResult | Unreadable | Deep .
//
// Variations are built from the flat element list afterwards, iteratively,
// so nesting depth costs neither stack nor time. Unreadable text is a token
// too: the builder reports it and recovers at the next sync point.
//
// Movetext is a participle Parseable: participle's generic parser spends
// about half a microsecond and several allocations per token on a
// repetition of a disjunction (measured: 5.7 MB/s for split+parse with the
// declarative rule in genericGameAST below, against the target of well above
// 10 MB/s), while a movetext had hundreds of tokens (a handful since runs,
// run.go). The Parseable takes the
// same Element* rule in a tight loop over the token stream, without copying
// tokens. TestGrammarsAgree checks on the corpus that it accepts exactly
// what the declarative rule accepts.
type gameAST struct {
	Tags     []lexer.Token `parser:"@((Tag | Tags)*)"`
	Movetext movetext      `parser:"@@"`
	Result   *lexer.Token  `parser:"@Result?"`
}

// Parse implements participle.Parseable for the whole game, so participle
// spends neither reflection nor allocations on a game's tags and result
// either: (Tag | Tags)* Movetext Result?, each token taken as the rule in
// genericGameAST takes it (TestGrammarsAgree).
func (g *gameAST) Parse(lex *lexer.PeekingLexer) error {
	start := lex.RawCursor()
	for t := lex.Peek().Type; t == tokTag || t == tokTags; t = lex.Peek().Type {
		lex.Next()
	}
	if end := lex.RawCursor(); end > start {
		g.Tags = lex.Range(start, end)
	}
	if err := g.Movetext.Parse(lex); err != nil {
		return err
	}
	if lex.Peek().Type == tokResult {
		g.Result = lex.Next()
	}
	return nil
}

// movetext is Element*, see gameAST.
type movetext struct {
	Elements []lexer.Token
}

var isElement = func() (t [tokDeep + 1]bool) {
	for _, e := range []lexer.TokenType{tokMove, tokMoveNumber, tokComment, tokNAG, tokStrength, tokLParen,
		tokRParen, tokSetup, tokLineComment, tokEllipsis, tokInnerResult, tokUnreadable, tokMoves, tokDeep} {
		t[e] = true
	}
	return t
}()

// Parse implements participle.Parseable.
func (m *movetext) Parse(lex *lexer.PeekingLexer) error {
	start := lex.RawCursor()
	for {
		t := lex.Peek()
		if t.Type <= 0 || int(t.Type) >= len(isElement) || !isElement[t.Type] {
			break
		}
		lex.Next()
	}
	m.Elements = lex.Range(start, lex.RawCursor())
	return nil
}

// genericGameAST is the same grammar written for participle's generic
// parser; it is the reference the fast movetext is tested against.
type genericGameAST struct {
	Tags   []lexer.Token `parser:"@((Tag | Tags)*)"`
	Body   []lexer.Token `parser:"@((Move | MoveNumber | Moves | Comment | NAG | Strength | LParen | RParen | Setup | LineComment | Ellipsis | InnerResult | Unreadable | Deep)*)"`
	Result *lexer.Token  `parser:"@Result?"`
}

var gameParser = participle.MustBuild[gameAST](
	participle.Lexer(definition{}),
	participle.UseLookahead(1),
)

// genericParser serves only the documentation (and a test): built on
// first use, not at every run's init.
var genericParser = sync.OnceValue(func() *participle.Parser[genericGameAST] {
	return participle.MustBuild[genericGameAST](
		participle.Lexer(definition{}),
		participle.UseLookahead(1),
	)
})

// Grammar returns the EBNF of the flat PDN grammar, for documentation.
func Grammar() string { return genericParser().String() }

// Parse parses one game text (from a Splitter) into a Record. Positions are
// file positions: g.Pos says where the text starts. The splitter's
// diagnostics come first in Record.Diagnostics order by position. Parse is
// safe for concurrent use.
func Parse(g GameText, file string) *notation.Record {
	rec := fastParse(g, file)
	if rec == nil {
		rec = parse(g, file, true)
	}
	rec.IndexTags() // (fast.go: the common games, read as parse reads them in one pass)
	return rec
}

// parse is Parse; without runs, the scanner returns every move number and
// move as a token of its own (the reference the runs are tested against).
func parse(g GameText, file string, runs bool) *notation.Record {
	rec := &notation.Record{File: file, Index: g.Index, Pos: g.Pos, Text: g.Text}
	if g.skipped {
		rec.Diagnostics = append([]notation.Diagnostic(nil), g.Diagnostics...)
		return rec
	}
	st := states.Get().(*parseState)
	defer st.release()
	d := &st.d
	d.list = append(d.list, g.Diagnostics...)
	sc := &st.sc
	sc.init(g, file, d)
	sc.singles = !runs
	pl, err := upgrade(sc)
	b := &st.b
	*b = builder{rec: rec, d: d, stack: b.stack[:0], skipped: b.skipped[:0]}
	st.main = frame{main: true}
	b.stack = append(b.stack, &st.main)
	if err != nil { // the scanner never fails; be safe anyway
		d.errorf(g.Pos, CodeInternal, "lexer: %v", err)
	} else {
		// The scanner has read the whole game: its moves are allocated at once.
		b.slab, b.mainLine = rec.AllocMoves(sc.moves)
		b.tagEls = sc.tagEls
		b.text, b.parens, b.read = sc.s, sc.parens, len(d.list)
		for round := 0; ; round++ {
			before := pl.Cursor()
			ast, err := gameParser.ParseFromLexer(pl, allowTrailing)
			if err != nil {
				d.errorf(toPos(pl.Peek().Pos), CodeInternal, "grammar: %v", err)
				break
			}
			b.round(ast, round)
			if pl.Peek().EOF() {
				break
			}
			if pl.Cursor() == before {
				t := pl.Next()
				d.errorf(toPos(t.Pos), CodeInternal, "grammar: unexpected %q", t.Value)
			}
		}
	}
	b.deepOpen = sc.deepOpen
	b.finish(toPos(pl.Peek().Pos))
	b.dropMarked()
	d.finish()
	slices.SortStableFunc(d.list, byLineCol)
	rec.Diagnostics = d.list
	return rec
}

// allowTrailing is participle's option built once: built per call, it
// costs an allocation per game.
var allowTrailing = participle.AllowTrailing(true)

func byLineCol(a, b notation.Diagnostic) int {
	if a.Pos.Line != b.Pos.Line {
		return cmp.Compare(a.Pos.Line, b.Pos.Line)
	}
	return cmp.Compare(a.Pos.Col, b.Pos.Col)
}

// parseState is what Parse needs besides the record it returns: the
// scanner, the builder and its main line's frame. It is pooled, so that a
// game costs no allocations for it.
type parseState struct {
	sc   scanner
	d    diags
	b    builder
	main frame
}

var states = sync.Pool{New: func() any { return new(parseState) }}

// release drops every reference to the game (its text, its record, the
// diagnostics handed to the record) and returns the state to the pool.
func (st *parseState) release() {
	stack, skipped, tagEls, parens := st.b.stack, st.b.skipped, st.sc.tagEls, st.sc.parens
	clear(stack[:cap(stack)])
	clear(skipped[:cap(skipped)])
	clear(tagEls[:cap(tagEls)])
	if cap(stack) > 64 || cap(skipped) > 1024 || cap(tagEls) > 256 || cap(parens) > 1024 {
		// Deeply nested, long unreadable text or many tags: not worth
		// keeping.
		stack, skipped, tagEls, parens = nil, nil, nil, nil
	}
	*st = parseState{}
	st.b.stack, st.b.skipped, st.sc.tagEls, st.sc.parens = stack[:0], skipped[:0], tagEls[:0], parens[:0]
	states.Put(st)
}

// frame is one open line: the main line or a variation.
type frame struct {
	main   bool
	orphan bool           // a variation opened before any move of its parent line
	owner  *notation.Move // the move this variation is an alternative to
	open   notation.Pos
	line   notation.Line
	last   *notation.Move

	hasNum bool
	num    int
	ell    bool
	numPos notation.Pos

	hasSetup bool
	setup    string
	setupPos notation.Pos

	pre []notation.Comment // comments before the first move of a variation

	// A variation is read as prose (a comment written in parentheses)
	// when a word in it does not read as PDN: textAt is its '(' in the
	// game text, and what building it reported starts at diagMark.
	prose    bool
	textAt   int
	diagMark int
}

type builder struct {
	rec      *notation.Record
	d        *diags
	stack    []*frame
	sawBody  bool
	skipping bool
	skipPos  notation.Pos
	skipped  []string
	skipNum  string // the move number the skipped text stood after, or ""

	slab         []notation.Move // preallocated moves
	mainLine     notation.Line   // preallocated room for the main line
	lastInner    string          // an inner result that was the last token so far, or ""
	lastInnerPos notation.Pos
	afterErr     bool // text-after-result said

	tagEls []tagEl // the tags of the game's runs of tags (the scanner's)
	tagCur int     // the next one to read

	read     int    // the diagnostics of splitting and scanning: d.list[:read]
	text     string // the game text
	parens   []int  // where each ( and ) token stands in text (the scanner's)
	parenCur int    // the next one to read
	deepOpen int    // variations left open inside a too-deep one (the scanner's)

	// readByOffset lists d.list[:read] by offset, and readGone marks
	// those inside a variation read as prose (dropRead), built on the
	// first one.
	readByOffset []int
	readGone     []bool
}

func (b *builder) round(ast *gameAST, round int) {
	if b.rec.Tags == nil && len(ast.Tags) > 0 {
		n, i := 0, b.tagCur
		for _, t := range ast.Tags {
			if t.Type == tokTags {
				k := b.tagRunLen(i)
				n, i = n+k, i+k
			} else {
				n++
			}
		}
		b.rec.Tags = make([]notation.Tag, 0, n)
	}
	for _, t := range ast.Tags {
		if t.Type != tokTags {
			b.tag(t.Value, toPos(t.Pos))
			continue
		}
		for {
			e := &b.tagEls[b.tagCur]
			b.tagCur++
			b.tag(e.v, e.p)
			if e.last {
				break
			}
		}
	}
	if body := ast.Movetext.Elements; len(body) > 0 && b.rec.Result != "" && ast.Result == nil && onlyComments(body) {
		// Comments after the result (2-0 {resigned}) stay with the game.
		for i := range body {
			b.rec.After = append(b.rec.After, notation.Comment{Text: commentText(body[i].Type, body[i].Value), Pos: toPos(body[i].Pos)})
		}
	} else if len(body) > 0 {
		if b.rec.Result != "" && !b.afterErr {
			b.afterErr = true
			b.d.errorf(toPos(body[0].Pos), CodeAfterResult, "movetext after the result %s (read on)", b.rec.Result)
		}
		for i := range body {
			b.element(&body[i])
		}
	}
	if t := ast.Result; t != nil {
		b.endSkip()
		b.sawBody = true
		b.lastInner = ""
		p := toPos(t.Pos)
		if b.rec.Result != "" {
			b.d.errorf(p, CodeAfterResult, "second result %s after %s (kept as a comment)", t.Value, b.rec.Result)
			b.keep(p, t.Value)
			return
		}
		b.rec.Result = normResult(t.Value)
		b.rec.ResultPos = p
	}
}

// tagRunLen returns the number of tags of the run of tags whose first
// tag is tagEls[i].
func (b *builder) tagRunLen(i int) int {
	n := 1
	for ; !b.tagEls[i].last; i++ {
		n++
	}
	return n
}

// tag reads the tag pair v written at p.
func (b *builder) tag(v string, p notation.Pos) {
	if b.sawBody {
		b.d.errorf(p, CodeTagAfterMoves, "tag %s inside the movetext (kept as a comment)", v)
		b.keep(p, v)
		return
	}
	if tag, ok := decodeTag(v, p, b.d); ok {
		b.rec.Tags = append(b.rec.Tags, tag)
	} else {
		b.keep(p, v)
	}
}

func (b *builder) top() *frame { return b.stack[len(b.stack)-1] }

func (b *builder) endSkip() {
	if !b.skipping {
		return
	}
	b.skipping = false
	text := strings.Join(b.skipped, " ")
	if b.skipNum != "" {
		b.keep(b.skipPos, b.skipNum+" "+text)
	} else {
		b.keep(b.skipPos, text)
	}
	if len(text) > 60 {
		text = text[:57] + "..."
	}
	b.d.errorf(b.skipPos, CodeUnreadable, "unreadable text %q (kept as a comment; read on at the next move number, tag or result)", text)
	b.skipped, b.skipNum = b.skipped[:0], ""
}

// KeptPrefix starts the comment that keeps text the reader could not read,
// so a conversion never drops what the user wrote.
const KeptPrefix = "unreadable, kept as written: "

// keep attaches text that was not read as a move, tag or annotation to
// where it stood, as a comment that says so.
func (b *builder) keep(p notation.Pos, text string) {
	b.comment(notation.Comment{Text: KeptPrefix + text, Pos: p})
}

func (b *builder) comment(c notation.Comment) {
	f := b.top()
	switch {
	case f.last != nil:
		f.last.Comments = append(f.last.Comments, c)
	case f.main:
		b.rec.Comments = append(b.rec.Comments, c)
	default:
		f.pre = append(f.pre, c)
	}
}

func onlyComments(body []lexer.Token) bool {
	for i := range body {
		if body[i].Type != tokComment && body[i].Type != tokLineComment {
			return false
		}
	}
	return true
}

func (b *builder) element(t *lexer.Token) {
	if t.Type == tokMoves {
		b.run(t)
		return
	}
	b.item(t.Type, t.Value, toPos(t.Pos))
}

// item reads one token of the movetext: its type, text and position.
func (b *builder) item(typ lexer.TokenType, v string, p notation.Pos) {
	if b.skipping {
		switch typ {
		case tokMove, tokNAG, tokStrength, tokEllipsis, tokUnreadable:
			b.skipped = append(b.skipped, v)
			return
		}
		b.endSkip()
	}
	b.lastInner = ""
	if typ != tokComment && typ != tokLineComment {
		b.sawBody = true
	}
	f := b.top()
	switch typ {
	case tokMove:
		var m *notation.Move
		if len(b.slab) > 0 {
			m, b.slab = &b.slab[0], b.slab[1:]
			m.Text, m.Pos = v, p
		} else {
			m = &notation.Move{Text: v, Pos: p}
		}
		if f.hasNum {
			m.Number, m.Ellipsis = f.num, f.ell
			f.hasNum = false
		} else if f.ell {
			m.Ellipsis = true
		}
		f.ell = false
		if f.hasSetup {
			m.Setup, m.SetupPos = f.setup, f.setupPos
			f.hasSetup = false
		}
		if len(f.pre) > 0 {
			m.Comments = append(m.Comments, f.pre...)
			f.pre = nil
		}
		if f.line == nil && f.main {
			// The main line holds at most the game's moves: one
			// allocation instead of one per doubling.
			f.line = b.mainLine
		}
		f.line = append(f.line, m)
		f.last = m
	case tokMoveNumber:
		if f.hasNum && !f.ell {
			b.d.warn(f.numPos, CodeDanglingNumber, fmt.Sprintf("move number %d. without a move", f.num))
		}
		digits := strings.TrimRight(v, ".")
		n, err := strconv.Atoi(digits)
		if err != nil || n > 1_000_000 {
			b.d.errorf(p, CodeUnreadable, "move number %s is too large (kept as a comment)", v)
			b.keep(p, v)
			f.hasNum = false
			return
		}
		f.hasNum, f.num, f.numPos = true, n, p
		f.ell = len(v)-len(digits) > 1
	case tokEllipsis:
		f.ell = true
	case tokComment, tokLineComment:
		b.comment(notation.Comment{Text: commentText(typ, v), Pos: p})
	case tokNAG:
		n, err := strconv.Atoi(v[1:])
		if err != nil || n > 1_000_000 {
			b.d.errorf(p, CodeUnreadable, "NAG %s is too large (kept as a comment)", v)
			b.keep(p, v)
			return
		}
		if f.last == nil {
			b.d.warn(p, CodeDanglingAnnot, "NAG "+v+" before any move (kept as a comment)")
			b.keep(p, v)
			return
		}
		f.last.NAGs = append(f.last.NAGs, n)
	case tokStrength:
		s := strings.TrimSuffix(strings.TrimPrefix(v, "("), ")")
		switch s {
		case "!", "?", "!!", "??", "!?", "?!":
		default:
			b.d.warn(p, CodeStrength, "move strength "+v+" is not one of ! ? !! ?? !? ?!")
		}
		if f.last == nil || f.last.Strength != "" {
			b.d.warn(p, CodeDanglingAnnot, "move strength "+v+" not after a move (kept as a comment)")
			b.keep(p, v)
			return
		}
		f.last.Strength = s
	case tokLParen:
		nf := &frame{owner: f.last, open: p, textAt: b.nextParen(), diagMark: len(b.d.list)}
		if f.last == nil {
			nf.orphan = true
			b.d.warn(p, CodeOrphanVariation, "variation before any move of its line (ignored)")
		}
		b.stack = append(b.stack, nf)
	case tokRParen:
		at := b.nextParen()
		if len(b.stack) == 1 {
			b.d.warn(p, CodeUnbalancedParen, "')' without '(' (ignored)")
			return
		}
		b.close(at, p)
	case tokSetup:
		fen := setupText(v)
		if f.main && len(f.line) == 0 && b.rec.Setup == "" && !f.hasSetup {
			b.rec.Setup, b.rec.SetupPos = fen, p
			return
		}
		f.hasSetup, f.setup, f.setupPos = true, fen, p
	case tokInnerResult:
		b.lastInner, b.lastInnerPos = v, p
	case tokDeep:
		// The variation's text as written, parentheses and all, so it
		// reads as the variation it was; the writer keeps it (a comment
		// with braces of its own as a ; comment).
		b.comment(notation.Comment{Text: v, Pos: p})
		b.d.warn(p, CodeTooDeep, fmt.Sprintf("variation inside %d others: kept as a comment, its moves not replayed", notation.MaxDepth))
	case tokUnreadable:
		b.skipping = true
		b.skipPos = p
		b.skipped = append(b.skipped[:0], v)
		b.skipNum = ""
		if f.hasNum {
			// The number is that of the text that does not read as a
			// move ("1. cd4"): it is kept with it, and is no move number
			// without a move.
			b.skipNum = strconv.Itoa(f.num) + "."
			if f.ell {
				b.skipNum += ".."
			}
			f.hasNum, f.ell = false, false
		}
		if !f.main {
			f.prose = true
		}
	}
}

// nextParen is where the next ( or ) token stands in the game text.
func (b *builder) nextParen() int {
	if b.parenCur >= len(b.parens) {
		return len(b.text) // (a token stream not from the scanner)
	}
	i := b.parens[b.parenCur]
	b.parenCur++
	return i
}

// close pops the top frame, whose ')' stands at text[end] and at p in
// the file (len(text) and no position when it is not closed), and hangs
// its line on the move it is an alternative to; or keeps it as a comment
// when it is prose.
func (b *builder) close(end int, p notation.Pos) {
	f := b.top()
	b.stack = b.stack[:len(b.stack)-1]
	if f.prose {
		b.closeProse(f, end, p)
		return
	}
	if f.hasSetup {
		b.d.warn(f.setupPos, CodeDanglingAnnot, "setup at the end of a variation, before no move (ignored)")
	}
	switch {
	case f.orphan:
	case len(f.line) == 0:
		b.d.warn(f.open, CodeEmptyVariation, "variation without moves (ignored)")
		if f.owner != nil {
			f.owner.Comments = append(f.owner.Comments, f.pre...)
		}
	default:
		f.owner.Variations = append(f.owner.Variations, f.line)
	}
}

// closeProse keeps a variation that does not read as moves ("(Roberto's
// first choice, the Wilderness 1.)", as annotators write notes) as the
// comment it is: its text as written, in the place it stood. What reading
// it as moves reported is taken back: it was never moves.
func (b *builder) closeProse(f *frame, end int, p notation.Pos) {
	b.d.truncate(f.diagMark) // built inside the frame: the end of the list
	b.dropRead(f.open, p)
	start := min(f.textAt+1, end)
	text := strings.TrimSpace(b.text[start:end])
	b.comment(notation.Comment{Text: text, Pos: f.open})
	if len(f.line) > 0 {
		b.d.warn(f.open, CodeProse, "variation with words that do not read as moves: kept as a comment, its moves not replayed")
		return
	}
	b.d.note(f.open, CodeProse, "text in parentheses that does not read as moves: read as a comment (PDN writes comments in braces)")
}

// dropRead marks what the scanner said (it reads the whole game before
// the builder starts: d.list[:read]) after open and before close (the end
// of the game when close is not valid), to be dropped at the end of the
// game (dropMarked). Marked, not removed: one removal per variation read
// as prose would go through the whole list each time, which made a game
// of 40,000 of them take 20 s.
func (b *builder) dropRead(open, close notation.Pos) {
	list := b.d.list[:b.read]
	if b.readByOffset == nil {
		b.readByOffset = make([]int, len(list))
		for i := range b.readByOffset {
			b.readByOffset[i] = i
		}
		slices.SortStableFunc(b.readByOffset, func(i, j int) int { return cmp.Compare(list[i].Pos.Offset, list[j].Pos.Offset) })
		b.readGone = make([]bool, len(list))
	}
	k, _ := slices.BinarySearchFunc(b.readByOffset, open.Offset+1, func(i int, off int64) int { return cmp.Compare(list[i].Pos.Offset, off) })
	for ; k < len(b.readByOffset); k++ {
		i := b.readByOffset[k]
		if close.IsValid() && list[i].Pos.Offset >= close.Offset {
			break
		}
		b.readGone[i] = true
	}
}

// dropMarked drops what dropRead marked.
func (b *builder) dropMarked() {
	if b.readGone == nil {
		return
	}
	b.d.drop(func(i int, _ *notation.Diagnostic) bool { return i < len(b.readGone) && b.readGone[i] })
}

func (b *builder) finish(end notation.Pos) {
	b.endSkip()
	if n := len(b.stack) - 1 + b.deepOpen; n > 0 {
		msg := "variation not closed with ')'"
		if n > 1 {
			msg = fmt.Sprintf("%d variations not closed with ')'", n)
		}
		b.d.warn(b.stack[1].open, CodeUnclosedVar, msg)
		for len(b.stack) > 1 {
			b.close(len(b.text), notation.Pos{})
		}
		if b.rec.Result == "" && b.lastInner != "" {
			// The game's result was read inside the unclosed variation.
			b.rec.Result = normResult(b.lastInner)
			b.rec.ResultPos = b.lastInnerPos
		}
	}
	main := b.stack[0]
	b.rec.Moves = main.line
	if main.hasNum && !main.ell && (len(main.line) > 0 || b.rec.Result == "") {
		// (1. 2-0 is the usual way to write a game without moves.)
		b.d.warn(main.numPos, CodeDanglingNumber, fmt.Sprintf("move number %d. without a move", main.num))
	}
	if main.hasSetup {
		b.d.warn(main.setupPos, CodeDanglingAnnot, "setup after the last move (ignored)")
	}
	if b.rec.Result == "" && len(main.line) > 0 {
		// A terminator that is no PDN result but repeats the Result tag
		// (4-6 in a mini-match export) is read as the result.
		last := main.line[len(main.line)-1]
		if v, ok := b.rec.Tag("Result"); ok && v == last.Text && len(last.Comments) == 0 &&
			len(last.Variations) == 0 && len(last.NAGs) == 0 && last.Strength == "" && last.Number == 0 {
			b.rec.Moves = main.line[:len(main.line)-1]
			b.rec.Result, b.rec.ResultPos = last.Text, last.Pos
			b.d.warn(last.Pos, CodeResultAsMove, resultAsMoveMsg(last.Text))
		}
	}
	if b.rec.Result == "" {
		if len(b.rec.Moves) == 0 && len(b.rec.Tags) == 0 && !b.rec.HasErrors() && len(b.rec.Comments) > 0 {
			b.d.warn(b.rec.Pos, CodeEmptyGame, "text with nothing but comments")
		} else {
			b.d.warn(end, CodeNoTerminator, noTerminatorMsg)
		}
	}
}

func resultAsMoveMsg(text string) string {
	return "result " + text + " is not a PDN result; read as the result because the Result tag says so"
}

const noTerminatorMsg = "game has no result terminator (2-0, 1-1, 0-2, 1-0, 0-1, 1/2-1/2, 0-0 or *)"

func commentText(typ lexer.TokenType, v string) string {
	switch {
	case typ == tokLineComment:
		return strings.TrimSpace(v[1:])
	case strings.HasPrefix(v, "{"):
		return strings.TrimSuffix(v[1:], "}")
	case strings.HasPrefix(v, "[%"):
		return v
	}
	return v
}

// setupText returns the FEN of /FEN "..."/.
func setupText(v string) string {
	if i := strings.IndexByte(v, '"'); i >= 0 {
		if j := strings.IndexByte(v[i+1:], '"'); j >= 0 {
			return v[i+1 : i+1+j]
		}
		return strings.TrimSpace(strings.TrimSuffix(v[i+1:], "/"))
	}
	v = strings.TrimPrefix(strings.TrimSpace(v[1:]), "FEN")
	return strings.TrimSpace(strings.TrimSuffix(v, "/"))
}
