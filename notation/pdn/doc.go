// Package pdn reads and writes PDN (Portable Draughts Notation) game
// records into notation.Records.
//
// Reading has two steps, so a large file is read with flat memory and its
// games can be parsed in parallel:
//
//   - A Splitter cuts a stream into game texts. It decodes them (UTF-8 with
//     the BOM stripped; Windows-1252 when a game is not UTF-8, or UTF-8 with
//     U+FFFD for a few broken bytes; or Options.Encoding) and keeps each
//     game's file position. A game ends at a result at variation depth 0, or
//     where a tag section starts after movetext.
//   - Parse reads one game text with a hand-written lexer (one token per
//     tag pair, move, comment, ...; tag pairs, and move numbers and moves,
//     parted by white space only are one token, a run, which the builder
//     cuts again) and a flat participle grammar
//     (Game = (Tag | Tags)* Movetext Result?, Movetext = Element*);
//     variations are built from the flat elements afterwards, iteratively.
//
// The reader is lenient where a human reader would be, and says so with a
// warning (notation.Warning, a stable Code such as "glued-move-number");
// what cannot be read is an error (notation.Error) and reading goes on at
// the next move number, tag or result. CRLF line endings and tabs are PDN
// white space and produce no warning.
//
// Write writes records back as normalised PDN.
package pdn
