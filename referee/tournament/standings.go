package tournament

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/bits"
	"sort"
	"strings"
	"time"

	"arbiter/referee/match"
)

// Standings are the tournament so far.
type Standings struct {
	Kind    Kind   `json:"type"`
	Variant string `json:"variant"`
	// Engines are ranked: points, then Sonneborn-Berger, then the order
	// the engines were given in.
	Engines []EngineStanding `json:"engines"`
	// Games counts the finished games (with a result), Resumed those of
	// them read from the PDN, Unfinished the games that ended without a
	// result (neither engine started); Scheduled the games of the
	// schedule known so far (a knockout's grows with its ties and
	// rounds).
	Games       int  `json:"games"`
	Resumed     int  `json:"resumed"`
	Unfinished  int  `json:"unfinished"`
	Scheduled   int  `json:"scheduled"`
	Interrupted bool `json:"interrupted"`
	// Finished: every game of the schedule has been played (or the SPRT
	// decided).
	Finished bool            `json:"finished"`
	SPRT     *SPRTStanding   `json:"sprt,omitempty"`
	Knockout []KnockoutMatch `json:"knockout,omitempty"`
	Relay    *Relay          `json:"relay,omitempty"`

	index map[string]int // name -> position in engines' given order
	given []string
	// vs[i][j]: engine i's record against j (given order).
	vs [][]match.Record
}

// EngineStanding is one engine's line.
type EngineStanding struct {
	Rank   int     `json:"rank"`
	Name   string  `json:"name"`
	Points float64 `json:"points"`
	Games  int     `json:"games"`
	match.Record
	// Elo is the engine's Elo difference over the opponents it met, from
	// its score fraction, with the half-width of the 95% interval (null
	// when infinite: no loss, or no win).
	Elo       *float64 `json:"elo"`
	EloMargin *float64 `json:"elo_margin"`
	// SB is the Sonneborn-Berger score: the points of the opponents it
	// beat, and half those it drew against, game by game.
	SB float64 `json:"sonneborn_berger"`
	// Against is its score against each opponent it met.
	Against map[string]Cell `json:"against"`
}

// Cell is a score against one opponent.
type Cell struct {
	Points float64 `json:"points"`
	Games  int     `json:"games"`
}

// SPRTStanding is where the test stands.
type SPRTStanding struct {
	Test  string  `json:"test"`
	LLR   float64 `json:"llr"`
	Lower float64 `json:"lower"`
	Upper float64 `json:"upper"`
	// Pairs counts the pairs by the first engine's points: LL, LD,
	// WL+DD, WD, WW.
	Pairs Pentanomial `json:"pentanomial"`
	// Decision is "H0" or "H1" once the LLR crossed a bound, "" while the
	// test goes on.
	Decision Decision `json:"decision"`
}

// Relay is arbiter's own time per move: from an engine's move coming in to
// the other engine's request written (the move matched against the legal
// moves, the draw rules applied, the clock and the messages written), over
// the games played in this run; the median and the 99th percentile within
// 3%, the maximum exact.
type Relay struct {
	Moves  int     `json:"moves"`
	Median float64 `json:"median_us"`
	P99    float64 `json:"p99_us"`
	Max    float64 `json:"max_us"`
}

func newStandings(kind Kind, variant string, names []string) *Standings {
	s := &Standings{Kind: kind, Variant: variant, index: map[string]int{}, given: names}
	s.vs = make([][]match.Record, len(names))
	for i, n := range names {
		s.index[n] = i
		s.vs[i] = make([]match.Record, len(names))
	}
	return s
}

// add counts a game: its engines (indices) and White's points doubled
// (-1: no result).
func (s *Standings) add(white, black int, o outcome) {
	if o < 0 {
		s.Unfinished++
		return
	}
	s.Games++
	w, b := &s.vs[white][black], &s.vs[black][white]
	switch o {
	case 2:
		w.Wins++
		b.Losses++
	case 1:
		w.Draws++
		b.Draws++
	default:
		w.Losses++
		b.Wins++
	}
}

// rank fills Engines from the records.
func (s *Standings) rank() {
	n := len(s.given)
	points := make([]float64, n)
	for i := range n {
		for j := range n {
			r := s.vs[i][j]
			points[i] += float64(r.Wins) + float64(r.Draws)/2
		}
	}
	s.Engines = s.Engines[:0]
	for i, name := range s.given {
		e := EngineStanding{Name: name, Points: points[i], Against: map[string]Cell{}}
		for j := range n {
			r := s.vs[i][j]
			g := r.Wins + r.Draws + r.Losses
			if g == 0 {
				continue
			}
			e.Wins, e.Draws, e.Losses = e.Wins+r.Wins, e.Draws+r.Draws, e.Losses+r.Losses
			e.Games += g
			p := float64(r.Wins) + float64(r.Draws)/2
			e.Against[s.given[j]] = Cell{Points: p, Games: g}
			e.SB += p * points[j]
		}
		if e.Games > 0 {
			elo, margin := match.Elo(e.Record)
			e.Elo, e.EloMargin = finite(elo), finite(margin)
		}
		s.Engines = append(s.Engines, e)
	}
	sort.SliceStable(s.Engines, func(a, b int) bool {
		x, y := s.Engines[a], s.Engines[b]
		if x.Points != y.Points {
			return x.Points > y.Points
		}
		return x.SB > y.SB
	})
	for i := range s.Engines {
		s.Engines[i].Rank = i + 1
		if i > 0 && s.Engines[i].Points == s.Engines[i-1].Points && s.Engines[i].SB == s.Engines[i-1].SB {
			s.Engines[i].Rank = s.Engines[i-1].Rank
		}
	}
}

func finite(f float64) *float64 {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return nil
	}
	return &f
}

// relayHistogram counts relay times in buckets 1/16 of a power of two
// wide (each within 3% of its middle), so that the standings after every
// game cost the same whatever the number of moves played: keeping every
// time and sorting them after each game would grow with the square of
// the tournament's length.
type relayHistogram struct {
	counts [16 + 59*16]int // up to 2^63 ns
	n      int
	max    time.Duration
}

func (h *relayHistogram) add(d time.Duration) {
	if d < 0 {
		d = 0
	}
	h.counts[relayBucket(d)]++
	h.n++
	h.max = max(h.max, d)
}

// relayBucket: times below 16 ns one bucket a nanosecond; above, 16
// buckets for each power of two.
func relayBucket(d time.Duration) int {
	ns := uint64(d)
	if ns < 16 {
		return int(ns)
	}
	e := bits.Len64(ns) - 1 // 2^e <= ns < 2^(e+1), e >= 4
	return 16 + (e-4)*16 + int(ns>>(e-4)) - 16
}

// middle is a bucket's middle time.
func relayMiddle(i int) time.Duration {
	if i < 16 {
		return time.Duration(i)
	}
	e, sub := (i-16)/16+4, (i-16)%16
	lo := uint64(16+sub) << (e - 4)
	return time.Duration(lo + uint64(1)<<(e-4)/2)
}

// quantile is the time below which the fraction q of the times fall, to
// within its bucket.
func (h *relayHistogram) quantile(q float64) time.Duration {
	rank := int(q * float64(h.n))
	seen := 0
	for i, c := range h.counts {
		seen += c
		if seen > rank {
			return min(relayMiddle(i), h.max)
		}
	}
	return h.max
}

// stats summarises the histogram; nil when no move was relayed.
func (h *relayHistogram) stats() *Relay {
	if h.n == 0 {
		return nil
	}
	us := func(x time.Duration) float64 { return math.Round(float64(x)/float64(time.Microsecond)*10) / 10 }
	return &Relay{Moves: h.n, Median: us(h.quantile(0.5)), P99: us(h.quantile(0.99)), Max: us(h.max)}
}

// ScoreLine is the standings in one line: "Scan 3, Moby Dam 1.5, ...".
func (s *Standings) ScoreLine() string {
	var parts []string
	for _, e := range s.Engines {
		parts = append(parts, fmt.Sprintf("%s %s", e.Name, trim(e.Points)))
	}
	line := "Standings after " + plural(s.Games, "game") + ": " + strings.Join(parts, ", ")
	if t := s.SPRT; t != nil {
		line += fmt.Sprintf("; SPRT LLR %.2f (%.2f, %.2f)", t.LLR, t.Lower, t.Upper)
	}
	return line
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// WriteText prints the standings, the crosstable, the SPRT, the bracket
// and the relay time.
func (s *Standings) WriteText(w io.Writer) {
	head := fmt.Sprintf("%s, %s: %s", kindTitle(s.Kind), s.Variant, plural(s.Games, "game"))
	if s.Resumed > 0 {
		head += fmt.Sprintf(" (%d read from the PDN)", s.Resumed)
	}
	switch {
	case s.Interrupted:
		head += "; interrupted: the games under way were stopped and not written"
	case s.Finished:
		head += "; finished"
	}
	fmt.Fprintln(w, head)
	width := len("Engine")
	for _, e := range s.Engines {
		width = max(width, len([]rune(e.Name)))
	}
	fmt.Fprintf(w, "%4s  %-*s %7s %5s %4s %4s %4s %8s %7s %8s\n", "Rank", width, "Engine", "Points", "Games", "W", "D", "L", "Elo", "+/-", "SB")
	for _, e := range s.Engines {
		fmt.Fprintf(w, "%4d  %-*s %7s %5d %4d %4d %4d %8s %7s %8s\n", e.Rank, width+len(e.Name)-len([]rune(e.Name)), e.Name,
			trim(e.Points), e.Games, e.Wins, e.Draws, e.Losses, eloText(e.Elo, e.Games, e.Record, true), eloText(e.EloMargin, e.Games, e.Record, false),
			trim(e.SB))
	}
	if s.Unfinished > 0 {
		fmt.Fprintf(w, "Games without a result (not counted): %d\n", s.Unfinished)
	}
	if len(s.Engines) > 2 || len(s.Engines) == 2 && s.Kind == Knockout {
		fmt.Fprintln(w)
		s.writeCrosstable(w, width)
	}
	if len(s.Knockout) > 0 {
		fmt.Fprintln(w)
		s.writeBracket(w)
	}
	if t := s.SPRT; t != nil {
		fmt.Fprintln(w)
		state := "going on"
		if s.Finished {
			state = "no decision within the games scheduled"
		}
		switch t.Decision {
		case AcceptH0:
			state = "H0 accepted"
		case AcceptH1:
			state = "H1 accepted"
		}
		fmt.Fprintf(w, "SPRT %s: LLR %.2f, bounds (%.2f, %.2f): %s\n", t.Test, t.LLR, t.Lower, t.Upper, state)
		fmt.Fprintf(w, "Pairs (LL, LD, WL+DD, WD, WW for %s): %d, %d, %d, %d, %d\n", s.given[0], t.Pairs[0], t.Pairs[1], t.Pairs[2], t.Pairs[3], t.Pairs[4])
	}
	if r := s.Relay; r != nil {
		fmt.Fprintf(w, "\nArbiter's own time per move (an engine's move in to the next request out), %s: median %s, 99th percentile %s, max %s\n",
			plural(r.Moves, "move"), usText(r.Median), usText(r.P99), usText(r.Max))
	}
}

func usText(us float64) string {
	if us >= 1000 {
		return fmt.Sprintf("%.1f ms", us/1000)
	}
	return fmt.Sprintf("%.0f µs", us)
}

func kindTitle(k Kind) string {
	switch k {
	case Gauntlet:
		return "Gauntlet"
	case Knockout:
		return "Knockout"
	}
	return "Round robin"
}

// eloText writes an Elo value, "inf" where the record has no loss or no
// win, "" with no game.
func eloText(f *float64, games int, r match.Record, signed bool) string {
	switch {
	case games == 0:
		return ""
	case f == nil && signed && r.Losses == 0:
		return "inf"
	case f == nil && signed:
		return "-inf"
	case f == nil:
		return "inf"
	case signed:
		return fmt.Sprintf("%+.1f", *f)
	}
	return fmt.Sprintf("%.1f", *f)
}

// writeCrosstable writes each engine's score against each other, rows and
// columns in rank order.
func (s *Standings) writeCrosstable(w io.Writer, width int) {
	width = max(width, len("Crosstable"))
	cells := make([][]string, len(s.Engines))
	cw := 3
	for i, e := range s.Engines {
		cells[i] = make([]string, len(s.Engines))
		for j, o := range s.Engines {
			switch c, ok := e.Against[o.Name]; {
			case i == j:
				cells[i][j] = "-"
			case ok:
				cells[i][j] = trim(c.Points) + "/" + fmt.Sprint(c.Games)
			default:
				cells[i][j] = "."
			}
			cw = max(cw, len(cells[i][j]))
		}
	}
	fmt.Fprintf(w, "%4s  %-*s", "", width, "Crosstable")
	for j := range s.Engines {
		fmt.Fprintf(w, " %*d", cw, j+1)
	}
	fmt.Fprintln(w)
	for i, e := range s.Engines {
		fmt.Fprintf(w, "%4d  %-*s", i+1, width+len(e.Name)-len([]rune(e.Name)), e.Name)
		for j := range s.Engines {
			fmt.Fprintf(w, " %*s", cw, cells[i][j])
		}
		fmt.Fprintln(w)
	}
}

func (s *Standings) writeBracket(w io.Writer) {
	name := func(i int) string {
		if i < 0 {
			return "?"
		}
		return s.given[i]
	}
	for _, m := range s.Knockout {
		line := fmt.Sprintf("Round %d, match %d: %s - %s", m.Round, m.Index, name(m.A), name(m.B))
		switch {
		case m.Why == "bye":
			line = fmt.Sprintf("Round %d, match %d: %s goes through (a bye)", m.Round, m.Index, name(m.A))
		case m.A < 0 || m.B < 0:
			line += ": waiting"
		default:
			line += fmt.Sprintf(" %s-%s", trim(float64(m.PointsA)/2), trim(float64(m.PointsB)/2))
			switch m.Why {
			case "":
				if m.Winner >= 0 {
					line += ", " + name(m.Winner) + " goes through"
				}
			case "tie-break":
				line += ", " + name(m.Winner) + " goes through on the tie-break games"
			case "seed":
				line += fmt.Sprintf(", still tied after %d tie-break pairs: %s goes through as the higher seed", maxTiebreakPairs, name(m.Winner))
			}
		}
		fmt.Fprintln(w, line)
	}
}

// WriteJSON prints the standings as JSON.
func (s *Standings) WriteJSON(w io.Writer) error {
	type alias Standings
	out := struct {
		*alias
		Engines  []EngineStanding `json:"engines"`
		Knockout []knockoutJSON   `json:"knockout,omitempty"`
	}{alias: (*alias)(s), Engines: s.Engines}
	if out.Engines == nil {
		out.Engines = []EngineStanding{}
	}
	name := func(i int) string {
		if i < 0 {
			return ""
		}
		return s.given[i]
	}
	for _, m := range s.Knockout {
		out.Knockout = append(out.Knockout, knockoutJSON{Round: m.Round, Match: m.Index, A: name(m.A), B: name(m.B),
			PointsA: float64(m.PointsA) / 2, PointsB: float64(m.PointsB) / 2, Games: m.Games, Winner: name(m.Winner), How: m.Why})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

type knockoutJSON struct {
	Round   int     `json:"round"`
	Match   int     `json:"match"`
	A       string  `json:"a"`
	B       string  `json:"b"`
	PointsA float64 `json:"points_a"`
	PointsB float64 `json:"points_b"`
	Games   int     `json:"games"`
	Winner  string  `json:"winner"`
	How     string  `json:"how,omitempty"`
}
