// Package halma reads and writes records of the Halma family (Halma for 2
// and 4 players, the two games of Twee in een) on the tag pairs of PDN:
// a [Game "halma"] or [Game "twee-in-een"] tag, a [Variant "..."] tag,
// the players and their colours, then moves numbered per round. The full
// description, with an example per variant, is README.md in this folder.
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
//	MoveNumber = digits "." | digits "..."      (one number per round)
//	Move       = "pass" | square ( "-" square | ( ":" square )+ )
//	square     = "a".."p" 1..16                 (a1 bottom-left)
//	Comment    = "{" ... "}" | ";" ... end of line
//	Result     = "*" | score ( "-" score )+     (one score per seat, 0 or 1)
//
// A step is a1-b2; a chain of jumps writes every landing square,
// a1:c3:e5. The reader also decodes mixtures (a1-b2:d4) so the referee
// can report them. Every move keeps its file position.
package halma
