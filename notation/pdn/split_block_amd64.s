#include "textflag.h"

// func classify64(p *byte, m *[7]uint64)
//
// For the 64 bytes at p, sets bit i of m[k] when byte i is, for k =
// 0: a digit, 1: '0', '1' or '2', 2: ' ', 3: '\n', 4: '-', 5: '.', 6: 'x'.
// Needs AVX2 (blocksAVX2).
TEXT ·classify64(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), SI
	MOVQ m+8(FP), DI
	MOVL $0x30, AX
	MOVQ AX, X0
	VPBROADCASTB X0, Y0 // '0'
	MOVL $9, AX
	MOVQ AX, X1
	VPBROADCASTB X1, Y1 // 9
	MOVL $2, AX
	MOVQ AX, X2
	VPBROADCASTB X2, Y2 // 2
	MOVL $0x20, AX
	MOVQ AX, X3
	VPBROADCASTB X3, Y3 // ' '
	MOVL $0x0A, AX
	MOVQ AX, X4
	VPBROADCASTB X4, Y4 // '\n'
	MOVL $0x2D, AX
	MOVQ AX, X5
	VPBROADCASTB X5, Y5 // '-'
	MOVL $0x2E, AX
	MOVQ AX, X6
	VPBROADCASTB X6, Y6 // '.'
	MOVL $0x78, AX
	MOVQ AX, X7
	VPBROADCASTB X7, Y7 // 'x'

	// The low 32 bytes go to the masks' low halves, the high 32 to
	// their high halves.
	MOVQ $2, CX
half:
	VMOVDQU (SI), Y8
	VPSUBB Y0, Y8, Y9    // b - '0'
	VPMINUB Y1, Y9, Y10
	VPCMPEQB Y10, Y9, Y10 // b - '0' <= 9: a digit
	VPMOVMSKB Y10, AX
	MOVL AX, 0(DI)
	VPMINUB Y2, Y9, Y11
	VPCMPEQB Y11, Y9, Y11 // b - '0' <= 2
	VPMOVMSKB Y11, AX
	MOVL AX, 8(DI)
	VPCMPEQB Y3, Y8, Y12
	VPMOVMSKB Y12, AX
	MOVL AX, 16(DI)
	VPCMPEQB Y4, Y8, Y13
	VPMOVMSKB Y13, AX
	MOVL AX, 24(DI)
	VPCMPEQB Y5, Y8, Y14
	VPMOVMSKB Y14, AX
	MOVL AX, 32(DI)
	VPCMPEQB Y6, Y8, Y15
	VPMOVMSKB Y15, AX
	MOVL AX, 40(DI)
	VPCMPEQB Y7, Y8, Y12
	VPMOVMSKB Y12, AX
	MOVL AX, 48(DI)
	ADDQ $32, SI
	ADDQ $4, DI
	DECQ CX
	JNZ half
	VZEROUPPER
	RET
