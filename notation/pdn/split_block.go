package pdn

import "math/bits"

// Movetext a block at a time: where 64 bytes of movetext are all plain
// (moves, move numbers, single spaces and line breaks), plainWords reads
// them as a whole from bit masks (a bit per byte, built with AVX2 where
// the CPU has it: blocksOK) instead of a word at a time. plainBlocks
// takes exactly the words plainWords's word loop would, and leaves the
// rest to it; TestPlainBlocksAsWords and FuzzPlainBlocks hold the two
// together.

// The masks classify64 makes, a bit per byte of the block.
const (
	mDigit = iota // 0-9
	mLow          // 0, 1, 2
	mSpace        // ' '
	mLine         // '\n'
	mDash         // '-'
	mDot          // '.'
	mX            // 'x'
	mTab          // '\t'
	mCR           // '\r'
	nMasks
)

// plainBlocks reads, 64 bytes at a time from buf[p:] (p at a word's first
// byte, a digit), the words plainWords's loop would consume, and the runs
// of blanks and line breaks between them that scanGame's cases would
// (moves one a line, indented with tabs, as some programs write them;
// "\r\n" line breaks): in each block, up to the delimiter after the last
// word before anything that stops it (a byte that is not a digit, '-',
// '.', 'x', ' ', '\t', '\n' or a '\r' before a '\n'; a word not starting
// with a digit; a word with no byte that no result has, a word of 16
// bytes or more, one that may be a result glued to a move number), and on
// to the next block while one was taken whole enough to reach its last
// delimiter. Between words, such delimiters only end lines and forget the
// line's words (a '\r' forgets them as its '\n' does), which the counts
// say. It returns where it stopped, the words, the line breaks, where the
// last line break ends (-1: none) and the words after it.
func plainBlocks(buf []byte, p int) (end, words, lines, lastLine, afterLine int) {
	lastLine = -1
	var m [nMasks]uint64
	for p+64 <= len(buf) && (isDigit(buf[p]) || buf[p] == ' ' || buf[p] == '\t' || buf[p] == '\n') {
		// (A block after the first may start in the delimiters after a
		// word.)
		classify(buf[p:p+64], &m)
		delim := m[mSpace] | m[mLine] | m[mTab] | m[mCR]&(m[mLine]>>1)
		marker := m[mDigit]&^m[mLow] | m[mDot] | m[mX] // 3-9 . x: no result has them
		plain := m[mDigit] | m[mDash] | m[mDot] | m[mX] | delim
		reach := ^uint64(0) // the bytes before the first one not plain
		if other := ^plain; other != 0 {
			reach = 1<<bits.TrailingZeros64(other) - 1
		}
		if delim&reach == 0 {
			break
		}
		take := uint64(2)<<(63-bits.LeadingZeros64(delim&reach)) - 1 // through the last delimiter
		word := ^delim & take
		start := word &^ (word << 1)
		noMarker := word &^ marker
		long := word & (word >> 1)
		long &= long >> 2
		long &= long >> 4
		long &= long >> 8
		// A word fails: one not starting with a digit, a word without a
		// marker (the carry from its first byte through its bytes
		// without a marker reaches its delimiter), a word of 16 bytes or
		// more, or one of 4 bytes or more that starts with 0, 1 or 2 and
		// then '-' (mayBeGlued).
		fail := start&^m[mDigit] | (noMarker+start&noMarker)&^noMarker&delim&take | long |
			start&m[mLow]&(m[mDash]>>1)&(word>>2)&(word>>3)
		if fail != 0 {
			// Only the words before the first that fails (each fail
			// bit lies in its word or at its delimiter, after the
			// delimiter before it).
			before := delim & take & (1<<bits.TrailingZeros64(fail) - 1)
			if before == 0 {
				break
			}
			take = uint64(2)<<(63-bits.LeadingZeros64(before)) - 1
			start &= take
		}
		n := bits.OnesCount64(start)
		words += n
		if nl := m[mLine] & take; nl != 0 {
			lines += bits.OnesCount64(nl)
			last := 64 - bits.LeadingZeros64(nl) // the line break's bit + 1
			lastLine, afterLine = p+last, bits.OnesCount64(start>>last)
		} else {
			afterLine += n
		}
		p += 64 - bits.LeadingZeros64(take)
		if fail|^reach != 0 {
			// The next word failed, or holds the byte that is not
			// plain: the word loop reads it.
			break
		}
	}
	return p, words, lines, lastLine, afterLine
}

// classifyGo is classify64 a byte at a time (for CPUs without AVX2, and
// to hold the assembly to it).
func classifyGo(b []byte, m *[nMasks]uint64) {
	*m = [nMasks]uint64{}
	for i, c := range b[:64] {
		bit := uint64(1) << i
		switch {
		case c >= '0' && c <= '9':
			m[mDigit] |= bit
			if c <= '2' {
				m[mLow] |= bit
			}
		case c == ' ':
			m[mSpace] |= bit
		case c == '\n':
			m[mLine] |= bit
		case c == '-':
			m[mDash] |= bit
		case c == '.':
			m[mDot] |= bit
		case c == 'x':
			m[mX] |= bit
		case c == '\t':
			m[mTab] |= bit
		case c == '\r':
			m[mCR] |= bit
		}
	}
}
