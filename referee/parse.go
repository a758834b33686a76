package referee

import (
	"strings"

	"arbiter/notation"
	"arbiter/notation/morris"
	"arbiter/notation/pdn"
)

// parsers read a game text by the game its Game tag names; PDN (draughts)
// is the default. Each notation shares PDN's tag pairs and splitting.
var parsers = map[string]func(pdn.GameText, string) *notation.Record{
	"draughts": pdn.Parse,
	"morris":   morris.Parse,
}

// ParseGame parses one game text with the notation of its game.
func ParseGame(g pdn.GameText, file string) *notation.Record {
	if parse, ok := parsers[gameOf(g.Text)]; ok {
		return parse(g, file)
	}
	return pdn.Parse(g, file)
}

// gameOf finds the value of a [Game "..."] tag in a game text's tag
// section, lower-cased, without parsing the game; without one, the game
// its Variant and GameType tags and first move make it (morris_detect.go).
func gameOf(text string) string {
	var variant, gameType string
	for len(text) > 0 {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if line[0] != '[' {
			// movetext: the tag section is over
			return gameFromTags("", variant, gameType, firstWord(line+"\n"+text))
		}
		for _, tag := range strings.SplitAfter(line, "]") {
			tag = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(tag), "["))
			name, value, ok := strings.Cut(tag, " ")
			value = strings.Trim(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), "]")), `"`)
			switch {
			case ok && strings.EqualFold(name, "Game"):
				return strings.ToLower(value)
			case ok && strings.EqualFold(name, "Variant"):
				variant = value
			case ok && strings.EqualFold(name, "GameType"):
				gameType = value
			}
		}
	}
	return gameFromTags("", variant, gameType, "")
}
