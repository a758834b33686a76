package draughts

import (
	"testing"
	"time"
)

func TestQuick(t *testing.T) {
	mk := func(r Rules) *Rules { if err := r.Init(); err != nil { t.Fatal(err) }; return &r }
	base := Rules{Width: 8, Height: 8, FirstMover: White, FlyingKings: true, CaptureCompulsory: true, MenCaptureKings: true}
	th := base; th.KingStopsBehind = true; th.RemoveAtOnce = true
	th2 := th; th2.RemoveAtOnce = false
	th3 := th; th3.StartRows = 2
	fr := Rules{Width: 10, Height: 10, FirstMover: White, ManCapturesBackward: true, FlyingKings: true, CaptureCompulsory: true, MenCaptureKings: true, OrthogonalCaptures: true, Priority: PriorityValue, ManValue: 100, KingValue: 199, PreferKingCapture: true}
	fr2 := fr; fr2.ManValue, fr2.KingValue = 2, 3
	for _, c := range []struct{ name string; r *Rules; d int }{{"thai", mk(th), 10}, {"thai-noremove", mk(th2), 10}, {"thai2rows", mk(th3), 6}, {"frisian", mk(fr), 8}, {"frisian23", mk(fr2), 8}} {
		for _, keep := range []bool{true, false} {
			st := time.Now()
			var out []uint64
			for d := 1; d <= c.d; d++ { out = append(out, c.r.Perft(c.r.Initial(), d, keep)) }
			t.Logf("%s keep=%v %v %v", c.name, keep, out, time.Since(st))
		}
	}
}
