package match

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"

	"arbiter/referee"
)

// Record is wins, draws and losses.
type Record struct {
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
}

func (r Record) games() int { return r.Wins + r.Draws + r.Losses }

// EngineStanding is one engine's score.
type EngineStanding struct {
	Name  string  `json:"name"`
	Score float64 `json:"score"`
	Record
	AsWhite Record `json:"as_white"`
	AsBlack Record `json:"as_black"`
}

// Standings is the match so far.
type Standings struct {
	Engines    [2]EngineStanding `json:"engines"`
	Games      int               `json:"games"`
	Unfinished int               `json:"unfinished"`
	// Elo is the first engine's Elo difference over the second, with the
	// half-width of its 95% interval, as cutechess-cli computes them; LOS
	// is the likelihood of superiority, in percent.
	Elo         float64  `json:"elo"`
	EloMargin   float64  `json:"elo_margin"`
	LOS         float64  `json:"los"`
	DrawRatio   float64  `json:"draw_ratio"`
	Interrupted bool     `json:"interrupted"`
	Results     []Result `json:"games_played"`
}

// Result is one game in the summary.
type Result struct {
	Number      int    `json:"number"`
	White       string `json:"white"`
	Black       string `json:"black"`
	Result      string `json:"result"`
	Termination string `json:"termination"`
	Moves       int    `json:"plies"`
}

func newStandings(names [2]string) *Standings {
	s := &Standings{}
	for i := range names {
		s.Engines[i].Name = names[i]
	}
	return s
}

func (s *Standings) add(g *Game) {
	s.Games++
	s.Results = append(s.Results, Result{Number: g.Number, White: g.White, Black: g.Black, Result: g.Result, Termination: g.Termination, Moves: len(g.Moves)})
	w, b := &s.Engines[g.WhiteEngine], &s.Engines[1-g.WhiteEngine]
	switch g.Outcome {
	case referee.WhiteWins:
		w.Wins, w.AsWhite.Wins, b.Losses, b.AsBlack.Losses = w.Wins+1, w.AsWhite.Wins+1, b.Losses+1, b.AsBlack.Losses+1
	case referee.BlackWins:
		b.Wins, b.AsBlack.Wins, w.Losses, w.AsWhite.Losses = b.Wins+1, b.AsBlack.Wins+1, w.Losses+1, w.AsWhite.Losses+1
	case referee.Drawn:
		w.Draws, w.AsWhite.Draws, b.Draws, b.AsBlack.Draws = w.Draws+1, w.AsWhite.Draws+1, b.Draws+1, b.AsBlack.Draws+1
	default:
		s.Unfinished++
	}
	for i := range s.Engines {
		e := &s.Engines[i]
		e.Score = float64(e.Wins) + float64(e.Draws)/2
	}
}

// finish computes the Elo difference as cutechess-cli does: from the score
// fraction, with the normal approximation of its standard error.
func (s *Standings) finish() {
	a := s.Engines[0].Record
	n := float64(a.games())
	if n == 0 {
		return
	}
	s.Elo, s.EloMargin = Elo(a)
	if a.Wins+a.Losses > 0 {
		s.LOS = 100 * 0.5 * (1 + math.Erf(float64(a.Wins-a.Losses)/math.Sqrt(2*float64(a.Wins+a.Losses))))
	} else {
		s.LOS = 50
	}
	s.DrawRatio = 100 * float64(a.Draws) / n
}

// Elo is the Elo difference a record gives over the opponents it was
// played against, with the half-width of its 95% interval, as
// cutechess-cli computes them: from the score fraction, with the normal
// approximation of its standard error. Both are NaN for no game, and
// infinite for a record without a loss or without a win.
func Elo(r Record) (elo, margin float64) {
	n := float64(r.games())
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	w, d, l := float64(r.Wins)/n, float64(r.Draws)/n, float64(r.Losses)/n
	mu := w + d/2
	dev := w*math.Pow(1-mu, 2) + l*math.Pow(0-mu, 2) + d*math.Pow(0.5-mu, 2)
	stdev := math.Sqrt(dev) / math.Sqrt(n)
	lo, hi := mu+phiInv(0.025)*stdev, mu+phiInv(0.975)*stdev
	return eloDiff(mu), (eloDiff(hi) - eloDiff(lo)) / 2
}

func eloDiff(p float64) float64 {
	if p <= 0 || p >= 1 {
		return math.Copysign(math.Inf(1), p-0.5)
	}
	if p == 0.5 {
		return 0 // not -0
	}
	return -400 * math.Log10(1/p-1)
}

func phiInv(p float64) float64 { return math.Sqrt2 * math.Erfinv(2*p-1) }

// scoreLine is cutechess-cli's running score: wins - losses - draws of the
// first engine, its score fraction, and the games counted.
func (s *Standings) scoreLine() string {
	a := s.Engines[0]
	n := a.games()
	frac := 0.0
	if n > 0 {
		frac = a.Score / float64(n)
	}
	return fmt.Sprintf("Score of %s vs %s: %d - %d - %d  [%.3f] %d", a.Name, s.Engines[1].Name, a.Wins, a.Losses, a.Draws, frac, n)
}

// WriteText prints the standings.
func (s *Standings) WriteText(w io.Writer) {
	if s.Interrupted {
		fmt.Fprintln(w, "Match interrupted: the games under way were ended as unfinished and written.")
	}
	fmt.Fprintln(w, s.scoreLine())
	fmt.Fprintf(w, "%-24s %6s %5s %5s %5s   %-14s %-14s\n", "Engine", "Score", "W", "D", "L", "as White W/D/L", "as Black W/D/L")
	for _, e := range s.Engines {
		fmt.Fprintf(w, "%-24s %6s %5d %5d %5d   %-14s %-14s\n", e.Name, trimFloat(e.Score), e.Wins, e.Draws, e.Losses,
			fmt.Sprintf("%d/%d/%d", e.AsWhite.Wins, e.AsWhite.Draws, e.AsWhite.Losses),
			fmt.Sprintf("%d/%d/%d", e.AsBlack.Wins, e.AsBlack.Draws, e.AsBlack.Losses))
	}
	if s.Unfinished > 0 {
		fmt.Fprintf(w, "Unfinished games: %d (not counted)\n", s.Unfinished)
	}
	if s.Engines[0].games() > 0 {
		fmt.Fprintf(w, "Elo difference: %s +/- %s, LOS: %.1f %%, DrawRatio: %.1f %%\n", eloText(s.Elo), eloText(s.EloMargin), s.LOS, s.DrawRatio)
	}
}

func eloText(f float64) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return strings.ToLower(strings.Replace(fmt.Sprint(f), "+", "", 1))
	}
	return fmt.Sprintf("%.1f", f)
}

// WriteJSON prints the standings as JSON (infinite Elo values as null).
func (s *Standings) WriteJSON(w io.Writer) error {
	type alias Standings
	out := struct {
		*alias
		Elo       *float64 `json:"elo"`
		EloMargin *float64 `json:"elo_margin"`
	}{alias: (*alias)(s)}
	finite := func(f float64) *float64 {
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return nil
		}
		return &f
	}
	out.Elo, out.EloMargin = finite(s.Elo), finite(s.EloMargin)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
