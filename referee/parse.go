package referee

import (
	"strings"

	"arbiter/notation"
	"arbiter/notation/pdn"
)

// parsers read a game text by the game its Game tag names; PDN (draughts)
// is the default. Each notation shares PDN's tag pairs and splitting.
var parsers = map[string]func(pdn.GameText, string) *notation.Record{
	"draughts": pdn.Parse,
}

// ParseGame parses one game text with the notation of its game.
func ParseGame(g pdn.GameText, file string) *notation.Record {
	if parse, ok := parsers[gameOf(g.Text)]; ok {
		return parse(g, file)
	}
	return pdn.Parse(g, file)
}

// gameOf finds the value of a [Game "..."] tag in a game text's tag
// section, lower-cased, without parsing the game.
func gameOf(text string) string {
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
			return "" // movetext: the tag section is over
		}
		for _, tag := range strings.SplitAfter(line, "]") {
			tag = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(tag), "["))
			name, value, ok := strings.Cut(tag, " ")
			if ok && strings.EqualFold(name, "Game") {
				return strings.ToLower(strings.Trim(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), "]")), `"`))
			}
		}
	}
	return ""
}
