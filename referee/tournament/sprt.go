package tournament

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SPRT is a sequential probability ratio test of two engines: H0, the
// first engine is Elo0 stronger than the second, against H1, it is Elo1
// stronger (logistic Elo: an expected score of 1/(1+10^(-elo/400))), with
// error rates Alpha (H1 accepted while H0 holds) and Beta.
//
// It is the generalized SPRT of Michel Van den Bergh's notes as fishtest
// runs it, on the pentanomial model: the unit is a pair of games played
// from one opening with colours swapped, scored 0, 0.5, 1, 1.5 or 2
// points for the first engine. Draughts is drawish and an opening favours
// one colour: the two games of a pair are not independent, and the
// trinomial model (games counted one by one) misjudges the variance.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Pentanomial counts pairs of games by the first engine's points in the
// pair: 0 (lost both), 0.5, 1 (a win and a loss, or two draws), 1.5, 2.
type Pentanomial [5]int

// Pairs counts the pairs.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// ParseSPRT reads "elo0=0 elo1=5 alpha=0.05 beta=0.05" (alpha and beta
// 0.05 when not given).
func ParseSPRT(s string) (SPRT, error) {
	t := SPRT{Alpha: 0.05, Beta: 0.05}
	seen := map[string]bool{}
	for _, f := range strings.Fields(s) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return t, fmt.Errorf("%q: want key=value (elo0, elo1, alpha, beta)", f)
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return t, fmt.Errorf("%s=%s: not a number", k, v)
		}
		switch k {
		case "elo0":
			t.Elo0 = x
		case "elo1":
			t.Elo1 = x
		case "alpha":
			t.Alpha = x
		case "beta":
			t.Beta = x
		default:
			return t, fmt.Errorf("unknown key %q (elo0, elo1, alpha, beta)", k)
		}
		seen[k] = true
	}
	if !seen["elo0"] || !seen["elo1"] {
		return t, fmt.Errorf("give elo0= and elo1=, the Elo differences of H0 and H1")
	}
	return t, t.Check()
}

// Check says what makes the test meaningless.
func (t SPRT) Check() error {
	switch {
	case t.Elo0 >= t.Elo1:
		return fmt.Errorf("elo0 (%s) must be below elo1 (%s)", trim(t.Elo0), trim(t.Elo1))
	case math.Abs(t.Elo0) >= 1000 || math.Abs(t.Elo1) >= 1000:
		return fmt.Errorf("elo0 and elo1 beyond 1000 Elo are no test")
	case !(t.Alpha > 0 && t.Alpha < 1) || !(t.Beta > 0 && t.Beta < 1) || t.Alpha+t.Beta >= 1:
		return fmt.Errorf("alpha and beta must be between 0 and 1, and their sum below 1")
	}
	return nil
}

// String writes the test as ParseSPRT reads it.
func (t SPRT) String() string {
	return fmt.Sprintf("elo0=%s elo1=%s alpha=%s beta=%s", trim(t.Elo0), trim(t.Elo1), trim(t.Alpha), trim(t.Beta))
}

// Bounds are Wald's: the test accepts H0 when the log-likelihood ratio
// falls to lower, H1 when it rises to upper.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// Decision is where the test stands.
type Decision string

const (
	Continue Decision = ""
	AcceptH0 Decision = "H0"
	AcceptH1 Decision = "H1"
)

// Decide compares a log-likelihood ratio with the bounds.
func (t SPRT) Decide(llr float64) Decision {
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return AcceptH1
	case llr <= lo:
		return AcceptH0
	}
	return Continue
}

// pairScores are a pair's points for the first engine, per game.
var pairScores = [5]float64{0, 0.25, 0.5, 0.75, 1}

// LLR is the generalized log-likelihood ratio of H1 against H0 for the
// pairs counted: N times the sum over the outcomes of p̂ᵢ log(p₁ᵢ/p₀ᵢ),
// where p̂ is the observed distribution and pⱼ the distribution of
// largest likelihood whose expected score is H j's (Van den Bergh,
// "Comments on normalized Elo", proposition 1.1). Outcomes never seen
// count as 0.001 of a pair, as fishtest counts them, so that the
// distributions stay positive.
func (t SPRT) LLR(p Pentanomial) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	var phat [5]float64
	total := 0.0
	for i, n := range p {
		phat[i] = math.Max(float64(n), 1e-3)
		total += phat[i]
	}
	for i := range phat {
		phat[i] /= total
	}
	p0 := mleWithMean(phat, expectedScore(t.Elo0))
	p1 := mleWithMean(phat, expectedScore(t.Elo1))
	sum := 0.0
	for i := range phat {
		sum += phat[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return total * sum
}

// expectedScore is the logistic model's expected score of an Elo
// difference.
func expectedScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// mleWithMean is the distribution on pairScores of largest likelihood for
// the observed phat among those whose mean is s: pᵢ = p̂ᵢ / (1 + θ(aᵢ - s)),
// θ the root of Σ p̂ᵢ (aᵢ - s) / (1 + θ(aᵢ - s)) = 0. That sum falls from
// +∞ to -∞ as θ goes over the interval where every denominator is
// positive, so bisection finds the one root.
func mleWithMean(phat [5]float64, s float64) [5]float64 {
	a := pairScores
	lo, hi := -1/(a[4]-s), 1/(s-a[0])
	f := func(x float64) float64 {
		sum := 0.0
		for i := range a {
			sum += phat[i] * (a[i] - s) / (1 + x*(a[i]-s))
		}
		return sum
	}
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	theta := lo + (hi-lo)/2
	var p [5]float64
	for i := range a {
		p[i] = phat[i] / (1 + theta*(a[i]-s))
	}
	return p
}

func trim(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
