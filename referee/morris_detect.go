package referee

import (
	"strings"

	"arbiter/notation"
	morrisnot "arbiter/notation/morris"
	"arbiter/variants"
)

// Morris records rarely carry a [Game "morris"] tag. A record without one
// is read as morris when:
//   - its Variant tag names a builtin morris variant, compared without case,
//     spaces, apostrophes, hyphens or underscores ("Nine Men's Morris" is
//     nine-mens-morris);
//   - its GameType tag is 70 (PlayOK's morris type, "70,0"); or
//   - it has a Variant tag that names no draughts variant (Sanmill writes
//     [Variant "Custom"]) and its first move is a lone point (d6, or 5),
//     which is never a draughts move.
// The variant is then the named one, or the default (nine-mens-morris)
// with a warning when the name is unknown.

// morrisGameType is PlayOK's GameType for mill games.
const morrisGameType = "70"

// normVariant lower-cases a variant name and drops spaces, apostrophes,
// hyphens and underscores, for comparing names as people write them.
func normVariant(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		switch r {
		case ' ', '\t', '\'', '’', '-', '_':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// variantOf returns the builtin variant of a game whose name matches a
// written name loosely (see normVariant), or nil.
func variantOf(game, name string) *variants.Variant {
	all, err := variants.Builtin()
	if err != nil || strings.TrimSpace(name) == "" {
		return nil
	}
	n := normVariant(name)
	for _, v := range all {
		if v.Game == game && normVariant(v.Name) == n {
			return v
		}
	}
	return nil
}

// gameFromTags says which game a record's tags (and first move) make it,
// "" for the default (draughts). game is the Game tag's value.
func gameFromTags(game, variant, gameType, firstMove string) string {
	if g := strings.ToLower(strings.TrimSpace(game)); g != "" {
		return g
	}
	if variantOf("morris", variant) != nil {
		return "morris"
	}
	num, _, _ := strings.Cut(strings.TrimSpace(gameType), ",")
	if strings.TrimSpace(num) == morrisGameType {
		return "morris"
	}
	if strings.TrimSpace(gameType) == "" && strings.TrimSpace(variant) != "" && variantOf("draughts", variant) == nil {
		if m, err := morrisnot.ParseMove(firstMove); err == nil && m.From < 0 && m.To >= 0 && len(m.Removes) == 0 {
			return "morris"
		}
	}
	return ""
}

// recordGame is gameFromTags for a parsed record.
func recordGame(rec *notation.Record) string {
	game, _ := rec.Tag("Game")
	variant, _ := rec.Tag("Variant")
	gt, _ := rec.Tag("GameType")
	first := ""
	if len(rec.Moves) > 0 {
		first = rec.Moves[0].Text
	}
	return gameFromTags(game, variant, gt, first)
}

// RecordGame names the game of a record: "morris", or "draughts" (the
// default), for tools that dispatch on it (convert).
func RecordGame(rec *notation.Record) string {
	if g := recordGame(rec); g != "" {
		return g
	}
	return "draughts"
}

// firstWord returns the first word of a movetext that is not a move
// number, for detection before parsing.
func firstWord(text string) string {
	for _, w := range strings.Fields(text) {
		j := 0
		for j < len(w) && '0' <= w[j] && w[j] <= '9' {
			j++
		}
		if j < len(w) && w[j] == '.' {
			w = w[j:] // a move number, maybe glued to its move
		}
		switch w = strings.TrimLeft(w, "."); {
		case w == "":
			continue
		case w[0] == '{' || w[0] == ';' || w[0] == '[':
			return ""
		}
		return w
	}
	return ""
}
