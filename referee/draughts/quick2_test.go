package draughts

import (
	"os"
	"strconv"
	"testing"
	"time"
)

func TestQuickDeep(t *testing.T) {
	v := os.Getenv("QV")
	if v == "" {
		t.Skip()
	}
	d0, _ := strconv.Atoi(os.Getenv("QD0"))
	d1, _ := strconv.Atoi(os.Getenv("QD1"))
	keep := os.Getenv("QK") != ""
	base := Rules{Width: 8, Height: 8, FirstMover: White, FlyingKings: true, CaptureCompulsory: true, MenCaptureKings: true}
	var r Rules
	switch v {
	case "thai":
		r = base; r.KingStopsBehind = true; r.RemoveAtOnce = true
	case "thai-noremove":
		r = base; r.KingStopsBehind = true
	case "frisian", "frisian23":
		r = Rules{Width: 10, Height: 10, FirstMover: White, ManCapturesBackward: true, FlyingKings: true, CaptureCompulsory: true, MenCaptureKings: true, OrthogonalCaptures: true, Priority: PriorityValue, ManValue: 100, KingValue: 199, PreferKingCapture: true}
		if v == "frisian23" { r.ManValue, r.KingValue = 2, 3 }
	}
	if err := r.Init(); err != nil { t.Fatal(err) }
	for d := d0; d <= d1; d++ {
		st := time.Now()
		n := r.Perft(r.Initial(), d, keep)
		t.Logf("%s keep=%v d=%d %d %v", v, keep, d, n, time.Since(st))
	}
}
