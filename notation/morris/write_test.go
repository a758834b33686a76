package morris

import (
	"bytes"
	"testing"
)

// Write keeps the numbers the record writes, as PDN's writer does: one
// that is not the running count is written, and the count goes on from
// it; a number after a comment is the running one.
func TestWriteKeepsNumbers(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"the running count", "1. d6 e4 2. d2 b2 {x} d7 a1 *\n", "1. d6 e4 2. d2 b2 {x} 3. d7 a1 *\n\n"},
		{"a slip kept", "1. d6 e4 2. d2 b2 {x} 2... d7 3. a1 f4 *\n", "1. d6 e4 2. d2 b2 {x} 2... d7 3. a1 f4 *\n\n"},
		{"starting at 5", "5. d6 e4 6. d2 b2 *\n", "5. d6 e4 6. d2 b2 *\n\n"},
		{"black first", "12... d6 13. e4 d2 *\n", "12... d6 13. e4 d2 *\n\n"},
		{"a removal is no ply", "1. d6 e4 2. d2 b2 3. d7 xe4 f4 4. a1 *\n", "1. d6 e4 2. d2 b2 3. d7 xe4 f4 4. a1 *\n\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, parseText(t, tc.in), false); err != nil {
				t.Fatal(err)
			}
			if b.String() != tc.want {
				t.Errorf("wrote %q, want %q", b.String(), tc.want)
			}
		})
	}
}
