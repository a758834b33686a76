package pdn

// takeTrailingComments consumes the comments that follow a game's result
// on the same line ("2-0 {White resigned}"), so they stay with their game
// instead of opening the next one. A { comment may run over several lines
// when it closes within the lookahead window; one that does not close
// there is left to the next game, as before.
func (s *Splitter) takeTrailingComments() {
	src := &s.src
	for {
		k := 0
		for {
			c, ok := src.peek(k)
			if !ok || (c != ' ' && c != '\t' && c != '\r') {
				break
			}
			k++
		}
		c, ok := src.peek(k)
		if !ok {
			return
		}
		end := -1
		switch c {
		case '{':
			depth := 0
			for j := k; ; j++ {
				d, ok := src.peek(j)
				if !ok {
					return
				}
				if d == '{' {
					depth++
				} else if d == '}' {
					depth--
					if depth == 0 {
						end = j + 1
						break
					}
				}
			}
		case ';':
			for j := k; ; j++ {
				d, ok := src.peek(j)
				if !ok || d == '\n' {
					end = j
					break
				}
			}
		default:
			return
		}
		for range end {
			c, _ := src.peek(0)
			s.adv(c)
		}
	}
}
