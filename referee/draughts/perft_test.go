package draughts

import (
	"math/rand/v2"
	"os"
	"testing"
)

// Reference numbers from /work/shared/perft/PERFT.md (dctl, Moby Dam, Aart Bik).

const (
	fenRandom178       = "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46"
	fenWoldouby        = "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"
	fenAllKings        = "W:WK31-50:BK1-20"
	fenAlmostPromotion = "W:W6,7,8,9,10:B41,42,43,44,45"
)

// deep reports whether the long perft checks are wanted:
// DRAUGHTS_PERFT_DEEP=1 go test ./referee/draughts/ (and not -short).
func deep() bool { return !testing.Short() && os.Getenv("DRAUGHTS_PERFT_DEEP") != "" }

// rules8x8 returns the test-only rule sets other than international (the
// 8x8 ones, Frisian, Canadian, Turkish). Each 8x8 side has 12 men on its
// first three rows (Initial); the counts from the start position do not
// depend on which corner is dark or which colour is at the top, but the
// Spanish, Portuguese and Italian boards are mirrored as in play.
func rules8x8(t testing.TB) map[string]*Rules {
	base := Rules{
		Width: 8, Height: 8,
		FirstMover:          White,
		ManCapturesBackward: true,
		FlyingKings:         true,
		CaptureCompulsory:   true,
		MenCaptureKings:     true,
	}
	english := base // men capture forward only, short kings, free choice, Black first
	english.FirstMover = Black
	english.ManCapturesBackward = false
	english.FlyingKings = false
	russian := base // flying kings, free choice, promotion in passing
	russian.PromoteInPassing = true
	brazilian := base // international rules on 8x8
	brazilian.Priority = PriorityMajority
	pool := base    // flying kings, free choice, no promotion in passing
	spanish := base // men capture forward only; most pieces, then most kings
	spanish.TopLeftDark = true
	spanish.ManCapturesBackward = false
	spanish.Priority = PriorityMajority
	spanish.PreferMostKings = true
	portuguese := spanish // the same rules
	italian := base       // short kings that men may not take; four precedence rules
	italian.TopLeftDark = true
	italian.ManCapturesBackward = false
	italian.FlyingKings = false
	italian.MenCaptureKings = false
	italian.Priority = PriorityMajority
	italian.PreferKingCapture = true
	italian.PreferMostKings = true
	italian.PreferEarlyKings = true
	czech := base // men capture forward only; a king must capture if it can
	czech.ManCapturesBackward = false
	czech.PreferKingCapture = true
	thai := base // kings stop behind the piece; pieces removed at once
	thai.ManCapturesBackward = false
	thai.KingStopsBehind = true
	thai.RemoveAtOnce = true
	// Thai is played with two rows of men each (8 men); the published
	// perft figures are from the usual three rows (12 men).
	thai8 := thai
	thai8.StartRows = 2
	frisian := International() // orthogonal captures too; value, then king
	frisian.OrthogonalCaptures = true
	frisian.Priority = PriorityValue
	frisian.ManValue, frisian.KingValue, frisian.KingsDiscount = 2, 4, 1 // the association's scale
	frisian.PreferKingCapture = true
	canadian := *International()
	canadian.Width, canadian.Height = 12, 12
	turkish := Rules{ // all 64 squares, orthogonal moves, pieces removed at once
		Width: 8, Height: 8, AllSquares: true, Orthogonal: true,
		StartRows: 2, StartOffset: 1,
		FlyingKings: true, CaptureCompulsory: true, MenCaptureKings: true,
		Priority: PriorityMajority, RemoveAtOnce: true, NoReversal: true,
	}
	out := map[string]*Rules{"english": &english, "russian": &russian, "brazilian": &brazilian, "pool": &pool,
		"spanish": &spanish, "portuguese": &portuguese, "italian": &italian, "czech": &czech, "thai": &thai, "thai8": &thai8,
		"frisian": frisian, "canadian": &canadian, "turkish": &turkish}
	for name, r := range out {
		if err := r.Init(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return out
}

type perftCase struct {
	name    string
	rules   string // "international" or an 8x8 name
	fen     string // "" = Initial()
	keepDup bool
	counts  []uint64 // perft(1), perft(2), ...
	normal  int      // depth checked in the normal test; the rest only when deep()
}

var perftCases = []perftCase{
	{"start/drop", "international", "", false, []uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763}, 8},
	{"start/keep", "international", "", true, []uint64{9, 81, 658, 4265, 27117, 167140, 1049442, 6483971, 41022614, 258935682}, 8},
	{"Random178", "international", fenRandom178, false, []uint64{14, 55, 1168, 5432, 87195, 629010, 9041010, 86724219}, 6},
	{"Woldouby", "international", fenWoldouby, false, []uint64{6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989, 9872645}, 9},
	{"AllKings", "international", fenAllKings, false, []uint64{17, 79, 352, 1399, 7062, 37589, 217575, 1333217, 8558321}, 6},
	{"AlmostPromotion", "international", fenAlmostPromotion, false, []uint64{9, 81, 795, 7578, 86351, 936311, 11448262, 138362698}, 6},

	{"english/keep", "english", "", true, []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128}, 8},
	{"english/drop", "english", "", false, []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564}, 7},
	{"russian/keep", "russian", "", true, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667, 22450628, 110961169}, 8},
	{"russian/drop", "russian", "", false, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032, 110917189}, 8},
	{"brazilian/keep", "brazilian", "", true, []uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907836, 4431847, 21566606, 105534946}, 8},
	{"brazilian/drop", "brazilian", "", false, []uint64{7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022, 105491257}, 8},
	{"pool/keep", "pool", "", true, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929902, 4570615, 22442551, 110877932}, 8},
	{"pool/drop", "pool", "", false, []uint64{7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534, 22435955, 110833952}, 8},
	{"czech/keep", "czech", "", true, []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918, 84967210, 386267783}, 8},
	{"czech/drop", "czech", "", false, []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918, 84967210, 386262109}, 8},
	{"spanish/keep", "spanish", "", true, []uint64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464, 81383200, 365734003}, 8},
	{"spanish/drop", "spanish", "", false, []uint64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464, 81383200, 365728331}, 8},
	{"italian/keep", "italian", "", true, []uint64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384, 81647058, 367917147}, 8},
	{"italian/drop", "italian", "", false, []uint64{7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384, 81647058, 367911475}, 8},
	{"thai/keep", "thai", "", true, []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648, 18363523, 84892793, 385719334}, 8},
	{"thai/drop", "thai", "", false, []uint64{7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648, 18363523, 84892793, 385713660}, 8},
	{"frisian/keep", "frisian", "", true, []uint64{9, 81, 658, 3880, 21345, 103584, 550314, 2907905, 16204497, 90161025}, 7},
	{"frisian/drop", "frisian", "", false, []uint64{9, 81, 658, 3874, 21265, 102431, 540126, 2825779, 15605069, 85817725}, 7},
	{"canadian", "canadian", "", false, []uint64{11, 121, 1222, 10053, 79049, 584100, 4369366, 31839056, 237209258}, 7},
}

func TestPerft(t *testing.T) {
	all := rules8x8(t)
	all["international"] = International()
	for _, c := range perftCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := all[c.rules]
			p, err := r.StartPosition(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			max := c.normal
			if deep() {
				max = len(c.counts)
			}
			for d := 1; d <= max && d <= len(c.counts); d++ {
				if got := r.Perft(p, d, c.keepDup); got != c.counts[d-1] {
					t.Errorf("perft(%d) = %d, want %d", d, got, c.counts[d-1])
				}
			}
		})
	}
}

// slowPerft walks the tree with the public API (LegalMoves and Play).
func slowPerft(r *Rules, p Position, depth int, keep bool) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range r.LegalMoves(&p, keep, nil) {
		n += slowPerft(r, r.Play(p, m), depth-1, keep)
	}
	return n
}

// TestPublicAPIMatchesPerft checks LegalMoves/Play against the internal
// perft, and Divide against Perft.
func TestPublicAPIMatchesPerft(t *testing.T) {
	all := rules8x8(t)
	all["international"] = International()
	for _, c := range perftCases {
		r := all[c.rules]
		p, err := r.StartPosition(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		depth := 4
		if c.fen == fenRandom178 && c.keepDup {
			depth = 3
		}
		if got, want := slowPerft(r, p, depth, c.keepDup), c.counts[depth-1]; got != want {
			t.Errorf("%s: public perft(%d) = %d, want %d", c.name, depth, got, want)
		}
		var sum uint64
		div := r.Divide(p, 3, c.keepDup)
		for _, e := range div {
			sum += e.Nodes
		}
		if sum != c.counts[2] || uint64(len(div)) != c.counts[0] {
			t.Errorf("%s: divide(3) sums to %d over %d moves, want %d over %d", c.name, sum, len(div), c.counts[2], c.counts[0])
		}
	}
	// Keep-dup numbers of a position rich in king captures, public vs internal.
	r := International()
	for _, fen := range []string{fenRandom178, fenAllKings, fenAlmostPromotion, fenWoldouby} {
		p, _ := r.ParseFEN(fen)
		for _, keep := range []bool{false, true} {
			if got, want := slowPerft(r, p, 3, keep), r.Perft(p, 3, keep); got != want {
				t.Errorf("%s keep=%v: public perft(3) = %d, internal %d", fen, keep, got, want)
			}
		}
	}
}

func TestPerftDepthZero(t *testing.T) {
	r := International()
	if got := r.Perft(r.Initial(), 0, false); got != 1 {
		t.Errorf("perft(0) = %d", got)
	}
}

func TestPerftNoAllocs(t *testing.T) {
	r := International()
	p := r.Initial()
	r.Perft(p, 5, false)
	allocs := testing.AllocsPerRun(3, func() { r.Perft(p, 5, false) })
	// One move stack per call; nothing per node (perft(5) has 27117 leaves).
	if allocs > 4 {
		t.Errorf("perft(5) made %v allocations", allocs)
	}
}

// hasLegalMove must agree with the generator on every position of a
// perft tree: it decides when a replayed game is over.
func TestHasLegalMoveAgrees(t *testing.T) {
	r := International()
	p, err := r.ParseFEN("W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26")
	if err != nil {
		t.Fatal(err)
	}
	var walk func(p Position, depth int)
	n := 0
	walk = func(p Position, depth int) {
		legal := r.LegalPaths(&p, nil)
		if got := r.hasLegalMove(&p); got != (len(legal) > 0) {
			t.Fatalf("%s: hasLegalMove %v, %d legal moves", r.FEN(p), got, len(legal))
		}
		n++
		if depth == 0 {
			return
		}
		for _, mv := range legal {
			walk(r.Play(p, mv), depth-1)
		}
	}
	walk(p, 4)
	start, err := r.ParseFEN("W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20")
	if err != nil {
		t.Fatal(err)
	}
	walk(start, 4)
	stuck, err := r.ParseFEN("W:W46:B41,37,36")
	if err != nil {
		t.Fatal(err)
	}
	if r.hasLegalMove(&stuck) || len(r.LegalPaths(&stuck, nil)) != 0 {
		t.Fatal("W:W46:B41,37,36: white should have no move")
	}
	if n < 1000 {
		t.Fatalf("only %d positions walked", n)
	}
}

// gen10 (the international rules written out) must count what gen64 counts
// and what the public, path-recording generator counts, on positions
// rich in kings and captures that no game record reaches: random boards.
func TestGen10MatchesGen64(t *testing.T) {
	r := International()
	if !fitsGen10(r, false) || fitsGen10(r, true) {
		t.Fatal("gen10 should play the international rules with duplicates dropped only")
	}
	rng := rand.New(rand.NewPCG(14, 3))
	pieces := []Piece{WhiteMan, WhiteMan, BlackMan, BlackMan, WhiteKing, BlackKing}
	loops := 0
	for i := 0; i < 3000; i++ {
		p := r.EmptyPosition()
		density := 2 + rng.IntN(6) // one square in density holds a piece
		for sq := 1; sq <= 50; sq++ {
			if rng.IntN(density) != 0 {
				continue
			}
			pc := pieces[rng.IntN(len(pieces))]
			// A man never stands on his promotion row.
			if pc == WhiteMan && sq <= 5 || pc == BlackMan && sq > 45 {
				pc++
			}
			p.Set(sq, pc)
		}
		p.turn = Color(rng.IntN(2))
		depth := 3
		if density < 4 {
			depth = 2
		}
		for d := 1; d <= depth; d++ {
			want := newGen64(r, false).perft(p.to64(), d)
			if got := newGen10(r).perft(p.to64(), d); got != want {
				t.Fatalf("%s: gen10 perft(%d) = %d, gen64 %d", r.FEN(p), d, got, want)
			}
		}
		if got, want := newGen10(r).perft(p.to64(), 1), uint64(len(r.LegalMoves(&p, false, nil))); got != want {
			t.Fatalf("%s: gen10 counts %d moves, LegalMoves %d", r.FEN(p), got, want)
		}
		for _, m := range r.LegalMoves(&p, false, nil) {
			if len(m.Captured) >= 4 {
				loops++
			}
		}
	}
	// The duplicate check must have been exercised.
	if loops < 100 {
		t.Errorf("only %d captures of 4 or more pieces in the random positions", loops)
	}
}
