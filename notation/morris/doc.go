// Package morris reads and writes records of mill games (nine men's morris
// and its family) in the PGN-like text that Sanmill, PlayOK and others
// export: PDN tag pairs, then numbered moves.
//
// # Points
//
// Coordinates a1..g7, a1 bottom-left (only the 24 points of the board),
// or PlayOK's numbers 1-24, row by row from the top:
//
//	a7=1  d7=2  g7=3  b6=4  d6=5  f6=6  c5=7  d5=8  e5=9
//	a4=10 b4=11 c4=12 e4=13 f4=14 g4=15
//	c3=16 d3=17 e3=18 b2=19 d2=20 f2=21 a1=22 d1=23 g1=24
//
// # Moves
//
//	d6          place a piece on d6             (PlayOK: 5)
//	d6-d5       move (slide or fly) d6 to d5    (5-8)
//	e3xd5       place on e3, closing a mill, and remove the piece on d5
//	d3-e3xg4    move d3 to e3, closing a mill, and remove g4 (17-18x15)
//	xd7         a removal written as its own item after the move that
//	            closed the mill (the referee joins the two)
//
// A move that closes two mills under removals_per_double_mill: per_mill
// writes both removals: d7xe4xa4. Upper case and ":" for "x" are read.
//
// # Grammar
//
// The lexer is hand-written (a participle lexer.Definition); the grammar
// is participle's, over whole tokens:
//
//	Game     = (Tag | Comment)* Element* Result? Trailing* .
//	Element  = MoveNumber | Ellipsis | Move | Comment | Unreadable .
//	Trailing = Element | Result | Tag .      (reported as errors)
//
//	Tag        = "[" Name "\"" value "\"" "]"   (decoded by the PDN reader)
//	MoveNumber = digits "." | digits "..."      (may be glued: 12.d6)
//	Move       = see ParseMove
//	Comment    = "{" ... "}" | ";" ... end of line
//	Result     = "1-0" | "0-1" | "1/2-1/2" | "*"
//
// Every move keeps its file position (line and column of its first
// character). Example (a real PlayOK game, GameType 70):
//
//	[White "gyorgyusz"]
//	[Black "nft7489g"]
//	[Result "1-0"]
//	[GameType "70,0"]
//
//	1. 5 13 2. 20 19 3. 14 21 4. 7 8 5. 23 17 6. 12 16 7. 18 11 8. 4 6 9.
//	10 22 10. 23-24 22-23 ... 15. 10-1x23 8-5 ... 20. 3-15x22 1-0
//
// and the same moves in coordinates: 1. d6 e4 2. d2 b2 ... 15. a4-a7xd1 ...
//
// Which records are morris (the Game, Variant and GameType tags) is
// decided by the referee; see the project README.
package morris
