package jsonl

import (
	"bufio"
	"io"
	"strings"
	"testing"

	"arbiter/notation/pdn"
)

// SniffHead gives the head pdn.DecodeTextHead decided on, with the text
// as it was given (a PeekReader, as notation/input's files are), so that
// the splitter need not decode it again; 0 when the text is another
// reader than the one decided on; and it tells JSON lines as Sniff does.
func TestSniffHead(t *testing.T) {
	for _, c := range []struct {
		name     string
		r        io.Reader
		same     bool // the text is r itself, with a head
		jsonWant bool
	}{
		{"a.pdn", bufio.NewReaderSize(strings.NewReader("[Event \"x\"]\n1. 32-28 *\n"), 4<<10), true, false},
		{"a.jsonl", bufio.NewReaderSize(strings.NewReader(`{"file":"a.pdn","game":1}`+"\n"), 4<<10), true, true},
		{"a.pdn", strings.NewReader("[Event \"x\"]\n1. 32-28 *\n"), false, false},                             // not a PeekReader: buffered
		{"a.pdn", bufio.NewReaderSize(strings.NewReader("[Event \"x\"]\r1. 32-28 *\r"), 4<<10), false, false}, // CR lines
		{"a.pdn", bufio.NewReaderSize(strings.NewReader(utf16LE("[Event \"x\"]\n1. 32-28 *\n")), 4<<10), false, false},
	} {
		text, isJSON, head := SniffHead(c.r, c.name)
		if same := text == c.r && head > 0; same != c.same || isJSON != c.jsonWant {
			t.Errorf("%T %s: the text given back with a head %v (%d), JSON %v; want %v, %v", c.r, c.name, same, head, isJSON, c.same, c.jsonWant)
		}
		if head > 0 {
			if _, ok := text.(pdn.PeekReader); !ok {
				t.Errorf("%s: a head %d for a text that is no PeekReader", c.name, head)
			}
		}
	}
}
