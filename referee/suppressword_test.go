package referee

import (
	"strings"
	"testing"
)

// TestSuppressWordHasColon: collectSuppressions passes over a game whose
// text has no colon, which holds only while the word has one.
func TestSuppressWordHasColon(t *testing.T) {
	if !strings.Contains(suppressWord, ":") {
		t.Fatalf("the suppression word %q has no colon: collectSuppressions' first test is wrong", suppressWord)
	}
}
