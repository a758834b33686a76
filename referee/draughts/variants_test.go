package draughts

import (
	"reflect"
	"testing"
)

// Hand-worked positions for the rules that have no published perft
// figures (Turkish, Portuguese) and for the precedence rules of the others.
// Coordinates are (column, row) as White sees the board, row 0 at the top;
// White's men move up.

func TestAllSquaresGeometry(t *testing.T) {
	r := rules8x8(t)["turkish"]
	if r.NumSquares() != 64 {
		t.Fatalf("NumSquares = %d", r.NumSquares())
	}
	for _, c := range []struct {
		sq, row, col int
		alpha        string
	}{{1, 0, 0, "a8"}, {8, 0, 7, "h8"}, {9, 1, 0, "a7"}, {57, 7, 0, "a1"}, {64, 7, 7, "h1"}, {28, 3, 3, "d5"}} {
		if row, col := r.RowCol(c.sq); row != c.row || col != c.col {
			t.Errorf("RowCol(%d) = %d,%d want %d,%d", c.sq, row, col, c.row, c.col)
		}
		if sq, ok := r.SquareAt(c.col, c.row); !ok || sq != c.sq {
			t.Errorf("SquareAt(%d,%d) = %d,%v", c.col, c.row, sq, ok)
		}
		if got := r.Alpha(c.sq); got != c.alpha {
			t.Errorf("Alpha(%d) = %q want %q", c.sq, got, c.alpha)
		}
		if sq, ok := r.ParseAlpha(c.alpha); !ok || sq != c.sq {
			t.Errorf("ParseAlpha(%q) = %d,%v", c.alpha, sq, ok)
		}
	}
	// Men on the second and third rows of each side, none on the back rows.
	if got, want := r.FEN(r.Initial()), "W:W41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56:B9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24"; got != want {
		t.Errorf("start %s", got)
	}
	p, err := r.ParseFEN("W:W41-56:B9-24")
	if err != nil || p != r.Initial() {
		t.Errorf("FEN: %v", err)
	}
	// From the start only the front men can move, each straight forward;
	// Black likewise (8, 64). At ply 3, if Black answered on the same file
	// a, White's man on (a,4) must take (a,3) and (a,1), landing on the
	// empty back row: 1 move. Otherwise White has 9+2s moves (the man on
	// (a,4) forward and sideways, 7 men of row 5 forward, the s neighbours
	// sideways into (a,5), the man behind it forward), s = 1 on the edge
	// files and 2 elsewhere: 2*(1+7*11) + 6*(1+7*13) = 708.
	for d, want := range []uint64{8, 64, 708} {
		if got := r.Perft(r.Initial(), d+1, false); got != want {
			t.Errorf("turkish perft(%d) = %d, want %d", d+1, got, want)
		}
	}
	for _, bad := range []Rules{
		{Width: 8, Height: 8, Orthogonal: true},             // orthogonal needs all squares
		{Width: 12, Height: 12, AllSquares: true},           // too large
		{Width: 8, Height: 8, Priority: PriorityValue},      // no values
		{Width: 8, Height: 8, StartRows: 3, StartOffset: 2}, // does not fit
		{Width: 8, Height: 8, Priority: PriorityValue + 1},  // unknown
	} {
		if err := bad.Init(); err == nil {
			t.Errorf("Init accepted %+v", bad)
		}
	}
	// An odd width is fine when all squares are used.
	odd := Rules{Width: 7, Height: 7, AllSquares: true, Orthogonal: true, FlyingKings: true}
	if err := odd.Init(); err != nil || odd.NumSquares() != 49 {
		t.Errorf("7x7: %v", err)
	}
}

func checkMoves(t *testing.T, name string, r *Rules, p Position, want ...string) {
	t.Helper()
	want = sorted(want...)
	if got := full(r.LegalMoves(&p, false, nil)); !reflect.DeepEqual(got, want) {
		t.Errorf("%s: got %v want %v", name, got, want)
	}
	if n := r.Perft(p, 1, false); n != uint64(len(want)) {
		t.Errorf("%s: perft(1) = %d, want %d", name, n, len(want))
	}
}

func plain(t *testing.T, r *Rules, promote bool, c0, r0, c1, r1 int) string {
	t.Helper()
	s := itoa(at(t, r, c0, r0)) + "-" + itoa(at(t, r, c1, r1))
	if promote {
		s += "+"
	}
	return s
}

func TestTurkishMoves(t *testing.T) {
	r := rules8x8(t)["turkish"]
	// A man moves one square forward or sideways, never backwards or
	// diagonally; reaching the far row promotes.
	p := board(t, r, White, placed{3, 4, WhiteMan}, placed{6, 1, WhiteMan}, placed{0, 0, BlackMan})
	checkMoves(t, "white men", r, p,
		plain(t, r, false, 3, 4, 3, 3), plain(t, r, false, 3, 4, 2, 4), plain(t, r, false, 3, 4, 4, 4),
		plain(t, r, true, 6, 1, 6, 0), plain(t, r, false, 6, 1, 5, 1), plain(t, r, false, 6, 1, 7, 1))
	p.SetTurn(Black) // Black's men move down: a8-a7 and a8-b8.
	checkMoves(t, "black man", r, p, plain(t, r, false, 0, 0, 0, 1), plain(t, r, false, 0, 0, 1, 0))
	// A king moves any distance along its rank and file: 1 up (its own
	// man stands on (3,2)), 3 down, 3 left, 4 right.
	p = board(t, r, White, placed{3, 4, WhiteKing}, placed{3, 2, WhiteMan}, placed{7, 0, BlackMan})
	var want []string
	for _, sq := range [][2]int{{3, 3}, {3, 5}, {3, 6}, {3, 7}, {2, 4}, {1, 4}, {0, 4}, {4, 4}, {5, 4}, {6, 4}, {7, 4}} {
		want = append(want, plain(t, r, false, 3, 4, sq[0], sq[1]))
	}
	want = append(want, plain(t, r, false, 3, 2, 3, 1), plain(t, r, false, 3, 2, 2, 2), plain(t, r, false, 3, 2, 4, 2))
	checkMoves(t, "king", r, p, want...)
}

func TestTurkishManCaptures(t *testing.T) {
	r := rules8x8(t)["turkish"]
	// The man on (3,4) can take (3,3) forwards and go on over (4,2)
	// sideways (2 pieces), or take (2,4) sideways (1 piece); it may not
	// take (3,5) behind it. Majority: only the double capture.
	p := board(t, r, White, placed{3, 4, WhiteMan}, placed{3, 3, BlackMan}, placed{4, 2, BlackMan},
		placed{2, 4, BlackMan}, placed{3, 5, BlackMan})
	checkMoves(t, "majority", r, p, path(t, r, false, 3, 4, 3, 2, 5, 2))
	m := r.LegalMoves(&p, false, nil)[0]
	if want := []int{at(t, r, 3, 3), at(t, r, 4, 2)}; !reflect.DeepEqual(m.Captured, want) {
		t.Errorf("captured %v want %v", m.Captured, want)
	}
	q := r.Play(p, m)
	if got, want := r.FEN(q), "B:W22:B35,44"; got != want {
		t.Errorf("after %s: %s want %s", m.FullString(), got, want)
	}
	// Without the sideways continuation both single captures are legal.
	p = board(t, r, White, placed{3, 4, WhiteMan}, placed{3, 3, BlackMan}, placed{2, 4, BlackMan}, placed{3, 5, BlackMan})
	checkMoves(t, "equal", r, p, path(t, r, false, 3, 4, 3, 2), path(t, r, false, 3, 4, 1, 4))
	// Black's men capture downwards and sideways: (3,3) is blocked by its
	// own man behind White's, (3,5) may not capture upwards; (2,4) takes
	// sideways.
	p.SetTurn(Black)
	checkMoves(t, "black", r, p, path(t, r, false, 2, 4, 4, 4))
}

func TestTurkishKingCaptures(t *testing.T) {
	r := rules8x8(t)["turkish"]
	// The king on (0,3) takes A (2,3) going right and must land on (5,3)
	// to go on: up over B (5,1) to (5,0), left over C (3,0) to (2,0), (1,0)
	// or (0,0). From (2,0) it goes down column 2 through A's square, empty
	// since A was removed when taken, over D (2,5) to (2,6) or (2,7): four
	// pieces, the most.
	pieces := []placed{{0, 3, WhiteKing}, {2, 3, BlackMan}, {5, 1, BlackMan}, {3, 0, BlackMan}, {2, 5, BlackKing}}
	p := board(t, r, White, pieces...)
	checkMoves(t, "removed at once", r, p,
		path(t, r, false, 0, 3, 5, 3, 5, 0, 2, 0, 2, 6),
		path(t, r, false, 0, 3, 5, 3, 5, 0, 2, 0, 2, 7))
	m := r.LegalMoves(&p, false, nil)[0]
	if want := []int{at(t, r, 2, 3), at(t, r, 5, 1), at(t, r, 3, 0), at(t, r, 2, 5)}; !reflect.DeepEqual(m.Captured, want) {
		t.Errorf("captured %v want %v", m.Captured, want)
	}
	if q := r.Play(p, m); r.FEN(q) != "B:WK51:B" {
		t.Errorf("after %s: %s", m.FullString(), r.FEN(q))
	}
	// Were captured pieces left on the board until the end, A would block
	// column 2: three pieces, ending on row 0.
	stay := *r
	stay.RemoveAtOnce = false
	if err := stay.Init(); err != nil {
		t.Fatal(err)
	}
	p = board(t, &stay, White, pieces...)
	checkMoves(t, "captured pieces stay", &stay, p,
		path(t, &stay, false, 0, 3, 5, 3, 5, 0, 2, 0),
		path(t, &stay, false, 0, 3, 5, 3, 5, 0, 1, 0),
		path(t, &stay, false, 0, 3, 5, 3, 5, 0, 0, 0))

	// No 180-degree turn: the king on (3,3) between A (5,3) and B (1,3)
	// takes either one, and may not come back along the row for the other
	// (which it could, A's and B's squares being emptied at once).
	pieces = []placed{{3, 3, WhiteKing}, {5, 3, BlackMan}, {1, 3, BlackMan}}
	p = board(t, r, White, pieces...)
	checkMoves(t, "no reversal", r, p,
		path(t, r, false, 3, 3, 6, 3), path(t, r, false, 3, 3, 7, 3), path(t, r, false, 3, 3, 0, 3))
	turn := *r
	turn.NoReversal = false
	if err := turn.Init(); err != nil {
		t.Fatal(err)
	}
	p = board(t, &turn, White, pieces...)
	// A then B ends on (0,3) whether the king landed on (6,3) or (7,3): one
	// move without duplicates; B then A ends on (6,3) or (7,3).
	checkMoves(t, "reversal allowed", &turn, p,
		path(t, &turn, false, 3, 3, 6, 3, 0, 3),
		path(t, &turn, false, 3, 3, 0, 3, 6, 3),
		path(t, &turn, false, 3, 3, 0, 3, 7, 3))
	if n := turn.Perft(p, 1, true); n != 3 {
		t.Errorf("reversal allowed, keep dup: %d moves", n)
	}
	if n := len(turn.LegalPaths(&p, nil)); n != 4 {
		t.Errorf("reversal allowed: %d paths", n)
	}

	// Kings and men count the same: the man's double capture beats the
	// king's single one. Man (6,4) takes (6,3) up and (5,2) left; the king
	// on (0,7) takes (0,5) up, landing (0,4)..(0,0), from where its own men
	// on (1,2) and (1,3) hide (5,2) and (6,3).
	p = board(t, r, White, placed{6, 4, WhiteMan}, placed{6, 3, BlackKing}, placed{5, 2, BlackMan},
		placed{0, 7, WhiteKing}, placed{0, 5, BlackKing}, placed{1, 2, WhiteMan}, placed{1, 3, WhiteMan})
	checkMoves(t, "majority", r, p, path(t, r, false, 6, 4, 6, 2, 4, 2))
}

func TestTurkishPromotion(t *testing.T) {
	r := rules8x8(t)["turkish"]
	// The man on (3,2) takes (3,1) reaching the far row and goes on as a
	// man, sideways over (4,0); it is crowned where the move ends.
	pieces := []placed{{3, 2, WhiteMan}, {3, 1, BlackMan}, {4, 0, BlackMan}}
	p := board(t, r, White, pieces...)
	checkMoves(t, "at the end", r, p, path(t, r, true, 3, 2, 3, 0, 5, 0))
	// Crowned in passing, it goes on as a flying king (not back down).
	pass := *r
	pass.PromoteInPassing = true
	if err := pass.Init(); err != nil {
		t.Fatal(err)
	}
	p = board(t, &pass, White, pieces...)
	checkMoves(t, "in passing", &pass, p,
		path(t, &pass, true, 3, 2, 3, 0, 5, 0), path(t, &pass, true, 3, 2, 3, 0, 6, 0), path(t, &pass, true, 3, 2, 3, 0, 7, 0))
}

func TestPortuguese(t *testing.T) {
	r := rules8x8(t)["portuguese"]
	// The board is mirrored: the top-left square is a playing square.
	if sq, ok := r.SquareAt(0, 0); !ok || sq != 1 {
		t.Fatalf("SquareAt(0,0) = %d,%v", sq, ok)
	}
	for d, want := range []uint64{7, 49, 302} {
		if got := r.Perft(r.Initial(), d+1, false); got != want {
			t.Errorf("perft(%d) = %d, want %d", d+1, got, want)
		}
	}
	// Men capture forwards only: (2,4) takes (3,3) but not (1,5) behind.
	p := board(t, r, White, placed{2, 4, WhiteMan}, placed{3, 3, BlackMan}, placed{1, 5, BlackMan})
	checkMoves(t, "forward only", r, p, path(t, r, false, 2, 4, 4, 2))
	// Quality: of two single captures, the one taking a king.
	pieces := []placed{{4, 4, WhiteMan}, {3, 3, BlackMan}, {5, 3, BlackKing}}
	p = board(t, r, White, pieces...)
	checkMoves(t, "quality", r, p, path(t, r, false, 4, 4, 6, 2))
	br := rules8x8(t)["brazilian"] // majority without quality: both
	br.ManCapturesBackward = false
	br.TopLeftDark = true
	if err := br.Init(); err != nil {
		t.Fatal(err)
	}
	p = board(t, br, White, pieces...)
	checkMoves(t, "no quality", br, p, path(t, br, false, 4, 4, 6, 2), path(t, br, false, 4, 4, 2, 2))
	// Quantity before quality: two men beat one king (and the man is
	// crowned on (0,0)).
	p = board(t, r, White, append(pieces, placed{1, 1, BlackMan})...)
	checkMoves(t, "quantity first", r, p, path(t, r, true, 4, 4, 2, 2, 0, 0))
	// A flying king takes at a distance and lands on any free square
	// beyond; of a man and a king, it must take the king.
	p = board(t, r, White, placed{3, 7, WhiteKing}, placed{1, 5, BlackMan}, placed{5, 5, BlackKing})
	checkMoves(t, "king quality", r, p, path(t, r, false, 3, 7, 6, 4), path(t, r, false, 3, 7, 7, 3))
	// Same captured count and kings: free choice between man and king.
	p = board(t, r, White, placed{3, 7, WhiteKing}, placed{1, 5, BlackMan}, placed{5, 5, BlackMan},
		placed{4, 4, WhiteMan}, placed{3, 3, BlackMan})
	checkMoves(t, "free among equals", r, p, path(t, r, false, 3, 7, 0, 4),
		path(t, r, false, 3, 7, 6, 4), path(t, r, false, 3, 7, 7, 3), path(t, r, false, 4, 4, 2, 2))
}

func TestItalianPrecedence(t *testing.T) {
	r := rules8x8(t)["italian"]
	// With a king rather than a man: king (2,6) takes (3,5), man (7,5)
	// takes (6,4), one man each.
	p := board(t, r, White, placed{2, 6, WhiteKing}, placed{3, 5, BlackMan}, placed{7, 5, WhiteMan}, placed{6, 4, BlackMan})
	checkMoves(t, "with a king", r, p, path(t, r, false, 2, 6, 4, 4))
	// Men may not take kings: the man on (5,5) can only step to (6,4).
	p = board(t, r, White, placed{5, 5, WhiteMan}, placed{4, 4, BlackKing})
	checkMoves(t, "man and king", r, p, plain(t, r, false, 5, 5, 6, 4))
	// The most kings: king (2,6) takes the king on (3,5), not the man on
	// (1,5).
	p = board(t, r, White, placed{2, 6, WhiteKing}, placed{3, 5, BlackKing}, placed{1, 5, BlackMan})
	checkMoves(t, "most kings", r, p, path(t, r, false, 2, 6, 4, 4))
	// The king met first: king (3,7) takes man (2,6) then king (2,4),
	// ending on (3,3), or king (4,6) then man (6,4), ending on (7,3). Both
	// take two pieces, one a king; the second meets the king first.
	pieces := []placed{{3, 7, WhiteKing}, {2, 6, BlackMan}, {2, 4, BlackKing}, {4, 6, BlackKing}, {6, 4, BlackMan}}
	p = board(t, r, White, pieces...)
	checkMoves(t, "king first", r, p, path(t, r, false, 3, 7, 5, 5, 7, 3))
	late := *r
	late.PreferEarlyKings = false
	if err := late.Init(); err != nil {
		t.Fatal(err)
	}
	p = board(t, &late, White, pieces...)
	checkMoves(t, "order free", &late, p, path(t, &late, false, 3, 7, 5, 5, 7, 3), path(t, &late, false, 3, 7, 1, 5, 3, 3))
	// But quantity comes first: the man's two captures ((6,6) then (6,4))
	// beat the king's one (of a king).
	p = board(t, r, White, placed{2, 6, WhiteKing}, placed{3, 5, BlackKing}, placed{7, 7, WhiteMan},
		placed{6, 6, BlackMan}, placed{6, 4, BlackMan})
	checkMoves(t, "quantity first", r, p, path(t, r, false, 7, 7, 5, 5, 7, 3))
}

func TestCzechKingPriority(t *testing.T) {
	r := rules8x8(t)["czech"]
	// The king on (0,7) takes (1,6) (its own man on (3,4) stops it on
	// (2,5)); the men could take two ((7,6) over (6,5) and (4,3)) or one
	// ((3,4) over (4,3)). If a king can capture, a king must.
	pieces := []placed{{0, 7, WhiteKing}, {1, 6, BlackMan}, {3, 4, WhiteMan}, {7, 6, WhiteMan}, {6, 5, BlackMan}, {4, 3, BlackMan}}
	p := board(t, r, White, pieces...)
	checkMoves(t, "king must", r, p, path(t, r, false, 0, 7, 2, 5))
	pool := rules8x8(t)["pool"] // free choice (men capture backwards too, not needed here)
	p = board(t, pool, White, pieces...)
	checkMoves(t, "free", pool, p, path(t, pool, false, 0, 7, 2, 5), path(t, pool, false, 7, 6, 5, 4, 3, 2),
		path(t, pool, false, 3, 4, 5, 2))
}

func TestThaiKing(t *testing.T) {
	r := rules8x8(t)["thai"]
	// A flying king takes at a distance but stops right behind the piece,
	// and may go on from there: (0,7) takes (2,5) to (3,4), then (5,2) to
	// (6,1).
	p := board(t, r, White, placed{0, 7, WhiteKing}, placed{2, 5, BlackMan}, placed{5, 2, BlackMan})
	checkMoves(t, "stop behind", r, p, path(t, r, false, 0, 7, 3, 4, 6, 1))
	p = board(t, r, White, placed{0, 7, WhiteKing}, placed{2, 5, BlackMan})
	checkMoves(t, "one", r, p, path(t, r, false, 0, 7, 3, 4))
	// Thai is played with 8 men each.
	start := rules8x8(t)["thai8"].Initial()
	if men, _ := start.Count(White); men != 8 {
		t.Errorf("%d men", men)
	}
}

func TestFrisianCaptures(t *testing.T) {
	r := rules8x8(t)["frisian"]
	// The man on (4,5) takes along the file over (4,3) to (4,1), along the
	// row over (6,5) to (8,5), or over the king on (2,5) to (0,5): the
	// king is worth more than a man.
	pieces := []placed{{4, 5, WhiteMan}, {4, 3, BlackMan}, {6, 5, BlackMan}}
	p := board(t, r, White, pieces...)
	checkMoves(t, "orthogonal", r, p, path(t, r, false, 4, 5, 4, 1), path(t, r, false, 4, 5, 8, 5))
	p = board(t, r, White, append(pieces, placed{2, 5, BlackKing})...)
	checkMoves(t, "king value", r, p, path(t, r, false, 4, 5, 0, 5))
	// Two men are worth more than a king: over (4,3) to (4,1), then over
	// (6,1) to (8,1).
	p = board(t, r, White, placed{4, 5, WhiteMan}, placed{4, 3, BlackMan}, placed{6, 1, BlackMan}, placed{2, 5, BlackKing})
	checkMoves(t, "two men", r, p, path(t, r, false, 4, 5, 4, 1, 8, 1))
	// A flying king takes along a file at a distance: (1,8) over (1,4),
	// landing (1,2) or (1,0).
	p = board(t, r, White, placed{1, 8, WhiteKing}, placed{1, 4, BlackMan})
	checkMoves(t, "king file", r, p, path(t, r, false, 1, 8, 1, 2), path(t, r, false, 1, 8, 1, 0))
}

func TestKingMoveLimit(t *testing.T) {
	r := rules8x8(t)["frisian"]
	limited := *r
	limited.KingMoveLimit = 3
	if err := limited.Init(); err != nil {
		t.Fatal(err)
	}
	p := board(t, &limited, White, placed{1, 8, WhiteKing}, placed{9, 8, WhiteMan}, placed{6, 1, BlackKing})
	mv := func(c0, r0, c1, r1 int) Move {
		to := at(t, &limited, c1, r1)
		return Move{From: at(t, &limited, c0, r0), To: to, Path: []int{to}}
	}
	for i := 0; i < 3; i++ {
		if i%2 == 0 {
			p = limited.Play(p, mv(1, 8, 0, 9))
			p = limited.Play(p, mv(6, 1, 7, 0))
		} else {
			p = limited.Play(p, mv(0, 9, 1, 8))
			p = limited.Play(p, mv(7, 0, 6, 1))
		}
	}
	// Three moves with the king on (0,9): now only the man may move.
	checkMoves(t, "limited", &limited, p, plain(t, &limited, false, 9, 8, 8, 7))
	if got, want := limited.Perft(p, 3, false), slowPerft(&limited, p, 3, false); got != want {
		t.Errorf("perft(3) = %d, public %d", got, want)
	}
	// Black has only a king: no limit for Black (9 squares on its diagonals).
	q := limited.Play(p, mv(9, 8, 8, 7))
	if n := len(limited.LegalMoves(&q, false, nil)); n != 9 {
		t.Errorf("black: %d moves", n)
	}
	// After a man's move the king may move again (9 squares on its
	// diagonal), and the man has two moves.
	q = limited.Play(q, mv(7, 0, 6, 1))
	if n := len(limited.LegalMoves(&q, false, nil)); n != 9+2 {
		t.Errorf("after a man's move: %d moves %v", n, full(limited.LegalMoves(&q, false, nil)))
	}
	// Without the rule the king moves as well; a FEN has no history.
	p2, _ := limited.ParseFEN(limited.FEN(p))
	if n := len(limited.LegalMoves(&p2, false, nil)); n != 10 {
		t.Errorf("from FEN: %d moves", n)
	}
}

// TestGeneralGenerator runs the general generator (normally used only by
// the rules the fast diagonal one cannot play) on the rules of the fast
// one: both must give the published perft figures.
func TestGeneralGenerator(t *testing.T) {
	all := rules8x8(t)
	all["international"] = International()
	for _, c := range perftCases {
		r := *all[c.rules]
		if err := r.Init(); err != nil {
			t.Fatal(err)
		}
		r.general = true
		p, err := r.StartPosition(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		depth := min(c.normal-1, 6)
		for d := 1; d <= depth; d++ {
			if got := r.Perft(p, d, c.keepDup); got != c.counts[d-1] {
				t.Errorf("%s: general perft(%d) = %d, want %d", c.name, d, got, c.counts[d-1])
				break
			}
		}
	}
}

// TestRandomGames plays random games and checks at every position that
// the public move lists agree with perft's counting (captures found by
// the bitboard test exactly when the generator finds some, duplicates
// handled alike) and that every move's path and captures are consistent.
func TestRandomGames(t *testing.T) {
	all := rules8x8(t)
	seed := uint64(1)
	rnd := func(n int) int {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return int(seed % uint64(n))
	}
	for _, name := range []string{"turkish", "thai", "frisian", "italian", "spanish", "czech"} {
		r := all[name]
		for game := 0; game < 30; game++ {
			p := r.Initial()
			for ply := 0; ply < 150; ply++ {
				moves := r.LegalMoves(&p, false, nil)
				keep := r.LegalMoves(&p, true, nil)
				paths := r.LegalPaths(&p, nil)
				if uint64(len(moves)) != r.Perft(p, 1, false) || uint64(len(keep)) != r.Perft(p, 1, true) ||
					len(paths) < len(keep) || len(keep) < len(moves) {
					t.Fatalf("%s %s: %d moves, perft %d; keep %d, perft %d; %d paths", name, r.FEN(p),
						len(moves), r.Perft(p, 1, false), len(keep), r.Perft(p, 1, true), len(paths))
				}
				if len(moves) == 0 {
					break
				}
				for _, m := range paths {
					if len(m.Path) != max(1, len(m.Captured)) || m.Path[len(m.Path)-1] != m.To {
						t.Fatalf("%s %s: bad move %+v", name, r.FEN(p), m)
					}
					q := r.Play(p, m)
					if q.Turn() == p.Turn() {
						t.Fatalf("%s: turn not switched", name)
					}
					om, ok := q.Count(p.Turn().Opponent())
					pm, pk := p.Count(p.Turn().Opponent())
					if ok+om != pm+pk-len(m.Captured) {
						t.Fatalf("%s %s: %s leaves %d pieces", name, r.FEN(p), m.FullString(), ok+om)
					}
				}
				p = r.Play(p, moves[rnd(len(moves))])
			}
		}
	}
}

func TestPerftNoAllocsGeneral(t *testing.T) {
	for _, name := range []string{"turkish", "frisian", "thai"} {
		r := rules8x8(t)[name]
		p := r.Initial()
		r.Perft(p, 4, true)
		if allocs := testing.AllocsPerRun(3, func() { r.Perft(p, 4, true) }); allocs > 4 {
			t.Errorf("%s: perft(4) made %v allocations", name, allocs)
		}
	}
}
