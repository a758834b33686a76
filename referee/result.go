package referee

import (
	"strconv"
	"strings"

	"arbiter/notation"
)

// Outcome is what a result says, whatever notation wrote it.
type Outcome uint8

const (
	Unknown   Outcome = iota // "*" or nothing
	WhiteWins                // 2-0, 1-0
	BlackWins                // 0-2, 0-1
	Drawn                    // 1-1, 1/2-1/2
	BothLose                 // 0-0 (double forfeit)
)

// ParseOutcome reads a result token, also one written with a colon (1:0,
// 1/2:1/2, 2:0). ok is false for text that is no result at all.
func ParseOutcome(s string) (o Outcome, ok bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), " ", "")
	if dash, colon := colonResult(s); colon {
		s = dash
	}
	switch s {
	case "2-0", "1-0":
		return WhiteWins, true
	case "0-2", "0-1":
		return BlackWins, true
	case "1-1", "1/2-1/2", "½-½":
		return Drawn, true
	case "0-0":
		return BothLose, true
	case "*", "":
		return Unknown, true
	}
	return Unknown, false
}

// colonResult returns the dash form of a result written with a colon
// ("1:0" is "1-0"), as many national archives write scores; colon is false
// for any other text.
func colonResult(s string) (dash string, colon bool) {
	if strings.Count(s, ":") != 1 {
		return "", false
	}
	dash = strings.Replace(strings.ReplaceAll(s, " ", ""), ":", "-", 1)
	switch dash {
	case "2-0", "1-0", "0-2", "0-1", "1-1", "1/2-1/2", "½-½", "0-0":
		return dash, true
	}
	return "", false
}

func (o Outcome) String() string {
	return [...]string{"unknown", "white wins", "black wins", "draw", "both lose"}[o]
}

// Notation writes the outcome the way a variant's records write results:
// draughts on 10x10 counts 2 points a game, most others 1.
func (o Outcome) Notation(twoPoint bool) string {
	if twoPoint {
		return [...]string{"*", "2-0", "0-2", "1-1", "0-0"}[o]
	}
	return [...]string{"*", "1-0", "0-1", "1/2-1/2", "0-0"}[o]
}

// End is how a replay ended, for judging the written result.
type End struct {
	Over   string   // why the game is over by rule, "" when it is not
	Winner Outcome  // the outcome the rule gives, when over
	Claims []string // draw rules that let a player claim during the game
}

// JudgeResult compares the written result (Result tag and terminator)
// with what the moves support, and says of a written draw whether a rule
// forced it, made it claimable, or neither. twoPoint writes results as
// 2-0/1-1/0-2.
func JudgeResult(rec *notation.Record, rep *Report, end End, twoPoint bool) {
	report := func(sev notation.Severity, pos notation.Pos, code, msg string) {
		rep.Add(Diagnostic{Diagnostic: notation.Diagnostic{Pos: pos, Severity: sev, Code: code, Msg: msg}})
	}
	res := &rep.Result
	res.Claimable = end.Claims
	tag, hasTag := rec.TagPos("Result")
	if hasTag {
		res.Tag = strings.TrimSpace(tag.Value)
		if dash, colon := colonResult(res.Tag); colon {
			// Said, and compared, in PDN's form: the terminator 1:0 is
			// read as 1-0 too, so the messages never set 1-0 against 1:0.
			report(notation.Warning, tag.Pos, "colon-result", "Result tag written "+res.Tag+" (PDN: "+dash+")")
			res.Tag = dash
		}
	}
	res.Terminator = rec.Result
	tagO, tagOK := ParseOutcome(res.Tag)
	if hasTag && !tagOK {
		report(notation.Warning, tag.Pos, "result-tag", "Result tag "+strconv.Quote(tag.Value)+" is not a result")
	}
	termO, _ := ParseOutcome(res.Terminator)
	if hasTag && tagOK && res.Terminator != "" && tagO != termO {
		switch {
		case tagO != Unknown && termO != Unknown:
			report(notation.Error, rec.ResultPos, "result-mismatch", "the game ends with "+res.Terminator+" but its Result tag says "+res.Tag)
		case termO == Unknown:
			// Many exporters end every game with "*", PDN's game
			// separator, and keep the result in the tag: how the record
			// is written, not a fault.
			report(notation.Note, rec.ResultPos, "result-mismatch", "the game ends with * and its Result tag says "+res.Tag+" (read as the result)")
		default: // the tag says "*": not known, not wrong
			report(notation.Warning, rec.ResultPos, "result-mismatch", "the game ends with "+res.Terminator+" but its Result tag says "+res.Tag)
		}
	}
	written, wpos := termO, rec.ResultPos
	if written == Unknown && hasTag && tagOK {
		written, wpos = tagO, tag.Pos
	}
	if !wpos.IsValid() {
		wpos = rec.Pos
	}
	if end.Over != "" {
		res.Derived = end.Winner.Notation(twoPoint)
		res.Reason = end.Over
	}
	switch {
	case end.Over != "" && written != Unknown && written != BothLose && written != end.Winner:
		report(notation.Error, wpos, "result", "result "+written.Notation(twoPoint)+" ("+written.String()+") contradicts the moves: "+
			end.Over+", so the result is "+res.Derived)
	case end.Over != "" && (written == Unknown || written == BothLose):
		// An export's 0-0 or * often means "not entered": not wrong, but
		// the moves say more.
		what := "no result is written"
		if t := firstNonBlank(res.Terminator, res.Tag); t != "" {
			what = "the result is written " + t
		}
		report(notation.Warning, wpos, "result", what+", but the moves give "+res.Derived+": "+end.Over)
	case written == Drawn && end.Over != "":
		res.Draw = DrawForced
	case written == Drawn && len(end.Claims) > 0:
		res.Draw = DrawClaimable
	case written == Drawn:
		res.Draw = DrawAgreed
	}
}

func firstNonBlank(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
