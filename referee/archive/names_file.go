package archive

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"arbiter/notation"
)

// SplitKinds are the ways split parts an archive, each with the file
// name template it uses unless another is given.
var SplitKinds = []struct{ Kind, Template, What string }{
	{"game", "{file}-{game:04}.pdn", "one file per game"},
	{"event", "{event}.pdn", "one file per event"},
	{"round", "{event}-round-{round}.pdn", "one file per round of each event"},
	{"player", "{player}.pdn", "one file per player, with each game in both players' files"},
	{"date", "{year}.pdn", "one file per year ({date} for one per day, {month} per month)"},
}

// NameFields are what a file name template may use.
const NameFields = "{file} (the input's name without its extension), {game} (the game's number in its file), {n} (in the run), " +
	"{event}, {site}, {round}, {date}, {year}, {month}, {white}, {black}, {player}, {result}, {tag:NAME}; " +
	"a number may be padded: {game:04}"

// FileNames renders a template for a game: one name, or one per player
// when the template uses {player}. Values are made safe for a file name
// (no folder separators, no control characters; an empty value is
// "unknown"); the template's own slashes make folders.
func FileNames(tmpl string, tags []notation.Tag, file string, game, n int) ([]string, error) {
	players := []string{""}
	if strings.Contains(tmpl, "{player}") {
		players = []string{tagValue(tags, "White"), tagValue(tags, "Black")}
		if players[0] == players[1] {
			players = players[:1]
		}
	}
	var out []string
	for _, p := range players {
		name, err := render(tmpl, tags, file, game, n, p)
		if err != nil {
			return nil, err
		}
		out = append(out, name)
	}
	return out, nil
}

// CheckTemplate renders a template once, for a usage error before
// anything is read.
func CheckTemplate(tmpl string) error {
	_, err := render(tmpl, nil, "f", 1, 1, "p")
	return err
}

func render(tmpl string, tags []notation.Tag, file string, game, n int, player string) (string, error) {
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			b.WriteString(tmpl)
			break
		}
		b.WriteString(tmpl[:i])
		j := strings.IndexByte(tmpl[i:], '}')
		if j < 0 {
			return "", fmt.Errorf("template %q: a { without its }", tmpl)
		}
		field, pad, _ := strings.Cut(tmpl[i+1:i+j], ":")
		tag := ""
		if strings.EqualFold(field, "tag") {
			// {tag:NAME}: what follows the colon is a tag's name.
			if tag, pad = pad, ""; tag == "" {
				return "", fmt.Errorf("template %q: {%s} needs a tag's name: {tag:NAME}", tmpl, tmpl[i+1:i+j])
			}
		}
		var v string
		num := -1
		switch strings.ToLower(field) {
		case "file":
			v = file
		case "game":
			num = game
		case "n":
			num = n
		case "event", "site", "round", "date", "white", "black", "result":
			v = tagValue(tags, field)
		case "year", "month":
			d := strings.FieldsFunc(tagValue(tags, "Date"), func(r rune) bool { return r == '.' || r == '-' || r == '/' })
			k := 1
			if strings.EqualFold(field, "month") {
				k = 2
			}
			if len(d) >= k && strings.Trim(strings.Join(d[:k], ""), "?") != "" {
				v = strings.Join(d[:k], "-")
			}
		case "player":
			v = player
		case "tag":
			v = tagValue(tags, tag)
		default:
			return "", fmt.Errorf("template %q: unknown field {%s} (fields: %s)", tmpl, field, NameFields)
		}
		if num >= 0 {
			width := 0
			if pad != "" {
				w, err := strconv.Atoi(pad)
				if err != nil || w < 0 || w > 12 {
					return "", fmt.Errorf("template %q: {%s:%s}: the padding is a width such as 04", tmpl, field, pad)
				}
				width = w
			}
			v = fmt.Sprintf("%0*d", width, num)
		}
		b.WriteString(safeName(v))
		tmpl = tmpl[i+j+1:]
	}
	return b.String(), nil
}

func tagValue(tags []notation.Tag, name string) string {
	for _, t := range tags {
		if strings.EqualFold(t.Name, name) {
			v := strings.TrimSpace(t.Value)
			if strings.Trim(v, "?.-*") == "" {
				return ""
			}
			return v
		}
	}
	return ""
}

// safeName makes a value safe inside a file name: no folder separator,
// nothing a shell or another system reads specially, at most 80 bytes.
func safeName(v string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(v) {
		switch {
		case r == '/' || r == '\\' || r == ':' || r == '*' || r == '?' || r == '"' || r == '<' || r == '>' || r == '|':
			b.WriteByte('_')
		case unicode.IsControl(r) || r == 0xFFFD:
			b.WriteByte('_')
		case unicode.IsSpace(r):
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	s := strings.Trim(b.String(), ". ")
	for len(s) > 80 {
		r := []rune(s)
		s = string(r[:len(r)-1])
	}
	if s == "" {
		return "unknown"
	}
	return s
}
