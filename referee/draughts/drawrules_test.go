package draughts

import (
	"fmt"
	"strings"
	"testing"

	"arbiter/referee"
	"arbiter/variants"
)

// The draw rules of the national variants, each tested from the sentence of
// the text it comes from (the variant files name the texts). Each case is a
// record the rule ends, or lets go on; a case breaks when the rule is
// missing, counts otherwise, or fires where it should not.

// walk plays n plies under v from fen and writes them as v's records do:
// the first line, in the order of the legal moves, of moves keep accepts
// (nil: any) that repeats no position and leaves the side to move a move
// and no capture at every ply, so that only the rule under test ends the
// game.
func walk(t *testing.T, v *variants.Variant, fen string, n int, keep func(ply int, p *Position, mv Move) bool) string {
	t.Helper()
	r, _, err := RulesOf(v)
	if err != nil {
		t.Fatal(err)
	}
	p, err := PositionOf(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[Position]bool{p: true}
	var line []Move
	budget := 200000
	var dfs func(p Position, ply int) bool
	dfs = func(p Position, ply int) bool {
		if ply == n {
			return true
		}
		for _, mv := range r.LegalMoves(&p, false, nil) {
			if budget--; budget < 0 {
				return false
			}
			if mv.IsCapture() || keep != nil && !keep(ply, &p, mv) {
				continue
			}
			q := r.Play(p, mv)
			next := r.LegalMoves(&q, false, nil)
			if seen[q] || len(next) == 0 || next[0].IsCapture() {
				continue
			}
			seen[q] = true
			line = append(line, mv)
			if dfs(q, ply+1) {
				return true
			}
			line = line[:len(line)-1]
			delete(seen, q)
		}
		return false
	}
	if !dfs(p, 0) {
		t.Fatalf("no line of %d plies from %s", n, fen)
	}
	var b strings.Builder
	for _, mv := range line {
		b.WriteString(MoveText(v, mv, false) + " ")
	}
	return b.String()
}

// drawCase is a record under a variant and what the replay must say of it.
type drawCase struct {
	name, variant, text string
	draw                string // the report's Result.Draw
	reason              string // words its Result.Reason must hold (forced draws)
	claim               string // words a claimable draw must hold
	err, warn           string // the code of the first error, warning ("" for none)
}

func runDrawCases(t *testing.T, cases []drawCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := checkText(t, mustVariant(t, c.variant), c.text)[0]
			var errs, warns []string
			for _, d := range r.Diagnostics {
				switch d.Severity.String() {
				case "error":
					errs = append(errs, d.Code+": "+d.Msg)
				case "warning":
					warns = append(warns, d.Code+": "+d.Msg)
				}
			}
			if c.err == "" && len(errs) > 0 || c.err != "" && (len(errs) == 0 || !strings.HasPrefix(errs[0], c.err+":")) {
				t.Fatalf("errors %v, want %q", errs, c.err)
			}
			if c.warn == "" && len(warns) > 0 || c.warn != "" && (len(warns) == 0 || !strings.HasPrefix(warns[0], c.warn+":")) {
				t.Fatalf("warnings %v, want %q", warns, c.warn)
			}
			if c.draw != "" && r.Result.Draw != c.draw {
				t.Fatalf("draw %q, want %q (reason %q, claims %v)", r.Result.Draw, c.draw, r.Result.Reason, r.Result.Claimable)
			}
			if c.reason != "" && !strings.Contains(r.Result.Reason, c.reason) {
				t.Fatalf("reason %q, want it to name %q", r.Result.Reason, c.reason)
			}
			if c.claim != "" && !strings.Contains(strings.Join(r.Result.Claimable, "; "), c.claim) {
				t.Fatalf("claims %v, want one to name %q", r.Result.Claimable, c.claim)
			}
		})
	}
}

// record writes a game from fen with the given moves and result.
func record(gameType, fen, moves, result string) string {
	return fmt.Sprintf("[GameType %q]\n[FEN %q]\n[Result %q]\n\n%s%s\n", gameType, fen, result, moves, result)
}

// onLongDiagonal: the Russian board's long diagonal, a1-h8.
func onLongDiagonal(r *Rules, sq int) bool {
	row, col := r.RowCol(sq)
	return col == r.Height-1-row
}

// loneKingOnDiagonal keeps the weak side's king (black) on a1-h8.
func loneKingOnDiagonal(r *Rules, on bool) func(int, *Position, Move) bool {
	return func(_ int, p *Position, mv Move) bool {
		return p.Turn() != Black || onLongDiagonal(r, mv.To) == on
	}
}

func russianRules(t *testing.T) (*variants.Variant, *Rules) {
	v := mustVariant(t, "russian")
	r, _, err := RulesOf(v)
	if err != nil {
		t.Fatal(err)
	}
	return v, r
}

// FMJD-64 rules, 7.2.8: "If a player having in the party two kings, one
// king and man, one king against enemy king to their 5th move will not be
// able to achieve a winning position." The game is drawn after the strong
// side's 5th move, unless that move leaves the lone king lost by force.
func TestRussianTwoPiecesAgainstALoneKing(t *testing.T) {
	v, _ := russianRules(t)
	kk := "W:WKc1,Ke1:BKh8"
	kkBlack := "B:WKc1,Ke1:BKh8"
	km := "W:Wa3,Kc1:BKh8"
	k := "W:WKc1:BKh8"
	runDrawCases(t, []drawCase{
		{name: "two kings moving first: drawn after their 5th move, the 9th ply", variant: "russian",
			text: record("25", kk, walk(t, v, kk, 9, nil), "1-1"), draw: referee.DrawForced, reason: "the stronger side's 5th move"},
		{name: "two kings moving first: 4 moves are not enough", variant: "russian",
			text: record("25", kk, walk(t, v, kk, 8, nil), "1-1"), draw: referee.DrawAgreed},
		{name: "two kings moving first: the weak side's 5th move comes after the end", variant: "russian",
			text: record("25", kk, walk(t, v, kk, 10, nil), "1-1"), draw: referee.DrawForced, warn: "after-end"},
		{name: "a win written after the 5th move cannot stand", variant: "russian",
			text: record("25", kk, walk(t, v, kk, 10, nil), "1-0"), err: "after-end"},
		{name: "two kings moving second: 4 moves each are not enough", variant: "russian",
			text: record("25", kkBlack, walk(t, v, kkBlack, 9, nil), "1-1"), draw: referee.DrawAgreed},
		{name: "two kings moving second: drawn after their 5th move, the 10th ply", variant: "russian",
			text: record("25", kkBlack, walk(t, v, kkBlack, 10, nil), "1-1"), draw: referee.DrawForced, reason: "7.2.8"},
		{name: "a king and a man", variant: "russian",
			text: record("25", km, walk(t, v, km, 9, nil), "1-1"), draw: referee.DrawForced, reason: "7.2.8"},
		{name: "a king against a king: 5 moves each, not 4 and 5", variant: "russian",
			text: record("25", k, walk(t, v, k, 9, nil), "1-1"), draw: referee.DrawAgreed},
		{name: "a king against a king: drawn after 5 moves each", variant: "russian",
			text: record("25", k, walk(t, v, k, 10, nil), "1-1"), draw: referee.DrawForced, reason: "lone king [FMJD-64 7.2.8]: 5 moves by each side"},
		// The FEN's H field: 8 plies played in the ending. White's 5th move
		// puts a king on h8 with the lone king in the corner a1: every
		// black move stops on the long diagonal, where h8 takes it. A
		// winning position: the game goes on and the win stands.
		{name: "a winning position achieved with the 5th move: the win stands", variant: "russian",
			text: record("25", "W:WKd4,Ke1:BKa1:H8:F5", "5. d4-h8 a1-c3 6. h8:a1 ", "1-0")},
		{name: "no winning position at the 5th move: drawn, and the capture after it cannot win", variant: "russian",
			text: record("25", "W:WKd4,Ke1:BKa1:H8:F5", "5. e1-d2 a1-b2 6. d2:a5 ", "1-0"), err: "after-end"},
		// White's 5th move shuts the lone king in: Black has no move left
		// and has lost; no draw comes before that.
		{name: "a lone king left without a move by the 5th move has lost", variant: "russian",
			text: record("25", "W:WKc3,Kc1:BKa1:H8:F5", "5. c1-b2 ", "1-0")},
	})
}

// FMJD-64 rules, 7.2.7: "If a player having in the party three kings, two
// kings and one man, one king and two men against one enemy king, located
// on the long diagonal, his 5th move will not be able to achieve a winning
// position."
func TestRussianLoneKingOnTheLongDiagonal(t *testing.T) {
	v, r := russianRules(t)
	kkk := "W:WKc1,Ke1,Kg1:BKh8"
	kkm := "W:Wa3,Kc1,Ke1:BKh8"
	kkkOff := "W:WKc1,Ke1,Kg1:BKh6"
	runDrawCases(t, []drawCase{
		{name: "three kings: drawn after their 5th move while the lone king keeps the diagonal", variant: "russian",
			text: record("25", kkk, walk(t, v, kkk, 9, loneKingOnDiagonal(r, true)), "1-1"), draw: referee.DrawForced, reason: "7.2.7"},
		{name: "three kings: 4 moves are not enough", variant: "russian",
			text: record("25", kkk, walk(t, v, kkk, 8, loneKingOnDiagonal(r, true)), "1-1"), draw: referee.DrawAgreed},
		{name: "two kings and a man", variant: "russian",
			text: record("25", kkm, walk(t, v, kkm, 9, loneKingOnDiagonal(r, true)), "1-1"), draw: referee.DrawForced, reason: "7.2.7"},
		{name: "off the long diagonal three kings have 15 moves (7.2.4)", variant: "russian",
			text: record("25", kkkOff, walk(t, v, kkkOff, 9, loneKingOnDiagonal(r, false)), "1-1"), draw: referee.DrawAgreed},
	})
}

// FMJD-64 rules, 7.2.4: "If a player has three kings (or more) against a
// single enemy king, the game is drawn if his 15th move does not capture
// the enemy king (counting from the time of establishing the correlation
// of forces)."
func TestRussianThreeKingsOrMore(t *testing.T) {
	v, r := russianRules(t)
	off := loneKingOnDiagonal(r, false)
	kkk := "W:WKc1,Ke1,Kg1:BKh6"
	kkkk := "W:WKa3,Kc1,Ke1,Kg1:BKh6"
	kkkBlack := "B:WKc1,Ke1,Kg1:BKh6"
	runDrawCases(t, []drawCase{
		{name: "three kings moving first: drawn after their 15th move, the 29th ply", variant: "russian",
			text: record("25", kkk, walk(t, v, kkk, 29, off), "1-1"), draw: referee.DrawForced, reason: "7.2.4"},
		{name: "three kings: 14 moves are not enough", variant: "russian",
			text: record("25", kkk, walk(t, v, kkk, 28, off), "1-1"), draw: referee.DrawAgreed},
		{name: "or more: four kings", variant: "russian",
			text: record("25", kkkk, walk(t, v, kkkk, 29, off), "1-1"), draw: referee.DrawForced, reason: "7.2.4"},
		{name: "three kings moving second: 14 moves each are not enough", variant: "russian",
			text: record("25", kkkBlack, walk(t, v, kkkBlack, 29, off), "1-1"), draw: referee.DrawAgreed},
		// The lone king steps onto the long diagonal and off it again:
		// 7.2.7 holds for a while, and 7.2.4 counts on from the start.
		{name: "the count runs from the correlation of forces, across a stay on the diagonal", variant: "russian",
			text: record("25", kkk, walk(t, v, kkk, 29, func(ply int, p *Position, mv Move) bool {
				return p.Turn() != Black || onLongDiagonal(r, mv.To) == (ply == 1)
			}), "1-1"), draw: referee.DrawForced, reason: "7.2.4"},
	})
}

// FMJD-64 rules, 7.2.5: "If within 15 moves the players made moves only
// kings without moving of men and not making the capture." Two kings
// each: 7.2.6 (30 moves) holds too, 7.2.5 ends the game first.
func TestRussianFifteenKingMoves(t *testing.T) {
	v, _ := russianRules(t)
	kk := "W:WKa1,Kc1:BKh8,Kf8"
	runDrawCases(t, []drawCase{
		{name: "15 moves each with kings only: drawn", variant: "russian",
			text: record("25", kk, walk(t, v, kk, 30, nil), "1-1"), draw: referee.DrawForced, reason: "15 moves by each side with kings only"},
		{name: "14 moves and a half: not yet", variant: "russian",
			text: record("25", kk, walk(t, v, kk, 29, nil), "1-1"), draw: referee.DrawAgreed},
	})
}

// FMJD-64 rules, 7.2.6: "If the position in which the both opponents
// having kings have not changed the balance of pieces (ie, there was no
// capture and man did not become a king) for: - To 4-and 5-pieces endings
// - 30 moves; - In 6, and 7-pieces endings - 60 moves." Men move now and
// then, so that 7.2.5 (15 moves with kings only) does not end it first.
func TestRussianBalanceUnchanged(t *testing.T) {
	v, _ := russianRules(t)
	menAt := func(plies ...int) func(int, *Position, Move) bool {
		return func(ply int, p *Position, mv Move) bool {
			man := false
			for _, x := range plies {
				man = man || x == ply
			}
			return p.At(mv.From).IsMan() == man
		}
	}
	four := "W:Wb2,Kh2:Bg7,Ka7"
	six := "W:Wb2,Kh2,Kc1:Bg7,Ka7,Kf8"
	fourMen := menAt(20, 21, 40, 41)
	sixMen := menAt(20, 21, 40, 41, 60, 61, 80, 81, 100, 101)
	runDrawCases(t, []drawCase{
		{name: "4 pieces: drawn after 30 moves each", variant: "russian",
			text: record("25", four, walk(t, v, four, 60, fourMen), "1-1"), draw: referee.DrawForced, reason: "7.2.6"},
		{name: "4 pieces: 29 moves and a half are not enough", variant: "russian",
			text: record("25", four, walk(t, v, four, 59, fourMen), "1-1"), draw: referee.DrawAgreed},
		{name: "6 pieces: drawn after 60 moves each", variant: "russian",
			text: record("25", six, walk(t, v, six, 120, sixMen), "1-1"), draw: referee.DrawForced, reason: "7.2.6"},
		{name: "6 pieces: 59 moves and a half are not enough", variant: "russian",
			text: record("25", six, walk(t, v, six, 119, sixMen), "1-1"), draw: referee.DrawAgreed},
	})
}

// Frisian: "When one player has two kings and the other player has one
// king, the game is drawn after both players made 7 moves" (lidraughts'
// Frisian rules, as py-draughts' Frisian page copies them; Mats Winther's
// rules page: "In endgames with two wolves against one, the stronger party
// must win in seven moves, otherwise it's declared a draw"). And "the game
// is drawn immediately when both players have only one king left, unless
// either player can capture the other king immediately or will necessarily
// be able to do this next move" (the official rules, as lidraughts'
// Frisian.scala states them).
func TestFrisianKingEndings(t *testing.T) {
	for _, name := range []string{"frisian", "frysk"} {
		v := mustVariant(t, name)
		kk := "W:WK46,K47:BK4"
		runDrawCases(t, []drawCase{
			{name: name + ": two kings against one: drawn after 7 moves each", variant: name,
				text: record("40", kk, walk(t, v, kk, 14, nil), "1-1"), draw: referee.DrawForced, reason: "7 moves by each side"},
			{name: name + ": two kings against one: 6 moves and a half are not enough", variant: name,
				text: record("40", kk, walk(t, v, kk, 13, nil), "1-1"), draw: referee.DrawAgreed},
			{name: name + ": a king against a king: drawn at once", variant: name,
				text: record("40", "W:WK46:BK4", "", "1-1"), draw: referee.DrawForced, reason: "drawn at once"},
			{name: name + ": two kings against one become one against one: drawn at once", variant: name,
				text: record("40", "B:WK28,K50:BK23", "1... 23x32 ", "1-1"), draw: referee.DrawForced, reason: "one king against one king"},
			{name: name + ": a king that can take the other at once wins", variant: name,
				text: record("40", "W:WK37:BK28", "1. 37x19 ", "2-0")},
			{name: name + ": a king that must be taken next move has lost", variant: name,
				text: record("40", "B:WK5:BK46", "1... 46-41 2. 5x46 ", "2-0")},
		})
	}
}

// Papyrus: "als er geen mogelijkheid is om te winnen (bijvoorbeeld een
// situatie van beiden één dam), is het remise": one king against one king
// is drawn at once, but not while a king can take the other (then there
// is a possibility to win).
func TestPapyrusKingAgainstKingUnlessWon(t *testing.T) {
	runDrawCases(t, []drawCase{
		{name: "papyrus: a king that can take the other at once wins", variant: "papyrus",
			text: record("20", "W:WK37:BK28", "1. 37x19 ", "2-0")},
		{name: "papyrus: otherwise drawn at once", variant: "papyrus",
			text: record("20", "W:WK45:BK28", "", "1-1"), draw: referee.DrawForced, reason: "drawn at once"},
	})
}

// shuttle writes 8 plies of king moves from fen, there and back twice, so
// that the start position stands for the third time, then one move more.
func shuttle(t *testing.T, v *variants.Variant, fen string) string {
	t.Helper()
	r, _, err := RulesOf(v)
	if err != nil {
		t.Fatal(err)
	}
	p, err := PositionOf(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	back := func(m Move) Move { return Move{From: m.To, To: m.From, Path: []int{m.From}} }
	for _, m1 := range r.LegalMoves(&p, false, nil) {
		q := r.Play(p, m1)
		for _, m2 := range r.LegalMoves(&q, false, nil) {
			line := []Move{m1, m2, back(m1), back(m2), m1, m2, back(m1), back(m2), m1}
			x, ok := p, true
			var b strings.Builder
			for _, m := range line {
				legal := false
				for _, l := range r.LegalMoves(&x, false, nil) {
					legal = legal || !l.IsCapture() && l.From == m.From && l.To == m.To
				}
				if !legal {
					ok = false
					break
				}
				b.WriteString(MoveText(v, m, false) + " ")
				x = r.Play(x, m)
			}
			if ok {
				return b.String()
			}
		}
	}
	t.Fatalf("no shuttle from %s", fen)
	return ""
}

// Threefold repetition, claimed or automatic, as each variant's text says.
// Portuguese: "Atribui-se EMPATE ao jogador quando: ... b) Atinja a mesma
// posição de jogo, num mínimo de três vezes, seguidas ou alternadas, mesmo
// que dentro da lei de lance limitado, e o adversário reclame" (Federação
// Portuguesa de Damas, Regras do jogo de damas clássicas, 14 b). Czech:
// "Draw can be reached by an agreement of players or when the same
// position is repeated three times and draw is claimed" (FMJD, Brief Rules
// of Czech Draughts). A game played on after an unclaimed repetition, and
// won, stands; where the rule draws by itself (Russian, FMJD-64 7.2.3) it
// does not.
func TestRepetitionClaimedOrAutomatic(t *testing.T) {
	pt, cz, ru := mustVariant(t, "portuguese"), mustVariant(t, "czech"), mustVariant(t, "russian")
	ptFEN, czFEN, ruFEN := "W:WK1,K5,9:BK32,K28,24", "W:WKa1,Kc1,a3:BKh8,Kf8,h6", "W:WKa1,Kc1,a3:BKh8,Kf8,h6"
	runDrawCases(t, []drawCase{
		{name: "portuguese: claimable, the win after it stands", variant: "portuguese",
			text: record("28", ptFEN, shuttle(t, pt, ptFEN), "1-0"), claim: "the same position for the third time"},
		{name: "portuguese: a written draw there was claimable", variant: "portuguese",
			text: record("28", ptFEN, shuttle(t, pt, ptFEN), "1/2-1/2"), draw: referee.DrawClaimable},
		{name: "czech: claimable, the win after it stands", variant: "czech",
			text: record("29", czFEN, shuttle(t, cz, czFEN), "1-0"), claim: "the same position for the third time"},
		{name: "russian: automatic, the win after it cannot stand", variant: "russian",
			text: record("25", ruFEN, shuttle(t, ru, ruFEN), "1-0"), err: "after-end"},
	})
}

// FMJD, Brief Rules of Czech Draughts: "Draw can be reached ... if no jump
// or move by a piece is done within 15 moves" (a piece is a man there:
// "Pieces move diagonally by one field ahead"). Read as 15 moves by each
// side, as the other variants' king-move rules count.
func TestCzechFifteenMoves(t *testing.T) {
	cz := mustVariant(t, "czech")
	fen := "W:WKa1,Kc1,a3:BKh8,Kf8,h6"
	kings := func(_ int, p *Position, mv Move) bool { return p.At(mv.From).IsKing() }
	runDrawCases(t, []drawCase{
		{name: "15 moves each with kings only: drawn", variant: "czech",
			text: record("29", fen, walk(t, cz, fen, 30, kings), "1-1"), draw: referee.DrawForced, reason: "15 moves by each side"},
		{name: "14 moves and a half: not yet", variant: "czech",
			text: record("29", fen, walk(t, cz, fen, 29, kings), "1-1"), draw: referee.DrawAgreed},
		{name: "a man's move starts the count again", variant: "czech",
			text: record("29", fen, walk(t, cz, fen, 40, func(ply int, p *Position, mv Move) bool {
				return p.At(mv.From).IsMan() == (ply == 10)
			}), "1-1"), draw: referee.DrawAgreed},
	})
}

// FMJD Official Rules 6.5 (international): two kings against a lone king
// are drawn after 5 moves each; a lone king that the last of them leaves
// without a move has lost, and no draw comes before that.
func TestBlockedLoneKingLoses(t *testing.T) {
	runDrawCases(t, []drawCase{
		{name: "international: the 5th move shuts the lone king in", variant: "international",
			text: record("20", "W:WK37,K47:BK46:H9:F6", "6. 47-41 ", "2-0")},
	})
}

// The Frisian association's scale of a capture's value, as issue 25 gives
// its brief manual (Frisian draughts, Walinga and Westra, 2014; the page
// itself was not at hand here): a king is worth more than a man and less
// than two, n kings 2n - 1/2 men. Mats Winther's rules page counts the
// same: "two wolves shall be counted as 4 - 1/2 = 3 1/2. This is more than
// 3 draughts, which means that preference should be given to the wolf's
// move." The flat scale ("Each king is worth a man and a half", Wikipedia)
// is the frisian-flat variant.
func TestFrisianCaptureValue(t *testing.T) {
	rulesOf := func(name string) *Rules {
		r, _, err := RulesOf(mustVariant(t, name))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	fed, flat := rulesOf("frisian"), rulesOf("frisian-flat")
	// Two white men: the one on (1,8) takes the three pieces on (2,7),
	// (4,5), (6,3) along a diagonal; the one on (9,0) takes the kings on
	// (9,2) and (9,6) down the file.
	threeMen := []placed{{1, 8, WhiteMan}, {2, 7, BlackMan}, {4, 5, BlackMan}, {6, 3, BlackMan},
		{9, 0, WhiteMan}, {9, 2, BlackKing}, {9, 6, BlackKing}}
	kingAndTwoMen := append([]placed(nil), threeMen...)
	kingAndTwoMen[3].pc = BlackKing
	for _, c := range []struct {
		name   string
		r      *Rules
		pieces []placed
		want   func(r *Rules) []string
	}{
		{"federation: two kings (3 1/2) outweigh three men", fed, threeMen, func(r *Rules) []string {
			return []string{path(t, r, false, 9, 0, 9, 4, 9, 8)}
		}},
		{"federation: a king and two men (3 1/2) weigh as much as two kings", fed, kingAndTwoMen, func(r *Rules) []string {
			return []string{path(t, r, false, 9, 0, 9, 4, 9, 8), path(t, r, false, 1, 8, 3, 6, 5, 4, 7, 2)}
		}},
		{"flat: two kings (3) weigh as much as three men", flat, threeMen, func(r *Rules) []string {
			return []string{path(t, r, false, 9, 0, 9, 4, 9, 8), path(t, r, false, 1, 8, 3, 6, 5, 4, 7, 2)}
		}},
		{"flat: a king and two men (3 1/2) outweigh two kings", flat, kingAndTwoMen, func(r *Rules) []string {
			return []string{path(t, r, false, 1, 8, 3, 6, 5, 4, 7, 2)}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			checkMoves(t, c.name, c.r, board(t, c.r, White, c.pieces...), c.want(c.r)...)
		})
	}
}

// explainCapture replays one written capture from pos under the variant
// and returns the message of its error.
func explainCapture(t *testing.T, name string, pos func(r *Rules) Position, written func(r *Rules) (from, to int)) string {
	t.Helper()
	v := mustVariant(t, name)
	c, err := compileDraughts(v)
	if err != nil {
		t.Fatal(err)
	}
	p := pos(c.rules)
	from, to := written(c.rules)
	text := fmt.Sprintf("[FEN %q]\n\n%sx%s *\n", c.num.formatFEN(p), c.num.name(from), c.num.name(to))
	r := checkText(t, v, text)[0]
	for _, d := range r.Diagnostics {
		if d.Severity.String() == "error" {
			return d.Code + ": " + d.Msg
		}
	}
	t.Fatalf("no error for %s", text)
	return ""
}

// A capture the precedence rules refuse is refused with the rule that
// decided, in the order the texts give them. The Portuguese federation:
// "b) Quantidade - Em hipóteses simultâneas de captura é obrigatória tomar
// o maior número de peças. c) Qualidade - Em hipóteses simultâneas de
// captura de um mesmo número de peças é obrigatória tomar as peças com
// maior valor, valendo cada dama mais do que cada peão" (FPD, Regras do
// jogo de damas clássicas, 7). Italian, as BrainKing's rules page gives
// the Italian order (the federation's text was not at hand): "Als er 2 of
// meer mogelijkheden zijn voor een (even) lange meerslag dan gaat de
// voorkeur uit naar de meerslag die door een dam gemaakt kan worden. Als
// deze voorwaarde niet een unieke keuze oplevert dan is het verplicht om
// de meerslag te kiezen waarmee het grootste aantal dammen geslagen kan
// worden. Als de vorige nog steeds meerdere mogelijkheden heeft dan gaat
// de voorkeur naar de meerslag waar een dam als eerste geslagen wordt."
// Czech: "King is obligatory to jump first - priority of king's jump to a
// piece's jump" (FMJD, Brief Rules of Czech Draughts). Frisian: the most
// value (see TestFrisianCaptureValue). Never "the most pieces" when both
// take as many.
func TestCaptureRefusedByQuality(t *testing.T) {
	at8 := func(r *Rules, cr ...int) int { return at(t, r, cr[0], cr[1]) }
	for _, c := range []struct {
		name, variant string
		pieces        []placed
		from, to      [2]int
		want          string
	}{
		{"italian: with the king, not the man", "italian",
			[]placed{{2, 6, WhiteKing}, {3, 5, BlackMan}, {7, 5, WhiteMan}, {6, 4, BlackMan}},
			[2]int{7, 5}, [2]int{5, 3}, "with a king"},
		{"italian: the most kings", "italian",
			[]placed{{2, 6, WhiteKing}, {3, 5, BlackKing}, {1, 5, BlackMan}},
			[2]int{2, 6}, [2]int{0, 4}, "the most kings"},
		{"italian: a king first", "italian",
			[]placed{{3, 7, WhiteKing}, {2, 6, BlackMan}, {2, 4, BlackKing}, {4, 6, BlackKing}, {6, 4, BlackMan}},
			[2]int{3, 7}, [2]int{3, 3}, "a king first"},
		{"italian: the most pieces still says so", "italian",
			[]placed{{2, 6, WhiteKing}, {3, 5, BlackKing}, {7, 7, WhiteMan}, {6, 6, BlackMan}, {6, 4, BlackMan}},
			[2]int{2, 6}, [2]int{4, 4}, "the most pieces"},
		{"spanish: the most kings", "spanish",
			[]placed{{4, 4, WhiteMan}, {3, 3, BlackMan}, {5, 3, BlackKing}},
			[2]int{4, 4}, [2]int{2, 2}, "the most kings"},
		{"portuguese: the most kings", "portuguese",
			[]placed{{4, 4, WhiteMan}, {3, 3, BlackMan}, {5, 3, BlackKing}},
			[2]int{4, 4}, [2]int{2, 2}, "the most kings"},
		{"frisian: the most value, two kings (3.5 men) before three men", "frisian",
			[]placed{{1, 8, WhiteMan}, {2, 7, BlackMan}, {4, 5, BlackMan}, {6, 3, BlackMan},
				{9, 0, WhiteMan}, {9, 2, BlackKing}, {9, 6, BlackKing}},
			[2]int{1, 8}, [2]int{7, 2}, "the most value"},
		{"czech: a king must capture", "czech",
			[]placed{{0, 7, WhiteKing}, {1, 6, BlackMan}, {3, 4, WhiteMan}, {4, 3, BlackMan}},
			[2]int{3, 4}, [2]int{5, 2}, "with a king"},
	} {
		t.Run(c.name, func(t *testing.T) {
			msg := explainCapture(t, c.variant, func(r *Rules) Position { return board(t, r, White, c.pieces...) },
				func(r *Rules) (int, int) { return at8(r, c.from[:]...), at8(r, c.to[:]...) })
			if !strings.HasPrefix(msg, "illegal:") || !strings.Contains(msg, c.want) {
				t.Fatalf("%s, want an illegal move that names %q", msg, c.want)
			}
			if c.want != "the most pieces" && strings.Contains(msg, "the most pieces") {
				t.Fatalf("%s: both captures take as many pieces", msg)
			}
		})
	}
}

// Frisian: "A king may only move three times in a row unless it makes a
// capture. Otherwise the player must move another piece. If the player has
// only kings on the board this rule does not apply." A fourth move refused
// names that rule, not a blocked way.
func TestFrisianFourthKingMoveRefused(t *testing.T) {
	v := mustVariant(t, "frisian")
	text := "[GameType \"40\"]\n[FEN \"W:WK46,50:BK4\"]\n\n1. 46-41 4-9 2. 41-46 9-4 3. 46-41 4-9 4. 41-46 *\n"
	r := checkText(t, v, text)[0]
	var errs []string
	for _, d := range r.Diagnostics {
		if d.Severity.String() == "error" {
			errs = append(errs, d.Code+": "+d.Msg)
		}
	}
	if len(errs) != 1 || !strings.Contains(errs[0], "3 moves in a row") || strings.Contains(errs[0], "blocked") {
		t.Fatalf("errors %v, want one that names the three-moves rule", errs)
	}
}
