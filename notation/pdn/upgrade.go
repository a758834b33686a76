package pdn

import "github.com/alecthomas/participle/v2/lexer"

// upgrade turns the scanner's tokens into participle's PeekingLexer through
// its public lexer.Upgrade. An earlier version presized the token slice by
// writing into PeekingLexer's private field with unsafe; measured against
// it (make bench, BenchmarkParseCorpus), the public path costs a few
// percent of parse throughput, which does not pay for code that any
// participle release could silently break.
func upgrade(sc *scanner) (*lexer.PeekingLexer, error) {
	return lexer.Upgrade(sc)
}
