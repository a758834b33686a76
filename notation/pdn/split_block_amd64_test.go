package pdn

import "testing"

// TestClassifyAVX2: on a CPU with AVX-512, the AVX2 assembly too makes
// classifyGo's masks.
func TestClassifyAVX2(t *testing.T) {
	if !haveAVX2 || !haveAVX512 {
		t.Skip("TestClassify tests the one assembly this CPU runs")
	}
	defer func() { haveAVX512 = true }()
	haveAVX512 = false
	sameClassify(t)
}
