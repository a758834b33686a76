package pdn

import "golang.org/x/sys/cpu"

var haveAVX2 = cpu.X86.HasAVX2

// haveAVX512: classify takes classify64x (a compare a class, into mask
// registers).
var haveAVX512 = cpu.X86.HasAVX512BW

// blocksOK: plainWords reads movetext a block at a time (plainBlocks).
// (Tests set it on CPUs without AVX2 too: classify then takes the long
// way.)
var blocksOK = haveAVX2

//go:noescape
func classify64(p *byte, m *[nMasks]uint64)

//go:noescape
func classify64x(p *byte, m *[nMasks]uint64)

//go:noescape
func valueStops32(p *byte) uint32

// valueStops: a bit for each of the 32 bytes of b that ends tagPair's
// word-at-a-time reading of a value ('"', '\\', '\n', '\r', a byte from
// 0x80 up); ok is false without AVX2 (tagPair then reads 8 bytes at a
// time).
func valueStops(b []byte) (stops uint32, ok bool) {
	if !haveAVX2 {
		return 0, false
	}
	_ = b[31]
	return valueStops32(&b[0]), true
}

// classify sets the masks of the 64 bytes of b (see the m constants).
func classify(b []byte, m *[nMasks]uint64) {
	if !haveAVX2 {
		classifyGo(b, m)
		return
	}
	_ = b[63]
	if haveAVX512 {
		classify64x(&b[0], m)
		return
	}
	classify64(&b[0], m)
}
