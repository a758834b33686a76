package draughts

import "math/bits"

// bb is a 128-bit set of internal square indices (see geometry in rules.go).
// Bit i of the set is bit i&63 of word i>>6.
type bb struct{ lo, hi uint64 }

func bit(i uint8) bb {
	if i < 64 {
		return bb{lo: 1 << (i & 63)}
	}
	return bb{hi: 1 << (i & 63)}
}

func (b bb) and(c bb) bb    { return bb{b.lo & c.lo, b.hi & c.hi} }
func (b bb) or(c bb) bb     { return bb{b.lo | c.lo, b.hi | c.hi} }
func (b bb) andNot(c bb) bb { return bb{b.lo &^ c.lo, b.hi &^ c.hi} }
func (b bb) zero() bool     { return b.lo|b.hi == 0 }
func (b bb) count() int     { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

func (b bb) has(i uint8) bool {
	if i < 64 {
		return b.lo>>(i&63)&1 != 0
	}
	return b.hi>>(i&63)&1 != 0
}

func (b *bb) set(i uint8) {
	if i < 64 {
		b.lo |= 1 << (i & 63)
	} else {
		b.hi |= 1 << (i & 63)
	}
}

func (b *bb) clear(i uint8) {
	if i < 64 {
		b.lo &^= 1 << (i & 63)
	} else {
		b.hi &^= 1 << (i & 63)
	}
}

// pop removes and returns the lowest index in b; b must not be empty.
func (b *bb) pop() uint8 {
	if b.lo != 0 {
		i := bits.TrailingZeros64(b.lo)
		b.lo &= b.lo - 1
		return uint8(i)
	}
	i := bits.TrailingZeros64(b.hi)
	b.hi &= b.hi - 1
	return uint8(64 + i)
}

// popHigh removes and returns the highest index in b; b must not be empty.
func (b *bb) popHigh() uint8 {
	if b.hi != 0 {
		i := 63 - bits.LeadingZeros64(b.hi)
		b.hi &^= 1 << (i & 63)
		return uint8(64 + i)
	}
	i := 63 - bits.LeadingZeros64(b.lo)
	b.lo &^= 1 << (i & 63)
	return uint8(i)
}

// shl shifts towards higher indices by n, 0 < n < 64.
func shl(b bb, n uint) bb {
	return bb{b.lo << (n & 63), b.hi<<(n&63) | b.lo>>((64-n)&63)}
}

// shr shifts towards lower indices by n, 0 < n < 64.
func shr(b bb, n uint) bb {
	return bb{b.lo>>(n&63) | b.hi<<((64-n)&63), b.hi >> (n & 63)}
}
