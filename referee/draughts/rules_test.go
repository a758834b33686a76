package draughts

import (
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// at returns the square at a column and row, failing on a light square.
func at(t *testing.T, r *Rules, col, row int) int {
	t.Helper()
	sq, ok := r.SquareAt(col, row)
	if !ok {
		t.Fatalf("(%d,%d) is not a playing square", col, row)
	}
	return sq
}

// board builds a position from (col,row) -> piece.
type placed struct {
	col, row int
	pc       Piece
}

func board(t *testing.T, r *Rules, turn Color, pieces ...placed) Position {
	t.Helper()
	p := r.EmptyPosition()
	p.SetTurn(turn)
	for _, x := range pieces {
		p.Set(at(t, r, x.col, x.row), x.pc)
	}
	return p
}

// full lists the moves as FullString, with a "+" for promotion, sorted.
func full(moves []Move) []string {
	var out []string
	for _, m := range moves {
		s := m.FullString()
		if m.Promotes {
			s += "+"
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

func path(t *testing.T, r *Rules, promote bool, cr ...int) string {
	t.Helper()
	var parts []string
	for i := 0; i < len(cr); i += 2 {
		parts = append(parts, itoa(at(t, r, cr[i], cr[i+1])))
	}
	s := strings.Join(parts, "x")
	if promote {
		s += "+"
	}
	return s
}

func itoa(n int) string { return strconv.Itoa(n) }

func sorted(s ...string) []string {
	sort.Strings(s)
	return s
}

func TestGeometry(t *testing.T) {
	r := International()
	if r.NumSquares() != 50 {
		t.Fatalf("NumSquares = %d", r.NumSquares())
	}
	for _, c := range []struct{ sq, row, col int }{{1, 0, 1}, {5, 0, 9}, {6, 1, 0}, {10, 1, 8}, {46, 9, 0}, {50, 9, 8}, {28, 5, 4}} {
		if row, col := r.RowCol(c.sq); row != c.row || col != c.col {
			t.Errorf("RowCol(%d) = %d,%d want %d,%d", c.sq, row, col, c.row, c.col)
		}
		if sq, ok := r.SquareAt(c.col, c.row); !ok || sq != c.sq {
			t.Errorf("SquareAt(%d,%d) = %d,%v", c.col, c.row, sq, ok)
		}
	}
	if _, ok := r.SquareAt(0, 0); ok {
		t.Error("(0,0) is a playing square")
	}
	for _, c := range []struct {
		sq    int
		alpha string
	}{{46, "a1"}, {1, "b10"}, {5, "j10"}, {50, "i1"}, {6, "a9"}, {28, "e5"}} {
		if got := r.Alpha(c.sq); got != c.alpha {
			t.Errorf("Alpha(%d) = %q want %q", c.sq, got, c.alpha)
		}
		if sq, ok := r.ParseAlpha(c.alpha); !ok || sq != c.sq {
			t.Errorf("ParseAlpha(%q) = %d,%v", c.alpha, sq, ok)
		}
	}
	for _, s := range []string{"", "a", "a2", "k1", "a0", "a11", "b01", "1a", "a1x"} {
		if sq, ok := r.ParseAlpha(s); ok {
			t.Errorf("ParseAlpha(%q) = %d, want failure", s, sq)
		}
	}
	for sq := 1; sq <= 50; sq++ {
		row, col := r.RowCol(sq)
		if got, ok := r.SquareAt(col, row); !ok || got != sq {
			t.Errorf("round trip of %d via %d,%d gives %d", sq, row, col, got)
		}
		if got, ok := r.ParseAlpha(r.Alpha(sq)); !ok || got != sq {
			t.Errorf("alpha round trip of %d gives %d", sq, got)
		}
	}
	// A board with a dark top-left corner and other sizes initialise too.
	for _, g := range []struct {
		w, h int
		tld  bool
	}{{8, 8, true}, {12, 12, false}, {12, 12, true}, {14, 14, false}, {10, 8, true}, {8, 9, false}} {
		r := &Rules{Width: g.w, Height: g.h, TopLeftDark: g.tld, FlyingKings: true, ManCapturesBackward: true, CaptureCompulsory: true}
		if err := r.Init(); err != nil {
			t.Errorf("%dx%d tld=%v: %v", g.w, g.h, g.tld, err)
			continue
		}
		if sq, ok := r.SquareAt(0, 0); ok != g.tld || (ok && sq != 1) {
			t.Errorf("%dx%d tld=%v: SquareAt(0,0) = %d,%v", g.w, g.h, g.tld, sq, ok)
		}
	}
	for _, bad := range []Rules{{Width: 9, Height: 10}, {Width: 16, Height: 16}, {Width: 0, Height: 10}, {Width: 10, Height: 10, Priority: 7}} {
		if err := bad.Init(); err == nil {
			t.Errorf("Init accepted %dx%d priority %v", bad.Width, bad.Height, bad.Priority)
		}
	}
}

func TestCanadianStart(t *testing.T) {
	// 12x12, international rules, 30 men each (5 rows): 11, 121, 1222, 10053.
	r := &Rules{Width: 12, Height: 12, FlyingKings: true, ManCapturesBackward: true, CaptureCompulsory: true, Priority: PriorityMajority, MenCaptureKings: true}
	if err := r.Init(); err != nil {
		t.Fatal(err)
	}
	p := r.Initial()
	if men, _ := p.Count(White); men != 30 {
		t.Fatalf("%d white men", men)
	}
	for d, want := range []uint64{11, 121, 1222, 10053, 79049} {
		if got := r.Perft(p, d+1, false); got != want {
			t.Errorf("canadian perft(%d) = %d, want %d", d+1, got, want)
		}
	}
}

func TestPlainMovesAndTypes(t *testing.T) {
	r := International()
	p := r.Initial()
	moves := r.LegalMoves(&p, false, nil)
	want := sorted("31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30")
	if got := full(moves); !reflect.DeepEqual(got, want) {
		t.Fatalf("start moves %v", got)
	}
	m := moves[0]
	if m.String() != "31-26" || m.IsCapture() || len(m.Path) != 1 || m.Path[0] != 26 || len(m.Captured) != 0 {
		t.Errorf("move %+v", m)
	}
	q := r.Play(p, m)
	if q.Turn() != Black || q.At(31) != Empty || q.At(26) != WhiteMan || p.At(31) != WhiteMan {
		t.Errorf("Play: %s", r.FEN(q))
	}
	if men, kings := q.Count(White); men != 20 || kings != 0 {
		t.Errorf("Count = %d, %d", men, kings)
	}
	if White.Opponent() != Black || Black.Opponent() != White || White.String() != "white" || Black.String() != "black" {
		t.Error("Color methods")
	}
	if !WhiteKing.IsKing() || WhiteKing.IsMan() || !BlackMan.IsMan() || BlackMan.Color() != Black || WhiteMan.Color() != White || Empty.IsKing() || Empty.IsMan() {
		t.Error("Piece methods")
	}
	// Positions are comparable map keys.
	seen := map[Position]int{}
	seen[p]++
	seen[r.Play(r.Play(q, Move{From: 18, To: 23, Path: []int{23}}), Move{From: 26, To: 21, Path: []int{21}})]++
	p2, _ := r.ParseFEN(r.FEN(p))
	seen[p2]++
	if seen[p] != 2 || len(seen) != 2 {
		t.Errorf("map keys: %v", seen)
	}
	// Plain promotion.
	p = board(t, r, White, placed{2, 1, WhiteMan}, placed{9, 8, BlackMan})
	want = sorted(strings.Replace(path(t, r, true, 2, 1, 1, 0), "x", "-", 1), strings.Replace(path(t, r, true, 2, 1, 3, 0), "x", "-", 1))
	if got := full(r.LegalMoves(&p, false, nil)); !reflect.DeepEqual(got, want) {
		t.Errorf("promotion moves %v want %v", got, want)
	}
}

func TestMajorityCapture(t *testing.T) {
	r := International()
	// White man at (4,6) can take one piece to the right or two to the left.
	pieces := []placed{{5, 6, WhiteMan}, {4, 5, BlackMan}, {2, 3, BlackMan}, {6, 5, BlackMan}, {0, 1, BlackMan}}
	p := board(t, r, White, pieces...)
	got := full(r.LegalMoves(&p, false, nil))
	want := []string{path(t, r, false, 5, 6, 3, 4, 1, 2)}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("majority: got %v want %v", got, want)
	}
	// Free choice (same rules with PriorityFree): both captures.
	free := *International()
	free.Priority = PriorityFree
	if err := free.Init(); err != nil {
		t.Fatal(err)
	}
	p = board(t, &free, White, pieces...)
	got = full(free.LegalMoves(&p, false, nil))
	want = sorted(path(t, &free, false, 5, 6, 3, 4, 1, 2), path(t, &free, false, 5, 6, 7, 4))
	if !reflect.DeepEqual(got, want) {
		t.Errorf("free: got %v want %v", got, want)
	}
	// Kings and men count the same: a king capturing 1 vs a man capturing 2.
	// The king can only land on (2,7) (a white man stands on (3,6)).
	p = board(t, r, White, placed{0, 9, WhiteKing}, placed{1, 8, BlackKing}, placed{3, 6, WhiteMan},
		placed{7, 4, WhiteMan}, placed{6, 3, BlackMan}, placed{6, 1, BlackMan})
	got = full(r.LegalMoves(&p, false, nil))
	want = []string{path(t, r, true, 7, 4, 5, 2, 7, 0)}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("count kings as men: got %v want %v", got, want)
	}
}

func TestCaptureCompulsory(t *testing.T) {
	r := International()
	pieces := []placed{{5, 6, WhiteMan}, {6, 5, BlackMan}, {0, 9, WhiteMan}}
	p := board(t, r, White, pieces...)
	if got := r.LegalMoves(&p, false, nil); len(got) != 1 || !got[0].IsCapture() {
		t.Errorf("compulsory: %v", full(got))
	}
	opt := *International()
	opt.CaptureCompulsory = false
	if err := opt.Init(); err != nil {
		t.Fatal(err)
	}
	p = board(t, &opt, White, pieces...)
	if got := opt.LegalMoves(&p, false, nil); len(got) != 3 || opt.Perft(p, 1, false) != 3 {
		t.Errorf("optional: %v", full(got))
	}
}

// TestNoDoubleJumpCapturedBlock: a flying king takes A, B, C; going on would
// need to pass over the already captured A to reach D, which is not allowed
// (captured pieces stay on the board until the move ends: "Turkish strike").
func TestNoDoubleJumpCapturedBlock(t *testing.T) {
	r := International()
	p := board(t, r, White,
		placed{1, 8, WhiteKing},
		placed{3, 6, BlackMan}, // A
		placed{7, 4, BlackMan}, // B
		placed{6, 7, BlackMan}, // C
		placed{2, 5, BlackMan}, // D, only reachable through A's square
	)
	got := full(r.LegalMoves(&p, false, nil))
	want := sorted(
		path(t, r, false, 1, 8, 6, 3, 8, 5, 5, 8),
		path(t, r, false, 1, 8, 6, 3, 8, 5, 4, 9),
	)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v want %v", got, want)
	}
	for _, m := range r.LegalMoves(&p, false, nil) {
		if len(m.Captured) != 3 {
			t.Errorf("%s captures %v", m.FullString(), m.Captured)
		}
		q := r.Play(p, m)
		if men, kings := q.Count(Black); men != 1 || kings != 0 || q.At(at(t, r, 2, 5)) != BlackMan {
			t.Errorf("after %s: %s", m.FullString(), r.FEN(q))
		}
	}
	// A man: the circle of four returns to its start square; the captured
	// pieces may not be jumped again, so it stops there.
	p = board(t, r, White, placed{5, 6, WhiteMan}, placed{4, 5, BlackMan}, placed{4, 3, BlackMan}, placed{6, 3, BlackMan}, placed{6, 5, BlackMan})
	moves := r.LegalMoves(&p, false, nil)
	s := at(t, r, 5, 6)
	if len(moves) != 1 || moves[0].From != s || moves[0].To != s || len(moves[0].Captured) != 4 {
		t.Fatalf("circle: %v", full(moves))
	}
	q := r.Play(p, moves[0])
	if q.At(s) != WhiteMan || r.FEN(q) != "B:W"+itoa(s)+":B" {
		t.Errorf("after circle: %s", r.FEN(q))
	}
}

func TestDuplicatePaths(t *testing.T) {
	r := International()
	// The circle of four can be run both ways: one move when dropping
	// duplicates, two (different capture order) when keeping them.
	p := board(t, r, White, placed{5, 6, WhiteMan}, placed{4, 5, BlackMan}, placed{4, 3, BlackMan}, placed{6, 3, BlackMan}, placed{6, 5, BlackMan})
	if n := len(r.LegalMoves(&p, false, nil)); n != 1 || r.Perft(p, 1, false) != 1 {
		t.Errorf("drop: %d moves", n)
	}
	keep := r.LegalMoves(&p, true, nil)
	if len(keep) != 2 || r.Perft(p, 1, true) != 2 || reflect.DeepEqual(keep[0].Captured, keep[1].Captured) {
		t.Errorf("keep: %v", full(keep))
	}
	// A king flying on over a second piece on the same line from either of
	// two landing squares is one move per destination in both conventions.
	p = board(t, r, White, placed{0, 9, WhiteKing}, placed{2, 7, BlackMan}, placed{5, 4, BlackMan})
	want := sorted(
		path(t, r, false, 0, 9, 3, 6, 6, 3),
		path(t, r, false, 0, 9, 3, 6, 7, 2),
		path(t, r, false, 0, 9, 3, 6, 8, 1),
		path(t, r, false, 0, 9, 3, 6, 9, 0),
	)
	for _, keepDup := range []bool{false, true} {
		if got := full(r.LegalMoves(&p, keepDup, nil)); !reflect.DeepEqual(got, want) {
			t.Errorf("keep=%v: got %v want %v", keepDup, got, want)
		}
	}
}

func TestPromotionOnlyAtEnd(t *testing.T) {
	r := International()
	// The man reaches the far row at (3,0) but must go on capturing
	// backwards: no promotion.
	pieces := []placed{{1, 2, WhiteMan}, {2, 1, BlackMan}, {4, 1, BlackMan}}
	p := board(t, r, White, pieces...)
	got := r.LegalMoves(&p, false, nil)
	if want := path(t, r, false, 1, 2, 3, 0, 5, 2); len(got) != 1 || full(got)[0] != want {
		t.Fatalf("got %v want %s", full(got), want)
	}
	if q := r.Play(p, got[0]); q.At(at(t, r, 5, 2)) != WhiteMan {
		t.Errorf("man promoted in passing: %s", r.FEN(q))
	}
	// Ending on the far row promotes.
	p = board(t, r, White, placed{1, 2, WhiteMan}, placed{2, 1, BlackMan})
	got = r.LegalMoves(&p, false, nil)
	if want := path(t, r, true, 1, 2, 3, 0); len(got) != 1 || full(got)[0] != want {
		t.Fatalf("got %v want %s", full(got), want)
	}
	if q := r.Play(p, got[0]); q.At(at(t, r, 3, 0)) != WhiteKing {
		t.Errorf("no promotion: %s", r.FEN(q))
	}
	// Black promotes on the bottom row.
	p = board(t, r, Black, placed{2, 7, BlackMan}, placed{3, 8, WhiteMan})
	got = r.LegalMoves(&p, false, nil)
	if want := path(t, r, true, 2, 7, 4, 9); len(got) != 1 || full(got)[0] != want {
		t.Fatalf("black: got %v want %s", full(got), want)
	}
	// Promotion in passing (Russian): the man becomes a king on (3,0) and
	// goes on capturing as a flying king.
	ru := rules8x8(t)["russian"]
	p = board(t, ru, White, pieces...)
	got = ru.LegalMoves(&p, false, nil)
	want := sorted(
		path(t, ru, true, 1, 2, 3, 0, 5, 2),
		path(t, ru, true, 1, 2, 3, 0, 6, 3),
		path(t, ru, true, 1, 2, 3, 0, 7, 4),
	)
	if g := full(got); !reflect.DeepEqual(g, want) {
		t.Errorf("russian: got %v want %v", g, want)
	}
	if q := ru.Play(p, got[len(got)-1]); q.At(at(t, ru, 7, 4)) != WhiteKing {
		t.Errorf("russian: %s", ru.FEN(q))
	}
}

func TestKingCapturesAtDistance(t *testing.T) {
	r := International()
	p := board(t, r, White, placed{0, 9, WhiteKing}, placed{4, 5, BlackMan})
	want := sorted(
		path(t, r, false, 0, 9, 5, 4),
		path(t, r, false, 0, 9, 6, 3),
		path(t, r, false, 0, 9, 7, 2),
		path(t, r, false, 0, 9, 8, 1),
		path(t, r, false, 0, 9, 9, 0),
	)
	if got := full(r.LegalMoves(&p, false, nil)); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v want %v", got, want)
	}
	// Blocked by a second piece right behind: no capture, 4 plain moves
	// up the diagonal.
	p.Set(at(t, r, 5, 4), BlackMan)
	if got := r.LegalMoves(&p, false, nil); len(got) != 3 || got[0].IsCapture() {
		t.Errorf("blocked: %v", full(got))
	}
	// Free-choice flying king must land where it can go on capturing.
	pool := rules8x8(t)["pool"]
	p = board(t, pool, White, placed{0, 7, WhiteKing}, placed{2, 5, BlackMan}, placed{5, 4, BlackMan})
	// After the first capture the king may land on (3,4),(4,3),(5,2),(6,1),(7,0);
	// only from (4,3) can it take (5,4) (landing (6,5),(7,6)), so it must.
	want = sorted(
		path(t, pool, false, 0, 7, 4, 3, 6, 5),
		path(t, pool, false, 0, 7, 4, 3, 7, 6),
	)
	if got := full(pool.LegalMoves(&p, false, nil)); !reflect.DeepEqual(got, want) {
		t.Errorf("pool must continue: got %v want %v", got, want)
	}
	// Short kings (English): only adjacent captures.
	en := rules8x8(t)["english"]
	p = board(t, en, White, placed{0, 7, WhiteKing}, placed{3, 4, BlackMan})
	for _, m := range en.LegalMoves(&p, false, nil) {
		if m.IsCapture() || m.To != at(t, en, 1, 6) {
			t.Errorf("english king: %v", m.FullString())
		}
	}
	p = board(t, en, White, placed{2, 5, WhiteKing}, placed{3, 4, BlackMan}, placed{1, 6, BlackMan})
	want = sorted(path(t, en, false, 2, 5, 4, 3), path(t, en, false, 2, 5, 0, 7))
	if got := full(en.LegalMoves(&p, false, nil)); !reflect.DeepEqual(got, want) {
		t.Errorf("english king captures: got %v want %v", got, want)
	}
}

func TestMenBackwardAndKings(t *testing.T) {
	// English men do not capture backwards; international men do.
	en := rules8x8(t)["english"]
	p := board(t, en, White, placed{2, 3, WhiteMan}, placed{3, 4, BlackMan})
	if got := en.LegalMoves(&p, false, nil); len(got) != 2 || got[0].IsCapture() {
		t.Errorf("english backward: %v", full(got))
	}
	br := rules8x8(t)["brazilian"]
	p = board(t, br, White, placed{2, 3, WhiteMan}, placed{3, 4, BlackMan})
	if got := full(br.LegalMoves(&p, false, nil)); len(got) != 1 || got[0] != path(t, br, false, 2, 3, 4, 5) {
		t.Errorf("brazilian backward: %v", got)
	}
	// MenCaptureKings false (Italian): a man may not take a king.
	it := *International()
	it.MenCaptureKings = false
	if err := it.Init(); err != nil {
		t.Fatal(err)
	}
	p = board(t, &it, White, placed{5, 6, WhiteMan}, placed{6, 5, BlackKing}, placed{4, 5, BlackMan})
	if got := full(it.LegalMoves(&p, false, nil)); len(got) != 1 || got[0] != path(t, &it, false, 5, 6, 3, 4) {
		t.Errorf("men capture kings: %v", got)
	}
}
