package pdn

import (
	"strings"
	"testing"
)

// TestLookupLower: the allocation-free lookup finds what a lookup by
// strings.ToLower finds, for ASCII, non-ASCII and long names.
func TestLookupLower(t *testing.T) {
	names := []string{"Event", "EVENT", "event", "Setup", "SetUp", "GameType", "gametype", "Dati", "TURNO",
		"Résultat", "RÉSULTAT", "Событие", "СОБЫТИЕ", "Type de jeu", "TYPE DE JEU", "White ", "",
		"Whitexxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", strings.Repeat("a", 32), strings.Repeat("A", 33), "[Event"}
	for _, m := range []map[string]string{canonicalTags, localTagNames} {
		for _, name := range names {
			want, wantOK := m[strings.ToLower(name)]
			got, ok := lookupLower(m, name)
			if got != want || ok != wantOK {
				t.Errorf("%q: %q %v, want %q %v", name, got, ok, want, wantOK)
			}
		}
	}
}
