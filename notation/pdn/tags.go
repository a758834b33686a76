package pdn

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"arbiter/notation"
)

// CodeTagJunk: text after a tag's value, before its closing bracket.
const CodeTagJunk = "tag-junk"

// canonicalTags maps lower-case names of tags that programs act on to their
// standard spelling.
var canonicalTags = map[string]string{
	"event": "Event", "site": "Site", "date": "Date", "round": "Round",
	"white": "White", "black": "Black", "result": "Result",
	"setup": "SetUp", "fen": "FEN", "gametype": "GameType",
}

// standardSpelling holds the names of canonicalTags as they are spelled
// (Event, White, ...) that are no national name too: such a name is read
// as it is, without the two look-ups by lower-case form.
var standardSpelling = func() map[string]bool {
	m := make(map[string]bool)
	for lower, name := range canonicalTags {
		if _, local := localTagNames[lower]; !local {
			m[name] = true
		}
	}
	return m
}()

// lookupLower looks name up in m by its lower-case form
// (strings.ToLower's), without allocating it for a short ASCII name: every
// tag of every game is looked up twice.
func lookupLower(m map[string]string, name string) (string, bool) {
	var buf [32]byte
	if len(name) > len(buf) {
		v, ok := m[strings.ToLower(name)]
		return v, ok
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= 0x80 {
			v, ok := m[strings.ToLower(name)]
			return v, ok
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	v, ok := m[string(buf[:len(name)])]
	return v, ok
}

// trimmedTags are tags whose values are parsed by programs, so spaces
// around them are removed (with a warning).
var trimmedTags = map[string]bool{"Result": true, "SetUp": true, "FEN": true, "GameType": true}

func isLetter(c byte) bool { return 'A' <= c&^0x20 && c&^0x20 <= 'Z' }

// decodeTag decodes a tag token "[Name "value"]". ok is false when no name
// can be read.
func decodeTag(raw string, p notation.Pos, d *diags) (t notation.Tag, ok bool) {
	t.Pos = p
	s := raw
	if len(s) > 0 && s[0] == '[' {
		s = s[1:]
		if len(s) > 0 && s[0] == '[' {
			s = strings.TrimLeft(s, "[")
			d.warn(p, CodeDoubleBracket, "tag opened with more than one [")
		}
	} else {
		d.warn(p, CodeUnopenedTag, "tag without its opening [ (read as a tag)")
	}
	i := 0
	skip := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
	}
	skip()
	n := i
	for i < len(s) && (isLetter(s[i]) || isDigit(s[i]) || s[i] == '_') {
		i++
	}
	if i < len(s) && strings.IndexByte(s[i:], '"') >= 0 && (s[i] != '"' && s[i] != ']' && s[i] != ' ' && s[i] != '\t' || !nextIsValue(s[i:])) {
		// Not an identifier (localised names with spaces, HTML entities):
		// the name runs to the value's quote.
		j := strings.IndexAny(s[n:], "\"]")
		if j < 0 {
			j = len(s) - n
		}
		i = n + j
		name := decodeEntities(strings.TrimSpace(s[n:i]))
		if name != "" {
			d.warn(p, CodeTagName, "tag name "+strconv.Quote(name)+" is not an identifier")
		}
		t.Name = name
	} else {
		t.Name = s[n:i]
	}
	if !validTagName(t.Name) {
		d.errorf(p, CodeUnreadable, "tag without a readable name: %s", raw)
		return t, false
	}
	if standardSpelling[t.Name] {
		// Most tags: nothing to look up.
	} else if std, ok := lookupLower(localTagNames, t.Name); ok {
		// A national federation's own tag name: read as the standard one,
		// so that players, result and date mean the same in every file.
		t.Name = std
	} else if c, known := lookupLower(canonicalTags, t.Name); known && c != t.Name {
		d.warn(p, CodeTagNameCase, "tag ["+t.Name+"] read as ["+c+"]")
		t.Name = c
	} else if isLetter(t.Name[0]) && !('A' <= t.Name[0] && t.Name[0] <= 'Z') {
		d.warn(p, CodeTagName, "tag name "+t.Name+" does not start with a capital letter")
	}
	skip()
	unclosedString := false
	switch {
	case i < len(s) && s[i] == '"':
		i++
		var b strings.Builder
		escaped, closed := false, false
		start := i
		for i < len(s) {
			c := s[i]
			if c == '"' {
				closed = true
				break
			}
			if c == '\\' && i+1 < len(s) {
				escaped = true
				b.WriteString(s[start:i])
				switch e := s[i+1]; e {
				case '"', '\\':
					b.WriteByte(e)
				case '\'':
					b.WriteByte(e)
					d.warn(p, CodeUnknownEscape, `\' in a tag value (read as ')`)
				default:
					b.WriteByte('\\')
					b.WriteByte(e)
					d.warn(p, CodeUnknownEscape, `unknown escape \`+string(e)+` in a tag value (kept as written)`)
				}
				i += 2
				start = i
				continue
			}
			i++
		}
		t.Value = s[start:i]
		if escaped {
			b.WriteString(s[start:i])
			t.Value = b.String()
		}
		if strings.IndexByte(t.Value, '\n') >= 0 {
			// The lexer lets a value go on to the next line only as
			// tagValueGoesOn says.
			t.Value = joinBrokenValue(t.Name, t.Value)
			d.warn(p, CodeBrokenTag, "value of tag ["+t.Name+"] broken over two lines (joined)")
		}
		if closed {
			i++
		} else {
			unclosedString = true
			d.warn(p, CodeUnclosedString, "tag value not closed with \"")
			t.Value = strings.TrimRight(t.Value, "]")
		}
	case i >= len(s) || s[i] == ']':
		d.warn(p, CodeTagWithoutValue, "tag ["+t.Name+"] has no value")
	default:
		j := strings.IndexByte(s[i:], ']')
		if j < 0 {
			j = len(s) - i
		}
		t.Value = strings.TrimSpace(s[i : i+j])
		d.warn(p, CodeUnquotedValue, "tag value not in quotes")
		i += j
	}
	skip()
	switch {
	case i < len(s) && s[i] == ']':
	case i >= len(s):
		if !unclosedString {
			d.warn(p, CodeUnclosedTag, "tag ["+t.Name+"] not closed with ]")
		}
	default:
		if junk := strings.TrimSpace(strings.TrimSuffix(s[i:], "]")); junk != "" {
			d.warn(p, CodeTagJunk, "text after the value of tag ["+t.Name+"] (ignored): "+junk)
		}
		if !strings.HasSuffix(s, "]") {
			d.warn(p, CodeUnclosedTag, "tag ["+t.Name+"] not closed with ]")
		}
	}
	if trimmedTags[t.Name] {
		if v := strings.TrimSpace(t.Value); v != t.Value {
			d.warn(p, CodeTagValueSpaces, "spaces around the value of tag ["+t.Name+"] (removed)")
			t.Value = v
		}
	}
	return t, true
}

// CodeUnopenedTag: a line `Name "value"]` whose opening bracket is missing.
const CodeUnopenedTag = "unopened-tag"

// bareTagEnd reports whether s (starting at a line's first non-blank) is a
// tag pair without its opening bracket, `Name "value"]`, alone on its line
// (or followed by another tag); it returns the length up to the ], or 0.
func bareTagEnd(s string) int {
	i := 0
	if len(s) == 0 || !isLetter(s[0]) {
		return 0
	}
	for i < len(s) && (isLetter(s[i]) || isDigit(s[i]) || s[i] == '_') {
		i++
	}
	j := i
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j == i || j >= len(s) || s[j] != '"' {
		return 0
	}
	for j++; j < len(s) && s[j] != '"'; j++ {
		if s[j] == '\\' {
			j++
		}
		if j < len(s) && (s[j] == '\n' || s[j] == '\r') {
			return 0
		}
	}
	if j >= len(s) {
		return 0
	}
	j++
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j >= len(s) || s[j] != ']' {
		return 0
	}
	j++
	end := j
	for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r') {
		j++
	}
	if j < len(s) && s[j] != '\n' && s[j] != '[' && !strings.HasPrefix(s[j:], `\r`) && !strings.HasPrefix(s[j:], `\n`) {
		return 0
	}
	return end
}

// decodeEntities decodes HTML numeric character references (&#x00c9; and
// &#201;), which some exports write in tag names.
func decodeEntities(s string) string {
	if !strings.Contains(s, "&#") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "&#")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		s = s[i:]
		j := strings.IndexByte(s, ';')
		if j < 0 || j > 10 {
			b.WriteString("&#")
			s = s[2:]
			continue
		}
		num, base := s[2:j], 10
		if len(num) > 0 && (num[0] == 'x' || num[0] == 'X') {
			num, base = num[1:], 16
		}
		r, err := strconv.ParseInt(num, base, 32)
		// Only letters and digits: a decoded space or control character
		// would not read back as part of a name (fuzz finding).
		if err != nil || r <= 0 || !utf8.ValidRune(rune(r)) || !(unicode.IsLetter(rune(r)) || unicode.IsDigit(rune(r))) {
			b.WriteString("&#")
			s = s[2:]
			continue
		}
		b.WriteRune(rune(r))
		s = s[j+1:]
	}
}

// nextIsValue reports whether s (blanks after a tag name) continues with
// the value: a quote, a ] or the end.
func nextIsValue(s string) bool {
	s = strings.TrimLeft(s, " \t")
	return s == "" || s[0] == '"' || s[0] == ']'
}

// validTagName: a letter (or a non-ASCII character) first, then letters,
// digits, '_', '-', '.', spaces or non-ASCII characters.
func validTagName(name string) bool {
	if name == "" || !(isLetter(name[0]) || name[0] >= 0x80) {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(isLetter(c) || isDigit(c) || c == '_' || c == '-' || c == '.' || c == ' ' || c >= 0x80) {
			return false
		}
	}
	return true
}

// localTagNames maps the tag names of national exports (Italian, Russian,
// French, Dutch) to the standard PDN ones.
var localTagNames = map[string]string{
	// Italian (FID exports): Dati carries the event and round.
	"dati": "Event", "evento": "Event", "luogo": "Site", "data": "Date", "anno": "Date",
	"turno": "Round", "bianco": "White", "nero": "Black", "risultato": "Result", "apertura": "Opening",
	// Russian.
	"событие": "Event", "турнир": "Event", "место": "Site", "дата": "Date", "тур": "Round",
	"белые": "White", "черные": "Black", "чёрные": "Black", "результат": "Result",
	// French.
	"événement": "Event", "lieu": "Site", "ronde": "Round", "blancs": "White", "noirs": "Black", "résultat": "Result",
	"type de jeu": "GameType",
	// Dutch.
	"evenement": "Event", "plaats": "Site", "datum": "Date", "wit": "White", "zwart": "Black", "uitslag": "Result",
}

// CodeBrokenTag: a tag value broken over two lines, read as one value.
const CodeBrokenTag = "broken-tag-value"

// maxTagContinuation bounds the look at the line after an unclosed tag
// value (the splitter's lookahead is bounded too).
const maxTagContinuation = 1024

// tagValueGoesOn reports whether the line starting k bytes ahead ends a
// tag value left open at the end of the line before it:
//
//	[FEN "W:W28,31,32,33:
//	B1,2,3,19"]
//
// It does when the line does not start with '[' and holds exactly one
// quote, followed only by the closing ']' and blanks. The splitter and the
// lexer both ask it, so they agree on where the tag ends.
func tagValueGoesOn(peek func(int) (byte, bool), k int) bool {
	for {
		c, ok := peek(k)
		if !ok || (c != ' ' && c != '\t') {
			break
		}
		k++
	}
	if c, ok := peek(k); !ok || c == '[' || c == '\n' || c == '\r' {
		return false
	}
	quote := -1
	for n := 0; n < maxTagContinuation; n, k = n+1, k+1 {
		c, ok := peek(k)
		if !ok || c == '\n' || c == '\r' {
			return false
		}
		if c == '"' {
			quote = k
			break
		}
		if c == '[' || c == ']' || c == '{' {
			return false
		}
	}
	if quote < 0 {
		return false
	}
	k = quote + 1
	for {
		c, ok := peek(k)
		if !ok || (c != ' ' && c != '\t') {
			break
		}
		k++
	}
	if c, ok := peek(k); !ok || c != ']' {
		return false
	}
	for k++; ; k++ {
		c, ok := peek(k)
		if !ok || c == '\n' || c == '\r' {
			return true
		}
		if c != ' ' && c != '\t' {
			return false
		}
	}
}

// stringPeek is a peek function over s from i, for tagValueGoesOn and
// firstMoveNumberAt.
func stringPeek(s string, i int) func(int) (byte, bool) {
	return func(k int) (byte, bool) {
		if i+k < len(s) {
			return s[i+k], true
		}
		return 0, false
	}
}

// joinBrokenValue joins a tag value read over two lines. A value that
// programs parse (FEN, Result, GameType, SetUp) was cut where the writer's
// line was full, so the lines are joined as they are; a text value was
// wrapped at a space, which the line break stands for.
func joinBrokenValue(name, v string) string {
	i := strings.IndexByte(v, '\n')
	if i < 0 {
		return v
	}
	before := strings.TrimRight(v[:i], " \t\r")
	after := strings.TrimLeft(v[i+1:], " \t")
	if trimmedTags[name] || before == "" || after == "" {
		return before + after
	}
	return before + " " + after
}
