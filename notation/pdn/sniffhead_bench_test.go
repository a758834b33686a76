package pdn

import (
	"bufio"
	"bytes"
	"os"
	"testing"
)

// BenchmarkDecodeTextHead sniffs a one-game file's head already in a
// reader's buffer (as a file's reader from notation/input holds it): what
// DecodeText costs a file, twice over when jsonl.Sniff and the splitter
// both look.
func BenchmarkDecodeTextHead(b *testing.B) {
	game, err := os.ReadFile("../../testdata/draughts/avignon-2014-game39.pdn")
	if err != nil {
		b.Fatal(err)
	}
	rd := bytes.NewReader(game)
	br := bufio.NewReaderSize(rd, 64<<10)
	for b.Loop() {
		rd.Reset(game)
		br.Reset(rd)
		br.Peek(2)
		DecodeText(br)
	}
}
