package referee

import (
	"fmt"

	"arbiter/referee/draughts"
	"arbiter/variants"
)

// DraughtsLine is a draughts game played move by move, kept with the very
// bookkeeping Check's replay uses (lineState, play, drawRule, checkOver):
// the live referee of 'arbiter match' ends a game exactly when a replay of
// its record would say it is over.
type DraughtsLine struct {
	g  *draughtsGame
	st *lineState
}

// NewDraughtsLine starts a line of a draughts variant from start.
func NewDraughtsLine(v *variants.Variant, start draughts.Position) (*DraughtsLine, error) {
	c, err := compileDraughts(v)
	if err != nil {
		return nil, err
	}
	g := &draughtsGame{c: c, r: c.rules, num: c.num}
	return &DraughtsLine{g: g, st: newLineState(g, start)}, nil
}

// Position is the position now.
func (l *DraughtsLine) Position() draughts.Position { return l.st.pos }

// Legal lists the legal moves now, every capture path kept. The list is
// valid until the next Play.
func (l *DraughtsLine) Legal() []draughts.Move { return l.st.legal }

// Play plays a legal move (one of Legal's) and applies the draw rules.
func (l *DraughtsLine) Play(mv draughts.Move) {
	mv.Path = append([]int(nil), mv.Path...)
	mv.Captured = append([]int(nil), mv.Captured...)
	l.g.play(l.st, mv)
}

// Over says whether a rule has ended the game, how, and why.
func (l *DraughtsLine) Over() (Outcome, string, bool) {
	return l.st.winner, l.st.over, l.st.over != ""
}

// Claims lists the draws a player could have claimed so far.
func (l *DraughtsLine) Claims() []string { return l.st.claims }

// Plies counts the moves played.
func (l *DraughtsLine) Plies() int { return l.st.plies }

// MoveText writes a legal move of the position now the way Check's
// --rewrite does: the short form unless another legal move shares it.
func (l *DraughtsLine) MoveText(mv draughts.Move) string {
	return l.g.num.unambiguous(mv, l.st.legal)
}

// FEN writes the position now in the variant's notation.
func (l *DraughtsLine) FEN() string { return l.g.num.formatFEN(l.st.pos) }

// ResultText writes an outcome as the variant's records write results.
func (l *DraughtsLine) ResultText(o Outcome) string { return o.Notation(l.g.c.twoPoint) }

// GameType is the PDN GameType tag of the variant ("" when it has none).
func (l *DraughtsLine) GameType() string {
	d := l.g.c.variant.Draughts
	if d.PDNGameType == 0 {
		return ""
	}
	return fmt.Sprintf("%d,%s", d.PDNGameType, l.g.num.notation)
}
