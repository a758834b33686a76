package variants

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// endgameFile is a draughts variant extending international with n
// endgame rules.
func endgameFile(n int) string {
	var b strings.Builder
	b.WriteString("name: many-endgames\ngame: draughts\nextends: international\ndraughts:\n  draw:\n    endgames:\n")
	for range n {
		b.WriteString("      - {strong: [\"1K\"], weak: [\"3K\"], moves: 16}\n")
	}
	return b.String()
}

func TestLimitsRefuseHugeFiles(t *testing.T) {
	for _, tc := range []struct {
		name string
		data string
		msg  string
	}{
		{"300,000 endgame rules", endgameFile(300_000), "too large"},
		{"15,000 endgame rules", endgameFile(15_000), "entries"},
		{"flow list", "name: x\ngame: draughts\nsource: [" + strings.Repeat("1,", 200_000) + "1]\n", "entries"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("big.yaml", []byte(tc.data))
			var ve *Error
			if !errors.As(err, &ve) || !strings.Contains(err.Error(), tc.msg) || !strings.HasPrefix(err.Error(), "big.yaml") {
				t.Errorf("error %v; want a variants.Error on big.yaml saying %q", err, tc.msg)
			}
		})
	}
	// LoadFile refuses a large file without reading it all.
	path := filepath.Join(t.TempDir(), "big.yaml")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(100 << 20); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := LoadFile(path); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("100 MB file: %v", err)
	}
}

// The bounds leave room: every builtin, and a variant with a hundred
// endgame rules, load.
func TestLimitsLeaveRoom(t *testing.T) {
	if _, err := Parse("ok.yaml", []byte(endgameFile(100))); err != nil && strings.Contains(err.Error(), "entries") {
		t.Errorf("100 endgame rules refused: %v", err)
	}
	if _, err := Builtin(); err != nil {
		t.Fatal(err)
	}
	all, _ := builtin.ReadDir("draughts")
	for _, e := range all {
		data, _ := builtin.ReadFile("draughts/" + e.Name())
		if err := checkLimits(e.Name(), data); err != nil {
			t.Errorf("%s: %v", e.Name(), err)
		}
	}
}
