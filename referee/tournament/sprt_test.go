package tournament

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Wald's bounds for alpha = beta = 0.05: log(0.05/0.95) and its opposite.
func TestSPRTBounds(t *testing.T) {
	lo, hi := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}.Bounds()
	if math.Abs(lo+2.944439) > 1e-6 || math.Abs(hi-2.944439) > 1e-6 {
		t.Errorf("bounds %v %v, want -/+2.944439", lo, hi)
	}
	lo, hi = SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}.Bounds()
	if math.Abs(lo-math.Log(0.1/0.95)) > 1e-12 || math.Abs(hi-math.Log(0.9/0.05)) > 1e-12 {
		t.Errorf("bounds %v %v", lo, hi)
	}
}

// The log-likelihood ratios of fishtest's logistic pentanomial test on
// real runs' counts, as fastchess's SPRT tests hold them (to 1%):
// LL, LD, WL+DD, WD, WW pairs.
func TestSPRTPublishedLLR(t *testing.T) {
	for _, c := range []struct {
		ll, ld, wl, dd, wd, ww int
		elo0, elo1             float64
		want                   float64
	}{
		{223, 9863, 20279, 1000, 10037, 246, 0.5, 2.5, -3.07},
		{871, 26175, 55003, 980, 26678, 821, 0, 2, -4.98},
	} {
		p := Pentanomial{c.ll, c.ld, c.wl + c.dd, c.wd, c.ww}
		got := SPRT{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.05}.LLR(p)
		if math.Abs(got-c.want) > 0.01*math.Abs(c.want) {
			t.Errorf("%v [%v, %v]: LLR %.4f, want %.2f", p, c.elo0, c.elo1, got, c.want)
		}
	}
}

// The distribution mleWithMean returns has the mean asked, sums to 1, and
// is the observed one when that already has the mean.
func TestMLEWithMean(t *testing.T) {
	phat := [5]float64{0.05, 0.2, 0.5, 0.2, 0.05}
	for _, s := range []float64{0.3, 0.5, 0.5001, 0.7} {
		p := mleWithMean(phat, s)
		mean, sum := 0.0, 0.0
		for i := range p {
			mean += p[i] * pairScores[i]
			sum += p[i]
			if p[i] <= 0 {
				t.Errorf("s=%v: p[%d] = %v", s, i, p[i])
			}
		}
		if math.Abs(mean-s) > 1e-9 || math.Abs(sum-1) > 1e-9 {
			t.Errorf("s=%v: mean %v, sum %v", s, mean, sum)
		}
	}
	p := mleWithMean(phat, 0.5)
	for i := range p {
		if math.Abs(p[i]-phat[i]) > 1e-12 {
			t.Errorf("mean already 0.5: p = %v", p)
		}
	}
}

// runSPRT plays pairs between engines elo apart, each game a win, draw or
// loss with a draw rate of draws (the logistic model's score), until the
// test decides; it returns the decision and the pairs it took.
func runSPRT(t SPRT, elo, draws float64, rnd *rand.Rand) (Decision, int) {
	s := expectedScore(elo)
	win := s - draws/2
	game := func() int { // points x2
		switch r := rnd.Float64(); {
		case r < win:
			return 2
		case r < win+draws:
			return 1
		}
		return 0
	}
	var p Pentanomial
	for {
		p[game()+game()]++
		if d := t.Decide(t.LLR(p)); d != Continue {
			return d, p.Pairs()
		}
		if p.Pairs() > 200000 {
			return Continue, p.Pairs()
		}
	}
}

// The test's error rates on simulated matches (seeded): with the true
// difference at elo0, H1 is accepted about alpha of the time; at elo1,
// about 1 - beta of the time. Wald's bounds make the rates at most
// alpha/(1-beta) and beta/(1-alpha), 0.0526 here, up to the overshoot
// of the last pair; the tolerance is three standard deviations of the
// count over the runs.
func TestSPRTErrorRates(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the simulation takes seconds")
	}
	test := SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}
	const runs = 300
	rnd := rand.New(rand.NewPCG(31, 1))
	tol := 3 * math.Sqrt(0.05*0.95/runs)
	for _, c := range []struct {
		name   string
		elo    float64
		draws  float64
		wantH1 float64
	}{
		{"at elo0, drawish", 0, 0.7, 0.05},
		{"at elo1, drawish", 20, 0.7, 0.95},
		{"at elo1, decisive", 20, 0.2, 0.95},
	} {
		h1, pairs := 0, 0
		for range runs {
			d, n := runSPRT(test, c.elo, c.draws, rnd)
			if d == Continue {
				t.Fatalf("%s: no decision after %d pairs", c.name, n)
			}
			if d == AcceptH1 {
				h1++
			}
			pairs += n
		}
		rate := float64(h1) / runs
		t.Logf("%s: H1 accepted %.3f of %d runs, %.0f pairs on average", c.name, rate, runs, float64(pairs)/runs)
		if c.wantH1 < 0.5 && rate > 0.0526+tol || c.wantH1 > 0.5 && rate < 1-0.0526-tol {
			t.Errorf("%s: H1 accepted %.3f of the runs, want about %.2f", c.name, rate, c.wantH1)
		}
	}
}

// A drawish match needs fewer pairs than a decisive one with the same
// Elo difference: the pentanomial model sees the smaller variance.
func TestSPRTDrawsShortenTheTest(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}
	rnd := rand.New(rand.NewPCG(7, 7))
	mean := func(draws float64) float64 {
		n := 0
		for range 60 {
			_, k := runSPRT(test, 20, draws, rnd)
			n += k
		}
		return float64(n) / 60
	}
	drawish, decisive := mean(0.8), mean(0.1)
	if drawish >= decisive {
		t.Errorf("pairs on average: %.0f with 80%% draws, %.0f with 10%%", drawish, decisive)
	}
}

func TestParseSPRT(t *testing.T) {
	s, err := ParseSPRT("elo0=0 elo1=5 alpha=0.05 beta=0.1")
	if err != nil || s != (SPRT{0, 5, 0.05, 0.1}) || s.String() != "elo0=0 elo1=5 alpha=0.05 beta=0.1" {
		t.Errorf("%+v %v", s, err)
	}
	if s, err := ParseSPRT("elo1=5 elo0=-2"); err != nil || s != (SPRT{-2, 5, 0.05, 0.05}) {
		t.Errorf("defaults: %+v %v", s, err)
	}
	for _, bad := range []string{"", "elo0=0", "elo0=5 elo1=0", "elo0=0 elo1=5 alpha=1", "elo0=0 elo1=5 gamma=1", "elo0=x elo1=5", "elo0 elo1=5", "elo0=0 elo1=NaN"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q) accepted", bad)
		}
	}
}
