package tournament

import (
	"fmt"
	"strings"
)

// SettingsTag is the PDN tag that says which tournament a game belongs to
// and how that tournament is played, in every game the tournament writes:
// a stopped tournament is continued from its PDN only under the same
// settings, and a difference is named.
const SettingsTag = "ArbiterTournament"

// Settings are what make a tournament the same one: its form, engines,
// games, openings, rules and clocks, as key=value entries in a fixed
// order. The id (when it started) tells two tournaments of one file
// apart and is not compared. What may change between sessions without
// changing a game (concurrency, the engines' commands, the handshake,
// the event's name) is not in it.
type Settings struct {
	Entries [][2]string
}

// Get returns an entry's value.
func (s Settings) Get(key string) (string, bool) {
	for _, e := range s.Entries {
		if e[0] == key {
			return e[1], true
		}
	}
	return "", false
}

func (s *Settings) add(key, value string) { s.Entries = append(s.Entries, [2]string{key, value}) }

// String writes the settings as the tag's value: "key=value; key=value".
// Values hold no ';' (engine names may not).
func (s Settings) String() string {
	parts := make([]string, len(s.Entries))
	for i, e := range s.Entries {
		parts[i] = e[0] + "=" + e[1]
	}
	return strings.Join(parts, "; ")
}

// ParseSettings reads a tag's value; ok is false when it is not one
// arbiter wrote (no type and engines entries, a key twice or empty).
func ParseSettings(v string) (Settings, bool) {
	var s Settings
	for _, part := range strings.Split(v, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		k, val, ok := strings.Cut(part, "=")
		k = strings.TrimSpace(k)
		if _, dup := s.Get(k); !ok || k == "" || dup {
			return s, false
		}
		s.add(k, strings.TrimSpace(val))
	}
	_, hasType := s.Get("type")
	_, hasEngines := s.Get("engines")
	return s, hasType && hasEngines
}

// Diff names what differs between the settings a file's games were
// played under (was) and these, ids aside: "rounds: 2 in the file, 3
// now". Empty when they are the same tournament.
func (s Settings) Diff(was Settings) []string {
	var out []string
	seen := map[string]bool{"id": true}
	for _, e := range s.Entries {
		seen[e[0]] = true
		if e[0] == "id" {
			continue
		}
		old, ok := was.Get(e[0])
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s: not set in the file, %s now", e[0], e[1]))
		case old != e[1]:
			out = append(out, fmt.Sprintf("%s: %s in the file, %s now", e[0], old, e[1]))
		}
	}
	for _, e := range was.Entries {
		if !seen[e[0]] {
			out = append(out, fmt.Sprintf("%s: %s in the file, not set now", e[0], e[1]))
		}
	}
	return out
}
