package match

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"arbiter/referee/draughts"
)

// fakePlayer is an engine inside the test binary: it answers each request
// at once with a random legal move, from a goroutine of its own as a real
// engine's answer comes from a reader. What the arena then measures as its
// relay time is arbiter's own work and the Go scheduler's, with no
// process, pipe or socket in between.
type fakePlayer struct {
	r   *draughts.Rules
	pos draughts.Position
	rnd *rand.Rand
	ev  chan event
}

func (p *fakePlayer) events() <-chan event { return p.ev }

func (p *fakePlayer) newGame(_ context.Context, _ draughts.Color, start draughts.Position) (time.Time, error) {
	p.pos = start
	return time.Now(), nil
}

func (p *fakePlayer) think(t *turn) error {
	if t.last != nil {
		p.pos = p.r.Play(p.pos, *t.last)
	}
	legal := p.r.LegalMoves(&p.pos, false, nil)
	mv := legal[p.rnd.IntN(len(legal))]
	p.pos = p.r.Play(p.pos, mv)
	go func() {
		p.ev <- event{kind: evMove, from: mv.From, to: mv.To, captured: slices.Clone(mv.Captured), at: time.Now()}
	}()
	return nil
}

func (p *fakePlayer) finish(float64)                                   {}
func (p *fakePlayer) exitedWithin(context.Context, time.Duration) bool { return false }

// BenchmarkRelay plays games between two in-process random movers and
// reports arbiter's relay time per move (an engine's move in to the next
// request out: the move matched against the legal moves, the draw rules
// applied, the clock kept, the next request written): the median and the
// 99th percentile, in µs.
func BenchmarkRelay(b *testing.B) {
	a, err := NewArena(ArenaConfig{Engines: []Engine{hubEngine("A"), hubEngine("B")}, Variant: international(b),
		TC: TimeControl{Base: time.Hour}})
	if err != nil {
		b.Fatal(err)
	}
	seed := uint64(0)
	a.start = func(context.Context, *Engine, *setup) (player, error) {
		seed++
		return &fakePlayer{r: draughts.International(), rnd: rand.New(rand.NewPCG(seed, 1)), ev: make(chan event, 1)}, nil
	}
	var relay []time.Duration
	moves := 0
	b.ResetTimer()
	for i := range b.N {
		g := a.Play(context.Background(), GameSpec{Number: i + 1, Round: "1", White: i % 2, Black: 1 - i%2})
		relay = append(relay, g.Relay...)
		moves += len(g.Moves)
	}
	b.StopTimer()
	if len(relay) == 0 {
		b.Fatal("no move relayed")
	}
	slices.Sort(relay)
	b.ReportMetric(float64(relay[len(relay)/2].Nanoseconds())/1000, "median-µs/move")
	b.ReportMetric(float64(relay[len(relay)*99/100].Nanoseconds())/1000, "p99-µs/move")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}
