package draughts

import (
	"fmt"

	"arbiter/referee"
	"arbiter/variants"
)

// Line is a game played move by move, kept with the very bookkeeping the
// record replay uses (lineState, play, drawRule, checkOver): the live
// referee of 'arbiter match' ends a game exactly when 'arbiter check' on its
// record says it is over, and for the same reason.
type Line struct {
	g  *draughtsGame
	st *lineState
}

// NewLine starts a line of a draughts variant from start.
func NewLine(v *variants.Variant, start Position) (*Line, error) {
	c, err := compileDraughts(v)
	if err != nil {
		return nil, err
	}
	g := &draughtsGame{c: c, r: c.rules, num: c.num}
	return &Line{g: g, st: newLineState(g, start)}, nil
}

// Position is the position now.
func (l *Line) Position() Position { return l.st.pos }

// Legal lists the legal moves now, every capture path kept. The list and
// its moves' paths are valid until the next Play.
func (l *Line) Legal() []Move { return l.g.legalFor(l.st, 0) }

// Play plays a legal move (one of Legal's) and applies the draw rules.
func (l *Line) Play(mv Move) {
	mv.Path = append([]int(nil), mv.Path...)
	mv.Captured = append([]int(nil), mv.Captured...)
	l.g.play(l.st, mv)
}

// Over says whether a rule has ended the game, how, and why.
func (l *Line) Over() (referee.Outcome, string, bool) {
	return l.st.winner, l.st.over, l.st.over != ""
}

// Claims lists the draws a player could have claimed so far.
func (l *Line) Claims() []string { return l.st.claims }

// Plies counts the moves played.
func (l *Line) Plies() int { return l.st.plies }

// MoveText writes a legal move of the position now as 'arbiter convert'
// does: the short form unless another legal move shares it.
func (l *Line) MoveText(mv Move) string { return l.g.num.unambiguous(mv, l.g.legalFor(l.st, 0)) }

// FEN writes the position now in the variant's notation.
func (l *Line) FEN() string { return l.g.num.formatFEN(l.st.pos) }

// ResultText writes an outcome as the variant's records write results.
func (l *Line) ResultText(o referee.Outcome) string { return o.Notation(l.g.c.twoPoint) }

// GameType is the PDN GameType tag of the variant ("" when it has none).
func (l *Line) GameType() string {
	n := SectionOf(l.g.c.variant).PDNGameType
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d,%s", n, l.g.num.notation)
}
