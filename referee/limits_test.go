package referee

import (
	"strings"
	"testing"

	"arbiter/notation"
)

func TestCapText(t *testing.T) {
	chain := strings.Repeat("x12", 100_000)
	d := Diagnostic{Diagnostic: notation.Diagnostic{Msg: "cannot read " + chain}, Move: chain,
		Legal: strings.Split(strings.Repeat("1-2,", 200), ",")}
	var l diagLimits
	l.admit(&Report{}, &d)
	if len(d.Msg) > maxMsgBytes+40 || len(d.Move) > maxMoveBytes+40 || len(d.Legal) != maxLegal+1 {
		t.Errorf("message %d bytes, move %d bytes, %d legal moves: not capped", len(d.Msg), len(d.Move), len(d.Legal))
	}
	if !strings.HasSuffix(d.Move, "(300000 bytes)") || d.Legal[maxLegal] != "... 137 more" {
		t.Errorf("the caps do not say what was cut: %q, %q", d.Move[len(d.Move)-20:], d.Legal[maxLegal])
	}
	if got := capText("é"+strings.Repeat("é", 100), 10); !strings.HasPrefix(got, "ééé... (202 bytes)") {
		t.Errorf("cut inside a character: %q", got)
	}
}
