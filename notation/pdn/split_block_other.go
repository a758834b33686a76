//go:build !amd64

package pdn

// blocksOK: without the assembly, a block's masks cost more than the
// word loop they would spare.
var blocksOK = false

func classify(b []byte, m *[nMasks]uint64) { classifyGo(b, m) }

func valueStops(b []byte) (uint32, bool) { return 0, false }
