package draughts

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"arbiter/notation"
	"arbiter/notation/pdn"
	"arbiter/referee"
	"arbiter/referee/picture"
	"arbiter/variants"
)

// compiled is a variant turned into engine rules, built once and shared
// read-only by every goroutine that checks games of that variant.
type compiled struct {
	variant *variants.Variant
	rules   *Rules
	start   Position
	// startMoves are the legal moves of start, every path (for
	// failsAtFirstMove).
	startMoves []Move
	// twoPoint: results are written 2-0/1-1/0-2 (10x10 and larger boards).
	twoPoint bool
	// win is the section's win condition (WinNoMoveLoses for "").
	win string
	// endgames are the draw.endgames rules, compiled (endgame.go).
	endgames endgameTable
	// draw is the section's draw rules (read at every ply).
	draw *DrawRules
	// quietDraw: after an irreversible ply that leaves no king on the
	// board, the draw rules have nothing to count but the endgames' (no
	// same-move rule, and the repetition and king-move rules need more
	// than one sight, more than no ply): leanRun counts such plies itself.
	quietDraw bool
	// num is the variant's own notation; records whose GameType gives
	// other fields get theirs from numberings.
	num        *numbering
	numMu      sync.Mutex
	numberings map[gameNotation]*numbering

	// free is the rules with every capture allowed (no precedence), to
	// tell a capture the precedence forbids from a garbled one.
	freeOnce sync.Once
	free     *Rules
	diagrams map[*numbering]*picture.Board // see diagram
}

// freeRules returns the variant's rules without capture precedence, or
// nil if they cannot be built.
func (c *compiled) freeRules() *Rules {
	c.freeOnce.Do(func() {
		fr := *c.rules
		fr.Priority = PriorityFree
		fr.PreferKingCapture, fr.PreferMostKings, fr.PreferEarlyKings = false, false, false
		if fr.Init() == nil {
			c.free = &fr
		}
	})
	return c.free
}

// numbering returns the translation for a record's notation, built once.
func (c *compiled) numbering(n gameNotation) (*numbering, error) {
	if n == c.num.notation {
		return c.num, nil
	}
	c.numMu.Lock()
	defer c.numMu.Unlock()
	if num, ok := c.numberings[n]; ok {
		return num, nil
	}
	num, err := newNumbering(c.rules, n)
	if err != nil {
		return nil, err
	}
	if c.numberings == nil {
		c.numberings = map[gameNotation]*numbering{}
	}
	c.numberings[n] = num
	return num, nil
}

// compiledCache holds each variant's engine rules, built once
// (*variants.Variant to *compiled). Every game looks its variant up: a
// sync.Map's Load of a key stored long ago writes nothing, where a
// mutex's lock, taken by both workers with --jobs 2, moved its cache
// line from core to core on every game. compiledMu serialises builds.
var (
	compiledMu    sync.Mutex
	compiledCache sync.Map
)

// compileDraughts builds (or returns the cached) engine rules of a variant.
func compileDraughts(v *variants.Variant) (*compiled, error) {
	if c, ok := compiledCache.Load(v); ok {
		return c.(*compiled), nil
	}
	compiledMu.Lock()
	defer compiledMu.Unlock()
	if c, ok := compiledCache.Load(v); ok {
		return c.(*compiled), nil
	}
	d := SectionOf(v)
	if d == nil {
		return nil, fmt.Errorf("variant %s is not a draughts variant", v.Name)
	}
	r := &Rules{
		Width:               d.Board.Width,
		Height:              d.Board.Height,
		TopLeftDark:         d.Board.TopLeftDark,
		FirstMover:          White,
		ManCapturesBackward: d.Men.CaptureBackward,
		MenCaptureKings:     d.Men.CaptureKings,
		FlyingKings:         d.Kings.Flying,
		CaptureCompulsory:   d.Capture.Compulsory,
		Priority:            PriorityFree,
		PromoteInPassing:    d.Promotion.InPassing,
	}
	switch d.Capture.Priority {
	case "majority":
		r.Priority = PriorityMajority
	case "value":
		r.Priority = PriorityValue
	}
	r.ManValue, r.KingValue, r.KingsDiscount = d.Capture.ManValue, d.Capture.KingValue, d.Capture.KingsDiscount
	r.PreferKingCapture = d.Capture.PreferKingCapture
	r.PreferMostKings = d.Capture.PreferMostKings
	r.PreferEarlyKings = d.Capture.PreferEarlyKings
	r.OrthogonalCaptures = d.Capture.Orthogonal
	r.RemoveAtOnce = d.Capture.RemoveAtOnce
	r.NoReversal = d.Capture.NoReversal
	r.KingStopsBehind = d.Kings.StopBehind
	r.KingMoveLimit = d.Kings.MoveLimit
	r.AllSquares = d.Board.AllSquares
	r.Orthogonal = d.Board.Directions == "orthogonal"
	if err := r.Init(); err != nil {
		return nil, fmt.Errorf("%s: %v", v.File, err)
	}
	gn, err := variantNotation(d, r)
	if err != nil {
		return nil, fmt.Errorf("%s: pdn_notation: %v", v.File, err)
	}
	num, err := newNumbering(r, gn)
	if err != nil {
		return nil, fmt.Errorf("%s: pdn_notation: %v", v.File, err)
	}
	start, err := r.ParseFEN(num.fen(d.Start))
	if err != nil {
		return nil, fmt.Errorf("%s: start: %v", v.File, err)
	}
	r.FirstMover = start.Turn()
	c := &compiled{variant: v, rules: r, start: start, twoPoint: d.Board.Width >= 10, num: num}
	c.startMoves, _ = r.appendLegalPathsFrom(&start, 0, nil, nil)
	c.win = d.Win
	if c.win == "" {
		c.win = WinNoMoveLoses
	}
	c.endgames = compileEndgames(d.Draw.Endgames, r)
	c.draw = &d.Draw
	c.quietDraw = d.Draw.SameMove == nil && (d.Draw.Repetition == nil || d.Draw.Repetition.Count >= 2) &&
		(d.Draw.KingMoves == nil || d.Draw.KingMoves.Count >= 1)
	compiledCache.Store(v, c)
	return c, nil
}

// check replays a draughts record under v. A record that names no rules
// and breaks v's is replayed under the rules its squares and moves fit
// (infer.go), and the report says which. With opts.Rewrite the record is
// rewritten as the replay that is kept read it.
func check(rec *notation.Record, v *variants.Variant, opts referee.Options, rep *referee.Report) {
	guess := untagged(rec, opts)
	// An untagged record whose first move v cannot play (an English game
	// under international rules) is replayed under v only if no other
	// rules are chosen: that replay's report, which explains the move,
	// is most often thrown away. (Played as written, the move does not
	// stop the replay; rewriting may stop it before the first move.)
	deferred := guess && !opts.AsPlayed && !opts.Rewrite && failsAtFirstMove(rec, v)
	var rewrite func()
	var repair func(*referee.Report)
	if !deferred {
		rewrite, repair = replay(rec, v, opts, rep, false, false)
	}
	if guess {
		why := ""
		if deferred || firstReplayError(rep) >= 0 {
			plies := rep.Plies
			if deferred {
				plies = 0 // (what the replay under v would have played)
			}
			if c, because, kept := inferRules(rec, v, plies, opts); kept != nil {
				*rep = *kept.rep
				rewrite, repair = kept.rewrite, kept.repair
				v, why = c, because
			} else if c != nil {
				*rep = *referee.Run(rec, func(alt *referee.Report) {
					alt.Variant = c.Name
					rewrite, repair = replay(rec, c, opts, alt, false, false)
				})
				v, why = c, because
			} else if deferred {
				rewrite, repair = replay(rec, v, opts, rep, false, false)
			}
		}
		if why == "" && gameTypeOf(v) != 20 {
			why = fmt.Sprintf("no GameType tag: %s, so replayed as %s%s", untaggedReason(rec), v.Name, gameTypeHint(v))
		}
		if why != "" {
			rep.NoteAt(rec.Pos, "variant-inferred", why)
		}
		suggestVariants(rec, v, opts, rep)
	}
	if repair != nil {
		repair(rep) // (before the rewrite, which changes the moves' texts)
	}
	if rewrite != nil {
		rewrite()
	}
}

// replay replays a draughts record under v; with opts.Rewrite, it returns
// the rewriting of the record as read, to apply if this replay is kept,
// and when the main line stopped at a move error, the search of its fixes
// (repair.go), to run if it is kept. defaultNumbering reads squares in the
// variant's own notation, whatever the GameType tag's fields say. terse:
// the report is a trial's, which says only whether the moves fit and how
// far (a findings' position, board and explanation are not written).
func replay(rec *notation.Record, v *variants.Variant, opts referee.Options, rep *referee.Report, defaultNumbering, terse bool) (rewrite func(), repair func(*referee.Report)) {
	c, err := compileDraughts(v)
	if err != nil {
		rep.ErrorAt(rec.Pos, "variant", err.Error())
		return nil, nil
	}
	g := newDraughtsGame(c, rec, rep)
	g.opts, g.terse = opts, terse
	gtPos := rec.Pos
	if t, ok := rec.TagPos("GameType"); ok {
		gtPos = t.Pos
	}
	if defaultNumbering {
		g.num = c.num
	} else if g.num, err = recordNumbering(c, rec); err != nil {
		rep.ErrorAt(gtPos, "gametype", err.Error())
		return nil, nil
	}
	if opts.Film {
		b := c.diagram(g.num)
		g.film = &referee.Film{Board: b, Cells: func(move string) ([]int, []int) { return referee.NamedCells(b, move, "-x:"), nil }}
	}
	type newText struct {
		m    *notation.Move
		text string
	}
	if opts.Rewrite {
		var texts []newText // (declared here: the closures move it to the heap)
		out, err := g.outputNumbering(opts.Notation)
		if err != nil {
			rep.ErrorAt(gtPos, "notation", err.Error())
			return nil, nil
		}
		// The texts are changed once the replay is kept: a record is
		// replayed again, as written, when its GameType or its lack of
		// one misled the first replay.
		g.matched = func(m *notation.Move, mv Move, legal []Move) {
			if opts.ShortMoves && out.notation.alpha {
				if text, ok := out.short(mv, legal); ok {
					texts = append(texts, newText{m, text})
					return
				}
			}
			t := out.unambiguous(mv, legal)
			if opts.FullPaths {
				t = out.move(mv, true)
			}
			texts = append(texts, newText{m, t})
		}
		rewrite = func() {
			for _, t := range texts {
				t.m.Text = t.text
			}
			if opts.Notation != "" {
				g.rewriteSetups(out)
			}
		}
	}
	g.run()
	g.release()
	if g.stopSt != nil && !opts.NoFixes && !repairOff {
		repair = func(rep *referee.Report) {
			g.repair(rep)
			g.release() // (the search's storage goes back for the next game too)
		}
	}
	if g.num != c.num && firstReplayError(rep) >= 0 {
		// Some exporters write GameType fields that their own moves do
		// not follow (kurnik: "20,W,10,10,N1,0" on standard numbering).
		var altRewrite func()
		alt := referee.Run(rec, func(alt *referee.Report) {
			alt.Variant = v.Name
			altRewrite, _ = replay(rec, v, opts, alt, true, terse)
		})
		if firstReplayError(alt) < 0 {
			*rep = *alt
			rep.Warnf(gtPos, "gametype", "the GameType tag says the squares are numbered %s, but the moves follow %s; read as %s",
				g.num.notation, c.num.notation, c.num.notation)
			return altRewrite, nil
		}
	}
	return rewrite, repair
}

// leanOff turns the lean ply off (every ply through match), for
// TestLeanPlySameReport.
var leanOff bool

// draughtsGame is the state of one replay.
type draughtsGame struct {
	c       *compiled
	r       *Rules
	rec     *notation.Record
	rep     *referee.Report
	num     *numbering
	matched func(m *notation.Move, mv Move, legal []Move)

	opts      referee.Options
	written   referee.Outcome // the result the record writes, for moves after a draw
	startHalf int             // the FEN's H field: half-moves already played in its endgame
	// ambiguous holds the candidates of the last move match found
	// ambiguous, for the continuation to choose from.
	ambiguous []Move
	film      *referee.Film  // the main line as pictures, when asked for
	trace     *referee.Trace // the main line's identity and positions, when asked for

	// ambiguity says what the candidates in ambiguous share ("2 captures
	// go from 35 to 2"), and ambiguityFix how to write the move so that
	// it is not ambiguous ("write the path").
	ambiguity, ambiguityFix string
	// quiet: the match is a trial's (quietMatch), which explains nothing.
	quiet bool
	// lean: nothing but the position is asked of a ply (no film, no
	// trace, no rewriting), so that leanPly may play the common ones.
	lean bool
	// terse: a trial of other rules (try), whose report says only whether
	// the moves fit and how far: a finding gets no board or position, an
	// illegal move no explanation.
	terse bool

	candBuf []Move        // match's candidates when quickMatch cannot tell
	quick   *quickScratch // match's storage, from quickPool
	// g64 is quick's one-word generator for r once asked (gen64), until
	// release.
	g64 *gen64
	// lean64: the lean ply may play on the position's words (leanRun).
	lean64 bool
	// endMaterial is the material (counts of each kind, with bit 63 set)
	// endWS and endBS were found for (endgamesHolding).
	endMaterial  uint64
	endWS, endBS uint32

	// stopSt is the state before the main line's move stopAt, when the
	// replay stopped there at a move error (for the repair search).
	stopAt int
	stopSt *lineState
}

func newDraughtsGame(c *compiled, rec *notation.Record, rep *referee.Report) *draughtsGame {
	return &draughtsGame{c: c, r: c.rules, rec: rec, rep: rep, written: writtenOutcome(rec)}
}

// writtenOutcome is the record's result: its terminator, else its Result
// tag.
func writtenOutcome(rec *notation.Record) referee.Outcome {
	if o, ok := referee.ParseOutcome(rec.Result); ok && o != referee.Unknown {
		return o
	}
	tag, _ := rec.Tag("Result")
	o, _ := referee.ParseOutcome(tag)
	return o
}

// startPosition: the FEN tag, else a setup before the first move, else the
// variant's start.
func (g *draughtsGame) startPosition() (Position, bool) {
	if t, ok := g.rec.TagPos("FEN"); ok && strings.TrimSpace(t.Value) != "" {
		p, cnt, err := g.r.ParseFENCounters(g.num.fen(t.Value))
		if err != nil {
			g.rep.Errorf(t.Pos, "fen", "FEN tag: %v", err)
			return p, false
		}
		g.startHalf = max(cnt.HalfMoves, 0)
		return p, true
	}
	if g.rec.Setup != "" {
		p, err := g.r.ParseFEN(g.num.fen(g.rec.Setup))
		if err != nil {
			g.rep.Errorf(g.rec.SetupPos, "fen", "setup: %v", err)
			return p, false
		}
		return p, true
	}
	return g.c.start, true
}

func (g *draughtsGame) run() {
	st, ok := g.initialState()
	if !ok {
		return
	}
	if g.film != nil {
		g.film.Start = g.r.Picture(st.pos)
		g.rep.Film = g.film
	}
	g.startTrace(&st.pos)
	g.lean = g.film == nil && g.trace == nil && g.matched == nil && !g.r.general && !leanOff
	g.lean64 = g.lean && g.r.fast64 && g.r.CaptureCompulsory && g.r.KingMoveLimit == 0 && g.c.win != WinFirstKing
	end := g.replay(st, g.rec.Moves, 0)
	g.rep.Plies = end.plies
	g.rep.FinalFEN = g.num.formatFEN(end.pos)
	referee.JudgeResult(g.rec, g.rep, referee.End{Over: end.over, Winner: end.winner, Claims: end.claims}, g.c.twoPoint)
	if g.stopSt == nil && !end.seenShared {
		// Nothing holds the main line's end any more (the repair search
		// would): its table serves the next game.
		g.spareSeen(end.seen)
	}
}

// initialState is the state before the record's first move.
func (g *draughtsGame) initialState() (*lineState, bool) {
	start, ok := g.startPosition()
	if !ok {
		return nil, false
	}
	st := newLineState(g, start)
	if st.endgame != 0 && g.startHalf > 0 {
		// An online export's FEN says how far into its endgame the
		// position already is (H, in half-moves).
		g.shiftEndgames(st, g.startHalf)
	}
	return st, true
}

// lineState is everything the draw rules and the move numbering need to
// know about the line played so far. It is copied when a variation branches.
type lineState struct {
	pos      Position
	plies    int
	firstNum int        // the move number of the first move of the game
	firstBlk bool       // the game started with the second player to move
	seen     *seenTable // the positions since the last irreversible ply (repetition.go)
	// seenShared says seen is shared with a clone: it is copied before it
	// is written, so a variation or a trial does not copy it up front.
	seenShared bool
	kingOnly   int            // plies in a row with only king moves and no capture
	endgame    int            // index+1 of the endgame rule in force, 0 for none
	shuttle    [2][]shuttleMv // each side's recent moves, for the same-move rule
	// endHeld is the set of endgame rules whose position this is (bit i:
	// rule i), and endSince, for each, the ply at which it began to hold
	// (noSince for the others).
	endHeld  uint32
	endSince [maxEndgames]int32
	// legal holds the legal moves of pos from the square legalFrom (every
	// move when legalFrom is 0), every capture path kept; built on demand
	// (legalFor), since building every move's path at every ply costs more
	// than the rest of the replay, and a written move needs only those
	// from its own square.
	legal     []Move
	legalFrom int
	legalOK   bool            // legal is built for pos
	hasMove   bool            // the side to move has a legal move
	capturers bb              // Rules.capturers of pos (checkOver keeps it)
	ints      []int           // storage of legal's paths
	own       int             // capacity of legal this line may reuse (0 in a fresh clone)
	ownInts   int             // the same for ints
	over      string          // why the game is over, "" while it goes on
	overAt    int             // the move number at which it ended
	winner    referee.Outcome // the outcome when over
	claims    []string
	claimed   map[drawReason]bool // the reasons in claims, so a long game's claims stay linear
	playedOn  bool                // the moves written after a draw by rule were reported
	film      referee.Cursor      // the film's frame of pos (a variation's frames follow it)
}

type shuttleMv struct{ from, to int }

func newLineState(g *draughtsGame, start Position) *lineState {
	st := &lineState{pos: start, firstNum: 1, firstBlk: start.Turn() != g.r.FirstMover}
	if !start.kings.zero() {
		// (Without kings the table waits for the first one: afterPly.)
		st.seen = g.newSeen()
		st.seen.add(&start)
	}
	// An endgame the record starts in counts from its first move; one
	// drawn at once is drawn before it.
	g.startEndgames(st)
	g.checkOver(st)
	return st
}

func (st *lineState) clone() *lineState {
	st.seenShared = true
	c := *st
	for i := range c.shuttle {
		c.shuttle[i] = append([]shuttleMv(nil), st.shuttle[i]...)
	}
	c.claims = append([]string(nil), st.claims...)
	if st.claimed != nil {
		c.claimed = make(map[drawReason]bool, len(st.claimed))
		for k := range st.claimed {
			c.claimed[k] = true
		}
	}
	c.own, c.ownInts = 0, 0
	return &c
}

// moveNumber is the number a record gives the next move.
func (st *lineState) moveNumber() int {
	n := st.plies
	if st.firstBlk {
		n++
	}
	return st.firstNum + n/2
}

// severity is how loudly a finding is reported: inside a variation, as
// Options.Variations says.
func (g *draughtsGame) severity(sev notation.Severity, variation bool) notation.Severity {
	if variation {
		return g.opts.VariationSeverity(sev)
	}
	return sev
}

// replay replays line, depth variations deep (0: the main line), and
// each of its variations from the position before the move it replaces.
func (g *draughtsGame) replay(st *lineState, line notation.Line, depth int) *lineState {
	variation := depth > 0
	for i := 0; i < len(line); i++ {
		if g.lean64 {
			// The common plies (match.go), on a board of one word, as
			// many as follow: what the lean ply below would play.
			if i += g.leanRun(st, line[i:], variation, false); i == len(line) {
				break
			}
		}
		m := line[i]
		var late []notation.Line
		for _, alt := range m.Variations {
			if g.opts.Variations == referee.VariationsIgnore {
				break
			}
			if depth == notation.MaxDepth {
				// The readers keep such a variation as a comment; one
				// given otherwise (a JSON record) is not replayed, so the
				// replay's depth stays bounded.
				if len(alt) > 0 {
					g.rep.Warnf(alt[0].Pos, "too-deep", "variation inside %d others: not replayed", notation.MaxDepth)
				}
				continue
			}
			if g.writtenForNextMove(st, alt) {
				late = append(late, alt)
				continue
			}
			g.replay(st.clone(), alt, depth+1)
		}
		if m.Setup != "" {
			p, err := g.r.ParseFEN(g.num.fen(m.Setup))
			if err != nil {
				g.rep.Add(referee.Diagnostic{Diagnostic: notation.Diagnostic{Pos: m.SetupPos, Severity: g.severity(notation.Error, variation),
					Code: "fen", Msg: fmt.Sprintf("setup: %v", err)}, Variation: variation})
				return st
			}
			cur := st.film
			st = newLineState(g, p)
			st.firstNum = 0
			st.film = cur
			if !variation && g.trace != nil {
				var key string
				var mat referee.Material
				if g.trace.WantsPositions() {
					key, mat = positionKey(&p), materialOf(&p)
				}
				g.trace.Setup(g.c.num.formatFEN(p), key, mat)
			}
		}
		if st.plies == 0 && (i == 0 || st.firstNum == 0) {
			// The first move's number sets the count, so records that start
			// from a setup at "31. ..." or "12... 23x34" number correctly.
			st.firstNum = max(m.Number, 1)
		}
		num := st.moveNumber()
		if g.lean && len(late) == 0 && (st.over == "" || st.winner == referee.Drawn && st.playedOn) &&
			(variation || m.Number == 0 || m.Number == num) &&
			(g.lean64 && g.leanRun(st, line[i:i+1], variation, true) == 1 || !g.lean64 && g.leanPly(st, m)) {
			continue // (the common ply: match.go)
		}
		diag := func(sev notation.Severity, code, msg string, legal []string) {
			d := referee.Diagnostic{
				Diagnostic: notation.Diagnostic{Pos: m.Pos, Severity: g.severity(sev, variation), Code: code, Msg: msg},
				MoveNumber: num, Move: m.Text, Legal: legal, Variation: variation,
			}
			if !g.terse && !g.rep.Discards(code, m.Pos) {
				d.FEN, d.Board = g.num.formatFEN(st.pos), g.board(st.pos)
			}
			g.rep.Add(d)
		}
		if st.over != "" {
			if st.winner != referee.Drawn {
				diag(notation.Error, "after-end", fmt.Sprintf("move written after the game was over (%s at move %d)", st.over, st.overAt), nil)
				return st
			}
			if !st.playedOn {
				st.playedOn = true
				g.playedOnAfterDraw(st, diag)
			}
		}
		if !variation && m.Number > 0 && m.Number != num {
			diag(notation.Warning, "move-number", fmt.Sprintf("move number %d written where %d was expected", m.Number, num), nil)
			// Follow the record's count from here, so one slip is one warning.
			st.firstNum += m.Number - num
		}
		var held *referee.Diagnostic
		hold := func(sev notation.Severity, code, msg string, legal []string) {
			if code == "ambiguous" {
				held = &referee.Diagnostic{Diagnostic: notation.Diagnostic{Severity: sev, Code: code, Msg: msg}, Legal: legal}
				return
			}
			diag(sev, code, msg, legal)
		}
		mv, ok := g.match(st, m, hold)
		if !ok && held != nil {
			what, fix := g.ambiguity, g.ambiguityFix // (the trial replay matches moves again)
			var unlikely bool
			if mv, ok, unlikely = g.resolveByContinuation(st, line[i+1:]); ok {
				how := "lets the moves after it be played"
				if unlikely {
					how = "lets the moves after it be played without another ambiguous move"
				}
				diag(notation.Warning, "ambiguous", fmt.Sprintf("%s, and only %s %s: read as that (%s)",
					what, g.num.move(mv, true), how, fix), held.Legal)
			} else {
				if i+1 < len(line) {
					held.Msg += "; the moves after it do not tell which"
				}
				diag(held.Severity, held.Code, held.Msg, held.Legal)
			}
		}
		asPlayed := false
		if !ok && !variation && g.opts.AsPlayed && held == nil {
			// Over the board the move stood: played as written, it makes the
			// position the rest of the game was played from. The fixes are
			// looked for at the first move error only.
			if mv, ok = g.asWritten(st, m); ok {
				if g.stopSt == nil {
					g.stopAt, g.stopSt = i, st.clone()
				}
				g.playedAsWritten(m)
				asPlayed = true
			}
		}
		if !ok {
			if !variation && g.stopSt == nil {
				g.stopAt, g.stopSt = i, st
			}
			return st
		}
		if g.matched != nil && !asPlayed {
			from := mv.From
			if g.opts.ShortMoves {
				// Every legal move, to see whether another one shares
				// mv's file and square. Building them reuses the storage
				// mv's path may be in: mv keeps a copy.
				mv.Path, mv.Captured = slices.Clone(mv.Path), slices.Clone(mv.Captured)
				from = 0
			}
			g.matched(m, mv, g.legalFor(st, from))
		}
		marks := g.marks(mv) // before play: mv's paths live in buffers play reuses
		var traced string
		if !variation && g.trace != nil {
			traced = g.c.num.move(mv, true)
		}
		claims, over := len(st.claims), st.over
		g.play(st, mv)
		g.frame(st, m, marks, claims, over, variation, i == 0)
		if !variation && g.trace != nil {
			g.traceMove(traced, &st.pos)
		}
		for _, alt := range late {
			g.rep.Warnf(alt[0].Pos, "variation-placement", "variation %d... %s is written before the move it replaces; read as an alternative to the move after it", alt[0].Number, alt[0].Text)
			g.replay(st.clone(), alt, depth+1)
		}
	}
	return st
}

// playedOnAfterDraw reports the first move written after a draw rule ended
// the game. Engines often play on: with a written draw or no result that
// is a warning, with a written win an error (the draw decided the game).
// Either way the moves after it are still replayed and checked.
func (g *draughtsGame) playedOnAfterDraw(st *lineState, diag diagFunc) {
	why := strings.TrimPrefix(st.over, "draw: ")
	if g.written == referee.WhiteWins || g.written == referee.BlackWins {
		diag(notation.Error, "after-end", fmt.Sprintf("the game was drawn at move %d (%s), so the written %s cannot stand; the moves after it are still checked",
			st.overAt, why, g.written.Notation(g.c.twoPoint)), nil)
		return
	}
	diag(notation.Warning, "after-end", fmt.Sprintf("moves played on after the game was drawn at move %d (%s); they are still checked",
		st.overAt, why), nil)
}

// trialPlies bounds how far the continuation is replayed to choose between
// the candidates of an ambiguous capture, so the check stays linear.
const trialPlies = 40

// resolveByContinuation chooses among the candidates of an ambiguous
// capture (g.ambiguous) the one after which the rest of the line can be
// played; ok is false when none or more than one can. A candidate after
// which the moves replay without another ambiguity is preferred to one
// whose continuation reaches an ambiguous move (it may be a reading of
// the record, but one that needs a second guess): unlikely says that
// another candidate reached such a move, so the choice rests on that.
func (g *draughtsGame) resolveByContinuation(st *lineState, rest notation.Line) (mv Move, ok, unlikely bool) {
	cands := g.ambiguous
	if len(rest) == 0 || len(cands) < 2 {
		return Move{}, false, false
	}
	var best continuation
	n, ambiguousToo := 0, false
	for _, c := range cands {
		grade := g.continues(st, c, rest)
		switch {
		case grade > best:
			best, mv, n = grade, c, 1
		case grade == best:
			n++
		}
		ambiguousToo = ambiguousToo || grade == reachesAmbiguity
	}
	if best == refuted || n != 1 {
		return Move{}, false, false
	}
	return mv, true, best == replaysClean && ambiguousToo
}

// continuation grades how far the moves after a candidate replay.
type continuation int8

const (
	refuted          continuation = iota // a move after it is illegal (or follows a decided game)
	reachesAmbiguity                     // the moves replay up to one that is itself ambiguous
	replaysClean                         // the moves replay (the first trialPlies of them)
)

// continues grades how the moves of rest replay after mv (the first
// trialPlies of them). A move that is itself ambiguous stops the trial
// without refuting mv.
func (g *draughtsGame) continues(st *lineState, mv Move, rest notation.Line) continuation {
	t := st.clone()
	g.play(t, mv)
	for k, m := range rest {
		if k == trialPlies || m.Setup != "" {
			return replaysClean
		}
		if t.over != "" && t.winner != referee.Drawn {
			return refuted
		}
		next, ok := g.quietMatch(t, m)
		if !ok {
			if g.ambiguous != nil {
				return reachesAmbiguity
			}
			return refuted
		}
		g.play(t, next)
	}
	return replaysClean
}

// writtenForNextMove spots a variation written before the move it replaces
// ("1. 34-30 (1... 5-10) 1... 20-25"): its first move is numbered for the
// other side than the one to move here, and it does not fit here.
func (g *draughtsGame) writtenForNextMove(st *lineState, alt notation.Line) bool {
	if len(alt) == 0 || alt[0].Number == 0 {
		return false
	}
	secondToMove := st.pos.Turn() != g.r.FirstMover
	if alt[0].Ellipsis == secondToMove {
		return false
	}
	_, ok := g.match(st, alt[0], func(notation.Severity, string, string, []string) {})
	return !ok
}

// play plays a matched move and applies the draw rules.
func (g *draughtsGame) play(st *lineState, mv Move) {
	cm, ok := g.r.compact(mv)
	g.playCompact(st, &cm, mv.From, mv.To, ok)
}

// playCompact is play on the generator's compact move cm, from and to
// being its squares (PDN numbers); apply false (squares off the board)
// plays nothing on the board and counts the ply.
func (g *draughtsGame) playCompact(st *lineState, cm *cmove, from, to int, apply bool) {
	mover := st.pos.Turn()
	wasKing := apply && st.pos.kings.has(cm.from)
	num := st.moveNumber()
	if apply {
		st.pos.apply(cm)
		if g.r.KingMoveLimit > 0 {
			st.pos.countKingMove(cm)
		}
	}
	if g.c.win == WinFirstKing && !wasKing && apply && st.pos.kings.has(cm.to) && st.over == "" {
		// Breakthrough: making the first king wins at once.
		st.over, st.overAt, st.winner = mover.String()+" made a king", num, winnerOf(mover)
	}
	g.afterPly(st, mover, wasKing, cm.n > 0, cm.prom, from, to)
	g.checkOver(st)
}

// afterPly counts a ply played on st.pos by mover (from and to: its
// squares, PDN numbers; wasKing: a king moved; capture, crowned: it took,
// it made a king) for the draw rules; checkOver then tells whether the
// game is over.
func (g *draughtsGame) afterPly(st *lineState, mover Color, wasKing, capture, crowned bool, from, to int) {
	num := st.moveNumber() // (the ply's)
	st.plies++
	draw := g.c.draw
	if !wasKing || capture {
		// Irreversible: no earlier position can come back.
		if st.seenShared {
			st.seen, st.seenShared = nil, false
		} else if st.seen != nil {
			st.seen.reset()
		}
		st.kingOnly = 0
	} else {
		st.kingOnly++
		if st.seenShared {
			st.seen, st.seenShared = st.seen.clone(), false
		}
	}
	seen := 1
	if !st.pos.kings.zero() {
		// Without kings every move is irreversible, so a position of men
		// only is seen once: the table is skipped until the first king.
		if st.seen == nil {
			st.seen = g.newSeen()
		}
		seen = st.seen.add(&st.pos)
	}
	// (A rule's reason is written only when it ends the game or is
	// claimable the first time: drawRule. A long ending played on after a
	// draw, or in which a claim stands, formats nothing per ply.)
	if r := draw.Repetition; r != nil && seen >= r.Count {
		g.drawRule(st, r.Effect, drawReason{rule: ruleRepetition, n: seen}, num)
	}
	if r := draw.KingMoves; r != nil && st.kingOnly >= 2*r.Count {
		g.drawRule(st, r.Effect, drawReason{rule: ruleKingMoves, n: r.Count}, num)
	}
	if r := draw.SameMove; r != nil {
		h := append(st.shuttle[mover], shuttleMv{from, to})
		if len(h) > 2*r.Count {
			h = h[len(h)-2*r.Count:]
		}
		st.shuttle[mover] = h
		same := 1
		for j := len(h) - 3; j >= 0 && h[j] == h[len(h)-1]; j -= 2 {
			same++
		}
		if same >= r.Count {
			g.drawRule(st, r.Effect, drawReason{rule: ruleSameMove, n: same, side: mover}, num)
		}
	}
	if t := &g.c.endgames; len(t.rules) > 0 && (st.endHeld != 0 || st.pos.pc[White].or(st.pos.pc[Black]).count() <= t.maxPieces) {
		// (Most plies have more pieces than any rule's position, and
		// none held before: holding would say none holds.)
		g.countEndgames(st, capture || crowned, num)
	}
}

// drawReason says which draw rule holds, and what its sentence needs:
// it is written out (text) only when the rule ends the game or first
// makes a draw claimable, and it keys the claims made.
type drawReason struct {
	rule uint8
	n    int   // the repetition's count, the king moves', the same move's, or the endgame rule's index
	side Color // the side that played the same move
	form uint8 // an endgame rule's sentence (endgameMoves, endgameStrong, endgameAtOnce)
}

const (
	ruleRepetition = iota + 1
	ruleKingMoves
	ruleSameMove
	ruleEndgame
)

// text is the reason's sentence.
func (g *draughtsGame) text(why drawReason) string {
	switch why.rule {
	case ruleRepetition:
		return fmt.Sprintf("the same position for the %s time", referee.Ordinal(why.n))
	case ruleKingMoves:
		return fmt.Sprintf("%d moves by each side with kings only and no capture", why.n)
	case ruleSameMove:
		return fmt.Sprintf("%s played the same move %d times in a row", why.side, why.n)
	}
	return g.c.endgames.rules[why.n].reason(why.form)
}

func (g *draughtsGame) drawRule(st *lineState, effect string, why drawReason, num int) {
	if st.over != "" {
		return
	}
	if effect == variants.EffectForced {
		st.over, st.overAt, st.winner = "draw: "+g.text(why), num, referee.Drawn
		return
	}
	if st.claimed[why] {
		return
	}
	if st.claimed == nil {
		st.claimed = map[drawReason]bool{}
	}
	st.claimed[why] = true
	st.claims = append(st.claims, fmt.Sprintf("draw claimable at move %d: %s", num, g.text(why)))
}

// checkOver lists the legal moves of the new position, and ends the game
// when the side to move has none.
func (g *draughtsGame) checkOver(st *lineState) {
	if g.r.fast64 {
		g.checkOver64(st, st.pos.to64())
		return
	}
	// The buffers are the line's own: a clone (a variation) starts without,
	// so it never overwrites the list its parent has yet to match against.
	st.legalOK = false
	st.capturers = g.r.capturers(&st.pos) // kept for quickMatch
	st.hasMove = g.r.hasLegalMoveWith(&st.pos, st.capturers)
	if st.over == "" && !st.hasMove {
		g.stuck(st)
	}
}

// checkOver64 is checkOver on a board of one word, p being st.pos
// (TestGen64AgreesWithGen holds gen64 to the general generator).
func (g *draughtsGame) checkOver64(st *lineState, p pos64) {
	st.legalOK = false
	g64 := g.g64
	if g64 == nil {
		g64 = g.gen64()
	}
	c := g64.capturers(p)
	st.capturers = bb{lo: c} // kept for quickMatch
	st.hasMove = c != 0 || g64.hasQuiet(p)
	if st.over == "" && !st.hasMove {
		g.stuck(st)
	}
}

// stuck ends the game: the side to move has no legal move.
func (g *draughtsGame) stuck(st *lineState) {
	stuck := st.pos.Turn()
	st.over, st.overAt = stuck.String()+" has no legal move", st.moveNumber()
	st.winner = winnerOf(stuck.Opponent())
	if g.c.win == WinNoMoveWins {
		// Antidraughts: the player left without a move has won.
		st.over += " and so wins"
		st.winner = winnerOf(stuck)
	}
}

// legalFor returns the legal moves of st.pos from the square from (every
// legal move when from is 0), in generation order.
func (g *draughtsGame) legalFor(st *lineState, from int) []Move {
	if st.legalOK && (st.legalFrom == 0 || st.legalFrom == from) {
		// Every caller asking for one square's moves looks only at those,
		// so the full list serves it as well.
		return st.legal
	}
	// The buffers are the line's own: a clone (a variation) starts without,
	// so it never overwrites the list its parent has yet to match against.
	st.legal, st.ints = g.r.appendLegalPathsFrom(&st.pos, from, st.legal[:0:st.own], st.ints[:0:st.ownInts])
	st.own, st.ownInts = cap(st.legal), cap(st.ints)
	st.legalFrom, st.legalOK = from, true
	return st.legal
}

// winnerOf is the outcome in which c wins.
func winnerOf(c Color) referee.Outcome {
	if c == White {
		return referee.WhiteWins
	}
	return referee.BlackWins
}

// variantNotation is the variant's pdn_notation, or the international
// style (numbers from the top-left, the first mover's view) for its board.
func variantNotation(d *Section, r *Rules) (gameNotation, error) {
	if d.PDNNotation != "" {
		return parseGameNotation(d.PDNNotation)
	}
	_, bottomLeftPlays := r.SquareAt(0, r.Height-1)
	return gameNotation{width: r.Width, height: r.Height, corner: 2, invert: !bottomLeftPlays}, nil
}

// recordNumbering: the GameType tag's fields when it has them, else the
// variant's notation; a record in algebraic notation is read as such even
// without them.
func recordNumbering(c *compiled, rec *notation.Record) (*numbering, error) {
	gt, _ := rec.Tag("GameType")
	if _, fields, ok := strings.Cut(gt, ","); ok {
		n, err := parseGameNotation(fields)
		if err != nil {
			return nil, err
		}
		return c.numbering(n)
	}
	return c.num, nil
}

// outputNumbering is the notation a rewritten record is written in: the
// record's own, or its numeric or algebraic counterpart.
func (g *draughtsGame) outputNumbering(target string) (*numbering, error) {
	n := g.num.notation
	switch target {
	case "":
		if n.alpha && !g.opts.ShortMoves && writesNumbers(g.rec) {
			// As the record does: its rules' squares have letters (Russian,
			// Czech, or rules inferred for a record without a GameType),
			// but it writes numbers, read from the top-left corner as such
			// a numbering reads them. They stay the same numbers.
			n.alpha, n.corner = false, 2
			return g.c.numbering(n)
		}
		return g.num, nil
	case "alpha":
		if !n.alpha {
			n.alpha, n.corner = true, 0
		}
	case "numeric":
		if n.alpha {
			n.alpha = false
			if def := g.c.num.notation; !def.alpha {
				n.corner = def.corner
			} else {
				n.corner = 2 // numbers from the top-left, as algebraic-notation files number FENs
			}
		}
	default:
		return nil, fmt.Errorf("unknown notation %q (numeric or alpha)", target)
	}
	return g.c.numbering(n)
}

// writesNumbers: the first move of the main line that can be read writes
// the square it goes to as a number.
func writesNumbers(rec *notation.Record) bool {
	var buf [8]pdn.Square
	for _, m := range rec.Moves {
		if mt, err := pdn.ParseMoveInto(m.Text, buf[:0]); err == nil && len(mt.Squares) > 0 {
			return mt.Squares[len(mt.Squares)-1].Alpha == ""
		}
	}
	return false
}

// rewriteSetups writes the FEN tag, the setups and the GameType tag in the
// output numbering.
func (g *draughtsGame) rewriteSetups(out *numbering) {
	convert := func(fen string) string {
		p, err := g.r.ParseFEN(g.num.fen(fen))
		if err != nil {
			return fen // reported by the replay; kept as written
		}
		return out.formatFEN(p)
	}
	for i, t := range g.rec.Tags {
		switch {
		case strings.EqualFold(t.Name, "FEN") && strings.TrimSpace(t.Value) != "":
			g.rec.Tags[i].Value = convert(t.Value)
		case strings.EqualFold(t.Name, "GameType"):
			num, _, _ := strings.Cut(t.Value, ",")
			g.rec.Tags[i].Value = strings.TrimSpace(num) + "," + out.notation.String()
		}
	}
	if g.rec.Setup != "" {
		g.rec.Setup = convert(g.rec.Setup)
	}
	// (Iteratively: a record read from JSON may nest deeper than the
	// readers do.)
	for lines := []notation.Line{g.rec.Moves}; len(lines) > 0; {
		l := lines[len(lines)-1]
		lines = lines[:len(lines)-1]
		for _, m := range l {
			if m.Setup != "" {
				m.Setup = convert(m.Setup)
			}
			lines = append(lines, m.Variations...)
		}
	}
	if _, ok := g.rec.Tag("GameType"); !ok && SectionOf(g.c.variant).PDNGameType != 0 {
		g.rec.Tags = append(g.rec.Tags, notation.Tag{Name: "GameType",
			Value: fmt.Sprintf("%d,%s", SectionOf(g.c.variant).PDNGameType, out.notation)})
	}
}

// RulesOf returns the engine rules and start position of a draughts
// variant, for tools (perft) that drive the engine directly.
func RulesOf(v *variants.Variant) (*Rules, Position, error) {
	c, err := compileDraughts(v)
	if err != nil {
		return nil, Position{}, err
	}
	return c.rules, c.start, nil
}

// MoveText writes an engine move in the variant's own notation, with
// its full path when full is set.
func MoveText(v *variants.Variant, m Move, full bool) string {
	c, err := compileDraughts(v)
	if err != nil {
		return m.FullString()
	}
	return c.num.move(m, full)
}

// PositionOf reads a FEN written in the variant's own notation.
func PositionOf(v *variants.Variant, fen string) (Position, error) {
	c, err := compileDraughts(v)
	if err != nil {
		return Position{}, err
	}
	return c.rules.ParseFEN(c.num.fen(fen))
}
