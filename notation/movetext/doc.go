// Package movetext reads the notations arbiter defines on PDN's tag pairs
// (morris, Halma): a flat participle grammar over a hand-written lexer,
//
//	Game     = (Tag | Comment)* Element* Result? Trailing* .
//	Element  = MoveNumber | Ellipsis | Move | Comment | Unreadable .
//	Trailing = Element | Result | Tag .
//
// where each notation's Syntax says which words are moves and results.
// Tags are decoded by the PDN reader, so every notation gets its
// leniencies and warnings; every move keeps its file position.
package movetext
