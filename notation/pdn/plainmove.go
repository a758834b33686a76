package pdn

// PlainMove reads the move most records are made of: two numeric squares
// of one or two digits, without a leading zero, around one separator
// ("32-28", "19x30", "9:18"). ok is false for any other text, which
// ParseMove reads. It is what ParseMove gives for such a move (the squares
// and sep, a capture when sep is not '-'), without decoding into a
// MoveText: a referee reads every move of every game.
func PlainMove(text string) (from int, sep byte, to int, ok bool) { return plainMove(text) }
